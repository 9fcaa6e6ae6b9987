/**
 * Periods, grades, subjects, classes and students (issue #4) through the real encrypted wire: session reads c047,
 * c048, c049, c083, c113 and the /middle/period|grade|subject|classes|student administration calls.
 *
 * Until app.ts wires classRoutes, the calls are mounted on a second Fastify app that shares the test server's
 * services and database (same envelope, same token resolution, same rule check); once wired, the test server
 * answers them itself.
 */
import { type BatchResult, Code, type Envelope, type FileAnswer, type Page, postCall } from "@yanke/protocol";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLASS_CALLS as C,
  type ClassRow,
  type CourseItem,
  type GradeRow,
  type PeriodGradeItem,
  type PeriodRow,
  type PeriodSubjectItem,
  STUDENT_TEMPLATE_PATH,
  type SchoolClassItem,
  type StudentImportReport,
  type StudentRow,
  type SubjectRow,
} from "@yanke/protocol";
import { type CallHost, reply } from "../src/http/call.js";
import { AppError } from "../src/http/errors.js";
import { classRoutes } from "../src/modules/org/class.routes.js";
import { ClassService } from "../src/modules/org/class.service.js";
import { OrgAccess, PeriodService } from "../src/modules/org/period.service.js";
import { StudentService } from "../src/modules/org/student.service.js";
import { parseStudentImport } from "../src/modules/org/student-xlsx.js";
import { TEST_TEACHER_PASSWORD } from "./constants.js";
import { type TestServer, startTestServer } from "./harness.js";

const DEMO = "Demo12345";
let s: TestServer;
let base = "";
let closeSide: (() => Promise<void>) | undefined;
const tokens: Record<string, string> = {};
let school1 = 0; // 银川市第一中学 (兴庆区): xiaoji, lilaoshi, zhanglaoshi
let school2 = 0; // 银川市第二中学 (西夏区): zhaolaoshi; zhanglaoshi is a member too
let xqPrimary = 0; // 银川市兴庆区第一小学 (兴庆区)

/** The call served by the test server once wired, else by a side app over the same services. */
async function mount(): Promise<void> {
  if (s.app.hasRoute({ method: "POST", url: C.classList })) {
    base = s.url;
    return;
  }
  const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
  const host: CallHost = {
    appKey: s.config.appKey,
    allowRaw: false,
    resolveToken: (t) => s.services.auth.resolve(t),
    authorize: async (auth, rule) => s.services.rbac.authorize(await s.services.accounts.subject(auth.accountId), rule),
    registry: [],
  };
  app.setErrorHandler((err, _req, res) => {
    if (err instanceof AppError) return reply(res, err.code, err.message, err.data);
    return res.code(500).send({ code: Code.SERVER_ERROR, msg: String(err), data: null });
  });
  const db = s.database.db;
  const access = new OrgAccess(s.services.org, s.services.accounts);
  classRoutes(app, host, {
    periods: new PeriodService(db, access),
    classes: new ClassService(db, access, s.services.accounts),
    students: new StudentService(db, access),
    accounts: s.services.accounts,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  closeSide = () => app.close();
}

function call<T = unknown>(path: string, payload: Record<string, unknown>, who: string): Promise<Envelope<T>> {
  return postCall<T>(path, payload, { baseUrl: base, appKey: s.config.appKey, token: who === "anonymous" ? undefined : tokens[who] });
}

async function ok<T>(path: string, payload: Record<string, unknown>, who: string): Promise<T> {
  const r = await call<T>(path, payload, who);
  expect(r.code, `${path} ${r.msg}`).toBe(200);
  return r.data;
}

async function schoolId(code: string): Promise<number> {
  const id = await s.services.org.schoolIdByCode(code);
  if (!id) throw new Error(code);
  return id;
}

async function accountId(username: string): Promise<number> {
  const a = await s.services.accounts.byUsername(username);
  if (!a) throw new Error(username);
  return a.id;
}

beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: "1000", LOGIN_MAX_FAILURES_PER_IP: "100000" });
  await mount();
  tokens.admin = (await s.login()).token;
  for (const u of ["quji", "xiaoji", "pingtai"]) tokens[u] = (await s.login(u, DEMO)).token;
  for (const u of ["lilaoshi", "zhanglaoshi", "zhaolaoshi"]) tokens[u] = (await s.login(u, TEST_TEACHER_PASSWORD)).token;
  school1 = await schoolId("640104001");
  school2 = await schoolId("640105001");
  xqPrimary = await schoolId("640104101");
});
afterAll(async () => {
  await closeSide?.();
  await s?.close();
});

async function periodsOf(school: number): Promise<PeriodRow[]> {
  return (await ok<Page<PeriodRow>>(C.commonPeriodList, { school_id: school, limit: 50 }, "admin")).list;
}

async function periodId(school: number, name: string): Promise<number> {
  const p = (await periodsOf(school)).find((x) => x.name === name);
  if (!p) throw new Error(`${school} ${name}`);
  return p.id;
}

async function gradeId(school: number, name: string): Promise<number> {
  const g = (await ok<PeriodGradeItem[]>(C.periodGrades, { school_id: school }, "admin")).find((x) => x.name === name);
  if (!g) throw new Error(`${school} ${name}`);
  return g.id;
}

async function classesOf(school: number): Promise<SchoolClassItem[]> {
  return ok<SchoolClassItem[]>(C.schoolClasses, { school_id: school }, "admin");
}

// ---------------------------------------------------------------------------------------------------------

describe("session reads (c047, c048, c049, c083, c113)", () => {
  it("c048: a teacher sees his school's periods; another school's only as a member; admins their scope", async () => {
    const mine = await ok<Page<PeriodRow>>(C.commonPeriodList, { page: 1 }, "lilaoshi");
    expect(mine.list.map((p) => p.name)).toEqual(["初中", "高中"]);
    expect(mine).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(mine.list.every((p) => p.school_id === school1 && p.school_name === "银川市第一中学")).toBe(true);
    expect(mine.list[0]!.grade_count).toBe(3);
    expect(mine.list[0]!.subject_count).toBe(9);

    expect(await call(C.commonPeriodList, { school_id: school2 }, "lilaoshi")).toEqual({ code: 404, msg: "学校不存在", data: null });
    const member = await ok<Page<PeriodRow>>(C.commonPeriodList, { school_id: school2 }, "zhanglaoshi");
    expect(member.list.map((p) => p.name)).toEqual(["初中"]);

    const all = await ok<Page<PeriodRow>>(C.commonPeriodList, { limit: 100 }, "admin");
    expect(new Set(all.list.map((p) => p.school_id)).size).toBe(8);
    const region = await ok<Page<PeriodRow>>(C.commonPeriodList, { limit: 100 }, "quji");
    expect(new Set(region.list.map((p) => p.school_id))).toEqual(new Set([school1, xqPrimary]));

    expect((await call(C.commonPeriodList, { page: "abc" }, "lilaoshi")).msg).toMatch(/^页码\(page\): /);
    expect((await call(C.commonPeriodList, { school_id: 99999 }, "admin")).msg).toBe("学校不存在");
    expect((await call(C.commonPeriodList, {}, "anonymous")).code).toBe(1025);
  });

  it("c049: the course filter starts with 全部 (id 0), then the period's subjects", async () => {
    const junior = await periodId(school1, "初中");
    const list = await ok<CourseItem[]>(C.commonCourseList, { period_id: junior }, "lilaoshi");
    expect(list[0]).toEqual({ id: 0, name: "全部" });
    expect(list.slice(1).map((x) => x.name)).toEqual(["语文", "数学", "英语", "物理", "化学", "生物", "历史", "地理", "道德与法治"]);
    expect(Object.keys(list[1]!).sort()).toEqual(["id", "name"]);
    // Without period_id: the caller's own period (李老师 teaches 初中 at school 1).
    expect(await ok<CourseItem[]>(C.commonCourseList, {}, "lilaoshi")).toEqual(list);
    // Someone without a period gets 全部 alone.
    expect(await ok<CourseItem[]>(C.commonCourseList, {}, "admin")).toEqual([{ id: 0, name: "全部" }]);
    // Another school's period is not shown to a teacher of school 1; unknown ids and bad types are refused.
    const other = await periodId(school2, "初中");
    expect(await call(C.commonCourseList, { period_id: other }, "lilaoshi")).toEqual({ code: 404, msg: "学段不存在", data: null });
    expect((await call(C.commonCourseList, { period_id: 999999 }, "admin")).msg).toBe("学段不存在");
    const bad = await call(C.commonCourseList, { period_id: "初中" }, "lilaoshi");
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^学段\(period_id\): /);
  });

  it("c047: subjects of a period, or of every period of the caller's school", async () => {
    const senior = await periodId(school1, "高中");
    const one = await ok<PeriodSubjectItem[]>(
      C.periodSubjectList,
      { period_id: senior, school_id: school1, account_id: 1, type: 2, area_code: "640104" },
      "lilaoshi",
    );
    expect(one.map((x) => x.name)).toContain("思想政治");
    expect(one.every((x) => x.period_id === senior)).toBe(true);
    const all = await ok<PeriodSubjectItem[]>(C.periodSubjectList, {}, "lilaoshi");
    expect(all).toHaveLength(18);
    expect((await call(C.periodSubjectList, { period_id: senior, school_id: school2 }, "admin")).code).toBe(404);
    expect((await call(C.periodSubjectList, { period_id: -1 }, "admin")).msg).toMatch(/^学段\(period_id\): /);
    expect((await call(C.periodSubjectList, { school_id: school2 }, "lilaoshi")).code).toBe(404);
  });

  it("c083: grades of a period", async () => {
    const junior = await periodId(school1, "初中");
    const grades = await ok<PeriodGradeItem[]>(C.periodGrades, { school_id: school1, account_id: 0, period_id: junior }, "lilaoshi");
    expect(grades.map((g) => g.name)).toEqual(["七年级", "八年级", "九年级"]);
    expect(grades[0]).toMatchObject({ period_id: junior, school_id: school1 });
    expect((await ok<PeriodGradeItem[]>(C.periodGrades, {}, "lilaoshi")).map((g) => g.name)).toEqual(["七年级", "八年级", "九年级", "高一", "高二", "高三"]);
    expect((await call(C.periodGrades, { period_id: junior }, "zhaolaoshi")).msg).toBe("学段不存在");
    expect((await call(C.periodGrades, { period_id: 424242 }, "zhaolaoshi")).msg).toBe("学段不存在");
    expect((await call(C.periodGrades, { period_id: 1.5 }, "zhaolaoshi")).msg).toMatch(/^学段\(period_id\): /);
  });

  it("c113: classes of the caller's school, or of {school_id, grade_id}", async () => {
    const mine = await ok<SchoolClassItem[]>(C.schoolClasses, {}, "lilaoshi");
    expect(mine).toHaveLength(12);
    expect(mine.every((k) => k.school_id === school1)).toBe(true);
    expect(mine[0]).toMatchObject({ grade_name: "七年级", name: "1班" });
    const g7 = await gradeId(school1, "七年级");
    const byGrade = await ok<SchoolClassItem[]>(C.schoolClasses, { grade_id: g7 }, "lilaoshi");
    expect(byGrade.map((k) => k.name)).toEqual(["1班", "2班"]);
    expect((await ok<SchoolClassItem[]>(C.schoolClasses, {}, "zhaolaoshi")).every((k) => k.school_id === school2)).toBe(true);
    expect(await call(C.schoolClasses, { school_id: school1 }, "zhaolaoshi")).toEqual({ code: 404, msg: "学校不存在", data: null });
    expect((await call(C.schoolClasses, { grade_id: g7 }, "zhaolaoshi")).msg).toBe("年级不存在");
    expect((await call(C.schoolClasses, { grade_id: g7, school_id: school2 }, "admin")).msg).toBe("年级不存在");
    expect((await call(C.schoolClasses, { grade_id: "x" }, "admin")).msg).toMatch(/^年级\(grade_id\): /);
    // A district administrator without a school: the classes of his region's schools.
    const region = await ok<SchoolClassItem[]>(C.schoolClasses, {}, "quji");
    expect(new Set(region.map((k) => k.school_id))).toEqual(new Set([school1, xqPrimary]));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("periods, grades and subjects", () => {
  it("a teacher gets 403 on every administration call; a school administrator is confined to his school", async () => {
    const junior = await periodId(school1, "初中");
    const calls: [string, Record<string, unknown>][] = [
      [C.periodList, {}],
      [C.periodSave, { school_id: school1, name: "x" }],
      [C.periodUpdate, { id: junior, name: "x" }],
      [C.periodDelete, { id: junior }],
      [C.gradeList, {}],
      [C.gradeSave, { period_id: junior, name: "x" }],
      [C.gradeUpdate, { id: 1, name: "x" }],
      [C.gradeDelete, { id: 1 }],
      [C.subjectList, {}],
      [C.subjectSave, { period_id: junior, name: "x" }],
      [C.subjectUpdate, { id: 1, name: "x" }],
      [C.subjectDelete, { id: 1 }],
    ];
    for (const [path, payload] of calls) expect(await call(path, payload, "lilaoshi"), `lilaoshi ${path}`).toEqual({ code: 403, msg: "无权限", data: null });
    expect(await periodsOf(school1)).toHaveLength(2);
    // 校级管理员 holds PeriodManage and DisciplineManage: his own school only.
    const mine = await ok<Page<PeriodRow>>(C.periodList, { limit: 50 }, "xiaoji");
    expect(new Set(mine.list.map((p) => p.school_id))).toEqual(new Set([school1]));
    expect((await call(C.periodSave, { school_id: school2, name: "外校学段" }, "xiaoji")).code).toBe(404);
    const other = await periodId(school2, "初中");
    expect((await call(C.periodUpdate, { id: other, name: "改名" }, "xiaoji")).code).toBe(404);
  });

  it("a district administrator manages the periods of his region's schools only", async () => {
    const list = await ok<Page<PeriodRow>>(C.periodList, { limit: 50 }, "quji");
    expect(new Set(list.list.map((p) => p.school_id))).toEqual(new Set([school1, xqPrimary]));
    expect((await ok<Page<PeriodRow>>(C.periodList, { name: "高" }, "quji")).list.map((p) => p.name)).toEqual(["高中"]);

    const created = await ok<{ id: number }>(C.periodSave, { school_id: school1, name: "特色学段", sort: 9 }, "quji");
    expect((await periodsOf(school1)).map((p) => p.name)).toEqual(["初中", "高中", "特色学段"]);

    expect(await call(C.periodSave, { school_id: school2, name: "特色学段" }, "quji")).toEqual({ code: 404, msg: "学校不存在或不在您的管理范围", data: null });
    expect((await call(C.periodSave, { school_id: 987654, name: "特色学段" }, "quji")).code).toBe(404);
    expect(await call(C.periodSave, { name: "无学校" }, "quji")).toEqual({ code: 400, msg: "学校(school_id): 必填", data: null });
    expect((await call(C.periodSave, { school_id: school1 }, "quji")).msg).toBe("学段名称(name): 必填");
    expect((await call(C.periodSave, { school_id: school1, name: 123 }, "quji")).msg).toMatch(/^学段名称\(name\): /);
    expect((await call(C.periodSave, { school_id: school1, name: "   " }, "quji")).msg).toBe("学段名称(name): 请输入学段名称");
    expect((await call(C.periodSave, { school_id: school1, name: "x", sort: -1 }, "quji")).msg).toBe("排序(sort): 不能为负数");
    expect(await call(C.periodSave, { school_id: school1, name: "初中" }, "quji")).toEqual({ code: 409, msg: "本校已有学段「初中」", data: null });
    // The same name in another school is fine.
    const elsewhere = await ok<{ id: number }>(C.periodSave, { school_id: school2, name: "特色学段" }, "admin");

    expect((await call(C.periodUpdate, { id: created.id, name: "高中" }, "quji")).code).toBe(409);
    expect((await call(C.periodUpdate, { id: elsewhere.id, name: "改名" }, "quji")).msg).toBe("学段不存在或不在您的管理范围");
    expect((await call(C.periodUpdate, { id: 999999, name: "改名" }, "quji")).msg).toBe("学段不存在或不在您的管理范围");
    expect((await call(C.periodUpdate, { name: "改名" }, "quji")).msg).toBe("学段编号(id): 必填");
    await ok(C.periodUpdate, { id: created.id, name: "综合学段" }, "quji");
    const after = (await periodsOf(school1)).find((p) => p.id === created.id)!;
    expect(after).toMatchObject({ name: "综合学段", sort: 9 });

    // Grades and subjects of the new period; a period with either cannot be deleted.
    const g = await ok<{ id: number }>(C.gradeSave, { period_id: created.id, name: "一级" }, "quji");
    expect(await call(C.gradeSave, { period_id: created.id, name: "一级" }, "quji")).toEqual({ code: 409, msg: "该学段已有年级「一级」", data: null });
    expect((await call(C.gradeSave, { period_id: elsewhere.id, name: "一级" }, "quji")).msg).toBe("学段不存在或不在您的管理范围");
    expect((await call(C.gradeSave, { name: "一级" }, "quji")).msg).toBe("学段(period_id): 必填");
    const sub = await ok<{ id: number }>(C.subjectSave, { period_id: created.id, name: "书法", sort: 1 }, "quji");
    expect((await call(C.subjectSave, { period_id: created.id, name: "书法" }, "quji")).code).toBe(409);

    const grades = await ok<Page<GradeRow>>(C.gradeList, { period_id: created.id }, "quji");
    expect(grades.list).toEqual([expect.objectContaining({ id: g.id, name: "一级", school_id: school1, period_name: "综合学段", class_count: 0 })]);
    const subjects = await ok<Page<SubjectRow>>(C.subjectList, { period_id: created.id }, "quji");
    expect(subjects.list).toEqual([expect.objectContaining({ id: sub.id, name: "书法", school_name: "银川市第一中学", period_name: "综合学段" })]);

    const blocked = await call(C.periodDelete, { id: created.id }, "quji");
    expect(blocked).toEqual({ code: 409, msg: "该学段下还有 1 个年级，请先删除年级", data: null });
    await ok(C.gradeDelete, { id: g.id }, "quji");
    expect((await call(C.periodDelete, { id: created.id }, "quji")).msg).toBe("该学段下还有 1 个学科，请先删除学科");
    await ok(C.subjectUpdate, { id: sub.id, name: "硬笔书法" }, "quji");
    expect((await ok<Page<SubjectRow>>(C.subjectList, { period_id: created.id }, "quji")).list[0]).toMatchObject({ name: "硬笔书法", sort: 1 });
    await ok(C.subjectDelete, { id: sub.id }, "quji");
    await ok(C.periodDelete, { id: created.id }, "quji");
    expect((await call(C.periodDelete, { id: created.id }, "quji")).code).toBe(404);
    await ok(C.periodDelete, { id: elsewhere.id }, "admin");
  });

  it("grades: scope, uniqueness and the 409 while classes exist", async () => {
    const g7 = await gradeId(school1, "七年级");
    const junior2 = await periodId(school2, "初中");
    const list = await ok<Page<GradeRow>>(C.gradeList, { limit: 100 }, "quji");
    expect(list.list.every((g) => g.school_id === school1 || g.school_id === xqPrimary)).toBe(true);
    expect(list.list.find((g) => g.id === g7)).toMatchObject({ class_count: 2, period_name: "初中" });
    expect(await call(C.gradeDelete, { id: g7 }, "quji")).toEqual({ code: 409, msg: "该年级下还有 2 个班级，请先删除或调整班级", data: null });
    expect((await call(C.gradeUpdate, { id: g7, name: "八年级" }, "quji")).msg).toBe("该学段已有年级「八年级」");
    const other = (await ok<PeriodGradeItem[]>(C.periodGrades, { period_id: junior2 }, "admin"))[0]!;
    expect((await call(C.gradeUpdate, { id: other.id, name: "改" }, "quji")).msg).toBe("年级不存在或不在您的管理范围");
    expect((await call(C.gradeDelete, { id: other.id }, "quji")).code).toBe(404);
    expect((await call(C.gradeDelete, {}, "quji")).msg).toBe("年级编号(id): 必填");
    await ok(C.gradeUpdate, { id: g7, sort: 1 }, "quji");
    expect((await ok<PeriodGradeItem[]>(C.periodGrades, { school_id: school1 }, "admin")).find((g) => g.id === g7)!.name).toBe("七年级");
  });

  it("subjects: lists filter by school and period, scope confines updates", async () => {
    const junior2 = await periodId(school2, "初中");
    const all = await ok<Page<SubjectRow>>(C.subjectList, { school_id: school2, limit: 100 }, "admin");
    expect(all.total).toBe(9);
    expect(all.list.every((x) => x.period_id === junior2)).toBe(true);
    expect((await ok<Page<SubjectRow>>(C.subjectList, { school_id: school2 }, "quji")).total).toBe(0);
    expect((await call(C.subjectUpdate, { id: all.list[0]!.id, name: "改" }, "quji")).msg).toBe("学科不存在或不在您的管理范围");
    expect((await call(C.subjectDelete, { id: all.list[0]!.id }, "quji")).code).toBe(404);
    expect((await call(C.subjectSave, { period_id: junior2, name: "x".repeat(21) }, "admin")).msg).toBe("学科名称(name): 学科名称不能超过 20 个字符");
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("classes", () => {
  it("a teacher gets 403 on every class administration call", async () => {
    const [k] = await classesOf(school1);
    for (const [path, payload] of [
      [C.classList, {}],
      [C.classRead, { id: k!.id }],
      [C.classSave, { grade_id: k!.grade_id, name: "x", entry_year: 2025 }],
      [C.classUpdate, { id: k!.id, name: "x" }],
      [C.classDelete, { id: k!.id }],
      [C.classBatchDelete, { ids: [k!.id] }],
    ] as const) {
      expect(await call(path, payload, "lilaoshi"), path).toEqual({ code: 403, msg: "无权限", data: null });
    }
  });

  it("a school administrator lists, creates, changes and deletes classes of his own school only", async () => {
    const list = await ok<Page<ClassRow>>(C.classList, { limit: 50 }, "xiaoji");
    expect(list.total).toBe(12);
    expect(list.list.every((k) => k.school_id === school1)).toBe(true);
    expect(list.list[0]).toMatchObject({ school_name: "银川市第一中学", period_name: "初中", grade_name: "七年级", name: "1班" });
    expect(list.list[0]!.student_count).toBeGreaterThan(0);
    expect(list.list[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const g7 = await gradeId(school1, "七年级");
    const g8 = await gradeId(school1, "八年级");
    const gOther = await gradeId(school2, "七年级");
    const year = list.list[0]!.entry_year;
    const li = await accountId("lilaoshi");
    const created = await ok<{ id: number }>(C.classSave, { grade_id: g7, name: "3班", entry_year: year, head_teacher_id: li }, "xiaoji");
    const read = await ok<ClassRow>(C.classRead, { id: created.id }, "xiaoji");
    expect(read).toMatchObject({
      school_id: school1,
      grade_id: g7,
      name: "3班",
      entry_year: year,
      head_teacher_id: li,
      head_teacher_name: "李老师",
      status: 1,
      student_count: 0,
    });

    expect(await call(C.classSave, { grade_id: g7, name: "1班", entry_year: year }, "xiaoji")).toEqual({
      code: 409,
      msg: `该年级 ${year} 级已有班级「1班」`,
      data: null,
    });
    // Same name with another entry year, or in another grade, is another class.
    const again = await ok<{ id: number }>(C.classSave, { grade_id: g7, name: "1班", entry_year: year + 1 }, "xiaoji");
    expect(await call(C.classSave, { grade_id: gOther, name: "9班", entry_year: year }, "xiaoji")).toEqual({
      code: 404,
      msg: "年级不存在或不在您的管理范围",
      data: null,
    });
    expect((await call(C.classSave, { grade_id: g7, name: "9班", entry_year: year, school_id: school2 }, "xiaoji")).msg).toBe(
      "年级(grade_id): 该年级不属于所选学校",
    );
    expect((await call(C.classSave, { name: "9班", entry_year: year }, "xiaoji")).msg).toBe("年级(grade_id): 必填");
    expect((await call(C.classSave, { grade_id: g7, name: "9班" }, "xiaoji")).msg).toBe("入学年份(entry_year): 必填");
    expect((await call(C.classSave, { grade_id: g7, name: "9班", entry_year: "去年" }, "xiaoji")).msg).toMatch(/^入学年份\(entry_year\): /);
    expect((await call(C.classSave, { grade_id: g7, name: "9班", entry_year: 1800 }, "xiaoji")).msg).toBe("入学年份(entry_year): 入学年份不正确");
    expect((await call(C.classSave, { grade_id: 999999, name: "9班", entry_year: year }, "xiaoji")).code).toBe(404);
    expect((await call(C.classSave, { grade_id: g7, name: "9班", entry_year: year, head_teacher_id: await accountId("zhaolaoshi") }, "xiaoji")).msg).toBe(
      "班主任(head_teacher_id): 赵老师 不是本校教师",
    );
    expect(await call(C.classSave, { grade_id: g7, name: "9班", entry_year: year, head_teacher_id: 999999 }, "xiaoji")).toEqual({
      code: 404,
      msg: "班主任账号不存在",
      data: null,
    });

    // Moving a class to another grade of the school; never to another school's grade.
    await ok(C.classUpdate, { id: created.id, grade_id: g8, name: "3班（实验）" }, "xiaoji");
    expect(await ok<ClassRow>(C.classRead, { id: created.id }, "xiaoji")).toMatchObject({
      grade_id: g8,
      grade_name: "八年级",
      name: "3班（实验）",
      head_teacher_id: li,
      status: 1,
    });
    expect((await call(C.classUpdate, { id: created.id, grade_id: gOther }, "xiaoji")).code).toBe(404);
    expect((await call(C.classUpdate, { id: again.id, entry_year: year }, "xiaoji")).code).toBe(409);
    expect((await call(C.classUpdate, { id: created.id, status: 3 }, "xiaoji")).msg).toBe("状态(status): 只能是 0 或 1");
    await ok(C.classUpdate, { id: created.id, status: 0, head_teacher_id: 0 }, "xiaoji");
    expect(await ok<ClassRow>(C.classRead, { id: created.id }, "xiaoji")).toMatchObject({ status: 0, head_teacher_id: 0, head_teacher_name: "" });

    // Another school's class: 404 everywhere.
    const [foreign] = await classesOf(school2);
    for (const [path, payload] of [
      [C.classRead, { id: foreign!.id }],
      [C.classUpdate, { id: foreign!.id, name: "x" }],
      [C.classDelete, { id: foreign!.id }],
    ] as const) {
      expect(await call(path, payload, "xiaoji"), path).toEqual({ code: 404, msg: "班级不存在或不在您的管理范围", data: null });
    }
    expect((await ok<Page<ClassRow>>(C.classList, { school_id: school2 }, "xiaoji")).total).toBe(0);

    // Delete: refused while students are in the class; batch answers per id.
    const full = list.list[0]!;
    expect(await call(C.classDelete, { id: full.id }, "xiaoji")).toEqual({
      code: 409,
      msg: `该班级还有 ${full.student_count} 名学生，请先删除或调整学生`,
      data: null,
    });
    const batch = await ok<BatchResult[]>(C.classBatchDelete, { ids: [created.id, full.id, foreign!.id, created.id] }, "xiaoji");
    expect(batch).toEqual([
      { id: created.id, ok: true, msg: "成功" },
      { id: full.id, ok: false, msg: `该班级还有 ${full.student_count} 名学生，请先删除或调整学生` },
      { id: foreign!.id, ok: false, msg: "班级不存在或不在您的管理范围" },
    ]);
    await ok(C.classDelete, { id: again.id }, "xiaoji");
    expect((await call(C.classRead, { id: again.id }, "xiaoji")).code).toBe(404);
    expect((await call(C.classBatchDelete, { ids: [] }, "xiaoji")).msg).toBe("编号列表(ids): 请至少选择一项");
  });

  it("lists filter by period, grade, entry year and name; a district administrator sees his region", async () => {
    const senior = await periodId(school1, "高中");
    const byPeriod = await ok<Page<ClassRow>>(C.classList, { period_id: senior, limit: 50 }, "quji");
    expect(byPeriod.total).toBe(6);
    expect(byPeriod.list.every((k) => k.period_name === "高中")).toBe(true);
    const g1 = await gradeId(school1, "高一");
    const byGrade = await ok<Page<ClassRow>>(C.classList, { grade_id: g1 }, "quji");
    expect(byGrade.list.map((k) => k.name)).toEqual(["1班", "2班"]);
    const year = byGrade.list[0]!.entry_year;
    expect((await ok<Page<ClassRow>>(C.classList, { school_id: school1, entry_year: year, limit: 50 }, "quji")).list.every((k) => k.entry_year === year)).toBe(
      true,
    );
    expect((await ok<Page<ClassRow>>(C.classList, { school_id: school1, name: "2班", limit: 50 }, "quji")).total).toBe(6);
    const region = await ok<Page<ClassRow>>(C.classList, { limit: 100 }, "quji");
    expect(new Set(region.list.map((k) => k.school_id))).toEqual(new Set([school1, xqPrimary]));
    expect((await call(C.classList, { limit: 1000 }, "quji")).msg).toMatch(/^每页条数\(limit\): /);
  });
});

// ---------------------------------------------------------------------------------------------------------

async function workbook(header: string[], rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("导入模板");
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
}

const HEADER = ["学号*", "姓名*", "性别", "年级", "班级*"];

describe("students", () => {
  it("a teacher gets 403 on every student administration call", async () => {
    const file = await workbook(HEADER, [["X1", "甲", "男", "七年级", "1班"]]);
    for (const [path, payload] of [
      [C.studentList, {}],
      [C.studentRead, { id: 1 }],
      [C.studentSave, { class_id: 1, name: "x", student_no: "x" }],
      [C.studentUpdate, { id: 1, name: "x" }],
      [C.studentDelete, { id: 1 }],
      [C.studentBatchDelete, { ids: [1] }],
      [C.studentImport, { filename: "s.xlsx", file }],
      [C.studentExport, {}],
    ] as const) {
      expect(await call(path, payload, "zhaolaoshi"), path).toEqual({ code: 403, msg: "无权限", data: null });
    }
  });

  it("lists filter by school, grade, class, name (contains) and student number (prefix), within scope", async () => {
    const all = await ok<Page<StudentRow>>(C.studentList, { limit: 100 }, "xiaoji");
    expect(all.total).toBeGreaterThan(50);
    expect(all.list.every((x) => x.school_id === school1)).toBe(true);
    const names = all.list.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = all.list[0]!;
    expect(first).toMatchObject({ school_name: "银川市第一中学", status: 1, status_name: "在读" });
    expect(["男", "女"]).toContain(first.gender_name);

    const byName = await ok<Page<StudentRow>>(C.studentList, { name: first.name.slice(1) }, "xiaoji");
    expect(byName.list.map((x) => x.id)).toContain(first.id);
    expect(byName.list.every((x) => x.name.includes(first.name.slice(1)))).toBe(true);
    expect((await ok<Page<StudentRow>>(C.studentList, { name: "%" }, "xiaoji")).total).toBe(0);
    const byNo = await ok<Page<StudentRow>>(C.studentList, { student_no: first.student_no }, "xiaoji");
    expect(byNo.list.map((x) => x.id)).toEqual([first.id]);
    expect((await ok<Page<StudentRow>>(C.studentList, { student_no: `S${school1}` }, "xiaoji")).total).toBe(all.total);
    const byClass = await ok<Page<StudentRow>>(C.studentList, { class_id: first.class_id, limit: 100 }, "xiaoji");
    expect(byClass.list.every((x) => x.class_id === first.class_id && x.class_name === first.class_name)).toBe(true);
    const byGrade = await ok<Page<StudentRow>>(C.studentList, { grade_id: first.grade_id, limit: 100 }, "xiaoji");
    expect(byGrade.total).toBeGreaterThanOrEqual(byClass.total);
    expect(byGrade.list.every((x) => x.grade_id === first.grade_id)).toBe(true);

    // Other schools: not listed for a school administrator, listed for the platform.
    expect((await ok<Page<StudentRow>>(C.studentList, { school_id: school2 }, "xiaoji")).total).toBe(0);
    expect((await ok<Page<StudentRow>>(C.studentList, { school_id: school2 }, "pingtai")).total).toBeGreaterThan(0);
    const region = await ok<Page<StudentRow>>(C.studentList, { limit: 100 }, "quji");
    expect(region.list.every((x) => x.school_id === school1 || x.school_id === xqPrimary)).toBe(true);
    const page2 = await ok<Page<StudentRow>>(C.studentList, { page: 2, limit: 10 }, "xiaoji");
    expect(page2.list.map((x) => x.id)).toEqual(all.list.slice(10, 20).map((x) => x.id));
    expect((await call(C.studentList, { status: 5 }, "xiaoji")).msg).toBe("状态(status): 只能是 0 或 1");
  });

  it("save, read, update and delete, with student numbers unique per school", async () => {
    const [k1, k2] = (await classesOf(school1)).filter((k) => k.grade_name === "八年级");
    const [foreignClass] = await classesOf(school2);
    const created = await ok<{ id: number }>(C.studentSave, { class_id: k1!.id, name: "新同学", student_no: "N2025001", gender: 2 }, "xiaoji");
    expect(await ok<StudentRow>(C.studentRead, { id: created.id }, "xiaoji")).toMatchObject({
      school_id: school1,
      class_id: k1!.id,
      class_name: k1!.name,
      grade_name: "八年级",
      name: "新同学",
      student_no: "N2025001",
      gender: 2,
      gender_name: "女",
      status: 1,
    });
    expect(await call(C.studentSave, { class_id: k2!.id, name: "重号", student_no: "N2025001" }, "xiaoji")).toEqual({
      code: 409,
      msg: "学号「N2025001」已被本校学生 新同学 使用",
      data: null,
    });
    // The same number at another school is another student.
    const there = await ok<{ id: number }>(C.studentSave, { class_id: foreignClass!.id, name: "外校同学", student_no: "N2025001" }, "admin");
    expect(await call(C.studentSave, { class_id: foreignClass!.id, name: "越权", student_no: "N2025002" }, "xiaoji")).toEqual({
      code: 404,
      msg: "班级不存在或不在您的管理范围",
      data: null,
    });
    expect((await call(C.studentSave, { class_id: k1!.id, name: "缺学号" }, "xiaoji")).msg).toBe("学号(student_no): 必填");
    expect((await call(C.studentSave, { class_id: k1!.id, name: "怪学号", student_no: "学号1" }, "xiaoji")).msg).toBe(
      "学号(student_no): 学号只能包含字母、数字、_ 和 -",
    );
    expect((await call(C.studentSave, { class_id: k1!.id, name: "x", student_no: "N9", gender: 5 }, "xiaoji")).msg).toBe("性别(gender): 只能是 0、1 或 2");
    expect((await call(C.studentSave, { class_id: "一班", name: "x", student_no: "N9" }, "xiaoji")).msg).toMatch(/^班级\(class_id\): /);
    expect((await call(C.studentSave, { class_id: 999999, name: "x", student_no: "N9" }, "xiaoji")).code).toBe(404);
    expect((await call(C.studentSave, { student_no: "N9", class_id: k1!.id }, "xiaoji")).msg).toBe("姓名(name): 必填");

    // An update changes what it names only; a new class moves the student.
    await ok(C.studentUpdate, { id: created.id, name: "新同学甲" }, "xiaoji");
    expect(await ok<StudentRow>(C.studentRead, { id: created.id }, "xiaoji")).toMatchObject({ name: "新同学甲", gender: 2, status: 1, class_id: k1!.id });
    await ok(C.studentUpdate, { id: created.id, class_id: k2!.id, status: 0 }, "xiaoji");
    expect(await ok<StudentRow>(C.studentRead, { id: created.id }, "xiaoji")).toMatchObject({ class_id: k2!.id, status: 0, status_name: "离校", gender: 2 });
    const someone = (await ok<Page<StudentRow>>(C.studentList, { limit: 1 }, "xiaoji")).list[0]!;
    expect((await call(C.studentUpdate, { id: created.id, student_no: someone.student_no }, "xiaoji")).code).toBe(409);
    expect((await call(C.studentUpdate, { id: created.id, class_id: foreignClass!.id }, "xiaoji")).code).toBe(404);
    for (const [path, payload] of [
      [C.studentRead, { id: there.id }],
      [C.studentUpdate, { id: there.id, name: "x" }],
      [C.studentDelete, { id: there.id }],
    ] as const) {
      expect(await call(path, payload, "xiaoji"), path).toEqual({ code: 404, msg: "学生不存在或不在您的管理范围", data: null });
    }
    expect((await call(C.studentRead, { id: "abc" }, "xiaoji")).msg).toMatch(/^学生编号\(id\): /);

    const batch = await ok<BatchResult[]>(C.studentBatchDelete, { ids: [created.id, there.id, 99999999] }, "xiaoji");
    expect(batch.map((b) => b.ok)).toEqual([true, false, false]);
    expect(batch[2]!.msg).toBe("学生不存在或不在您的管理范围");
    await ok(C.studentDelete, { id: there.id }, "admin");
    expect((await call(C.studentRead, { id: there.id }, "admin")).code).toBe(404);
  });

  it("import mode all: one bad row stops the import, and every bad row is reported with its column", async () => {
    const existing = (await ok<Page<StudentRow>>(C.studentList, { limit: 1 }, "xiaoji")).list[0]!;
    const file = await workbook(HEADER, [
      ["I0001", "导入甲", "男", "七年级", "1班"],
      ["I0002", "", "女", "七年级", "1班"],
      ["I0003", "导入丙", "", "七年级", "99班"],
      ["I0004", "导入丁", "", "", "1班"],
      [existing.student_no, "重号", "", "七年级", "2班"],
      ["I0001", "文件内重号", "", "七年级", "2班"],
      ["I0007", "导入庚", "未知", "七年级", "2班"],
      ["I0008", "导入辛", "", "十年级", "1班"],
    ]);
    const before = (await ok<Page<StudentRow>>(C.studentList, {}, "xiaoji")).total;
    const r = await ok<StudentImportReport>(C.studentImport, { filename: "学生.xlsx", file, mode: "all" }, "xiaoji");
    expect(r).toMatchObject({ total: 8, imported: 0, skipped: 8, students: [] });
    expect(r.errors).toEqual([
      { row: 3, field: "姓名", msg: "必填" },
      { row: 4, field: "班级", msg: "年级「七年级」没有班级「99班」" },
      { row: 5, field: "班级", msg: "本校有 6 个班级「1班」，请填写年级" },
      { row: 6, field: "学号", msg: `学号「${existing.student_no}」已被本校学生 ${existing.name} 使用` },
      { row: 7, field: "学号", msg: "与第 2 行的学号重复" },
      { row: 8, field: "性别", msg: "性别只能是 男 或 女" },
      { row: 9, field: "年级", msg: "本校没有年级「十年级」" },
    ]);
    expect((await ok<Page<StudentRow>>(C.studentList, {}, "xiaoji")).total).toBe(before);
  });

  it("import mode valid: the good rows are imported into the caller's school", async () => {
    const file = await workbook(HEADER, [
      ["V0001", "有效甲", "男", "九年级", "2班"],
      ["V0002", "", "", "九年级", "2班"],
      ["V0003", "有效丙", "女", "高三", "1班"],
    ]);
    const r = await ok<StudentImportReport>(C.studentImport, { filename: "s.xlsx", file, mode: "valid" }, "xiaoji");
    expect(r).toMatchObject({ total: 3, imported: 2, skipped: 1 });
    expect(r.students.map((x) => [x.row, x.student_no])).toEqual([
      [2, "V0001"],
      [4, "V0003"],
    ]);
    expect(r.errors).toEqual([{ row: 3, field: "姓名", msg: "必填" }]);
    const got = await ok<StudentRow>(C.studentRead, { id: r.students[0]!.id }, "xiaoji");
    expect(got).toMatchObject({ school_id: school1, name: "有效甲", gender: 1, grade_name: "九年级", class_name: "2班" });
  });

  it("import: the school is the school administrator's own; others name one they manage", async () => {
    const file = await workbook(HEADER, [["W0001", "外校甲", "", "七年级", "1班"]]);
    expect(await call(C.studentImport, { filename: "s.xlsx", file, school_id: school2 }, "xiaoji")).toEqual({
      code: 404,
      msg: "学校不存在或不在您的管理范围",
      data: null,
    });
    expect(await call(C.studentImport, { filename: "s.xlsx", file }, "quji")).toEqual({ code: 400, msg: "学校(school_id): 必填", data: null });
    expect((await call(C.studentImport, { filename: "s.xlsx", file, school_id: school2 }, "quji")).code).toBe(404);
    const r = await ok<StudentImportReport>(C.studentImport, { filename: "s.xlsx", file, school_id: school2 }, "admin");
    expect(r.imported).toBe(1);
    expect((await ok<StudentRow>(C.studentRead, { id: r.students[0]!.id }, "admin")).school_id).toBe(school2);
  });

  it("import refuses files that are not workbooks, wrong headers and bad payloads with clear messages", async () => {
    const garbage = await ok<StudentImportReport>(C.studentImport, { filename: "x.xlsx", file: Buffer.from("hello").toString("base64") }, "xiaoji");
    expect(garbage).toMatchObject({ imported: 0, errors: [{ row: 0, field: "文件", msg: "文件不是有效的 Excel(.xlsx) 文件" }] });
    const wrong = await ok<StudentImportReport>(C.studentImport, { filename: "x.xlsx", file: await workbook(["名字", "班"], [["a", "b"]]) }, "xiaoji");
    expect(wrong.errors[0]).toMatchObject({ row: 1, field: "表头" });
    const empty = await ok<StudentImportReport>(C.studentImport, { filename: "x.xlsx", file: await workbook(HEADER, []) }, "xiaoji");
    expect(empty.errors[0]!.msg).toBe("文件中没有数据");
    expect((await call(C.studentImport, { filename: "x.csv", file: "AAAA" }, "xiaoji")).msg).toBe("文件名(filename): 只支持 .xlsx 文件");
    expect((await call(C.studentImport, { filename: "x.xlsx", file: "@@@" }, "xiaoji")).msg).toBe("文件内容(file): 不是有效的 base64");
    expect((await call(C.studentImport, { filename: "x.xlsx" }, "xiaoji")).msg).toBe("文件内容(file): 必填");
    expect((await call(C.studentImport, { filename: "x.xlsx", file: "AAAA", mode: "some" }, "xiaoji")).msg).toBe("导入方式(mode): 只能是 all 或 valid");
  });

  it("export round trip: export a class, delete its students, import the file, get the same students back", async () => {
    const k = (await classesOf(school1)).find((x) => x.grade_name === "高二" && x.name === "2班")!;
    const before = (await ok<Page<StudentRow>>(C.studentList, { class_id: k.id, limit: 100 }, "xiaoji")).list;
    expect(before.length).toBeGreaterThan(0);
    const exported = await ok<FileAnswer>(C.studentExport, { class_id: k.id }, "xiaoji");
    expect(exported.filename).toMatch(/^学生列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(exported.mime).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");

    const deleted = await ok<BatchResult[]>(C.studentBatchDelete, { ids: before.map((x) => x.id) }, "xiaoji");
    expect(deleted.every((d) => d.ok)).toBe(true);
    const r = await ok<StudentImportReport>(C.studentImport, { filename: exported.filename, file: exported.file, mode: "all" }, "xiaoji");
    expect(r.errors).toEqual([]);
    expect(r.imported).toBe(before.length);
    const after = (await ok<Page<StudentRow>>(C.studentList, { class_id: k.id, limit: 100 }, "xiaoji")).list;
    const key = (x: StudentRow) => [x.student_no, x.name, x.gender, x.class_id, x.status].join("|");
    expect(after.map(key).sort()).toEqual(before.map(key).sort());

    // Importing the same file again: every number is taken now.
    const twice = await ok<StudentImportReport>(C.studentImport, { filename: exported.filename, file: exported.file, mode: "valid" }, "xiaoji");
    expect(twice.imported).toBe(0);
    expect(twice.errors.every((e) => e.field === "学号" && e.msg.includes("已被本校学生"))).toBe(true);
  });

  it("export answers only the caller's scope", async () => {
    const mine = await ok<FileAnswer>(C.studentExport, { school_id: school2 }, "xiaoji");
    const parsed = await parseStudentImport(Buffer.from(mine.file, "base64"), { classOf: () => ({ id: 1 }) });
    expect(parsed.errors[0]!.msg).toBe("文件中没有数据");
    const all = await ok<FileAnswer>(C.studentExport, {}, "xiaoji");
    const rows = await parseStudentImport(Buffer.from(all.file, "base64"), { classOf: () => ({ id: 1 }) });
    expect(rows.total).toBe((await ok<Page<StudentRow>>(C.studentList, {}, "xiaoji")).total);
  });

  it("serves the import template, which parses as empty", async () => {
    const res = await fetch(`${base}${STUDENT_TEMPLATE_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("学生导入模板.xlsx"));
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(buf).buffer);
    expect(wb.getWorksheet("导入模板")!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const parsed = await parseStudentImport(buf, { classOf: () => ({ id: 1 }) });
    expect(parsed.errors).toEqual([{ row: 0, field: "文件", msg: "文件中没有数据" }]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("100k students", () => {
  it("the list filtered by school, name and number is right with 100k students, and the (school_id, name) index serves it", async () => {
    const db = s.database.db;
    await db.execute(sql`
      WITH k AS (SELECT id, school_id, (row_number() OVER (ORDER BY id) - 1)::int AS i, (count(*) OVER ())::int AS n FROM school_class)
      INSERT INTO student (school_id, class_id, name, student_no, gender)
      SELECT k.school_id, k.id,
             (ARRAY['王','李','张','刘','陈','杨','黄','赵'])[1 + g % 8] || (ARRAY['伟','芳','娜','敏','静','磊','强','洋','艳'])[1 + (g / 8) % 9] || (g % 97)::text,
             'B' || g, 1 + g % 2
      FROM generate_series(1, 100000) AS g JOIN k ON k.i = g % k.n`);
    await db.execute(sql`ANALYZE student`);
    // Correctness at scale; the latency figures are bench/students.bench.ts's job (no timing thresholds in tests).
    const bySchool = await ok<Page<StudentRow>>(C.studentList, { school_id: school1 }, "admin");
    expect(bySchool.total).toBeGreaterThan(10_000);
    const byName = await ok<Page<StudentRow>>(C.studentList, { school_id: school1, name: "王伟" }, "admin");
    expect(byName.list.length).toBeGreaterThan(0);
    expect(byName.list.every((x) => x.school_id === school1 && x.name.includes("王伟"))).toBe(true);
    const mine = await ok<Page<StudentRow>>(C.studentList, { name: "李芳1" }, "xiaoji");
    expect(mine.list.every((x) => x.school_id === school1)).toBe(true);
    const byNo = await ok<Page<StudentRow>>(C.studentList, { student_no: "B1234" }, "quji");
    expect(byNo.list.every((x) => x.student_no.startsWith("B1234"))).toBe(true);
    // The page query reads the (school_id, name) index in order (an incremental sort adds the id tie-break).
    const plan = await db.execute(sql`EXPLAIN SELECT * FROM student WHERE school_id = ${school1} ORDER BY school_id, name, id LIMIT 10`);
    expect(JSON.stringify(plan)).toContain("student_school_name_idx");
  });
});

describe("concurrent saves", () => {
  it("five simultaneous saves of one period name: one succeeds, the others answer 409, never 500", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => call(C.periodSave, { school_id: school2, name: "并发学段" }, "admin")));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 409)).toHaveLength(4);
  });
});
