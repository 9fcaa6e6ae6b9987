import { describe, expect, it } from "vitest";
import type { AnalysisResult, StCode, TranscriptLine } from "@yanke/protocol";
import { lessonComments } from "./comments.js";
import { type IndicatorNode, measureOf, scoreLesson } from "./scoring.js";
import { autonomousSpans, speechSection } from "./speech-stats.js";
import { stMetrics } from "./st.js";
import { analyseTalk } from "./talk.js";

const leaf = (id: number, pid: number, name: string, max = 10): IndicatorNode => ({ id, pid, name, weight: 25, max_score: max, children: [] });
// the platform's default scheme shape (#9): dimensions with leaves of 0–10
const tree: IndicatorNode[] = [
  { id: 1, pid: 0, name: "教学目标", weight: 20, max_score: 0, children: [leaf(11, 1, "目标明确具体")] },
  {
    id: 2,
    pid: 0,
    name: "教学过程与方法",
    weight: 40,
    max_score: 0,
    children: [leaf(21, 2, "师生互动有效"), leaf(22, 2, "讲授时间适当"), leaf(23, 2, "提问有效")],
  },
  {
    id: 3,
    pid: 0,
    name: "学生学习",
    weight: 40,
    max_score: 0,
    children: [leaf(31, 3, "参与广度"), leaf(32, 3, "思维深度"), leaf(33, 3, "合作探究"), leaf(34, 3, "板书设计")],
  },
];

const L = (start: number, end: number, role: "T" | "S", text: string): TranscriptLine => ({ start, end, role, text });
const UNAV = (reason: string) => ({ available: false as const, reason });

function lesson(): Omit<AnalysisResult, "scoring" | "stages" | "elapsed"> {
  const segs = [
    { start: 0, end: 120, role: "T" as const },
    { start: 120, end: 180, role: "S" as const },
    { start: 180, end: 300, role: "T" as const },
    { start: 300, end: 600, role: "S" as const },
  ];
  const lines = [
    L(10, 14, "T", "三角形有什么特点？"),
    L(15, 18, "S", "有三条边。"),
    L(19, 21, "T", "还有呢？"),
    L(22, 25, "S", "有三个角。"),
    L(26, 28, "T", "非常好。"),
  ];
  return {
    version: 1,
    duration: 600,
    speech: speechSection(segs, 600, "energy", "pitch-loudness"),
    // Ch = (g − 1)/N: TTSTS SSSSS → runs TT|S|T|SSSSSS = 4 → Ch = 3/10 = 0.3; Rt = 3/10 = 0.3
    st: { available: true, ...stMetrics([..."TTSTSSSSSS"] as StCode[], 60) },
    transcript: { available: true, source: "srt", file_name: "a.srt", lines },
    talk: analyseTalk(lines, segs),
    fias: UNAV("没有课堂实录"),
    autonomous: autonomousSpans(segs, 600),
    behavior: UNAV("视频没有画面"),
  };
}

describe("AI scoring", () => {
  it("maps names to measures by keyword", () => {
    expect(measureOf("师生互动有效")?.label).toBe("师生互动");
    expect(measureOf("参与广度")?.label).toBe("学生参与");
    expect(measureOf("思维深度")?.label).toBe("对话深度");
    expect(measureOf("合作探究")?.label).toBe("自主学习");
    expect(measureOf("目标明确具体")).toBeNull();
  });

  it("scores what it can judge by hand, lists the rest, never scores from an unavailable section", () => {
    const s = scoreLesson(7, "默认量表", tree, lesson());
    const by = Object.fromEntries(s.items.map((i) => [i.indicator_id, i]));
    expect(s.items.map((i) => i.indicator_id)).toEqual([11, 21, 22, 23, 31, 32, 33, 34]); // leaves only, tree order
    // 目标: no measure
    expect(by[11]!.score).toBeNull();
    expect(by[11]!.basis).toMatch(/^无法从课堂录像判断/);
    // 互动: Ch = 0.3 → 0.3/0.4 = 0.75 → 7.5
    expect(by[21]!.score).toBe(7.5);
    // 讲授时间: Rt = 0.3 ≤ 0.3 → 1 − (0.3 − 0.3)/0.3 = 1 → 10
    expect(by[22]!.score).toBe(10);
    // 提问: 2 questions in 600 s → 2 per 10 min → 2/5 = 0.4; open 2/2 = 1 → min(1, 1/0.4) = 1 → 0.5·0.4 + 0.5·1 = 0.7 → 7
    expect(by[23]!.score).toBe(7);
    // 参与: teacher 240 of 600 s = 0.4 → 1 − 0.4 = 0.6 ≥ 0.5 → 10
    expect(by[31]!.score).toBe(10);
    // 思维深度: chain 三角形有什么特点 → 还有呢 = 2 rounds → 2/3 = 0.667 → 6.7
    expect(by[32]!.score).toBe(6.7);
    // 合作探究: no teacher speech 120–180 (60 s) and 300–600 (300 s) → 360/600 = 0.6 ≥ 0.2 → 10
    expect(by[33]!.score).toBe(10);
    // 板书 needs behaviour, which is unavailable: no score, and the reason names the section
    expect(by[34]!.score).toBeNull();
    expect(by[34]!.basis).toBe("无法从课堂录像判断：所需的「课堂行为分析」不可用（视频没有画面）");
    expect(s).toMatchObject({ scheme_id: 7, scheme_name: "默认量表", judged: 6, unjudged: 2, full: 60 });
    expect(s.total).toBe(51.2); // 7.5 + 10 + 7 + 10 + 6.7 + 10
  });

  it("an unavailable talk section leaves its items unjudged", () => {
    const r = { ...lesson(), talk: UNAV("没有课堂实录，无法分析话语") };
    const s = scoreLesson(1, "x", tree, r);
    const q = s.items.find((i) => i.indicator_id === 23)!;
    expect(q.score).toBeNull();
    expect(q.basis).toContain("话语分析");
    expect(q.basis).toContain("没有课堂实录");
    expect(s.items.find((i) => i.indicator_id === 21)!.score).toBe(7.5); // S-T is still there
  });
});

describe("AI comments", () => {
  it("one or more per available section with numbers; none for unavailable sections", () => {
    const base = lesson();
    const r: AnalysisResult = { ...base, scoring: scoreLesson(7, "默认量表", tree, base), stages: [], elapsed: 1 };
    const c = lessonComments(r);
    const dims = c.map((x) => x.dimension);
    expect(dims).toEqual(["教学模式", "师生话语", "学生发言", "提问", "候答时间", "理答", "对话深度", "自主学习", "指标评分"]);
    // 5 lines, 2 by students = 40 % ≥ 30 % → good
    expect(c.find((x) => x.dimension === "学生发言")!).toMatchObject({ level: "good", text: "课堂实录共 5 句，教师 3 句，学生发言 2 句（40%）。" });
    expect(dims).not.toContain("课堂互动"); // fias unavailable
    expect(dims).not.toContain("课堂行为"); // behaviour unavailable
    const mode = c.find((x) => x.dimension === "教学模式")!;
    expect(mode.text).toContain("Rt = 0.3");
    expect(mode.text).toContain("练习型");
    expect(mode.level).toBe("fair");
    // teacher 40 % ≤ 60 % → good
    expect(c.find((x) => x.dimension === "师生话语")!).toMatchObject({ level: "good" });
    expect(c.find((x) => x.dimension === "师生话语")!.text).toContain("40%");
    // depth 2 → fair
    expect(c.find((x) => x.dimension === "对话深度")!.level).toBe("fair");
    // 51.2 / 60 = 85.3 % ≥ 85 % → good
    expect(c.find((x) => x.dimension === "指标评分")!).toMatchObject({ level: "good" });
    for (const x of c) expect(["good", "fair", "weak"]).toContain(x.level);
  });

  it("an analysis with every section unavailable gives no comments", () => {
    const u = UNAV("无音频");
    const r: AnalysisResult = {
      version: 1,
      duration: 60,
      speech: u,
      st: u,
      transcript: u,
      talk: u,
      fias: u,
      autonomous: u,
      behavior: u,
      scoring: u,
      stages: [],
      elapsed: 0,
    };
    expect(lessonComments(r)).toEqual([]);
  });
});
