/**
 * Statistical reports (#12; docs/api/report.md). Two new schools — 兴庆区 (S1, the demo district administrator's
 * region) and 西夏区 (S2) — get recordings, analyses, listen-evaluate records with evaluations and activities written
 * straight into the tables at known Shanghai times in March–April 2025 (the demo content is off, so nothing else
 * falls in that range); every figure is checked exactly per group, with the totals, filters, scope refusals,
 * Chinese 400s, the saved views and both exports.
 */
import { CALLS, type FileAnswer, type ReportAnswer, type ReportMeta, type ReportRow, type ReportViewRow } from "@yanke/protocol";
import { writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { activity, activityMember } from "../src/modules/activity/activity.schema.js";
import { analysisCourse } from "../src/modules/analysis/analysis.schema.js";
import { hashPassword } from "../src/modules/auth/password.js";
import { listenEvaluate, listenEvaluation } from "../src/modules/listen/listen.schema.js";
import { period, region, school, subject } from "../src/modules/org/org.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { eq } from "drizzle-orm";
import { DEMO_VIEW_TITLES, seedReportDemo } from "../src/modules/report/report.demo.js";
import { type Kit, startKit } from "./activity-kit.js";
import { pdfText } from "./pdf-text.js";

let k: Kit;
let S1 = 0;
let S2 = 0;
let xingqing = 0;
let xixia = 0;
const t: number[] = [];
let t2 = 0;

/** A Shanghai wall time as an instant. */
const at = (s: string) => new Date(`${s}+08:00`);
const RANGE = { date_from: "2025-03-01", date_to: "2025-04-30" };
const ALL = ["recorded", "analysed", "evaluated", "activity", "active_teachers", "score"];

beforeAll(async () => {
  k = await startKit();
  const db = k.db;
  const reg = async (code: string) => (await db.select().from(region).where(eq(region.region_code, code)))[0]!.id;
  xingqing = await reg("640104");
  xixia = await reg("640105");
  const mk = async (title: string, area: string) =>
    (await db.insert(school).values({ title, area_code: area, city_code: "640100", province_code: "640000" }).returning({ id: school.id }))[0]!.id;
  S1 = await mk("报表测试一校", "640104");
  S2 = await mk("报表测试二校", "640105");
  const org = async (schoolId: number, names: string[]) => {
    const [p] = await db.insert(period).values({ school_id: schoolId, name: "初中" }).returning({ id: period.id });
    const subs = await db
      .insert(subject)
      .values(names.map((name) => ({ period_id: p!.id, name })))
      .returning({ id: subject.id, name: subject.name });
    return { period: p!.id, sub: Object.fromEntries(subs.map((s) => [s.name, s.id])) as Record<string, number> };
  };
  const o1 = await org(S1, ["语文", "数学"]);
  const o2 = await org(S2, ["语文"]);
  const hash = await hashPassword("Teacher123");
  const people = await db
    .insert(account)
    .values([
      { username: "bb_t0", realname: "报表甲", password_hash: hash, school_id: S1, identity: 2 },
      { username: "bb_t1", realname: "报表乙", password_hash: hash, school_id: S1, identity: 2 },
      { username: "bb_t2", realname: "报表丙", password_hash: hash, school_id: S1, identity: 2 },
      { username: "bb_x0", realname: "报表丁", password_hash: hash, school_id: S2, identity: 2 },
    ])
    .returning({ id: account.id });
  t.push(...people.slice(0, 3).map((p) => p.id));
  t2 = people[3]!.id;
  const yw = { school_id: S1, period_id: o1.period, subject_id: o1.sub.语文! };
  const sx = { school_id: S1, period_id: o1.period, subject_id: o1.sub.数学! };
  const yw2 = { school_id: S2, period_id: o2.period, subject_id: o2.sub.语文! };

  // 录制课数: S1 语文 03-10, 数学 03-31 23:30 (March in Shanghai, though April 1 is not yet in UTC… the other way:
  // 04-01 00:30 Shanghai is still March 31 in UTC and must count in April); failed and uploads don't count.
  const vids = await db
    .insert(video)
    .values([
      { ...yw, name: "v1", account_id: t[0]!, source: "recording", file_id: 0, status: "ready", created_at: at("2025-03-10T10:00:00") },
      { ...sx, name: "v2", account_id: t[1]!, source: "recording", file_id: 0, status: "ready", created_at: at("2025-03-31T23:30:00") },
      { ...yw, name: "v3", account_id: t[0]!, source: "recording", file_id: 0, status: "processing", created_at: at("2025-04-01T00:30:00") },
      { ...yw, name: "failed", account_id: t[0]!, source: "recording", file_id: 0, status: "failed", created_at: at("2025-03-11T10:00:00") },
      { ...yw, name: "upload", account_id: t[0]!, source: "upload", file_id: 0, status: "ready", created_at: at("2025-03-12T10:00:00") },
      { ...yw, name: "june", account_id: t[0]!, source: "recording", file_id: 0, status: "ready", created_at: at("2025-06-01T10:00:00") },
      { ...yw2, name: "x1", account_id: t2, source: "recording", file_id: 0, status: "ready", created_at: at("2025-03-05T09:00:00") },
    ])
    .returning({ id: video.id });
  // 分析课数: completed analyses by finish time.
  const ac = (v: number, o: typeof yw, status: number, finished: string | null) => ({
    ...o,
    video_id: v,
    name: "分析",
    account_id: t[0]!,
    creator_id: t[0]!,
    source: "recording",
    status,
    finished_at: finished ? at(finished) : null,
  });
  await db
    .insert(analysisCourse)
    .values([ac(vids[0]!.id, yw, 2, "2025-03-12T08:00:00"), ac(vids[1]!.id, sx, 1, null), ac(vids[2]!.id, sx, 2, "2025-04-02T08:00:00")]);
  // 听评课数 and 平均评分.
  const le = (o: typeof yw, start: string, teacher: number) => ({
    ...o,
    name: "听评课",
    account_id: teacher,
    teacher_account_id: teacher,
    start_time: at(start),
    end_time: new Date(at(start).getTime() + 2_700_000),
  });
  const recs = await db
    .insert(listenEvaluate)
    .values([
      le(yw, "2025-03-15T09:00:00", t[0]!),
      le(sx, "2025-04-10T09:00:00", t[1]!),
      le(yw2, "2025-03-06T09:00:00", t2),
      { ...le(yw, "2025-03-16T09:00:00", t[0]!), status: 0 },
    ])
    .returning({ id: listenEvaluate.id });
  await db.insert(listenEvaluation).values([
    { record_id: recs[0]!.id, account_id: t[1]!, total_score: 80, status: 1 },
    { record_id: recs[0]!.id, account_id: t[2]!, total_score: 90, status: 1 },
    { record_id: recs[0]!.id, account_id: t[0]!, total_score: 10, status: 0 },
    { record_id: recs[1]!.id, account_id: t[0]!, total_score: 70, status: 1 },
    { record_id: recs[2]!.id, account_id: t[0]!, total_score: 60, status: 1 },
  ]);
  // 教研活动数 and 活跃教师数.
  const act = async (o: typeof yw, start: string, by: number, members: number[], status = 1) => {
    const [a] = await db
      .insert(activity)
      .values({ ...o, area_id: xingqing, name: "活动", account_id: by, start_time: at(start), end_time: new Date(at(start).getTime() + 3_600_000), status })
      .returning({ id: activity.id });
    if (members.length) await db.insert(activityMember).values(members.map((m) => ({ activity_id: a!.id, account_id: m })));
  };
  await act(yw, "2025-03-20T14:00:00", t[0]!, [t[1]!, t[2]!]);
  await act(sx, "2025-04-20T14:00:00", t[1]!, [t[0]!]);
  await act(sx, "2025-04-21T14:00:00", t[2]!, [], 0);
});
afterAll(async () => {
  await k?.s.close();
});

const q = (body: Record<string, unknown>, user = "pingtai") => k.ok<ReportAnswer>(CALLS.reportQuery, body, user);
const byKey = (rows: ReportRow[], key: string, value: unknown) => rows.find((r) => r[key] === value);

describe("query", () => {
  it("counts each measure per school for the district administrator (his region only, every school shown)", async () => {
    const a = await q({ dimensions: ["school"], measures: ALL, filters: RANGE }, "quji");
    expect(a.columns.map((c) => c.title)).toEqual(["学校", "录制课数", "分析课数", "听评课数", "教研活动数", "活跃教师数", "平均评分"]);
    const r1 = byKey(a.rows, "school_key", S1);
    expect(r1).toMatchObject({ school: "报表测试一校", recorded: 3, analysed: 2, evaluated: 2, activity: 2, active_teachers: 3, score: 80 });
    expect(byKey(a.rows, "school_key", S2)).toBeUndefined();
    // The demo schools of 兴庆区 show with nothing in the range.
    const others = a.rows.filter((r) => r.school_key !== S1);
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(r).toMatchObject({ recorded: 0, analysed: 0, evaluated: 0, activity: 0, active_teachers: 0, score: null });
    expect(a.totals).toEqual({ recorded: 3, analysed: 2, evaluated: 2, activity: 2, active_teachers: 3, score: 80 });
  });

  it("groups by school × month in Asia/Shanghai (a recording at 23:30 on March 31 is March's, one at 00:30 on April 1 April's)", async () => {
    const a = await q({ dimensions: ["school", "time"], measures: ALL, filters: { ...RANGE, granularity: "month" } });
    const cell = (s: number, m: string) => a.rows.find((r) => r.school_key === s && r.time_key === m);
    expect(cell(S1, "2025-03")).toMatchObject({ recorded: 2, analysed: 1, evaluated: 1, activity: 1, active_teachers: 3, score: 85 });
    expect(cell(S1, "2025-04")).toMatchObject({ recorded: 1, analysed: 1, evaluated: 1, activity: 1, active_teachers: 2, score: 70 });
    expect(cell(S2, "2025-03")).toMatchObject({ school: "报表测试二校", recorded: 1, analysed: 0, evaluated: 1, activity: 0, active_teachers: 0, score: 60 });
    expect(cell(S2, "2025-04")).toBeUndefined();
    expect(a.totals).toMatchObject({ recorded: 4, analysed: 2, evaluated: 3, activity: 2, active_teachers: 3, score: 75 });
    const days = await q({ dimensions: ["time"], measures: ["recorded"], filters: { ...RANGE, school_id: S1, granularity: "day" } });
    expect(days.rows).toHaveLength(61);
    expect(byKey(days.rows, "time_key", "2025-03-31")!.recorded).toBe(1);
    expect(byKey(days.rows, "time_key", "2025-04-01")!.recorded).toBe(1);
    expect(byKey(days.rows, "time_key", "2025-03-11")!.recorded).toBe(0);
    const weeks = await q({ dimensions: ["time"], measures: ["recorded"], filters: { ...RANGE, school_id: S1, granularity: "week" } });
    // 2025-03-31 is a Monday: both late recordings fall in that week.
    expect(byKey(weeks.rows, "time_key", "2025-03-31")).toMatchObject({ time: "2025-03-31 当周", recorded: 2 });
    expect(weeks.rows[0]!.time_key).toBe("2025-02-24");
  });

  it("groups by subject and region; distinct and mean totals are not sums", async () => {
    const a = await q({ dimensions: ["subject"], measures: ALL, filters: { ...RANGE, school_id: S1 } });
    expect(a.rows.map((r) => r.subject)).toEqual(["数学", "语文"].sort((x, y) => x.localeCompare(y, "zh-CN")));
    expect(byKey(a.rows, "subject", "语文")).toMatchObject({ recorded: 2, analysed: 1, evaluated: 1, activity: 1, active_teachers: 3, score: 85 });
    expect(byKey(a.rows, "subject", "数学")).toMatchObject({ recorded: 1, analysed: 1, evaluated: 1, activity: 1, active_teachers: 2, score: 70 });
    expect(a.totals).toMatchObject({ active_teachers: 3, score: 80 });
    const regions = await q({ dimensions: ["region"], measures: ["recorded", "evaluated"], filters: RANGE });
    expect(byKey(regions.rows, "region_key", xingqing)).toMatchObject({ region: "兴庆区", recorded: 3, evaluated: 2 });
    expect(byKey(regions.rows, "region_key", xixia)).toMatchObject({ region: "西夏区", recorded: 1, evaluated: 1 });
    const period = await q({ dimensions: ["period"], measures: ["recorded"], filters: RANGE });
    expect(byKey(period.rows, "period", "初中")!.recorded).toBe(4);
  });

  it("filters by subject, period, region and sorts", async () => {
    const a = await q({ dimensions: ["school"], measures: ["recorded", "score"], filters: { ...RANGE, subject: "语文", period: "初中", region_id: xingqing } });
    expect(byKey(a.rows, "school_key", S1)).toMatchObject({ recorded: 2, score: 85 });
    expect(byKey(a.rows, "school_key", S2)).toBeUndefined();
    const sorted = await q({ dimensions: ["school"], measures: ["recorded"], filters: RANGE, sort: { by: "recorded", order: "desc" }, limit: 2 });
    expect(sorted.rows.map((r) => r.school_key)).toEqual([S1, S2]);
    expect(sorted.truncated).toBe(true);
    expect(sorted.total_rows).toBeGreaterThan(2);
    expect(sorted.filters_text).toBe("时间：2025-03-01 至 2025-04-30");
  });

  it("keeps to the caller's scope: 403 outside, 404 unknown, teachers refused", async () => {
    await k.refused(
      CALLS.reportQuery,
      { dimensions: ["school"], measures: ["recorded"], filters: { ...RANGE, school_id: S1 } },
      "xiaoji",
      403,
      /不在您的组织范围内/,
    );
    await k.refused(
      CALLS.reportQuery,
      { dimensions: ["school"], measures: ["recorded"], filters: { ...RANGE, school_id: S2 } },
      "quji",
      403,
      /不在您的组织范围内/,
    );
    await k.refused(CALLS.reportQuery, { dimensions: ["school"], measures: ["recorded"], filters: { ...RANGE, region_id: xixia } }, "quji", 403);
    await k.refused(CALLS.reportQuery, { dimensions: ["school"], measures: ["recorded"], filters: { ...RANGE, school_id: 999999 } }, "quji", 404, "学校不存在");
    await k.refused(CALLS.reportQuery, { dimensions: ["school"], measures: ["recorded"], filters: RANGE }, "zhanglaoshi", 403);
    // The school administrator sees his own school only.
    const mine = await q({ dimensions: ["school"], measures: ["recorded"], filters: RANGE }, "xiaoji");
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]!.school_key).not.toBe(S1);
  });

  it("answers bad dimensions, measures and ranges in Chinese", async () => {
    const base = { dimensions: ["school"], measures: ["recorded"], filters: RANGE };
    await k.refused(CALLS.reportQuery, { ...base, dimensions: ["teacher"] }, "quji", 400, /维度只能是/);
    await k.refused(CALLS.reportQuery, { ...base, dimensions: ["school", "time", "subject"] }, "quji", 400, /最多选择 2 个维度/);
    await k.refused(CALLS.reportQuery, { ...base, measures: [] }, "quji", 400, /请至少选择 1 个指标/);
    await k.refused(CALLS.reportQuery, { ...base, measures: ["views"] }, "quji", 400, /指标只能是/);
    await k.refused(CALLS.reportQuery, { ...base, filters: { date_from: "2023-01-01", date_to: "2025-04-30" } }, "quji", 400, /时间范围不能超过 2 年/);
    await k.refused(CALLS.reportQuery, { ...base, filters: { date_from: "2025-05-01", date_to: "2025-04-30" } }, "quji", 400, /开始日期不能晚于结束日期/);
    await k.refused(CALLS.reportQuery, { ...base, filters: {} }, "quji", 400, /开始日期/);
    await k.refused(CALLS.reportQuery, { ...base, dimensions: ["region", "school"] }, "quji", 400, /区域 × 学校/);
  });

  it("meta names dimensions and measures and lists the options within the scope", async () => {
    const m = await k.ok<ReportMeta>(CALLS.reportMeta, {}, "quji");
    expect(m.dimensions.map((d) => d.name)).toEqual(["区域", "学校", "学科", "学段", "时间"]);
    expect(m.measures.map((d) => d.name)).toEqual(["录制课数", "分析课数", "听评课数", "教研活动数", "活跃教师数", "平均评分"]);
    expect(m.scope).toEqual({ kind: "region", name: "兴庆区" });
    expect(m.schools.map((s) => s.id)).toContain(S1);
    expect(m.schools.map((s) => s.id)).not.toContain(S2);
    expect(m.subjects).toEqual(expect.arrayContaining(["语文", "数学"]));
    const school = await k.ok<ReportMeta>(CALLS.reportMeta, {}, "xiaoji");
    expect(school.dimensions.find((d) => d.key === "school")!.disabled).toMatch(/本校/);
    await k.refused(CALLS.reportMeta, {}, "zhanglaoshi", 403);
  });
});

describe("views", () => {
  const view = { title: "测试视图", dimensions: ["school"], measures: ["recorded", "score"], filters: RANGE, chart_type: "bar" };
  it("saves, lists within the scope, and lets only the owner or a wider administrator change it", async () => {
    const { id } = await k.ok<{ id: number }>(CALLS.reportViewSave, view, "quji");
    const { id: schoolView } = await k.ok<{ id: number }>(CALLS.reportViewSave, { ...view, title: "本校视图" }, "xiaoji");
    const mine = await k.ok<ReportViewRow[]>(CALLS.reportViewList, {}, "quji");
    expect(mine.find((v) => v.id === id)).toMatchObject({
      title: "测试视图",
      scope_name: "兴庆区",
      editable: true,
      filters: { ...RANGE, granularity: "month" },
    });
    // The school administrator's view lies inside the district: the district administrator sees and may edit it.
    expect(mine.find((v) => v.id === schoolView)).toMatchObject({ editable: true });
    const school = await k.ok<ReportViewRow[]>(CALLS.reportViewList, {}, "xiaoji");
    expect(school.map((v) => v.id)).toEqual([schoolView]);
    const platform = await k.ok<ReportViewRow[]>(CALLS.reportViewList, {}, "pingtai");
    expect(platform.find((v) => v.id === id)!.editable).toBe(true);
    await k.refused(CALLS.reportViewUpdate, { id, title: "改名" }, "xiaoji", 403);
    await k.refused(CALLS.reportViewDelete, { id }, "xiaoji", 403);
    await k.ok(CALLS.reportViewUpdate, { id: schoolView, title: "区里改的" }, "quji");
    await k.ok(CALLS.reportViewUpdate, { id, title: "改名", chart_type: "line" }, "quji");
    const after = (await k.ok<ReportViewRow[]>(CALLS.reportViewList, {}, "quji")).find((v) => v.id === id)!;
    expect(after).toMatchObject({ title: "改名", chart_type: "line", measures: ["recorded", "score"] });
    expect((await k.ok<ReportViewRow[]>(CALLS.reportViewList, {}, "xiaoji"))[0]!.title).toBe("区里改的");
    await k.refused(CALLS.reportViewUpdate, { id: 999999, title: "x" }, "quji", 404, "报表视图不存在");
    await k.refused(CALLS.reportViewSave, { ...view, title: " " }, "quji", 400, /请输入视图名称/);
    await k.refused(CALLS.reportViewSave, { ...view, filters: { ...RANGE, school_id: S2 } }, "quji", 403);
    await k.refused(CALLS.reportViewList, {}, "zhanglaoshi", 403);
    await k.ok(CALLS.reportViewDelete, { id }, "quji");
    await k.refused(CALLS.reportViewDelete, { id }, "quji", 404);
  });
});

describe("demo", () => {
  it("saves the two views of the demo district administrator once, and both answer", async () => {
    const deps = { db: k.db } as unknown as Parameters<typeof seedReportDemo>[0];
    await seedReportDemo(deps);
    await seedReportDemo(deps);
    const views = (await k.ok<ReportViewRow[]>(CALLS.reportViewList, {}, "quji")).filter((v) => (DEMO_VIEW_TITLES as readonly string[]).includes(v.title));
    expect(views.map((v) => v.title).sort()).toEqual([...DEMO_VIEW_TITLES].sort());
    const byTitle = Object.fromEntries(views.map((v) => [v.title, v]));
    expect(byTitle[DEMO_VIEW_TITLES[0]]).toMatchObject({ dimensions: ["school"], measures: ["recorded", "analysed", "evaluated", "score"], editable: true });
    expect(byTitle[DEMO_VIEW_TITLES[1]]).toMatchObject({ dimensions: ["time"], measures: ["activity", "evaluated"], chart_type: "line" });
    for (const v of views) {
      const a = await q({ dimensions: v.dimensions, measures: v.measures, filters: v.filters }, "quji");
      expect(a.rows.length).toBeGreaterThan(0);
    }
    expect((await q({ dimensions: ["time"], measures: ["activity"], filters: byTitle[DEMO_VIEW_TITLES[1]]!.filters }, "quji")).rows).toHaveLength(12);
  });
});

describe("exports", () => {
  it("xlsx: the table with numbers as numbers and a totals row", async () => {
    const f = await k.ok<FileAnswer>(
      CALLS.reportExportXlsx,
      { title: "各校概况", dimensions: ["school"], measures: ["recorded", "score"], filters: { ...RANGE, school_id: S1 } },
      "quji",
    );
    expect(f.filename).toMatch(/^各校概况_\d{12}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(f.file, "base64") as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("统计报表")!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["学校", "录制课数", "平均评分"]);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(["报表测试一校", 3, 80]);
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual(["合计", 3, 80]);
    const info = wb.getWorksheet("说明")!;
    expect(info.getRow(3).getCell(2).value).toBe("时间：2025-03-01 至 2025-04-30；学校：报表测试一校");
  });

  it("pdf: title, filters and a table over several pages", async () => {
    const f = await k.ok<FileAnswer>(
      CALLS.reportExportPdf,
      { title: "每日录制统计", dimensions: ["time"], measures: ["recorded", "evaluated"], filters: { ...RANGE, school_id: S1, granularity: "day" } },
      "quji",
    );
    const bytes = Buffer.from(f.file, "base64");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // To look at it: REPORT_PDF_OUT=/tmp/report.pdf.
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, bytes);
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain("每日录制统计");
    expect(text).toContain("学校：报表测试一校");
    expect(text).toContain("2025-04-30");
    expect(text).toContain("合计");
  });
});
