/**
 * Meetings with the default "link" provider (#7; docs/api/meeting.md, docs/decisions/0705) through the real wire:
 * c232 save and c228 reservation (the organizer's join link), c229 my meetings, c231 a community's meetings, c230
 * detail, cancel; participants' messages, the community log, refusals. Tencent Meeting: meeting-tencent.test.ts.
 */
import { CALLS, type Envelope, type MeetingRow, type Page, type SessionInfo } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { formatTime } from "../src/http/time.js";
import { activity, activityMember } from "../src/modules/activity/activity.schema.js";
import { community, communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { accountMessage } from "../src/modules/notice/notice.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const id = (u: string) => who[u]!.account_id;
let open = 0;
let hidden = 0;
const at = (hoursFromNow: number) => formatTime(new Date(Date.now() + hoursFromNow * 3600_000)).slice(0, 16);

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const [a] = await db
    .insert(community)
    .values({ name: "数学教研社区", account_id: id("zhanglaoshi"), school_id: who.zhanglaoshi!.school_id })
    .returning();
  const [b] = await db
    .insert(community)
    .values({ name: "赵老师工作室", account_id: id("zhaolaoshi"), school_id: who.zhaolaoshi!.school_id, is_display: 0 })
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
async function messages(meetingId: number) {
  return s.database.db
    .select()
    .from(accountMessage)
    .where(and(eq(accountMessage.source_type, "meeting"), eq(accountMessage.source_id, meetingId)));
}

describe("meetings with the organizer's link", () => {
  let first: MeetingRow;

  it("c232 stores the link; each participant but the organizer gets one message; the community log has it", async () => {
    first = await ok<MeetingRow>(
      CALLS.meetingSave,
      {
        community_id: open,
        name: "单元备课研讨",
        meeting_url: "https://meeting.example.com/j/123",
        start_time: at(24),
        end_time: at(26),
        participation_account_ids: [id("lilaoshi"), id("zhanglaoshi")],
        preparation_id: 3,
        introduction: "带上教案",
      },
      "zhanglaoshi",
    );
    expect(first).toMatchObject({
      name: "单元备课研讨",
      provider: "link",
      provider_name: "会议链接",
      meeting_url: "https://meeting.example.com/j/123",
      join_url: "https://meeting.example.com/j/123",
      community_name: "数学教研社区",
      preparation_id: 3,
      status: 1,
      status_name: "已预约",
      phase: "upcoming",
      account_name: "张老师",
      can_cancel: true,
      start_time: `${at(24)}:00`,
    });
    expect(first.participants.map((p) => p.realname)).toEqual(["李老师", "张老师"]);
    const sent = await messages(first.id);
    expect(sent.map((m) => m.account_id)).toEqual([id("lilaoshi")]);
    expect(sent[0]!.title).toBe("【会议邀请】单元备课研讨");
    expect(sent[0]!.content).toContain("https://meeting.example.com/j/123");
    const log = await s.database.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.action, "meeting.save"), eq(communityLog.target_id, first.id)));
    expect(log).toHaveLength(1);
    // A booked meeting is an activity of type "meeting" (the calendar and the statistics count it), with its participants.
    const [act] = await s.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "meeting"), eq(activity.ref_id, first.id)));
    expect(act).toMatchObject({ name: "单元备课研讨", community_id: open, account_id: id("zhanglaoshi") });
    const who = await s.database.db.select({ id: activityMember.account_id }).from(activityMember).where(eq(activityMember.activity_id, act!.id));
    expect(who.map((w) => w.id).sort((x, y) => x - y)).toEqual([id("lilaoshi"), id("zhanglaoshi")].sort((x, y) => x - y));
  });

  it("c228 with the link provider needs meeting_url and takes subject for name", async () => {
    await refused(
      CALLS.tencentMeetingReservation,
      { community_id: open, subject: "无链接", start_time: at(2), end_time: at(3) },
      "zhanglaoshi",
      400,
      /会议链接/,
    );
    await refused(
      CALLS.tencentMeetingReservation,
      { community_id: open, start_time: at(2), end_time: at(3), meeting_url: "https://x.example.com" },
      "zhanglaoshi",
      400,
      /请输入会议主题/,
    );
    const m = await ok<MeetingRow>(
      CALLS.tencentMeetingReservation,
      { community_id: open, subject: "听课反馈会", start_time: at(-1), end_time: at(1), meeting_url: "http://x.example.com/m" },
      "zhanglaoshi",
    );
    expect(m).toMatchObject({ name: "听课反馈会", provider: "link", phase: "running", participation_account_ids: [] });
    expect(await messages(m.id)).toHaveLength(0);
  });

  it("refuses bad input and those who do not manage the community", async () => {
    const base = { community_id: open, name: "会", meeting_url: "https://m.example.com", start_time: at(5), end_time: at(6) };
    await refused(CALLS.meetingSave, { ...base, community_id: undefined }, "zhanglaoshi", 400, /社区id/);
    await refused(CALLS.meetingSave, { ...base, meeting_url: "ftp://m.example.com" }, "zhanglaoshi", 400, /http/);
    await refused(CALLS.meetingSave, { ...base, meeting_url: "" }, "zhanglaoshi", 400, /请输入会议链接/);
    await refused(CALLS.meetingSave, { ...base, start_time: undefined }, "zhanglaoshi", 400, /开始时间/);
    await refused(CALLS.meetingSave, { ...base, start_time: "明天上午" }, "zhanglaoshi", 400, /开始时间/);
    await refused(CALLS.meetingSave, { ...base, end_time: at(5) }, "zhanglaoshi", 400, "结束时间必须晚于开始时间");
    await refused(CALLS.meetingSave, { ...base, start_time: at(-5), end_time: at(-4) }, "zhanglaoshi", 400, /不能预约过去的会议/);
    await refused(CALLS.meetingSave, { ...base, participation_account_ids: [id("zhaolaoshi")] }, "zhanglaoshi", 400, /参会人.*赵老师/);
    await refused(CALLS.meetingSave, base, "lilaoshi", 403, "只有社区创建者或管理员可以预约会议");
    await refused(CALLS.meetingSave, { ...base, community_id: 999999 }, "zhanglaoshi", 404);
    await refused(CALLS.meetingSave, base, undefined, 1025);
    // a school administrator manages his school's communities without being a member
    const m = await ok<MeetingRow>(CALLS.meetingSave, { ...base, name: "学校组织的会" }, "xiaoji");
    expect(m.account_id).toBe(id("xiaoji"));
  });

  it("c229 lists what I organize or attend; c231 a community's meetings for those who may view it", async () => {
    const zhaoMeeting = await ok<MeetingRow>(
      CALLS.meetingSave,
      { community_id: hidden, name: "工作室例会", meeting_url: "https://m.example.com/z", start_time: at(48), end_time: at(49) },
      "zhaolaoshi",
    );
    const li = await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, {}, "lilaoshi");
    expect(li.list.map((m) => m.id)).toEqual([first.id]);
    expect(li.list[0]!.can_cancel).toBe(false);
    const wang = await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, {}, "wanglaoshi");
    expect(wang.total).toBe(0);
    const zhang = await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, { limit: 50 }, "zhanglaoshi");
    expect(zhang.total).toBe(2);
    expect(zhang.list.map((m) => m.start_time)).toEqual([...zhang.list.map((m) => m.start_time)].sort().reverse());
    expect((await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, { phase: "running" }, "zhanglaoshi")).list.map((m) => m.name)).toEqual(["听课反馈会"]);
    expect((await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, { name: "备课" }, "zhanglaoshi")).total).toBe(1);
    expect((await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, { community_id: hidden }, "zhanglaoshi")).total).toBe(0);
    await refused(CALLS.tencentMeetingList, { phase: "later" }, "zhanglaoshi", 400, /阶段/);

    const community = await ok<Page<MeetingRow>>(CALLS.meetingList, { community_id: open, limit: 50 }, "wanglaoshi");
    expect(community.total).toBe(3);
    expect(community.list.every((m) => m.community_id === open)).toBe(true);
    await refused(CALLS.meetingList, { community_id: hidden }, "lilaoshi", 403);
    await refused(CALLS.meetingList, {}, "lilaoshi", 400, /社区id/);
    expect((await ok<Page<MeetingRow>>(CALLS.meetingList, { community_id: hidden }, "zhaolaoshi")).list.map((m) => m.id)).toEqual([zhaoMeeting.id]);

    // c230: participants, members and viewers of a shown community read it; a hidden community's meeting is refused
    expect((await ok<MeetingRow>(CALLS.tencentMeetingDetail, { id: first.id }, "lilaoshi")).join_url).toBe("https://meeting.example.com/j/123");
    expect((await ok<MeetingRow>(CALLS.tencentMeetingDetail, { id: first.id }, "zhaolaoshi")).name).toBe("单元备课研讨");
    await refused(CALLS.tencentMeetingDetail, { id: zhaoMeeting.id }, "lilaoshi", 403);
    await refused(CALLS.tencentMeetingDetail, { id: 999999 }, "lilaoshi", 404, "会议不存在或已删除");
    await refused(CALLS.tencentMeetingDetail, {}, "lilaoshi", 400, /会议编号/);
  });

  it("cancel: the organizer or a manager; participants are told; twice is refused", async () => {
    await refused(CALLS.tencentMeetingCancel, { id: first.id }, "lilaoshi", 403, /组织者/);
    await refused(CALLS.tencentMeetingCancel, { id: first.id }, "zhaolaoshi", 403);
    const c = await ok<MeetingRow>(CALLS.tencentMeetingCancel, { id: first.id }, "xiaoji");
    expect(c).toMatchObject({ status: 2, status_name: "已取消", phase: "cancelled", can_cancel: false });
    const sent = await messages(first.id);
    // the participant is told, and so is the organizer since a manager cancelled it
    const byTitle = (t: string) =>
      sent
        .filter((m) => m.title === t)
        .map((m) => m.account_id)
        .sort((x, y) => x - y);
    expect(byTitle("【会议邀请】单元备课研讨")).toEqual([id("lilaoshi")]);
    expect(byTitle("【会议取消】单元备课研讨")).toEqual([id("zhanglaoshi"), id("lilaoshi")].sort((x, y) => x - y));
    expect(sent).toHaveLength(3);
    // No longer an activity.
    expect(
      await s.database.db
        .select()
        .from(activity)
        .where(and(eq(activity.type, "meeting"), eq(activity.ref_id, first.id))),
    ).toHaveLength(0);
    await refused(CALLS.tencentMeetingCancel, { id: first.id }, "zhanglaoshi", 409, "会议已取消");
    expect((await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, { status: 2 }, "lilaoshi")).list.map((m) => m.id)).toEqual([first.id]);
    const log = await s.database.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.action, "meeting.cancel"), eq(communityLog.target_id, first.id)));
    expect(log.map((l) => l.account_id)).toEqual([id("xiaoji")]);
    await refused(CALLS.tencentMeetingCancel, { id: 999999 }, "zhanglaoshi", 404);
  });
});
