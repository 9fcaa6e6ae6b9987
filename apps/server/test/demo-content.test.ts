/**
 * The community edition's demo content (SEED_DEMO_CONTENT, on by default outside tests): a start on the demo data
 * adds communities with members, articles, notices and activities once; the calls see them.
 */
import { CALLS, type Page } from "@yanke/protocol";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap } from "../src/db/bootstrap.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ SEED_DEMO_CONTENT: "1" });
});
afterAll(async () => {
  await s?.close();
});

const count = async (table: string, where = "true"): Promise<number> => {
  const r = (await s.database.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
};

describe("the community demo content", () => {
  it("is there after a start on the demo data, once, and the public calls list it", async () => {
    const before = {
      community: await count("community"),
      community_member: await count("community_member"),
      community_article: await count("community_article"),
      notice: await count("notice"),
      activity: await count("activity"),
    };
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    // Another start: nothing is added twice.
    const again = await bootstrap(s.database.db, { seedDemo: true, demoContent: true });
    expect(again.demoContentSeeded).toBe(false);
    expect(await count("community")).toBe(before.community);
    expect(await count("community_article")).toBe(before.community_article);

    // The front site's directory (no login) lists the normal, displayed ones.
    const r = await s.call<Page<{ id: number }>>(CALLS.communityAllList, { page: 1, limit: 50 });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.total).toBe(await count("community", "status = 1 and is_display = 1"));
    expect(r.data.total).toBeGreaterThan(0);

    // Communities an administrator deletes stay deleted: the content is seeded once per database, not at every start.
    await s.database.db.execute(sql.raw("delete from community"));
    expect((await bootstrap(s.database.db, { seedDemo: true, demoContent: true })).demoContentSeeded).toBe(false);
    expect(await count("community")).toBe(0);
  });
});
