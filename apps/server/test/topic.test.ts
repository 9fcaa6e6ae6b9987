/**
 * Topics (专题), the public video lists and the hub's review activities (#11; docs/api/topic.md) through the real wire:
 * every call's success, Chinese 400, 403 and 404; candidates never offer private things of other schools; the public
 * video list holds exactly the videos made public in each of the four ways. Videos, courses, analyses, listen records
 * and review works are inserted directly (their calls are other modules').
 */
import {
  CALLS,
  type Envelope,
  type Page,
  type SessionInfo,
  type TopicCandidate,
  type TopicDetail,
  type TopicEventsAnswer,
  type TopicRow,
  type VideoRow,
  type WebVideoCard,
  type WebVideoFilters,
} from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { listenEvaluate, listenEvaluation } from "../src/modules/listen/listen.schema.js";
import { courseResource, courseResourceBind } from "../src/modules/resource/resource.schema.js";
import { reviewActivity, reviewWork } from "../src/modules/review/review.schema.js";
import { seedTopicDemo } from "../src/modules/topic/topic.demo.js";
import { topic, topicItem } from "../src/modules/topic/topic.schema.js";
import type { FrontDemoDeps } from "../src/modules/portal/front.demo.js";
import { video } from "../src/modules/video/video.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const v: Record<string, number> = {};
let coursePub = 0;
let courseDraftOther = 0;
let courseDraftMine = 0;
let listenPub = 0;
let listenPriv = 0;
let analysisPub = 0;
let analysisPrivOther = 0;
let workPub = 0;
let workEarlyOther = 0;
let activityOpen = 0;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "quji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const one = who.xiaoji!.school_id;
  const two = who.zhaolaoshi!.school_id;
  const zhang = who.zhanglaoshi!.account_id;
  const li = who.lilaoshi!.account_id;
  const zhao = who.zhaolaoshi!.account_id;
  const mk = async (key: string, account_id: number, school_id: number) => {
    const [r] = await db.insert(video).values({ name: key, account_id, school_id, source: "upload", file_id: 0, status: "ready" }).returning({ id: video.id });
    v[key] = r!.id;
  };
  await mk("课程视频", zhang, one);
  await mk("草稿课程视频", zhao, two);
  await mk("专题视频", li, one);
  await mk("分析视频", zhang, one);
  await mk("未公开分析视频", zhao, two);
  await mk("作品视频", zhao, two);
  await mk("报名期作品视频", zhao, two);
  await mk("私有视频", zhao, two);

  const [c1] = await db
    .insert(courseResource)
    .values({ name: "公开的语文课程", school_id: one, account_id: zhang, status: 1, level: 1 })
    .returning({ id: courseResource.id });
  coursePub = c1!.id;
  const [lesson] = await db
    .insert(courseResource)
    .values({ name: "第一课时", pid: coursePub, top_id: coursePub, level: 3, school_id: one, account_id: zhang, status: 0 })
    .returning({ id: courseResource.id });
  await db.insert(courseResourceBind).values({ course_id: lesson!.id, resources_id: v.课程视频!, resources_type: 1, title: "课程视频" });
  const [c2] = await db
    .insert(courseResource)
    .values({ name: "二中的草稿课程", school_id: two, account_id: zhao, status: 0, level: 1 })
    .returning({ id: courseResource.id });
  courseDraftOther = c2!.id;
  await db.insert(courseResourceBind).values({ course_id: courseDraftOther, resources_id: v.草稿课程视频!, resources_type: 1 });
  const [c3] = await db
    .insert(courseResource)
    .values({ name: "一中的草稿课程", school_id: one, account_id: zhang, status: 0, level: 1 })
    .returning({ id: courseResource.id });
  courseDraftMine = c3!.id;

  const base = { account_id: zhang, creator_id: zhang, source: "local", status: 2 };
  const [a1] = await db
    .insert(analysisCourse)
    .values({ ...base, video_id: v.分析视频!, name: "已公开的分析", school_id: one, publish_status: 1 })
    .returning({ id: analysisCourse.id });
  analysisPub = a1!.id;
  const [a2] = await db
    .insert(analysisCourse)
    .values({ ...base, account_id: zhao, creator_id: zhao, video_id: v.未公开分析视频!, name: "二中未公开的分析", school_id: two, publish_status: 0 })
    .returning({ id: analysisCourse.id });
  analysisPrivOther = a2!.id;

  const now = Date.now();
  const [r2] = await db
    .insert(reviewActivity)
    .values({ title: "二中优质课评选", school_id: two, phase: 2, signup_start: new Date(now - 86_400_000), review_end: new Date(now + 10 * 86_400_000) })
    .returning({ id: reviewActivity.id });
  activityOpen = r2!.id;
  const [r1] = await db.insert(reviewActivity).values({ title: "二中报名中的活动", school_id: two, phase: 1 }).returning({ id: reviewActivity.id });
  const [w1] = await db
    .insert(reviewWork)
    .values({ activity_id: activityOpen, account_id: zhao, school_id: two, title: "赵老师的参评课", video_id: v.作品视频! })
    .returning({ id: reviewWork.id });
  workPub = w1!.id;
  const [w2] = await db
    .insert(reviewWork)
    .values({ activity_id: r1!.id, account_id: zhao, school_id: two, title: "报名期作品", video_id: v.报名期作品视频! })
    .returning({ id: reviewWork.id });
  workEarlyOther = w2!.id;

  const [l1] = await db
    .insert(listenEvaluate)
    .values({ name: "公开的听评课", account_id: zhang, school_id: one, open_model: 1, start_time: new Date(now), end_time: new Date(now + 3600_000) })
    .returning({ id: listenEvaluate.id });
  listenPub = l1!.id;
  await db.insert(listenEvaluation).values([
    { record_id: listenPub, account_id: li, total_score: 90, status: 1 },
    { record_id: listenPub, account_id: zhao, total_score: 81, status: 1 },
    { record_id: listenPub, account_id: who.wanglaoshi?.account_id ?? zhang, total_score: 10, status: 0 },
  ]);
  const [l2] = await db
    .insert(listenEvaluate)
    .values({ name: "赵老师的私密听课", account_id: zhao, school_id: two, open_model: 3, start_time: new Date(now), end_time: new Date(now + 3600_000) })
    .returning({ id: listenEvaluate.id });
  listenPriv = l2!.id;
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
async function refused(path: string, payload: Record<string, unknown>, user: string | undefined, code: number, msg?: RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (msg) expect(r.msg).toMatch(msg);
}

let mine = 0;
let platformTopic = 0;

describe("managing topics", () => {
  it("save: administrators in their scope; teachers 403; Chinese 400", async () => {
    const t = await ok<TopicRow>(CALLS.topicSave, { title: " 双减背景下的作业设计 ", description: "作业设计案例" }, "xiaoji");
    mine = t.id;
    expect(t).toMatchObject({
      title: "双减背景下的作业设计",
      status: 0,
      status_name: "草稿",
      school_id: who.xiaoji!.school_id,
      item_count: 0,
      account_name: "一中教务主任",
    });
    await refused(CALLS.topicSave, { title: "教师的专题" }, "zhanglaoshi", 403, /教师不能创建/);
    await refused(CALLS.topicSave, { title: "  " }, "xiaoji", 400, /请输入专题名称/);
    await refused(CALLS.topicSave, { title: "二中专题", school_id: who.zhaolaoshi!.school_id }, "xiaoji", 403, /只能为本校/);
    await refused(CALLS.topicSave, { title: "二中专题", school_id: who.zhaolaoshi!.school_id }, "quji", 403, /不在您的管理范围/);
    await refused(CALLS.topicSave, { title: "x", school_id: 999_999 }, "pingtai", 400, /学校/);
    const d = await ok<TopicRow>(CALLS.topicSave, { title: "区县专题" }, "quji");
    expect(d).toMatchObject({ school_id: 0, region_code: who.quji!.region_code || expect.any(String) });
    const p = await ok<TopicRow>(CALLS.topicSave, { title: "平台专题" }, "pingtai");
    platformTopic = p.id;
  });

  it("list: the caller's scope only; update only the fields sent; 403/404", async () => {
    const x = await ok<Page<TopicRow>>(CALLS.topicList, {}, "xiaoji");
    expect(x.list.map((t) => t.title)).toEqual(["双减背景下的作业设计"]);
    const q = await ok<Page<TopicRow>>(CALLS.topicList, {}, "quji");
    expect(q.list.map((t) => t.title).sort()).toEqual(["区县专题", "双减背景下的作业设计"].sort());
    const p = await ok<Page<TopicRow>>(CALLS.topicList, { keyword: "平台" }, "pingtai");
    expect(p.list.map((t) => t.title)).toEqual(["平台专题"]);
    await refused(CALLS.topicList, {}, "zhanglaoshi", 403);
    await refused(CALLS.topicList, { status: 3 }, "xiaoji", 400, /状态只能是/);
    await refused(CALLS.topicList, {}, undefined, 1025);

    const u = await ok<TopicRow>(CALLS.topicUpdate, { id: mine, description: "改过的简介" }, "xiaoji");
    expect(u).toMatchObject({ title: "双减背景下的作业设计", description: "改过的简介" });
    await refused(CALLS.topicUpdate, { id: mine, title: "" }, "xiaoji", 400, /请输入专题名称/);
    await refused(CALLS.topicUpdate, { id: platformTopic, title: "改" }, "xiaoji", 403, /无权管理/);
    await refused(CALLS.topicUpdate, { id: 999_999, title: "改" }, "xiaoji", 404, /专题不存在/);
    await refused(CALLS.topicDetail, { id: platformTopic }, "quji", 403);
    await refused(CALLS.topicDetail, { id: 999_999 }, "quji", 404);
    await refused(CALLS.topicDetail, { id: "x" }, "quji", 400);
  });

  it("candidates: public things and the caller's scope, never another school's private ones", async () => {
    const names = async (item_type: number, user = "xiaoji") =>
      (await ok<Page<TopicCandidate>>(CALLS.topicCandidates, { item_type, limit: 100 }, user)).list.map((c) => c.name).sort();
    // Videos: school one's own, and the public ones of school two (a published course, a review work in phase 2).
    expect(await names(1)).toEqual(["专题视频", "作品视频", "分析视频", "课程视频"].sort());
    expect(await names(2)).toEqual(["一中的草稿课程", "公开的语文课程"].sort());
    expect(await names(3)).toEqual(["已公开的分析"]);
    expect(await names(4)).toEqual(["公开的听评课"]);
    expect(await names(5)).toEqual(["赵老师的参评课"]);
    // The platform sees everything.
    expect(await names(1, "pingtai")).toContain("私有视频");
    expect(await names(5, "pingtai")).toContain("报名期作品");
    const kw = await ok<Page<TopicCandidate>>(CALLS.topicCandidates, { item_type: 1, keyword: "专题" }, "xiaoji");
    expect(kw.list.map((c) => c.name)).toEqual(["专题视频"]);
    await refused(CALLS.topicCandidates, { item_type: 9 }, "xiaoji", 400, /内容类型只能是/);
    await refused(CALLS.topicCandidates, { item_type: 1 }, "zhanglaoshi", 403);
    await refused(CALLS.topicCandidates, { item_type: 1, id: 999_999 }, "xiaoji", 404);
  });

  it("items: add (only candidates), sort, remove; publish needs items", async () => {
    await refused(CALLS.topicSetStatus, { id: mine, status: 1 }, "xiaoji", 400, /还没有内容/);
    await refused(CALLS.topicItemsAdd, { id: mine, item_type: 1, item_ids: [v.专题视频!, v.私有视频!] }, "xiaoji", 404, /无权加入/);
    await refused(CALLS.topicItemsAdd, { id: mine, item_type: 2, item_ids: [courseDraftOther] }, "xiaoji", 404);
    await refused(CALLS.topicItemsAdd, { id: mine, item_type: 4, item_ids: [listenPriv] }, "xiaoji", 404);
    await refused(CALLS.topicItemsAdd, { id: mine, item_type: 3, item_ids: [analysisPrivOther] }, "xiaoji", 404);
    await refused(CALLS.topicItemsAdd, { id: mine, item_type: 5, item_ids: [workEarlyOther] }, "xiaoji", 404);
    await refused(CALLS.topicItemsAdd, { id: mine, item_type: 1, item_ids: [] }, "xiaoji", 400, /请选择要加入的内容/);
    await refused(CALLS.topicItemsAdd, { id: platformTopic, item_type: 1, item_ids: [v.专题视频!] }, "xiaoji", 403);
    await refused(CALLS.topicItemsAdd, { id: 999_999, item_type: 1, item_ids: [v.专题视频!] }, "xiaoji", 404);

    await ok(CALLS.topicItemsAdd, { id: mine, item_type: 1, item_ids: [v.专题视频!] }, "xiaoji");
    await ok(CALLS.topicItemsAdd, { id: mine, item_type: 2, item_ids: [coursePub, courseDraftMine] }, "xiaoji");
    await ok(CALLS.topicItemsAdd, { id: mine, item_type: 3, item_ids: [analysisPub] }, "xiaoji");
    await ok(CALLS.topicItemsAdd, { id: mine, item_type: 4, item_ids: [listenPub] }, "xiaoji");
    const d = await ok<TopicDetail>(CALLS.topicItemsAdd, { id: mine, item_type: 5, item_ids: [workPub, workPub] }, "xiaoji");
    expect(d.items.map((i) => [i.type_name, i.name, i.visible])).toEqual([
      ["视频", "专题视频", true],
      ["课程资源", "公开的语文课程", true],
      ["课程资源", "一中的草稿课程", false],
      ["课堂分析", "已公开的分析", true],
      ["听评课", "公开的听评课", true],
      ["评课作品", "赵老师的参评课", true],
    ]);
    // A course's card plays its first bound video; the listen record's card carries its evaluation summary.
    expect(d.items[1]).toMatchObject({ video_id: v.课程视频, link: `/foreground/courseResourceVideo?id=${coursePub}` });
    expect(d.items[5]).toMatchObject({ video_id: v.作品视频, link: `/foreground/activityWorks?id=${workPub}` });
    expect(d.items[4]).toMatchObject({ eval_count: 2, eval_score: 85.5, link: `/precisionReport?id=${listenPub}` });
    // Adding again skips what is there.
    const again = await ok<TopicDetail>(CALLS.topicItemsAdd, { id: mine, item_type: 1, item_ids: [v.专题视频!] }, "xiaoji");
    expect(again.items).toHaveLength(6);

    const order = [...d.items].reverse().map((i) => i.id);
    const sorted = await ok<TopicDetail>(CALLS.topicItemsSort, { id: mine, item_ids: order }, "xiaoji");
    expect(sorted.items.map((i) => i.id)).toEqual(order);
    await refused(CALLS.topicItemsSort, { id: mine, item_ids: order.slice(1) }, "xiaoji", 400, /全部条目/);
    await refused(CALLS.topicItemsSort, { id: mine, item_ids: [...order.slice(1), 999_999] }, "xiaoji", 404);
    await refused(CALLS.topicItemsSort, { id: mine, item_ids: order }, "zhanglaoshi", 403);

    const draft = d.items.find((i) => i.name === "一中的草稿课程")!;
    const removed = await ok<TopicDetail>(CALLS.topicItemsRemove, { id: mine, item_ids: [draft.id] }, "xiaoji");
    expect(removed.items.map((i) => i.name)).not.toContain("一中的草稿课程");
    await refused(CALLS.topicItemsRemove, { id: mine, item_ids: [draft.id] }, "xiaoji", 404, /不在该专题/);
    await refused(CALLS.topicItemsRemove, { id: mine, item_ids: "x" }, "xiaoji", 400);
    await refused(CALLS.topicItemsRemove, { id: mine, item_ids: [999_999] }, "quji", 404);
    await refused(CALLS.topicItemsRemove, { id: platformTopic, item_ids: [1] }, "quji", 403);

    await ok(CALLS.topicItemsAdd, { id: mine, item_type: 2, item_ids: [courseDraftMine] }, "xiaoji");
    const pub = await ok<TopicRow>(CALLS.topicSetStatus, { id: mine, status: 1 }, "xiaoji");
    expect(pub).toMatchObject({ status: 1, status_name: "已发布", item_count: 6 });
    await refused(CALLS.topicSetStatus, { id: mine, status: 2 }, "xiaoji", 400, /状态只能是/);
    await refused(CALLS.topicSetStatus, { id: mine, status: 0 }, "zhanglaoshi", 403);
    await refused(CALLS.topicSetStatus, { id: 999_999, status: 0 }, "xiaoji", 404);
  });
});

describe("the front site", () => {
  it("/web/topic/list and detail: published only; items the viewer may not see are left out", async () => {
    const anon = await ok<Page<TopicRow>>(CALLS.webTopicList, {});
    expect(anon.list.map((t) => t.title)).toEqual(["双减背景下的作业设计"]);
    expect(anon.list[0]!.type_counts).toEqual({ 1: 1, 2: 2, 3: 1, 4: 1, 5: 1 });
    expect((await ok<Page<TopicRow>>(CALLS.webTopicList, { item_type: 4 })).total).toBe(1);
    expect((await ok<Page<TopicRow>>(CALLS.webTopicList, { keyword: "大单元" })).total).toBe(0);
    await refused(CALLS.webTopicList, { item_type: "x" }, undefined, 400);

    const d = await ok<TopicDetail>(CALLS.webTopicDetail, { id: mine }, "zhanglaoshi");
    // The draft course is left out for everyone on the front site.
    expect(d.items.map((i) => i.name).sort()).toEqual(["专题视频", "公开的语文课程", "公开的听评课", "已公开的分析", "赵老师的参评课"].sort());
    expect(d.can_manage).toBe(false);
    expect(d.view_count).toBe(1);
    expect((await ok<TopicDetail>(CALLS.webTopicDetail, { id: mine, view: 0 })).view_count).toBe(1);
    await refused(CALLS.webTopicDetail, { id: mine, view: 2 }, undefined, 400, /view 只能是/);
    // The private listen record, once in a topic (the platform may add it), is shown only to those who may see it.
    await ok(CALLS.topicItemsAdd, { id: mine, item_type: 4, item_ids: [listenPriv] }, "pingtai");
    expect((await ok<TopicDetail>(CALLS.webTopicDetail, { id: mine })).items.map((i) => i.name)).not.toContain("赵老师的私密听课");
    expect((await ok<TopicDetail>(CALLS.webTopicDetail, { id: mine }, "zhaolaoshi")).items.map((i) => i.name)).toContain("赵老师的私密听课");
    expect((await ok<TopicDetail>(CALLS.webTopicDetail, { id: mine }, "xiaoji")).can_manage).toBe(true);
    await refused(CALLS.webTopicDetail, { id: platformTopic }, undefined, 404);
    await refused(CALLS.webTopicDetail, { id: 999_999 }, undefined, 404);
    await refused(CALLS.webTopicDetail, {}, undefined, 400);
  });

  it("/web/video/list holds exactly the public videos; /web/video/play answers 404 for the others", async () => {
    const list = await ok<Page<WebVideoCard>>(CALLS.webVideoList, { limit: 100 });
    expect(list.list.map((c) => c.name).sort()).toEqual(["专题视频", "作品视频", "分析视频", "课程视频"].sort());
    expect(list.list.find((c) => c.name === "专题视频")!.topics).toEqual([{ id: mine, title: "双减背景下的作业设计" }]);
    const bySchool = await ok<Page<WebVideoCard>>(CALLS.webVideoList, { school_id: who.zhaolaoshi!.school_id });
    expect(bySchool.list.map((c) => c.name)).toEqual(["作品视频"]);
    const byTeacher = await ok<Page<WebVideoCard>>(CALLS.webVideoList, { account_id: who.zhanglaoshi!.account_id });
    expect(byTeacher.list.map((c) => c.name).sort()).toEqual(["分析视频", "课程视频"]);
    const kw = await ok<Page<WebVideoCard>>(CALLS.webVideoList, { keyword: "李老师" });
    expect(kw.list.map((c) => c.name)).toEqual(["专题视频"]);
    expect((await ok<Page<WebVideoCard>>(CALLS.webVideoList, { topic_id: mine })).list.map((c) => c.name)).toEqual(["专题视频"]);
    await refused(CALLS.webVideoList, { period_id: -1 }, undefined, 400, /不能为负数/);

    for (const name of ["专题视频", "作品视频", "分析视频", "课程视频"]) {
      const row = await ok<VideoRow>(CALLS.webVideoPlay, { id: v[name]! });
      expect(row.name).toBe(name);
    }
    for (const name of ["私有视频", "草稿课程视频", "未公开分析视频", "报名期作品视频"])
      await refused(CALLS.webVideoPlay, { id: v[name]! }, undefined, 404, /未公开/);
    await refused(CALLS.webVideoPlay, { id: 0 }, undefined, 400);
    const f = await ok<WebVideoFilters>(CALLS.webVideoFilters, {});
    expect(f.teachers.map((t) => [t.name, t.count]).sort()).toEqual(
      [
        ["张老师", 2],
        ["李老师", 1],
        ["赵老师", 1],
      ].sort(),
    );
    expect(f.schools.reduce((a, b) => a + b.count, 0)).toBe(4);
    await refused(CALLS.webVideoFilters, { period_id: "x" }, undefined, 400);

    // Unpublishing the topic takes its video off the public list.
    await ok(CALLS.topicSetStatus, { id: mine, status: 0 }, "xiaoji");
    await refused(CALLS.webVideoPlay, { id: v.专题视频! }, undefined, 404);
    expect((await ok<Page<WebVideoCard>>(CALLS.webVideoList, {})).total).toBe(3);
    await ok(CALLS.topicSetStatus, { id: mine, status: 1 }, "xiaoji");
  });

  it("/web/topic/events: review activities in the range", async () => {
    const e = await ok<TopicEventsAnswer>(CALLS.webTopicEvents, {});
    expect(e.reviews.map((r) => r.title)).toContain("二中优质课评选");
    expect(e.reviews.find((r) => r.title === "二中优质课评选")).toMatchObject({
      phase: 2,
      phase_name: "提交作品",
      work_count: 1,
      link: `/foreground/activityCourseDetails?id=${activityOpen}`,
    });
    const past = await ok<TopicEventsAnswer>(CALLS.webTopicEvents, { start: "2001-01-01", end: "2001-02-01" });
    expect(past.reviews.map((r) => r.title)).not.toContain("二中优质课评选");
    await refused(CALLS.webTopicEvents, { start: "2026/1/1" }, undefined, 400, /YYYY-MM-DD/);
    await refused(CALLS.webTopicEvents, { start: "2026-02-01", end: "2026-01-01" }, undefined, 400, /不能早于/);
  });

  it("delete: the topic and its items", async () => {
    await refused(CALLS.topicDelete, { id: mine }, "zhanglaoshi", 403);
    await refused(CALLS.topicDelete, { id: platformTopic }, "xiaoji", 403);
    await refused(CALLS.topicDelete, { id: 999_999 }, "xiaoji", 404);
    await refused(CALLS.topicDelete, { id: "" }, "xiaoji", 400);
    await ok(CALLS.topicDelete, { id: platformTopic }, "pingtai");
    expect(await s.database.db.select().from(topic).where(eq(topic.id, platformTopic))).toEqual([]);
  });
});

describe("the demo", () => {
  it("seeds three published topics of the demo school collecting what the earlier steps made", async () => {
    const db = s.database.db;
    const before = (await db.select({ id: topic.id }).from(topic)).map((t) => t.id);
    const d = { db } as unknown as FrontDemoDeps;
    await seedTopicDemo(d, [{ id: v.私有视频!, account_id: who.zhaolaoshi!.account_id, name: "私有视频", subject_id: 0 }]);
    const made = (await db.select().from(topic)).filter((t) => !before.includes(t.id));
    expect(made.map((t) => t.title).sort()).toEqual(["双减背景下的作业设计", "大单元教学实践", "新课标·数学核心素养"].sort());
    expect(made.every((t) => t.status === 1 && t.school_id === who.xiaoji!.school_id)).toBe(true);
    const items = await db.select().from(topicItem);
    const first = made.find((t) => t.title === "双减背景下的作业设计")!;
    const its = items.filter((i) => i.topic_id === first.id).map((i) => [i.item_type, i.item_id]);
    expect(its).toContainEqual([1, v.私有视频]);
    expect(its).toContainEqual([2, coursePub]);
    expect(its).toContainEqual([3, analysisPub]);
    expect(its).toContainEqual([4, listenPub]);
    const list = await ok<Page<TopicRow>>(CALLS.webTopicList, { keyword: "大单元" });
    expect(list.total).toBe(1);
  });
});
