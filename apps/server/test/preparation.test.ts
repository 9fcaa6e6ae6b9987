/**
 * Collective preparations (#8; docs/api/preparation.md) over the real wire: create / change / bind / delete,
 * detail and lists with their visibility (anonymous visitors, outsiders, members, managers), verify, display,
 * recommend, likes under concurrency, files, the picker calls and collections. The discussion and the statistics
 * are in preparation-discuss.test.ts and preparation-stats.test.ts.
 */
import {
  CALLS,
  type CollectRow,
  type CollectSaveAnswer,
  type Page,
  type PreparationDetail,
  type PreparationFileRow,
  type PreparationIdentityAnswer,
  type PreparationLikeAnswer,
  type PreparationRow,
  type SelPreparationRow,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../src/modules/activity/activity.schema.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { lessonDoc, lessonDocVersion } from "../src/modules/lessonplan/lessonplan.schema.js";
import { region } from "../src/modules/org/org.schema.js";
import { preparation, preparationAiJob, preparationFile, preparationLike, preparationMember } from "../src/modules/preparation/preparation.schema.js";
import { textbookBook, textbookCatalog, textbookEdition } from "../src/modules/textbook/textbook.schema.js";
import { DAY, HOUR, type Kit, insertCommunity, startKit, wire } from "./activity-kit.js";

let k: Kit;
/** A: school level (zhang owner, li member). D: district level (wang owner, zhang and li members). */
let A = 0;
let D = 0;
let school = 0;
let edition = 0;
let book = 0;
let chapter = 0;
let section = 0;

const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);

async function upload(user: string, name: string, extra: Partial<typeof storedFile.$inferInsert> = {}): Promise<number> {
  const ext = name.split(".").pop()!;
  const [row] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/prep/${Math.random()}/${name}`,
      real_file_name: name,
      file_type: ext,
      kind: "office",
      mime: "application/octet-stream",
      size: 1234,
      sha256: "x",
      module: "document",
      account_id: k.id[user]!,
      ...extra,
    })
    .returning({ id: storedFile.id });
  return row!.id;
}

const times = (fromH = -1, toH = 24 * 7) => ({ start_time: wire(new Date(Date.now() + fromH * HOUR)), end_time: wire(new Date(Date.now() + toH * HOUR)) });

async function create(user: string, extra: Record<string, unknown> = {}): Promise<PreparationDetail> {
  return k.ok<PreparationDetail>(P.preparationSave, { theme: "一次函数的图像", community_id: A, open_model: 1, ...times(), ...extra }, user);
}

beforeAll(async () => {
  k = await startKit();
  const [me] = await k.s.database.db.select({ id: region.id }).from(region).where(eq(region.region_code, "640104"));
  school = k.who.xiaoji!.school_id;
  A = await insertCommunity(k.db, { name: "备课测试校级社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], school_id: school, level: 1 });
  D = await insertCommunity(k.db, {
    name: "备课测试区级工作室",
    owner: k.id.wanglaoshi!,
    members: [k.id.zhanglaoshi!, k.id.lilaoshi!],
    area_id: me!.id,
    level: 2,
  });
  const [e] = await k.db.insert(textbookEdition).values({ name: "备课测试版" }).returning({ id: textbookEdition.id });
  edition = e!.id;
  const [b] = await k.db
    .insert(textbookBook)
    .values({ edition_id: edition, name: "七年级上册", subject_name: "数学", period_name: "初中", grade_name: "七年级" })
    .returning({ id: textbookBook.id });
  book = b!.id;
  const [ch] = await k.db
    .insert(textbookCatalog)
    .values({ book_id: book, code: "PREP-TEST-01", name: "第一章 有理数", level: 1 })
    .returning({ id: textbookCatalog.id });
  chapter = ch!.id;
  const [se] = await k.db
    .insert(textbookCatalog)
    .values({ book_id: book, pid: chapter, code: "PREP-TEST-01-01", name: "1.1 正数和负数", level: 2 })
    .returning({ id: textbookCatalog.id });
  section = se!.id;
});

afterAll(async () => {
  await k?.s.close();
});

describe("identityAndCommunityList (c248)", () => {
  it("answers the caller's identity, school, the communities he can post in with their members, and his school's accounts", async () => {
    const r = await k.ok<PreparationIdentityAnswer>(P.preparationIdentityAndCommunityList, {}, "zhanglaoshi");
    expect(r).toMatchObject({ account_id: k.id.zhanglaoshi, realname: "张老师", identity: 2, identity_name: "教师", school_id: school });
    expect(r.school_name).not.toBe("");
    const a = r.communities.find((c) => c.id === A)!;
    const d = r.communities.find((c) => c.id === D)!;
    expect(a).toMatchObject({ level: 1, needs_verify: false });
    expect(d).toMatchObject({ level: 2, level_name: "区县级", needs_verify: true });
    expect(a.members.map((m) => m.account_id).sort()).toEqual([k.id.zhanglaoshi, k.id.lilaoshi].sort());
    expect(r.school_members.some((m) => m.account_id === k.id.wanglaoshi)).toBe(true);
    expect(r.school_members.some((m) => m.account_id === k.id.zhaolaoshi)).toBe(false);
    // The owner of D needs no verification there.
    const w = await k.ok<PreparationIdentityAnswer>(P.preparationIdentityAndCommunityList, { community_id: D }, "wanglaoshi");
    expect(w.communities.map((c) => [c.id, c.needs_verify])).toEqual([[D, false]]);
    await k.refused(P.preparationIdentityAndCommunityList, { community_id: "x" }, "zhanglaoshi", 400, /社区/);
    expect((await anon(P.preparationIdentityAndCommunityList, {})).code).toBe(1025);
  });
});

describe("preparationSave (c235)", () => {
  it("creates a preparation with its members, activity and log; approved at once in a school community", async () => {
    const p = await create("zhanglaoshi", {
      accountIds: [k.id.lilaoshi],
      type: 1,
      grade_name: "七年级",
      introduction: "函数图像的集体备课",
      cover_url: "/files/1",
    });
    expect(p).toMatchObject({
      theme: "一次函数的图像",
      type: 1,
      type_name: "集体备课",
      open_model: 1,
      open_model_name: "公开",
      community_id: A,
      community_name: "备课测试校级社区",
      account_id: k.id.zhanglaoshi,
      account_name: "张老师",
      verify_status: 1,
      status: 1,
      is_display: 1,
      grade_name: "七年级",
      phase: "running",
    });
    expect(p.members).toEqual([
      { account_id: k.id.zhanglaoshi, realname: "张老师", role: 1, role_name: "主备人" },
      { account_id: k.id.lilaoshi, realname: "李老师", role: 2, role_name: "参与人" },
    ]);
    expect(p.accountIds.sort()).toEqual([k.id.zhanglaoshi, k.id.lilaoshi].sort());
    expect(p.power).toMatchObject({ is_author: true, can_manage: true, can_edit: true });
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, p.id)));
    expect(act).toMatchObject({ name: "一次函数的图像", community_id: A, account_id: k.id.zhanglaoshi, is_display: 1, status: 1 });
    const logs = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.community_id, A), eq(communityLog.target_id, p.id), eq(communityLog.action, "preparation.save")));
    expect(logs).toHaveLength(1);
  });

  it("binds the textbook and builds njy_structure; attaches the caller's own uploads", async () => {
    const f = await upload("zhanglaoshi", "导学案.docx");
    const p = await create("zhanglaoshi", { theme: "有理数", book_catalog_id: section, fileArr: [{ file_id: f, type: 3 }] });
    expect(p).toMatchObject({
      editon_id: edition,
      bookId: book,
      book_catalog_id: section,
      catalogCode: "PREP-TEST-01-01",
      catalogCodeIds: [section],
      njy_structure: "备课测试版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数",
      book_name: "七年级上册",
    });
    expect(p.fileArr).toHaveLength(1);
    expect(p.fileArr[0]).toMatchObject({
      file_id: f,
      file_name: "导学案.docx",
      type: 3,
      type_name: "教学设计",
      file_type: "docx",
      size: 1234,
      account_id: k.id.zhanglaoshi,
    });
    expect(p.fileArr[0]!.file_path).toMatch(new RegExp(`^/files/${f}\\?exp=\\d+&sig=`));
    // By code alone.
    const q = await create("zhanglaoshi", { theme: "按编码绑定", catalogCode: "PREP-TEST-01" });
    expect(q).toMatchObject({ book_catalog_id: chapter, bookId: book, editon_id: edition, njy_structure: "备课测试版 / 七年级上册 / 第一章 有理数" });
  });

  it("refuses bad input in Chinese", async () => {
    await k.refused(P.preparationSave, { theme: "", community_id: A, ...times() }, "zhanglaoshi", 400, /请输入备课主题/);
    await k.refused(P.preparationSave, { theme: "x", community_id: A, ...times(5, 1) }, "zhanglaoshi", 400, "结束时间必须晚于开始时间");
    await k.refused(P.preparationSave, { theme: "x", community_id: A, start_time: "明天", end_time: "后天" }, "zhanglaoshi", 400, /格式应为/);
    await k.refused(P.preparationSave, { theme: "x", community_id: A, open_model: 9, ...times() }, "zhanglaoshi", 400, /公开范围/);
    await k.refused(P.preparationSave, { theme: "x", community_id: A, type: 3, ...times() }, "zhanglaoshi", 400, /备课类型/);
    await k.refused(
      P.preparationSave,
      { theme: "x", community_id: A, cover_url: "javascript:alert(1)", ...times() },
      "zhanglaoshi",
      400,
      /封面.*应为上传的图片/,
    );
    await k.refused(
      P.preparationSave,
      { theme: "x", community_id: A, accountIds: [k.id.wanglaoshi], ...times() },
      "zhanglaoshi",
      400,
      /参与人必须是本社区已加入的成员.*王老师/,
    );
    await k.refused(P.preparationSave, { theme: "x", community_id: A, bookId: 999999, ...times() }, "zhanglaoshi", 400, /教材不存在/);
    await k.refused(P.preparationSave, { theme: "x", community_id: A, book_catalog_id: 999999, ...times() }, "zhanglaoshi", 400, /目录不存在/);
    await k.refused(P.preparationSave, { theme: "x", community_id: A, catalogCode: "NO-SUCH", ...times() }, "zhanglaoshi", 400, /目录不存在/);
    const stranger = await upload("zhaolaoshi", "赵的教案.docx");
    await k.refused(P.preparationSave, { theme: "x", community_id: A, fileArr: [{ file_id: stranger }], ...times() }, "zhanglaoshi", 400, /不是您上传的/);
    await k.refused(
      P.preparationSave,
      { theme: "x", community_id: A, fileArr: [{ file_path: "http://evil/x.docx" }], ...times() },
      "zhanglaoshi",
      400,
      /应为上传的文件/,
    );
    await k.refused(P.preparationSave, { theme: "x", community_id: A, fileArr: [{ type: 1 }], ...times() }, "zhanglaoshi", 400, /请上传文件/);
  });

  it("refuses a community the caller cannot post in", async () => {
    await k.refused(P.preparationSave, { theme: "x", community_id: A, ...times() }, "zhaolaoshi", 403, "请先加入社区后再发起集体备课");
    await k.refused(P.preparationSave, { theme: "x", community_id: 999999, ...times() }, "zhanglaoshi", 404);
    expect((await anon(P.preparationSave, { theme: "x", ...times() })).code).toBe(1025);
  });

  it("a school preparation (community_id 0) takes accounts of the creator's school", async () => {
    const p = await create("zhanglaoshi", { theme: "校本备课", community_id: 0, accountIds: [k.id.wanglaoshi] });
    expect(p).toMatchObject({ community_id: 0, school_id: school, verify_status: 1 });
    expect(p.members.map((m) => m.account_id)).toEqual([k.id.zhanglaoshi, k.id.wanglaoshi]);
    await k.refused(
      P.preparationSave,
      { theme: "x", community_id: 0, accountIds: [k.id.zhaolaoshi], ...times() },
      "zhanglaoshi",
      400,
      /参与人必须是本校的账号.*赵老师/,
    );
    // The school's administrator manages it.
    const seen = await k.ok<PreparationDetail>(P.preparationDetail, { id: p.id }, "xiaoji");
    expect(seen.power).toMatchObject({ is_manager: true, can_manage: true, can_verify: true });
  });
});

describe("verify (c254) in a district community", () => {
  it("a member's preparation waits for the managers; the district administrator or the owner approves", async () => {
    const p = await create("zhanglaoshi", { theme: "区级备课待审核", community_id: D, accountIds: [k.id.lilaoshi] });
    expect(p.verify_status).toBe(0);
    expect(p.verify_status_name).toBe("待审核");
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, p.id)));
    expect(act!.is_display).toBe(0);
    // Not public while pending; its members see it.
    expect((await anon<Page<PreparationRow>>(P.preparationIndex, { theme: "区级备课待审核" })).data.total).toBe(0);
    expect((await anon(P.preparationDetail, { id: p.id })).code).toBe(403);
    expect((await k.ok<Page<PreparationRow>>(P.preparationIndex, { theme: "区级备课待审核" }, "lilaoshi")).total).toBe(1);
    // Managers find it by verify_status.
    const pending = await k.ok<Page<PreparationRow>>(P.preparationIndex, { verify_status: 0, community_id: D }, "quji");
    expect(pending.list.map((r) => r.id)).toContain(p.id);
    await k.refused(P.preparationVerify, { id: p.id, verify_status: 1 }, "lilaoshi", 403, "只有管理员可以审核集体备课");
    await k.refused(P.preparationVerify, { id: p.id, verify_status: 1 }, "zhanglaoshi", 403);
    await k.refused(P.preparationVerify, { id: p.id, verify_status: 2 }, "quji", 400, "请填写不通过的原因");
    await k.refused(P.preparationVerify, { id: p.id, verify_status: 3 }, "quji", 400, /审核结果/);
    await k.refused(P.preparationVerify, { id: 999999, verify_status: 1 }, "quji", 404);
    const rejected = await k.ok<PreparationDetail>(P.preparationVerify, { id: p.id, verify_status: 2, reason: "请补充教学目标" }, "quji");
    expect(rejected).toMatchObject({ verify_status: 2, verify_reason: "请补充教学目标" });
    // The author changes it: it waits again.
    const again = await k.ok<PreparationDetail>(P.preparationUpdate, { id: p.id, introduction: "已补充教学目标" }, "zhanglaoshi");
    expect(again.verify_status).toBe(0);
    const ok = await k.ok<PreparationDetail>(P.preparationVerify, { id: p.id, verify_status: 1 }, "wanglaoshi");
    expect(ok.verify_status).toBe(1);
    const [act2] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, p.id)));
    expect(act2!.is_display).toBe(1);
    expect((await anon<Page<PreparationRow>>(P.preparationIndex, { theme: "区级备课待审核" })).data.total).toBe(1);
    expect(
      await k.db
        .select()
        .from(communityLog)
        .where(and(eq(communityLog.target_id, p.id), eq(communityLog.action, "preparation.verify"))),
    ).toHaveLength(2);
    // The owner's own preparation in D is approved at once.
    expect((await create("wanglaoshi", { theme: "工作室主持人备课", community_id: D })).verify_status).toBe(1);
  });
});

describe("preparationUpdate (c236)", () => {
  it("changes only the fields sent; only the author or a manager", async () => {
    const p = await create("zhanglaoshi", { theme: "修改前", accountIds: [k.id.lilaoshi], grade_name: "八年级", subject_id: 3 });
    await k.refused(P.preparationUpdate, { id: p.id, theme: "参与人改" }, "lilaoshi", 403, "只有主备人或管理员可以进行此操作");
    await k.refused(P.preparationUpdate, { id: p.id, theme: "外人改" }, "zhaolaoshi", 403);
    await k.refused(P.preparationUpdate, { id: p.id, theme: "" }, "zhanglaoshi", 400, /请输入备课主题/);
    await k.refused(P.preparationUpdate, { id: p.id, end_time: wire(new Date(Date.now() - 5 * DAY)) }, "zhanglaoshi", 400, "结束时间必须晚于开始时间");
    await k.refused(P.preparationUpdate, { id: p.id, accountIds: [k.id.zhaolaoshi] }, "zhanglaoshi", 400, /参与人必须是本社区已加入的成员/);
    await k.refused(P.preparationUpdate, { id: 999999, theme: "x" }, "zhanglaoshi", 404);
    await k.refused(P.preparationUpdate, { theme: "x" }, "zhanglaoshi", 400, /集体备课id/);
    const u = await k.ok<PreparationDetail>(P.preparationUpdate, { id: p.id, theme: "修改后", open_model: 3, accountIds: [] }, "zhanglaoshi");
    expect(u).toMatchObject({ theme: "修改后", open_model: 3, grade_name: "八年级", subject_id: 3, community_id: A });
    expect(u.members.map((m) => m.account_id)).toEqual([k.id.zhanglaoshi]);
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, p.id)));
    expect(act!.name).toBe("修改后");
    // The school administrator manages the school's community: he may change it; the creator stays 主备人.
    const v = await k.ok<PreparationDetail>(P.preparationUpdate, { id: p.id, accountIds: [k.id.lilaoshi], introduction: "教务处补充" }, "xiaoji");
    expect(v.members.map((m) => [m.account_id, m.role])).toEqual([
      [k.id.zhanglaoshi, 1],
      [k.id.lilaoshi, 2],
    ]);
    expect(v.introduction).toBe("教务处补充");
    expect(v.theme).toBe("修改后");
    // Moved into D by its author (a member there, not a manager): it waits for verification.
    const moved = await k.ok<PreparationDetail>(P.preparationUpdate, { id: p.id, community_id: D }, "zhanglaoshi");
    expect(moved).toMatchObject({ community_id: D, verify_status: 0 });
  });
});

describe("save / update (c237, c238): the 备课 step", () => {
  it("binds the textbook, appends files (save) and replaces them (update)", async () => {
    const p = await create("zhanglaoshi", { theme: "备课步骤", accountIds: [k.id.lilaoshi] });
    const f1 = await upload("zhanglaoshi", "课件.pptx");
    const f2 = await upload("zhanglaoshi", "学案.docx");
    const s = await k.ok<PreparationDetail>(P.preparationSaveLite, { id: p.id, bookId: book, fileArr: [{ file_id: f1, type: 2 }] }, "zhanglaoshi");
    expect(s).toMatchObject({ bookId: book, editon_id: edition, book_catalog_id: 0, njy_structure: "备课测试版 / 七年级上册" });
    expect(s.fileArr.map((f) => f.file_id)).toEqual([f1]);
    const s2 = await k.ok<PreparationDetail>(
      P.preparationSaveLite,
      { id: p.id, book_catalog_id: section, fileArr: [{ file_path: `/files/${f2}`, file_name: "第一课时学案.docx" }] },
      "zhanglaoshi",
    );
    expect(s2.fileArr.map((f) => f.file_name).sort()).toEqual(["第一课时学案.docx", "课件.pptx"]);
    expect(s2.njy_structure).toBe("备课测试版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数");
    // update: fileArr replaces the list; the binding fields sent change.
    const u = await k.ok<PreparationDetail>(
      P.preparationUpdateLite,
      { id: p.id, fileArr: [{ file_id: f2, type: 3 }], njy_structure: "自定义结构" },
      "zhanglaoshi",
    );
    expect(u.fileArr.map((f) => [f.file_id, f.type])).toEqual([[f2, 3]]);
    expect(u).toMatchObject({ njy_structure: "自定义结构", book_catalog_id: section });
    expect(await k.db.select().from(preparationFile).where(eq(preparationFile.preparation_id, p.id))).toHaveLength(1);
    await k.refused(P.preparationSaveLite, { id: p.id, bookId: book }, "lilaoshi", 403, "只有主备人或管理员可以进行此操作");
    await k.refused(P.preparationSaveLite, { id: p.id }, "zhanglaoshi", 400, "请选择教材或上传备课文件");
    await k.refused(P.preparationUpdateLite, { id: p.id, bookId: book, book_catalog_id: 999999 }, "zhanglaoshi", 400, /目录不存在/);
    const [other] = await k.db
      .insert(textbookBook)
      .values({ edition_id: edition, name: "七年级下册", subject_name: "数学" })
      .returning({ id: textbookBook.id });
    await k.refused(P.preparationUpdateLite, { id: p.id, bookId: other!.id, book_catalog_id: section }, "zhanglaoshi", 400, "教材目录不属于所选的教材册次");
    await k.refused(P.preparationUpdateLite, { id: p.id, fileArr: [{ file_id: await upload("lilaoshi", "李的.docx") }] }, "zhanglaoshi", 400, /不是您上传的/);
  });
});

describe("detail (c240) and lists (c233, c234, c249, c260)", () => {
  let open = 0;
  let closed = 0;
  let community2 = 0;
  beforeAll(async () => {
    open = (await create("zhanglaoshi", { theme: "可见性-公开", accountIds: [k.id.lilaoshi], subject_id: 7, book_catalog_id: section })).id;
    closed = (await create("zhanglaoshi", { theme: "可见性-仅参与人", accountIds: [k.id.lilaoshi], open_model: 3 })).id;
    community2 = (await create("zhanglaoshi", { theme: "可见性-社区内", open_model: 2, ...times(48, 72) })).id;
  });

  it("anonymous visitors read a public one and count a view; never a 仅参与人 one", async () => {
    const a = await anon<PreparationDetail>(P.preparationDetail, { id: open });
    expect(a.code).toBe(200);
    expect(a.data.power).toMatchObject({ can_view: true, can_discuss: false, can_edit: false, can_manage: false });
    expect(a.data.liked).toBe(false);
    const b = await anon<PreparationDetail>(P.preparationDetail, { id: open });
    expect(b.data.view_count).toBe(a.data.view_count + 1);
    expect(await anon(P.preparationDetail, { id: closed })).toMatchObject({ code: 403, msg: "无权查看该集体备课" });
    await k.refused(P.preparationDetail, { id: closed }, "zhaolaoshi", 403, "无权查看该集体备课");
    await k.refused(P.preparationDetail, { id: closed }, "wanglaoshi", 403);
    expect((await k.ok<PreparationDetail>(P.preparationDetail, { id: closed }, "lilaoshi")).power).toMatchObject({
      is_member: true,
      can_edit: true,
      can_manage: false,
    });
    expect((await k.ok<PreparationDetail>(P.preparationDetail, { id: closed }, "xiaoji")).power.can_manage).toBe(true);
    await k.refused(P.preparationDetail, { id: 999999 }, "zhanglaoshi", 404, "集体备课不存在或已删除");
    await k.refused(P.preparationDetail, {}, "zhanglaoshi", 400, /集体备课id/);
  });

  it("index answers what can_view allows, filtered in SQL", async () => {
    const seenBy = async (user: string | null, extra: Record<string, unknown> = {}) => {
      const r = user
        ? await k.ok<Page<PreparationRow>>(P.preparationIndex, { community_id: A, theme: "可见性", limit: 50, ...extra }, user)
        : (await anon<Page<PreparationRow>>(P.preparationIndex, { community_id: A, theme: "可见性", limit: 50, ...extra })).data;
      expect(r.list.length).toBe(r.total);
      return r.list.map((x) => x.id).sort((x, y) => x - y);
    };
    // 社区内 is for the community's members (decision 0802): A being shown on the site does not open it to outsiders.
    expect(await seenBy(null)).toEqual([open]);
    expect(await seenBy("zhaolaoshi")).toEqual([open]);
    expect(await anon(P.preparationDetail, { id: community2 })).toMatchObject({ code: 403, msg: "无权查看该集体备课" });
    await k.refused(P.preparationDetail, { id: community2 }, "zhaolaoshi", 403, "无权查看该集体备课");
    expect(await seenBy("lilaoshi")).toEqual([open, closed, community2].sort((x, y) => x - y));
    expect(await seenBy("xiaoji")).toEqual([open, closed, community2].sort((x, y) => x - y));
    expect(await seenBy("zhaolaoshi", { subject_id: 7 })).toEqual([open]);
    expect(await seenBy("zhaolaoshi", { book_id: book })).toEqual([open]);
    // The community's own list of preparation activities (c216) follows the same rule.
    const c216 = async (user: string | null) => {
      const r = user
        ? await k.ok<Page<{ ref_id: number; type: string }>>(CALLS.webPreparationIndex, { community_id: A, limit: 50 }, user)
        : (await anon<Page<{ ref_id: number; type: string }>>(CALLS.webPreparationIndex, { community_id: A, limit: 50 })).data;
      return r.list
        .filter((a) => [open, closed, community2].includes(a.ref_id))
        .map((a) => a.ref_id)
        .sort((x, y) => x - y);
    };
    expect(await c216(null)).toEqual([open]);
    expect(await c216("zhaolaoshi")).toEqual([open]);
    expect(await c216("lilaoshi")).toEqual([open, closed, community2].sort((x, y) => x - y));
    expect(await seenBy("zhaolaoshi", { phase: "upcoming" })).toEqual([]);
    expect(await seenBy("lilaoshi", { phase: "upcoming" })).toEqual([community2]);
    expect(await seenBy("zhaolaoshi", { phase: "running" })).toEqual([open]);
    expect(await seenBy("zhaolaoshi", { phase: "ended" })).toEqual([]);
    const row = (await anon<Page<PreparationRow>>(P.preparationIndex, { theme: "可见性-公开" })).data.list[0]!;
    expect(row).toMatchObject({
      id: open,
      community_name: "备课测试校级社区",
      account_name: "张老师",
      member_count: 2,
      plan_count: 0,
      discuss_count: 0,
      njy_structure: "备课测试版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数",
    });
    await k.refused(P.preparationIndex, { phase: "soon" }, "zhanglaoshi", 400, /阶段/);
    await k.refused(P.preparationIndex, { verify_status: 5 }, "zhanglaoshi", 400, /审核状态/);
    // A hidden community: its 社区内 preparation is no longer shown to outsiders.
    const hidden = await insertCommunity(k.db, { name: "备课测试隐藏社区", owner: k.id.zhanglaoshi!, is_display: 0, school_id: school });
    const h = await create("zhanglaoshi", { theme: "隐藏社区的备课", community_id: hidden, open_model: 2 });
    expect((await anon<Page<PreparationRow>>(P.preparationIndex, { theme: "隐藏社区的备课" })).data.total).toBe(0);
    expect((await k.ok<Page<PreparationRow>>(P.preparationIndex, { theme: "隐藏社区的备课" }, "zhaolaoshi")).total).toBe(0);
    await k.refused(P.preparationDetail, { id: h.id }, "zhaolaoshi", 403);
    expect((await k.ok<Page<PreparationRow>>(P.preparationIndex, { theme: "隐藏社区的备课" }, "pingtai")).total).toBe(1);
  });

  it("userPreparationList answers created or joined ones by role", async () => {
    const mine = await k.ok<Page<PreparationRow>>(P.userPreparationList, { theme: "可见性", limit: 50 }, "lilaoshi");
    expect(mine.list.map((r) => r.id).sort()).toEqual([open, closed].sort());
    expect((await k.ok<Page<PreparationRow>>(P.userPreparationList, { theme: "可见性", role: 2 }, "lilaoshi")).total).toBe(2);
    expect((await k.ok<Page<PreparationRow>>(P.userPreparationList, { theme: "可见性", role: 1 }, "lilaoshi")).total).toBe(0);
    expect((await k.ok<Page<PreparationRow>>(P.userPreparationList, { theme: "可见性", role: 1 }, "zhanglaoshi")).total).toBe(3);
    expect((await k.ok<Page<PreparationRow>>(P.userPreparationList, { theme: "可见性" }, "zhaolaoshi")).total).toBe(0);
    await k.refused(P.userPreparationList, { role: 3 }, "lilaoshi", 400, /角色/);
    expect((await anon(P.userPreparationList, {})).code).toBe(1025);
  });

  it("selPreparation lists those the caller takes part in or manages", async () => {
    const li = await k.ok<SelPreparationRow[]>(P.selPreparation, { keyword: "可见性" }, "lilaoshi");
    expect(li.map((r) => r.id).sort()).toEqual([open, closed].sort());
    expect(li[0]).toEqual({ id: expect.any(Number), theme: expect.stringContaining("可见性"), community_id: A });
    expect(await k.ok<SelPreparationRow[]>(P.selPreparation, { keyword: "可见性" }, "zhaolaoshi")).toEqual([]);
    expect((await k.ok<SelPreparationRow[]>(P.selPreparation, { keyword: "可见性", community_id: A }, "xiaoji")).length).toBe(3);
    await k.refused(P.selPreparation, { limit: 0 }, "lilaoshi", 400, /条数/);
  });

  it("isDisplay (c255) hides it from outsiders; isRecommend (c256) by managers feeds recommendSource (c249)", async () => {
    await k.refused(P.preparationIsDisplay, { id: open, is_display: 0 }, "lilaoshi", 403, "只有主备人或管理员可以进行此操作");
    await k.refused(P.preparationIsDisplay, { id: open, is_display: 2 }, "zhanglaoshi", 400, /是否展示/);
    expect((await k.ok<PreparationDetail>(P.preparationIsDisplay, { id: open, is_display: 0 }, "zhanglaoshi")).is_display).toBe(0);
    expect((await anon(P.preparationDetail, { id: open })).code).toBe(403);
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, open)));
    expect(act!.is_display).toBe(0);
    expect((await k.ok<PreparationDetail>(P.preparationIsDisplay, { id: open, is_display: 1 }, "xiaoji")).is_display).toBe(1);
    expect(
      await k.db
        .select()
        .from(communityLog)
        .where(and(eq(communityLog.target_id, open), eq(communityLog.action, "preparation.display"))),
    ).toHaveLength(2);

    await k.refused(P.preparationIsRecommend, { id: open, is_recommend: 1 }, "lilaoshi", 403, "只有管理员可以推荐集体备课");
    await k.refused(P.preparationIsRecommend, { id: open, is_recommend: 1 }, "zhaolaoshi", 403);
    expect((await k.ok<PreparationDetail>(P.preparationIsRecommend, { id: open, is_recommend: 1 }, "xiaoji")).is_recommend).toBe(1);
    const [act2] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, open)));
    expect(act2!.is_recommend).toBe(1);
    const rec = await anon<Page<PreparationRow>>(P.preparationRecommendSource, {});
    expect(rec.data.list.map((r) => r.id)).toContain(open);
    // The 仅参与人 one, recommended, is still not shown to outsiders.
    await k.ok(P.preparationIsRecommend, { id: closed, is_recommend: 1 }, "zhanglaoshi");
    expect((await anon<Page<PreparationRow>>(P.preparationRecommendSource, {})).data.list.map((r) => r.id)).not.toContain(closed);
    expect((await k.ok<Page<PreparationRow>>(P.preparationRecommendSource, {}, "lilaoshi")).list.map((r) => r.id)).toContain(closed);
    await k.refused(P.preparationRecommendSource, { community_id: -1 }, "lilaoshi", 400, /社区/);
  });

  it("collections take preparations the caller may view", async () => {
    const r = await k.ok<CollectSaveAnswer>(P.collectSave, { target_type: "preparation", target_id: open }, "zhaolaoshi");
    expect(r.is_collect).toBe(true);
    expect((await k.ok<PreparationDetail>(P.preparationDetail, { id: open }, "zhaolaoshi")).collected).toBe(true);
    const list = await k.ok<Page<CollectRow>>(P.collectList, { target_type: "preparation" }, "zhaolaoshi");
    expect(list.list[0]).toMatchObject({
      target_id: open,
      title: "可见性-公开",
      target_type_name: "集体备课",
      community_id: A,
      community_name: "备课测试校级社区",
      account_name: "张老师",
      exists: true,
    });
    await k.refused(P.collectSave, { target_type: "preparation", target_id: closed }, "zhaolaoshi", 403, "无权查看该集体备课");
    await k.refused(P.collectSave, { target_type: "preparation", target_id: 999999 }, "zhaolaoshi", 404);
    expect((await k.ok<CollectSaveAnswer>(P.collectSave, { target_type: "preparation", target_id: open }, "zhaolaoshi")).is_collect).toBe(false);
  });
});

describe("likeNums (c245)", () => {
  it("toggles one like per user, consistent under concurrency", async () => {
    const p = await create("zhanglaoshi", { theme: "点赞并发" });
    const users = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi", "xiaoji", "quji", "pingtai"];
    const answers = await Promise.all(users.map((u) => k.ok<PreparationLikeAnswer>(P.preparationLikeNums, { id: p.id }, u)));
    expect(answers.every((a) => a.liked)).toBe(true);
    const rows = async () => (await k.db.select().from(preparationLike).where(eq(preparationLike.preparation_id, p.id))).length;
    const count = async () => (await k.db.select({ n: preparation.like_count }).from(preparation).where(eq(preparation.id, p.id)))[0]!.n;
    expect(await rows()).toBe(users.length);
    expect(await count()).toBe(users.length);
    // One user toggling many times at once: never two rows, the count follows the rows.
    await Promise.all(Array.from({ length: 6 }, () => k.ok<PreparationLikeAnswer>(P.preparationLikeNums, { id: p.id }, "lilaoshi")));
    const li = await k.db
      .select()
      .from(preparationLike)
      .where(and(eq(preparationLike.preparation_id, p.id), eq(preparationLike.account_id, k.id.lilaoshi!)));
    expect(li.length).toBeLessThanOrEqual(1);
    expect(await count()).toBe(await rows());
    const d = await k.ok<PreparationDetail>(P.preparationDetail, { id: p.id }, "lilaoshi");
    expect(d.liked).toBe(li.length === 1);
    expect(d.like_count).toBe(await rows());
    const off = await k.ok<PreparationLikeAnswer>(P.preparationLikeNums, { id: p.id }, "zhaolaoshi");
    expect(off).toEqual({ id: p.id, liked: false, like_count: await rows() });
    const closed = await create("zhanglaoshi", { theme: "点赞-仅参与人", open_model: 3 });
    await k.refused(P.preparationLikeNums, { id: closed.id }, "zhaolaoshi", 403, "无权查看该集体备课");
    await k.refused(P.preparationLikeNums, { id: 999999 }, "zhaolaoshi", 404);
    await k.refused(P.preparationLikeNums, { id: "abc" }, "zhaolaoshi", 400, /集体备课id/);
    expect((await anon(P.preparationLikeNums, { id: p.id })).code).toBe(1025);
  });
});

describe("files (c257, c258, c259)", () => {
  it("members add their uploads; readers list them signed; the uploader or a manager deletes", async () => {
    const p = await create("zhanglaoshi", { theme: "备课文件", accountIds: [k.id.lilaoshi] });
    const lf = await upload("lilaoshi", "李老师课件.pptx");
    const zf = await upload("zhanglaoshi", "张老师教案.docx");
    await k.refused(
      P.preparationFileSave,
      { preparation_id: p.id, fileArr: [{ file_id: await upload("zhaolaoshi", "赵.docx") }] },
      "zhaolaoshi",
      403,
      "只有备课参与人可以上传备课文件",
    );
    await k.refused(P.preparationFileSave, { preparation_id: p.id, fileArr: [] }, "lilaoshi", 400, /请上传文件/);
    await k.refused(P.preparationFileSave, { preparation_id: p.id, fileArr: [{ file_id: zf }] }, "lilaoshi", 400, /不是您上传的/);
    const added = await k.ok<PreparationFileRow[]>(P.preparationFileSave, { preparation_id: p.id, fileArr: [{ file_id: lf, type: 2 }] }, "lilaoshi");
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      file_id: lf,
      file_name: "李老师课件.pptx",
      type: 2,
      type_name: "课件",
      account_id: k.id.lilaoshi,
      account_name: "李老师",
      can_delete: true,
    });
    await k.refused(P.preparationFileSave, { preparation_id: p.id, fileArr: [{ file_id: lf }] }, "lilaoshi", 409);
    await k.ok(P.preparationFileSave, { preparation_id: p.id, fileArr: [{ file_id: zf, type: 3 }] }, "zhanglaoshi");
    const list = (await anon<Page<PreparationFileRow>>(P.preparationFileList, { preparation_id: p.id })).data;
    expect(list.total).toBe(2);
    expect(list.list.every((f) => /^\/files\/\d+\?exp=\d+&sig=/.test(f.file_path) && !f.can_delete)).toBe(true);
    expect((await k.ok<Page<PreparationFileRow>>(P.preparationFileList, { preparation_id: p.id, type: 2 }, "zhaolaoshi")).list.map((f) => f.file_id)).toEqual([
      lf,
    ]);
    const zRow = list.list.find((f) => f.file_id === zf)!;
    const lRow = list.list.find((f) => f.file_id === lf)!;
    await k.refused(P.preparationFileDelete, { id: zRow.id }, "lilaoshi", 403, "只有上传者、主备人或管理员可以删除备课文件");
    await k.refused(P.preparationFileDelete, { id: 999999 }, "lilaoshi", 404);
    await k.ok(P.preparationFileDelete, { id: lRow.id }, "zhanglaoshi");
    await k.ok(P.preparationFileDelete, { id: zRow.id }, "zhanglaoshi");
    expect((await k.ok<Page<PreparationFileRow>>(P.preparationFileList, { preparation_id: p.id }, "lilaoshi")).total).toBe(0);
    const logs = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.target_id, p.id), eq(communityLog.community_id, A)));
    expect(logs.filter((l) => l.action === "preparation.file_save")).toHaveLength(2);
    expect(logs.filter((l) => l.action === "preparation.file_delete")).toHaveLength(2);
    const closed = await create("zhanglaoshi", { theme: "备课文件-仅参与人", open_model: 3 });
    expect((await anon(P.preparationFileList, { preparation_id: closed.id })).code).toBe(403);
  });
});

describe("delete (c239)", () => {
  it("only the author or a manager; removes everything the preparation owns", async () => {
    const p = await create("zhanglaoshi", { theme: "待删除", accountIds: [k.id.lilaoshi], fileArr: [{ file_id: await upload("zhanglaoshi", "删.docx") }] });
    await k.ok(P.preparationLikeNums, { id: p.id }, "lilaoshi");
    await k.ok(P.preparationDiscuss, { preparation_id: p.id, content: "研讨一下" }, "lilaoshi");
    const [doc] = await k.db.insert(lessonDoc).values({ preparation_id: p.id, title: "教案", created_by: k.id.zhanglaoshi! }).returning({ id: lessonDoc.id });
    await k.db.insert(lessonDocVersion).values({ doc_id: doc!.id, name: "v1", state: new Uint8Array([1, 2, 3]), created_by: k.id.zhanglaoshi! });
    await k.db.insert(preparationAiJob).values({ preparation_id: p.id, account_id: k.id.zhanglaoshi! });
    await k.refused(P.preparationDelete, { id: p.id }, "lilaoshi", 403, "只有主备人或管理员可以进行此操作");
    await k.refused(P.preparationDelete, { id: p.id }, "zhaolaoshi", 403);
    await k.refused(P.preparationDelete, { id: 0 }, "zhanglaoshi", 400, /集体备课id/);
    expect(await k.ok(P.preparationDelete, { id: p.id }, "zhanglaoshi")).toEqual({ id: p.id });
    const left = async (q: Promise<unknown[]>) => (await q).length;
    expect(await left(k.db.select().from(preparation).where(eq(preparation.id, p.id)))).toBe(0);
    expect(await left(k.db.select().from(preparationMember).where(eq(preparationMember.preparation_id, p.id)))).toBe(0);
    expect(await left(k.db.select().from(preparationFile).where(eq(preparationFile.preparation_id, p.id)))).toBe(0);
    expect(await left(k.db.select().from(preparationLike).where(eq(preparationLike.preparation_id, p.id)))).toBe(0);
    expect(await left(k.db.select().from(preparationAiJob).where(eq(preparationAiJob.preparation_id, p.id)))).toBe(0);
    expect(await left(k.db.select().from(lessonDoc).where(eq(lessonDoc.preparation_id, p.id)))).toBe(0);
    expect(await left(k.db.select().from(lessonDocVersion).where(eq(lessonDocVersion.doc_id, doc!.id)))).toBe(0);
    expect(
      await left(
        k.db
          .select()
          .from(discussComment)
          .where(and(eq(discussComment.target_type, "preparation"), eq(discussComment.ref_id, p.id))),
      ),
    ).toBe(0);
    expect(
      await left(
        k.db
          .select()
          .from(activity)
          .where(and(eq(activity.type, "preparation"), eq(activity.ref_id, p.id))),
      ),
    ).toBe(0);
    expect(
      await left(
        k.db
          .select()
          .from(communityLog)
          .where(and(eq(communityLog.target_id, p.id), eq(communityLog.action, "preparation.delete"))),
      ),
    ).toBe(1);
    await k.refused(P.preparationDetail, { id: p.id }, "zhanglaoshi", 404);
    await k.refused(P.preparationDelete, { id: p.id }, "zhanglaoshi", 404);
    // A manager deletes another's preparation.
    const q = await create("lilaoshi", { theme: "教务处删除" });
    await k.ok(P.preparationDelete, { id: q.id }, "xiaoji");
  });
});
