/**
 * Topics (专题): curated collections of lessons and resources (issue #11; docs/api/topic.md).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";

export const TOPIC_CALLS = {
} as const;

// Placeholders so the imports are used until the calls are designed.
void z;
void zId;
void zLimit;
void zPage;
