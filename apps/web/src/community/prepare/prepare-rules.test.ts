import { DISCUSS_MESSAGES, type PreparationStatistics } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import {
  bytes,
  checkDiscussImage,
  checkDiscussMessage,
  checkWindow,
  coEditHref,
  gradeNamesFor,
  monthLabels,
  phaseSlices,
  prepFormHref,
  statusSlices,
} from "./prepare-rules";

const MB = 1024 * 1024;

describe("prepare rules", () => {
  it("discussion images: png / jpg / jpeg up to 100 MB, in any case of extension", () => {
    expect(checkDiscussImage({ name: "板书.PNG", size: 3 * MB })).toBeNull();
    expect(checkDiscussImage({ name: "a.jpeg", size: 100 * MB })).toBeNull();
    expect(checkDiscussImage({ name: "a.jpg", size: 100 * MB + 1 })).toBe("上传文件大小限制：100MB");
    expect(checkDiscussImage({ name: "a.gif", size: 10 })).toBe(DISCUSS_MESSAGES.imageFormat);
    expect(checkDiscussImage({ name: "png", size: 10 })).toBe(DISCUSS_MESSAGES.imageFormat);
  });

  it("a message needs text or an image", () => {
    expect(checkDiscussMessage("   \n", [])).toBe("请先输入内容");
    expect(checkDiscussMessage("", ["/files/3"])).toBeNull();
    expect(checkDiscussMessage(" 好 ", [])).toBeNull();
  });

  it("the time window: both ends, the end after the start", () => {
    expect(checkWindow(undefined, "2026-11-23 10:00:00")).toBe("请选择备课时间");
    expect(checkWindow("2026-11-23 10:00:00", "2026-11-23 10:00:00")).toBe("结束时间必须晚于开始时间");
    expect(checkWindow("2026-11-23 10:00:00", "2026-11-23 09:59:00")).toBe("结束时间必须晚于开始时间");
    expect(checkWindow("2026-11-23 10:00:00", "2026-11-30 10:00:00")).toBeNull();
  });

  it("links keep the ids the pages read", () => {
    expect(prepFormHref({ communityId: 7 })).toBe("/addBKDetail?community_id=7");
    expect(prepFormHref({ id: 3, communityId: 7 })).toBe("/addBKDetail?id=3");
    expect(coEditHref(3, 9)).toBe("/collectivePrepare/editDetail?id=3&doc=9");
  });

  it("grades by period name", () => {
    expect(gradeNamesFor("初中")).toEqual(["七年级", "八年级", "九年级"]);
    expect(gradeNamesFor("高中")).toContain("高二");
    expect(gradeNamesFor(undefined)).toHaveLength(12);
  });

  it("chart series: month labels show the year at the start and in January; empty slices are left out", () => {
    expect(monthLabels([{ month: "2025-12" }, { month: "2026-01" }, { month: "2026-02" }])).toEqual(["2025年12月", "2026年1月", "2月"]);
    const s = {
      totals: { count: 3, upcoming: 0, running: 2, ended: 1 },
      verify: [
        { verify_status: 0, name: "待审核", count: 1 },
        { verify_status: 1, name: "已通过", count: 2 },
        { verify_status: 2, name: "未通过", count: 0 },
      ],
    } as unknown as PreparationStatistics;
    expect(phaseSlices(s)).toEqual([
      { name: "进行中", value: 2 },
      { name: "已结束", value: 1 },
    ]);
    expect(statusSlices(s).map((x) => x.name)).toEqual(["待审核", "已通过"]);
  });

  it("sizes", () => {
    expect(bytes(0)).toBe("—");
    expect(bytes(2048)).toBe("2.0 KB");
    expect(bytes(5 * MB)).toBe("5.0 MB");
  });
});
