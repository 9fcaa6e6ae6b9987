/**
 * The personal centre (#7 newPersonalCenter c368–c375; docs/api/personal.md) for a new teacher whose communities,
 * activities, articles and videos the test writes into the tables: his studios, recommended communities and
 * activities, the managers' recommend toggle, his public profile, his videos, what he created and takes part in.
 */
import { type AccountStudio, type ActivityDetail, type ActivityRow, CALLS, type CourseRow, type Page, type StudioRow } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { activity } from "../src/modules/activity/activity.schema.js";
import { hashPassword } from "../src/modules/auth/password.js";
import { communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { DAY, HOUR, type Kit, insertActivity, insertArticles, insertCommunity, startKit } from "./activity-kit.js";

let k: Kit;
let me = 0; // 个人 (the new teacher)
let period = 0;
let subjectId = 0;
const c: Record<string, number> = {};
const a: Record<string, number> = {};
const now = Date.now();

beforeAll(async () => {
  k = await startKit();
  const db = k.db;
  const [zhang] = await db.select().from(account).where(eq(account.id, k.id.zhanglaoshi!));
  period = zhang!.period_id;
  subjectId = zhang!.subject_id;
  me = (
    await db
      .insert(account)
      .values({
        username: "gr_t",
        realname: "个人中心老师",
        password_hash: await hashPassword("Teacher123"),
        school_id: zhang!.school_id,
        period_id: period,
        subject_id: subjectId,
        identity: 2,
      })
      .returning({ id: account.id })
  )[0]!.id;
  k.who.gr = await k.s.login("gr_t", "Teacher123");
  const li = k.id.lilaoshi!;
  const school = zhang!.school_id;
  c.own = await insertCommunity(db, { name: "我的名师工作室", owner: me, members: [li], type: 2, school_id: school });
  c.member = await insertCommunity(db, { name: "李老师的班主任工作室", owner: li, members: [me], type: 3, school_id: school });
  c.plain = await insertCommunity(db, { name: "普通教研社区", owner: li, members: [me], type: 1, school_id: school });
  c.applying = await insertCommunity(db, { name: "申请中的工作室", owner: li, type: 2, school_id: school, subject_id: subjectId });
  await db.insert(communityMember).values({ community_id: c.applying, account_id: me, role: 3, status: 0 });
  c.rec = await insertCommunity(db, { name: "推荐的同学科社区", owner: li, subject_id: subjectId, is_recommend: 1 });
  c.samePeriod = await insertCommunity(db, { name: "同学段社区", owner: li, period_id: period });
  c.other = await insertCommunity(db, { name: "别的学段学科", owner: li, period_id: period + 1000, subject_id: subjectId + 1000 });
  c.hidden = await insertCommunity(db, { name: "不展示的同学科社区", owner: li, subject_id: subjectId, is_display: 0 });
  const base = { school_id: school };
  a.created1 = await insertActivity(db, {
    ...base,
    name: "我发起的教研",
    account_id: me,
    community_id: c.own,
    start: new Date(now - 2 * DAY),
    end: new Date(now - 2 * DAY + HOUR),
    participants: [li],
  });
  a.created2 = await insertActivity(db, {
    ...base,
    name: "我发起的集体备课",
    type: "preparation",
    account_id: me,
    community_id: c.own,
    start: new Date(now + DAY),
    end: new Date(now + DAY + HOUR),
  });
  a.involved = await insertActivity(db, {
    ...base,
    name: "李老师的听评课",
    type: "listen",
    account_id: li,
    community_id: c.member,
    start: new Date(now - HOUR),
    end: new Date(now + HOUR),
    participants: [me],
  });
  a.recommended = await insertActivity(db, {
    ...base,
    name: "推荐的活动",
    account_id: li,
    community_id: c.plain,
    start: new Date(now + 2 * DAY),
    end: new Date(now + 2 * DAY + HOUR),
    is_recommend: 1,
  });
  a.hiddenRec = await insertActivity(db, {
    ...base,
    name: "不展示社区的推荐活动",
    account_id: li,
    community_id: c.hidden,
    start: new Date(now + 2 * DAY),
    end: new Date(now + 2 * DAY + HOUR),
    is_recommend: 1,
  });
  await insertArticles(db, c.own, me, 3);
  await db.insert(video).values([
    {
      name: "我的公开课",
      account_id: me,
      school_id: school,
      period_id: period,
      subject_id: subjectId,
      source: "upload",
      file_id: 7,
      duration: 2400,
      status: "ready",
    },
    { name: "第二节录像", account_id: me, school_id: school, source: "recording", file_id: 8 },
    { name: "别人的视频", account_id: li, school_id: school, source: "upload", file_id: 9 },
  ]);
});
afterAll(async () => {
  await k?.s.close();
});

describe("communities (c368, c369)", () => {
  it("c368: my studios (types 2 and 3) I joined, owned first", async () => {
    const r = await k.ok<Page<StudioRow>>(CALLS.teachingStudio, {}, "gr");
    expect(r.list.map((x) => [x.id, x.role, x.role_name, x.type_name])).toEqual([
      [c.own, 1, "创建者", "名师工作室"],
      [c.member, 3, "成员", "名班主任工作室"],
    ]);
    expect(r.list[0]).toMatchObject({ member_count: 2, activity_count: 2 });
    const kw = await k.ok<Page<StudioRow>>(CALLS.teachingStudio, { keyword: "班主任" }, "gr");
    expect(kw.list.map((x) => x.id)).toEqual([c.member]);
    await k.refused(CALLS.teachingStudio, { page: -1 }, "gr", 400, /页码/);
  });

  it("c369: communities of my period or subject that I have not joined nor applied to, recommended first", async () => {
    const r = await k.ok<Page<StudioRow>>(CALLS.personalRecommend, { limit: 100 }, "gr");
    const ids = r.list.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([c.rec, c.samePeriod]));
    for (const no of [c.own, c.member, c.plain, c.applying, c.other, c.hidden]) expect(ids).not.toContain(no);
    expect(ids.indexOf(c.rec!)).toBeLessThan(ids.indexOf(c.samePeriod!));
    expect(r.list.every((x) => x.role === 0)).toBe(true);
    await k.refused(CALLS.personalRecommend, { keyword: "x".repeat(61) }, "gr", 400, /名称/);
  });
});

describe("activities (c370, c371, c374, c375)", () => {
  it("c374: what I created; c375: what I take part in", async () => {
    const mine = await k.ok<Page<ActivityRow>>(CALLS.myActivity, {}, "gr");
    expect(mine.list.map((x) => x.id)).toEqual([a.created2, a.created1]);
    const typed = await k.ok<Page<ActivityRow>>(CALLS.myActivity, { type: "preparation" }, "gr");
    expect(typed.list.map((x) => x.id)).toEqual([a.created2]);
    const ended = await k.ok<Page<ActivityRow>>(CALLS.myActivity, { phase: "ended" }, "gr");
    expect(ended.list.map((x) => x.id)).toEqual([a.created1]);
    const inv = await k.ok<Page<ActivityRow>>(CALLS.involvedActivity, {}, "gr");
    expect(inv.list.map((x) => x.id)).toEqual([a.involved]);
    expect(inv.list[0]).toMatchObject({ phase: "running", account_name: "李老师", participation_account_ids: [me] });
    const li = await k.ok<Page<ActivityRow>>(CALLS.involvedActivity, {}, "lilaoshi");
    expect(li.list.map((x) => x.id)).toContain(a.created1);
    await k.refused(CALLS.myActivity, { phase: "later" }, "gr", 400, /活动状态/);
    await k.refused(CALLS.involvedActivity, { end_time: "昨天" }, "gr", 400, /结束时间/);
  });

  it("c370: recommended activities the caller may see", async () => {
    const r = await k.ok<Page<ActivityRow>>(CALLS.recommendActivity, { limit: 100 }, "zhaolaoshi");
    const ids = r.list.map((x) => x.id);
    expect(ids).toContain(a.recommended);
    expect(ids).not.toContain(a.hiddenRec);
    expect(r.list.every((x) => x.is_recommend === 1)).toBe(true);
    const owner = await k.ok<Page<ActivityRow>>(CALLS.recommendActivity, { limit: 100 }, "lilaoshi");
    expect(owner.list.map((x) => x.id)).toContain(a.hiddenRec);
    await k.refused(CALLS.recommendActivity, { type: "x" }, "zhaolaoshi", 400, /活动类型/);
  });

  it("c371: a manager of the community recommends and withdraws; others are refused", async () => {
    await k.refused(CALLS.recommendActivityManage, { id: a.created1, is_recommend: 1 }, "lilaoshi", 403, "只有社区创建者或管理员可以推荐活动");
    await k.refused(CALLS.recommendActivityManage, { id: a.created1, is_recommend: 2 }, "gr", 400, /是否推荐/);
    await k.refused(CALLS.recommendActivityManage, { id: a.created1 }, "gr", 400, /是否推荐/);
    await k.refused(CALLS.recommendActivityManage, { id: 999999, is_recommend: 1 }, "gr", 404);
    expect(await k.ok(CALLS.recommendActivityManage, { id: a.created1, is_recommend: 1 }, "gr")).toEqual({ id: a.created1, is_recommend: 1 });
    expect((await k.db.select().from(activity).where(eq(activity.id, a.created1!)))[0]!.is_recommend).toBe(1);
    const seen = await k.ok<Page<ActivityRow>>(CALLS.recommendActivity, { limit: 100 }, "zhaolaoshi");
    expect(seen.list.map((x) => x.id)).toContain(a.created1);
    const logs = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.action, "activity.recommend"), eq(communityLog.target_id, a.created1!)));
    expect(logs).toHaveLength(1);
    // The school administrator manages the school's communities.
    await k.ok(CALLS.recommendActivityManage, { id: a.created1, is_recommend: 0 }, "xiaoji");
    const info = await k.ok<ActivityDetail>(CALLS.activityInfo, { id: a.created1 }, "gr");
    expect(info.is_recommend).toBe(0);
  });
});

describe("profile and videos (c372, c373)", () => {
  it("c372: a teacher's public profile with counts of his rows", async () => {
    const p = await k.ok<AccountStudio>(CALLS.accountStudio, { account_id: me }, "zhaolaoshi");
    expect(p.account).toMatchObject({ id: me, realname: "个人中心老师", school_name: "银川市第一中学" });
    expect(p.account.subject_name).not.toBe("");
    expect(p.communities.map((x) => x.id).sort()).toEqual([c.own, c.member, c.plain].sort());
    expect(p).toMatchObject({ community_count: 3, studio_count: 2, activity_count: 2, involved_count: 1, article_count: 3, video_count: 2 });
    const self = await k.ok<AccountStudio>(CALLS.accountStudio, {}, "gr");
    expect(self.account.id).toBe(me);
    await k.refused(CALLS.accountStudio, { account_id: 999999 }, "gr", 404, "用户不存在");
    await k.refused(CALLS.accountStudio, { account_id: "abc" }, "gr", 400, /账号/);
  });

  it("c373: my videos, newest first, with a signed address", async () => {
    const r = await k.ok<Page<CourseRow>>(CALLS.personalCourseList, {}, "gr");
    expect(r.total).toBe(2);
    expect(r.list.map((x) => x.name)).toEqual(["第二节录像", "我的公开课"]);
    expect(r.list[1]).toMatchObject({
      account_name: "个人中心老师",
      period_id: period,
      subject_id: subjectId,
      duration: 2400,
      status: "ready",
      source: "upload",
    });
    expect(r.list[1]!.url).toMatch(/^\/files\/7\?exp=\d+&sig=/);
    const kw = await k.ok<Page<CourseRow>>(CALLS.personalCourseList, { name: "公开" }, "gr");
    expect(kw.list.map((x) => x.name)).toEqual(["我的公开课"]);
    await k.refused(CALLS.personalCourseList, { limit: 101 }, "gr", 400, /每页条数/);
  });
});

describe("after a transfer", () => {
  it("the owner shown is the member with role 1, not the creator", async () => {
    const before = await k.ok<Page<StudioRow>>(CALLS.teachingStudio, {}, "gr");
    expect(before.list.find((x) => x.id === c.own)!.owner_name).toBe("个人中心老师");
    await k.db
      .update(communityMember)
      .set({ role: 3 })
      .where(and(eq(communityMember.community_id, c.own!), eq(communityMember.account_id, me)));
    await k.db
      .update(communityMember)
      .set({ role: 1 })
      .where(and(eq(communityMember.community_id, c.own!), eq(communityMember.account_id, k.id.lilaoshi!)));
    const after = await k.ok<Page<StudioRow>>(CALLS.teachingStudio, {}, "gr");
    expect(after.list.find((x) => x.id === c.own)).toMatchObject({ owner_name: "李老师", role: 3, role_name: "成员" });
  });
});
