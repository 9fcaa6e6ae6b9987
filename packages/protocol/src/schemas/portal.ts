/**
 * Big screens, the data cockpit and portraits: /middle/evaluation_course/newEvaluationScreen (c061), /bigData, /personalPortrait, /schoolPortrait, /onlineTeacherDetails (issue #11; docs/api/portal.md).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";

export const PORTAL_CALLS = {
} as const;

// Placeholders so the imports are used until the calls are designed.
void z;
void zId;
void zLimit;
void zPage;
