/**
 * Census of analysed lessons (c157–c166) and AI comments on a listened lesson (c291), issue #10;
 * docs/api/research-census.md. Fixtures are analysis_course rows with hand-built reports (build() below) in three
 * schools — two of 兴庆区 (640104) and one of 西夏区 — for several teachers, subjects and modes, some queued, running
 * or failed, some lacking sections. Every expected number is derived here from the fixtures (expect* helpers), never
 * read back from the server.
 */
import {
  type AiListenCommentInfo,
  type AnalysisResult,
  CALLS,
  type CensusBase,
  type CensusCountInfo,
  type CensusCourseAndContentInc,
  type CensusCourseCensus,
  type CensusCourseContent,
  type CensusCourseTypeCount,
  type CensusOral,
  type CensusRanks,
  type CensusRtch,
  type CensusSubjectRow,
  Code,
  type Envelope,
  LIDA_KINDS,
  type LidaKind,
  type QuestionItem,
  TEACHING_MODES,
  type TeachingMode,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { analysisContent, analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { ONLY_OWN_LESSONS, OUT_OF_CENSUS_SCOPE } from "../src/modules/analysis/census.service.js";
import { lessonComments } from "../src/modules/analysis/engine/comments.js";
import { grade, school } from "../src/modules/org/org.schema.js";
import { type Kit, startKit } from "./activity-kit.js";
import { insertListen } from "./listen-kit.js";

// ── the report builder ────────────────────────────────────────────────────────────────────────────────────────

interface Spec {
  /** who teaches it (a Kit user name, or "other" for a teacher of the second 兴庆区 school) */
  teacher: string;
  school: "one" | "two" | "three";
  status: 0 | 1 | 2 | 3;
  /** Asia/Shanghai wall time */
  at: string;
  video?: number;
  duration?: number;
  st?: { rt: number; ch: number; mode: TeachingMode };
  speech?: { t: number; s: number; q: number };
  talk?: {
    tr: number;
    sr: number;
    questions: Array<{ kind: "open" | "closed"; answered: boolean; wait: number | null }>;
    wait: number | null;
    lida: Partial<Record<LidaKind, number>>;
  };
  score?: { total: number; full: number };
  /** classroom-record lines: [role, text] */
  lines?: Array<["T" | "S", string]>;
}

const off = (section: string) => ({ available: false as const, reason: `测试：${section}不可用` });

function build(s: Spec): AnalysisResult {
  const duration = s.duration ?? 2400;
  const questions: QuestionItem[] = (s.talk?.questions ?? []).map((q, i) => ({
    index: i,
    time: 60 * (i + 1),
    text: `问题${i + 1}？`,
    kind: q.kind,
    wait: q.wait,
    answered: q.answered,
    response: q.answered ? "praise" : null,
    depth: 1,
  }));
  const lida = Object.fromEntries(LIDA_KINDS.map((k) => [k, s.talk?.lida[k] ?? 0])) as Record<LidaKind, number>;
  return {
    version: 1,
    duration,
    speech: s.speech
      ? {
          available: true,
          segments: [],
          teacher_seconds: s.speech.t * duration,
          student_seconds: s.speech.s * duration,
          silence_seconds: s.speech.q * duration,
          teacher_ratio: s.speech.t,
          student_ratio: s.speech.s,
          silence_ratio: s.speech.q,
          vad_method: "energy",
          role_method: "pitch-loudness",
        }
      : off("话语"),
    st: s.st
      ? {
          available: true,
          interval: 30,
          samples: [],
          n: 80,
          nt: Math.round(80 * s.st.rt),
          ns: 80 - Math.round(80 * s.st.rt),
          runs: 1,
          rt: s.st.rt,
          ch: s.st.ch,
          mode: s.st.mode,
          curve: [[0, 0]],
        }
      : off("S-T"),
    transcript: off("实录"),
    talk: s.talk
      ? {
          available: true,
          teacher_chars: 100,
          student_chars: 50,
          teacher_rate: s.talk.tr,
          student_rate: s.talk.sr,
          questions,
          open_ratio: questions.length ? questions.filter((q) => q.kind === "open").length / questions.length : 0,
          avg_wait: s.talk.wait,
          lida,
          chains: [],
          depth_distribution: [],
          max_depth: 1,
          mean_depth: 1,
        }
      : off("话语分析"),
    fias: off("FIAS"),
    autonomous: off("自主学习"),
    behavior: off("行为"),
    scoring: s.score
      ? { available: true, scheme_id: 1, scheme_name: "量表", items: [], total: s.score.total, full: s.score.full, judged: 1, unjudged: 0 }
      : off("评分"),
    stages: [],
    elapsed: 10,
  };
}

// ── fixtures ──────────────────────────────────────────────────────────────────────────────────────────────────

const VIDEO_DONE = 910001;
const VIDEO_RUNNING = 910002;
const VIDEO_NONE = 910003;

const T = (
  questions: Array<[kind: "open" | "closed", answered: boolean, wait: number | null]>,
  tr: number,
  sr: number,
  wait: number | null,
  lida: Partial<Record<LidaKind, number>>,
) => ({
  tr,
  sr,
  wait,
  lida,
  questions: questions.map(([kind, answered, w]) => ({ kind, answered, wait: w })),
});

const SPECS: Spec[] = [
  // 张老师 (一中, 语文): lesson 0 late on 2 Nov Shanghai time (15:30 UTC) — the day boundary test uses it.
  {
    teacher: "zhanglaoshi",
    school: "one",
    status: 2,
    at: "2026-11-02 23:30",
    video: VIDEO_DONE,
    duration: 2400,
    st: { rt: 0.8, ch: 0.2, mode: "讲授型" },
    speech: { t: 0.7, s: 0.2, q: 0.1 },
    talk: T(
      [
        ["open", true, 2],
        ["open", true, 3],
        ["closed", false, null],
      ],
      200,
      150,
      2.5,
      { praise: 1, follow_up: 1 },
    ),
    score: { total: 40, full: 50 },
    lines: [
      ["T", "同学们好"],
      ["T", "今天学习古诗"],
      ["S", "老师好"],
      ["T", "为什么？"],
      ["S", "因为春天"],
    ],
  },
  {
    teacher: "zhanglaoshi",
    school: "one",
    status: 2,
    at: "2026-11-10 09:00",
    duration: 1800,
    st: { rt: 0.2, ch: 0.3, mode: "练习型" },
    speech: { t: 0.3, s: 0.5, q: 0.2 },
    lines: [["T", "开始练习"]],
  },
  // A newer failed analysis of the same video: c291 still answers the finished one.
  { teacher: "zhanglaoshi", school: "one", status: 3, at: "2026-11-12 10:00", video: VIDEO_DONE },
  // 李老师 (一中, 数学)
  {
    teacher: "lilaoshi",
    school: "one",
    status: 2,
    at: "2026-10-20 14:00",
    duration: 3000,
    st: { rt: 0.5, ch: 0.5, mode: "对话型" },
    speech: { t: 0.5, s: 0.4, q: 0.1 },
    talk: T([["closed", false, null]], 180, 120, null, { correction: 2 }),
    score: { total: 30, full: 40 },
    lines: [
      ["T", "这道题怎么做"],
      ["S", "用公式"],
    ],
  },
  { teacher: "lilaoshi", school: "one", status: 2, at: "2026-11-15 08:00", duration: 600 },
  // 王老师 (一中, 英语): one running (its video is on a listen record), one failed.
  { teacher: "wanglaoshi", school: "one", status: 1, at: "2026-11-18 10:00", video: VIDEO_RUNNING },
  { teacher: "wanglaoshi", school: "one", status: 3, at: "2026-11-19 10:00" },
  // 赵老师 (二中, 西夏区, 物理)
  {
    teacher: "zhaolaoshi",
    school: "two",
    status: 2,
    at: "2026-11-05 10:00",
    duration: 2700,
    st: { rt: 0.5, ch: 0.2, mode: "混合型" },
    speech: { t: 0.6, s: 0.3, q: 0.1 },
    talk: T(
      [
        ["open", true, 4],
        ["closed", true, 1],
      ],
      220,
      90,
      2.5,
      { praise: 1, repetition: 1 },
    ),
    score: { total: 45, full: 50 },
    lines: [
      ["T", "看实验"],
      ["S", "亮了"],
      ["T", "很好"],
    ],
  },
  { teacher: "zhaolaoshi", school: "two", status: 0, at: "2026-11-20 10:00" },
  // A teacher of 兴庆区第一小学 (the district administrator sees it, the school administrator of 一中 does not).
  {
    teacher: "other",
    school: "three",
    status: 2,
    at: "2025-12-01 10:00",
    duration: 1200,
    st: { rt: 0.9, ch: 0.1, mode: "讲授型" },
    speech: { t: 0.8, s: 0.1, q: 0.1 },
    score: { total: 8, full: 10 },
  },
];

interface Row extends Spec {
  id: number;
  video_id: number;
  account_id: number;
  school_id: number;
  subject_id: number;
  period_id: number;
  grade_id: number;
  result: AnalysisResult | null;
}

let k: Kit;
const rows: Row[] = [];
const schools: Record<Spec["school"], number> = { one: 0, two: 0, three: 0 };
const shanghai = (at: string) => new Date(`${at.replace(" ", "T")}:00+08:00`);

beforeAll(async () => {
  k = await startKit();
  const acc = async (id: number) => (await k.db.select().from(account).where(eq(account.id, id)))[0]!;
  schools.one = (await acc(k.id.zhanglaoshi!)).school_id;
  schools.two = (await acc(k.id.zhaolaoshi!)).school_id;
  const [third] = await k.db.select({ id: school.id }).from(school).where(eq(school.code, "640104101"));
  schools.three = third!.id;
  const [other] = await k.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.school_id, schools.three), eq(account.identity, 2)))
    .limit(1);
  const otherId = other?.id ?? k.id.pingtai!;
  for (const s of SPECS) {
    const teacherId = s.teacher === "other" ? otherId : k.id[s.teacher]!;
    const a = await acc(teacherId);
    const [g] = a.period_id ? await k.db.select({ id: grade.id }).from(grade).where(eq(grade.period_id, a.period_id)).limit(1) : [];
    const result = s.status === 2 ? build(s) : null;
    const videoId = s.video ?? 920000 + rows.length;
    const [r] = await k.db
      .insert(analysisCourse)
      .values({
        video_id: videoId,
        name: `测试课例 ${rows.length + 1}`,
        account_id: teacherId,
        creator_id: teacherId,
        school_id: schools[s.school],
        period_id: a.period_id,
        subject_id: a.subject_id,
        grade_id: g?.id ?? 0,
        source: "local",
        status: s.status,
        progress: s.status === 2 ? 100 : s.status === 1 ? 40 : 0,
        error: s.status === 3 ? "视频没有音轨" : "",
        result,
        created_at: shanghai(s.at),
      })
      .returning({ id: analysisCourse.id });
    if (s.lines?.length)
      await k.db
        .insert(analysisContent)
        .values(s.lines.map(([role, text], i) => ({ course_id: r!.id, seq: i + 1, start: i * 10, end: i * 10 + 5, role, text })));
    rows.push({
      ...s,
      id: r!.id,
      video_id: videoId,
      account_id: teacherId,
      school_id: schools[s.school],
      subject_id: a.subject_id,
      period_id: a.period_id,
      grade_id: g?.id ?? 0,
      result,
    });
  }
}, 120_000);
afterAll(async () => {
  await k?.s.close();
});

// ── the calls, over the real wire ──────────────────────────────────────────────────────────────────────────────

async function call<T>(path: string, payload: Record<string, unknown>, user?: string): Promise<Envelope<T>> {
  return user ? k.call<T>(path, payload, user) : k.s.call<T>(path, payload);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user: string): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(Code.OK);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else expect(r.msg).toMatch(msg);
}

// ── what the server should answer, from the fixtures ──────────────────────────────────────────────────────────

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r1 = (v: number) => Math.round(v * 10) / 10;
const mean = (xs: number[], round: (v: number) => number): number | null => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
const done = (rs: Row[]) => rs.filter((r) => r.status === 2);
const withSt = (rs: Row[]) => done(rs).filter((r) => r.st);
const modes = (rs: Row[]) => TEACHING_MODES.map((mode) => ({ mode, count: withSt(rs).filter((r) => r.st!.mode === mode).length }));
const score = (r: Row) => (r.score!.total / r.score!.full) * 100;

const scopes: Record<string, (r: Row) => boolean> = {
  zhanglaoshi: (r) => r.teacher === "zhanglaoshi",
  xiaoji: (r) => r.school === "one",
  quji: (r) => r.school === "one" || r.school === "three",
  pingtai: () => true,
};
const seen = (user: string) => rows.filter(scopes[user]!);

function expectCountInfo(rs: Row[]): CensusCountInfo {
  return {
    lessons: rs.length,
    analysed: done(rs).length,
    pending: rs.filter((r) => r.status === 0 || r.status === 1).length,
    failed: rs.filter((r) => r.status === 3).length,
    teachers: new Set(rs.map((r) => r.account_id)).size,
    schools: new Set(rs.map((r) => r.school_id)).size,
    hours: r1(done(rs).reduce((s, r) => s + (r.duration ?? 2400), 0) / 3600),
    mean_rt: mean(
      withSt(rs).map((r) => r.st!.rt),
      r3,
    ),
    mean_ch: mean(
      withSt(rs).map((r) => r.st!.ch),
      r3,
    ),
    modes: modes(rs),
    st_missing: done(rs).length - withSt(rs).length,
  };
}

// ── tests ─────────────────────────────────────────────────────────────────────────────────────────────────────

describe("census totals by scope", () => {
  it("countInfo: a teacher his own lessons, the school administrator his school, the district his region, the platform all", async () => {
    for (const user of ["zhanglaoshi", "xiaoji", "quji", "pingtai"]) {
      const got = await ok<CensusCountInfo>(CALLS.censusCountInfo, {}, user);
      expect(got, user).toEqual(expectCountInfo(seen(user)));
    }
    // Sanity of the derivation itself: the school administrator's view has a failed, a running and a lesson without S-T.
    const x = expectCountInfo(seen("xiaoji"));
    expect([x.lessons, x.analysed, x.pending, x.failed, x.st_missing]).toEqual([7, 4, 1, 2, 1]);
  });

  it("filters narrow within the scope: school, subject, period, teacher, Shanghai days", async () => {
    const one = seen("pingtai").filter((r) => r.school === "one");
    expect(await ok<CensusCountInfo>(CALLS.censusCountInfo, { school_id: schools.one }, "pingtai")).toEqual(expectCountInfo(one));
    const li = rows.find((r) => r.teacher === "lilaoshi")!;
    expect(await ok<CensusCountInfo>(CALLS.censusCountInfo, { subject_id: li.subject_id }, "xiaoji")).toEqual(
      expectCountInfo(seen("xiaoji").filter((r) => r.subject_id === li.subject_id)),
    );
    expect(await ok<CensusCountInfo>(CALLS.censusCountInfo, { account_id: li.account_id }, "quji")).toEqual(
      expectCountInfo(seen("quji").filter((r) => r.account_id === li.account_id)),
    );
    const zhao = rows.find((r) => r.teacher === "zhaolaoshi")!;
    expect(await ok<CensusCountInfo>(CALLS.censusCountInfo, { period_id: zhao.period_id }, "pingtai")).toEqual(
      expectCountInfo(rows.filter((r) => r.period_id === zhao.period_id)),
    );
    // 23:30 on 2 Nov in Shanghai is 2 Nov, though it is 15:30 UTC.
    const onSecond = await ok<CensusCountInfo>(CALLS.censusCountInfo, { start_date: "2026-11-02", end_date: "2026-11-02" }, "zhanglaoshi");
    expect(onSecond.lessons).toBe(1);
    const fromThird = await ok<CensusCountInfo>(CALLS.censusCountInfo, { start_date: "2026-11-03" }, "zhanglaoshi");
    expect(fromThird).toEqual(expectCountInfo(seen("zhanglaoshi").filter((r) => r.at >= "2026-11-03")));
    // A teacher may name his own school and himself.
    expect(await ok<CensusCountInfo>(CALLS.censusCountInfo, { school_id: schools.one, account_id: k.id.zhanglaoshi }, "zhanglaoshi")).toEqual(
      expectCountInfo(seen("zhanglaoshi")),
    );
  });

  it("a school or teacher outside the scope is refused in Chinese, never widened to", async () => {
    await refused(CALLS.censusCountInfo, { school_id: schools.two }, "xiaoji", Code.FORBIDDEN, OUT_OF_CENSUS_SCOPE);
    await refused(CALLS.censusCourseCensus, { school_id: schools.two }, "quji", Code.FORBIDDEN, OUT_OF_CENSUS_SCOPE);
    await refused(CALLS.censusRtch, { school_id: schools.two }, "zhanglaoshi", Code.FORBIDDEN, OUT_OF_CENSUS_SCOPE);
    await refused(CALLS.censusCountInfo, { account_id: k.id.lilaoshi }, "zhanglaoshi", Code.FORBIDDEN, ONLY_OWN_LESSONS);
    // Naming a teacher of another school narrows the administrator's scope to nothing.
    const none = await ok<CensusCountInfo>(CALLS.censusCountInfo, { account_id: k.id.zhaolaoshi }, "xiaoji");
    expect([none.lessons, none.mean_rt, none.mean_ch]).toEqual([0, null, null]);
  });

  it("bad input answers a Chinese message", async () => {
    await refused(CALLS.censusCountInfo, { start_date: "2026-13-01" }, "xiaoji", Code.BAD_INPUT, /开始日期不是有效的日期/);
    await refused(CALLS.censusCountInfo, { end_date: "11/02/2026" }, "xiaoji", Code.BAD_INPUT, /结束日期应为 YYYY-MM-DD/);
    await refused(CALLS.censusCountInfo, { start_date: "2026-11-10", end_date: "2026-11-01" }, "xiaoji", Code.BAD_INPUT, /开始日期不能晚于结束日期/);
    await refused(CALLS.censusCourseCensus, { by: "class" }, "xiaoji", Code.BAD_INPUT, /分组只能是 school、subject、teacher、grade 或 month/);
    await refused(CALLS.censusRanks, { by: "subject" }, "xiaoji", Code.BAD_INPUT, /排行只能按教师（teacher）或学校（school）统计/);
    await refused(CALLS.censusRtch, { limit: 5000 }, "xiaoji", Code.BAD_INPUT, /最多 1000 个点/);
    await refused(CALLS.censusCourseAndContentInc, { start_date: "2000-01-01", end_date: "2026-01-01" }, "xiaoji", Code.BAD_INPUT, /日期范围不能超过 10 年/);
    const anon = await call(CALLS.censusCountInfo, {});
    expect(anon.code).toBe(Code.SESSION_INVALID);
  });
});

describe("the census calls' numbers", () => {
  it("subject/all: subjects with lessons and how many are finished", async () => {
    const rs = seen("xiaoji");
    const got = await ok<CensusSubjectRow[]>(CALLS.researchSubjects, { subject_id: 999999 }, "xiaoji");
    const ids = [...new Set(rs.map((r) => r.subject_id))];
    expect(got.map((g) => [g.subject_id, g.lessons, g.analysed]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      ids.map((id) => [id, rs.filter((r) => r.subject_id === id).length, done(rs).filter((r) => r.subject_id === id).length]).sort((a, b) => a[0]! - b[0]!),
    );
    expect(got.map((g) => g.subject_name)).toEqual(expect.arrayContaining(["语文", "数学", "英语"]));
    expect(got.every((g) => g.period_name === "初中")).toBe(true);
  });

  it("courseTypeCount: lessons per mode, every mode listed", async () => {
    const got = await ok<CensusCourseTypeCount>(CALLS.censusCourseTypeCount, {}, "pingtai");
    expect(got).toEqual({ analysed: done(rows).length, modes: modes(rows), st_missing: done(rows).length - withSt(rows).length });
    expect(got.modes.find((m) => m.mode === "讲授型")!.count).toBe(2);
  });

  it("courseContent: classroom records, questions, open ratio, wait and 理答", async () => {
    const rs = seen("pingtai");
    const d = done(rs);
    const lines = d.flatMap((r) => r.lines ?? []);
    const talk = d.filter((r) => r.talk);
    const qs = talk.flatMap((r) => r.talk!.questions);
    const withRecord = d.filter((r) => r.lines?.length).length;
    const expected: CensusCourseContent = {
      analysed: d.length,
      with_record: withRecord,
      without_record: d.length - withRecord,
      lines: lines.length,
      teacher_lines: lines.filter((l) => l[0] === "T").length,
      student_lines: lines.filter((l) => l[0] === "S").length,
      teacher_chars: lines.filter((l) => l[0] === "T").reduce((s, l) => s + [...l[1]].length, 0),
      student_chars: lines.filter((l) => l[0] === "S").reduce((s, l) => s + [...l[1]].length, 0),
      mean_lines: r1(lines.length / withRecord),
      talk_lessons: talk.length,
      talk_missing: d.length - talk.length,
      questions: qs.length,
      open_questions: qs.filter((q) => q.kind === "open").length,
      closed_questions: qs.filter((q) => q.kind === "closed").length,
      open_ratio: r3(qs.filter((q) => q.kind === "open").length / qs.length),
      answered: qs.filter((q) => q.answered).length,
      mean_wait: mean(
        talk.map((r) => r.talk!.wait).filter((w): w is number => w !== null),
        r1,
      ),
      lida: Object.fromEntries(LIDA_KINDS.map((kind) => [kind, talk.reduce((s, r) => s + (r.talk!.lida[kind] ?? 0), 0)])) as Record<LidaKind, number>,
    };
    expect(await ok<CensusCourseContent>(CALLS.censusCourseContent, {}, "pingtai")).toEqual(expected);
    expect([expected.questions, expected.open_questions, expected.lines]).toEqual([6, 3, 11]);
    // A teacher without a talk section anywhere: nothing to average is null, not 0.
    const wang = await ok<CensusCourseContent>(CALLS.censusCourseContent, { account_id: k.id.wanglaoshi }, "xiaoji");
    expect([wang.questions, wang.open_ratio, wang.mean_wait, wang.mean_lines]).toEqual([0, null, null, null]);
  });

  it("courseAndContentInc: per day over a short range, per month over a long one, with running totals", async () => {
    const rs = seen("xiaoji");
    const linesOf = (r: Row) => (r.status === 2 ? (r.lines?.length ?? 0) : 0);
    const days = await ok<CensusCourseAndContentInc>(CALLS.censusCourseAndContentInc, { start_date: "2026-11-01", end_date: "2026-11-20" }, "xiaoji");
    expect(days.granularity).toBe("day");
    expect(days.points.length).toBe(20);
    for (const pt of days.points) {
      const on = rs.filter((r) => r.at.slice(0, 10) === pt.date);
      const upTo = rs.filter((r) => r.at.slice(0, 10) <= pt.date);
      expect(pt, pt.date).toEqual({
        date: pt.date,
        lessons: on.length,
        analysed: done(on).length,
        lines: on.reduce((s, r) => s + linesOf(r), 0),
        lessons_total: upTo.length,
        lines_total: upTo.reduce((s, r) => s + linesOf(r), 0),
      });
    }
    expect(days.points.find((p) => p.date === "2026-11-02")!.lessons).toBe(1);
    const months = await ok<CensusCourseAndContentInc>(CALLS.censusCourseAndContentInc, { start_date: "2025-11-15", end_date: "2026-11-30" }, "quji");
    expect(months.granularity).toBe("month");
    expect(months.points.map((p) => p.date)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    const q = seen("quji");
    for (const pt of months.points) {
      const on = q.filter((r) => r.at.slice(0, 7) === pt.date);
      expect([pt.lessons, pt.analysed, pt.lessons_total], pt.date).toEqual([on.length, done(on).length, q.filter((r) => r.at.slice(0, 7) <= pt.date).length]);
    }
  });

  it("courseCensus by school, teacher and month: lessons, modes, shares and mean score", async () => {
    const bySchool = await ok<CensusCourseCensus>(CALLS.censusCourseCensus, { by: "school" }, "pingtai");
    expect(bySchool.total).toBe(3);
    for (const row of bySchool.list) {
      const rs = rows.filter((r) => r.school_id === row.key);
      const sp = done(rs).filter((r) => r.speech);
      const sc = done(rs).filter((r) => r.score);
      expect(row, row.name).toEqual({
        key: row.key,
        name: row.name,
        lessons: rs.length,
        analysed: done(rs).length,
        pending: rs.filter((r) => r.status < 2).length,
        failed: rs.filter((r) => r.status === 3).length,
        mean_rt: mean(
          withSt(rs).map((r) => r.st!.rt),
          r3,
        ),
        mean_ch: mean(
          withSt(rs).map((r) => r.st!.ch),
          r3,
        ),
        modes: modes(rs),
        st_missing: done(rs).length - withSt(rs).length,
        mean_teacher_ratio: mean(
          sp.map((r) => r.speech!.t),
          r3,
        ),
        mean_student_ratio: mean(
          sp.map((r) => r.speech!.s),
          r3,
        ),
        mean_silence_ratio: mean(
          sp.map((r) => r.speech!.q),
          r3,
        ),
        speech_missing: done(rs).length - sp.length,
        mean_score: mean(sc.map(score), r1),
        scoring_missing: done(rs).length - sc.length,
      });
    }
    expect(bySchool.list.map((r) => r.name)).toEqual(["银川市第一中学", "银川市第二中学", "银川市兴庆区第一小学"]);
    // 一中: (40/50 + 30/40) / 2 × 100 = 77.5
    expect(bySchool.list[0]!.mean_score).toBe(77.5);

    // Teachers of 一中 ordered by lessons, then finished lessons, then id; two per page.
    const xs = seen("xiaoji");
    const order = [...new Set(xs.map((r) => r.account_id))]
      .map((id) => ({ id, l: xs.filter((r) => r.account_id === id).length, a: done(xs).filter((r) => r.account_id === id).length }))
      .sort((a, b) => b.l - a.l || b.a - a.a || a.id - b.id)
      .map((t) => [t.id, t.l]);
    const page1 = await ok<CensusCourseCensus>(CALLS.censusCourseCensus, { by: "teacher", limit: 2, page: 1 }, "xiaoji");
    const page2 = await ok<CensusCourseCensus>(CALLS.censusCourseCensus, { by: "teacher", limit: 2, page: 2 }, "xiaoji");
    expect([page1.total, page2.total]).toEqual([3, 3]);
    expect([...page1.list, ...page2.list].map((r) => [r.key, r.lessons])).toEqual(order);
    expect(page1.list.map((r) => r.name)).toEqual(["张老师", "李老师"]);

    const byMonth = await ok<CensusCourseCensus>(CALLS.censusCourseCensus, { by: "month" }, "quji");
    const months = [...new Set(seen("quji").map((r) => r.at.slice(0, 7)))].sort().reverse();
    expect(byMonth.list.map((r) => r.name)).toEqual(months);
    for (const row of byMonth.list)
      expect([row.key, row.lessons]).toEqual([Number(row.name.replace("-", "")), seen("quji").filter((r) => r.at.startsWith(row.name)).length]);
  });

  it("ranks: teachers by finished lessons and by mean score", async () => {
    const got = await ok<CensusRanks>(CALLS.censusRanks, { by: "teacher", limit: 10 }, "pingtai");
    const teachers = [...new Set(rows.map((r) => r.account_id))];
    const analysed = teachers
      .map((id) => ({ id, n: done(rows).filter((r) => r.account_id === id).length }))
      .filter((t) => t.n > 0)
      .sort((a, b) => b.n - a.n || a.id - b.id);
    expect(got.by_analysed.map((i) => [i.id, i.value])).toEqual(analysed.map((t) => [t.id, t.n]));
    const scored = teachers
      .map((id) => {
        const sc = done(rows).filter((r) => r.account_id === id && r.score);
        return { id, n: sc.length, v: mean(sc.map(score), r1) };
      })
      .filter((t) => t.n > 0)
      .sort((a, b) => b.v! - a.v! || b.n - a.n || a.id - b.id);
    expect(got.by_score.map((i) => [i.id, i.value, i.n])).toEqual(scored.map((t) => [t.id, t.v, t.n]));
    expect(got.scoring_missing).toBe(done(rows).filter((r) => !r.score).length);
    expect(got.by_score[0]!.value).toBe(90); // 赵老师 45/50
    expect(got.by_analysed.find((i) => i.id === k.id.zhaolaoshi)!.school_name).toBe("银川市第二中学");
    const top1 = await ok<CensusRanks>(CALLS.censusRanks, { by: "school", limit: 1 }, "pingtai");
    expect(top1.by_analysed.map((i) => [i.id, i.value])).toEqual([[schools.one, 4]]);
  });

  it("oral: talk shares and speech rates by subject", async () => {
    const got = await ok<CensusOral>(CALLS.censusOral, { by: "subject" }, "xiaoji");
    const rs = done(seen("xiaoji"));
    const subjects = [...new Set(rs.map((r) => r.subject_id))];
    expect(got.list.map((r) => r.key).sort()).toEqual(subjects.sort());
    for (const row of got.list) {
      const g = rs.filter((r) => r.subject_id === row.key);
      const sp = g.filter((r) => r.speech);
      const tk = g.filter((r) => r.talk);
      expect(row, row.name).toEqual({
        key: row.key,
        name: row.name,
        analysed: g.length,
        teacher_ratio: mean(
          sp.map((r) => r.speech!.t),
          r3,
        ),
        student_ratio: mean(
          sp.map((r) => r.speech!.s),
          r3,
        ),
        silence_ratio: mean(
          sp.map((r) => r.speech!.q),
          r3,
        ),
        speech_missing: g.length - sp.length,
        teacher_rate: mean(
          tk.map((r) => r.talk!.tr),
          r1,
        ),
        student_rate: mean(
          tk.map((r) => r.talk!.sr),
          r1,
        ),
        talk_missing: g.length - tk.length,
      });
    }
    // 张老师's 语文: (0.7 + 0.3) / 2 teacher share.
    expect(got.list.find((r) => r.name === "语文")!.teacher_ratio).toBe(0.5);
  });

  it("base: lessons by period, grade and subject", async () => {
    const got = await ok<CensusBase>(CALLS.censusBase, {}, "pingtai");
    expect(got.lessons).toBe(rows.length);
    const tally = (key: (r: Row) => number) => {
      const m = new Map<number, [number, number]>();
      for (const r of rows) {
        const v = m.get(key(r)) ?? [0, 0];
        m.set(key(r), [v[0] + 1, v[1] + (r.status === 2 ? 1 : 0)]);
      }
      return [...m].map(([id, [l, a]]) => [id, l, a]).sort((x, y) => x[0]! - y[0]!);
    };
    const of = (items: CensusBase["periods"]) => items.map((i) => [i.id, i.lessons, i.analysed]).sort((x, y) => x[0]! - y[0]!);
    expect(of(got.periods)).toEqual(tally((r) => r.period_id));
    expect(of(got.grades)).toEqual(tally((r) => r.grade_id));
    expect(of(got.subjects)).toEqual(tally((r) => r.subject_id));
    expect(got.subjects.map((s) => s.name)).toEqual(expect.arrayContaining(["语文", "数学", "英语", "物理"]));
  });

  it("rtch: one point per finished lesson with S-T, newest first, capped", async () => {
    const got = await ok<CensusRtch>(CALLS.censusRtch, {}, "quji");
    const st = withSt(seen("quji")).sort((a, b) => (a.at < b.at ? 1 : -1));
    expect(got.total).toBe(st.length);
    expect(got.capped).toBe(false);
    expect(got.st_missing).toBe(done(seen("quji")).length - st.length);
    expect(got.points.map((p) => [p.id, p.rt, p.ch, p.mode])).toEqual(st.map((r) => [r.id, r.st!.rt, r.st!.ch, r.st!.mode]));
    expect(got.points[0]!.teacher).toBe("张老师");
    expect(got.points[0]!.created_at).toBe("2026-11-10 09:00:00");
    const capped = await ok<CensusRtch>(CALLS.censusRtch, { limit: 2 }, "quji");
    expect([capped.total, capped.capped, capped.points.map((p) => p.id)]).toEqual([st.length, true, st.slice(0, 2).map((r) => r.id)]);
  });
});

describe("c291 AI comments on a listened lesson", () => {
  it("answers the newest finished analysis of the record's video, for whoever may view the record", async () => {
    const done0 = rows[0]!;
    const id = await insertListen(k.db, {
      name: "精准听评课",
      organiser: k.id.zhanglaoshi!,
      evaluators: [k.id.lilaoshi!],
      school_id: schools.one,
      is_type: 2,
      my_video_id: VIDEO_DONE,
      open_model: 3,
    });
    const got = await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id }, "lilaoshi");
    expect(got).toEqual({
      available: true,
      course_id: done0.id,
      course_name: "测试课例 1",
      status: 2,
      mode: "讲授型",
      rt: 0.8,
      ch: 0.2,
      comments: lessonComments(done0.result!),
    });
    expect(got.comments.some((c) => c.dimension === "教学模式")).toBe(true);
    // The school administrator manages the record; 赵老师 (another school, not a participant) may not view it.
    expect((await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id }, "xiaoji")).course_id).toBe(done0.id);
    await refused(CALLS.aiListenCommentInfo, { id }, "zhaolaoshi", Code.FORBIDDEN, "无权查看该听评课");
    const anon = await call(CALLS.aiListenCommentInfo, { id });
    expect(anon.code).toBe(Code.FORBIDDEN);
    // A finished analysis without an S-T section: no mode, Rt or Ch — comments on what there is.
    const bare = rows[4]!;
    const open = await insertListen(k.db, {
      name: "公开的精准听评课",
      organiser: k.id.lilaoshi!,
      school_id: schools.one,
      is_type: 2,
      my_video_id: bare.video_id,
      open_model: 1,
    });
    expect(bare.result!.st.available).toBe(false);
    expect(await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id: open }, "zhaolaoshi")).toEqual({
      available: true,
      course_id: bare.id,
      course_name: "测试课例 5",
      status: 2,
      mode: null,
      rt: null,
      ch: null,
      comments: lessonComments(bare.result!),
    });
    expect(lessonComments(bare.result!).some((c) => c.dimension === "教学模式")).toBe(false);
  });

  it("says why when there is no analysis, it is running, or the record has no video", async () => {
    const none = await insertListen(k.db, { name: "未分析", organiser: k.id.zhanglaoshi!, school_id: schools.one, is_type: 2, my_video_id: VIDEO_NONE });
    const a = await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id: none }, "zhanglaoshi");
    expect(a).toMatchObject({ available: false, reason: "该听评课的视频尚未进行 AI 课堂分析", course_id: null, mode: null, rt: null, comments: [] });
    const running = await insertListen(k.db, { name: "分析中", organiser: k.id.wanglaoshi!, school_id: schools.one, is_type: 2, my_video_id: VIDEO_RUNNING });
    const b = await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id: running }, "wanglaoshi");
    expect(b).toMatchObject({ available: false, reason: "该听评课视频的 AI 课堂分析正在进行（进度 40%）", course_id: rows[5]!.id, status: 1, comments: [] });
    const live = await insertListen(k.db, { name: "现场", organiser: k.id.zhanglaoshi!, school_id: schools.one, is_type: 3 });
    const c = await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id: live }, "zhanglaoshi");
    expect(c).toMatchObject({ available: false, reason: "该听评课不是精准听评课，没有可分析的课堂录像", course_id: null });
    await refused(CALLS.aiListenCommentInfo, { id: 99999999 }, "zhanglaoshi", Code.NOT_FOUND, "听评课不存在或已删除");
    await refused(CALLS.aiListenCommentInfo, { id: "abc" }, "zhanglaoshi", Code.BAD_INPUT, /听评课编号/);
  });
});
