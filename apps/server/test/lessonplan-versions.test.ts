/**
 * Lesson-plan versions over the real wire (issue #8): c244 save (unique names, "版本 N"), c262 list, c242 a version's
 * content, compare (a known change shows as added / removed / changed text), restore (a forward change connected
 * editors see at once, stored, with a "恢复前" version first), c243 delete of versions and plans, with refusals.
 */
import {
  CALLS,
  LESSON_PLAN_FIELD,
  type LessonPlanCompareAnswer,
  type LessonPlanDetail,
  type LessonPlanRestoreAnswer,
  type LessonPlanRow,
  type LessonPlanVersionListAnswer,
  type LessonPlanVersionRow,
} from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonDoc } from "../src/modules/lessonplan/lessonplan.schema.js";
import { type Kit, startKit } from "./activity-kit.js";
import { appendParagraph, type Client, connect, contentOf, until } from "./lessonplan-kit.js";
import { insertPreparation } from "./prepare-kit.js";

let k: Kit;
let prep: number;
let id: number;
const clients: Client[] = [];
const open = async (user: string) => {
  const c = await connect(k.s.url, id, k.who[user]!.token);
  clients.push(c);
  return c;
};
const storedText = async () => (await k.db.select({ text: lessonDoc.text }).from(lessonDoc).where(eq(lessonDoc.id, id)))[0]!.text;

beforeAll(async () => {
  k = await startKit();
  prep = await insertPreparation(k.db, { theme: "版本测试备课", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], open_model: 1 });
  id = (await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "勾股定理" }, "zhanglaoshi")).id;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await k?.s.close();
});

describe("versions", () => {
  let v1: LessonPlanVersionRow;
  let v2: LessonPlanVersionRow;
  let a: Client;
  let b: Client;

  it("c244 saves named versions of the live content; names are unique per plan; an empty name is 版本 N", async () => {
    a = await open("zhanglaoshi");
    b = await open("lilaoshi");
    appendParagraph(a.doc, "教学目标", "heading");
    appendParagraph(a.doc, "理解勾股定理的证明过程");
    appendParagraph(a.doc, "课堂小结");
    expect(await until(() => contentOf(b.doc).includes("课堂小结"))).toBe(true);
    v1 = await k.ok<LessonPlanVersionRow>(CALLS.versionSaving, { id, name: "初稿" }, "zhanglaoshi");
    expect(v1).toMatchObject({ name: "初稿", kind: "manual", kind_name: "手动保存", can_delete: true });
    expect(v1.size).toBeGreaterThan(0);
    await k.refused(CALLS.versionSaving, { id, name: " 初稿 " }, "lilaoshi", 409, "版本名称“初稿”已存在，请换一个名称");
    v2 = await k.ok<LessonPlanVersionRow>(CALLS.versionSaving, { id }, "lilaoshi");
    expect(v2.name).toBe("版本 2");
    const version = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id, version_id: v1.id }, "wanglaoshi");
    expect(version.version?.name).toBe("初稿");
    expect(version.text.split("\n")).toEqual(["教学目标", "理解勾股定理的证明过程", "课堂小结"]);
    expect(version.html).toContain("<h2>教学目标</h2>");
  });

  it("c244 / c262 / c242 refusals", async () => {
    await k.refused(CALLS.versionSaving, { id, name: "旁观" }, "wanglaoshi", 403, "只有备课参与人可以编辑");
    await k.refused(CALLS.versionSaving, { id, name: "x".repeat(61) }, "zhanglaoshi", 400, /60/);
    await k.refused(CALLS.versionSaving, { id: 0 }, "zhanglaoshi", 400);
    await k.refused(CALLS.versionSaving, { id: 999999 }, "zhanglaoshi", 404, "教案不存在或已删除");
    await k.refused(CALLS.wpsFileVersion, { id: "x" }, "zhanglaoshi", 400);
    await k.refused(CALLS.wpsFileVersion, { id: 999999 }, "zhanglaoshi", 404);
    await k.refused(CALLS.wpsDetailFile, { id, version_id: 999999 }, "zhanglaoshi", 404, "版本不存在或已删除");
    const closed = await insertPreparation(k.db, { theme: "仅参与人", author: k.id.zhanglaoshi!, open_model: 3 });
    const hidden = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: closed, title: "私有教案" }, "zhanglaoshi");
    await k.refused(CALLS.wpsFileVersion, { id: hidden.id }, "zhaolaoshi", 403);
    await k.refused(CALLS.wpsDetailFile, { id: hidden.id }, "zhaolaoshi", 403);
  });

  it("compare: a changed, removed and added line show up with words marked", async () => {
    // Change the paragraph, drop 课堂小结, add a new line (index 0 is the blank plan's empty paragraph).
    a.doc.transact(() => {
      const frag = a.doc.getXmlFragment(LESSON_PLAN_FIELD);
      expect(frag.get(2)?.toString()).toContain("理解勾股定理的证明过程");
      frag.delete(2, 2);
    });
    appendParagraph(a.doc, "理解并应用勾股定理的证明");
    appendParagraph(a.doc, "布置作业：课本练习 1、2");
    expect(await until(() => contentOf(b.doc).includes("布置作业"))).toBe(true);
    const cmp = await k.ok<LessonPlanCompareAnswer>(CALLS.lessonPlanCompare, { id, version_id: v1.id }, "wanglaoshi");
    expect(cmp.a.name).toBe("初稿");
    expect(cmp.b).toMatchObject({ version_id: 0, name: "当前内容" });
    expect(cmp.parts[0]).toEqual({ type: "same", text: "教学目标" });
    const changed = cmp.parts.find((p) => p.type === "changed");
    expect(changed).toBeDefined();
    if (changed?.type === "changed") {
      expect(
        changed.segments
          .filter((s) => s.type === "added")
          .map((s) => s.text)
          .join(""),
      ).toContain("并应用");
      expect(
        changed.segments
          .filter((s) => s.type === "removed")
          .map((s) => s.text)
          .join(""),
      ).toContain("过程");
    }
    expect(cmp.parts.filter((p) => p.type === "removed").map((p) => (p.type === "removed" ? p.text : ""))).toContain("课堂小结");
    expect(cmp.parts.filter((p) => p.type === "added").map((p) => (p.type === "added" ? p.text : ""))).toContain("布置作业：课本练习 1、2");
    expect(cmp.counts).toMatchObject({ same: 1, changed: 1 });
    expect(cmp.counts.added).toBeGreaterThanOrEqual(1);
    expect(cmp.counts.removed).toBeGreaterThanOrEqual(1);
    const same = await k.ok<LessonPlanCompareAnswer>(CALLS.lessonPlanCompare, { id, version_id: v1.id, other_version_id: v2.id }, "zhanglaoshi");
    expect(same.parts.every((p) => p.type === "same")).toBe(true);
    expect(same.counts).toMatchObject({ added: 0, removed: 0, changed: 0, same: 3 });
    await k.refused(CALLS.lessonPlanCompare, { id }, "zhanglaoshi", 400);
    await k.refused(CALLS.lessonPlanCompare, { id, version_id: 999999 }, "zhanglaoshi", 404);
  });

  it("restore: connected editors see the old content at once, it is stored, and a 恢复前 version can undo it", async () => {
    await k.refused(CALLS.lessonPlanRestore, { id, version_id: v1.id }, "wanglaoshi", 403);
    await k.refused(CALLS.lessonPlanRestore, { id, version_id: 999999 }, "zhanglaoshi", 404);
    await k.refused(CALLS.lessonPlanRestore, { id }, "zhanglaoshi", 400);
    const r = await k.ok<LessonPlanRestoreAnswer>(CALLS.lessonPlanRestore, { id, version_id: v1.id }, "lilaoshi");
    expect(r.backup.kind).toBe("restore");
    expect(r.backup.name).toMatch(/^恢复前 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(r.text).toContain("课堂小结");
    expect(await until(() => contentOf(b.doc).includes("课堂小结") && !contentOf(b.doc).includes("布置作业"))).toBe(true);
    expect(await until(() => contentOf(a.doc).includes("课堂小结") && !contentOf(a.doc).includes("布置作业"))).toBe(true);
    expect(await storedText()).toBe("教学目标\n理解勾股定理的证明过程\n课堂小结");
    const list = await k.ok<LessonPlanVersionListAnswer>(CALLS.wpsFileVersion, { id }, "zhanglaoshi");
    expect(list.list.map((v) => v.name)).toEqual([r.backup.name, "版本 2", "初稿"]);
    expect(list.list[0]!.created_by_name).not.toBe("");
    // Undo: restore the backup; the edits after 初稿 come back.
    await k.ok(CALLS.lessonPlanRestore, { id, version_id: r.backup.id }, "zhanglaoshi");
    expect(await until(() => contentOf(b.doc).includes("布置作业"))).toBe(true);
    expect(await storedText()).toContain("布置作业");
  });

  it("c243 deletes a version (its creator or the author) and a plan (author, manager or creator)", async () => {
    await k.refused(CALLS.delWpsFile, { id, version_id: v1.id }, "lilaoshi", 403, "只有版本的保存人、主备人或管理员可以删除该版本");
    await k.refused(CALLS.delWpsFile, { id, version_id: 999999 }, "zhanglaoshi", 404);
    await k.refused(CALLS.delWpsFile, { id: "abc" }, "zhanglaoshi", 400);
    expect(await k.ok(CALLS.delWpsFile, { id, version_id: v2.id }, "lilaoshi")).toEqual({ deleted: "version", id: v2.id });
    await k.ok(CALLS.delWpsFile, { id, version_id: v1.id }, "zhanglaoshi");
    const list = await k.ok<LessonPlanVersionListAnswer>(CALLS.wpsFileVersion, { id }, "zhanglaoshi");
    expect(list.list.map((v) => v.id)).not.toContain(v1.id);

    await k.refused(CALLS.delWpsFile, { id }, "lilaoshi", 403, "只有主备人、管理员或教案创建人可以删除该教案");
    await k.refused(CALLS.delWpsFile, { id }, "wanglaoshi", 403);
    const own = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "李老师的教案" }, "lilaoshi");
    await k.ok(CALLS.delWpsFile, { id: own.id }, "lilaoshi");
    await k.refused(CALLS.wpsDetailFile, { id: own.id }, "lilaoshi", 404, "教案不存在或已删除");
    // The main plan goes: its editors are disconnected and the next plan becomes main.
    const other = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "第二个教案" }, "zhanglaoshi");
    await k.ok(CALLS.delWpsFile, { id }, "zhanglaoshi");
    expect(await until(() => a.dropped)).toBe(true);
    const plans = await k.ok<{ list: LessonPlanRow[] }>(CALLS.wpsFileList, { preparation_id: prep }, "zhanglaoshi");
    expect(plans.list.map((p) => [p.id, p.main])).toEqual([[other.id, 1]]);
    await k.refused(CALLS.delWpsFile, { id }, "zhanglaoshi", 404);
  });
});
