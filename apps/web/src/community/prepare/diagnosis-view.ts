/**
 * Pure helpers of the AI diagnosis panel (issue #8): colours and names of levels, grades and engines, whether a job
 * is still running, and the ECharts options of the score gauge and the dimension radar.
 */
import {
  DIAGNOSIS_DIMENSIONS,
  DIAGNOSIS_LEVELS,
  type DiagnosisDimensionScore,
  type DiagnosisEngine,
  type DiagnosisJob,
  type DiagnosisLevel,
  type DiagnosisSuggestion,
} from "@yanke/protocol";

export const LEVEL_COLORS: Record<DiagnosisLevel, string> = { error: "red", warning: "orange", info: "blue" };
export const levelName = (l: DiagnosisLevel): string => DIAGNOSIS_LEVELS[l] ?? l;

/** The colour of a score (the grade bands: ≥ 85 优秀, ≥ 70 良好, ≥ 60 合格, else 待改进). */
export function scoreColor(score: number): string {
  if (score >= 85) return "#2f9e6e";
  if (score >= 70) return "#1f6f9c";
  if (score >= 60) return "#d48806";
  return "#cf1322";
}

export const GRADE_TAG_COLORS: Record<string, string> = { 优秀: "green", 良好: "blue", 合格: "gold", 待改进: "red" };

export function engineName(e: DiagnosisEngine | string): string {
  return e === "rules+llm" ? "规则+大模型" : "规则";
}

export const dimensionName = (d: string): string => (DIAGNOSIS_DIMENSIONS as Record<string, string>)[d] ?? d;

/** A job that is still to finish (polled). */
export function isActive(job: Pick<DiagnosisJob, "status"> | null | undefined): boolean {
  return job?.status === "pending" || job?.status === "running";
}

/** Suggestions, highest impact first, then by level (严重 before 建议 before 提示); the server's order otherwise kept. */
export function rankSuggestions(list: readonly DiagnosisSuggestion[]): DiagnosisSuggestion[] {
  const rank: Record<string, number> = { error: 0, warning: 1, info: 2 };
  return list
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.impact - a.s.impact || (rank[a.s.level] ?? 3) - (rank[b.s.level] ?? 3) || a.i - b.i)
    .map((x) => x.s);
}

/** "+3.5 分" (one decimal at most; "" for no gain). */
export function impactText(impact: number): string {
  if (!(impact > 0)) return "";
  return `+${Math.round(impact * 10) / 10} 分`;
}

/** Coverage 0–1 as "62%" ("—" when the preparation binds no keyword). */
export function percentText(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? "—" : `${Math.round(ratio * 100)}%`;
}

/** The gauge of the overall score. */
export function gaugeOption(score: number, grade: string) {
  const color = scoreColor(score);
  return {
    series: [
      {
        type: "gauge",
        startAngle: 210,
        endAngle: -30,
        min: 0,
        max: 100,
        radius: "92%",
        center: ["50%", "56%"],
        progress: { show: true, width: 14, itemStyle: { color } },
        axisLine: { lineStyle: { width: 14, color: [[1, "#e8eeeb"]] } },
        pointer: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        anchor: { show: false },
        title: { show: false },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, "0%"],
          formatter: "{v|{value}}{u| 分}",
          rich: { v: { fontSize: 40, fontWeight: 600, color }, u: { fontSize: 14, color: "#8a9690", padding: [12, 0, 0, 0] } },
        },
        data: [{ value: Math.round(score), name: grade }],
      },
    ],
  };
}

/** The radar of the dimension scores (0–100 each). */
export function radarOption(dims: readonly DiagnosisDimensionScore[]) {
  return {
    tooltip: { trigger: "item" },
    radar: {
      radius: "62%",
      center: ["50%", "54%"],
      indicator: dims.map((d) => ({ name: d.name || dimensionName(d.dimension), max: 100 })),
      axisName: { color: "#5c6a65", fontSize: 12 },
      splitArea: { areaStyle: { color: ["#f7faf9", "#fff"] } },
    },
    series: [
      {
        type: "radar",
        symbolSize: 5,
        areaStyle: { opacity: 0.18 },
        data: [{ value: dims.map((d) => Math.round(d.score)), name: "得分" }],
      },
    ],
  };
}
