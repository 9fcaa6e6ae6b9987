/**
 * Reflections (c388–c390) and collections (c391, c392) of the personal centre (#7; docs/api/collect.md) through the
 * real wire: success, bad input and refusals of every call, the data read back, collects under concurrent toggles.
 * Communities, activities and videos are inserted directly (their calls are other modules').
 */
import { CALLS, type CollectRow, type CollectSaveAnswer, type Envelope, type Page, type ReflectRow, type SessionInfo } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { activity } from "../src/modules/activity/activity.schema.js";
import { communityArticle } from "../src/modules/article/article.schema.js";
import { community, communityMember } from "../src/modules/community/community.schema.js";
import { collect, reflect } from "../src/modules/personal/personal.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
const who: Record<string, SessionInfo> = {};
const USERS = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi", "xiaoji", "quji", "pingtai"] as const;
/** c1 public (zhang owner, li member), c2 not shown on the site. */
let c1 = 0;
let c2 = 0;
let act1 = 0;
let act2 = 0;
let art1 = 0;
let vid1 = 0;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ["xiaoji", "quji", "pingtai"]) who[u] = await s.login(u, DEMO_ADMIN_PASSWORD);
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const db = s.database.db;
  const school = who.xiaoji!.school_id;
  const zhang = who.zhanglaoshi!.account_id;
  const li = who.lilaoshi!.account_id;
  const mk = async (name: string, is_display: number) => {
    const [row] = await db
      .insert(community)
      .values({ name, account_id: zhang, school_id: school, is_display, logo_url: "/files/7" })
      .returning({ id: community.id });
    await db.insert(communityMember).values([
      { community_id: row!.id, account_id: zhang, role: 1, status: 1, joined_at: new Date() },
      { community_id: row!.id, account_id: li, role: 3, status: 1, joined_at: new Date() },
    ]);
    return row!.id;
  };
  c1 = await mk("数学教研社区", 1);
  c2 = await mk("内部工作室", 0);
  const now = new Date();
  const acts = await db
    .insert(activity)
    .values([
      { name: "公开课研讨", community_id: c1, account_id: zhang, school_id: school, start_time: now, end_time: now },
      { name: "内部研讨", community_id: c2, account_id: zhang, school_id: school, start_time: now, end_time: now },
    ])
    .returning({ id: activity.id });
  act1 = acts[0]!.id;
  act2 = acts[1]!.id;
  const [a] = await db
    .insert(communityArticle)
    .values({ community_id: c1, account_id: li, title: "函数教学心得", cover_url: "/files/9" })
    .returning({ id: communityArticle.id });
  art1 = a!.id;
  const [v] = await db
    .insert(video)
    .values({ name: "张老师的公开课", account_id: zhang, school_id: school, source: "upload", file_id: 0 })
    .returning({ id: video.id });
  vid1 = v!.id;
});
afterAll(async () => {
  await s?.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, who[user]!.token);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user: string): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg?: string | RegExp): Promise<void> {
  const r = await call(path, payload, user);
  expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
  if (typeof msg === "string") expect(r.msg).toBe(msg);
  else if (msg) expect(r.msg).toMatch(msg);
}

describe("reflections", () => {
  let mine = 0;
  let onActivity = 0;

  it("c389 saves a reflection (free, on an activity), sanitizes it, edits the author's own", async () => {
    const r = await ok<ReflectRow>(
      CALLS.reflectSave,
      { title: " 本周反思 ", content: '<p onclick="x()">课堂节奏偏快<script>alert(1)</script></p>' },
      "lilaoshi",
    );
    mine = r.id;
    expect(r).toMatchObject({
      title: "本周反思",
      content: "<p>课堂节奏偏快</p>",
      summary: "课堂节奏偏快",
      activity_id: 0,
      community_id: 0,
      account_name: "李老师",
      can_delete: true,
    });
    const onAct = await ok<ReflectRow>(CALLS.reflectSave, { title: "公开课反思", content: "<p>学生参与度高</p>", activity_id: act1 }, "lilaoshi");
    onActivity = onAct.id;
    // The activity's community is taken with it.
    expect(onAct).toMatchObject({ activity_id: act1, activity_name: "公开课研讨", community_id: c1, community_name: "数学教研社区" });
    await ok(CALLS.reflectSave, { title: "张老师的反思", activity_id: act1 }, "zhanglaoshi");
    await ok(CALLS.reflectSave, { title: "王老师的反思" }, "wanglaoshi");

    const edited = await ok<ReflectRow>(CALLS.reflectSave, { id: mine, title: "本周反思（修改）", content: "<p>改</p>" }, "lilaoshi");
    expect(edited).toMatchObject({ id: mine, title: "本周反思（修改）", content: "<p>改</p>" });
    const [row] = await s.database.db.select().from(reflect).where(eq(reflect.id, mine));
    expect(row).toMatchObject({ title: "本周反思（修改）", content: "<p>改</p>" });

    await refused(CALLS.reflectSave, { title: "  " }, "lilaoshi", 400, /请输入反思标题/);
    await refused(CALLS.reflectSave, {}, "lilaoshi", 400, /标题/);
    await refused(CALLS.reflectSave, { title: "x".repeat(101) }, "lilaoshi", 400, /反思标题不能超过 100 个字符/);
    await refused(CALLS.reflectSave, { title: "x", activity_id: "abc" }, "lilaoshi", 400);
    await refused(CALLS.reflectSave, { title: "x", activity_id: 999999 }, "lilaoshi", 404, "活动不存在或已删除");
    await refused(CALLS.reflectSave, { title: "x", community_id: 999999 }, "lilaoshi", 404, "社区不存在或已删除");
    await refused(CALLS.reflectSave, { title: "x", activity_id: act2 }, "wanglaoshi", 403, "请先加入社区后查看");
    await refused(CALLS.reflectSave, { title: "x", community_id: c2 }, "wanglaoshi", 403);
    await refused(CALLS.reflectSave, { title: "x", activity_id: act1, community_id: c2 }, "lilaoshi", 404, "活动不属于该社区");
    await refused(CALLS.reflectSave, { id: mine, title: "王改" }, "wanglaoshi", 403, "只能修改自己的反思");
    await refused(CALLS.reflectSave, { id: 999999, title: "x" }, "lilaoshi", 404, "反思不存在或已删除");
  });

  it("c388 lists the caller's own; the activity's creator or a manager lists everyone's on it (all=1)", async () => {
    const own = await ok<Page<ReflectRow>>(CALLS.reflectList, {}, "lilaoshi");
    expect(own.total).toBe(2);
    expect(own.list.map((r) => r.id)).toEqual([onActivity, mine]);
    expect((await ok<Page<ReflectRow>>(CALLS.reflectList, { title: "公开课" }, "lilaoshi")).list.map((r) => r.id)).toEqual([onActivity]);
    expect((await ok<Page<ReflectRow>>(CALLS.reflectList, { activity_id: act1 }, "lilaoshi")).total).toBe(1);
    expect((await ok<Page<ReflectRow>>(CALLS.reflectList, { community_id: c1, page: 1, limit: 1 }, "lilaoshi")).list.map((r) => r.id)).toEqual([onActivity]);
    expect((await ok<Page<ReflectRow>>(CALLS.reflectList, {}, "wanglaoshi")).list.map((r) => r.title)).toEqual(["王老师的反思"]);

    const all = await ok<Page<ReflectRow>>(CALLS.reflectList, { activity_id: act1, all: 1 }, "zhanglaoshi");
    expect(all.list.map((r) => [r.account_name, r.can_delete])).toEqual([
      ["张老师", true],
      ["李老师", false],
    ]);
    // The school administrator manages the community.
    expect((await ok<Page<ReflectRow>>(CALLS.reflectList, { activity_id: act1, all: 1 }, "xiaoji")).total).toBe(2);
    await refused(CALLS.reflectList, { activity_id: act1, all: 1 }, "lilaoshi", 403, "只有活动创建者或社区管理员可以查看全部反思");
    await refused(CALLS.reflectList, { all: 1 }, "zhanglaoshi", 403, "查看全部反思需要指定活动");
    await refused(CALLS.reflectList, { activity_id: 999999, all: 1 }, "zhanglaoshi", 404);
    await refused(CALLS.reflectList, { limit: 0 }, "zhanglaoshi", 400);
    await refused(CALLS.reflectList, { all: 3 }, "zhanglaoshi", 400);
  });

  it("c390 only the author deletes", async () => {
    await refused(CALLS.reflectDelete, { id: mine }, "zhanglaoshi", 403, "只能删除自己的反思");
    await refused(CALLS.reflectDelete, { id: 999999 }, "lilaoshi", 404, "反思不存在或已删除");
    await refused(CALLS.reflectDelete, {}, "lilaoshi", 400, /反思编号/);
    expect(await ok(CALLS.reflectDelete, { id: mine }, "lilaoshi")).toBeNull();
    expect((await s.database.db.select().from(reflect).where(eq(reflect.id, mine))).length).toBe(0);
    expect((await ok<Page<ReflectRow>>(CALLS.reflectList, {}, "lilaoshi")).list.map((r) => r.id)).toEqual([onActivity]);
  });
});

describe("collections", () => {
  const rowsOf = async (user: string, type: string, id: number) =>
    s.database.db
      .select()
      .from(collect)
      .where(and(eq(collect.account_id, who[user]!.account_id), eq(collect.target_type, type), eq(collect.target_id, id)));

  it("c391 toggles a collect of each target type; refuses missing, unseen and uncollectable targets", async () => {
    for (const [type, id] of [
      ["community", c1],
      ["article", art1],
      ["activity", act1],
      ["video", vid1],
    ] as const) {
      expect(await ok<CollectSaveAnswer>(CALLS.collectSave, { target_type: type, target_id: id }, "zhanglaoshi")).toEqual({
        target_type: type,
        target_id: id,
        is_collect: true,
      });
      expect((await rowsOf("zhanglaoshi", type, id)).length).toBe(1);
    }
    expect(await ok<CollectSaveAnswer>(CALLS.collectSave, { target_type: "community", target_id: c1 }, "zhanglaoshi")).toMatchObject({ is_collect: false });
    expect((await rowsOf("zhanglaoshi", "community", c1)).length).toBe(0);
    await ok(CALLS.collectSave, { target_type: "community", target_id: c1 }, "zhanglaoshi");

    await refused(CALLS.collectSave, { target_type: "preparation", target_id: 999999 }, "zhanglaoshi", 404, "集体备课不存在或已删除");
    await refused(CALLS.collectSave, { target_type: "book", target_id: 1 }, "zhanglaoshi", 400, /收藏类型只能是/);
    await refused(CALLS.collectSave, { target_id: 1 }, "zhanglaoshi", 400, /收藏类型/);
    await refused(CALLS.collectSave, { target_type: "article" }, "zhanglaoshi", 400, /收藏对象编号/);
    await refused(CALLS.collectSave, { target_type: "article", target_id: 999999 }, "zhanglaoshi", 404, "文章不存在或已删除");
    await refused(CALLS.collectSave, { target_type: "community", target_id: 999999 }, "zhanglaoshi", 404, "社区不存在或已删除");
    await refused(CALLS.collectSave, { target_type: "activity", target_id: 999999 }, "zhanglaoshi", 404, "活动不存在或已删除");
    await refused(CALLS.collectSave, { target_type: "community", target_id: c2 }, "wanglaoshi", 403, "请先加入社区后查看");
    await refused(CALLS.collectSave, { target_type: "activity", target_id: act2 }, "wanglaoshi", 403);
    // A video of another teacher (not administered by the caller) is not collectable.
    await refused(CALLS.collectSave, { target_type: "video", target_id: vid1 }, "zhaolaoshi", 404, /视频/);
    // The school administrator administers the video's school.
    expect((await ok<CollectSaveAnswer>(CALLS.collectSave, { target_type: "video", target_id: vid1 }, "xiaoji")).is_collect).toBe(true);
    // A hidden article is collectable only by its author and managers.
    await s.database.db.update(communityArticle).set({ status: 0 }).where(eq(communityArticle.id, art1));
    await refused(CALLS.collectSave, { target_type: "article", target_id: art1 }, "wanglaoshi", 404, "文章不存在或已删除");
    await s.database.db.update(communityArticle).set({ status: 1 }).where(eq(communityArticle.id, art1));
  });

  it("c392 lists the caller's collects with titles and link data; a removed target shows as deleted", async () => {
    const page = await ok<Page<CollectRow>>(CALLS.collectList, {}, "zhanglaoshi");
    expect(page.total).toBe(4);
    const byType = Object.fromEntries(page.list.map((r) => [r.target_type, r]));
    expect(page.list[0]!.target_type).toBe("community");
    expect(byType.community).toMatchObject({
      target_id: c1,
      title: "数学教研社区",
      target_type_name: "社区",
      cover_url: "/files/7",
      community_id: c1,
      account_name: "张老师",
      exists: true,
    });
    expect(byType.article).toMatchObject({
      target_id: art1,
      title: "函数教学心得",
      target_type_name: "文章",
      cover_url: "/files/9",
      community_id: c1,
      community_name: "数学教研社区",
      account_name: "李老师",
      exists: true,
    });
    expect(byType.activity).toMatchObject({ target_id: act1, title: "公开课研讨", target_type_name: "活动", community_id: c1 });
    expect(byType.video).toMatchObject({ target_id: vid1, title: "张老师的公开课", target_type_name: "视频", community_id: 0, account_name: "张老师" });
    expect(page.list[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const articles = await ok<Page<CollectRow>>(CALLS.collectList, { target_type: "article" }, "zhanglaoshi");
    expect(articles.list.map((r) => r.target_id)).toEqual([art1]);
    const paged = await ok<Page<CollectRow>>(CALLS.collectList, { page: 2, limit: 3 }, "zhanglaoshi");
    expect(paged.list.length).toBe(1);
    expect((await ok<Page<CollectRow>>(CALLS.collectList, {}, "lilaoshi")).total).toBe(0);
    await refused(CALLS.collectList, { target_type: "book" }, "zhanglaoshi", 400, /收藏类型只能是/);
    await refused(CALLS.collectList, { page: 0 }, "zhanglaoshi", 400);

    // The activity goes away: the collect stays, shown as deleted.
    await s.database.db.delete(activity).where(eq(activity.id, act1));
    const after = await ok<Page<CollectRow>>(CALLS.collectList, { target_type: "activity" }, "zhanglaoshi");
    expect(after.list[0]).toMatchObject({ target_id: act1, title: "该内容已删除", exists: false, community_id: 0 });
  });

  it("one collect per user and target under concurrent toggles", async () => {
    // Every user collects the article at once: one row each.
    const answers = await Promise.all(
      USERS.filter((u) => u !== "zhanglaoshi").map((u) => call<CollectSaveAnswer>(CALLS.collectSave, { target_type: "article", target_id: art1 }, u)),
    );
    for (const r of answers) expect(r.code, r.msg).toBe(200);
    expect(answers.every((r) => r.data.is_collect)).toBe(true);
    const all = await s.database.db
      .select()
      .from(collect)
      .where(and(eq(collect.target_type, "article"), eq(collect.target_id, art1)));
    expect(all.length).toBe(USERS.length);
    expect(new Set(all.map((r) => r.account_id)).size).toBe(USERS.length);

    // One user fires 9 toggles at once: never more than one row, and the answers agree with what is left.
    const wang = await Promise.all(
      Array.from({ length: 9 }, () => call<CollectSaveAnswer>(CALLS.collectSave, { target_type: "community", target_id: c1 }, "wanglaoshi")),
    );
    for (const r of wang) expect(r.code, r.msg).toBe(200);
    const left = await rowsOf("wanglaoshi", "community", c1);
    expect(left.length).toBeLessThanOrEqual(1);
    const listed = await ok<Page<CollectRow>>(CALLS.collectList, { target_type: "community" }, "wanglaoshi");
    expect(listed.total).toBe(left.length);
  });
});
