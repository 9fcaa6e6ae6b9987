/**
 * The base textbook catalogue (issue #8): editions, books and catalogue nodes with keywords, seeded at every start
 * when missing (idempotent; reference data like the periods and subjects, so the test template has it too).
 */
import type { Db } from "../../db/client.js";

export async function seedTextbookCatalogue(_db: Db): Promise<void> {}
