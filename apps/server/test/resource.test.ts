/**
 * The school teaching-resource area (#11; docs/api/resource.md), signed-in calls /middle/myResource*: the course tree
 * (save, child, update with copy-down and publishing, delete with its subtree and bindings), rights (author, another
 * teacher, the school administrator, another school's administrator), rich text sanitizing, bindings of videos and
 * files (own only) and their removal, meetings, Chinese 400s.
 */
import {
  CALLS,
  type CourseResourceRow,
  type Envelope,
  type FileRecord,
  type Page,
  type ResourceBindRow,
  type ResourceMeetingRow,
  type SessionInfo,
  type VideoRow,
} from "@yanke/protocol";
import { readFileSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { account } from "../src/modules/account/account.schema.js";
import { meeting } from "../src/modules/meeting/meeting.schema.js";
import { grade, school, subject } from "../src/modules/org/org.schema.js";
import { courseResource, courseResourceBind } from "../src/modules/resource/resource.schema.js";
import { type TestServer, startTestServer } from "./harness.js";
import { h264Mp4, tinyPdf } from "./media-fixtures.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const acct: Record<string, typeof account.$inferSelect> = {};
let schoolTwo = 0;

beforeAll(async () => {
  s = await startTestServer();
  const db = s.database.db;
  for (const u of ["xiaoji", "pingtai", "quji", "zhanglaoshi", "lilaoshi", "zhaolaoshi"]) {
    const [a] = await db.select().from(account).where(eq(account.username, u));
    acct[u] = a!;
  }
  schoolTwo = acct.zhaolaoshi!.school_id;
  // An administrator of the second school.
  await s.services.accounts.create({
    username: "erzhong_admin",
    realname: "二中教务主任",
    password: DEMO_ADMIN_PASSWORD,
    identity: 4,
    school_id: schoolTwo,
    group_id: acct.xiaoji!.group_id,
    region_code: "640105",
  });
  for (const u of ["xiaoji", "pingtai", "quji", "erzhong_admin"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, who[user]!.token);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user = "zhanglaoshi"): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}
async function upload(file: Buffer, name: string, module: string, user: string): Promise<FileRecord> {
  const fd = new FormData();
  fd.append("module", module);
  fd.append("file", new Blob([file]), name);
  const res = await fetch(`${s.url}${CALLS.fileUpload}`, { method: "POST", body: fd, headers: { TOKEN: who[user]!.token } });
  const env = (await res.json()) as Envelope<FileRecord>;
  expect(env.code, env.msg).toBe(200);
  return env.data;
}
const save = (p: Record<string, unknown>, user = "zhanglaoshi") => ok<CourseResourceRow>(CALLS.resourceSave, p, user);

describe("the course tree", () => {
  let course: CourseResourceRow;
  let unit: CourseResourceRow;
  let lesson: CourseResourceRow;

  it("creates a course with the caller's school, period and subject, sanitized rich text, as a draft", async () => {
    course = await save({
      name: "勾股定理单元整体教学",
      course_type: 2,
      color: "#3366ff",
      course_introduce: "探究勾股定理的证明与应用",
      teaching_design: '<p>教学目标</p><script>alert("x")</script><img src="x.png" onerror="alert(1)">',
      teaching_summary: "<p>总结<b>反思</b></p>",
    });
    const z = acct.zhanglaoshi!;
    expect(course).toMatchObject({
      level: 1,
      pid: 0,
      top_id: course.id,
      school_id: z.school_id,
      period_id: z.period_id,
      subject_id: z.subject_id,
      account_id: z.id,
      course_type: 2,
      status: 0,
      color: "#3366ff",
    });
    expect(course.teaching_design).toContain("教学目标");
    expect(course.teaching_design).not.toMatch(/script|alert|onerror/);
    expect(course.teaching_summary).toBe("<p>总结<b>反思</b></p>");
    expect(course.school_name).toBe("银川市第一中学");
    expect(course.subject_name).toBe("语文");
    expect(course.account_name).toBe("张老师");
    expect(course.region_name).toBe("兴庆区");
    const [row] = await s.database.db.select().from(courseResource).where(eq(courseResource.id, course.id));
    expect(row!.search_text.split(" ")).toEqual(expect.arrayContaining(["勾股定理", "证明"]));
  });

  it("adds units and lessons under it, copying the course's classification; no fourth level", async () => {
    unit = await save({ name: "第一单元 直角三角形", pid: course.id });
    expect(unit).toMatchObject({
      level: 2,
      pid: course.id,
      top_id: course.id,
      subject_id: course.subject_id,
      school_id: course.school_id,
      course_type: 2,
      status: 0,
    });
    lesson = await save({ name: "第1课时 赵爽弦图", pid: unit.id, teaching_design: "<p>弦图<script>x()</script></p>" });
    expect(lesson).toMatchObject({ level: 3, pid: unit.id, top_id: course.id, period_id: course.period_id });
    expect(lesson.teaching_design).toBe("<p>弦图</p>");
    await save({ name: "第2课时 应用", pid: unit.id });
    await refused(CALLS.resourceSave, { name: "太深了", pid: lesson.id }, "zhanglaoshi", 400, /最多三级/);
    await refused(CALLS.resourceSave, { name: "无上级", pid: 99999999 }, "zhanglaoshi", 404, "上级节点不存在");
    // The course's search text now holds its units' and lessons' names.
    const [row] = await s.database.db.select().from(courseResource).where(eq(courseResource.id, course.id));
    expect(row!.search_text.split(" ")).toEqual(expect.arrayContaining(["直角三角形", "赵爽"]));
  });

  it("lists children with their counts", async () => {
    const kids = await ok<CourseResourceRow[]>(CALLS.resourceChild, { pid: course.id });
    expect(kids.map((k) => k.id)).toEqual([unit.id]);
    expect(kids[0]!.child_count).toBe(2);
    const lessons = await ok<CourseResourceRow[]>(CALLS.resourceChild, { pid: unit.id });
    expect(lessons.map((k) => k.name)).toEqual(["第1课时 赵爽弦图", "第2课时 应用"]);
    await refused(CALLS.resourceChild, { pid: 99999999 }, "zhanglaoshi", 404);
    // Another school's teacher does not see a draft's nodes.
    await refused(CALLS.resourceChild, { pid: course.id }, "zhaolaoshi", 404);
  });

  it("lets only the author and administrators of the school update it (403 in Chinese for the others)", async () => {
    await refused(CALLS.resourceUpdate, { id: course.id, name: "改名" }, "lilaoshi", 403, "只有课程作者或本校管理员可以修改该课程");
    await refused(CALLS.resourceUpdate, { id: unit.id, name: "改名" }, "zhaolaoshi", 403, "只有课程作者或本校管理员可以修改该课程");
    await refused(CALLS.resourceUpdate, { id: course.id, name: "改名" }, "erzhong_admin", 403, "只有课程作者或本校管理员可以修改该课程");
    await refused(CALLS.resourceSave, { name: "别人的单元", pid: course.id }, "lilaoshi", 403);
    const byAdmin = await ok<CourseResourceRow>(CALLS.resourceUpdate, { id: course.id, course_introduce: "探究勾股定理的证明与应用，学校审核" }, "xiaoji");
    expect(byAdmin.course_introduce).toContain("学校审核");
    expect(byAdmin.name).toBe(course.name); // only the fields sent change
    await ok(CALLS.resourceUpdate, { id: unit.id, name: "第一单元 直角三角形的性质" }, "quji");
    await ok(CALLS.resourceUpdate, { id: unit.id, name: "第一单元 直角三角形" }, "pingtai");
    await refused(CALLS.resourceUpdate, { id: 99999999, name: "x" }, "zhanglaoshi", 404);
  });

  it("copies a course's subject, grade and type down, and publishes / withdraws the whole course", async () => {
    const db = s.database.db;
    const [math] = await db
      .select()
      .from(subject)
      .where(and(eq(subject.period_id, course.period_id), eq(subject.name, "数学")));
    const [g8] = await db
      .select()
      .from(grade)
      .where(and(eq(grade.period_id, course.period_id), eq(grade.name, "八年级")));
    await ok(CALLS.resourceUpdate, { id: course.id, subject_id: math!.id, grade_id: g8!.id, course_type: 3 });
    let nodes = await db.select().from(courseResource).where(eq(courseResource.top_id, course.id));
    expect(nodes).toHaveLength(4);
    for (const n of nodes) expect(n).toMatchObject({ subject_id: math!.id, grade_id: g8!.id, course_type: 3, status: 0 });
    await ok(CALLS.resourceUpdate, { id: course.id, status: 1 });
    nodes = await db.select().from(courseResource).where(eq(courseResource.top_id, course.id));
    expect(nodes.every((n) => n.status === 1)).toBe(true);
    await ok(CALLS.resourceUpdate, { id: course.id, status: 0 });
    nodes = await db.select().from(courseResource).where(eq(courseResource.top_id, course.id));
    expect(nodes.every((n) => n.status === 0)).toBe(true);
    // A subject of another period does not fit the course's grade.
    const [foreign] = await db.select().from(subject).where(eq(subject.name, "科学"));
    await refused(CALLS.resourceUpdate, { id: course.id, subject_id: foreign!.id }, "zhanglaoshi", 400, /学科/);
  });

  it("binds the caller's own video and file only, lists and removes bindings", async () => {
    const mp4 = await upload(readFileSync(await h264Mp4()), "勾股定理.mp4", "video", "zhanglaoshi");
    const v = await ok<VideoRow>(CALLS.myVideoSave, { file_id: mp4.id, name: "勾股定理课堂实录" });
    const pdf = await upload(tinyPdf("Gougu"), "学案.pdf", "document", "zhanglaoshi");
    const liPdf = await upload(tinyPdf("Li"), "李老师的学案.pdf", "document", "lilaoshi");

    const vb = await ok<ResourceBindRow>(CALLS.resourceBind, { id: lesson.id, resources_id: v.id, resources_type: 1 });
    expect(vb).toMatchObject({ course_id: lesson.id, resources_type: 1, title: "勾股定理课堂实录" });
    expect(vb.size).toBeGreaterThan(0);
    expect(vb.play_url).toMatch(/^\/(vod|files)\//);
    const fb = await ok<ResourceBindRow>(CALLS.resourceBind, { id: lesson.id, resources_id: pdf.id, resources_type: 2, title: "课前学案" });
    expect(fb).toMatchObject({ title: "课前学案", resources_type: 2, size: pdf.size });
    expect(fb.play_url).toMatch(new RegExp(`^/files/${pdf.id}\\?exp=`));
    await refused(CALLS.resourceBind, { id: lesson.id, resources_id: pdf.id, resources_type: 2 }, "zhanglaoshi", 409, "该资源已绑定到此节点");
    await refused(CALLS.resourceBind, { id: lesson.id, resources_id: liPdf.id, resources_type: 2 }, "zhanglaoshi", 403, /只能绑定自己上传的文件/);
    await refused(CALLS.resourceBind, { id: lesson.id, resources_id: v.id, resources_type: 1 }, "lilaoshi", 403);
    await refused(CALLS.resourceBind, { id: lesson.id, resources_id: 99999999, resources_type: 1 }, "zhanglaoshi", 404, "视频不存在");
    await refused(CALLS.resourceBind, { id: lesson.id, resources_id: v.id, resources_type: 3 }, "zhanglaoshi", 400, /资源类型只能是/);
    // The school administrator may bind his teacher's file.
    await ok(CALLS.resourceBind, { id: unit.id, resources_id: liPdf.id, resources_type: 2 }, "xiaoji");

    const binds = await ok<ResourceBindRow[]>(CALLS.resourcesVideo, { id: lesson.id });
    expect(binds.map((b) => b.id)).toEqual([vb.id, fb.id]);
    expect(binds[0]!.duration).toBeGreaterThanOrEqual(0);
    const kids = await ok<CourseResourceRow[]>(CALLS.resourceChild, { pid: unit.id });
    expect(kids.find((k) => k.id === lesson.id)!.bind_count).toBe(2);

    await refused(CALLS.delResourcesVideo, { id: fb.id }, "lilaoshi", 403);
    await ok(CALLS.delResourcesVideo, { id: fb.id });
    await refused(CALLS.delResourcesVideo, { id: fb.id }, "zhanglaoshi", 404, "绑定记录不存在");
    expect((await ok<ResourceBindRow[]>(CALLS.resourcesVideo, { id: lesson.id })).map((b) => b.id)).toEqual([vb.id]);
  });

  it("lists the caller's courses, and an administrator's schools' courses", async () => {
    const other = await save({ name: "二中物理实验课", course_type: 4 }, "zhaolaoshi");
    expect(other.school_id).toBe(schoolTwo);
    const mine = await ok<Page<CourseResourceRow>>(CALLS.resourceList, {});
    expect(mine.list.map((r) => r.id)).toEqual([course.id]);
    expect((await ok<Page<CourseResourceRow>>(CALLS.resourceList, {}, "lilaoshi")).total).toBe(0);
    const admin = await ok<Page<CourseResourceRow>>(CALLS.resourceList, {}, "xiaoji");
    expect(admin.list.map((r) => r.id)).toEqual([course.id]);
    const two = await ok<Page<CourseResourceRow>>(CALLS.resourceList, {}, "erzhong_admin");
    expect(two.list.map((r) => r.id)).toEqual([other.id]);
    const all = await ok<Page<CourseResourceRow>>(CALLS.resourceList, { course_type: 4 }, "pingtai");
    expect(all.list.map((r) => r.id)).toEqual([other.id]);
    expect((await ok<Page<CourseResourceRow>>(CALLS.resourceList, { name: "勾股" }, "pingtai")).total).toBe(1);
    // A teacher may not create a course in a school he does not belong to; an administrator only in his scope.
    const [third] = await s.database.db.select().from(school).where(eq(school.title, "银川市兴庆区第一小学"));
    await refused(CALLS.resourceSave, { name: "外校课程", school_id: third!.id }, "lilaoshi", 403, "无权在该学校创建课程");
    await refused(CALLS.resourceSave, { name: "外校课程", school_id: third!.id }, "erzhong_admin", 403, "无权在该学校创建课程");
    const byDistrict = await save({ name: "区级示范课", school_id: third!.id }, "quji");
    expect(byDistrict.school_id).toBe(third!.id);
  });

  it("answers bad input with Chinese 400s", async () => {
    await refused(CALLS.resourceSave, { name: "" }, "zhanglaoshi", 400, /名称/);
    await refused(CALLS.resourceSave, {}, "zhanglaoshi", 400, /名称/);
    await refused(CALLS.resourceSave, { name: "x", course_type: 9 }, "zhanglaoshi", 400, /课程类型只能是/);
    await refused(CALLS.resourceSave, { name: "x", color: "red" }, "zhanglaoshi", 400, /颜色须为/);
    await refused(CALLS.resourceUpdate, { id: course.id, status: 3 }, "zhanglaoshi", 400, /状态只能是/);
    await refused(CALLS.resourceBind, { id: lesson.id, resources_type: 1 }, "zhanglaoshi", 400);
    const r = await s.call(CALLS.resourceList, {});
    expect(r.code).not.toBe(200);
  });

  it("lists meetings to bind (with no recordings: videos [])", async () => {
    const db = s.database.db;
    const start = new Date(Date.now() + 86_400_000);
    await db.insert(meeting).values([
      { name: "勾股定理集体备课会", account_id: acct.zhanglaoshi!.id, start_time: start, end_time: new Date(start.getTime() + 3600_000) },
      {
        name: "数学组教研会",
        account_id: acct.lilaoshi!.id,
        participation_account_ids: [acct.zhanglaoshi!.id],
        start_time: start,
        end_time: new Date(start.getTime() + 3600_000),
      },
      { name: "二中物理组会", account_id: acct.zhaolaoshi!.id, start_time: start, end_time: new Date(start.getTime() + 3600_000) },
    ]);
    const mine = await ok<Page<ResourceMeetingRow>>(CALLS.resourceMeetingInfo, {});
    expect(mine.list.map((m) => m.title).sort()).toEqual(["勾股定理集体备课会", "数学组教研会"].sort());
    expect(mine.list.every((m) => Array.isArray(m.videos) && m.videos.length === 0)).toBe(true);
    expect((await ok<Page<ResourceMeetingRow>>(CALLS.resourceMeetingInfo, { title: "勾股" })).total).toBe(1);
    expect((await ok<Page<ResourceMeetingRow>>(CALLS.resourceMeetingInfo, { school_id: schoolTwo }, "erzhong_admin")).list.map((m) => m.title)).toEqual([
      "二中物理组会",
    ]);
    await refused(CALLS.resourceMeetingInfo, { user_id: acct.zhaolaoshi!.id }, "zhanglaoshi", 403);
    await refused(CALLS.resourceMeetingInfo, { school_id: schoolTwo }, "lilaoshi", 403);
  });

  it("deletes a node with its subtree and bindings in one go", async () => {
    const db = s.database.db;
    await refused(CALLS.resourceDelete, { id: unit.id }, "lilaoshi", 403);
    const gone = await ok<{ id: number; nodes: number; binds: number }>(CALLS.resourceDelete, { id: unit.id });
    expect(gone).toEqual({ id: unit.id, nodes: 3, binds: 2 });
    const left = await db.select().from(courseResource).where(eq(courseResource.top_id, course.id));
    expect(left.map((n) => n.id)).toEqual([course.id]);
    const [row] = await db.select().from(courseResource).where(eq(courseResource.id, course.id));
    expect(row!.search_text).not.toContain("赵爽");
    const u2 = await save({ name: "第二单元", pid: course.id });
    const l2 = await save({ name: "课时", pid: u2.id });
    await ok(CALLS.resourceDelete, { id: course.id }, "xiaoji");
    expect(
      await db
        .select()
        .from(courseResource)
        .where(inArray(courseResource.id, [course.id, u2.id, l2.id])),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(courseResourceBind)
        .where(inArray(courseResourceBind.course_id, [course.id, unit.id, lesson.id])),
    ).toHaveLength(0);
    await refused(CALLS.resourceDelete, { id: course.id }, "zhanglaoshi", 404);
  });
});
