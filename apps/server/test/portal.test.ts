/**
 * Big screens, the data cockpit, portraits, online teachers and evaluated lessons (issue #11; docs/api/portal.md).
 * The fixtures (listen records and evaluations with item scores, analyses, videos, devices, resources, review works)
 * are written straight into the tables as plain arrays; every expected number is derived here from those arrays,
 * never read back from the server.
 */
import {
  type AnalysisResult,
  type BigData,
  CALLS,
  Code,
  type EvaluationClassList,
  type EvaluationScreen,
  type OnlineTeachers,
  type SchoolPortrait,
  type TeacherPortrait,
} from "@yanke/protocol";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { equipment } from "../src/modules/equipment/equipment.schema.js";
import { lectureIndicator, listenEvaluation, listenScore } from "../src/modules/listen/listen.schema.js";
import { school } from "../src/modules/org/org.schema.js";
import { courseResource } from "../src/modules/resource/resource.schema.js";
import { reviewActivity, reviewScore, reviewWork } from "../src/modules/review/review.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { type Kit, startKit } from "./activity-kit.js";
import { insertListen, insertScheme } from "./listen-kit.js";

const C = CALLS;
let k: Kit;
const SH = (wall: string) => new Date(`${wall.replace(" ", "T")}:00+08:00`);
const round2 = (v: number) => Math.round(v * 100) / 100;
const mean = (xs: number[]) => (xs.length ? round2(xs.reduce((s, x) => s + x, 0) / xs.length) : null);

type Who = "zhanglaoshi" | "lilaoshi" | "wanglaoshi" | "zhaolaoshi" | "other";
interface Rec {
  key: string;
  school: "one" | "two";
  organiser: Who;
  teacher: Who;
  evaluators: Who[];
  is_type: 1 | 2 | 3;
  scored: boolean;
  open_model: 1 | 2 | 3;
  status: 1 | -1;
  start: string;
}
interface Ev {
  rec: string;
  by: Who;
  status: 0 | 1;
  total: number;
  at: string;
  /** item scores: [目标明确 0–10, 重难点突出 0–10, 环节紧凑 0–5] */
  items?: [number, number, number];
}

const RECS: Rec[] = [
  {
    key: "R1",
    school: "one",
    organiser: "zhanglaoshi",
    teacher: "zhanglaoshi",
    evaluators: ["lilaoshi", "wanglaoshi"],
    is_type: 1,
    scored: true,
    open_model: 1,
    status: 1,
    start: "2026-11-10 09:00",
  },
  {
    key: "R2",
    school: "one",
    organiser: "lilaoshi",
    teacher: "lilaoshi",
    evaluators: ["zhanglaoshi"],
    is_type: 2,
    scored: true,
    open_model: 2,
    status: 1,
    start: "2026-11-12 10:00",
  },
  {
    key: "R3",
    school: "one",
    organiser: "wanglaoshi",
    teacher: "wanglaoshi",
    evaluators: ["zhanglaoshi", "lilaoshi"],
    is_type: 3,
    scored: false,
    open_model: 3,
    status: 1,
    start: "2026-11-15 14:00",
  },
  {
    key: "R4",
    school: "one",
    organiser: "lilaoshi",
    teacher: "lilaoshi",
    evaluators: ["zhanglaoshi"],
    is_type: 2,
    scored: true,
    open_model: 1,
    status: -1,
    start: "2026-11-16 09:00",
  },
  {
    key: "R5",
    school: "two",
    organiser: "zhaolaoshi",
    teacher: "zhaolaoshi",
    evaluators: ["other"],
    is_type: 2,
    scored: true,
    open_model: 3,
    status: 1,
    start: "2026-11-11 08:00",
  },
];
const EVS: Ev[] = [
  { rec: "R1", by: "lilaoshi", status: 1, total: 85, at: "2026-11-10 11:00", items: [8, 9, 4] },
  { rec: "R1", by: "wanglaoshi", status: 1, total: 72, at: "2026-11-10 12:00", items: [6, 7, 3] },
  { rec: "R2", by: "zhanglaoshi", status: 1, total: 93, at: "2026-11-12 10:30", items: [10, 9, 5] },
  { rec: "R2", by: "wanglaoshi", status: 0, total: 40, at: "2026-11-12 11:00" },
  { rec: "R3", by: "zhanglaoshi", status: 1, total: 0, at: "2026-11-15 15:00" },
  { rec: "R3", by: "lilaoshi", status: 1, total: 0, at: "2026-11-15 16:00" },
  { rec: "R4", by: "zhanglaoshi", status: 1, total: 50, at: "2026-11-16 10:00" },
  { rec: "R5", by: "other", status: 1, total: 66, at: "2026-11-11 15:00" },
];
const ANALYSES = [
  { who: "zhanglaoshi" as Who, school: "one", status: 2, publish: 1, st: { rt: 0.2, ch: 0.3, mode: "练习型" as const } },
  { who: "zhanglaoshi" as Who, school: "one", status: 2, publish: 0, st: { rt: 0.5, ch: 0.6, mode: "对话型" as const } },
  { who: "lilaoshi" as Who, school: "one", status: 3, publish: 0, st: null },
  { who: "zhaolaoshi" as Who, school: "two", status: 2, publish: 1, st: { rt: 0.9, ch: 0.1, mode: "讲授型" as const } },
];
const VIDEOS = [
  { who: "zhanglaoshi" as Who, school: "one", status: "ready" },
  { who: "zhanglaoshi" as Who, school: "one", status: "ready" },
  { who: "lilaoshi" as Who, school: "one", status: "processing" },
  { who: "zhaolaoshi" as Who, school: "two", status: "ready" },
];
const DEVICES = [
  { school: "one", online: true },
  { school: "one", online: false },
  { school: "two", online: true },
];
const RESOURCES = [
  { who: "zhanglaoshi" as Who, school: "one", level: 1, status: 1 },
  { who: "lilaoshi" as Who, school: "one", level: 1, status: 0 },
  { who: "zhanglaoshi" as Who, school: "one", level: 2, status: 1 },
];
/** Review activities and works: [school, works: [author, submitted score total or null (draft) ]]. */
const REVIEW = [
  {
    school: "one",
    works: [
      { who: "zhanglaoshi" as Who, score: 88 as number | null },
      { who: "lilaoshi" as Who, score: null },
    ],
  },
  { school: "two", works: [{ who: "zhaolaoshi" as Who, score: 70 as number | null }] },
];

const schools = { one: 0, two: 0 };
const ids: Record<string, number> = {};
const recId: Record<string, number> = {};
const subj = { one: 0, two: 0 };
let baseline: { one: BigData; all: BigData };

const teacherOf = (r: Rec) => r.teacher;
const live = (r: Rec) => r.status === 1;
const submitted = (e: Ev) => e.status === 1 && live(RECS.find((r) => r.key === e.rec)!);
const recOf = (e: Ev) => RECS.find((r) => r.key === e.rec)!;

function expectScreen(inScope: (r: Rec) => boolean) {
  const recs = RECS.filter((r) => live(r) && inScope(r));
  const evs = EVS.filter((e) => submitted(e) && inScope(recOf(e)));
  const scored = evs.filter((e) => recOf(e).scored);
  const members = new Set(recs.flatMap((r) => [r.organiser, r.teacher, ...r.evaluators]));
  return {
    records: recs.length,
    remote: recs.filter((r) => r.is_type === 1).length,
    precise: recs.filter((r) => r.is_type === 2).length,
    onsite: recs.filter((r) => r.is_type === 3).length,
    evaluations: evs.length,
    participants: members.size,
    teachers_evaluated: new Set(evs.map((e) => teacherOf(recOf(e)))).size,
    schools: new Set(recs.map((r) => r.school)).size,
    mean_score: mean(scored.map((e) => e.total)),
    evs,
    scored,
  };
}

beforeAll(async () => {
  k = await startKit();
  const [zh] = await k.db.select().from(account).where(eq(account.id, k.id.zhanglaoshi!));
  const [zo] = await k.db.select().from(account).where(eq(account.id, k.id.zhaolaoshi!));
  schools.one = zh!.school_id;
  schools.two = zo!.school_id;
  subj.one = zh!.subject_id;
  subj.two = zo!.subject_id;
  const [other] = await k.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.school_id, schools.two), eq(account.identity, 2), ne(account.id, k.id.zhaolaoshi!)))
    .limit(1);
  Object.assign(ids, k.id, { other: other!.id });

  baseline = {
    one: await k.ok<BigData>(C.bigData, { school_id: schools.one }, "zhanglaoshi"),
    all: (await k.s.call<BigData>(C.bigData, {})).data,
  };

  const scheme = await insertScheme(k.db, "测试评课量表");
  const items = await k.db
    .select()
    .from(lectureIndicator)
    .where(and(eq(lectureIndicator.root_id, scheme), eq(lectureIndicator.level, 3)));
  const item = (name: string) => items.find((i) => i.name === name)!.id;
  for (const r of RECS) {
    const id = await insertListen(k.db, {
      name: `测试课${r.key}`,
      organiser: ids[r.organiser]!,
      teacher: ids[r.teacher]!,
      evaluators: r.evaluators.map((w) => ids[w]!),
      school_id: schools[r.school],
      is_type: r.is_type,
      open_model: r.open_model,
      status: r.status,
      indicator_id: r.scored ? scheme : 0,
      evaluation_type: r.scored ? 1 : 2,
      subject_id: subj[r.school],
      start_time: SH(r.start),
      end_time: new Date(SH(r.start).getTime() + 2700_000),
    });
    recId[r.key] = id;
  }
  for (const e of EVS) {
    const [row] = await k.db
      .insert(listenEvaluation)
      .values({ record_id: recId[e.rec]!, account_id: ids[e.by]!, total_score: e.total, status: e.status, created_at: SH(e.at), updated_at: SH(e.at) })
      .returning({ id: listenEvaluation.id });
    if (e.items)
      await k.db.insert(listenScore).values([
        { evaluation_id: row!.id, indicator_id: item("目标明确"), score: e.items[0] },
        { evaluation_id: row!.id, indicator_id: item("重难点突出"), score: e.items[1] },
        { evaluation_id: row!.id, indicator_id: item("环节紧凑"), score: e.items[2] },
      ]);
  }
  let n = 0;
  for (const a of ANALYSES) {
    const result = a.st
      ? ({
          version: 1,
          duration: 2400,
          st: { available: true, interval: 30, samples: [], n: 80, nt: 0, ns: 0, runs: 1, rt: a.st.rt, ch: a.st.ch, mode: a.st.mode, curve: [[0, 0]] },
        } as unknown as AnalysisResult)
      : null;
    await k.db.insert(analysisCourse).values({
      video_id: 990000 + ++n,
      name: `分析课${n}`,
      account_id: ids[a.who]!,
      creator_id: ids[a.who]!,
      school_id: schools[a.school as "one" | "two"],
      subject_id: subj[a.school as "one" | "two"],
      source: "local",
      status: a.status,
      publish_status: a.publish,
      result,
      finished_at: a.status === 2 ? new Date() : null,
    });
  }
  for (const v of VIDEOS)
    await k.db.insert(video).values({
      name: `视频${++n}`,
      account_id: ids[v.who]!,
      school_id: schools[v.school as "one" | "two"],
      subject_id: subj[v.school as "one" | "two"],
      source: "upload",
      file_id: 0,
      status: v.status,
    });
  for (const d of DEVICES)
    await k.db.insert(equipment).values({
      code: `YK-P${++n}`,
      school_id: schools[d.school as "one" | "two"],
      secret_hash: `h${n}`,
      teacher_stream_key: `t${n}`,
      student_stream_key: `s${n}`,
      last_heartbeat_at: d.online ? new Date() : null,
    });
  for (const r of RESOURCES)
    await k.db
      .insert(courseResource)
      .values({ name: `资源${++n}`, level: r.level, status: r.status, account_id: ids[r.who]!, school_id: schools[r.school as "one" | "two"] });
  for (const a of REVIEW) {
    const [act] = await k.db
      .insert(reviewActivity)
      .values({ title: `评课活动${++n}`, school_id: schools[a.school as "one" | "two"], phase: 3 })
      .returning({ id: reviewActivity.id });
    for (const w of a.works) {
      const [work] = await k.db
        .insert(reviewWork)
        .values({ activity_id: act!.id, account_id: ids[w.who]!, school_id: schools[a.school as "one" | "two"], title: `作品${++n}` })
        .returning({ id: reviewWork.id });
      await k.db.insert(reviewScore).values({
        activity_id: act!.id,
        work_id: work!.id,
        reviewer_id: ids.lilaoshi!,
        total: w.score ?? 50,
        submitted_at: w.score === null ? null : new Date(),
      });
    }
  }
}, 120_000);

afterAll(async () => {
  await k?.s.close();
});

describe("c061 评课大屏", () => {
  it("a teacher sees his school's numbers, each derived from the fixtures", async () => {
    const d = await k.ok<EvaluationScreen>(C.evaluationScreen, {}, "zhanglaoshi");
    const x = expectScreen((r) => r.school === "one");
    expect(d.scope).toMatchObject({ kind: "school", school_ids: [schools.one] });
    expect(d.totals).toEqual({
      records: x.records,
      remote: x.remote,
      precise: x.precise,
      onsite: x.onsite,
      evaluations: x.evaluations,
      participants: x.participants,
      teachers_evaluated: x.teachers_evaluated,
      schools: x.schools,
      mean_score: x.mean_score,
    });
    expect(x.records).toBe(3);
    // by subject and school: everything of school one is one subject
    expect(d.by_subject.map((s) => [s.records, s.evaluations])).toEqual([[x.records, x.evaluations]]);
    expect(d.by_school).toEqual([{ id: schools.one, name: "银川市第一中学", records: x.records, evaluations: x.evaluations }]);
    // the histogram of scored totals
    const count = (lo: number, hi: number) => x.scored.filter((e) => e.total >= lo && e.total < hi).length;
    expect(d.score_distribution.map((b) => b.count)).toEqual([count(0, 60), count(60, 70), count(70, 80), count(80, 90), count(90, 101)]);
    // top teachers: evaluations received, then mean, then id
    const teachers = [...new Set(x.evs.map((e) => teacherOf(recOf(e))))].map((w) => {
      const got = x.evs.filter((e) => teacherOf(recOf(e)) === w);
      return { account_id: ids[w]!, evaluations: got.length, mean_score: mean(got.filter((e) => recOf(e).scored).map((e) => e.total)) };
    });
    teachers.sort((a, b) => b.evaluations - a.evaluations || (b.mean_score ?? -1) - (a.mean_score ?? -1) || a.account_id - b.account_id);
    expect(d.top_teachers.map((t) => ({ account_id: t.account_id, evaluations: t.evaluations, mean_score: t.mean_score }))).toEqual(teachers);
    const evaluators = [...new Set(x.evs.map((e) => e.by))].map((w) => ({ account_id: ids[w]!, evaluations: x.evs.filter((e) => e.by === w).length }));
    evaluators.sort((a, b) => b.evaluations - a.evaluations || a.account_id - b.account_id);
    expect(d.top_evaluators.map((t) => ({ account_id: t.account_id, evaluations: t.evaluations }))).toEqual(evaluators);
    expect(d.top_teachers[0]!.realname).toBe("张老师");
    // latest: newest submission first, with who, lesson and time
    const newest = [...x.evs].sort((a, b) => b.at.localeCompare(a.at));
    expect(d.latest.map((l) => l.record_name)).toEqual(newest.map((e) => `测试课${e.rec}`));
    const NAMES: Partial<Record<Who, string>> = { zhanglaoshi: "张老师", lilaoshi: "李老师", wanglaoshi: "王老师" };
    expect(d.latest[0]).toMatchObject({
      evaluator: NAMES[newest[0]!.by],
      teacher: NAMES[teacherOf(recOf(newest[0]!))],
      time: newest[0]!.at,
      score: recOf(newest[0]!).scored ? newest[0]!.total : null,
    });
    // review activities and analyses of school one
    const acts = REVIEW.filter((a) => a.school === "one");
    const works = acts.flatMap((a) => a.works);
    const scores = works.filter((w) => w.score !== null).map((w) => w.score!);
    expect(d.review).toEqual({ activities: acts.length, works: works.length, scored_works: scores.length, scores: scores.length, mean_score: mean(scores) });
    const an = ANALYSES.filter((a) => a.school === "one");
    expect(d.analysis.courses).toBe(an.length);
    expect(d.analysis.analysed).toBe(an.filter((a) => a.status === 2).length);
    expect(d.analysis.published).toBe(an.filter((a) => a.status === 2 && a.publish === 1).length);
    for (const m of d.analysis.modes) expect(m.count).toBe(an.filter((a) => a.status === 2 && a.st?.mode === m.mode).length);
  });

  it("a teacher of school 2 sees nothing of school 1's rows; the platform sees both", async () => {
    const d = await k.ok<EvaluationScreen>(C.evaluationScreen, {}, "zhaolaoshi");
    const x = expectScreen((r) => r.school === "two");
    expect(d.totals.records).toBe(x.records);
    expect(d.totals.evaluations).toBe(x.evaluations);
    const text = JSON.stringify(d);
    for (const r of RECS.filter((r) => r.school === "one")) expect(text).not.toContain(`测试课${r.key}`);
    expect(d.latest.map((l) => l.record_name)).toEqual(["测试课R5"]);
    await k.refused(C.evaluationScreen, { school_id: schools.one }, "zhaolaoshi", Code.FORBIDDEN, "无权查看该学校的数据");

    const all = await k.ok<EvaluationScreen>(C.evaluationScreen, {}, "pingtai");
    const y = expectScreen(() => true);
    expect(all.scope.kind).toBe("all");
    expect(all.totals).toMatchObject({
      records: y.records,
      evaluations: y.evaluations,
      participants: y.participants,
      schools: y.schools,
      mean_score: y.mean_score,
    });
    const one = await k.ok<EvaluationScreen>(C.evaluationScreen, { school_id: schools.two }, "pingtai");
    expect(one.totals.records).toBe(x.records);
    // 兴庆区 (640104) holds school one, not school two
    const district = await k.ok<EvaluationScreen>(C.evaluationScreen, {}, "quji");
    expect(district.totals.records).toBe(expectScreen((r) => r.school === "one").records);
    await k.refused(C.evaluationScreen, { school_id: schools.two }, "quji", Code.FORBIDDEN);
    const admin = await k.ok<EvaluationScreen>(C.evaluationScreen, {}, "xiaoji");
    expect(admin.totals).toEqual((await k.ok<EvaluationScreen>(C.evaluationScreen, {}, "zhanglaoshi")).totals);
  });

  it("a date range filters records and gives a daily trend", async () => {
    const d = await k.ok<EvaluationScreen>(C.evaluationScreen, { start: "2026-11-11", end: "2026-11-12" }, "pingtai");
    const inRange = (r: Rec) => r.start.slice(0, 10) >= "2026-11-11" && r.start.slice(0, 10) <= "2026-11-12";
    const x = expectScreen(inRange);
    expect(d.range).toEqual({ start: "2026-11-11", end: "2026-11-12" });
    expect(d.totals.records).toBe(x.records);
    expect(d.totals.evaluations).toBe(x.evaluations);
    expect(d.trend.unit).toBe("day");
    expect(d.trend.points.map((p) => p.date)).toEqual(["2026-11-11", "2026-11-12"]);
    for (const p of d.trend.points) {
      expect(p.records).toBe(RECS.filter((r) => live(r) && r.start.startsWith(p.date)).length);
      expect(p.evaluations).toBe(x.evs.filter((e) => e.at.startsWith(p.date)).length);
    }
    const long = await k.ok<EvaluationScreen>(C.evaluationScreen, { start: "2026-01-01", end: "2026-11-30" }, "pingtai");
    expect(long.trend.unit).toBe("week");
    expect(long.trend.points.reduce((s, p) => s + p.records, 0)).toBe(expectScreen(() => true).records);
  });

  it("refuses bad input, unknown schools and anonymous callers", async () => {
    await k.refused(C.evaluationScreen, { start: "2026/11/01" }, "pingtai", Code.BAD_INPUT, /开始日期格式应为 YYYY-MM-DD/);
    await k.refused(C.evaluationScreen, { start: "2026-11-20", end: "2026-11-01" }, "pingtai", Code.BAD_INPUT, /开始日期不能晚于结束日期/);
    await k.refused(C.evaluationScreen, { school_id: "x" }, "pingtai", Code.BAD_INPUT);
    await k.refused(C.evaluationScreen, { school_id: 999999 }, "pingtai", Code.NOT_FOUND, "学校不存在");
    expect((await k.s.call(C.evaluationScreen, {})).code).toBe(Code.SESSION_INVALID);
  });
});

describe("数据驾驶舱", () => {
  it("anonymous visitors get aggregate counts of a school, derived from the fixtures", async () => {
    const r = await k.s.call<BigData>(C.bigData, { school_id: schools.one });
    expect(r.code).toBe(200);
    const d = r.data;
    const b = baseline.one.kpi;
    const [teachers] = await k.db
      .select({ n: sql<number>`count(*)::int` })
      .from(account)
      .where(and(eq(account.school_id, schools.one), eq(account.identity, 2), eq(account.status, 1)));
    const recs = RECS.filter((x) => live(x) && x.school === "one");
    const evs = EVS.filter((e) => submitted(e) && recOf(e).school === "one");
    expect(d.scope).toEqual({ kind: "school", label: "银川市第一中学" });
    expect(d.kpi).toEqual({
      schools: 1,
      teachers: teachers!.n,
      devices: b.devices + DEVICES.filter((x) => x.school === "one").length,
      devices_online: b.devices_online + DEVICES.filter((x) => x.school === "one" && x.online).length,
      recordings: b.recordings,
      videos: b.videos + VIDEOS.filter((v) => v.school === "one" && v.status === "ready").length,
      analysed: b.analysed + ANALYSES.filter((a) => a.school === "one" && a.status === 2).length,
      listen_records: b.listen_records + recs.length,
      evaluated: b.evaluated + new Set(evs.map((e) => e.rec)).size,
      evaluations: b.evaluations + evs.length,
      resources: b.resources + RESOURCES.filter((x) => x.school === "one" && x.level === 1 && x.status === 1).length,
    });
    expect(d.months).toHaveLength(12);
    // this month holds the videos and analyses made now
    const last = d.months[11]!;
    const before = baseline.one.months[11]!;
    expect(last.videos - before.videos).toBe(VIDEOS.filter((v) => v.school === "one" && v.status === "ready").length);
    expect(last.analysed - before.analysed).toBe(ANALYSES.filter((a) => a.school === "one" && a.status === 2).length);
    const text = JSON.stringify(d);
    for (const name of ["张老师", "李老师", "王老师", "测试课R1"]) expect(text).not.toContain(name);
  });

  it("the platform-wide cockpit counts every school; a region narrows it; bad input is refused", async () => {
    const d = (await k.s.call<BigData>(C.bigData, {})).data;
    const [schoolsN] = await k.db.select({ n: sql<number>`count(*)::int` }).from(school).where(eq(school.status, 1));
    expect(d.kpi.schools).toBe(schoolsN!.n);
    expect(d.kpi.listen_records - baseline.all.kpi.listen_records).toBe(RECS.filter(live).length);
    expect(d.kpi.devices_online - baseline.all.kpi.devices_online).toBe(DEVICES.filter((x) => x.online).length);
    const modes = (m: string) => ANALYSES.filter((a) => a.status === 2 && a.st?.mode === m).length;
    for (const m of d.modes) expect(m.count - (baseline.all.modes.find((x) => x.mode === m.mode)?.count ?? 0)).toBe(modes(m.mode));
    expect(d.school_rank.find((s) => s.name === "银川市第一中学")).toBeDefined();
    const region = (await k.s.call<BigData>(C.bigData, { region_code: "640105" })).data;
    expect(region.scope.kind).toBe("region");
    expect(region.kpi.listen_records - 0).toBe(RECS.filter((r) => live(r) && r.school === "two").length);
    const bad = await k.s.call(C.bigData, { region_code: "abc" });
    expect(bad.code).toBe(Code.BAD_INPUT);
    expect((await k.s.call(C.bigData, { region_code: "999999" })).code).toBe(Code.NOT_FOUND);
    expect((await k.s.call(C.bigData, { school_id: 999999 })).code).toBe(Code.NOT_FOUND);
  });
});

describe("portraits", () => {
  it("a teacher's own portrait: counts, S-T means and modes, evaluation dimensions", async () => {
    const d = await k.ok<TeacherPortrait>(C.teacherPortrait, {}, "zhanglaoshi");
    const me: Who = "zhanglaoshi";
    const received = EVS.filter((e) => submitted(e) && teacherOf(recOf(e)) === me);
    const mine = ANALYSES.filter((a) => a.who === me && a.status === 2 && a.st);
    expect(d.profile).toMatchObject({ account_id: ids[me], realname: "张老师", school_name: "银川市第一中学", subject_name: "语文" });
    expect(d.counts).toMatchObject({
      lessons_given: RECS.filter((r) => live(r) && r.teacher === me).length,
      videos: VIDEOS.filter((v) => v.who === me && v.status === "ready").length,
      analysed: mine.length,
      evaluations_received: received.length,
      evaluations_given: EVS.filter((e) => submitted(e) && e.by === me).length,
      resources: RESOURCES.filter((r) => r.who === me && r.level === 1).length,
      resources_published: RESOURCES.filter((r) => r.who === me && r.level === 1 && r.status === 1).length,
      review_works: REVIEW.flatMap((a) => a.works).filter((w) => w.who === me).length,
    });
    expect(d.st.mean_rt).toBeCloseTo(mine.reduce((s, a) => s + a.st!.rt, 0) / mine.length, 3);
    expect(d.st.mean_ch).toBeCloseTo(mine.reduce((s, a) => s + a.st!.ch, 0) / mine.length, 3);
    expect(d.st.points.map((p) => p.mode).sort()).toEqual(mine.map((a) => a.st!.mode).sort());
    expect(d.evaluation.mean_score).toBe(mean(received.filter((e) => recOf(e).scored).map((e) => e.total)));
    // dimensions: the mean share of the items of each dimension, in percent
    const withItems = received.filter((e) => e.items);
    const goals = withItems.flatMap((e) => [e.items![0] / 10, e.items![1] / 10]);
    const process = withItems.map((e) => e.items![2] / 5);
    expect(d.evaluation.dimensions).toEqual([
      { name: "教学目标", score: round2((goals.reduce((s, x) => s + x, 0) / goals.length) * 100), n: goals.length },
      { name: "教学过程", score: round2((process.reduce((s, x) => s + x, 0) / process.length) * 100), n: process.length },
    ]);
    expect(d.months).toHaveLength(12);
    expect(d.lessons.map((l) => l.name)).toEqual(["测试课R1"]);
    expect(d.works).toHaveLength(1);
    expect(d.works[0]!.score).toBeNull();
  });

  it("who may see a teacher's portrait", async () => {
    await k.refused(C.teacherPortrait, { account_id: ids.lilaoshi }, "zhanglaoshi", Code.FORBIDDEN, "无权查看该教师的画像");
    await k.refused(C.teacherPortrait, { account_id: ids.zhanglaoshi }, "zhaolaoshi", Code.FORBIDDEN);
    expect((await k.ok<TeacherPortrait>(C.teacherPortrait, { account_id: ids.zhanglaoshi }, "xiaoji")).profile.realname).toBe("张老师");
    expect((await k.ok<TeacherPortrait>(C.teacherPortrait, { account_id: ids.zhanglaoshi }, "quji")).counts.evaluations_received).toBe(2);
    await k.refused(C.teacherPortrait, { account_id: ids.zhaolaoshi }, "xiaoji", Code.FORBIDDEN);
    await k.refused(C.teacherPortrait, { account_id: ids.zhaolaoshi }, "quji", Code.FORBIDDEN);
    expect((await k.ok<TeacherPortrait>(C.teacherPortrait, { account_id: ids.zhaolaoshi }, "pingtai")).counts.lessons_given).toBe(1);
    await k.refused(C.teacherPortrait, { account_id: 999999 }, "pingtai", Code.NOT_FOUND, "教师不存在");
    await k.refused(C.teacherPortrait, { account_id: "abc" }, "pingtai", Code.BAD_INPUT);
    expect((await k.s.call(C.teacherPortrait, {})).code).toBe(Code.SESSION_INVALID);
  });

  it("a school's portrait for its teachers and administrators", async () => {
    const d = await k.ok<SchoolPortrait>(C.schoolPortrait, {}, "lilaoshi");
    const recs = RECS.filter((r) => live(r) && r.school === "one");
    expect(d.profile).toMatchObject({ school_id: schools.one, title: "银川市第一中学" });
    expect(d.counts).toMatchObject({
      devices: DEVICES.filter((x) => x.school === "one").length,
      devices_online: DEVICES.filter((x) => x.school === "one" && x.online).length,
      videos: VIDEOS.filter((v) => v.school === "one" && v.status === "ready").length,
      analysed: ANALYSES.filter((a) => a.school === "one" && a.status === 2).length,
      listen_records: recs.length,
      evaluations: EVS.filter((e) => submitted(e) && recOf(e).school === "one").length,
      resources: RESOURCES.filter((r) => r.school === "one" && r.level === 1 && r.status === 1).length,
      review_works: REVIEW.filter((a) => a.school === "one").flatMap((a) => a.works).length,
    });
    expect(d.subjects).toEqual([{ name: "语文", videos: 2, analysed: 2, listen_records: 3 }]);
    expect(d.top_teachers[0]).toMatchObject({ realname: "张老师", videos: 2, analysed: 2, evaluations_received: 2 });
    expect((await k.ok<SchoolPortrait>(C.schoolPortrait, { school_id: schools.one }, "xiaoji")).counts.listen_records).toBe(recs.length);
    expect((await k.ok<SchoolPortrait>(C.schoolPortrait, { school_id: schools.one }, "quji")).counts.listen_records).toBe(recs.length);
    await k.refused(C.schoolPortrait, { school_id: schools.one }, "zhaolaoshi", Code.FORBIDDEN, "无权查看该学校的画像");
    await k.refused(C.schoolPortrait, { school_id: schools.two }, "xiaoji", Code.FORBIDDEN);
    await k.refused(C.schoolPortrait, { school_id: 999999 }, "pingtai", Code.NOT_FOUND, "学校不存在");
    await k.refused(C.schoolPortrait, {}, "pingtai", Code.BAD_INPUT, "请选择学校");
    await k.refused(C.schoolPortrait, { school_id: "abc" }, "pingtai", Code.BAD_INPUT);
    expect((await k.s.call(C.schoolPortrait, { school_id: schools.one })).code).toBe(Code.SESSION_INVALID);
  });
});

describe("online teachers", () => {
  it("counts for everyone, names only for an administrator of their school", async () => {
    // The kit signed in 张老师, 李老师, 王老师 (school one) and 赵老师 (school two).
    const anon = (await k.s.call<OnlineTeachers>(C.onlineTeachers, {})).data;
    expect(anon.online).toBe(4);
    expect(anon.teachers).toBeNull();
    expect(anon.by_school).toEqual([
      { school_id: schools.one, school_name: "银川市第一中学", online: 3 },
      { school_id: schools.two, school_name: "银川市第二中学", online: 1 },
    ]);
    const teacher = await k.ok<OnlineTeachers>(C.onlineTeachers, {}, "zhanglaoshi");
    expect(teacher.teachers).toBeNull();
    const admin = await k.ok<OnlineTeachers>(C.onlineTeachers, {}, "xiaoji");
    expect(admin.teachers!.map((t) => t.realname).sort()).toEqual(["张老师", "李老师", "王老师"].sort());
    const all = await k.ok<OnlineTeachers>(C.onlineTeachers, { school_id: schools.two }, "pingtai");
    expect(all.online).toBe(1);
    expect(all.teachers!.map((t) => t.realname)).toContain("赵老师");
    expect((await k.s.call(C.onlineTeachers, { school_id: 999999 })).code).toBe(Code.NOT_FOUND);
    expect((await k.s.call(C.onlineTeachers, { school_id: "x" })).code).toBe(Code.BAD_INPUT);
    // a school's own count, and its names for its administrator only
    const one = (await k.s.call<OnlineTeachers>(C.onlineTeachers, { school_id: schools.one })).data;
    expect(one.online).toBe(3);
    expect(one.teachers).toBeNull();
  });
});

describe("evaluated lessons (#9's visibility)", () => {
  const names = (l: EvaluationClassList) => l.list.map((r) => r.name).sort();
  it("each viewer sees the records open to him, with counts and mean scores", async () => {
    const anon = (await k.s.call<EvaluationClassList>(C.evaluationClass, {})).data;
    expect(names(anon)).toEqual(["测试课R1"]);
    const r1 = EVS.filter((e) => e.rec === "R1" && submitted(e));
    expect(anon.list[0]).toMatchObject({
      evaluations: r1.length,
      mean_score: mean(r1.map((e) => e.total)),
      teacher_name: "张老师",
      school_name: "银川市第一中学",
    });
    expect(names(await k.ok<EvaluationClassList>(C.evaluationClass, {}, "zhanglaoshi"))).toEqual(["测试课R1", "测试课R2", "测试课R3"]);
    expect(names(await k.ok<EvaluationClassList>(C.evaluationClass, {}, "zhaolaoshi"))).toEqual(["测试课R1", "测试课R5"]);
    const typed = await k.ok<EvaluationClassList>(C.evaluationClass, { is_type: 2 }, "pingtai");
    expect(names(typed)).toEqual(["测试课R2", "测试课R5"]);
    const byScore = await k.ok<EvaluationClassList>(C.evaluationClass, { order: "score" }, "pingtai");
    const live4 = RECS.filter(live).map((r) => ({
      name: `测试课${r.key}`,
      m: r.scored ? mean(EVS.filter((e) => e.rec === r.key && submitted(e)).map((e) => e.total)) : null,
    }));
    live4.sort((a, b) => (b.m ?? -1) - (a.m ?? -1));
    expect(byScore.list.map((r) => r.name)).toEqual(live4.map((x) => x.name));
    const paged = await k.ok<EvaluationClassList>(C.evaluationClass, { page: 2, limit: 3 }, "pingtai");
    expect(paged.total).toBe(4);
    expect(paged.list).toHaveLength(1);
    expect(names(await k.ok<EvaluationClassList>(C.evaluationClass, { name: "R2" }, "pingtai"))).toEqual(["测试课R2"]);
  });

  it("refuses bad filters", async () => {
    await k.refused(C.evaluationClass, { is_type: 5 }, "pingtai", Code.BAD_INPUT, /听评课类型不正确/);
    await k.refused(C.evaluationClass, { order: "x" }, "pingtai", Code.BAD_INPUT, /排序方式不正确/);
    await k.refused(C.evaluationClass, { limit: 0 }, "pingtai", Code.BAD_INPUT);
    await k.refused(C.evaluationClass, { name: "很".repeat(51) }, "pingtai", Code.BAD_INPUT, /名称最多 50 个字/);
  });
});
