import type { ReportAnswer, ReportMeta } from "@yanke/protocol";
import dayjs from "../dayjs";
import { describe, expect, it } from "vitest";
import { cellText, chartBlock, chartOption, dimensionBlock, rangePresets, schoolYearOf, termOf } from "./report-view";

const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format("YYYY-MM-DD"));

describe("date presets", () => {
  it("本学期 is Feb–Jul or Sep–Jan, 本学年 Sep–Aug", () => {
    expect(fmt(termOf(dayjs("2026-11-22")))).toEqual(["2026-09-01", "2027-01-31"]);
    expect(fmt(termOf(dayjs("2027-01-10")))).toEqual(["2026-09-01", "2027-01-31"]);
    expect(fmt(termOf(dayjs("2027-03-10")))).toEqual(["2027-02-01", "2027-07-31"]);
    expect(fmt(termOf(dayjs("2027-08-10")))).toEqual(["2027-09-01", "2028-01-31"]);
    expect(fmt(schoolYearOf(dayjs("2026-11-22")))).toEqual(["2026-09-01", "2027-08-31"]);
    expect(fmt(schoolYearOf(dayjs("2027-05-01")))).toEqual(["2026-09-01", "2027-08-31"]);
    expect(rangePresets(dayjs("2026-11-22")).map((p) => [p.label, ...fmt(p.value)])[0]).toEqual(["本月", "2026-11-01", "2026-11-30"]);
  });
});

const meta = {
  dimensions: [
    { key: "region", name: "区域", excludes: [{ key: "school", reason: "学校已归属唯一区域" }], disabled: "" },
    { key: "school", name: "学校", excludes: [{ key: "region", reason: "学校已归属唯一区域" }], disabled: "" },
    { key: "subject", name: "学科", excludes: [], disabled: "" },
    { key: "time", name: "时间", excludes: [], disabled: "" },
  ],
} as unknown as ReportMeta;

describe("which picks are allowed", () => {
  it("blocks a third dimension, region beside school, and what the scope forbids", () => {
    expect(dimensionBlock(meta, "subject", ["school"])).toBe("");
    expect(dimensionBlock(meta, "region", ["school"])).toBe("学校已归属唯一区域");
    expect(dimensionBlock(meta, "time", ["school", "subject"])).toBe("最多选择 2 个维度");
    expect(dimensionBlock(meta, "school", ["school", "subject"])).toBe("");
    const school = { dimensions: meta.dimensions.map((d) => ({ ...d, disabled: d.key === "school" ? "本校" : "" })) } as ReportMeta;
    expect(dimensionBlock(school, "school", [])).toBe("本校");
    expect(chartBlock("pie", ["school", "time"])).toMatch(/饼图/);
    expect(chartBlock("line", ["school", "time"])).toBe("");
  });
});

const answer = (dims: string[], rows: Record<string, string | number | null>[]): ReportAnswer => ({
  columns: [
    ...dims.map((key) => ({ key, title: key, kind: "dimension" as const })),
    { key: "recorded", title: "录制课数", kind: "measure", measure_kind: "count" },
    { key: "score", title: "平均评分", kind: "measure", measure_kind: "mean" },
  ],
  rows,
  totals: {},
  total_rows: rows.length,
  truncated: false,
  filters_text: "",
});

describe("chart option", () => {
  it("one dimension: a series per measure, means on the right axis", () => {
    const o = chartOption(
      answer(
        ["school"],
        [
          { school: "一中", recorded: 3, score: 90 },
          { school: "二中", recorded: 0, score: null },
        ],
      ),
      { type: "bar", measure: "recorded", stacked: false },
    ) as {
      xAxis: { data: string[] };
      series: { name: string; yAxisIndex: number; data: (number | null)[] }[];
    };
    expect(o.xAxis.data).toEqual(["一中", "二中"]);
    expect(o.series.map((s) => [s.name, s.yAxisIndex, s.data])).toEqual([
      ["录制课数", 0, [3, 0]],
      ["平均评分", 1, [90, null]],
    ]);
  });

  it("two dimensions: the second splits the picked measure into (stacked) series", () => {
    const rows = [
      { school: "一中", time: "2026-09", recorded: 2, score: 80 },
      { school: "一中", time: "2026-10", recorded: 1, score: 70 },
      { school: "二中", time: "2026-10", recorded: 4, score: null },
    ];
    const o = chartOption(answer(["school", "time"], rows), { type: "bar", measure: "recorded", stacked: true }) as {
      xAxis: { data: string[] };
      series: { name: string; stack?: string; data: (number | null)[] }[];
    };
    expect(o.xAxis.data).toEqual(["一中", "二中"]);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ["2026-09", "total", [2, null]],
      ["2026-10", "total", [1, 4]],
    ]);
    const pie = chartOption(answer(["school"], rows.slice(0, 1)), { type: "pie", measure: "score", stacked: false }) as {
      series: { data: { name: string; value: number }[] }[];
    };
    expect(pie.series[0]!.data).toEqual([{ name: "一中", value: 80 }]);
  });

  it("cells: means with two decimals, none as —", () => {
    expect(cellText(90, "mean")).toBe("90.00");
    expect(cellText(3, "count")).toBe("3");
    expect(cellText(null)).toBe("—");
  });
});
