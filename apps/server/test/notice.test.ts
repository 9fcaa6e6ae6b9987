/**
 * Notices and personal-centre messages (#7; docs/api/notice.md, docs/decisions/0706) through the real wire:
 * activity notices c321–c324, operate notices c325–c332, community lists c194 / c201 / c202 / c217, platform and web
 * notices c336 / c337 with their administration, and messages (list, read, unreadNum, delete). Publishing sends each
 * participant exactly one message, also when published again or by concurrent calls. Communities and members are
 * inserted directly (the community calls are another module's).
 */
import { CALLS, type Envelope, type MessageChange, type MessageRow, type MessageUnread, type NoticeRow, type Page, type SessionInfo } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { community, communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { accountMessage } from "../src/modules/notice/notice.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const id = (u: string) => who[u]!.account_id;
let open = 0; // 张老师's community (shown on the site): 李老师 and 王老师 are members
let hidden = 0; // 赵老师's community, not shown on the site

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "quji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const [a] = await db
    .insert(community)
    .values({ name: "语文教研社区", account_id: id("zhanglaoshi"), school_id: who.zhanglaoshi!.school_id, level: 1 })
    .returning();
  const [b] = await db
    .insert(community)
    .values({ name: "赵老师工作室", account_id: id("zhaolaoshi"), school_id: who.zhaolaoshi!.school_id, is_display: 0, type: 2 })
    .returning();
  open = a!.id;
  hidden = b!.id;
  await db.insert(communityMember).values([
    { community_id: open, account_id: id("zhanglaoshi"), role: 1, status: 1 },
    { community_id: open, account_id: id("lilaoshi"), role: 3, status: 1 },
    { community_id: open, account_id: id("wanglaoshi"), role: 3, status: 1 },
    { community_id: hidden, account_id: id("zhaolaoshi"), role: 1, status: 1 },
  ]);
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user?: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, user ? who[user]!.token : undefined);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user?: string): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string | undefined, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}
async function messagesAbout(noticeId: number): Promise<number[]> {
  const rows = await s.database.db
    .select({ account_id: accountMessage.account_id })
    .from(accountMessage)
    .where(and(eq(accountMessage.source_type, "notice"), eq(accountMessage.source_id, noticeId)));
  return rows.map((r) => r.account_id).sort((x, y) => x - y);
}
async function logged(action: string, targetId: number): Promise<number> {
  const rows = await s.database.db
    .select()
    .from(communityLog)
    .where(and(eq(communityLog.action, action), eq(communityLog.target_id, targetId)));
  return rows.length;
}
const sorted = (...ids: number[]) => [...ids].sort((x, y) => x - y);

describe("operate notices (c325–c332)", () => {
  it("publishing reaches every joined member but the sender, once; the row reads back with names", async () => {
    const n = await ok<NoticeRow>(
      CALLS.operateNoticeSave,
      {
        community_id: open,
        name: "期中教研安排",
        message_content: "<p>周三下午 <b>集体备课</b></p>",
        start_time: "2026-12-02 14:00",
        end_time: "2026-12-02 16:00",
      },
      "zhanglaoshi",
    );
    expect(n).toMatchObject({
      notice_type: 2,
      notice_type_name: "社区公告",
      status: 1,
      community_id: open,
      community_name: "语文教研社区",
      account_name: "张老师",
      start_time: "2026-12-02 14:00:00",
      message_count: 2,
    });
    expect(await messagesAbout(n.id)).toEqual(sorted(id("lilaoshi"), id("wanglaoshi")));
    expect(await logged("notice.save", n.id)).toBe(1);
    const back = await ok<NoticeRow>(CALLS.operateNoticeDetail, { id: n.id }, "lilaoshi");
    expect(back).toMatchObject({ name: "期中教研安排", end_time: "2026-12-02 16:00:00", message_content: "<p>周三下午 <b>集体备课</b></p>" });
    const inbox = await ok<Page<MessageRow>>(CALLS.messageList, { is_read: 0 }, "lilaoshi");
    const m = inbox.list.find((x) => x.source_id === n.id && x.source_type === "notice");
    expect(m).toMatchObject({ title: "【社区公告】期中教研安排", community_name: "语文教研社区", sender_name: "张老师", is_read: 0 });
    expect(m!.content).toContain("周三下午 集体备课");
    expect(m!.content).not.toContain("<b>");
  });

  it("a draft sends nothing; publishing, withdrawing and publishing again (also concurrently) sends each member one message", async () => {
    const d = await ok<NoticeRow>(CALLS.operateNoticeSave, { community_id: open, name: "草稿公告", status: 0 }, "zhanglaoshi");
    expect(d.status).toBe(0);
    expect(await messagesAbout(d.id)).toEqual([]);
    const pub = await ok<NoticeRow>(CALLS.operateNoticeSetStatus, { id: d.id, status: 1 }, "zhanglaoshi");
    expect(pub).toMatchObject({ status: 1, message_count: 2 });
    expect((await ok<NoticeRow>(CALLS.operateNoticeSetStatus, { id: d.id, status: 0 }, "zhanglaoshi")).status).toBe(0);
    expect(await messagesAbout(d.id)).toHaveLength(2); // withdrawing keeps what was sent
    const again = await Promise.all(Array.from({ length: 6 }, () => call<NoticeRow>(CALLS.operateNoticeSetStatus, { id: d.id, status: 1 }, "zhanglaoshi")));
    for (const r of again) expect(r.code, r.msg).toBe(200);
    expect(await messagesAbout(d.id)).toEqual(sorted(id("lilaoshi"), id("wanglaoshi")));
    expect(await logged("notice.publish", d.id)).toBe(7);
    expect(await logged("notice.withdraw", d.id)).toBe(1);
  });

  it("members neither write nor publish; outsiders and missing communities are refused clearly", async () => {
    await refused(CALLS.operateNoticeSave, { community_id: open, name: "越权" }, "lilaoshi", 403, "只有社区创建者或管理员可以进行此操作");
    await refused(CALLS.operateNoticeSave, { name: "无社区" }, "zhanglaoshi", 400, /社区id/);
    await refused(CALLS.operateNoticeSave, { community_id: 999999, name: "不存在" }, "zhanglaoshi", 404, "社区不存在或已删除");
    await refused(CALLS.operateNoticeSave, { community_id: open, name: "" }, "zhanglaoshi", 400, /请输入通知标题/);
    await refused(CALLS.operateNoticeSave, { community_id: open, name: "时间", start_time: "2026-13-40 10:00" }, "zhanglaoshi", 400, /开始时间/);
    await refused(
      CALLS.operateNoticeSave,
      { community_id: open, name: "时间", start_time: "2026-12-02 10:00", end_time: "2026-12-01 10:00" },
      "zhanglaoshi",
      400,
      "结束时间不能早于开始时间",
    );
    await refused(CALLS.operateNoticeSave, { community_id: open, name: "状态", status: 3 }, "zhanglaoshi", 400, /状态/);
    const n = await ok<NoticeRow>(CALLS.operateNoticeSave, { community_id: open, name: "仅草稿", status: 0 }, "zhanglaoshi");
    await refused(CALLS.operateNoticeSetStatus, { id: n.id, status: 1 }, "lilaoshi", 403);
    await refused(CALLS.operateNoticeSetStatus, { id: 999999, status: 1 }, "zhanglaoshi", 404);
    await refused(CALLS.operateNoticeUpdate, { id: n.id, name: "改" }, "wanglaoshi", 403);
    await refused(CALLS.operateNoticeDelete, { id: n.id }, "zhaolaoshi", 403);
    // a draft is invisible to members (404), visible to the owner and to the school administrator who manages it
    await refused(CALLS.operateNoticeDetail, { id: n.id }, "lilaoshi", 404);
    expect((await ok<NoticeRow>(CALLS.operateNoticeDetail, { id: n.id }, "xiaoji")).status).toBe(0);
  });

  it("update changes only what is sent; delete removes the notice and its messages", async () => {
    const n = await ok<NoticeRow>(
      CALLS.operateNoticeSave,
      { community_id: open, name: "原标题", message_content: "原内容", type: 2, start_time: "2026-12-05 09:00:00" },
      "zhanglaoshi",
    );
    const u = await ok<NoticeRow>(CALLS.operateNoticeUpdate, { id: n.id, name: "新标题" }, "zhanglaoshi");
    expect(u).toMatchObject({ name: "新标题", message_content: "原内容", type: 2, type_name: "公告", start_time: "2026-12-05 09:00:00", status: 1 });
    await refused(CALLS.operateNoticeUpdate, { id: n.id, end_time: "2026-12-04 09:00" }, "zhanglaoshi", 400, "结束时间不能早于开始时间");
    await refused(CALLS.activityNoticeUpdate, { id: n.id, name: "种类不对" }, "zhanglaoshi", 404, "活动通知不存在或已删除");
    expect(await logged("notice.update", n.id)).toBe(1);
    expect(await messagesAbout(n.id)).toHaveLength(2);
    await ok(CALLS.operateNoticeDelete, { id: n.id }, "zhanglaoshi");
    expect(await messagesAbout(n.id)).toEqual([]);
    await refused(CALLS.operateNoticeDetail, { id: n.id }, "zhanglaoshi", 404);
    await refused(CALLS.operateNoticeDelete, { id: n.id }, "zhanglaoshi", 404);
    expect(await logged("notice.delete", n.id)).toBe(1);
  });
});

describe("activity notices (c321–c324)", () => {
  it("reach only the named participants, who must be members", async () => {
    const n = await ok<NoticeRow>(
      CALLS.activityNoticeSave,
      { community_id: open, name: "听课活动", participation_account_ids: [id("lilaoshi")], activity_id: 7 },
      "zhanglaoshi",
    );
    expect(n).toMatchObject({ notice_type: 1, activity_id: 7, participants: [{ id: id("lilaoshi"), realname: "李老师" }], message_count: 1 });
    expect(await messagesAbout(n.id)).toEqual([id("lilaoshi")]);
    await refused(
      CALLS.activityNoticeSave,
      { community_id: open, name: "外人", participation_account_ids: [id("lilaoshi"), id("zhaolaoshi")] },
      "zhanglaoshi",
      400,
      /不是.*赵老师/,
    );
    await refused(CALLS.activityNoticeSave, { community_id: open, name: "坏id", participation_account_ids: ["x"] }, "zhanglaoshi", 400, /参与人/);
    // adding a participant to a published notice tells only the newcomer ("1,2" strings are accepted too)
    const u = await ok<NoticeRow>(CALLS.activityNoticeUpdate, { id: n.id, participation_account_ids: `${id("lilaoshi")},${id("wanglaoshi")}` }, "zhanglaoshi");
    expect(u.participation_account_ids).toEqual([id("lilaoshi"), id("wanglaoshi")]);
    expect(await messagesAbout(n.id)).toEqual(sorted(id("lilaoshi"), id("wanglaoshi")));
    await refused(CALLS.activityNoticeUpdate, { id: n.id, participation_account_ids: [id("quji")] }, "zhanglaoshi", 400, /不是/);
    await refused(CALLS.activityNoticeDelete, { id: n.id }, "lilaoshi", 403);
    await ok(CALLS.activityNoticeDelete, { id: n.id }, "zhanglaoshi");
    await refused(CALLS.activityNoticeDelete, { id: n.id }, "zhanglaoshi", 404, "活动通知不存在或已删除");
  });

  it("keeps rich text but no script: the content is sanitized on save and on update", async () => {
    const evil = '<p>通知<b>正文</b></p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">链接</a>';
    const n = await ok<NoticeRow>(CALLS.activityNoticeSave, { community_id: open, name: "富文本通知", message_content: evil }, "zhanglaoshi");
    for (const content of [n.message_content, (await ok<NoticeRow>(CALLS.operateNoticeDetail, { id: n.id }, "lilaoshi")).message_content]) {
      expect(content).toContain("<b>正文</b>");
      expect(content).not.toMatch(/<script|onerror|javascript:/i);
    }
    const u = await ok<NoticeRow>(
      CALLS.activityNoticeUpdate,
      { id: n.id, message_content: '<p onclick="x()">改</p><iframe src="https://e.com"></iframe>' },
      "zhanglaoshi",
    );
    expect(u.message_content).toBe("<p>改</p>");
    await ok(CALLS.activityNoticeDelete, { id: n.id }, "zhanglaoshi");
  });

  it("c321 lists activity notices only; members see published ones, the owner drafts too", async () => {
    await ok(CALLS.activityNoticeSave, { community_id: open, name: "活动A" }, "zhanglaoshi");
    await ok(CALLS.activityNoticeSave, { community_id: open, name: "活动B草稿", status: 0 }, "zhanglaoshi");
    const owner = await ok<Page<NoticeRow>>(CALLS.activityNoticeList, { community_id: open }, "zhanglaoshi");
    const member = await ok<Page<NoticeRow>>(CALLS.activityNoticeList, { community_id: open }, "lilaoshi");
    expect(owner.list.every((r) => r.notice_type === 1)).toBe(true);
    expect(owner.list.map((r) => r.name)).toEqual(expect.arrayContaining(["活动A", "活动B草稿"]));
    expect(member.list.map((r) => r.name)).toContain("活动A");
    expect(member.list.map((r) => r.name)).not.toContain("活动B草稿");
    expect(owner.total).toBe(member.total + 1);
    const drafts = await ok<Page<NoticeRow>>(CALLS.activityNoticeList, { community_id: open, status: 0 }, "zhanglaoshi");
    expect(drafts.list.map((r) => r.name)).toEqual(["活动B草稿"]);
    const searched = await ok<Page<NoticeRow>>(CALLS.activityNoticeList, { community_id: open, name: "活动A" }, "lilaoshi");
    expect(searched.total).toBe(1);
    await refused(CALLS.activityNoticeList, {}, "lilaoshi", 400, /社区id/);
    await refused(CALLS.activityNoticeList, { community_id: hidden }, "lilaoshi", 403, "请先加入社区后查看");
    await refused(CALLS.activityNoticeList, { community_id: open, limit: 0 }, "lilaoshi", 400);
  });
});

describe("community notice lists (c194, c201, c202, c217, c329, c330)", () => {
  let hiddenNotice = 0;
  beforeAll(async () => {
    hiddenNotice = (await ok<NoticeRow>(CALLS.operateNoticeSave, { community_id: hidden, name: "工作室内部公告" }, "zhaolaoshi")).id;
  });

  it("c194 gives both kinds to members (notice_type narrows); c325 only operate notices", async () => {
    const all = await ok<Page<NoticeRow>>(CALLS.communityNoticeList, { community_id: open, limit: 100 }, "lilaoshi");
    expect(new Set(all.list.map((r) => r.notice_type))).toEqual(new Set([1, 2]));
    expect(all.list.every((r) => r.status === 1)).toBe(true);
    const ops = await ok<Page<NoticeRow>>(CALLS.communityNoticeList, { community_id: open, notice_type: 2, limit: 100 }, "lilaoshi");
    const idx = await ok<Page<NoticeRow>>(CALLS.operateNoticeIndex, { community_id: open, limit: 100 }, "lilaoshi");
    expect(ops.list.map((r) => r.id)).toEqual(idx.list.map((r) => r.id));
    expect(all.total).toBeGreaterThan(ops.total);
    // newest first
    const times = all.list.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("c201 / c202 need no login for a community shown on the site; a hidden one needs a member", async () => {
    const pub = await ok<Page<NoticeRow>>(CALLS.communityIndexNoticeList, { community_id: open, limit: 100 });
    expect(pub.total).toBeGreaterThan(0);
    expect(pub.list.every((r) => r.status === 1 && r.community_id === open)).toBe(true);
    const one = await ok<NoticeRow>(CALLS.communityIndexNoticeInfo, { id: pub.list[0]!.id });
    expect(one.id).toBe(pub.list[0]!.id);
    await refused(CALLS.communityIndexNoticeList, { community_id: hidden }, undefined, 403, /登录/);
    await refused(CALLS.communityIndexNoticeInfo, { id: hiddenNotice }, undefined, 403);
    await refused(CALLS.communityIndexNoticeInfo, { id: hiddenNotice }, "lilaoshi", 403);
    expect((await ok<NoticeRow>(CALLS.communityIndexNoticeInfo, { id: hiddenNotice }, "zhaolaoshi")).name).toBe("工作室内部公告");
    await refused(CALLS.communityIndexNoticeList, {}, undefined, 400, /社区id/);
    await refused(CALLS.communityIndexNoticeInfo, { id: "abc" }, undefined, 400);
  });

  it("c217 (no login) lists published operate notices of communities shown on the site only", async () => {
    const front = await ok<Page<NoticeRow>>(CALLS.communityIndexCommunityNoticeList, { limit: 100 });
    expect(front.list.length).toBeGreaterThan(0);
    expect(front.list.every((r) => r.notice_type === 2 && r.status === 1 && r.community_id === open)).toBe(true);
    expect(front.list.map((r) => r.id)).not.toContain(hiddenNotice);
  });

  it("c330 gives the notices of the communities I joined; c329 those of the communities I manage, drafts included", async () => {
    const li = await ok<Page<NoticeRow>>(CALLS.myCommunityNotice, { limit: 100 }, "lilaoshi");
    expect(li.list.length).toBeGreaterThan(0);
    expect(li.list.every((r) => r.community_id === open && r.status === 1)).toBe(true);
    const zhao = await ok<Page<NoticeRow>>(CALLS.myCommunityNotice, { limit: 100 }, "zhaolaoshi");
    expect(zhao.list.map((r) => r.id)).toEqual([hiddenNotice]);

    const owner = await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, { limit: 100 }, "zhanglaoshi");
    expect(owner.list.some((r) => r.status === 0)).toBe(true);
    expect(owner.list.every((r) => r.community_id === open && r.notice_type === 2)).toBe(true);
    expect((await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, {}, "lilaoshi")).total).toBe(0);
    const school = await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, { limit: 100 }, "xiaoji");
    expect(school.total).toBe(owner.total);
    // the district administrator of 兴庆区 manages the communities of its schools (张老师's school is one of them)
    expect(who.quji!.region_code).not.toBe("");
    const district = await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, { limit: 100 }, "quji");
    expect(district.total).toBe(owner.total);
    expect((await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, { limit: 100 }, "zhaolaoshi")).list.map((r) => r.id)).toEqual([hiddenNotice]);
    const platform = await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, { limit: 100 }, "pingtai");
    expect(platform.total).toBe(owner.total + 1);
    const drafts = await ok<Page<NoticeRow>>(CALLS.operateNoticeAllList, { status: 0, limit: 100 }, "pingtai");
    expect(drafts.list.every((r) => r.status === 0)).toBe(true);
    await refused(CALLS.operateNoticeAllList, { status: 5 }, "pingtai", 400, /状态/);
  });
});

describe("platform and web notices (c336, c337, save/update/delete)", () => {
  it("platform administrators write them; anyone reads the published ones", async () => {
    const p = await ok<NoticeRow>(CALLS.platformNoticeSave, { notice_type: 3, name: "平台维护通知", message_content: "周六凌晨维护" }, "pingtai");
    const w = await ok<NoticeRow>(CALLS.platformNoticeSave, { notice_type: 4, name: "网站改版", status: 0 }, "pingtai");
    expect(p).toMatchObject({ notice_type: 3, notice_type_name: "平台公告", community_id: 0, status: 1 });
    await refused(CALLS.platformNoticeSave, { notice_type: 3, name: "越权" }, "xiaoji", 403);
    await refused(CALLS.platformNoticeSave, { notice_type: 3, name: "越权" }, "zhanglaoshi", 403);
    await refused(CALLS.platformNoticeSave, { notice_type: 2, name: "种类" }, "pingtai", 400, /通知种类/);
    await refused(CALLS.platformNoticeSave, { notice_type: 3, name: "无登录" }, undefined, 1025);

    const anon = await ok<Page<NoticeRow>>(CALLS.platformNoticeList, {});
    expect(anon.list.map((r) => r.id)).toEqual([p.id]);
    expect((await ok<Page<NoticeRow>>(CALLS.webNoticeList, {})).total).toBe(0); // the web notice is a draft
    expect((await ok<Page<NoticeRow>>(CALLS.webNoticeList, { status: 0 }, "pingtai")).list.map((r) => r.id)).toEqual([w.id]);
    expect((await ok<Page<NoticeRow>>(CALLS.webNoticeList, { status: 0 }, "lilaoshi")).total).toBe(0);
    await refused(CALLS.communityIndexNoticeInfo, { id: w.id }, undefined, 404);
    expect((await ok<NoticeRow>(CALLS.communityIndexNoticeInfo, { id: p.id })).name).toBe("平台维护通知");

    const u = await ok<NoticeRow>(CALLS.platformNoticeUpdate, { id: w.id, status: 1 }, "pingtai");
    expect(u).toMatchObject({ name: "网站改版", status: 1 });
    expect((await ok<Page<NoticeRow>>(CALLS.webNoticeList, {})).list.map((r) => r.id)).toEqual([w.id]);
    await refused(CALLS.platformNoticeUpdate, { id: w.id, name: "改" }, "quji", 403);
    const firstCommunityNotice = (await ok<Page<NoticeRow>>(CALLS.communityIndexCommunityNoticeList, {})).list[0]!.id;
    await refused(CALLS.platformNoticeUpdate, { id: firstCommunityNotice, name: "改社区的" }, "pingtai", 404);
    await ok(CALLS.platformNoticeDelete, { id: p.id }, "pingtai");
    expect((await ok<Page<NoticeRow>>(CALLS.platformNoticeList, {})).total).toBe(0);
    await refused(CALLS.platformNoticeDelete, { id: p.id }, "pingtai", 404);
  });
});

describe("messages", () => {
  it("lists, filters, orders unread first, counts, marks read and deletes only the caller's own", async () => {
    const before = await ok<MessageUnread>(CALLS.messageUnread, {}, "wanglaoshi");
    const rows = await s.database.db
      .select()
      .from(accountMessage)
      .where(eq(accountMessage.account_id, id("wanglaoshi")));
    expect(before.total).toBe(rows.length);
    expect(before.unread).toBe(rows.filter((r) => !r.read_at).length);
    expect(before.unread).toBeGreaterThan(2);

    const page = await ok<Page<MessageRow>>(CALLS.messageList, { limit: 100 }, "wanglaoshi");
    expect(page.total).toBe(rows.length);
    const ids = page.list.map((m) => m.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids); // newest first
    const oldest = ids[ids.length - 1]!;
    expect((await ok<MessageChange>(CALLS.messageRead, { id: oldest }, "wanglaoshi")).count).toBe(1);
    expect((await ok<MessageChange>(CALLS.messageRead, { id: oldest }, "wanglaoshi")).count).toBe(0);
    const unreadFirst = await ok<Page<MessageRow>>(CALLS.messageList, { order: "unread", limit: 100 }, "wanglaoshi");
    expect(unreadFirst.list[unreadFirst.list.length - 1]!.id).toBe(oldest);
    expect(unreadFirst.list[unreadFirst.list.length - 1]!.is_read).toBe(1);
    expect((await ok<Page<MessageRow>>(CALLS.messageList, { is_read: 1 }, "wanglaoshi")).list.map((m) => m.id)).toEqual([oldest]);
    expect((await ok<MessageUnread>(CALLS.messageUnread, {}, "wanglaoshi")).unread).toBe(before.unread - 1);

    // someone else's message is neither read nor deleted
    const liMsg = (await ok<Page<MessageRow>>(CALLS.messageList, {}, "lilaoshi")).list[0]!;
    expect((await ok<MessageChange>(CALLS.messageRead, { ids: [liMsg.id] }, "wanglaoshi")).count).toBe(0);
    await refused(CALLS.messageDelete, { id: liMsg.id }, "wanglaoshi", 404, "消息不存在或已删除");
    expect((await ok<Page<MessageRow>>(CALLS.messageList, { is_read: 0 }, "lilaoshi")).list.map((m) => m.id)).toContain(liMsg.id);

    await refused(CALLS.messageRead, {}, "wanglaoshi", 400, "请选择要标记为已读的消息");
    await refused(CALLS.messageDelete, {}, "wanglaoshi", 400, "请选择要删除的消息");
    await refused(CALLS.messageList, { order: "oldest" }, "wanglaoshi", 400, /排序/);
    await refused(CALLS.messageList, {}, undefined, 1025);

    expect((await ok<MessageChange>(CALLS.messageRead, { all: 1 }, "wanglaoshi")).count).toBe(before.unread - 1);
    expect((await ok<MessageUnread>(CALLS.messageUnread, {}, "wanglaoshi")).unread).toBe(0);
    expect((await ok<MessageChange>(CALLS.messageDelete, { ids: ids.slice(0, 2) }, "wanglaoshi")).count).toBe(2);
    expect((await ok<MessageUnread>(CALLS.messageUnread, {}, "wanglaoshi")).total).toBe(rows.length - 2);
  });
});
