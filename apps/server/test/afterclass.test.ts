/**
 * After-class reflections c298–c314 (/v2/after_class; docs/api/afterclass.md, docs/decisions/0921–0923) over the
 * real wire: writing on a listen record (teacher or organiser only) and directly (in a community the caller may
 * post in), updates, visibility (the community's rule, is_display), reads, files (c308 the uploader, c313 the
 * author or a manager), comments through the discussion service, statistics and deletion with everything attached.
 */
import {
  type AfterClassDetail,
  type AfterClassDiscussStatistics,
  type AfterClassFilePage,
  type AfterClassFileRow,
  type AfterClassPage,
  CALLS,
  type DiscussMessage,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../src/modules/activity/activity.schema.js";
import { afterClass, afterClassFile } from "../src/modules/afterclass/afterclass.schema.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { type Kit, insertCommunity, startKit } from "./activity-kit.js";
import { insertListen } from "./listen-kit.js";

let k: Kit;
let A = 0;
let B = 0;
let L = 0;
const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);

async function upload(user: string, name: string): Promise<number> {
  const ext = name.split(".").pop()!;
  const [row] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/ac/${Math.random()}/${name}`,
      real_file_name: name,
      file_type: ext,
      kind: "document",
      mime: "application/octet-stream",
      size: 4096,
      sha256: "x",
      module: "after_class",
      is_public: false,
      account_id: k.id[user]!,
    })
    .returning({ id: storedFile.id });
  return row!.id;
}

beforeAll(async () => {
  k = await startKit();
  const school = k.who.xiaoji!.school_id;
  // A: zhang owns, li member (shown). B: li owns, hidden from outsiders (is_display 0).
  A = await insertCommunity(k.db, { name: "课后反思社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], school_id: school });
  B = await insertCommunity(k.db, { name: "隐藏的社区", owner: k.id.lilaoshi!, school_id: school, is_display: 0 });
  // zhang organises, li teaches, wang evaluates.
  L = await insertListen(k.db, {
    name: "《春》听评课",
    organiser: k.id.zhanglaoshi!,
    teacher: k.id.lilaoshi!,
    evaluators: [k.id.wanglaoshi!],
    community_id: A,
    school_id: school,
    subject_id: 0,
  });
});

afterAll(async () => {
  await k?.s.close();
});

describe("save (c300) / createDirectly (c304) / update (c301, c305) / detail (c303) / read (c314)", () => {
  let onRecord = 0;
  let direct = 0;

  it("writes on a listen record the caller teaches or organises; community from the record; sanitized content", async () => {
    const f = await upload("lilaoshi", "反思材料.docx");
    const d = await k.ok<AfterClassDetail>(
      P.afterClassSave,
      {
        record_id: L,
        title: "《春》课后反思",
        title_supplement: "朗读指导",
        content: '<p>朗读<strong>不够</strong></p><script>alert(1)</script><img src="x" onerror="y">',
        fileArr: [{ file_id: f, type: 1 }],
      },
      "lilaoshi",
    );
    onRecord = d.id;
    expect(d).toMatchObject({
      title: "《春》课后反思",
      title_supplement: "朗读指导",
      community_id: A,
      record_id: L,
      record_name: "《春》听评课",
      community_name: "课后反思社区",
      account: { id: k.id.lilaoshi, realname: "李老师" },
      is_display: 1,
      file_count: 1,
      can_edit: true,
      can_delete: true,
      discuss_status: 1,
    });
    expect(Object.keys(d)).toEqual(
      expect.arrayContaining([
        "id",
        "title",
        "title_supplement",
        "after_logo_url",
        "community_id",
        "equiment_id",
        "record_id",
        "period_id",
        "subject_id",
        "grade_name",
      ]),
    );
    expect(d.content).toContain("<strong>不够</strong>");
    expect(d.content).not.toMatch(/script|onerror/);
    expect(d.fileArr).toHaveLength(1);
    expect(d.fileArr[0]).toMatchObject({ file_id: f, file_name: "反思材料.docx", type_name: "反思材料", can_delete: true });
    expect(d.fileArr[0]!.file_path).toMatch(new RegExp(`/files/${f}.+`));
    // The organiser may write too.
    await k.ok(P.afterClassSave, { record_id: L, title: "组织者的反思" }, "zhanglaoshi");
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "after_class"), eq(activity.ref_id, d.id)));
    expect(act).toMatchObject({ name: "《春》课后反思", community_id: A, account_id: k.id.lilaoshi });
    const logs = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.community_id, A), eq(communityLog.action, "after_class.save")));
    expect(logs.length).toBe(2);

    await k.refused(P.afterClassSave, { record_id: L, title: "评课人的反思" }, "wanglaoshi", 403, "只有该听评课的授课教师或组织者可以撰写课后反思");
    await k.refused(P.afterClassSave, { record_id: L, title: "外校" }, "zhaolaoshi", 403);
    await k.refused(P.afterClassSave, { record_id: 999999, title: "x" }, "lilaoshi", 404, "听评课不存在或已删除");
    await k.refused(P.afterClassSave, { record_id: L, title: " " }, "lilaoshi", 400, /请输入反思标题/);
    await k.refused(P.afterClassSave, { title: "x" }, "lilaoshi", 400, /听评课id/);
    await k.refused(
      P.afterClassSave,
      { record_id: L, title: "x", fileArr: [{ file_id: await upload("zhanglaoshi", "别人的.pdf") }] },
      "lilaoshi",
      400,
      /不是您上传的/,
    );
    await k.refused(P.afterClassSave, { record_id: L, title: "x", after_logo_url: "javascript:alert(1)" }, "lilaoshi", 400, /上传的图片/);
    expect((await anon(P.afterClassSave, { record_id: L, title: "x" })).code).toBe(1025);
  });

  it("creates directly in a community the caller may post in, and moves it (c305)", async () => {
    const d = await k.ok<AfterClassDetail>(
      P.afterClassCreateDirectly,
      { community_id: A, title: "直接写的反思", content: "<p>内容</p>", subject_id: 0, grade_name: "七年级" },
      "lilaoshi",
    );
    direct = d.id;
    expect(d).toMatchObject({ record_id: 0, community_id: A, grade_name: "七年级", content: "<p>内容</p>" });
    await k.refused(P.afterClassCreateDirectly, { community_id: A, title: "外人" }, "wanglaoshi", 403, "请先加入社区后再发布课后反思");
    await k.refused(P.afterClassCreateDirectly, { title: "无社区" }, "lilaoshi", 400, /社区id/);
    await k.refused(P.afterClassCreateDirectly, { community_id: 999999, title: "x" }, "lilaoshi", 404);

    // c305: only the author; only a direct one; into a community he may post in.
    const moved = await k.ok<AfterClassDetail>(P.afterClassUpdateDirectly, { id: direct, community_id: B, title: "移到 B" }, "lilaoshi");
    expect(moved).toMatchObject({ community_id: B, title: "移到 B", grade_name: "七年级", content: "<p>内容</p>" });
    await k.refused(P.afterClassUpdateDirectly, { id: onRecord, title: "x" }, "lilaoshi", 400, /来自听评课/);
    await k.refused(P.afterClassUpdateDirectly, { id: direct, title: "x" }, "zhanglaoshi", 403, "只有作者可以修改课后反思");
    await k.ok(P.afterClassUpdateDirectly, { id: direct, community_id: A }, "lilaoshi");
  });

  it("updates the fields sent (c301) by the author only; replaces files", async () => {
    const before = await k.ok<AfterClassDetail>(P.afterClassDetail, { id: onRecord }, "lilaoshi");
    const f2 = await upload("lilaoshi", "课件.pptx");
    const d = await k.ok<AfterClassDetail>(P.afterClassUpdate, { id: onRecord, title: "改过的标题", fileArr: [{ file_id: f2, type: 2 }] }, "lilaoshi");
    expect(d).toMatchObject({ title: "改过的标题", title_supplement: "朗读指导", content: before.content, record_id: L, community_id: A });
    expect(d.fileArr.map((f) => f.file_id)).toEqual([f2]);
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "after_class"), eq(activity.ref_id, onRecord)));
    expect(act!.name).toBe("改过的标题");
    await k.refused(P.afterClassUpdate, { id: onRecord, title: "管理者改" }, "zhanglaoshi", 403, "只有作者可以修改课后反思");
    await k.refused(P.afterClassUpdate, { id: onRecord, title: "" }, "lilaoshi", 400, /请输入反思标题/);
    await k.refused(P.afterClassUpdate, { id: 999999, title: "x" }, "lilaoshi", 404, "课后反思不存在或已删除");
  });

  it("detail and read follow visibility; read counts a view; isDisplay (c309) hides it from outsiders", async () => {
    // wang is outside A, but A shows its content: he reads, read-only; anonymous visitors too.
    const seen = await k.ok<AfterClassDetail>(P.afterClassDetail, { id: onRecord }, "wanglaoshi");
    expect(seen).toMatchObject({ can_edit: false, can_delete: false, discuss_status: 2 });
    expect((await anon<AfterClassDetail>(P.afterClassDetail, { id: onRecord })).code).toBe(200);
    const v0 = seen.view_count;
    await k.ok(P.afterClassRead, { id: onRecord }, "wanglaoshi");
    const r2 = await k.ok<AfterClassDetail>(P.afterClassRead, { id: onRecord }, "zhanglaoshi");
    expect(r2.view_count).toBe(v0 + 2);
    expect((await anon<AfterClassDetail>(P.afterClassDetail, { id: onRecord })).data.view_count).toBe(v0 + 2);

    await k.refused(P.afterClassIsDisplay, { id: onRecord, is_display: 0 }, "wanglaoshi", 403);
    await k.refused(P.afterClassIsDisplay, { id: onRecord, is_display: 3 }, "zhanglaoshi", 400, /只能是 0 或 1/);
    // zhang manages A.
    expect((await k.ok<AfterClassDetail>(P.afterClassIsDisplay, { id: onRecord, is_display: 0 }, "zhanglaoshi")).is_display).toBe(0);
    await k.refused(P.afterClassDetail, { id: onRecord }, "wanglaoshi", 403, "无权查看该课后反思");
    await k.refused(P.afterClassRead, { id: onRecord }, "wanglaoshi", 403);
    expect((await anon(P.afterClassDetail, { id: onRecord })).code).toBe(403);
    await k.ok(P.afterClassDetail, { id: onRecord }, "lilaoshi");
    const list = await k.ok<AfterClassPage>(P.afterClassList, { community_id: A }, "wanglaoshi");
    expect(list.list.map((r) => r.id)).not.toContain(onRecord);
    expect((await k.ok<AfterClassPage>(P.afterClassList, { community_id: A }, "lilaoshi")).list.map((r) => r.id)).toContain(onRecord);
    await k.ok(P.afterClassIsDisplay, { id: onRecord, is_display: 1 }, "lilaoshi");
    await k.refused(P.afterClassDetail, { id: 999999 }, "lilaoshi", 404);
    await k.refused(P.afterClassDetail, {}, "lilaoshi", 400, /课后反思id/);
  });

  it("index (c298) answers what the community shows; userAfterList (c299) the caller's own", async () => {
    const hidden = await k.ok<AfterClassDetail>(P.afterClassCreateDirectly, { community_id: B, title: "隐藏社区里的反思" }, "lilaoshi");
    const wang = await k.ok<AfterClassPage>(P.afterClassList, { limit: 100 }, "wanglaoshi");
    expect(wang.list.map((r) => r.id)).toEqual(expect.arrayContaining([onRecord, direct]));
    expect(wang.list.map((r) => r.id)).not.toContain(hidden.id);
    const guest = await anon<AfterClassPage>(P.afterClassList, { limit: 100 });
    expect(guest.data.list.map((r) => r.id)).not.toContain(hidden.id);
    expect(guest.data.list.map((r) => r.id)).toContain(onRecord);
    expect((await k.ok<AfterClassPage>(P.afterClassList, { limit: 100 }, "lilaoshi")).list.map((r) => r.id)).toContain(hidden.id);
    const byTitle = await k.ok<AfterClassPage>(P.afterClassList, { title: "改过", record_id: L }, "wanglaoshi");
    expect(byTitle.list.map((r) => r.id)).toEqual([onRecord]);
    expect(byTitle.list[0]).toMatchObject({ comment_count: 0, file_count: 1, record_name: "《春》听评课" });
    await k.refused(P.afterClassList, { limit: 1000 }, "wanglaoshi", 400);

    const mine = await k.ok<AfterClassPage>(P.userAfterList, { limit: 100 }, "lilaoshi");
    expect(mine.list.every((r) => r.account.id === k.id.lilaoshi)).toBe(true);
    expect(mine.total).toBe(3);
    expect((await k.ok<AfterClassPage>(P.userAfterList, { source: 1 }, "lilaoshi")).list.map((r) => r.id)).toEqual([onRecord]);
    expect((await k.ok<AfterClassPage>(P.userAfterList, { source: 2 }, "lilaoshi")).total).toBe(2);
    await k.refused(P.userAfterList, { source: 3 }, "lilaoshi", 400, /只能是 1 或 2/);
    expect((await anon(P.userAfterList, {})).code).toBe(1025);
  });

  describe("files, comments, statistics, delete", () => {
    it("files: members add theirs (c306), readers list them signed (c307); c308 the uploader, c313 the author or a manager", async () => {
      const z1 = await upload("zhanglaoshi", "张老师的补充.pdf");
      const z2 = await upload("zhanglaoshi", "张老师的课件.pptx");
      const added = await k.ok<AfterClassFileRow[]>(
        P.afterFileSave,
        {
          after_class_id: onRecord,
          fileArr: [
            { file_id: z1, type: 3 },
            { file_path: `/files/${z2}`, type: 2 },
          ],
        },
        "zhanglaoshi",
      );
      expect(added.map((f) => f.file_id).sort()).toEqual([z1, z2].sort());
      await k.refused(P.afterFileSave, { after_class_id: onRecord, fileArr: [{ file_id: await upload("wanglaoshi", "w.pdf") }] }, "wanglaoshi", 403);
      await k.refused(P.afterFileSave, { after_class_id: onRecord, fileArr: [] }, "zhanglaoshi", 400, /请上传文件/);
      const page = await k.ok<AfterClassFilePage>(P.afterFileList, { after_class_id: onRecord }, "wanglaoshi");
      expect(page.total).toBe(3);
      expect(page.list.every((f) => !f.can_delete)).toBe(true);
      expect((await k.ok<AfterClassFilePage>(P.afterFileList, { after_class_id: onRecord, type: 2 }, "lilaoshi")).total).toBe(2);
      const rowOf = (fid: number) => page.list.find((f) => f.file_id === fid)!.id;
      // c308: only the uploader — not even the reflection's author.
      await k.refused(P.afterFileDelete, { id: rowOf(z1) }, "lilaoshi", 403, "只有上传者可以删除该文件");
      expect(await k.ok(P.afterFileDelete, { id: rowOf(z1) }, "zhanglaoshi")).toEqual({ id: rowOf(z1) });
      // c313: the reflection's author removes zhang's file; wang may not.
      await k.refused(P.deleteAfterFile, { id: rowOf(z2) }, "wanglaoshi", 403, "只有课后反思的作者或管理员可以删除该文件");
      await k.ok(P.deleteAfterFile, { id: rowOf(z2) }, "lilaoshi");
      await k.refused(P.deleteAfterFile, { id: rowOf(z2) }, "lilaoshi", 404, "文件不存在或已删除");
      expect((await k.db.select().from(afterClassFile).where(eq(afterClassFile.after_class_id, onRecord))).length).toBe(1);
    });

    it("comments (c310 / c311) through the discussion, counted by c312", async () => {
      const c1 = await k.ok<DiscussMessage>(P.afterClassComment, { after_class_id: onRecord, content: "很有收获" }, "zhanglaoshi");
      const c2 = await k.ok<DiscussMessage>(P.afterClassComment, { after_class_id: onRecord, pid: c1.id, content: "谢谢" }, "lilaoshi");
      expect(c2).toMatchObject({ pid: c1.id, reply_person: k.id.zhanglaoshi });
      await k.ok(P.afterClassComment, { after_class_id: direct, content: "也不错" }, "zhanglaoshi");
      await k.refused(P.afterClassComment, { after_class_id: onRecord, content: "外人" }, "wanglaoshi", 403, "请先加入空间后评论！");
      await k.refused(P.afterClassComment, { after_class_id: onRecord, content: "" }, "zhanglaoshi", 400, "请先输入内容");
      await k.refused(P.afterClassComment, { after_class_id: 999999, content: "x" }, "zhanglaoshi", 404);
      await k.refused(P.delAfterClassComment, { id: c1.id }, "lilaoshi", 403, "只有研讨的作者可以删除该条研讨");
      const list = await k.ok<{ list: DiscussMessage[]; count: number }>(P.discussList, { after_class_id: onRecord }, "lilaoshi");
      expect(list.count).toBe(2);
      const stats = await k.ok<AfterClassDiscussStatistics>(P.afterClassDiscussStatistics, { community_id: A, days: 7 }, "zhanglaoshi");
      expect(stats).toMatchObject({ community_id: A, total_comments: 3 });
      expect(stats.reflections[0]).toEqual({ id: onRecord, title: "改过的标题", comment_count: 2 });
      expect(stats.days).toHaveLength(7);
      expect(stats.days.at(-1)!.count).toBe(3);
      expect(stats.days.reduce((s, d) => s + d.count, 0)).toBe(3);
      await k.ok(P.delAfterClassComment, { id: c2.id }, "lilaoshi");
      expect((await k.ok<AfterClassDiscussStatistics>(P.afterClassDiscussStatistics, { community_id: A }, "zhanglaoshi")).total_comments).toBe(2);
      // Without a community: the caller's own reflections.
      const own = await k.ok<AfterClassDiscussStatistics>(P.afterClassDiscussStatistics, {}, "lilaoshi");
      expect(own.total_reflections).toBe(3);
      await k.refused(P.afterClassDiscussStatistics, { days: 0 }, "lilaoshi", 400, /至少 1 天/);
      await k.refused(P.afterClassDiscussStatistics, { community_id: 999999 }, "lilaoshi", 404);
      // A discussion message of another kind is not deleted through c311.
      const other = await k.ok<DiscussMessage>(P.discussSave, { reservation_record_id: L, content: "听课研讨" }, "lilaoshi");
      await k.refused(P.delAfterClassComment, { id: other.id }, "lilaoshi", 404);
    });

    it("delete (c302): the author or a manager; files, comments and activity go with it", async () => {
      await k.refused(P.afterClassDelete, { id: onRecord }, "wanglaoshi", 403, "只有作者或管理员可以进行此操作");
      expect(await k.ok(P.afterClassDelete, { id: onRecord }, "zhanglaoshi")).toEqual({ id: onRecord });
      expect(await k.db.select().from(afterClass).where(eq(afterClass.id, onRecord))).toEqual([]);
      expect(await k.db.select().from(afterClassFile).where(eq(afterClassFile.after_class_id, onRecord))).toEqual([]);
      expect(
        await k.db
          .select()
          .from(discussComment)
          .where(and(eq(discussComment.target_type, "after_class"), eq(discussComment.ref_id, onRecord))),
      ).toEqual([]);
      expect(
        await k.db
          .select()
          .from(activity)
          .where(and(eq(activity.type, "after_class"), eq(activity.ref_id, onRecord))),
      ).toEqual([]);
      await k.refused(P.afterClassDelete, { id: onRecord }, "zhanglaoshi", 404);
      await k.ok(P.afterClassDelete, { id: direct }, "lilaoshi");
      const logs = await k.db
        .select()
        .from(communityLog)
        .where(and(eq(communityLog.community_id, A), eq(communityLog.action, "after_class.delete")));
      expect(logs.length).toBe(2);
    });
  });
});
