/**
 * The textbook catalogue and resources (#8; docs/api/textbook.md, docs/decisions/0820–0823) over the real wire:
 * the catalogue calls, the seed's idempotency, save / update / read / list / check / delete with their refusals,
 * the Tw sync (a second run creates nothing) and getXkwDoc with the local provider against counts derived here.
 */
import {
  CALLS,
  type Page,
  type TextbookBookRow,
  type TextbookCatalogNode,
  type TextbookCatalogTreeAnswer,
  type TextbookEditionRow,
  type TextbookResourceRow,
  type TwSyncAnswer,
  type XkwDocAnswer,
} from "@yanke/protocol";
import { and, count, eq, gt, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityLog } from "../src/modules/community/community.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { period, subject } from "../src/modules/org/org.schema.js";
import { textbookBook, textbookCatalog, textbookEdition, textbookResource } from "../src/modules/textbook/textbook.schema.js";
import { seedTextbookCatalogue } from "../src/modules/textbook/textbook.seed.js";
import { DAY, type Kit, insertActivity, insertCommunity, startKit } from "./activity-kit.js";

let k: Kit;
beforeAll(async () => {
  k = await startKit();
});
afterAll(async () => {
  await k?.s.close();
});

const id = (u: string) => k.id[u]!;
let fileSeq = 0;
/** A stored file owned by `user` (the file module #5 is tested elsewhere). */
async function upload(user: string, name = `资源${++fileSeq}.docx`): Promise<number> {
  const [f] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/tb-${fileSeq}-${name}`,
      real_file_name: name,
      file_type: "docx",
      kind: "document",
      mime: "application/octet-stream",
      size: 1234,
      sha256: "x",
      module: "document",
      account_id: id(user),
    })
    .returning();
  return f!.id;
}
async function bookByName(name: string, edition = "人教版"): Promise<number> {
  const [b] = await k.db
    .select({ id: textbookBook.id })
    .from(textbookBook)
    .innerJoin(textbookEdition, eq(textbookEdition.id, textbookBook.edition_id))
    .where(and(eq(textbookBook.name, name), eq(textbookEdition.name, edition)));
  return b!.id;
}
async function catalogCounts(): Promise<number[]> {
  const [e] = await k.db.select({ n: count() }).from(textbookEdition);
  const [b] = await k.db.select({ n: count() }).from(textbookBook);
  const [c] = await k.db.select({ n: count() }).from(textbookCatalog);
  return [e!.n, b!.n, c!.n];
}
const save = (user: string, p: Record<string, unknown>) => k.ok<TextbookResourceRow>(CALLS.textbookResourceSave, p, user);

describe("the catalogue", () => {
  it("lists editions and books (public), filters books, and answers a book's tree with codes and keywords", async () => {
    const anon = await k.s.call<TextbookEditionRow[]>(CALLS.textbookEditions, {});
    expect(anon.code).toBe(200);
    expect(anon.data.map((e) => e.name)).toEqual(expect.arrayContaining(["人教版", "统编版", "北师大版"]));
    expect(anon.data.find((e) => e.name === "人教版")!.book_count).toBeGreaterThanOrEqual(5);

    const all = await k.ok<TextbookBookRow[]>(CALLS.textbookBooks, {}, "lilaoshi");
    for (const p of ["小学", "初中", "高中"])
      for (const s of ["语文", "数学", "英语"])
        expect(
          all.some((b) => b.period_name === p && b.subject_name === s),
          `${p}${s}`,
        ).toBe(true);
    const rj = anon.data.find((e) => e.name === "人教版")!;
    const junior = await k.ok<TextbookBookRow[]>(CALLS.textbookBooks, { edition_id: rj.id, period_name: "初中", subject_name: "数学" }, "lilaoshi");
    expect(junior.map((b) => b.name).sort()).toEqual(["数学 七年级上册", "数学 八年级下册"]);
    expect(junior.every((b) => b.edition_name === "人教版" && b.node_count > 10)).toBe(true);
    const grade = await k.ok<TextbookBookRow[]>(CALLS.textbookBooks, { grade_name: "八年级" }, "lilaoshi");
    expect(grade.map((b) => b.name)).toEqual(["数学 八年级下册"]);

    const tree = (await k.s.call<TextbookCatalogTreeAnswer>(CALLS.textbookCatalog, { book_id: junior.find((b) => b.name === "数学 七年级上册")!.id })).data;
    expect(tree.tree.map((n) => n.name)).toEqual(["第一章 有理数", "第二章 整式的加减", "第三章 一元一次方程", "第四章 几何图形初步"]);
    const ch1 = tree.tree[0]!;
    expect(ch1.code).toBe("RJ-SX-7A-01");
    expect(ch1.children.slice(0, 2).map((n) => [n.code, n.name])).toEqual([
      ["RJ-SX-7A-01-01", "1.1 正数和负数"],
      ["RJ-SX-7A-01-02", "1.2 有理数"],
    ]);
    expect(ch1.children[1]!.children.map((n) => n.name)).toContain("1.2.2 数轴");
    const flat = (ns: TextbookCatalogNode[]): TextbookCatalogNode[] => ns.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(tree.tree).length).toBe(tree.book.node_count);

    const pyth = await k.ok<TextbookCatalogTreeAnswer>(CALLS.textbookCatalog, { book_id: await bookByName("数学 八年级下册") }, "lilaoshi");
    const node = flat(pyth.tree).find((n) => n.name === "17.1 勾股定理")!;
    expect(node.keywords).toEqual(expect.arrayContaining(["勾股定理", "直角三角形", "斜边"]));
  });

  it("refuses bad input and unknown books", async () => {
    await k.refused(CALLS.textbookCatalog, { book_id: "abc" }, "lilaoshi", 400);
    await k.refused(CALLS.textbookCatalog, {}, "lilaoshi", 400);
    await k.refused(CALLS.textbookCatalog, { book_id: 999999 }, "lilaoshi", 404, "教材不存在");
    await k.refused(CALLS.textbookBooks, { edition_id: -1 }, "lilaoshi", 400);
  });

  it("seeds idempotently: twice gives the same rows; a missing node comes back", async () => {
    const before = await catalogCounts();
    expect(before[1]).toBeGreaterThanOrEqual(9);
    await seedTextbookCatalogue(k.db);
    await seedTextbookCatalogue(k.db);
    expect(await catalogCounts()).toEqual(before);
    await k.db.delete(textbookCatalog).where(eq(textbookCatalog.code, "RJ-SX-8B-02-02"));
    expect((await catalogCounts())[2]).toBe(before[2]! - 1);
    await seedTextbookCatalogue(k.db);
    expect(await catalogCounts()).toEqual(before);
    const [back] = await k.db.select().from(textbookCatalog).where(eq(textbookCatalog.code, "RJ-SX-8B-02-02"));
    const [parent] = await k.db.select().from(textbookCatalog).where(eq(textbookCatalog.code, "RJ-SX-8B-02"));
    expect(back).toMatchObject({ name: "17.2 勾股定理的逆定理", pid: parent!.id, level: 2 });
  });
});

describe("resources outside a community", () => {
  it("saves, hides the pending one from others, checks, updates back to pending, lists and deletes", async () => {
    const f = await upload("zhanglaoshi", "勾股定理教学设计.docx");
    const r = await save("zhanglaoshi", { resource_type: 1, file_url: `/files/${f}`, catalogCode: "RJ-SX-8B-02-01", periodId: 2, subjectId: 3, gradeId: 4 });
    expect(r).toMatchObject({
      resource_type: 1,
      resource_type_name: "教学设计",
      file_name: "勾股定理教学设计.docx",
      up_file_name: "勾股定理教学设计.docx",
      author: "张老师",
      catalogCode: "RJ-SX-8B-02-01",
      catalog_name: "17.1 勾股定理",
      book_name: "数学 八年级下册",
      edition_name: "人教版",
      njy_structure: "人教版/数学 八年级下册/第十七章 勾股定理/17.1 勾股定理",
      periodId: 2,
      subjectId: 3,
      gradeId: 4,
      community_id: 0,
      status: 0,
      status_name: "待审核",
      can_edit: true,
      can_check: false,
      can_delete: true,
    });
    expect(r.file_url).toMatch(new RegExp(`^/files/${f}\\?exp=\\d+&sig=`));

    // Bad input.
    await k.refused(
      CALLS.textbookResourceSave,
      { resource_type: 1, file_url: `/files/${f}`, catalogCode: "NO-SUCH-CODE" },
      "zhanglaoshi",
      400,
      /目录编码「NO-SUCH-CODE」不存在/,
    );
    await k.refused(CALLS.textbookResourceSave, { resource_type: 1, file_url: `/files/${f}` }, "zhanglaoshi", 400, /目录编码.*必填/);
    await k.refused(
      CALLS.textbookResourceSave,
      { resource_type: 9, file_url: `/files/${f}`, catalogCode: "RJ-SX-8B-02-01" },
      "zhanglaoshi",
      400,
      /资源类型只能是/,
    );
    await k.refused(CALLS.textbookResourceSave, { resource_type: 1, catalogCode: "RJ-SX-8B-02-01" }, "zhanglaoshi", 400, "请上传资源文件");
    await k.refused(
      CALLS.textbookResourceSave,
      { resource_type: 1, file_url: "http://example.com/a.doc", catalogCode: "RJ-SX-8B-02-01" },
      "zhanglaoshi",
      400,
      /本人上传的文件/,
    );
    // Someone else's upload.
    await k.refused(CALLS.textbookResourceSave, { resource_type: 1, file_url: `/files/${f}`, catalogCode: "RJ-SX-8B-02-01" }, "lilaoshi", 400, /不是您上传的/);

    // Pending: the uploader and the checkers (school / district / platform administrators of his school) see it.
    await k.refused(CALLS.textbookResourceRead, { id: r.id }, "lilaoshi", 404, "资源不存在或已删除");
    await k.refused(CALLS.textbookResourceRead, { id: r.id }, "zhaolaoshi", 404);
    for (const u of ["xiaoji", "quji", "pingtai"])
      expect((await k.ok<TextbookResourceRow>(CALLS.textbookResourceRead, { id: r.id }, u)).can_check, u).toBe(true);
    const listed = (u: string) => k.ok<Page<TextbookResourceRow>>(CALLS.textbookResourceList, { catalogCode: "RJ-SX-8B-02-01" }, u);
    expect((await listed("lilaoshi")).list.map((x) => x.id)).not.toContain(r.id);
    expect((await listed("xiaoji")).list.map((x) => x.id)).toContain(r.id);
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.textbookResourceList, { checking: 1 }, "xiaoji")).list.map((x) => x.id)).toContain(r.id);
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.textbookResourceList, { checking: 1 }, "zhanglaoshi")).list).toEqual([]);

    // Check: a teacher may not; a rejection needs a reason; the school administrator approves.
    await k.refused(CALLS.textbookResourceCheck, { id: r.id, status: 1 }, "zhanglaoshi", 403, /管理员可以审核/);
    await k.refused(CALLS.textbookResourceCheck, { id: r.id, status: 2 }, "xiaoji", 400, /请填写不通过的原因/);
    await k.refused(CALLS.textbookResourceCheck, { id: r.id, status: 3 }, "xiaoji", 400, /只能是 1/);
    await k.refused(CALLS.textbookResourceCheck, { id: 999999, status: 1 }, "xiaoji", 404);
    expect(await k.ok<TextbookResourceRow>(CALLS.textbookResourceCheck, { id: r.id, status: 2, reason: "缺少教学反思" }, "xiaoji")).toMatchObject({
      status: 2,
      status_name: "未通过",
      check_reason: "缺少教学反思",
    });
    await k.refused(CALLS.textbookResourceRead, { id: r.id }, "lilaoshi", 404);
    expect(await k.ok<TextbookResourceRow>(CALLS.textbookResourceCheck, { id: r.id, status: 1 }, "xiaoji")).toMatchObject({ status: 1, status_name: "已通过" });
    // The district administrator of another district does not check it (zhaolaoshi's school is not xiaoji's).
    const other = await save("zhaolaoshi", { resource_type: 4, file_id: await upload("zhaolaoshi"), catalogCode: "RJ-WL-G1-01-01" });
    await k.refused(CALLS.textbookResourceCheck, { id: other.id, status: 1 }, "xiaoji", 404);
    await k.refused(CALLS.textbookResourceCheck, { id: other.id, status: 1 }, "quji", 404);
    expect((await k.ok<TextbookResourceRow>(CALLS.textbookResourceCheck, { id: other.id, status: 1 }, "pingtai")).status).toBe(1);

    // Approved: everyone reads it (with a signed file address), only uploader and checkers edit.
    const seen = await k.ok<TextbookResourceRow>(CALLS.textbookResourceRead, { id: r.id }, "lilaoshi");
    expect(seen).toMatchObject({ status: 1, can_edit: false, can_check: false, can_delete: false });
    expect(seen.file_url).toMatch(/sig=/);
    await k.refused(CALLS.textbookResourceUpdate, { id: r.id, file_name: "李老师改的" }, "lilaoshi", 403, "只有上传者或审核人可以修改该资源");
    await k.refused(CALLS.textbookResourceUpdate, { id: r.id, catalogCode: "NOPE" }, "zhanglaoshi", 400, /不存在/);
    await k.refused(CALLS.textbookResourceUpdate, { id: r.id, file_url: `/files/${await upload("lilaoshi")}` }, "zhanglaoshi", 400, /不是您上传的/);
    await k.refused(CALLS.textbookResourceUpdate, { id: "x" }, "zhanglaoshi", 400);

    // The uploader's change goes back to 待审核; a new node re-derives njy_structure.
    const f2 = await upload("zhanglaoshi", "勾股定理的逆定理.pptx");
    const up = await k.ok<TextbookResourceRow>(
      CALLS.textbookResourceUpdate,
      { id: r.id, file_name: "勾股定理的逆定理（课件）", resource_type: 2, file_id: f2, catalogCode: "RJ-SX-8B-02-02" },
      "zhanglaoshi",
    );
    expect(up).toMatchObject({
      file_name: "勾股定理的逆定理（课件）",
      resource_type: 2,
      file_id: f2,
      up_file_name: "勾股定理的逆定理.pptx",
      catalogCode: "RJ-SX-8B-02-02",
      njy_structure: "人教版/数学 八年级下册/第十七章 勾股定理/17.2 勾股定理的逆定理",
      status: 0,
    });
    const [stored] = await k.db.select().from(textbookResource).where(eq(textbookResource.id, r.id));
    expect(stored).toMatchObject({ file_id: f2, status: 0, catalog_code: "RJ-SX-8B-02-02" });
    // A checker's change keeps the status.
    await k.ok(CALLS.textbookResourceCheck, { id: r.id, status: 1 }, "xiaoji");
    expect(await k.ok<TextbookResourceRow>(CALLS.textbookResourceUpdate, { id: r.id, author: "张老师、李老师" }, "xiaoji")).toMatchObject({
      author: "张老师、李老师",
      status: 1,
    });

    // Delete: not another teacher; the uploader may.
    await k.refused(CALLS.textbookResourceDelete, { id: r.id }, "lilaoshi", 403, "只有上传者或审核人可以删除该资源");
    await k.refused(CALLS.textbookResourceDelete, {}, "zhanglaoshi", 400);
    expect(await k.ok(CALLS.textbookResourceDelete, { id: r.id }, "zhanglaoshi")).toMatchObject({ id: r.id, deleted: 1 });
    await k.refused(CALLS.textbookResourceRead, { id: r.id }, "zhanglaoshi", 404);
    await k.refused(CALLS.textbookResourceDelete, { id: r.id }, "zhanglaoshi", 404);
    expect(await k.db.select().from(textbookResource).where(eq(textbookResource.id, r.id))).toEqual([]);
  });

  it("lists by catalogue subtree, book, type, keyword and status (paged)", async () => {
    const put = async (code: string, type: number, name: string) => {
      const r = await save("pingtai", { resource_type: type, file_id: await upload("pingtai"), catalogCode: code, file_name: name });
      expect(r.status).toBe(1); // a checker's own upload is approved at once
      return r.id;
    };
    const a = await put("RJ-SX-7A-02", 1, "整式的加减 单元教学设计");
    const b = await put("RJ-SX-7A-02-01", 2, "整式 课件");
    const c = await put("RJ-SX-7A-02-02", 4, "整式的加减 习题");
    const d = await put("RJ-SX-7A-01-01", 4, "正数和负数 习题");
    const ids = (p: Page<TextbookResourceRow>) => p.list.map((x) => x.id).sort((x, y) => x - y);
    const list = (p: Record<string, unknown>) => k.ok<Page<TextbookResourceRow>>(CALLS.textbookResourceList, p, "lilaoshi");
    expect(ids(await list({ catalogCode: "RJ-SX-7A-02" }))).toEqual([a, b, c]);
    expect(ids(await list({ catalogCode: "RJ-SX-7A-02-01" }))).toEqual([b]);
    expect(ids(await list({ book_id: await bookByName("数学 七年级上册"), resource_type: 4 }))).toEqual([c, d].sort((x, y) => x - y));
    expect(ids(await list({ keyword: "整式", status: 1 }))).toEqual([a, b, c]);
    const p1 = await list({ catalogCode: "RJ-SX-7A", limit: 3, page: 1 });
    const p2 = await list({ catalogCode: "RJ-SX-7A", limit: 3, page: 2 });
    expect(p1.total).toBe(4);
    expect(p1.list.length).toBe(3);
    expect(p2.list.map((x) => x.id)).toEqual([a]);
    await k.refused(CALLS.textbookResourceList, { status: 5 }, "lilaoshi", 400, /状态只能是/);
    await k.refused(CALLS.textbookResourceList, { limit: 0 }, "lilaoshi", 400);
  });
});

describe("resources in a community and the Tw sync", () => {
  it("members upload, managers check; only managers sync, and a second run creates nothing", async () => {
    const cid = await insertCommunity(k.db, { name: "初中数学教研社区", owner: id("zhanglaoshi"), admins: [], members: [id("lilaoshi")] });
    const other = await insertCommunity(k.db, { name: "另一个社区", owner: id("zhaolaoshi") });
    const now = Date.now();
    const actA = await insertActivity(k.db, {
      name: "勾股定理集体备课",
      account_id: id("zhanglaoshi"),
      community_id: cid,
      start: new Date(now - DAY),
      end: new Date(now + DAY),
    });
    const actB = await insertActivity(k.db, {
      name: "平行四边形研讨课",
      account_id: id("zhanglaoshi"),
      community_id: cid,
      start: new Date(now - DAY),
      end: new Date(now + DAY),
    });
    const foreign = await insertActivity(k.db, {
      name: "别的社区的活动",
      account_id: id("zhaolaoshi"),
      community_id: other,
      start: new Date(now),
      end: new Date(now + DAY),
    });

    // Non-members may not upload into the community; members may (pending), the owner's own are approved.
    await k.refused(
      CALLS.textbookResourceSave,
      { resource_type: 1, file_id: await upload("wanglaoshi"), catalogCode: "RJ-SX-8B-02-01", community_id: cid },
      "wanglaoshi",
      403,
      "请先加入社区后再上传资源",
    );
    await k.refused(
      CALLS.textbookResourceSave,
      { resource_type: 1, file_id: await upload("lilaoshi"), catalogCode: "RJ-SX-8B-02-01", community_id: 999999 },
      "lilaoshi",
      404,
    );
    await k.refused(
      CALLS.textbookResourceSave,
      { resource_type: 1, file_id: await upload("lilaoshi"), catalogCode: "RJ-SX-8B-02-01", community_id: cid, activity_id: foreign },
      "lilaoshi",
      404,
      "活动不存在或不属于该社区",
    );
    const pending = await save("lilaoshi", { resource_type: 3, file_id: await upload("lilaoshi"), catalogCode: "RJ-SX-8B-02-01", community_id: cid });
    expect(pending).toMatchObject({ status: 0, community_id: cid, community_name: "初中数学教研社区" });
    const own1 = await save("zhanglaoshi", { resource_type: 1, file_id: await upload("zhanglaoshi"), catalogCode: "RJ-SX-8B-02-01", community_id: cid });
    const own2 = await save("zhanglaoshi", { resource_type: 2, file_id: await upload("zhanglaoshi"), catalogCode: "RJ-SX-8B-03-01", community_id: cid });
    expect([own1.status, own2.status]).toEqual([1, 1]);

    // The school administrator does not manage this community (no school): the owner checks.
    await k.refused(CALLS.textbookResourceCheck, { id: pending.id, status: 1 }, "xiaoji", 404);
    await k.refused(CALLS.textbookResourceCheck, { id: pending.id, status: 1 }, "lilaoshi", 403, "只有社区创建者或管理员可以审核社区资源");
    const logs = async (action: string) =>
      (
        await k.db
          .select({ n: count() })
          .from(communityLog)
          .where(and(eq(communityLog.community_id, cid), eq(communityLog.action, action)))
      )[0]!.n;
    expect(await logs("textbook.save")).toBe(3);

    // Sync refusals.
    for (const path of [CALLS.syncTwCommunityResources, CALLS.syncTwCommunityActivityResources]) {
      await k.refused(path, { community_id: cid }, "lilaoshi", 403, "只有社区创建者或管理员可以同步资源");
      await k.refused(path, { community_id: cid }, "wanglaoshi", 403);
      await k.refused(path, {}, "zhanglaoshi", 400);
      await k.refused(path, { community_id: 999999 }, "zhanglaoshi", 404);
      await k.refused(path, { community_id: cid, activity_id: foreign }, "zhanglaoshi", 404, "活动不存在或不属于该社区");
    }

    // Community → activities: 2 approved × 2 activities; the pending one stays out.
    const copies = async () =>
      (
        await k.db
          .select({ n: count() })
          .from(textbookResource)
          .where(and(eq(textbookResource.community_id, cid), gt(textbookResource.source_id, 0)))
      )[0]!.n;
    const first = await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityResources, { community_id: cid }, "zhanglaoshi");
    expect(first).toEqual({ created: 4, skipped: 0, total: 4, activities: 2 });
    expect(await copies()).toBe(4);
    const second = await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityResources, { community_id: cid }, "zhanglaoshi");
    expect(second).toEqual({ created: 0, skipped: 4, total: 4, activities: 2 });
    expect(await copies()).toBe(4);
    expect(await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityResources, { community_id: cid, activity_id: actA }, "zhanglaoshi")).toEqual({
      created: 0,
      skipped: 2,
      total: 2,
      activities: 1,
    });

    // The activity sees the copies, each naming its source.
    const inA = await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityActivityResources, { activity_id: actA }, "lilaoshi");
    expect(inA.total).toBe(2);
    expect(inA.list.map((x) => x.source_id).sort()).toEqual([own1.id, own2.id].sort());
    expect(inA.list.every((x) => x.activity_id === actA && x.activity_name === "勾股定理集体备课" && x.source_activity_id === 0 && x.status === 1)).toBe(true);

    // An activity's own upload (a member's, approved by the owner) → the community level, once.
    const inAct = await save("lilaoshi", { resource_type: 4, file_id: await upload("lilaoshi"), catalogCode: "RJ-SX-8B-02-02", activity_id: actA });
    expect(inAct).toMatchObject({ community_id: cid, activity_id: actA, status: 0 });
    expect(await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityActivityResources, { community_id: cid }, "zhanglaoshi")).toEqual({
      created: 0,
      skipped: 0,
      total: 0,
      activities: 2,
    });
    await k.ok(CALLS.textbookResourceCheck, { id: inAct.id, status: 1 }, "zhanglaoshi");
    expect(await logs("textbook.check")).toBe(1);
    expect(await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityActivityResources, { community_id: cid }, "zhanglaoshi")).toEqual({
      created: 1,
      skipped: 0,
      total: 1,
      activities: 2,
    });
    expect(await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityActivityResources, { community_id: cid, activity_id: actA }, "zhanglaoshi")).toEqual({
      created: 0,
      skipped: 1,
      total: 1,
      activities: 1,
    });
    const level = await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityResources, { community_id: cid }, "zhanglaoshi");
    const back = level.list.find((x) => x.source_id === inAct.id)!;
    expect(back).toMatchObject({ activity_id: 0, source_activity_id: actA, source_activity_name: "勾股定理集体备课", catalogCode: "RJ-SX-8B-02-02" });
    expect(level.total).toBe(4); // own1, own2, the pending one (the owner manages) and the copy
    // A member sees the approved ones and his own pending one; an outsider of a shown community sees approved ones.
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityResources, { community_id: cid }, "lilaoshi")).total).toBe(4);
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityResources, { community_id: cid }, "wanglaoshi")).total).toBe(3);

    // The copy goes to activity B but not back into A where it came from.
    expect(await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityResources, { community_id: cid }, "zhanglaoshi")).toEqual({
      created: 1,
      skipped: 4,
      total: 5,
      activities: 2,
    });
    expect(await k.ok<TwSyncAnswer>(CALLS.syncTwCommunityResources, { community_id: cid }, "zhanglaoshi")).toEqual({
      created: 0,
      skipped: 5,
      total: 5,
      activities: 2,
    });
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityActivityResources, { activity_id: actB }, "zhanglaoshi")).total).toBe(3);
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityActivityResources, { activity_id: actA }, "zhanglaoshi")).total).toBe(3); // 2 copies + its own
    expect(await logs("textbook.sync")).toBeGreaterThanOrEqual(8);

    // Copies follow their source: not edited or checked on their own; a rejection and a deletion reach them.
    const copyInA = inA.list[0]!;
    await k.refused(CALLS.textbookResourceUpdate, { id: copyInA.id, file_name: "改副本" }, "zhanglaoshi", 400, /请修改原资源/);
    await k.refused(CALLS.textbookResourceCheck, { id: copyInA.id, status: 2, reason: "x" }, "zhanglaoshi", 400, /请审核原资源/);
    await k.ok(CALLS.textbookResourceUpdate, { id: own1.id, file_name: "勾股定理 教学设计（定稿）" }, "zhanglaoshi");
    const mirrored = await k.db.select({ name: textbookResource.file_name }).from(textbookResource).where(eq(textbookResource.source_id, own1.id));
    expect(mirrored.map((m) => m.name)).toEqual(["勾股定理 教学设计（定稿）", "勾股定理 教学设计（定稿）"]);
    const removed = await k.ok<{ deleted: number }>(CALLS.textbookResourceDelete, { id: inAct.id }, "zhanglaoshi");
    expect(removed.deleted).toBe(3); // the activity upload, its community copy, and that copy's copy in B
    expect((await k.ok<Page<TextbookResourceRow>>(CALLS.getTwCommunityActivityResources, { activity_id: actB }, "zhanglaoshi")).total).toBe(2);

    // Read refusals of the listing calls.
    await k.refused(CALLS.getTwCommunityActivityResources, { activity_id: 999999 }, "zhanglaoshi", 404);
    await k.refused(CALLS.getTwCommunityActivityResources, {}, "zhanglaoshi", 400);
    await k.refused(CALLS.getTwCommunityResources, {}, "zhanglaoshi", 400);
    const hidden = await insertCommunity(k.db, { name: "不公开的社区", owner: id("zhaolaoshi"), is_display: 0 });
    await k.refused(CALLS.getTwCommunityResources, { community_id: hidden }, "lilaoshi", 403);
  });
});

describe("getXkwDoc (local provider)", () => {
  it("answers approved original resources filtered by book, subject and catalogue node, paged", async () => {
    const bookId = await bookByName("数学 八年级下册");
    // Some more: approved ones in 8B, a pending one (never shown) and one in another book.
    for (const code of ["RJ-SX-8B-01-01", "RJ-SX-8B-01-02", "RJ-SX-8B-04-02", "RJ-SX-8B-05-01"])
      await save("pingtai", { resource_type: 4, file_id: await upload("pingtai"), catalogCode: code });
    await save("wanglaoshi", { resource_type: 1, file_id: await upload("wanglaoshi"), catalogCode: "RJ-SX-8B-01-01" });
    await save("pingtai", { resource_type: 1, file_id: await upload("pingtai"), catalogCode: "BB-YW-7A-01-01" });

    const approvedOriginals = and(eq(textbookResource.status, 1), eq(textbookResource.source_id, 0));
    const expectCount = async (where: ReturnType<typeof and>) =>
      (
        await k.db
          .select({ n: count() })
          .from(textbookResource)
          .innerJoin(textbookBook, eq(textbookBook.id, textbookResource.book_id))
          .where(and(approvedOriginals, where))
      )[0]!.n;
    const docs = (p: Record<string, unknown>) => k.ok<XkwDocAnswer>(CALLS.getXkwDoc, p, "zhaolaoshi");

    const byBook = await expectCount(eq(textbookResource.book_id, bookId));
    expect(byBook).toBeGreaterThanOrEqual(6);
    const all = await docs({ textbookid: bookId, pagesize: 50 });
    expect(all).toMatchObject({ total: byBook, page: 1, pagesize: 50, provider: "local" });
    expect(all.list.length).toBe(byBook);
    expect(all.list.every((d) => d.textbook_name === "数学 八年级下册" && d.course_name === "初中数学" && d.id.startsWith("local-"))).toBe(true);
    expect(all.list.every((d) => d.url.startsWith("/files/"))).toBe(true);

    // Paging: pages of 4 cover everything once.
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(byBook / 4); page++) {
      const got = await docs({ textbookid: bookId, pagesize: 4, page });
      expect(got.total).toBe(byBook);
      expect(got.list.length).toBe(Math.min(4, byBook - (page - 1) * 4));
      seen.push(...got.list.map((d) => d.id));
    }
    expect(new Set(seen).size).toBe(byBook);
    expect((await docs({ textbookid: bookId, pagesize: 4, page: 99 })).list).toEqual([]);

    // A chapter includes its sections.
    const [ch16] = await k.db.select().from(textbookCatalog).where(eq(textbookCatalog.code, "RJ-SX-8B-01"));
    const inCh16 = await expectCount(or(eq(textbookResource.catalog_code, "RJ-SX-8B-01"), like(textbookResource.catalog_code, "RJ-SX-8B-01-%")));
    expect(inCh16).toBe(2);
    const ch = await docs({ catalogid: ch16!.id });
    expect(ch.total).toBe(inCh16);
    expect(ch.list.map((d) => d.catalog_code).sort()).toEqual(["RJ-SX-8B-01-01", "RJ-SX-8B-01-02"]);

    // courseid = a subject (its period and name pick the books): 初中数学 at any school.
    const [junior] = await k.db
      .select({ id: subject.id })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(and(eq(subject.name, "数学"), eq(period.name, "初中")));
    const juniorMaths = await expectCount(and(eq(textbookBook.period_name, "初中"), eq(textbookBook.subject_name, "数学")));
    expect(juniorMaths).toBeGreaterThan(byBook);
    expect((await docs({ courseid: junior!.id })).total).toBe(juniorMaths);
    const [chinese] = await k.db
      .select({ id: subject.id })
      .from(subject)
      .innerJoin(period, eq(period.id, subject.period_id))
      .where(and(eq(subject.name, "语文"), eq(period.name, "初中")));
    expect((await docs({ courseid: chinese!.id, textbookid: bookId })).total).toBe(0);
    const yw = await docs({ courseid: chinese!.id });
    expect(yw.total).toBe(await expectCount(and(eq(textbookBook.period_name, "初中"), eq(textbookBook.subject_name, "语文"))));
    expect(yw.list[0]).toMatchObject({ textbook_name: "语文 七年级上册", catalog_name: "1 春", course_name: "初中语文" });

    // Refusals.
    await k.refused(CALLS.getXkwDoc, { textbookid: 999999 }, "zhaolaoshi", 404, "教材不存在");
    await k.refused(CALLS.getXkwDoc, { courseid: 999999 }, "zhaolaoshi", 404, "学科不存在");
    await k.refused(CALLS.getXkwDoc, { catalogid: 999999 }, "zhaolaoshi", 404, "教材目录不存在");
    await k.refused(CALLS.getXkwDoc, { pagesize: 100 }, "zhaolaoshi", 400, /每页条数不能超过 50/);
    await k.refused(CALLS.getXkwDoc, { textbookid: "abc" }, "zhaolaoshi", 400);
    expect((await k.s.call(CALLS.getXkwDoc, { textbookid: bookId })).code).not.toBe(200);
  });
});
