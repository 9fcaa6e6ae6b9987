/**
 * Demo notices (seedDemoNotices): several kinds per community over the last four months, messages to exactly the
 * recipients of the published ones, platform and web notices readable without login, and a second run adds nothing.
 */
import { CALLS, type MessageUnread, type NoticeRow, type Page, type SessionInfo } from "@yanke/protocol";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { community, communityMember } from "../src/modules/community/community.schema.js";
import { seedDemoNotices } from "../src/modules/notice/notice.demo.js";
import { accountMessage, notice } from "../src/modules/notice/notice.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const ids: number[] = [];

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  for (const name of ["演示社区一", "演示社区二", "演示社区三"]) {
    const [c] = await db.insert(community).values({ name, account_id: who.zhanglaoshi!.account_id, school_id: who.zhanglaoshi!.school_id }).returning();
    ids.push(c!.id);
    await db.insert(communityMember).values([
      { community_id: c!.id, account_id: who.zhanglaoshi!.account_id, role: 1, status: 1 },
      { community_id: c!.id, account_id: who.lilaoshi!.account_id, role: 3, status: 1 },
      { community_id: c!.id, account_id: who.wanglaoshi!.account_id, role: 3, status: 1 },
    ]);
  }
});
afterAll(async () => {
  await s?.close();
});

describe("seedDemoNotices", () => {
  it("seeds notices of both kinds over four months with their messages, once", async () => {
    const db = s.database.db;
    const now = new Date();
    const first = await seedDemoNotices(db, ids, now);
    const rows = await db.select().from(notice).where(inArray(notice.community_id, ids));
    expect(first.notices).toBe(rows.length + 4);
    for (const id of ids) {
      const mine = rows.filter((r) => r.community_id === id);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(new Set(mine.map((r) => r.notice_type))).toEqual(new Set([1, 2]));
    }
    const ages = rows.map((r) => (now.getTime() - r.created_at.getTime()) / 86400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(121);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(30);

    // every published notice reached exactly its participants (or every member but the owner); drafts reached no one
    const msgs = await db.select().from(accountMessage).where(eq(accountMessage.source_type, "notice"));
    expect(msgs.length).toBe(first.messages);
    for (const r of rows) {
      const got = msgs
        .filter((m) => m.source_id === r.id)
        .map((m) => m.account_id)
        .sort((x, y) => x - y);
      const want =
        r.status !== 1
          ? []
          : (r.participation_account_ids.length ? r.participation_account_ids : [who.lilaoshi!.account_id, who.wanglaoshi!.account_id]).sort((x, y) => x - y);
      expect(got, r.name).toEqual(want);
    }
    const unread = await s.call<MessageUnread>(CALLS.messageUnread, {}, who.lilaoshi!.token);
    const liRows = msgs.filter((m) => m.account_id === who.lilaoshi!.account_id);
    expect(unread.data).toEqual({ total: liRows.length, unread: liRows.filter((m) => !m.read_at).length });

    const platform = await s.call<Page<NoticeRow>>(CALLS.platformNoticeList, {});
    const web = await s.call<Page<NoticeRow>>(CALLS.webNoticeList, {});
    expect(platform.data.total).toBe(2);
    expect(web.data.total).toBe(2);

    const again = await seedDemoNotices(db, ids, now);
    expect(again).toEqual({ notices: 0, messages: 0 });
    expect(
      (
        await db
          .select()
          .from(notice)
          .where(and(inArray(notice.community_id, ids)))
      ).length,
    ).toBe(rows.length);
  });
});
