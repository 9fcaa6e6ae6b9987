/**
 * The front site's resource calls (#11; docs/api/resource.md): /web/myResource with every filter alone and combined
 * (expected counts derived here from the rows this test created), Chinese full-text search over names,
 * introductions and unit names, the option lists, resources_info (tree, editable, drafts), recordLog counting and
 * de-duplication, and the ranking lists. Anonymous callers never see a draft.
 */
import {
  CALLS,
  type CourseResourceRow,
  type Envelope,
  type FileRecord,
  type Page,
  type RankingList,
  type ResourceOption,
  type SessionInfo,
  type VideoRow,
  type WebResourceInfo,
  type WebResourceRow,
} from "@yanke/protocol";
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { account } from "../src/modules/account/account.schema.js";
import { grade, period, subject } from "../src/modules/org/org.schema.js";
import { resourceViewLog } from "../src/modules/resource/resource.schema.js";
import { type TestServer, startTestServer } from "./harness.js";
import { h264Mp4 } from "./media-fixtures.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const acct: Record<string, typeof account.$inferSelect> = {};

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "zhanglaoshi", "lilaoshi", "zhaolaoshi"]) {
    const [a] = await s.database.db.select().from(account).where(eq(account.username, u));
    acct[u] = a!;
  }
  who.xiaoji = await s.login("xiaoji", DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
});
afterAll(async () => {
  await s?.close();
});

async function ok<T>(path: string, payload: Record<string, unknown>, user?: string): Promise<T> {
  const r = await s.call<T>(path, payload, user ? who[user]!.token : undefined);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string | undefined, code: number, msg?: RegExp): Promise<void> {
  const r = await s.call(path, payload, user ? who[user]!.token : undefined);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
  if (msg) expect(r.msg).toMatch(msg);
}
const web = (p: Record<string, unknown>, user?: string) => ok<Page<WebResourceRow>>(CALLS.webResourceList, { limit: 50, ...p }, user);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

interface Spec {
  user: string;
  name: string;
  intro: string;
  type: number;
  grade?: string;
  subject?: string;
  publish: boolean;
  units?: string[];
}
// Four teachers' courses in two schools (the xiaoji ones in the first school's 高中), all four course types.
const SPECS: Spec[] = [
  { user: "zhanglaoshi", name: "《背影》细读", intro: "品味朴实语言中的父子深情", type: 1, grade: "八年级", publish: true, units: ["第一单元 回忆性散文"] },
  { user: "zhanglaoshi", name: "古诗词鉴赏", intro: "意象与意境的赏析方法", type: 2, grade: "七年级", publish: true },
  { user: "zhanglaoshi", name: "议论文写作草稿", intro: "尚未完成的课程", type: 3, publish: false },
  { user: "lilaoshi", name: "勾股定理", intro: "探究勾股定理的证明", type: 3, grade: "八年级", publish: true },
  { user: "lilaoshi", name: "一元二次方程", intro: "配方法与公式法解方程", type: 4, grade: "九年级", publish: true, units: ["第二单元 根与系数的关系"] },
  { user: "lilaoshi", name: "C++ 编程入门", intro: "", type: 4, publish: true },
  { user: "zhaolaoshi", name: "光的折射", intro: "通过实验认识折射规律", type: 1, grade: "八年级", publish: true, units: ["实验探究单元"] },
  { user: "zhaolaoshi", name: "浮力", intro: "阿基米德原理的探究", type: 2, grade: "八年级", publish: true },
  { user: "xiaoji", name: "函数的单调性", intro: "高中数学函数性质", type: 3, subject: "数学", grade: "高一", publish: true },
  { user: "xiaoji", name: "草稿：高中语文", intro: "未发布", type: 1, subject: "语文", publish: false },
];

describe("/web/myResource", () => {
  const rows: (CourseResourceRow & { published: boolean })[] = [];
  let published: typeof rows;
  let lessonId = 0;
  let boundVideo: VideoRow;
  let looseVideo: VideoRow;

  beforeAll(async () => {
    const db = s.database.db;
    for (const sp of SPECS) {
      const a = acct[sp.user]!;
      // xiaoji's courses go to the first school's senior period.
      const [per] = sp.subject
        ? await db
            .select()
            .from(period)
            .where(and(eq(period.school_id, a.school_id), eq(period.name, "高中")))
        : [undefined];
      const periodId = per?.id ?? a.period_id;
      const [sub] = sp.subject
        ? await db
            .select()
            .from(subject)
            .where(and(eq(subject.period_id, periodId), eq(subject.name, sp.subject)))
        : [undefined];
      const [g] = sp.grade
        ? await db
            .select()
            .from(grade)
            .where(and(eq(grade.period_id, periodId), eq(grade.name, sp.grade)))
        : [undefined];
      const row = await ok<CourseResourceRow>(
        CALLS.resourceSave,
        { name: sp.name, course_introduce: sp.intro, course_type: sp.type, subject_id: sub?.id, grade_id: g?.id },
        sp.user,
      );
      for (const u of sp.units ?? []) {
        const unit = await ok<CourseResourceRow>(CALLS.resourceSave, { name: u, pid: row.id }, sp.user);
        const lesson = await ok<CourseResourceRow>(CALLS.resourceSave, { name: `${u} 第1课时`, pid: unit.id }, sp.user);
        if (!lessonId) lessonId = lesson.id;
      }
      if (sp.publish) await ok(CALLS.resourceUpdate, { id: row.id, status: 1 }, sp.user);
      rows.push({ ...(await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: row.id }, sp.user)).course, published: sp.publish });
    }
    published = rows.filter((r) => r.published);
    // A video bound to a lesson of the first (published) course, and one bound nowhere.
    const upload = async (name: string): Promise<FileRecord> => {
      const fd = new FormData();
      fd.append("module", "video");
      fd.append("file", new Blob([readFileSync(await h264Mp4())]), name);
      const res = await fetch(`${s.url}${CALLS.fileUpload}`, { method: "POST", body: fd, headers: { TOKEN: who.zhanglaoshi!.token } });
      return ((await res.json()) as Envelope<FileRecord>).data;
    };
    boundVideo = await ok<VideoRow>(CALLS.myVideoSave, { file_id: (await upload("a.mp4")).id, name: "背影课堂实录" }, "zhanglaoshi");
    looseVideo = await ok<VideoRow>(CALLS.myVideoSave, { file_id: (await upload("b.mp4")).id, name: "未公开的视频" }, "zhanglaoshi");
    await ok(CALLS.resourceBind, { id: lessonId, resources_id: boundVideo.id, resources_type: 1 }, "zhanglaoshi");
  });

  it("lists published courses only, to anyone, with names and counts", async () => {
    const all = await web({});
    expect(all.total).toBe(published.length);
    expect(ids(all.list)).toEqual(ids(published));
    const first = all.list.find((r) => r.name === "《背影》细读")!;
    expect(first).toMatchObject({
      subject_name: "语文",
      grade_name: "八年级",
      period_name: "初中",
      school_name: "银川市第一中学",
      region_name: "兴庆区",
      account_name: "张老师",
      video_count: 1,
      file_count: 0,
      level: 1,
      status: 1,
    });
    expect("teaching_design" in first).toBe(false);
    // Newest first by default.
    expect(all.list[0]!.id).toBe(Math.max(...published.map((r) => r.id)));
    // Pages: the total stays right on every page, past the end too.
    const p2 = await web({ limit: 3, page: 2 });
    expect(p2.total).toBe(published.length);
    expect(p2.list.map((r) => r.id)).toEqual(all.list.slice(3, 6).map((r) => r.id));
    const past = await web({ limit: 3, page: 99 });
    expect(past).toMatchObject({ total: published.length, list: [] });
    // A signed-in author does not see his draft on the front site either.
    expect((await web({}, "zhanglaoshi")).total).toBe(published.length);
  });

  it("applies every filter, alone and combined, as the rows say", async () => {
    const expectOf = (pred: (r: CourseResourceRow) => boolean) => ids(published.filter(pred));
    const chinese = rows.find((r) => r.subject_name === "语文" && r.period_name === "初中")!;
    const seniorChinese = rows.find((r) => r.subject_name === "语文" && r.period_name === "高中")!;
    const g8 = rows.find((r) => r.grade_name === "八年级" && r.school_id === acct.zhaolaoshi!.school_id)!;
    const cases: [Record<string, unknown>, (r: CourseResourceRow) => boolean][] = [
      [{ course_type: 1 }, (r) => r.course_type === 1],
      [{ course_type: 4 }, (r) => r.course_type === 4],
      // subject_id selects the subject by name (语文 of every period and school).
      [{ subject_id: chinese.subject_id }, (r) => r.subject_name === "语文"],
      [{ subject_id: seniorChinese.subject_id }, (r) => r.subject_name === "语文"],
      [{ subject_name: "数学" }, (r) => r.subject_name === "数学"],
      [{ period_id: chinese.period_id }, (r) => r.period_name === "初中"],
      [{ grade_id: g8.grade_id }, (r) => r.grade_name === "八年级"],
      [{ school_id: acct.zhaolaoshi!.school_id }, (r) => r.school_id === acct.zhaolaoshi!.school_id],
      [{ school_name: "第一中学" }, (r) => r.school_name.includes("第一中学")],
      [{ region_code: "640105" }, (r) => r.region_code === "640105"],
      [{ region_code: "640100" }, () => true],
      [{ region_name: "兴庆" }, (r) => r.region_name === "兴庆区"],
      [{ account_id: acct.lilaoshi!.id }, (r) => r.account_id === acct.lilaoshi!.id],
      [{ grade_id: g8.grade_id, course_type: 1 }, (r) => r.grade_name === "八年级" && r.course_type === 1],
      [
        { school_id: acct.zhanglaoshi!.school_id, period_id: chinese.period_id, subject_name: "数学" },
        (r) => r.school_id === acct.zhanglaoshi!.school_id && r.period_name === "初中" && r.subject_name === "数学",
      ],
      [{ region_name: "兴庆", course_type: 3 }, (r) => r.region_name === "兴庆区" && r.course_type === 3],
      [{ grade_id: g8.grade_id, region_code: "640105", course_type: 2 }, (r) => r.grade_name === "八年级" && r.region_code === "640105" && r.course_type === 2],
      [{ account_id: acct.zhaolaoshi!.id, school_id: acct.zhanglaoshi!.school_id }, () => false],
    ];
    for (const [filter, pred] of cases) {
      const want = expectOf(pred);
      const got = await web(filter);
      expect(ids(got.list), JSON.stringify(filter)).toEqual(want);
      expect(got.total, JSON.stringify(filter)).toBe(want.length);
    }
    // Several cases must actually narrow (the test would be weak otherwise).
    expect(expectOf((r) => r.course_type === 1).length).toBeGreaterThan(0);
    expect(expectOf((r) => r.grade_name === "八年级" && r.course_type === 1).length).toBeLessThan(published.length);
  });

  it("searches Chinese words in names, introductions and unit names", async () => {
    const names = async (q: Record<string, unknown>) => (await web(q)).list.map((r) => r.name).sort();
    expect(await names({ name: "勾股定理" })).toEqual(["勾股定理"]);
    expect(await names({ name: "证明" })).toEqual(["勾股定理"]);
    expect(await names({ name: "父子深情" })).toEqual(["《背影》细读"]);
    expect(await names({ name: "根与系数" })).toEqual(["一元二次方程"]); // a unit's name finds its course
    expect(await names({ name: "折射实验" })).toEqual(["光的折射"]);
    expect(await names({ name: "阿基米德" })).toEqual(["浮力"]);
    expect(await names({ name: "++" })).toEqual(["C++ 编程入门"]); // jieba cuts it to nothing: ILIKE on the name
    expect(await names({ name: "编程" })).toEqual(["C++ 编程入门"]);
    expect(await names({ name: "议论文" })).toEqual([]); // a draft
    expect(await names({ name: "量子力学" })).toEqual([]);
    expect(await names({ name: "折射", subject_name: "物理" })).toEqual(["光的折射"]);
    expect(await names({ name: "折射", subject_name: "数学" })).toEqual([]);
  });

  it("offers the filter options with counts of published courses", async () => {
    const subjects = await ok<ResourceOption[]>(CALLS.webResourceSubjects, {});
    const count = (pred: (r: CourseResourceRow) => boolean) => published.filter(pred).length;
    const byName = new Map(subjects.map((o) => [o.name, o.count]));
    for (const name of new Set(published.map((r) => r.subject_name))) expect(byName.get(name), name).toBe(count((r) => r.subject_name === name));
    expect(subjects.every((o) => typeof o.id === "number")).toBe(true);
    const schools = await ok<ResourceOption[]>(CALLS.webResourceSchools, {});
    expect(schools.map((o) => [o.id, o.count]).sort()).toEqual(
      [...new Set(published.map((r) => r.school_id))].map((id) => [id, count((r) => r.school_id === id)]).sort(),
    );
    const regions = await ok<ResourceOption[]>(CALLS.webResourceRegions, {});
    expect(regions.map((o) => [o.id, o.name, o.count]).sort()).toEqual(
      [
        ["640104", "兴庆区", count((r) => r.region_code === "640104")],
        ["640105", "西夏区", count((r) => r.region_code === "640105")],
      ].sort(),
    );
    const grades = await ok<ResourceOption[]>(CALLS.webResourceGrades, { school_id: acct.zhanglaoshi!.school_id });
    expect(new Map(grades.map((o) => [o.name, o.count]))).toEqual(
      new Map(
        [...new Set(published.filter((r) => r.school_id === acct.zhanglaoshi!.school_id && r.grade_name).map((r) => r.grade_name))].map((n) => [
          n,
          count((r) => r.school_id === acct.zhanglaoshi!.school_id && r.grade_name === n),
        ]),
      ),
    );
    const junior = rows.find((r) => r.period_name === "初中")!;
    const jSubjects = await ok<ResourceOption[]>(CALLS.webResourceSubjects, { period_id: junior.period_id });
    expect(jSubjects.reduce((n, o) => n + o.count, 0)).toBe(count((r) => r.period_name === "初中" && r.subject_id > 0));
    await refused(CALLS.webResourceSubjects, { period_id: "abc" }, undefined, 400);
  });

  it("answers one course with its tree, bindings and the editable flag; drafts only to their people", async () => {
    const course = rows.find((r) => r.name === "《背影》细读")!;
    const anon = await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id });
    expect(anon.editable).toBe(false);
    expect(anon.course.id).toBe(course.id);
    expect(anon.tree).toHaveLength(1);
    expect(anon.tree[0]!.name).toBe("第一单元 回忆性散文");
    expect(anon.tree[0]!.children.map((l) => l.name)).toEqual(["第一单元 回忆性散文 第1课时"]);
    const bind = anon.tree[0]!.children[0]!.binds[0]!;
    expect(bind).toMatchObject({ resources_type: 1, resources_id: boundVideo.id, title: "背影课堂实录" });
    expect(bind.play_url).not.toBe("");
    expect((await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id }, "zhanglaoshi")).editable).toBe(true);
    expect((await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id }, "xiaoji")).editable).toBe(true);
    expect((await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id }, "zhaolaoshi")).editable).toBe(false);
    const after = await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id });
    expect(after.course.view_count).toBe(anon.course.view_count + 4);

    const draft = rows.find((r) => r.name === "议论文写作草稿")!;
    await refused(CALLS.webResourceInfo, { resources_id: draft.id }, undefined, 404, /不存在或未发布/);
    await refused(CALLS.webResourceInfo, { resources_id: draft.id }, "lilaoshi", 404);
    expect((await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: draft.id }, "zhanglaoshi")).course.status).toBe(0);
    expect((await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: draft.id }, "xiaoji")).editable).toBe(true);
    await refused(CALLS.webResourceInfo, { resources_id: 99999999 }, undefined, 404);
    await refused(CALLS.webResourceInfo, {}, undefined, 400, /资源/);
  });

  it("records views, ignoring repeats within 10 minutes, and refuses what is not public", async () => {
    const course = rows.find((r) => r.name === "勾股定理")!;
    const before = (await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id }, "lilaoshi")).course.view_count;
    const rec = (p: Record<string, unknown>, user?: string) => ok<{ counted: boolean }>(CALLS.webRecordLog, p, user);
    expect((await rec({ resources_id: course.id })).counted).toBe(true);
    expect((await rec({ resources_id: course.id })).counted).toBe(false); // same IP, anonymous
    expect((await rec({ resources_id: course.id }, "zhaolaoshi")).counted).toBe(true);
    expect((await rec({ resources_id: course.id }, "zhaolaoshi")).counted).toBe(false);
    expect((await rec({ resources_id: course.id }, "zhanglaoshi")).counted).toBe(true);
    const logs = await s.database.db
      .select()
      .from(resourceViewLog)
      .where(and(eq(resourceViewLog.target_type, 2), eq(resourceViewLog.target_id, course.id)));
    expect(logs.map((l) => l.account_id).sort()).toEqual([0, acct.zhaolaoshi!.id, acct.zhanglaoshi!.id].sort());
    expect(logs.every((l) => l.school_id === course.school_id)).toBe(true);
    const now = (await ok<WebResourceInfo>(CALLS.webResourceInfo, { resources_id: course.id }, "lilaoshi")).course.view_count;
    expect(now).toBe(before + 3 + 1); // three counted views, this read (before included its own read)

    expect((await rec({ video_id: boundVideo.id, duration: 12 })).counted).toBe(true);
    expect((await rec({ video_id: boundVideo.id })).counted).toBe(false);
    await refused(CALLS.webRecordLog, { video_id: looseVideo.id }, undefined, 404);
    await refused(CALLS.webRecordLog, { video_id: looseVideo.id }, "lilaoshi", 404);
    expect((await rec({ video_id: looseVideo.id }, "zhanglaoshi")).counted).toBe(true);
    const draft = rows.find((r) => r.name === "议论文写作草稿")!;
    await refused(CALLS.webRecordLog, { resources_id: draft.id }, undefined, 404);
    await refused(CALLS.webRecordLog, {}, undefined, 400, /二选一/);
    await refused(CALLS.webRecordLog, { video_id: boundVideo.id, resources_id: course.id }, undefined, 400, /二选一/);
    await refused(CALLS.webRecordLog, { resources_id: 99999999 }, undefined, 404);
  });

  it("orders by views (hot) and ranks videos, courses, teachers and schools", async () => {
    // Views: 函数的单调性 gets the most.
    const top = rows.find((r) => r.name === "函数的单调性")!;
    for (let i = 0; i < 6; i++) await ok(CALLS.webResourceInfo, { resources_id: top.id });
    const hot = await web({ order: "hot" });
    const views = hot.list.map((r) => r.view_count);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(hot.list[0]!.id).toBe(top.id);
    await refused(CALLS.webResourceList, { order: "best" }, undefined, 400, /排序只能是/);
    await refused(CALLS.webResourceList, { course_type: 7 }, undefined, 400, /课程类型只能是/);

    const rank = await ok<RankingList>(CALLS.webRankingList, {});
    const list = (await web({ order: "hot" })).list;
    expect(rank.resources.map((r) => r.id)).toEqual(list.slice(0, 10).map((r) => r.id));
    expect(rank.resources[0]!.views).toBe(list[0]!.view_count);
    // Only the bound (public) video ranks; the loose one's view does not show.
    expect(rank.videos.map((v) => [v.id, v.views])).toEqual([[boundVideo.id, 1]]);
    const sum = (pred: (r: WebResourceRow) => boolean) => list.filter(pred).reduce((n, r) => n + r.view_count, 0);
    for (const t of rank.teachers) expect(t.views, t.realname).toBe(sum((r) => r.account_id === t.account_id));
    expect(rank.teachers.map((t) => t.views)).toEqual([...rank.teachers.map((t) => t.views)].sort((a, b) => b - a));
    const authors = [...new Set(list.map((r) => r.account_id))];
    const best = Math.max(...authors.map((a) => sum((r) => r.account_id === a)));
    expect(sum((r) => r.account_id === rank.teachers[0]!.account_id)).toBe(best);
    expect(rank.teachers).toHaveLength(authors.length);
    expect(rank.teachers.find((t) => t.account_id === acct.lilaoshi!.id)!.resources).toBe(list.filter((r) => r.account_id === acct.lilaoshi!.id).length);
    for (const sc of rank.schools) {
      expect(sc.views).toBe(sum((r) => r.school_id === sc.school_id));
      expect(sc.resources).toBe(list.filter((r) => r.school_id === sc.school_id).length);
    }
    const two = await ok<RankingList>(CALLS.webRankingList, { school_id: acct.zhaolaoshi!.school_id });
    expect(two.schools.map((x) => x.school_id)).toEqual([acct.zhaolaoshi!.school_id]);
    expect(two.videos).toEqual([]);
    expect(two.resources.every((r) => r.school_name === "银川市第二中学")).toBe(true);
  });
});
