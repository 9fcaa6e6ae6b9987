import { describe, expect, it } from "vitest";
import { BLANK_FILTERS, durationOf, filterPayload, formatDuration, hasFilters, minutesText, needsRefresh, shanghaiMs, splitBatch } from "./record-view";

describe("record-view", () => {
  it("builds the c126 payload from the filters, leaving empty ones out", () => {
    expect(filterPayload(BLANK_FILTERS)).toEqual({});
    expect(hasFilters({ ...BLANK_FILTERS, course_name: "  " })).toBe(false);
    expect(filterPayload({ course_name: " 函数 ", class_id: 3, transcribe_status: 0, range: ["2026-03-01", "2026-03-31"] })).toEqual({
      course_name: "函数",
      class_id: 3,
      transcribe_status: 0,
      start_date: "2026-03-01",
      end_date: "2026-03-31",
    });
  });

  it("formats durations and counts up while recording", () => {
    expect(formatDuration(0)).toBe("");
    expect(formatDuration(65)).toBe("1:05");
    expect(formatDuration(3723)).toBe("1:02:03");
    // 08:00:00 Shanghai is 00:00:00 UTC.
    expect(shanghaiMs("2026-03-02 08:00:00")).toBe(Date.UTC(2026, 2, 2, 0, 0, 0));
    expect(shanghaiMs("garbage")).toBeNull();
    const row = { duration: 0, transcribe_status: 0, start_date: "2026-03-02 08:00:00", end_date: "2026-03-02 10:00:00" };
    expect(durationOf(row, Date.UTC(2026, 2, 2, 0, 1, 30))).toBe("1:30");
    expect(durationOf({ ...row, transcribe_status: 2, duration: 42 }, 0)).toBe("0:42");
    expect(durationOf({ ...row, transcribe_status: 3 }, 0)).toBe("—");
    expect(minutesText(0)).toBe("不足 1 分钟");
    expect(minutesText(25)).toBe("约 25 分钟");
  });

  it("refreshes while something records or is processed, and splits batch answers", () => {
    expect(needsRefresh([{ transcribe_status: 2 }, { transcribe_status: 3 }])).toBe(false);
    expect(needsRefresh([{ transcribe_status: 2 }, { transcribe_status: 1 }])).toBe(true);
    expect(
      splitBatch([
        { id: 1, ok: true, msg: "已删除" },
        { id: 2, ok: false, msg: "正在录制，请先停止录制" },
      ]),
    ).toEqual({
      ok: [1],
      failed: [{ id: 2, ok: false, msg: "正在录制，请先停止录制" }],
    });
  });
});
