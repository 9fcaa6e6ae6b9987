/**
 * Evaluation indicators and listen targets over the real wire (issue #9; docs/api/indicator.md): every call's
 * success, refusal and read-back, the weight check, the in-use refusal and the seed's idempotence.
 */
import {
  CALLS,
  DEFAULT_INDICATOR_SCHEME,
  INDICATOR_MESSAGES as M,
  type IndicatorDeleteAnswer,
  type IndicatorListAnswer,
  type IndicatorReadAnswer,
  type IndicatorRow,
  type ListenTargetListAnswer,
  type ListenTargetRow,
  indicatorInUseMessage,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDefaultIndicators, DEFAULT_LISTEN_TARGETS, DEFAULT_SCHEME } from "../src/modules/listen/indicator.seed.js";
import { lectureIndicator, listenEvaluate, listenTarget } from "../src/modules/listen/listen.schema.js";
import { type Kit, startKit } from "./activity-kit.js";

let k: Kit;
beforeAll(async () => {
  k = await startKit();
}, 120_000);
afterAll(async () => {
  await k?.s.close();
});

const save = (p: Record<string, unknown>, who: string) => k.ok<IndicatorRow>(CALLS.indicatorSave, p, who);
const tree = (root_id: number, who = "xiaoji") => k.ok<IndicatorListAnswer>(CALLS.indicatorList, { root_id }, who);

describe("the seeded platform scheme and targets", () => {
  it("every user sees the default scheme, balanced, with five dimensions of 0–10 items", async () => {
    const list = await k.ok<IndicatorListAnswer>(CALLS.indicatorList, {}, "zhanglaoshi");
    const scheme = list.list.find((s) => s.name === DEFAULT_INDICATOR_SCHEME)!;
    expect(scheme).toMatchObject({ school_id: 0, school_name: "平台", level: 1, editable: false, dimension_count: DEFAULT_SCHEME.length, warning_count: 0 });
    expect(scheme.item_count).toBe(DEFAULT_SCHEME.reduce((s, d) => s + d.items.length, 0));
    const t = await tree(scheme.id, "zhanglaoshi");
    expect(t.warnings).toEqual([]);
    expect(t.tree!.children.map((d) => d.name)).toEqual(DEFAULT_SCHEME.map((d) => d.name));
    expect(t.tree!.children.reduce((s, d) => s + d.weight, 0)).toBe(100);
    for (const d of t.tree!.children) {
      expect(d.children.reduce((s, i) => s + i.weight, 0)).toBe(100);
      for (const i of d.children) expect([i.level, i.min_score, i.max_score, i.root_id]).toEqual([3, 0, 10, scheme.id]);
    }
    // The platform admin may edit it.
    const mine = await k.ok<IndicatorListAnswer>(CALLS.indicatorList, { scope: "platform" }, "pingtai");
    expect(mine.list.find((s) => s.id === scheme.id)!.editable).toBe(true);
  });

  it("seeding again adds nothing and leaves an edited scheme alone", async () => {
    const before = await k.db.select().from(lectureIndicator).where(eq(lectureIndicator.school_id, 0));
    const targets = await k.db.select().from(listenTarget).where(eq(listenTarget.school_id, 0));
    expect(targets.map((t) => t.name)).toEqual(expect.arrayContaining([...DEFAULT_LISTEN_TARGETS]));
    await seedDefaultIndicators(k.db);
    await seedDefaultIndicators(k.db);
    expect((await k.db.select().from(lectureIndicator).where(eq(lectureIndicator.school_id, 0))).length).toBe(before.length);
    expect((await k.db.select().from(listenTarget).where(eq(listenTarget.school_id, 0))).length).toBe(targets.length);
  });
});

describe("c130 save, c131 update, c132 delete, list and read", () => {
  let schemeId = 0;
  let dimA = 0;
  let dimB = 0;
  let itemA1 = 0;

  it("a school admin builds a scheme; levels, root and school are derived", async () => {
    const s = await save({ name: "  一中听课量表 ", description: "校本量表" }, "xiaoji");
    expect(s).toMatchObject({ name: "一中听课量表", level: 1, pid: 0, editable: true, status: 1 });
    expect(s.root_id).toBe(s.id);
    expect(s.school_id).toBeGreaterThan(0);
    schemeId = s.id;
    const a = await save({ pid: schemeId, name: "教学设计", weight: 60 }, "xiaoji");
    const b = await save({ pid: schemeId, name: "课堂实施", weight: 30 }, "xiaoji");
    expect([a.level, a.root_id, a.school_id, a.sort, b.sort]).toEqual([2, schemeId, s.school_id, 1, 2]);
    dimA = a.id;
    dimB = b.id;
    const i1 = await save({ pid: dimA, name: "目标设计", weight: 50, min_score: 1, max_score: 5, description: "目标清楚" }, "xiaoji");
    expect([i1.level, i1.min_score, i1.max_score]).toEqual([3, 1, 5]);
    itemA1 = i1.id;
    await save({ pid: dimA, name: "活动设计", weight: 50 }, "xiaoji");
  });

  it("the weight check answers the unbalanced groups and clears when they add up", async () => {
    let t = await tree(schemeId);
    expect(t.warnings.map((w) => [w.pid, w.kind, w.total])).toEqual([
      [schemeId, "sum", 90],
      [dimB, "empty", 0],
    ]);
    expect(t.warnings[0]!.message).toBe("「一中听课量表」下各维度权重合计 90%，应为 100%");
    expect(t.list[0]).toMatchObject({ id: schemeId, dimension_count: 2, item_count: 2, warning_count: 2, used_count: 0 });
    await k.ok(CALLS.indicatorUpdate, { id: dimB, weight: 40 }, "xiaoji");
    await save({ pid: dimB, name: "课堂互动", weight: 70 }, "xiaoji");
    t = await tree(schemeId);
    expect(t.warnings).toEqual([
      { pid: dimB, pid_name: "课堂实施", level: 3, kind: "sum", total: 70, message: "「课堂实施」下各评分项权重合计 70%，应为 100%" },
    ]);
    const last = await save({ pid: dimB, name: "课堂小结", weight: 30 }, "xiaoji");
    t = await tree(schemeId);
    expect(t.warnings).toEqual([]);
    expect(t.tree!.children.map((d) => [d.name, d.children.map((i) => i.name)])).toEqual([
      ["教学设计", ["目标设计", "活动设计"]],
      ["课堂实施", ["课堂互动", "课堂小结"]],
    ]);
    // A disabled item leaves the check: its group falls to 70.
    await k.ok(CALLS.indicatorUpdate, { id: last.id, status: 0 }, "xiaoji");
    expect((await tree(schemeId)).warnings.map((w) => w.total)).toEqual([70]);
    await k.ok(CALLS.indicatorUpdate, { id: last.id, status: 1 }, "xiaoji");
  });

  it("400: empty name, weight out of range, min ≥ max, a fourth level, root_id not a scheme", async () => {
    await k.refused(CALLS.indicatorSave, { name: "  " }, "xiaoji", 400, new RegExp(M.nameRequired));
    await k.refused(CALLS.indicatorSave, { pid: dimA, name: "x", weight: 120 }, "xiaoji", 400, /权重应在 0–100 之间/);
    await k.refused(CALLS.indicatorSave, { pid: dimA, name: "x", min_score: 5, max_score: 5 }, "xiaoji", 400, new RegExp(M.range));
    await k.refused(CALLS.indicatorSave, { pid: itemA1, name: "x" }, "xiaoji", 400, M.tooDeep);
    await k.refused(CALLS.indicatorUpdate, { id: itemA1, min_score: 6 }, "xiaoji", 400, M.range);
    await k.refused(CALLS.indicatorUpdate, { id: itemA1, weight: "多" }, "xiaoji", 400, /权重.*数字/);
    await k.refused(CALLS.indicatorList, { root_id: dimA }, "xiaoji", 400, /量表/);
    await k.refused(CALLS.indicatorRead, { id: 0 }, "xiaoji", 400);
    // Names are unique among siblings (the same name elsewhere is fine).
    await k.refused(CALLS.indicatorSave, { pid: dimA, name: "目标设计" }, "xiaoji", 409, M.duplicate);
    await k.refused(CALLS.indicatorUpdate, { id: dimB, name: "教学设计" }, "xiaoji", 409, M.duplicate);
    await save({ pid: dimB, name: "目标设计", weight: 0 }, "xiaoji").then((r) => k.ok(CALLS.indicatorDelete, { id: r.id }, "xiaoji"));
  });

  it("403/404: teachers and district staff only read; the platform's rows are the platform's; other schools see nothing", async () => {
    await k.refused(CALLS.indicatorSave, { name: "我的量表" }, "zhanglaoshi", 403, M.notAdmin);
    await k.refused(CALLS.indicatorSave, { name: "区量表" }, "quji", 403, M.notAdmin);
    await k.refused(CALLS.indicatorUpdate, { id: itemA1, name: "改" }, "lilaoshi", 403, M.notAdmin);
    await k.refused(CALLS.indicatorDelete, { id: schemeId }, "zhanglaoshi", 403, M.notAdmin);
    // A school admin reads the platform's scheme but does not edit it; the platform admin does not edit the school's.
    const platform = (await k.ok<IndicatorListAnswer>(CALLS.indicatorList, { scope: "platform" }, "xiaoji")).list[0]!;
    expect(platform.editable).toBe(false);
    await k.refused(CALLS.indicatorSave, { pid: platform.id, name: "校本维度" }, "xiaoji", 403, M.notYours);
    await k.refused(CALLS.indicatorUpdate, { id: platform.id, name: "改名" }, "xiaoji", 403, M.notYours);
    await k.refused(CALLS.indicatorDelete, { id: platform.id }, "xiaoji", 403, M.notYours);
    await k.refused(CALLS.indicatorUpdate, { id: itemA1, name: "改" }, "pingtai", 404, M.gone);
    // A teacher of another school neither lists nor reads it.
    const other = await k.ok<IndicatorListAnswer>(CALLS.indicatorList, {}, "zhaolaoshi");
    expect(other.list.map((s) => s.id)).not.toContain(schemeId);
    await k.refused(CALLS.indicatorList, { root_id: schemeId }, "zhaolaoshi", 404, M.gone);
    await k.refused(CALLS.indicatorRead, { id: itemA1 }, "zhaolaoshi", 404, M.gone);
    await k.refused(CALLS.indicatorRead, { id: 999_999 }, "xiaoji", 404, M.gone);
    // A teacher of the school reads it, not editable.
    const mine = await k.ok<IndicatorListAnswer>(CALLS.indicatorList, { scope: "school" }, "zhanglaoshi");
    expect(mine.list.map((s) => [s.id, s.editable, s.school_name])).toEqual([[schemeId, false, expect.stringMatching(/\S/)]]);
  });

  it("read answers a row with its subtree, its scheme and the check; update changes only what was sent", async () => {
    const r = await k.ok<IndicatorReadAnswer>(CALLS.indicatorRead, { id: dimA }, "zhanglaoshi");
    expect(r.node.name).toBe("教学设计");
    expect(r.node.children.map((i) => i.name)).toEqual(["目标设计", "活动设计"]);
    expect(r.scheme).toMatchObject({ id: schemeId, item_count: 4 });
    expect(r.warnings).toEqual([]);
    const u = await k.ok<IndicatorRow>(CALLS.indicatorUpdate, { id: itemA1, description: "目标清楚可测", sort: 9 }, "xiaoji");
    expect(u).toMatchObject({ name: "目标设计", description: "目标清楚可测", sort: 9, weight: 50, min_score: 1, max_score: 5 });
    const back = await k.ok<IndicatorReadAnswer>(CALLS.indicatorRead, { id: dimA }, "xiaoji");
    expect(back.node.children.map((i) => i.name)).toEqual(["活动设计", "目标设计"]);
    // Disabling a scheme: the listen form asks for status 1 only.
    await k.ok(CALLS.indicatorUpdate, { id: schemeId, status: 0 }, "xiaoji");
    const inUse = await k.ok<IndicatorListAnswer>(CALLS.indicatorList, { status: 1 }, "zhanglaoshi");
    expect(inUse.list.map((s) => s.id)).not.toContain(schemeId);
    await k.ok(CALLS.indicatorUpdate, { id: schemeId, status: 1 }, "xiaoji");
  });

  it("delete: a row with its subtree; a scheme used by a listen record is refused", async () => {
    const gone = await k.ok<IndicatorDeleteAnswer>(CALLS.indicatorDelete, { id: dimB }, "xiaoji");
    expect(gone).toEqual({ id: dimB, deleted: 3 });
    expect((await tree(schemeId)).tree!.children.map((d) => d.name)).toEqual(["教学设计"]);
    await k.refused(CALLS.indicatorDelete, { id: dimB }, "xiaoji", 404, M.gone);
    const [rec] = await k.db
      .insert(listenEvaluate)
      .values({ name: "听课", start_time: new Date(), end_time: new Date(), account_id: k.id.xiaoji!, indicator_id: schemeId })
      .returning();
    expect((await tree(schemeId)).list[0]!.used_count).toBe(1);
    await k.refused(CALLS.indicatorDelete, { id: schemeId }, "xiaoji", 409, indicatorInUseMessage(1));
    await k.refused(CALLS.indicatorDelete, { id: itemA1 }, "xiaoji", 409, indicatorInUseMessage(1));
    await k.db.delete(listenEvaluate).where(eq(listenEvaluate.id, rec!.id));
    expect(await k.ok<IndicatorDeleteAnswer>(CALLS.indicatorDelete, { id: schemeId }, "xiaoji")).toEqual({ id: schemeId, deleted: 4 });
    expect(await k.db.select().from(lectureIndicator).where(eq(lectureIndicator.root_id, schemeId))).toEqual([]);
  });

  it("the platform admin builds platform schemes; scheme names are unique per school", async () => {
    const p = await save({ name: "平台测试量表" }, "pingtai");
    expect([p.school_id, p.editable]).toEqual([0, true]);
    await k.refused(CALLS.indicatorSave, { name: DEFAULT_INDICATOR_SCHEME }, "pingtai", 409, M.duplicate);
    // A school may use the same name as a platform scheme.
    const s = await save({ name: "平台测试量表" }, "xiaoji");
    await k.ok(CALLS.indicatorDelete, { id: s.id }, "xiaoji");
    await k.ok(CALLS.indicatorDelete, { id: p.id }, "pingtai");
  });
});

describe("listen targets c294–c297", () => {
  it("save, list, update, delete with the school rules", async () => {
    const t = await k.ok<ListenTargetRow>(CALLS.listenTargetSave, { name: " 作业设计 ", sort: 3 }, "xiaoji");
    expect(t).toMatchObject({ name: "作业设计", sort: 3, status: 1, editable: true });
    expect(t.school_id).toBeGreaterThan(0);
    const list = await k.ok<ListenTargetListAnswer>(CALLS.listenTargetList, {}, "zhanglaoshi");
    expect(list.list.map((r) => r.name)).toEqual([...DEFAULT_LISTEN_TARGETS, "作业设计"]);
    expect(list.list.every((r) => !r.editable)).toBe(true);
    expect((await k.ok<ListenTargetListAnswer>(CALLS.listenTargetList, { keyword: "作业" }, "xiaoji")).list.map((r) => [r.name, r.editable])).toEqual([
      ["作业设计", true],
    ]);
    // Another school's teacher sees only the platform's.
    expect((await k.ok<ListenTargetListAnswer>(CALLS.listenTargetList, {}, "zhaolaoshi")).list.map((r) => r.name)).toEqual([...DEFAULT_LISTEN_TARGETS]);
    // Unique among active rows of a school; the platform's names may repeat in a school.
    await k.refused(CALLS.listenTargetSave, { name: "作业设计" }, "xiaoji", 409, M.targetDuplicate);
    const again = await k.ok<ListenTargetRow>(CALLS.listenTargetSave, { name: "课堂提问" }, "xiaoji");
    await k.refused(CALLS.listenTargetUpdate, { id: again.id, name: "作业设计" }, "xiaoji", 409, M.targetDuplicate);
    await k.ok(CALLS.listenTargetUpdate, { id: t.id, status: 0 }, "xiaoji");
    const renamed = await k.ok<ListenTargetRow>(CALLS.listenTargetUpdate, { id: again.id, name: "作业设计" }, "xiaoji");
    expect(renamed).toMatchObject({ name: "作业设计", sort: 4, status: 1 });
    await k.refused(CALLS.listenTargetUpdate, { id: t.id, status: 1 }, "xiaoji", 409, M.targetDuplicate);
    expect((await k.ok<ListenTargetListAnswer>(CALLS.listenTargetList, { status: 0 }, "xiaoji")).list.map((r) => r.id)).toEqual([t.id]);
    // 400
    await k.refused(CALLS.listenTargetSave, { name: "" }, "xiaoji", 400, new RegExp(M.targetRequired));
    await k.refused(CALLS.listenTargetSave, { name: "很".repeat(31) }, "xiaoji", 400, /不能超过 30 个字符/);
    await k.refused(CALLS.listenTargetUpdate, { id: t.id, status: 3 }, "xiaoji", 400, /状态只能是 0 或 1/);
    await k.refused(CALLS.listenTargetDelete, {}, "xiaoji", 400);
    // 403 / 404
    await k.refused(CALLS.listenTargetSave, { name: "我的目标" }, "zhanglaoshi", 403, M.targetNotAdmin);
    await k.refused(CALLS.listenTargetUpdate, { id: t.id, name: "改" }, "zhanglaoshi", 403, M.targetNotAdmin);
    const platform = (await k.ok<ListenTargetListAnswer>(CALLS.listenTargetList, {}, "xiaoji")).list[0]!;
    await k.refused(CALLS.listenTargetDelete, { id: platform.id }, "xiaoji", 403, M.targetNotYours);
    await k.refused(CALLS.listenTargetDelete, { id: t.id }, "pingtai", 404, M.targetGone);
    // The platform admin maintains the platform's.
    const p = await k.ok<ListenTargetRow>(CALLS.listenTargetSave, { name: "课堂观察" }, "pingtai");
    expect([p.school_id, p.sort]).toEqual([0, DEFAULT_LISTEN_TARGETS.length + 1]);
    expect(await k.ok(CALLS.listenTargetDelete, { id: p.id }, "pingtai")).toEqual({ id: p.id });
    // Delete and read back.
    await k.ok(CALLS.listenTargetDelete, { id: t.id }, "xiaoji");
    await k.ok(CALLS.listenTargetDelete, { id: again.id }, "xiaoji");
    await k.refused(CALLS.listenTargetDelete, { id: t.id }, "xiaoji", 404, M.targetGone);
    expect(
      await k.db
        .select()
        .from(listenTarget)
        .where(and(eq(listenTarget.school_id, t.school_id))),
    ).toEqual([]);
  });
});
