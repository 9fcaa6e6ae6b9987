/**
 * Big screens, the data cockpit and portraits: /middle/evaluation_course/newEvaluationScreen (c061), /bigData, /personalPortrait, /schoolPortrait, /onlineTeacherDetails (issue #11; docs/api/portal.md).
 *
 * Every number is computed from real rows at the time of the call. Dates are Asia/Shanghai; months "YYYY-MM", days
 * "YYYY-MM-DD", weeks the Monday that starts them.
 */
import { z } from "zod";
import type { TeachingMode } from "./research.js";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";

export const PORTAL_CALLS = {
  /** c061: the listening-and-evaluation big screen (评课大屏) over the caller's scope */ evaluationScreen: "/middle/evaluation_course/newEvaluationScreen",
  /** designed: the public data cockpit (数据驾驶舱) — aggregate counts only */ bigData: "/web/portal/bigData",
  /** designed: a teacher's portrait (教师画像) */ teacherPortrait: "/v2/portal/teacherPortrait",
  /** designed: a school's portrait (学校画像) */ schoolPortrait: "/v2/portal/schoolPortrait",
  /** designed: teachers signed in now and their activity today (/onlineTeacherDetails) */ onlineTeachers: "/web/portal/onlineTeachers",
  /** designed: evaluated lessons open to the viewer (/foreground/evaluationClass) */ evaluationClass: "/v2/portal/evaluationClass",
} as const;

/** An optional id: 0, "" and null mean "none". */
const zOptId = (label: string) => z.preprocess((v) => (v === 0 || v === "0" || v === "" || v === null ? undefined : v), zId(label).optional());
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const zOptDate = (label: string) =>
  z
    .preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ message: `${label}格式应为 YYYY-MM-DD` })
        .trim()
        .regex(DATE, `${label}格式应为 YYYY-MM-DD`)
        .optional(),
    )
    .describe(label);

// ── c061 评课大屏 ─────────────────────────────────────────────────────────────────────────────────────────────────

export const EvaluationScreenPayload = z
  .object({
    school_id: zOptId("学校id"),
    period_id: zOptId("学段id"),
    start: zOptDate("开始日期"),
    end: zOptDate("结束日期"),
  })
  .refine((p) => !p.start || !p.end || p.start <= p.end, { message: "开始日期不能晚于结束日期", path: ["end"] })
  .describe("评课大屏：学校、学段、日期范围（都可不填）");
export type EvaluationScreenPayload = z.infer<typeof EvaluationScreenPayload>;

export interface NamedCount {
  id: number;
  name: string;
  records: number;
  evaluations: number;
}

export interface ScreenPerson {
  account_id: number;
  realname: string;
  school_name: string;
  /** submitted evaluations (received by a teacher, given by an evaluator) */
  evaluations: number;
  /** mean total score of those evaluations (0–100), null when none carried a score */
  mean_score: number | null;
}

export interface ScreenLatest {
  evaluation_id: number;
  record_id: number;
  record_name: string;
  evaluator: string;
  teacher: string;
  school_name: string;
  subject_name: string;
  score: number | null;
  /** "YYYY-MM-DD HH:mm" (Asia/Shanghai) */
  time: string;
}

export interface EvaluationScreen {
  /** the schools covered: "all" for the whole platform, else their count */
  scope: { kind: "all" | "region" | "school"; school_ids: number[] | null; label: string };
  range: { start: string | null; end: string | null };
  totals: {
    records: number;
    /** is_type 1 远程, 2 精准, 3 现场 */
    remote: number;
    precise: number;
    onsite: number;
    /** submitted evaluations (listen_evaluation status 1) */
    evaluations: number;
    /** distinct accounts among the records' participants (organisers, teachers, evaluators) */
    participants: number;
    /** distinct teachers (授课教师) with at least one submitted evaluation */
    teachers_evaluated: number;
    /** distinct schools of the records */
    schools: number;
    /** mean total of the submitted evaluations of scored (indicator) records, null when none */
    mean_score: number | null;
  };
  /** day when the range spans ≤ 62 days, else week (Monday); without a range: the last 30 days */
  trend: { unit: "day" | "week"; points: Array<{ date: string; records: number; evaluations: number }> };
  by_subject: NamedCount[];
  by_school: NamedCount[];
  /** histogram of submitted totals: [0,60) [60,70) [70,80) [80,90) [90,100] */
  score_distribution: Array<{ label: string; min: number; max: number; count: number }>;
  top_teachers: ScreenPerson[];
  top_evaluators: ScreenPerson[];
  latest: ScreenLatest[];
  review: {
    /** review_activity (status 1) of the schools */
    activities: number;
    /** works submitted (status 1) by teachers of the schools */
    works: number;
    /** works with at least one submitted score */
    scored_works: number;
    /** submitted reviewer scores */
    scores: number;
    mean_score: number | null;
  };
  analysis: {
    /** analysis_course rows (any status) */
    courses: number;
    /** status 2 已完成 */
    analysed: number;
    /** analysed and publish_status 1 */
    published: number;
    /** S-T teaching modes of the analysed lessons whose S-T section is available */
    modes: Array<{ mode: TeachingMode; count: number }>;
  };
}

// ── the data cockpit ─────────────────────────────────────────────────────────────────────────────────────────

export const BigDataPayload = z
  .object({
    region_code: z
      .preprocess((v) => (v === null ? undefined : v), z.string().trim().max(12, "区域编码不正确").regex(/^\d*$/, "区域编码不正确").optional())
      .describe("区域编码"),
    school_id: zOptId("学校id"),
  })
  .describe("数据驾驶舱：全平台，或一个区域、一所学校");
export type BigDataPayload = z.infer<typeof BigDataPayload>;

export interface CountByName {
  name: string;
  count: number;
}

export interface BigData {
  scope: { kind: "all" | "region" | "school"; label: string };
  kpi: {
    schools: number;
    teachers: number;
    devices: number;
    devices_online: number;
    /** finished lesson recordings (recording state done) */
    recordings: number;
    /** ready videos (recorded or uploaded) */
    videos: number;
    /** analysed lessons (analysis_course status 2) */
    analysed: number;
    /** listen-evaluate records in use */
    listen_records: number;
    /** records with at least one submitted evaluation */
    evaluated: number;
    evaluations: number;
    /** published course resources (course_resource level 1, status 1) */
    resources: number;
  };
  /** the last 12 months, oldest first */
  months: Array<{ month: string; videos: number; analysed: number; listen_records: number; evaluations: number }>;
  /** schools by activity (videos + analysed + listen records), top 10 */
  school_rank: Array<{ name: string; videos: number; analysed: number; listen_records: number; total: number }>;
  /** regions (districts) by the same measure, when the scope spans several */
  region_rank: Array<{ name: string; total: number }>;
  /** videos + analysed + listen records by subject name */
  by_subject: CountByName[];
  modes: Array<{ mode: TeachingMode; count: number }>;
}

// ── portraits ────────────────────────────────────────────────────────────────────────────────────────────────

export const TeacherPortraitPayload = z.object({ account_id: zOptId("教师id") }).describe("教师画像：不填为本人");
export type TeacherPortraitPayload = z.infer<typeof TeacherPortraitPayload>;

export const SchoolPortraitPayload = z.object({ school_id: zOptId("学校id") }).describe("学校画像：不填为本校");
export type SchoolPortraitPayload = z.infer<typeof SchoolPortraitPayload>;

export interface PortraitAnalysis {
  id: number;
  name: string;
  rt: number;
  ch: number;
  mode: TeachingMode;
  published: boolean;
  /** "YYYY-MM-DD" */
  date: string;
}

export interface PortraitDimension {
  name: string;
  /** mean of the item shares of the dimension, 0–100 */
  score: number;
  /** item scores counted */
  n: number;
}

export interface PortraitMonth {
  month: string;
  videos: number;
  analysed: number;
  evaluations_received: number;
  evaluations_given: number;
}

export interface PortraitListen {
  id: number;
  name: string;
  is_type: number;
  date: string;
  evaluations: number;
  mean_score: number | null;
}

export interface TeacherPortrait {
  profile: {
    account_id: number;
    realname: string;
    head_portrait_url: string;
    school_id: number;
    school_name: string;
    period_name: string;
    subject_name: string;
    reputation: string;
    entry_year: number;
  };
  counts: {
    /** listen-evaluate records where he gives the lesson */
    lessons_given: number;
    recordings: number;
    videos: number;
    analysed: number;
    evaluations_received: number;
    evaluations_given: number;
    preparations: number;
    /** course resources he wrote (level 1) and those published */
    resources: number;
    resources_published: number;
    review_works: number;
    /** community activities he organised or joined */
    activities: number;
  };
  st: { mean_rt: number | null; mean_ch: number | null; modes: Array<{ mode: TeachingMode; count: number }>; points: PortraitAnalysis[] };
  evaluation: { mean_score: number | null; dimensions: PortraitDimension[] };
  months: PortraitMonth[];
  lessons: PortraitListen[];
  works: Array<{ id: number; activity_id: number; activity_title: string; title: string; score: number | null; rank: number | null }>;
}

export interface PortraitTeacherRow {
  account_id: number;
  realname: string;
  videos: number;
  analysed: number;
  evaluations_received: number;
  mean_score: number | null;
  total: number;
}

export interface SchoolPortrait {
  profile: { school_id: number; title: string; address: string; region_name: string; logo: string };
  counts: {
    teachers: number;
    classes: number;
    devices: number;
    devices_online: number;
    recordings: number;
    videos: number;
    analysed: number;
    listen_records: number;
    evaluations: number;
    preparations: number;
    resources: number;
    review_works: number;
  };
  st: { mean_rt: number | null; mean_ch: number | null; modes: Array<{ mode: TeachingMode; count: number }>; points: PortraitAnalysis[] };
  evaluation: { mean_score: number | null; dimensions: PortraitDimension[] };
  /** subjects with their videos, analysed lessons and listen records */
  subjects: Array<{ name: string; videos: number; analysed: number; listen_records: number }>;
  months: PortraitMonth[];
  top_teachers: PortraitTeacherRow[];
}

// ── online teachers ──────────────────────────────────────────────────────────────────────────────────────────

export const OnlineTeachersPayload = z.object({ school_id: zOptId("学校id") }).describe("在线教师：可按学校");
export type OnlineTeachersPayload = z.infer<typeof OnlineTeachersPayload>;

export interface OnlineTeacherRow {
  account_id: number;
  realname: string;
  school_name: string;
  /** "HH:mm" of the sign-in (Asia/Shanghai) */
  since: string;
  today: { videos: number; analyses: number; evaluations: number; listen_records: number };
}

export interface OnlineTeachers {
  /** teachers (identity 2) with a live session now */
  online: number;
  teachers_total: number;
  by_school: Array<{ school_id: number; school_name: string; online: number }>;
  /** today (Asia/Shanghai), all teachers of the scope */
  today: { videos: number; analyses: number; evaluations: number; listen_records: number };
  /** names: only for a signed-in administrator (within his scope); null otherwise */
  teachers: OnlineTeacherRow[] | null;
}

// ── evaluated lessons ────────────────────────────────────────────────────────────────────────────────────────

export const EvaluationClassPayload = z
  .object({
    page: zPage,
    limit: zLimit,
    name: z.string().trim().max(50, "名称最多 50 个字").optional().describe("课题"),
    school_id: zOptId("学校id"),
    subject_id: zOptId("学科id"),
    is_type: z
      .preprocess(
        (v) => (v === 0 || v === "" || v === null ? undefined : v),
        z.coerce.number().int().min(1, "听评课类型不正确").max(3, "听评课类型不正确").optional(),
      )
      .describe("1 远程 2 精准 3 现场"),
    /** latest (default) | score | count */
    order: z.enum(["latest", "score", "count"], { message: "排序方式不正确" }).default("latest"),
  })
  .describe("评课：可查看的听评课及其评价数与平均分");
export type EvaluationClassPayload = z.infer<typeof EvaluationClassPayload>;

export interface EvaluationClassRow {
  id: number;
  name: string;
  is_type: number;
  teacher_name: string;
  school_name: string;
  subject_name: string;
  grade_name: string;
  logo_url: string;
  /** "YYYY-MM-DD HH:mm" */
  start_time: string;
  evaluations: number;
  mean_score: number | null;
}

export interface EvaluationClassList {
  total: number;
  page: number;
  limit: number;
  list: EvaluationClassRow[];
}

/** The calls of PORTAL_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const PORTAL = {
  evaluationScreen: call<EvaluationScreen>()(PORTAL_CALLS.evaluationScreen, EvaluationScreenPayload),
  bigData: call<BigData>()(PORTAL_CALLS.bigData, BigDataPayload),
  teacherPortrait: call<TeacherPortrait>()(PORTAL_CALLS.teacherPortrait, TeacherPortraitPayload),
  schoolPortrait: call<SchoolPortrait>()(PORTAL_CALLS.schoolPortrait, SchoolPortraitPayload),
  onlineTeachers: call<OnlineTeachers>()(PORTAL_CALLS.onlineTeachers, OnlineTeachersPayload),
  evaluationClass: call<EvaluationClassList>()(PORTAL_CALLS.evaluationClass, EvaluationClassPayload),
} as const;
