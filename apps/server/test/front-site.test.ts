/**
 * The front site's own calls (#11; docs/api/front.md) over the real wire: the live list shows only classrooms whose
 * current lesson is is_live (anonymous visitors never get a private device's address), bulletins per school (only
 * published platform / web notices), AI-analysed lessons (only published and finished), lesson films (login; only
 * videos of published courses or live replays) and the home page's blocks (only published things).
 */
import {
  CALLS,
  type FrontAnalysisCard,
  type FrontOptions,
  type FrontBulletinDetail,
  type FrontBulletinList,
  type FrontFilmDetail,
  type FrontFilmList,
  type FrontHome,
  type FrontLiveList,
  type Page,
  TIME_ZONE,
} from "@yanke/protocol";
import dayjs from "../src/infra/dayjs.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { equipment } from "../src/modules/equipment/equipment.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { notice } from "../src/modules/notice/notice.schema.js";
import { period, subject } from "../src/modules/org/org.schema.js";
import { recording, timetable } from "../src/modules/recording/recording.schema.js";
import { courseResource, courseResourceBind, resourceViewLog } from "../src/modules/resource/resource.schema.js";
import { reviewActivity } from "../src/modules/review/review.schema.js";
import { topic } from "../src/modules/topic/topic.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { type AKit, startAnalysisKit } from "./analysis-kit.js";

let k: AKit;
let one = 0; // 一中 (xiaoji, zhang)
let two = 0; // 二中 (zhao)
const dev = { pub: 0, priv: 0, idle: 0 };
const vid = { featured: 0, draft: 0, knowledge: 0, replay: 0, plain: 0 };
const ana = { pub: 0, hidden: 0, running: 0 };
const bull = { one: 0, two: 0, draft: 0, community: 0, platform: 0 };
const MIN = 60_000;

const anon = <T>(p: string, payload: Record<string, unknown> = {}) => k.call<T>(p, payload);

async function file(user: string, name: string): Promise<number> {
  const [r] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/front/${Math.random()}/${name}`,
      real_file_name: name,
      file_type: "mp4",
      kind: "video",
      mime: "video/mp4",
      size: 1000,
      sha256: "x",
      module: "video",
      account_id: k.id[user]!,
    })
    .returning({ id: storedFile.id });
  return r!.id;
}
async function addVideo(user: string, name: string, extra: Partial<typeof video.$inferInsert> = {}): Promise<number> {
  const [r] = await k.db
    .insert(video)
    .values({
      name,
      account_id: k.id[user]!,
      school_id: user === "zhaolaoshi" ? two : one,
      source: "upload",
      file_id: await file(user, `${name}.mp4`),
      status: "ready",
      duration: 120,
      ...extra,
    })
    .returning({ id: video.id });
  return r!.id;
}
async function device(code: string, classId: number, live: boolean): Promise<number> {
  const [e] = await k.db
    .insert(equipment)
    .values({
      code,
      position: `${code} 教室`,
      school_id: one,
      new_class_id: classId,
      secret_hash: "x",
      teacher_stream_key: `${code}-t`,
      student_stream_key: `${code}-s`,
      teacher_live: live,
    })
    .returning({ id: equipment.id });
  return e!.id;
}
async function lesson(classId: number, name: string, startMs: number, endMs: number, isLive: number, status = 0): Promise<number> {
  const start = new Date(startMs);
  const [t] = await k.db
    .insert(timetable)
    .values({
      school_id: one,
      class_id: classId,
      course_name: name,
      is_live: isLive,
      currency_date: dayjs(start).tz(TIME_ZONE).format("YYYY-MM-DD"),
      start_at: start,
      end_at: new Date(endMs),
      status,
      account_id: k.id.zhanglaoshi!,
    })
    .returning({ id: timetable.id });
  return t!.id;
}
async function course(user: string, name: string, course_type: number, status: number, videoId: number): Promise<number> {
  const [c] = await k.db
    .insert(courseResource)
    .values({ name, level: 1, pid: 0, course_type, status, school_id: one, account_id: k.id[user]!, course_introduce: `${name}的课程简介` })
    .returning({ id: courseResource.id });
  await k.db.update(courseResource).set({ top_id: c!.id }).where(eq(courseResource.id, c!.id));
  const [u] = await k.db
    .insert(courseResource)
    .values({ name: "第一单元", level: 2, pid: c!.id, top_id: c!.id, course_type, status, school_id: one, account_id: k.id[user]! })
    .returning({ id: courseResource.id });
  await k.db.insert(courseResourceBind).values({ course_id: u!.id, resources_id: videoId, resources_type: 1, title: name, account_id: k.id[user]! });
  return c!.id;
}
async function analysis(name: string, publish: number, status: number, mode: string, videoId: number): Promise<number> {
  const [a] = await k.db
    .insert(analysisCourse)
    .values({
      video_id: videoId,
      name,
      account_id: k.id.zhanglaoshi!,
      creator_id: k.id.zhanglaoshi!,
      school_id: one,
      source: "local",
      status,
      publish_status: publish,
      finished_at: status === 2 ? new Date() : null,
      result: (status === 2 ? { version: 1, duration: 600, st: { available: true, rt: 0.42, ch: 0.31, mode } } : null) as never,
    })
    .returning({ id: analysisCourse.id });
  return a!.id;
}
async function addNotice(user: string, name: string, notice_type: number, status: number, school_id = 0): Promise<number> {
  const [n] = await k.db
    .insert(notice)
    .values({ notice_type, name, message_content: `<p>${name}的<b>正文</b></p>`, status, account_id: k.id[user]!, school_id })
    .returning({ id: notice.id });
  return n!.id;
}

beforeAll(async () => {
  k = await startAnalysisKit();
  one = k.who.xiaoji!.school_id;
  two = k.who.zhaolaoshi!.school_id;
  const now = Date.now();
  // Classrooms: one streaming an is_live lesson, one streaming a lesson that is not live, one with a live lesson but no stream.
  dev.pub = await device("YK-FRONT001", 91001, true);
  dev.priv = await device("YK-FRONT002", 91002, true);
  dev.idle = await device("YK-FRONT003", 91003, false);
  await lesson(91001, "公开直播：圆的面积", now - 10 * MIN, now + 30 * MIN, 1);
  await lesson(91002, "内部教研课（不直播）", now - 10 * MIN, now + 30 * MIN, 0);
  await lesson(91003, "无信号的直播课", now - 10 * MIN, now + 30 * MIN, 1);
  // Later today (Asia/Shanghai), live and cancelled.
  const endOfDay = dayjs(now).tz(TIME_ZONE).endOf("day").valueOf();
  const later = now + Math.min(20 * MIN, Math.floor((endOfDay - now) / 2));
  await lesson(91003, "稍后直播：分数的意义", later, later + 1000, 1);
  await lesson(91003, "已取消的直播", later, later + 1000, 1, 3);
  // Replays: a past is_live lesson's recording became a video; a past lesson that was not live too.
  const pastLive = await lesson(91001, "往期直播：勾股定理", now - 3 * 24 * 60 * MIN, now - 3 * 24 * 60 * MIN + 40 * MIN, 1, 2);
  const pastPlain = await lesson(91002, "往期内部课", now - 2 * 24 * 60 * MIN, now - 2 * 24 * 60 * MIN + 40 * MIN, 0, 2);
  for (const [tid, name, key] of [
    [pastLive, "勾股定理 直播回放", "replay"],
    [pastPlain, "内部课 录像", "plain"],
  ] as const) {
    const [r] = await k.db
      .insert(recording)
      .values({
        record_type: 1,
        timetable_id: tid,
        equipment_id: dev.pub,
        school_id: one,
        account_id: k.id.zhanglaoshi!,
        course_name: name,
        start_at: new Date(now - 3 * 24 * 60 * MIN),
        end_at: new Date(now - 3 * 24 * 60 * MIN + 40 * MIN),
        state: "done",
      })
      .returning({ id: recording.id });
    vid[key] = await addVideo("zhanglaoshi", name, { source: "recording", recording_id: r!.id });
  }
  // Films: a published 公开课, a draft course, a published 视频资源 (微课).
  vid.featured = await addVideo("zhanglaoshi", "圆的面积 公开课");
  vid.draft = await addVideo("lilaoshi", "草稿课程的视频");
  vid.knowledge = await addVideo("wanglaoshi", "三分钟学会通分");
  await course("zhanglaoshi", "圆的面积", 1, 1, vid.featured);
  await course("lilaoshi", "未发布的课程", 3, 0, vid.draft);
  await course("wanglaoshi", "通分微课", 4, 1, vid.knowledge);
  await k.db.insert(resourceViewLog).values([1, 2, 3].map(() => ({ target_type: 1, target_id: vid.featured })));
  // Analyses.
  ana.pub = await analysis("圆的面积 AI分析", 1, 2, "对话型", vid.featured);
  ana.hidden = await analysis("未公开的分析", 0, 2, "讲授型", vid.featured);
  ana.running = await analysis("分析中的课", 1, 1, "讲授型", vid.featured);
  // Bulletins.
  bull.one = await addNotice("xiaoji", "一中期末教研安排", 3, 1);
  bull.two = await addNotice("zhaolaoshi", "二中公开课周通知", 4, 1);
  bull.draft = await addNotice("xiaoji", "一中草稿公告", 3, 0);
  bull.community = await addNotice("xiaoji", "社区内部通知", 2, 1, one);
  bull.platform = await addNotice("pingtai", "平台升级公告", 3, 1);
  // Review activities and topics: drafts stay off the home page.
  await k.db.insert(reviewActivity).values([
    { title: "草稿评课活动", phase: 0, school_id: one },
    { title: "青年教师优质课评比", phase: 2, school_id: one },
  ]);
  await k.db.insert(topic).values([
    { title: "草稿专题", status: 0 },
    { title: "大单元教学专题", status: 1, description: "大单元教学的课例集" },
  ]);
}, 120_000);

afterAll(async () => {
  await k?.s.close();
});

describe("/web/live/list", () => {
  it("lists only classrooms streaming an is_live lesson, with a signed address; never a private device's", async () => {
    const r = await anon<FrontLiveList>(CALLS.frontLiveList, {});
    expect(r.code, r.msg).toBe(200);
    expect(r.data.live.map((x) => x.equipment_id)).toEqual([dev.pub]);
    const row = r.data.live[0]!;
    expect(row.course_name).toBe("公开直播：圆的面积");
    expect(row.state).toBe("live");
    expect(row.hls_url).toContain(`/live/${dev.pub}/teacher/index.m3u8`);
    expect(row.teacher_name).toBe("张老师");
    const text = JSON.stringify(r.data);
    expect(text).not.toContain(`/live/${dev.priv}/`);
    expect(text).not.toContain(`/live/${dev.idle}/`);
    expect(text).not.toContain("内部教研课");
    // Later today: the live lesson, not the cancelled one, and no address.
    expect(r.data.upcoming.map((x) => x.course_name)).toEqual(["稍后直播：分数的意义"]);
    expect(r.data.upcoming[0]!.hls_url).toBe("");
    // Replays: the past live lesson's video only.
    expect(r.data.replays.map((x) => x.id)).toEqual([vid.replay]);
  });

  it("narrows by school, and refuses bad input in Chinese", async () => {
    const r = await anon<FrontLiveList>(CALLS.frontLiveList, { school_id: two });
    expect(r.data.live).toEqual([]);
    expect(r.data.replays).toEqual([]);
    const bad = await anon(CALLS.frontLiveList, { school_id: "abc" });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe("/web/bulletin/*", () => {
  it("lists published platform and web notices per school (the author's school), with the schools as options", async () => {
    const all = await anon<FrontBulletinList>(CALLS.frontBulletinList, {});
    expect(all.code, all.msg).toBe(200);
    const ids = all.data.list.map((x) => x.id).sort((a, b) => a - b);
    expect(ids).toEqual([bull.one, bull.two, bull.platform].sort((a, b) => a - b));
    const s1 = await anon<FrontBulletinList>(CALLS.frontBulletinList, { school_id: one });
    expect(s1.data.list.map((x) => x.id)).toEqual([bull.one]);
    expect(s1.data.list[0]!.excerpt).toBe("一中期末教研安排的正文");
    const s2 = await anon<FrontBulletinList>(CALLS.frontBulletinList, { school_id: two });
    expect(s2.data.list.map((x) => x.id)).toEqual([bull.two]);
    expect(s2.data.list[0]!.school_name).not.toBe("");
    const [pt] = await k.db.select({ school_id: account.school_id }).from(account).where(eq(account.id, k.id.pingtai!));
    const platformSchool = pt!.school_id;
    expect(all.data.schools.find((x) => x.id === platformSchool)?.count).toBeGreaterThanOrEqual(1);
    expect(all.data.schools.find((x) => x.id === one)?.count).toBe(1);
    const byName = await anon<FrontBulletinList>(CALLS.frontBulletinList, { name: "公开课周" });
    expect(byName.data.list.map((x) => x.id)).toEqual([bull.two]);
  });

  it("shows a published bulletin; a draft, a community notice or a missing id is 404", async () => {
    const d = await anon<FrontBulletinDetail>(CALLS.frontBulletinDetail, { id: bull.one });
    expect(d.code, d.msg).toBe(200);
    expect(d.data.message_content).toContain("<b>正文</b>");
    expect(d.data.notice_type_name).toBe("平台公告");
    for (const id of [bull.draft, bull.community, 999_999]) {
      const r = await anon(CALLS.frontBulletinDetail, { id });
      expect(r.code).toBe(404);
    }
    const bad = await anon(CALLS.frontBulletinDetail, {});
    expect(bad.code).toBe(400);
  });
});

describe("/web/analysis/list", () => {
  it("lists only published, finished analyses, with filters that combine", async () => {
    const r = await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, {});
    expect(r.code, r.msg).toBe(200);
    expect(r.data.list.map((x) => x.id)).toEqual([ana.pub]);
    expect(r.data.list[0]).toMatchObject({ mode: "对话型", rt: 0.42, ch: 0.31, account_name: "张老师", duration: 600 });
    expect((await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { mode: "对话型", teacher: "张", school_id: one })).data.total).toBe(1);
    expect((await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { mode: "讲授型" })).data.total).toBe(0);
    expect((await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { school_id: two })).data.total).toBe(0);
    expect((await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { teacher: "赵" })).data.total).toBe(0);
    const bad = await anon(CALLS.frontAnalysisList, { mode: "随便" });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain("教学模式");
  });
});

describe("/web/front/options and the name filters", () => {
  it("answers the schools and the period and subject names; subject_name / period_name filter through them", async () => {
    const o = await anon<FrontOptions>(CALLS.frontOptions, {});
    expect(o.code, o.msg).toBe(200);
    expect(o.data.schools.map((x) => x.id)).toEqual(expect.arrayContaining([one, two]));
    const [sub] = await k.db
      .select({ id: subject.id, name: subject.name, period_id: subject.period_id, period_name: period.name })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(eq(period.school_id, one))
      .limit(1);
    expect(o.data.subjects).toContain(sub!.name);
    expect(o.data.periods).toContain(sub!.period_name);
    expect(new Set(o.data.subjects).size).toBe(o.data.subjects.length);
    await k.db.update(analysisCourse).set({ subject_id: sub!.id, period_id: sub!.period_id }).where(eq(analysisCourse.id, ana.pub));
    await k.db.update(video).set({ subject_id: sub!.id, period_id: sub!.period_id }).where(eq(video.id, vid.featured));
    expect(
      (await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { subject_name: sub!.name, period_name: sub!.period_name })).data.list.map((x) => x.id),
    ).toEqual([ana.pub]);
    expect((await anon<Page<FrontAnalysisCard>>(CALLS.frontAnalysisList, { subject_name: "不存在的学科" })).data.total).toBe(0);
    expect((await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "featured", subject_name: sub!.name }, "zhaolaoshi")).list.map((x) => x.id)).toEqual([
      vid.featured,
    ]);
    expect((await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "featured", subject_name: "不存在的学科" }, "zhaolaoshi")).total).toBe(0);
  });
});

describe("/web/film/*", () => {
  it("needs a session", async () => {
    expect((await anon(CALLS.frontFilmList, {})).code).toBe(1025);
    expect((await anon(CALLS.frontFilmDetail, { id: vid.featured })).code).toBe(1025);
  });

  it("lists each kind: published 公开课/优课 videos, 微课 of 视频资源 courses, replays of live lessons", async () => {
    const f = await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "featured" }, "zhaolaoshi");
    expect(f.list.map((x) => x.id)).toEqual([vid.featured]);
    expect(f.list[0]).toMatchObject({ course_name: "圆的面积", course_type_name: "公开课", views: 3, account_name: "张老师" });
    const kn = await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "knowledge" }, "zhaolaoshi");
    expect(kn.list.map((x) => x.id)).toEqual([vid.knowledge]);
    const rp = await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "replay" }, "zhaolaoshi");
    expect(rp.list.map((x) => x.id)).toEqual([vid.replay]);
    expect((await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "featured", name: "通分" }, "zhaolaoshi")).total).toBe(0);
    expect((await k.ok<FrontFilmList>(CALLS.frontFilmList, { kind: "featured", school_id: two }, "zhaolaoshi")).total).toBe(0);
    const bad = await k.call(CALLS.frontFilmList, { kind: "all" }, "zhaolaoshi");
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain("类别");
  });

  it("shows a film with its course, published analysis and related films; an unpublished one is 404", async () => {
    const d = await k.ok<FrontFilmDetail>(CALLS.frontFilmDetail, { id: vid.featured }, "zhaolaoshi");
    expect(d.film.name).toBe("圆的面积 公开课");
    expect(d.course_introduce).toBe("圆的面积的课程简介");
    expect(d.analysis_id).toBe(ana.pub);
    expect(d.related.map((x) => x.id)).not.toContain(vid.featured);
    for (const id of [vid.draft, vid.plain, 999_999]) expect((await k.call(CALLS.frontFilmDetail, { id }, "zhaolaoshi")).code).toBe(404);
  });
});

describe("/web/front/home", () => {
  it("gives an anonymous visitor only published things", async () => {
    const r = await anon<FrontHome>(CALLS.frontHome, {});
    expect(r.code, r.msg).toBe(200);
    const h = r.data;
    expect(h.live.map((x) => x.equipment_id)).toEqual([dev.pub]);
    expect(h.analyses.map((x) => x.id)).toEqual([ana.pub]);
    expect(h.reviews.map((x) => x.title)).toEqual(["青年教师优质课评比"]);
    expect(h.reviews[0]!.phase_name).toBe("提交作品");
    expect(h.topics.map((x) => x.title)).toEqual(["大单元教学专题"]);
    expect(h.bulletins.map((x) => x.id)).not.toContain(bull.draft);
    expect(h.bulletins.map((x) => x.id)).not.toContain(bull.community);
    expect(h.counts).toMatchObject({ courses: 2, analyses: 1, live: 1 });
    const s2 = await anon<FrontHome>(CALLS.frontHome, { school_id: two });
    expect(s2.data.live).toEqual([]);
    expect(s2.data.bulletins.map((x) => x.id)).toEqual([bull.two]);
  });
});
