import { CALLS } from "@yanke/protocol";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRules } from "../src/modules/rbac/rbac.seed.js";
import { authGroup, authRule } from "../src/modules/rbac/rbac.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

/** A platform set up before a module existed gets that module's menus and rules on its next start (seedRules). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe("rules added by an upgrade", () => {
  it("missing rules come back under their menu and go to every role that holds the menu", async () => {
    const db = s.database.db;
    const [menu] = await db.select().from(authRule).where(eq(authRule.name, "TeacherManage"));
    const gone = [CALLS.rosterList, CALLS.rosterSave];
    const before = await db.select().from(authRule).where(inArray(authRule.name, gone));
    expect(before).toHaveLength(2);
    const holders = (await db.select().from(authGroup)).filter((g) => g.rules.includes(menu!.id));
    expect(holders.length).toBeGreaterThan(0);
    // As if the platform predated the roster: the rules and their grants are not there.
    await db.delete(authRule).where(inArray(authRule.name, gone));
    for (const g of holders)
      await db
        .update(authGroup)
        .set({ rules: g.rules.filter((r) => !before.some((b) => b.id === r)) })
        .where(eq(authGroup.id, g.id));

    await seedRules(db);
    const back = await db.select().from(authRule).where(inArray(authRule.name, gone));
    expect(back.map((r) => r.pid)).toEqual([menu!.id, menu!.id]);
    for (const g of holders) {
      const [now] = await db.select().from(authGroup).where(eq(authGroup.id, g.id));
      for (const r of back) expect(now!.rules).toContain(r.id);
    }
    // A role without the menu gets nothing new.
    const others = (await db.select().from(authGroup)).filter((g) => !g.rules.includes(menu!.id));
    for (const g of others) for (const r of back) expect(g.rules).not.toContain(r.id);
    // And a second start changes nothing.
    const count = (await db.select().from(authRule)).length;
    await seedRules(db);
    expect((await db.select().from(authRule)).length).toBe(count);
  });
});
