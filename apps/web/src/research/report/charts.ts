/**
 * ECharts options of the lesson reports (#10). Every point that stands for a moment of the lesson carries its time
 * in seconds as `t` on the data item, so a click seeks the video there (see seekTimeOf).
 */
import {
  FIAS_CATEGORIES,
  LIDA_KINDS,
  LIDA_NAMES,
  QUESTION_KIND_NAMES,
  type AutonomousSection,
  type BehaviorSection,
  type DialogueChain,
  type FiasSection,
  type QuestionItem,
  type ScoringItem,
  type SpeechSegment,
  type StSection,
} from "@yanke/protocol";
import type { ChartClick, ChartOption } from "./Chart";

export const T_COLOR = "#1f7a5c";
export const S_COLOR = "#f0a35e";
export const SILENCE_COLOR = "#b8c4be";
const r2 = (n: number) => Math.round(n * 100) / 100;
export const pct = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? "—" : `${(n * 100).toFixed(digits)}%`);

/** 12:05 (or 1:02:05) of seconds. */
export function clock(sec: number): string {
  const s = Math.max(0, Math.floor(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The moment sample i codes: (i + 0.5) × interval. */
export const sampleTime = (i: number, interval: number) => (i + 0.5) * interval;

/** The time a clicked item stands for, or null. */
export function seekTimeOf(p: ChartClick): number | null {
  const d = p.data as { t?: unknown } | null;
  return d && typeof d === "object" && typeof d.t === "number" ? d.t : null;
}

/** A tick step of whole seconds or minutes giving about six ticks. */
export function niceStep(duration: number): number {
  const steps = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600];
  return steps.find((s) => duration / s <= 7) ?? 3600;
}

const timeAxis = (duration: number) => ({
  type: "value" as const,
  min: 0,
  max: Math.max(1, Math.ceil(duration)),
  interval: niceStep(duration),
  axisLabel: { formatter: (v: number) => clock(v), hideOverlap: true },
  splitLine: { show: false },
});

// ── S-T ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The S-T curve: point k (k ≥ 1) is after sample k − 1, which codes (k − 0.5) × interval. */
export function stCurveOption(machine: StSection, human: StSection | null): ChartOption {
  const n = Math.max(1, machine.n);
  const pts = (st: StSection) => st.curve.map(([s, t], k) => ({ value: [s, t], t: k === 0 ? 0 : sampleTime(k - 1, st.interval), k }));
  const series: unknown[] = [
    {
      type: "line",
      name: "机器编码",
      data: pts(machine),
      symbol: "circle",
      symbolSize: 7,
      lineStyle: { width: 2, color: T_COLOR },
      itemStyle: { color: T_COLOR },
      markLine: { silent: true, symbol: "none", lineStyle: { type: "dashed", color: "#c9d3ce" }, data: [[{ coord: [0, 0] }, { coord: [n, n] }]] },
    },
  ];
  if (human)
    series.push({
      type: "line",
      name: "人工修正",
      data: pts(human),
      symbol: "circle",
      symbolSize: 6,
      lineStyle: { width: 2, type: "dashed", color: S_COLOR },
      itemStyle: { color: S_COLOR },
    });
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const x = p as { seriesName: string; data: { value: [number, number]; t: number; k: number } };
        return `${x.seriesName}<br/>第 ${x.data.k} 个采样后：S=${x.data.value[0]}，T=${x.data.value[1]}<br/>时间 ${clock(x.data.t)}（点击跳转视频）`;
      },
    },
    legend: { bottom: 0, show: !!human },
    grid: { left: 44, right: 20, top: 24, bottom: human ? 48 : 36 },
    xAxis: { type: "value", name: "S", min: 0, max: n, minInterval: 1, nameGap: 6 },
    yAxis: { type: "value", name: "T", min: 0, max: n, minInterval: 1 },
    series,
  } as ChartOption;
}

/** Mode regions of the Rt-Ch chart (platform method): 练习型 Rt ≤ 0.3, 讲授型 Rt ≥ 0.7, 对话型 Ch ≥ 0.4, else 混合型. */
const MODE_REGIONS: Array<{ name: string; from: [number, number]; to: [number, number]; color: string }> = [
  { name: "练习型", from: [0, 0], to: [0.3, 1], color: "rgba(240,163,94,0.16)" },
  { name: "讲授型", from: [0.7, 0], to: [1, 1], color: "rgba(31,122,92,0.14)" },
  { name: "对话型", from: [0.3, 0.4], to: [0.7, 1], color: "rgba(84,112,198,0.14)" },
  { name: "混合型", from: [0.3, 0], to: [0.7, 0.4], color: "rgba(145,145,145,0.12)" },
];

export interface RtChPoint {
  name: string;
  rt: number;
  ch: number;
  id?: number;
}

/** Rt-Ch scatter with the four mode regions drawn. */
export function rtChOption(groups: Array<{ name: string; points: RtChPoint[] }>): ChartOption {
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const x = p as { seriesName: string; data?: { name?: string; value?: [number, number] } };
        if (!x.data?.value) return "";
        return `${x.data.name ?? x.seriesName}<br/>Rt=${r2(x.data.value[0])}，Ch=${r2(x.data.value[1])}`;
      },
    },
    legend: { bottom: 0, show: groups.length > 1 },
    grid: { left: 44, right: 20, top: 24, bottom: groups.length > 1 ? 48 : 36 },
    xAxis: { type: "value", name: "Rt", min: 0, max: 1, interval: 0.1, nameGap: 6, splitLine: { show: false } },
    yAxis: { type: "value", name: "Ch", min: 0, max: 1, interval: 0.1, splitLine: { show: false } },
    series: groups.map((g, i) => ({
      type: "scatter",
      name: g.name,
      symbolSize: 14,
      data: g.points.map((p) => ({ name: p.name, value: [r2(p.rt), r2(p.ch)], id: p.id })),
      label: { show: true, position: "right", formatter: (x: { data: { name: string } }) => x.data.name, fontSize: 11, color: "#3b4a44" },
      ...(i === 0
        ? {
            markArea: {
              silent: true,
              label: { show: true, position: "insideTop", distance: 8, color: "#6b7a73", fontSize: 13 },
              data: MODE_REGIONS.map((m) => [{ name: m.name, coord: m.from, itemStyle: { color: m.color } }, { coord: m.to }]),
            },
          }
        : {}),
    })),
  } as ChartOption;
}

// ── talk ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function sharesOption(teacher: number, student: number, silence: number): ChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}：{d}%" },
    legend: { bottom: 0 },
    series: [
      {
        type: "pie",
        radius: ["36%", "68%"],
        center: ["50%", "44%"],
        label: { position: "inside", color: "#fff", fontSize: 11, formatter: (p: { percent: number }) => (p.percent >= 6 ? `${p.percent.toFixed(0)}%` : "") },
        data: [
          { name: "教师话语", value: r2(teacher * 100), itemStyle: { color: T_COLOR } },
          { name: "学生话语", value: r2(student * 100), itemStyle: { color: S_COLOR } },
          { name: "沉默/其他", value: r2(silence * 100), itemStyle: { color: SILENCE_COLOR } },
        ],
      },
    ],
  } as ChartOption;
}

/** Spans on a time axis (one row per category): custom rectangles, each clickable at its start. */
function spansSeries(name: string, spans: Array<{ start: number; end: number; row: number; color: string; tip: string }>) {
  return {
    type: "custom",
    name,
    renderItem: (
      _: unknown,
      api: {
        value: (i: number) => number;
        coord: (v: [number, number]) => [number, number];
        size: (v: [number, number]) => [number, number];
        style: (x: object) => object;
      },
    ) => {
      const row = api.value(2);
      const a = api.coord([api.value(0), row]);
      const b = api.coord([api.value(1), row]);
      const h = api.size([0, 1])[1] * 0.6;
      return { type: "rect", shape: { x: a[0], y: a[1] - h / 2, width: Math.max(2, b[0] - a[0]), height: h }, style: api.style({}) };
    },
    encode: { x: [0, 1], y: 2 },
    data: spans.map((s) => ({ value: [s.start, s.end, s.row], t: s.start, itemStyle: { color: s.color }, tip: s.tip })),
    tooltip: { formatter: (p: { data: { tip: string } }) => p.data.tip },
  };
}

export function speechTimelineOption(segments: SpeechSegment[], duration: number): ChartOption {
  const rows = ["学生 S", "教师 T"];
  return {
    tooltip: { trigger: "item" },
    grid: { left: 60, right: 20, top: 10, bottom: 30 },
    xAxis: timeAxis(duration),
    yAxis: { type: "category", data: rows },
    series: [
      spansSeries(
        "话语",
        segments.map((s) => ({
          start: s.start,
          end: s.end,
          row: s.role === "T" ? 1 : 0,
          color: s.role === "T" ? T_COLOR : S_COLOR,
          tip: `${s.role === "T" ? "教师" : "学生"} ${clock(s.start)}–${clock(s.end)}（点击跳转）`,
        })),
      ),
    ],
  } as ChartOption;
}

const LIDA_COLORS: Record<string, string> = {
  praise: "#1f7a5c",
  follow_up: "#5470c6",
  correction: "#ee6666",
  repetition: "#f0a35e",
  none: "#b8c4be",
  unanswered: "#8a9690",
};

/** Questions on the time axis: row open/closed, coloured by the teacher's response (理答). */
export function questionsOption(questions: QuestionItem[], duration: number): ChartOption {
  const rows = [QUESTION_KIND_NAMES.closed, QUESTION_KIND_NAMES.open];
  const groups = [...LIDA_KINDS, "unanswered"] as const;
  const name = (g: string) => (g === "unanswered" ? "学生未回答" : LIDA_NAMES[g as keyof typeof LIDA_NAMES]);
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const q = (p as { data: { q: QuestionItem } }).data.q;
        return `${clock(q.time)} ${QUESTION_KIND_NAMES[q.kind]}<br/>${escapeHtml(q.text).slice(0, 60)}<br/>理答：${q.response ? LIDA_NAMES[q.response] : "学生未回答"}（点击跳转）`;
      },
    },
    legend: { bottom: 0 },
    grid: { left: 80, right: 20, top: 10, bottom: 56 },
    xAxis: timeAxis(duration),
    yAxis: { type: "category", data: rows },
    series: groups.map((g) => ({
      type: "scatter",
      name: name(g),
      symbol: g === "unanswered" ? "emptyCircle" : "circle",
      symbolSize: 13,
      itemStyle: { color: LIDA_COLORS[g] },
      data: questions.filter((q) => (q.response ?? "unanswered") === g).map((q) => ({ value: [q.time, q.kind === "open" ? 1 : 0], t: q.time, q })),
    })),
  } as ChartOption;
}

export function depthDistributionOption(dist: Array<{ depth: number; count: number }>): ChartOption {
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    grid: { left: 40, right: 16, top: 20, bottom: 40 },
    xAxis: { type: "category", data: dist.map((d) => `${d.depth} 轮`), name: "对话深度", nameLocation: "middle", nameGap: 26 },
    yAxis: { type: "value", minInterval: 1, name: "次数" },
    series: [
      { type: "bar", name: "问答链", data: dist.map((d) => d.count), barMaxWidth: 28, itemStyle: { color: "#5470c6" }, label: { show: true, position: "top" } },
    ],
  } as ChartOption;
}

export function chainsOption(chains: DialogueChain[], duration: number, maxDepth: number): ChartOption {
  return {
    tooltip: { trigger: "item" },
    grid: { left: 44, right: 20, top: 16, bottom: 30 },
    xAxis: timeAxis(duration),
    yAxis: { type: "value", name: "深度", min: 0, max: Math.max(1, maxDepth) + 1, interval: 1 },
    series: [
      {
        type: "custom",
        name: "问答链",
        renderItem: (_: unknown, api: { value: (i: number) => number; coord: (v: [number, number]) => [number, number]; style: (x: object) => object }) => {
          const a = api.coord([api.value(0), api.value(2)]);
          const b = api.coord([api.value(1), 0]);
          return { type: "rect", shape: { x: a[0], y: a[1], width: Math.max(3, b[0] - a[0]), height: b[1] - a[1] }, style: api.style({}) };
        },
        encode: { x: [0, 1], y: 2 },
        itemStyle: { color: "rgba(84,112,198,0.7)" },
        data: chains.map((c) => ({ value: [c.start, c.end, c.depth], t: c.start })),
        tooltip: {
          formatter: (p: { data: { value: number[] } }) => `${clock(p.data.value[0]!)}–${clock(p.data.value[1]!)}：${p.data.value[2]} 轮问答（点击跳转）`,
        },
      },
    ],
  } as ChartOption;
}

// ── FIAS ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function fiasOption(f: FiasSection): ChartOption {
  const labels = FIAS_CATEGORIES.map((_, i) => String(i + 1));
  const data: Array<[number, number, number]> = [];
  let max = 0;
  f.matrix.forEach((row, i) => {
    row.forEach((v, j) => {
      data.push([j, i, v]);
      max = Math.max(max, v);
    });
  });
  return {
    tooltip: {
      formatter: (p: unknown) => {
        const v = (p as { value: [number, number, number] }).value;
        return `${v[1] + 1} ${FIAS_CATEGORIES[v[1]]} → ${v[0] + 1} ${FIAS_CATEGORIES[v[0]]}<br/>${v[2]} 次`;
      },
    },
    grid: { left: 40, right: 70, top: 10, bottom: 40 },
    xAxis: { type: "category", data: labels, name: "后", nameGap: 6, splitArea: { show: true } },
    yAxis: { type: "category", data: labels, name: "前", inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max: Math.max(1, max),
      calculable: false,
      orient: "vertical",
      right: 0,
      top: "middle",
      itemHeight: 120,
      inRange: { color: ["#f4f8f6", "#1f7a5c"] },
    },
    series: [{ type: "heatmap", data, label: { show: true, fontSize: 10, formatter: (p: { value: number[] }) => (p.value[2] ? String(p.value[2]) : "") } }],
  } as ChartOption;
}

// ── behaviour ────────────────────────────────────────────────────────────────────────────────────────────────

export function motionOption(b: BehaviorSection, duration: number): ChartOption {
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: unknown) => {
        const d = (p as { data: { t: number; value: number[] } }).data;
        return `${clock(d.t)} 画面变化 ${pct(d.value[1])}（点击跳转）`;
      },
    },
    grid: { left: 50, right: 20, top: 16, bottom: 30 },
    xAxis: timeAxis(duration),
    yAxis: { type: "value", name: "画面变化", axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
    series: [
      {
        type: "line",
        name: "运动量",
        symbolSize: 5,
        showSymbol: true,
        areaStyle: { opacity: 0.15 },
        data: b.motion.map((m) => ({ value: [m.t, m.value], t: m.t })),
      },
    ],
  } as ChartOption;
}

export function positionHeatmapOption(h: BehaviorSection["heatmap"]): ChartOption {
  const data: Array<[number, number, number]> = [];
  let max = 0;
  h.cells.forEach((v, i) => {
    data.push([i % h.cols, Math.floor(i / h.cols), r2(v)]);
    max = Math.max(max, v);
  });
  const xs = Array.from({ length: h.cols }, (_, i) => String(i + 1));
  const ys = Array.from({ length: h.rows }, (_, i) => String(i + 1));
  return {
    tooltip: {
      formatter: (p: unknown) => {
        const v = (p as { value: number[] }).value;
        return `第 ${v[1]! + 1} 行第 ${v[0]! + 1} 列：${v[2]} 秒`;
      },
    },
    grid: { left: 30, right: 70, top: 10, bottom: 30 },
    xAxis: { type: "category", data: xs, name: "画面横向", nameLocation: "middle", nameGap: 20, axisLabel: { show: false } },
    yAxis: { type: "category", data: ys, inverse: true, axisLabel: { show: false }, name: "纵向" },
    visualMap: {
      min: 0,
      max: Math.max(1, max),
      orient: "vertical",
      right: 0,
      top: "middle",
      itemHeight: 100,
      inRange: { color: ["#f7faf9", "#f0a35e", "#c23531"] },
    },
    series: [{ type: "heatmap", data }],
  } as ChartOption;
}

export function zonesOption(z: BehaviorSection["zones"]): ChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}：{d}%" },
    legend: { bottom: 0 },
    series: [
      {
        type: "pie",
        radius: "64%",
        center: ["50%", "44%"],
        label: { position: "inside", color: "#fff", fontSize: 11, formatter: (p: { percent: number }) => (p.percent >= 6 ? `${p.percent.toFixed(0)}%` : "") },
        data: [
          { name: "讲台/板书区", value: r2(z.board * 100) },
          { name: "教室前部", value: r2(z.front * 100) },
          { name: "学生中间", value: r2(z.among_students * 100) },
        ],
      },
    ],
  } as ChartOption;
}

export function seriesLineOption(series: Array<{ t: number; value: number }>, duration: number, name: string, percent: boolean): ChartOption {
  return {
    tooltip: { trigger: "item" },
    grid: { left: 50, right: 20, top: 16, bottom: 30 },
    xAxis: timeAxis(duration),
    yAxis: percent ? { type: "value", name, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } } : { type: "value", name, minInterval: 1 },
    series: [{ type: "line", name, data: series.map((m) => ({ value: [m.t, m.value], t: m.t })) }],
  } as ChartOption;
}

export function autonomousOption(a: AutonomousSection, duration: number): ChartOption {
  const rows = ["自主学习"];
  return {
    tooltip: { trigger: "item" },
    grid: { left: 70, right: 20, top: 10, bottom: 30 },
    xAxis: timeAxis(duration),
    yAxis: { type: "category", data: rows },
    series: [
      spansSeries(
        "自主学习",
        a.spans.map((s) => ({
          start: s.start,
          end: s.end,
          row: 0,
          color: "#91cc75",
          tip: `${clock(s.start)}–${clock(s.end)}，${Math.round(s.end - s.start)} 秒（点击跳转）`,
        })),
      ),
    ],
  } as ChartOption;
}

// ── scoring ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface ScoreDim {
  name: string;
  score: number;
  max: number;
}

/** Dimensions: top-level items of the scheme, each the sum of its judged leaves (a top item without children is its own leaf). */
export function scoreDims(items: ScoringItem[]): ScoreDim[] {
  const ids = new Set(items.map((i) => i.indicator_id));
  const tops = items.filter((i) => !ids.has(i.parent_id));
  const childrenOf = (id: number): ScoringItem[] => items.filter((i) => i.parent_id === id);
  const leaves = (it: ScoringItem): ScoringItem[] => {
    const kids = childrenOf(it.indicator_id);
    return kids.length ? kids.flatMap(leaves) : [it];
  };
  return tops
    .map((t) => {
      const judged = leaves(t).filter((l) => l.score !== null);
      return { name: t.name, score: judged.reduce((s, l) => s + (l.score ?? 0), 0), max: judged.reduce((s, l) => s + l.max_score, 0) };
    })
    .filter((d) => d.max > 0);
}

export function scoreRadarOption(dims: ScoreDim[]): ChartOption {
  return {
    tooltip: { trigger: "item" },
    radar: { radius: "62%", center: ["50%", "52%"], indicator: dims.map((d) => ({ name: d.name, max: d.max })), axisName: { color: "#3b4a44", fontSize: 12 } },
    series: [{ type: "radar", name: "指标得分", areaStyle: { opacity: 0.25 }, data: [{ name: "得分", value: dims.map((d) => r2(d.score)) }] }],
  } as ChartOption;
}

// ── comparison (/charts) ─────────────────────────────────────────────────────────────────────────────────────

export function groupedBarsOption(
  names: string[],
  groups: Array<{ name: string; values: Array<number | null>; color?: string }>,
  opts: { percent?: boolean; stack?: boolean } = {},
): ChartOption {
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { bottom: 0 },
    grid: { left: 12, right: 16, top: 20, bottom: 40, containLabel: true },
    xAxis: { type: "category", data: names, axisLabel: { interval: 0, width: 110, overflow: "truncate" } },
    yAxis: opts.percent ? { type: "value", ...(opts.stack ? { max: 100 } : {}), axisLabel: { formatter: "{value}%" } } : { type: "value", minInterval: 1 },
    series: groups.map((g) => ({
      type: "bar",
      name: g.name,
      ...(opts.stack ? { stack: "s" } : {}),
      barMaxWidth: 26,
      ...(g.color ? { itemStyle: { color: g.color } } : {}),
      data: g.values.map((v) => (v === null ? null : opts.percent ? r2(v * 100) : r2(v))),
    })),
  } as ChartOption;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
