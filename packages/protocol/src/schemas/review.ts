/**
 * Review activities (评课活动) and their works, reviewers and scores (issue #11; docs/api/review.md).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";

export const REVIEW_CALLS = {
} as const;

// Placeholders so the imports are used until the calls are designed.
void z;
void zId;
void zLimit;
void zPage;
