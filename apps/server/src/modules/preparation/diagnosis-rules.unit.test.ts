import { describe, expect, it } from "vitest";
import { PYTHAGORAS_KEYWORDS, PYTHAGORAS_SECTIONS, type PlanSections, planDoc, without } from "../../../test/diagnosis-fixture.js";
import { diagnose, findQuestions, findSections, gradeOf, planLines } from "./diagnosis-rules.js";

const run = (sections: PlanSections, opts: { keywords?: string[]; lessonMinutes?: number; htmlOnly?: boolean; textOnly?: boolean } = {}) => {
  const { html, text } = planDoc(sections);
  return diagnose({
    html: opts.textOnly ? "" : html,
    text: opts.htmlOnly ? "" : text,
    catalogKeywords: opts.keywords ?? PYTHAGORAS_KEYWORDS,
    lessonMinutes: opts.lessonMinutes,
    doc: { id: 1, title: "勾股定理" },
    generatedAt: "2026-11-22 16:00:00",
  });
};
const dim = (r: ReturnType<typeof diagnose>, d: string) => r.dimensions.find((x) => x.dimension === d)!;

describe("diagnosis rules", () => {
  it("scores a complete plan well: every section, measurable objectives, 45 minutes, questions, keywords", () => {
    const r = run(PYTHAGORAS_SECTIONS, { lessonMinutes: 45 });
    expect(r.structure.missing_required).toEqual([]);
    expect(r.structure.missing_recommended).toEqual([]);
    expect(r.structure.sections.every((s) => s.via === "heading")).toBe(true);
    expect(r.objectives.statements.length).toBe(3);
    expect(r.objectives.measurable).toEqual(expect.arrayContaining(["理解", "运用", "证明"]));
    expect(r.objectives.coverage).toEqual({ knowledge: true, ability: true, literacy: true });
    expect(r.time.total_minutes).toBe(45);
    expect(r.time.ok).toBe(true);
    expect(r.time.missing_stages).toEqual([]);
    expect(r.questions.count).toBeGreaterThanOrEqual(5);
    expect(r.questions.open).toBeGreaterThan(0);
    expect(r.keywords.covered).toEqual(PYTHAGORAS_KEYWORDS);
    expect(r.keywords.missing).toEqual([]);
    expect(r.keywords.top.map((k) => k.word)).toContain("勾股定理");
    expect(r.score).toBeGreaterThanOrEqual(85);
    expect(r.grade).toBe("优秀");
    expect(dim(r, "structure").score).toBe(100);
    expect(r.suggestions.filter((s) => s.level === "error")).toEqual([]);
  });

  it("the same plan without 教学目标 and 教学重难点 scores lower and names what is missing", () => {
    const full = run(PYTHAGORAS_SECTIONS, { lessonMinutes: 45 });
    const cut = run(without(PYTHAGORAS_SECTIONS, "教学目标", "教学重难点"), { lessonMinutes: 45 });
    expect(cut.score).toBeLessThan(full.score);
    expect(cut.structure.missing_required).toEqual(["教学目标", "教学重难点"]);
    expect(dim(cut, "structure").score).toBe(60);
    expect(dim(cut, "objectives").score).toBe(0);
    const errors = cut.suggestions.filter((s) => s.level === "error").map((s) => s.message);
    expect(errors.some((m) => m.includes("教学目标"))).toBe(true);
    expect(errors.some((m) => m.includes("教学重难点"))).toBe(true);
    // Ranked by impact: the missing objectives (structure + objectives) come first.
    expect(cut.suggestions[0]!.impact).toBeGreaterThanOrEqual(cut.suggestions[cut.suggestions.length - 1]!.impact);
    expect(cut.suggestions.map((s) => s.impact)).toEqual([...cut.suggestions.map((s) => s.impact)].sort((a, b) => b - a));
  });

  it("vague objectives lower the objectives score and are quoted", () => {
    const vague: PlanSections = PYTHAGORAS_SECTIONS.map(([h, ps]) =>
      h.includes("教学目标") ? [h, ["1. 了解勾股定理。", "2. 知道直角三角形三边的关系，感受数学之美。", "3. 体会数形结合思想。"]] : [h, ps],
    );
    const good = run(PYTHAGORAS_SECTIONS);
    const bad = run(vague);
    expect(bad.objectives.vague_count).toBeGreaterThanOrEqual(4);
    expect(bad.objectives.ratio).toBeLessThan(good.objectives.ratio!);
    expect(dim(bad, "objectives").score).toBeLessThan(dim(good, "objectives").score);
    const s = bad.suggestions.find((x) => x.dimension === "objectives" && x.message.includes("模糊动词"))!;
    expect(s.message).toContain("了解");
    expect(s.evidence).toContain("了解勾股定理");
  });

  it("flags time that does not sum to 40/45 minutes", () => {
    const long: PlanSections = PYTHAGORAS_SECTIONS.map(([h, ps]) =>
      h.includes("教学过程") ? [h, ps.map((p) => p.replace("（15分钟）", "（30分钟）"))] : [h, ps],
    );
    const r = run(long);
    expect(r.time.total_minutes).toBe(75);
    expect(r.time.ok).toBe(false);
    const s = r.suggestions.find((x) => x.dimension === "time" && x.message.includes("合计"))!;
    expect(s.message).toContain("75");
    expect(s.level).toBe("error");
    expect(dim(r, "time").score).toBeLessThan(dim(run(PYTHAGORAS_SECTIONS), "time").score);
    // No minutes at all: a warning that asks for them.
    const none = run(PYTHAGORAS_SECTIONS.map(([h, ps]) => [h, ps.map((p) => p.replace(/（[^）]*分钟[^）]*）/g, ""))]));
    expect(none.time.total_minutes).toBeNull();
    expect(none.suggestions.some((x) => x.dimension === "time" && x.message.includes("没有标注"))).toBe(true);
    // A primary lesson is 40 minutes: 45 is still within tolerance, 60 is not.
    expect(run(PYTHAGORAS_SECTIONS, { lessonMinutes: 40 }).time.ok).toBe(true);
  });

  it("reads minutes written as 约10分钟 and 5'", () => {
    const r = diagnose({
      text: "教学过程\n导入 5'\n新授 约20分钟\n练习（10分）\n小结 5 min",
      html: "",
      catalogKeywords: [],
      doc: { id: 1, title: "" },
      generatedAt: "",
    });
    expect(r.time.items.map((i) => i.minutes)).toEqual([5, 20, 10, 5]);
    expect(r.time.total_minutes).toBe(40);
    expect(r.time.ok).toBe(true);
  });

  it("finds sections by line starts and synonyms when there are no headings", () => {
    const text =
      "教学目的：掌握一元一次方程的解法\n重点：移项\n难点：去括号\n学情：已学等式性质\n课前准备：课件\n教学流程\n导入（5分钟）\n板书\n课后作业：练习一\n课后反思：略";
    const f = findSections(planLines(text, ""));
    const found = Object.fromEntries(f.sections.map((s) => [s.key, s.via]));
    expect(found).toEqual({
      objectives: "line",
      keypoints: "line",
      learners: "line",
      preparation: "line",
      process: "line",
      board: "line",
      homework: "line",
      reflection: "line",
    });
    // "作业讲评很重要" does not start a 作业 section.
    expect(findSections(planLines("作业讲评很重要", "")).sections.find((s) => s.key === "homework")!.found).toBe(false);
  });

  it("uses the html's headings when the text is empty, and the text when there is no html", () => {
    expect(run(PYTHAGORAS_SECTIONS, { htmlOnly: true }).structure.missing_required).toEqual([]);
    const t = run(PYTHAGORAS_SECTIONS, { textOnly: true });
    expect(t.structure.missing_required).toEqual([]);
    expect(t.structure.sections.every((s) => s.via === "line")).toBe(true);
    // "（五）布置作业（约5分钟说明）" is a stage of the process (it carries a time), not the 作业 section.
    expect(t.time.total_minutes).toBe(45);
    expect(t.structure.sections.find((s) => s.key === "homework")!.evidence).toBe("七、作业布置");
  });

  it("教学过程 keeps its stages written as headings of its own level; 教材分析 ends a section", () => {
    const html =
      "<h2>教学目标</h2><p>1. 能够说出勾股定理。</p><h2>教材分析</h2><p>了解、知道、感受、体会。</p>" +
      "<h2>教学过程</h2><h2>一、导入（5分钟）</h2><p>为什么？</p><h2>二、新授（20分钟）</h2><h2>三、练习（15分钟）</h2><h2>四、小结（5分钟）</h2><h2>板书设计</h2><p>略（10分钟）</p>";
    const r = diagnose({ html, text: "", catalogKeywords: [], doc: { id: 1, title: "" }, generatedAt: "" });
    expect(r.time.total_minutes).toBe(45);
    expect(r.time.missing_stages).toEqual([]);
    expect(r.objectives.vague_count).toBe(0);
    expect(r.objectives.measurable).toEqual(["说出"]);
  });

  it("tells open questions from closed ones", () => {
    const q = findQuestions("这是直角三角形吗？为什么两边的平方和等于第三边的平方？斜边长是多少？你发现了什么规律呢");
    expect(q.map((x) => x.kind)).toEqual(["closed", "open", "closed", "open"]);
  });

  it("keyword coverage: missing catalogue keywords are named; no catalogue → not scored", () => {
    const r = run(PYTHAGORAS_SECTIONS, { keywords: ["勾股定理", "勾股定理的逆定理", "勾股数"] });
    expect(r.keywords.covered).toEqual(["勾股定理"]);
    expect(r.keywords.missing).toEqual(["勾股定理的逆定理", "勾股数"]);
    expect(r.suggestions.find((s) => s.dimension === "keywords")!.message).toContain("勾股数");
    const none = run(PYTHAGORAS_SECTIONS, { keywords: [] });
    expect(dim(none, "keywords").scored).toBe(false);
    expect(dim(none, "keywords").weight).toBe(0);
    expect(none.keywords.coverage).toBeNull();
    expect(none.notes.join("")).toContain("未绑定教材目录");
  });

  it("grades by score", () => {
    expect([95, 85, 84, 70, 60, 59, 0].map(gradeOf)).toEqual(["优秀", "优秀", "良好", "良好", "合格", "待改进", "待改进"]);
  });
});
