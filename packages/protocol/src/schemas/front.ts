/**
 * The public front site's own lists: live classrooms, school bulletins, AI-analysed lessons, home page blocks (issue #11; docs/api/front.md).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";

export const FRONT_CALLS = {
} as const;

// Placeholders so the imports are used until the calls are designed.
void z;
void zId;
void zLimit;
void zPage;
