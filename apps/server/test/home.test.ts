/**
 * Home, statistics and organization calls (#7; docs/api/home.md, docs/decisions/0707). A new school in 兴庆区 gets
 * teachers, communities, members, articles, notices, activities and videos written straight into the tables; every
 * count is checked against what the test inserted (absolute for the new school, as a difference for the district),
 * and every call's scope refusals (403 outside the caller's organization, 404 unknown, 400 bad input).
 */
import {
  type ActivityDetail,
  type ActivityNums,
  type ActivityRow,
  type ActivitySchedule,
  CALLS,
  type Census,
  type CommunityAccountRow,
  type CommunityActivityCount,
  type CommunityCard,
  type DynamicRow,
  type HomeStatistics,
  type MyOrganization,
  type OrgTeacherRow,
  type Page,
  type Ranking,
  type TeacherActivityCount,
  type UnitCount,
} from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { communityArticle } from "../src/modules/article/article.schema.js";
import { hashPassword } from "../src/modules/auth/password.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { notice } from "../src/modules/notice/notice.schema.js";
import { region, school } from "../src/modules/org/org.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { DAY, HOUR, type Kit, insertActivity, insertArticles, insertCommunity, startKit, wire } from "./activity-kit.js";

let k: Kit;
let S = 0; // the new school
let xingqing = 0;
let xixia = 0;
let province = 0;
const t: number[] = []; // its three teachers
let A = 0; // 教研社区 of S: t0 owner, t1 t2 members
let B = 0; // 工作室 of S: t1 owner, t0 member
const act: Record<string, number> = {};
let before: HomeStatistics;
const now = Date.now();

const expected = {
  school_count: 1,
  teacher_count: 3,
  community_count: 2,
  studio_count: 1,
  member_count: 3,
  activity_count: 3,
  running_activity_count: 1,
  upcoming_activity_count: 1,
  article_count: 6,
  notice_count: 1,
  video_count: 2,
};

beforeAll(async () => {
  k = await startKit();
  const db = k.db;
  const reg = async (code: string) => (await db.select().from(region).where(eq(region.region_code, code)))[0]!.id;
  xingqing = await reg("640104");
  xixia = await reg("640105");
  province = await reg("640000");
  before = await k.ok<HomeStatistics>(CALLS.orgStatistics, {}, "quji");

  S = (
    await db
      .insert(school)
      .values({ title: "兴庆区统计测试学校", area_code: "640104", city_code: "640100", province_code: "640000" })
      .returning({ id: school.id })
  )[0]!.id;
  const hash = await hashPassword("Teacher123");
  const people = await db
    .insert(account)
    .values([
      { username: "tj_t0", realname: "统计甲", password_hash: hash, school_id: S, identity: 2 },
      { username: "tj_t1", realname: "统计乙", password_hash: hash, school_id: S, identity: 2 },
      { username: "tj_t2", realname: "统计丙", password_hash: hash, school_id: S, identity: 2 },
      { username: "tj_off", realname: "停用教师", password_hash: hash, school_id: S, identity: 2, status: 0 },
      { username: "tj_admin", realname: "统计校管", password_hash: hash, school_id: S, identity: 4 },
    ])
    .returning({ id: account.id });
  t.push(...people.slice(0, 3).map((p) => p.id));
  A = await insertCommunity(db, { name: "统计教研社区", owner: t[0]!, members: [t[1]!, t[2]!], school_id: S, type: 1, is_recommend: 1 });
  B = await insertCommunity(db, { name: "统计名师工作室", owner: t[1]!, members: [t[0]!], school_id: S, type: 2 });
  const P = await insertCommunity(db, { name: "待审核社区", owner: t[2]!, school_id: S, status: 0 });
  await insertArticles(db, A, t[0]!, 4);
  await insertArticles(db, B, t[1]!, 2);
  await insertArticles(db, P, t[2]!, 3);
  await db.insert(communityArticle).values({ community_id: A, account_id: t[0]!, title: "隐藏的文章", status: 0 });
  await db.insert(notice).values([
    { notice_type: 2, name: "通知一", community_id: A, account_id: t[0]! },
    { notice_type: 2, name: "撤回的通知", community_id: B, account_id: t[1]!, status: 0 },
  ]);
  const base = { school_id: S, area_id: xingqing };
  act.running = await insertActivity(db, {
    ...base,
    name: "统计·进行中",
    account_id: t[0]!,
    community_id: A,
    start: new Date(now - HOUR),
    end: new Date(now + HOUR),
    participants: [t[1]!, t[2]!],
  });
  act.upcoming = await insertActivity(db, {
    ...base,
    name: "统计·集体备课",
    type: "preparation",
    account_id: t[0]!,
    community_id: A,
    start: new Date(now + 3 * DAY),
    end: new Date(now + 3 * DAY + HOUR),
  });
  act.ended = await insertActivity(db, {
    ...base,
    name: "统计·听评课",
    type: "listen",
    account_id: t[1]!,
    community_id: B,
    start: new Date(now - 5 * DAY),
    end: new Date(now - 5 * DAY + HOUR),
  });
  act.hidden = await insertActivity(db, {
    ...base,
    name: "统计·隐藏",
    account_id: t[1]!,
    community_id: B,
    start: new Date(now - 2 * DAY),
    end: new Date(now - 2 * DAY + HOUR),
    status: 0,
  });
  await db.insert(video).values([
    { name: "统计视频一", account_id: t[0]!, school_id: S, source: "upload", file_id: 0 },
    { name: "统计视频二", account_id: t[1]!, school_id: S, source: "upload", file_id: 0 },
  ]);
  k.who.tj_t0 = await k.s.login("tj_t0", "Teacher123");
});
afterAll(async () => {
  await k?.s.close();
});

describe("statistics (c338, c348)", () => {
  it("counts exactly what the new school holds, for the district administrator and the platform", async () => {
    const mine = await k.ok<HomeStatistics>(CALLS.orgStatistics, { school_id: S }, "quji");
    expect(mine).toMatchObject(expected);
    expect(mine.scope).toEqual({ kind: "school", id: S, name: "兴庆区统计测试学校", level: 0 });
    expect(mine.activity_by_type.filter((x) => x.count)).toEqual(
      [
        { type: "preparation", name: "集体备课", count: 1 },
        { type: "listen", name: "听评课", count: 1 },
        { type: "research", name: "教研活动", count: 1 },
      ].sort((a, b) => mine.activity_by_type.findIndex((x) => x.type === a.type) - mine.activity_by_type.findIndex((x) => x.type === b.type)),
    );
    const platform = await k.ok<HomeStatistics>(CALLS.njyStatistics, { school_id: S }, "pingtai");
    expect(platform).toMatchObject(expected);
    // A teacher of the school: his organization is the school.
    const teacher = await k.ok<HomeStatistics>(CALLS.njyStatistics, {}, "tj_t0");
    expect(teacher).toMatchObject(expected);
  });

  it("the district grew by exactly what was inserted", async () => {
    const after = await k.ok<HomeStatistics>(CALLS.orgStatistics, {}, "quji");
    expect(after.scope).toMatchObject({ kind: "region", id: xingqing, level: 3 });
    for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
      // member_count counts distinct people: the new school's members are all new accounts.
      expect(after[key] - before[key], key).toBe(expected[key]);
    }
    const narrowed = await k.ok<HomeStatistics>(CALLS.orgStatistics, { region_id: xingqing }, "pingtai");
    expect(narrowed).toMatchObject(Object.fromEntries(Object.keys(expected).map((key) => [key, after[key as keyof typeof expected]])));
  });

  it("refuses what lies outside the caller's organization", async () => {
    await k.refused(CALLS.orgStatistics, { school_id: S }, "xiaoji", 403, /不在您的组织范围内/);
    await k.refused(CALLS.orgStatistics, { region_id: xixia }, "quji", 403, /不在您的组织范围内/);
    await k.refused(CALLS.njyStatistics, { region_id: xingqing }, "zhanglaoshi", 403);
    await k.refused(CALLS.orgStatistics, { school_id: 999999 }, "pingtai", 404, "学校不存在");
    await k.refused(CALLS.orgStatistics, { region_id: 999999 }, "pingtai", 404, "区域不存在");
    await k.refused(CALLS.orgStatistics, { school_id: "abc" }, "pingtai", 400, /学校/);
  });
});

describe("census, trends and ranking (c345–c347)", () => {
  it("c345: the district's schools with their counts; the platform's regions", async () => {
    const c = await k.ok<Census>(CALLS.statCensus, {}, "quji");
    expect(c.regions).toEqual([]);
    const row = c.schools.find((x) => x.id === S);
    expect(row).toEqual({
      kind: "school",
      id: S,
      name: "兴庆区统计测试学校",
      level: 0,
      school_count: 1,
      teacher_count: 3,
      community_count: 2,
      member_count: 3,
      activity_count: 3,
      article_count: 6,
    });
    expect(c.totals.school_count).toBe(c.schools.length);
    expect(c.totals.teacher_count).toBe(c.schools.reduce((a, x) => a + x.teacher_count, 0));
    const p = await k.ok<Census>(CALLS.statCensus, {}, "pingtai");
    expect(p.regions.map((r) => r.id)).toEqual([province]);
    const prov = await k.ok<Census>(CALLS.statCensus, { region_id: province }, "pingtai");
    expect(prov.regions.length).toBe(2);
    expect(prov.regions.every((r) => r.kind === "region" && r.level === 2)).toBe(true);
    expect(prov.regions.reduce((a, r) => a + r.school_count, 0)).toBe(prov.totals.school_count);
    await k.refused(CALLS.statCensus, { region_id: province }, "quji", 403);
  });

  it("c346: activities per month by type over the window", async () => {
    const nums = await k.ok<ActivityNums>(CALLS.statActivityNums, { school_id: S, months: 3 }, "quji");
    expect(nums.labels).toHaveLength(3);
    expect(nums.labels[2]).toBe(wire(new Date(now)).slice(0, 7));
    // What the test expects from its own rows: each visible activity started in one of the 3 months counts there.
    const want = new Map<string, number>();
    for (const start of [new Date(now - HOUR), new Date(now + 3 * DAY), new Date(now - 5 * DAY)]) {
      const m = wire(start).slice(0, 7);
      if (nums.labels.includes(m)) want.set(m, (want.get(m) ?? 0) + 1);
    }
    expect(nums.total).toEqual(nums.labels.map((m) => want.get(m) ?? 0));
    const listen = nums.series.find((x) => x.type === "listen")!;
    expect(listen.name).toBe("听评课");
    expect(listen.data[nums.labels.indexOf(wire(new Date(now - 5 * DAY)).slice(0, 7))]).toBe(1);
    await k.refused(CALLS.statActivityNums, { months: 25 }, "quji", 400, /月数/);
  });

  it("c347: schools, teachers and communities ranked over the window", async () => {
    const schools = await k.ok<Ranking>(CALLS.statRanking, { school_id: S, target: "school", days: 30 }, "quji");
    // Started within the last 30 days and not in the future: the running one and the ended one.
    expect(schools.list).toEqual([{ rank: 1, id: S, name: "兴庆区统计测试学校", school_name: "兴庆区统计测试学校", activity_count: 2, extra_count: 2 }]);
    const teachers = await k.ok<Ranking>(CALLS.statRanking, { school_id: S, target: "teacher", days: 30 }, "quji");
    // t1: created the ended one, takes part in the running one; t0 created the running one; t2 takes part in it.
    expect(teachers.list.map((r) => [r.id, r.activity_count, r.extra_count])).toEqual([
      [t[1], 2, 1],
      [t[0], 1, 1],
      [t[2], 1, 0],
    ]);
    expect(teachers.total).toBe(3);
    const comms = await k.ok<Ranking>(CALLS.statRanking, { school_id: S, target: "community", days: 30 }, "quji");
    expect(comms.list.map((r) => [r.id, r.activity_count])).toEqual([
      [A, 1],
      [B, 1],
    ]);
    const page2 = await k.ok<Ranking>(CALLS.statRanking, { school_id: S, target: "teacher", days: 30, limit: 2, page: 2 }, "quji");
    expect(page2.list.map((r) => [r.rank, r.id])).toEqual([[3, t[2]]]);
    await k.refused(CALLS.statRanking, { target: "class" }, "quji", 400, /排行对象/);
    await k.refused(CALLS.statRanking, { days: 0 }, "quji", 400, /统计天数/);
    await k.refused(CALLS.statRanking, { school_id: S }, "zhaolaoshi", 403);
  });
});

describe("home page (c339–c344)", () => {
  it("c339: a month's calendar holds each activity on the days it takes place", async () => {
    const month = wire(new Date(now)).slice(0, 7);
    const cal = await k.ok<ActivitySchedule>(CALLS.njyActivitySchedule, {}, "tj_t0");
    expect(cal.month).toBe(month);
    const [y, m] = month.split("-").map(Number) as [number, number];
    expect(cal.days).toHaveLength(new Date(Date.UTC(y, m, 0)).getUTCDate());
    const day = wire(new Date(now - HOUR)).slice(0, 10);
    for (const d of cal.days) {
      const has = d.list.some((x) => x.id === act.running);
      const spans = d.date === day || d.date === wire(new Date(now + HOUR)).slice(0, 10);
      expect(has, d.date).toBe(spans);
      expect(d.list.some((x) => x.id === act.hidden)).toBe(false);
      expect(d.count).toBeGreaterThanOrEqual(d.list.length);
    }
    // Exactly the test's own visible activities of the school, on each day they overlap (Shanghai days).
    const mine = [
      [now - HOUR, now + HOUR],
      [now + 3 * DAY, now + 3 * DAY + HOUR],
      [now - 5 * DAY, now - 5 * DAY + HOUR],
    ];
    const dayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
    for (const d of cal.days) {
      const want = mine.filter(([a, b]) => a! < dayStart(d.date) + DAY && b! >= dayStart(d.date)).length;
      expect(d.count, d.date).toBe(want);
    }
    expect(cal.total).toBe(mine.filter(([a, b]) => a! < dayStart(cal.days.at(-1)!.date) + DAY && b! >= dayStart(cal.days[0]!.date)).length);
    const typed = await k.ok<ActivitySchedule>(CALLS.njyActivitySchedule, { type: "listen" }, "tj_t0");
    expect(typed.days.flatMap((d) => d.list).every((x) => x.type === "listen")).toBe(true);
    await k.refused(CALLS.njyActivitySchedule, { month: "2026-13" }, "tj_t0", 400, /月份/);
  });

  it("c340: recommended communities first, with their counts", async () => {
    const r = await k.ok<Page<CommunityCard>>(CALLS.njyRecommendCommunityList, { limit: 100 }, "zhaolaoshi");
    const i = r.list.findIndex((x) => x.id === A);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(r.list.slice(0, i).every((x) => x.is_recommend === 1)).toBe(true);
    expect(r.list[i]).toMatchObject({
      name: "统计教研社区",
      member_count: 3,
      activity_count: 2,
      article_count: 4,
      type_name: "教研社区",
      owner_name: "统计甲",
    });
    const firstPlain = r.list.findIndex((x) => x.is_recommend === 0);
    if (firstPlain >= 0) expect(r.list.slice(firstPlain).every((x) => x.is_recommend === 0)).toBe(true);
    await k.refused(CALLS.njyRecommendCommunityList, { page: 0 }, "zhaolaoshi", 400, /页码/);
  });

  it("c341 lists upcoming and running activities soonest first; c344 by type", async () => {
    const r = await k.ok<Page<ActivityRow>>(CALLS.njyActivityList, { limit: 100 }, "tj_t0");
    const ids = r.list.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([act.running, act.upcoming]));
    expect(ids).not.toContain(act.ended);
    expect(r.list.every((x) => x.phase !== "ended")).toBe(true);
    const starts = r.list.map((x) => x.start_time);
    expect([...starts].sort()).toEqual(starts);
    const up = await k.ok<Page<ActivityRow>>(CALLS.njyActivityList, { phase: "upcoming", limit: 100 }, "tj_t0");
    expect(up.list.map((x) => x.id)).toContain(act.upcoming);
    expect(up.list.map((x) => x.id)).not.toContain(act.running);
    await k.refused(CALLS.njyActivityList, { phase: "ended" }, "tj_t0", 400, /活动状态/);
    const listen = await k.ok<Page<ActivityRow>>(CALLS.njyGetActivityList, { type: "listen", limit: 100 }, "tj_t0");
    expect(listen.list.map((x) => x.id)).toContain(act.ended);
    expect(listen.list.every((x) => x.type === "listen")).toBe(true);
    await k.refused(CALLS.njyGetActivityList, { type: "x" }, "tj_t0", 400, /活动类型/);
  });

  it("c342: the latest events of displayed communities, with names", async () => {
    const hidden = await insertCommunity(k.db, { name: "不展示的社区", owner: k.id.zhaolaoshi!, is_display: 0 });
    await k.db.insert(communityLog).values({ community_id: hidden, account_id: k.id.zhaolaoshi!, action: "article.save", content: "秘密" });
    const a = await k.ok<ActivityDetail>(
      CALLS.activitySave,
      { community_id: A, name: "动态里的活动", start_time: wire(new Date(now + DAY)), end_time: wire(new Date(now + DAY + HOUR)) },
      "tj_t0",
    );
    const d = await k.ok<Page<DynamicRow>>(CALLS.njyPlatformDynamics, { limit: 5 }, "zhaolaoshi");
    expect(d.list[0]).toMatchObject({
      community_id: A,
      community_name: "统计教研社区",
      account_id: t[0],
      account_name: "统计甲",
      action: "activity.save",
      action_name: "发起了活动",
      target_id: a.id,
    });
    expect(d.list.some((x) => x.community_id === hidden)).toBe(false);
    const ids = d.list.map((x) => x.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    await k.ok(CALLS.activityDelete, { id: a.id }, "tj_t0");
  });

  it("c343: no training programmes until #12", async () => {
    expect(await k.ok(CALLS.njyGetTrainList, {}, "zhaolaoshi")).toEqual({ list: [], total: 0, page: 1, limit: 10 });
    await k.refused(CALLS.njyGetTrainList, { limit: 0 }, "zhaolaoshi", 400);
  });
});

describe("organization (c349–c357)", () => {
  it("c349: provinces → cities → districts → schools", async () => {
    const top = await k.ok<Page<UnitCount>>(CALLS.orgJuniorList, {}, "pingtai");
    expect(top.list.map((x) => x.id)).toEqual([province]);
    const cities = await k.ok<Page<UnitCount>>(CALLS.orgJuniorList, { region_id: province }, "pingtai");
    expect(cities.total).toBe(2);
    const schools = await k.ok<Page<UnitCount>>(CALLS.orgJuniorList, { limit: 100 }, "quji");
    const row = schools.list.find((x) => x.id === S);
    expect(row).toMatchObject({ kind: "school", teacher_count: 3, community_count: 2, member_count: 3, activity_count: 3, article_count: 6 });
    const kw = await k.ok<Page<UnitCount>>(CALLS.orgJuniorList, { keyword: "统计测试" }, "quji");
    expect(kw.list.map((x) => x.id)).toEqual([S]);
    expect(await k.ok<Page<UnitCount>>(CALLS.orgJuniorList, {}, "xiaoji")).toMatchObject({ list: [], total: 0 });
    await k.refused(CALLS.orgJuniorList, { region_id: xixia }, "quji", 403);
  });

  it("c350 / c351: the organization's activities and communities", async () => {
    const acts = await k.ok<Page<ActivityRow>>(CALLS.orgActivityList, { school_id: S, limit: 100 }, "quji");
    expect(acts.list.map((x) => x.id).sort()).toEqual([act.running, act.upcoming, act.ended].sort());
    const typed = await k.ok<Page<ActivityRow>>(CALLS.orgActivityList, { school_id: S, type: "preparation" }, "quji");
    expect(typed.list.map((x) => x.id)).toEqual([act.upcoming]);
    await k.refused(CALLS.orgActivityList, { school_id: S }, "xiaoji", 403);
    const comms = await k.ok<Page<CommunityCard>>(CALLS.orgCommunityList, { school_id: S }, "quji");
    expect(comms.list.map((x) => x.id).sort()).toEqual([A, B].sort());
    const studios = await k.ok<Page<CommunityCard>>(CALLS.orgCommunityList, { school_id: S, type: 2 }, "quji");
    expect(studios.list.map((x) => x.id)).toEqual([B]);
    await k.refused(CALLS.orgCommunityList, { type: -1 }, "quji", 400);
  });

  it("c352: members of the organization's communities, one row each", async () => {
    const r = await k.ok<Page<CommunityAccountRow>>(CALLS.orgCommunityAccountList, { school_id: S }, "quji");
    expect(r.total).toBe(3);
    const counts = Object.fromEntries(r.list.map((x) => [x.account_id, x.community_count]));
    expect(counts).toEqual({ [t[0]!]: 2, [t[1]!]: 2, [t[2]!]: 1 });
    expect(r.list.find((x) => x.account_id === t[2])!.community_names).toEqual(["统计教研社区"]);
    const one = await k.ok<Page<CommunityAccountRow>>(CALLS.orgCommunityAccountList, { school_id: S, community_id: B }, "quji");
    expect(one.list.map((x) => x.account_id).sort()).toEqual([t[0], t[1]].sort());
    await k.refused(CALLS.orgCommunityAccountList, { school_id: S }, "zhanglaoshi", 403);
  });

  it("c353: the caller's province, city, district and school", async () => {
    const z = await k.ok<MyOrganization>(CALLS.myOrganization, {}, "zhanglaoshi");
    expect(z.province?.name).toBe("宁夏回族自治区");
    expect(z.city?.name).toBe("银川市");
    expect(z.district?.id).toBe(xingqing);
    expect(z.school?.name).toBe("银川市第一中学");
    expect(z.scope.kind).toBe("school");
    const q = await k.ok<MyOrganization>(CALLS.myOrganization, {}, "quji");
    expect(q).toMatchObject({ school: null, district: { id: xingqing }, scope: { kind: "region", id: xingqing } });
    const p = await k.ok<MyOrganization>(CALLS.myOrganization, {}, "pingtai");
    expect(p).toMatchObject({ province: null, school: null, scope: { kind: "all" } });
  });

  it("c354 / c355: teachers of a region and of a school with their activity counts", async () => {
    const r = await k.ok<Page<OrgTeacherRow>>(CALLS.orgRegionAccountList, { school_id: S }, "quji");
    expect(r.list.map((x) => x.id)).toEqual(t);
    expect(r.list.map((x) => [x.created_count, x.involved_count, x.community_count])).toEqual([
      [2, 0, 2],
      [1, 1, 2],
      [0, 1, 1],
    ]);
    const kw = await k.ok<Page<OrgTeacherRow>>(CALLS.orgRegionAccountList, { keyword: "统计丙" }, "quji");
    expect(kw.list.map((x) => x.id)).toEqual([t[2]]);
    const s = await k.ok<Page<OrgTeacherRow>>(CALLS.orgTeacherList, { school_id: S }, "quji");
    expect(s.list.map((x) => x.id)).toEqual([t[0], t[1], t[2]]);
    const own = await k.ok<Page<OrgTeacherRow>>(CALLS.orgTeacherList, {}, "tj_t0");
    expect(own.total).toBe(3);
    await k.refused(CALLS.orgTeacherList, { school_id: S }, "zhanglaoshi", 403);
    await k.refused(CALLS.orgTeacherList, {}, "pingtai", 400, /请选择学校/);
  });

  it("c356 / c357: activity counts per community and per teacher", async () => {
    const c = await k.ok<Page<CommunityActivityCount>>(CALLS.orgCommunityActivityList, { school_id: S }, "quji");
    expect(c.list.map((x) => [x.id, x.activity_count, x.member_count])).toEqual([
      [A, 2, 3],
      [B, 1, 2],
    ]);
    expect(c.list[0]!.by_type).toEqual({ research: 1, preparation: 1 });
    const recent = await k.ok<Page<CommunityActivityCount>>(CALLS.orgCommunityActivityList, { school_id: S, days: 3 }, "quji");
    expect(recent.list.map((x) => [x.id, x.activity_count])).toEqual([
      [A, 2],
      [B, 0],
    ]);
    const te = await k.ok<Page<TeacherActivityCount>>(CALLS.orgTeacherActivityList, { school_id: S }, "quji");
    expect(te.list.map((x) => [x.account_id, x.created_count, x.involved_count, x.total])).toEqual([
      [t[0], 2, 0, 2],
      [t[1], 1, 1, 2],
      [t[2], 0, 1, 1],
    ]);
    await k.refused(CALLS.orgTeacherActivityList, { days: -1 }, "quji", 400, /统计天数/);
    await k.refused(CALLS.orgCommunityActivityList, { school_id: S }, "xiaoji", 403);
  });
});

describe("refusals of every call", () => {
  it("bad input answers 400 with the field's Chinese name; outside the organization 403; no session is refused", async () => {
    await k.refused(CALLS.njyStatistics, { region_id: "x" }, "quji", 400, /区域/);
    await k.refused(CALLS.njyPlatformDynamics, { limit: 0 }, "quji", 400, /每页条数/);
    await k.refused(CALLS.statCensus, { school_id: -3 }, "quji", 400, /学校/);
    await k.refused(CALLS.statActivityNums, { school_id: S }, "xiaoji", 403);
    await k.refused(CALLS.orgJuniorList, { page: "a" }, "quji", 400, /页码/);
    await k.refused(CALLS.orgActivityList, { phase: "x" }, "quji", 400, /活动状态/);
    await k.refused(CALLS.orgCommunityList, { school_id: S }, "zhaolaoshi", 403);
    await k.refused(CALLS.orgCommunityAccountList, { community_id: "x" }, "quji", 400, /社区id/);
    await k.refused(CALLS.orgRegionAccountList, { region_id: xixia }, "quji", 403);
    await k.refused(CALLS.orgRegionAccountList, { keyword: "x".repeat(61) }, "quji", 400, /姓名/);
    await k.refused(CALLS.orgTeacherList, { school_id: 999999 }, "pingtai", 404, "学校不存在");
    await k.refused(CALLS.orgCommunityActivityList, { days: "x" }, "quji", 400, /统计天数/);
    await k.refused(CALLS.orgTeacherActivityList, { region_id: xixia }, "quji", 403);
    for (const path of [CALLS.njyActivitySchedule, CALLS.myOrganization, CALLS.statRanking]) {
      const r = await k.s.call(path, {});
      expect(r.code, path).not.toBe(200);
    }
  });

  it("the public home's calls answer anonymous visitors: platform-wide totals, the same as a platform administrator's", async () => {
    const anon = await k.s.call<{ community_count: number; teacher_count: number; school_count: number }>(CALLS.njyStatistics, { school_id: S });
    expect(anon.code, anon.msg).toBe(200);
    const admin = await k.s.call<{ community_count: number; teacher_count: number; school_count: number }>(
      CALLS.njyStatistics,
      {},
      (await k.s.login("pingtai", "Demo12345")).token,
    );
    // Anonymous visitors get the platform's totals whatever they ask to narrow.
    expect(anon.data.community_count).toBe(admin.data.community_count);
    expect(anon.data.teacher_count).toBe(admin.data.teacher_count);
    expect(anon.data.school_count).toBe(admin.data.school_count);
    for (const path of [CALLS.njyRecommendCommunityList, CALLS.njyPlatformDynamics, CALLS.njyGetTrainList]) {
      const r = await k.s.call(path, {});
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
    }
  });
});
