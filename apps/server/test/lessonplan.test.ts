/**
 * Co-edited lesson plans over the real wire (issue #8; docs/api/lessonplan.md): two Node providers on /ws/collab
 * see each other's edits; bad tokens, non-members and deleted plans are refused; a viewer is read-only; the state is
 * stored (html/text derived) and survives a server restart; plan calls with their refusals.
 */
import { CALLS, LESSON_PLAN_FIELD, LESSON_PLAN_TEMPLATE_HEADINGS, type LessonPlanDetail, type LessonPlanListAnswer, type LessonPlanRow } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { postCall } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { TEST_APP_KEY } from "./constants.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { lessonDoc } from "../src/modules/lessonplan/lessonplan.schema.js";
import { type Kit, insertCommunity, startKit } from "./activity-kit.js";
import { appendParagraph, type Client, connect, contentOf, until } from "./lessonplan-kit.js";
import { insertPreparation } from "./prepare-kit.js";

let k: Kit;
let prep: number;
let closedPrep: number;
const clients: Client[] = [];
const open = async (id: number, user: string | null, token?: string) => {
  const c = await connect(k.s.url, id, token ?? k.who[user!]!.token);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  k = await startKit();
  // 公开 (open_model 1): wanglaoshi views read-only; 仅参与人 (3): zhaolaoshi is refused.
  prep = await insertPreparation(k.db, { theme: "勾股定理集体备课", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], open_model: 1 });
  closedPrep = await insertPreparation(k.db, { theme: "仅参与人的备课", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], open_model: 3 });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await k?.s.close();
});

describe("c261 wpsFilePreparation / c246 wpsFileList", () => {
  it("creates a blank plan (first = main) and a template plan; lists them with names and counts", async () => {
    const a = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "第一课时教案" }, "zhanglaoshi");
    expect(a.main).toBe(1);
    expect(a.doc_name).toBe(`lesson:${a.id}`);
    const b = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "第二课时教案", template: true }, "lilaoshi");
    expect(b.main).toBe(0);
    const d = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: b.id }, "lilaoshi");
    for (const h of LESSON_PLAN_TEMPLATE_HEADINGS) expect(d.text).toContain(h);
    expect(d.html).toContain("<h2>教学目标</h2>");
    const list = await k.ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prep }, "wanglaoshi");
    expect(list.list.map((r) => r.title)).toEqual(["第一课时教案", "第二课时教案"]);
    expect(list.list[1]!.created_by_name).not.toBe("");
    expect(list.can_edit).toBe(false);
    expect((await k.ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prep }, "lilaoshi")).can_edit).toBe(true);
  });

  it("refuses bad input, non-members and unknown preparations", async () => {
    await k.refused(CALLS.wpsFilePreparation, { preparation_id: prep, title: "  " }, "zhanglaoshi", 400, /请输入教案标题/);
    await k.refused(CALLS.wpsFilePreparation, { preparation_id: prep, title: "x".repeat(101) }, "zhanglaoshi", 400, /100/);
    await k.refused(CALLS.wpsFilePreparation, { preparation_id: "abc", title: "教案" }, "zhanglaoshi", 400);
    await k.refused(CALLS.wpsFilePreparation, { preparation_id: prep, title: "教案" }, "wanglaoshi", 403, "只有备课参与人可以编辑");
    await k.refused(CALLS.wpsFilePreparation, { preparation_id: 999999, title: "教案" }, "zhanglaoshi", 404);
    await k.refused(CALLS.wpsFileList, { preparation_id: closedPrep }, "zhaolaoshi", 403);
    await k.refused(CALLS.wpsFileList, {}, "zhanglaoshi", 400);
  });
});

describe("WebSocket upgrades and anonymous readers", () => {
  it("an unknown WebSocket path is refused (socket destroyed), /ws/collab upgrades", async () => {
    const attempt = (p: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${k.s.url.replace(/^http/, "ws")}${p}`);
        ws.on("open", () => {
          ws.close();
          resolve("open");
        });
        ws.on("error", () => resolve("error"));
      });
    expect(await attempt("/ws/nothing-here")).toBe("error");
    expect(await attempt("/ws/collab")).toBe("open");
  });

  it("a 公开 preparation's plans are readable without signing in; a 仅参与人 one's are not", async () => {
    const list = await postCall<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prep }, { baseUrl: k.s.url, appKey: TEST_APP_KEY });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.can_edit).toBe(false);
    const closed = await postCall(CALLS.wpsFileList, { preparation_id: closedPrep }, { baseUrl: k.s.url, appKey: TEST_APP_KEY });
    expect(closed.code).toBe(403);
    const save = await postCall(CALLS.versionSaving, { id: 1 }, { baseUrl: k.s.url, appKey: TEST_APP_KEY });
    expect(save.code).toBe(1025);
  });
});

describe("community log", () => {
  it("a plan of a preparation in a community writes lessonplan.* rows", async () => {
    const community = await insertCommunity(k.db, { name: "数学教研社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!] });
    const p = await insertPreparation(k.db, { theme: "社区里的备课", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], community_id: community });
    const plan = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: p, title: "社区教案" }, "lilaoshi");
    await k.ok(CALLS.versionSaving, { id: plan.id, name: "第一版" }, "lilaoshi");
    await k.ok(CALLS.delWpsFile, { id: plan.id }, "zhanglaoshi");
    const rows = await k.db.select().from(communityLog).where(eq(communityLog.community_id, community));
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ["lessonplan.save", plan.id],
      ["lessonplan.version", plan.id],
      ["lessonplan.delete", plan.id],
    ]);
    expect(rows[0]!.content).toBe("创建了教案「社区教案」");
  });
});

describe("co-editing on /ws/collab", () => {
  let id: number;
  beforeAll(async () => {
    id = (await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "协同教案" }, "zhanglaoshi")).id;
  });

  it("two editors see each other's edits; the list counts them; the state is stored with html and text", async () => {
    const a = await open(id, "zhanglaoshi");
    const b = await open(id, "lilaoshi");
    expect(a.scope).toBe("read-write");
    expect(b.scope).toBe("read-write");
    appendParagraph(a.doc, "张老师写的导入环节");
    expect(await until(() => contentOf(b.doc).includes("张老师写的导入环节"))).toBe(true);
    appendParagraph(b.doc, "李老师补充的练习");
    expect(await until(() => contentOf(a.doc).includes("李老师补充的练习"))).toBe(true);
    const list = await k.ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prep }, "zhanglaoshi");
    const listed = list.list.find((r) => r.id === id)!;
    expect(listed.editors).toBe(2);
    expect(listed.editor_names).toHaveLength(2);
    expect(listed.editor_names.every((n) => n !== "")).toBe(true);
    // The live document answers at once; the stored row follows (debounced) and at the latest when both leave.
    const live = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id }, "wanglaoshi");
    expect(live.text).toContain("李老师补充的练习");
    a.close();
    b.close();
    expect(
      await until(async () => {
        const [row] = await k.db.select().from(lessonDoc).where(eq(lessonDoc.id, id));
        return Boolean(row?.text.includes("李老师补充的练习") && row.html.includes("<p>张老师写的导入环节</p>"));
      }),
    ).toBe(true);
    const [row] = await k.db.select().from(lessonDoc).where(eq(lessonDoc.id, id));
    expect(row!.updated_by).toBeGreaterThan(0);
    expect([k.id.zhanglaoshi, k.id.lilaoshi]).toContain(row!.updated_by);
    // A deletion alone (no insert) is stored too.
    const c = await open(id, "lilaoshi");
    const frag = c.doc.getXmlFragment(LESSON_PLAN_FIELD);
    const at = frag.toArray().findIndex((n) => n.toString().includes("张老师写的导入环节"));
    expect(at).toBeGreaterThanOrEqual(0);
    frag.delete(at, 1);
    c.close();
    expect(
      await until(async () => {
        const [r] = await k.db.select().from(lessonDoc).where(eq(lessonDoc.id, id));
        return Boolean(r && !r.text.includes("张老师写的导入环节") && r.text.includes("李老师补充的练习"));
      }),
    ).toBe(true);
  });

  it("a bad token, a non-member and a deleted plan are refused; a viewer is read-only and his edit is not kept", async () => {
    const bad = await open(id, null, "not-a-token");
    expect(bad.refused).not.toBe("");
    const closedPlan = (await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: closedPrep, title: "参与人的教案" }, "zhanglaoshi")).id;
    const outsider = await open(closedPlan, "zhaolaoshi");
    expect(outsider.refused).toBe("无权查看该教案");
    const member = await open(closedPlan, "lilaoshi");
    expect(member.scope).toBe("read-write");

    const viewer = await open(id, "wanglaoshi");
    expect(viewer.refused).toBe("");
    expect(viewer.scope).toBe("readonly");
    const editor = await open(id, "zhanglaoshi");
    appendParagraph(viewer.doc, "旁观者的修改");
    appendParagraph(editor.doc, "主备人的修改");
    expect(await until(() => contentOf(viewer.doc).includes("主备人的修改"))).toBe(true);
    viewer.close();
    editor.close();
    await until(
      async () => (await k.ok<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: prep }, "zhanglaoshi")).list.find((r) => r.id === id)!.editors === 0,
    );
    const stored = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id }, "zhanglaoshi");
    expect(stored.text).toContain("主备人的修改");
    expect(stored.text).not.toContain("旁观者的修改");
    const again = await open(id, "lilaoshi");
    expect(contentOf(again.doc)).toContain("主备人的修改");
    expect(contentOf(again.doc)).not.toContain("旁观者的修改");
    again.close();

    await k.ok(CALLS.delWpsFile, { id: closedPlan }, "zhanglaoshi");
    expect(await until(() => member.dropped)).toBe(true);
    const late = await open(closedPlan, "zhanglaoshi");
    expect(late.refused).toBe("教案不存在或已删除");
  });
});
