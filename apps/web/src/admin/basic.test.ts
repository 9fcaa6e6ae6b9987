import { describe, expect, it } from "vitest";
import { classPayload, schoolFormValues, schoolPayload, studentPayload } from "./basic-forms";
import type { RegionNode, SchoolRow } from "@yanke/protocol";
import { batchSummary, compact, entryYears, normalizeImportReport } from "./entity";
import { bestUnit, consumersOption, progressStatus, quotaProblem, sizeIn, usageText, usedPercent } from "./quota-view";
import { childCodePrefix, EMPTY_REGION_TREE, invalidateLevel, levelFailed, levelLoaded, regionPickNodes, regionRows, startLoading } from "./region-tree";

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const TB = 1024 ** 4;

function region(id: number, pid: number, level: number, has_children: boolean, sort = 0): RegionNode {
  return {
    id,
    pid,
    name: `r${id}`,
    level,
    region_code: level === 1 ? "640000" : level === 2 ? "640100" : "640104",
    province_code: "640000",
    city_code: "",
    area_code: "",
    sort,
    has_children,
    school_count: 0,
    full_name: `r${id}`,
    created_at: "",
  };
}

describe("quota input", () => {
  const limits = { min_quota_bytes: 2 * GB, max_quota_bytes: 10 * GB };
  it("accepts a size within [used and handed down, parent's remainder] in any unit", () => {
    expect(quotaProblem(5, "GB", limits)).toBe("");
    expect(quotaProblem(4096, "MB", limits)).toBe("");
    expect(quotaProblem(10, "GB", limits)).toBe("");
  });
  it("refuses below the minimum and above the maximum with the figures", () => {
    expect(quotaProblem(1, "GB", limits)).toBe("不能小于已使用和已分配的 2 GB");
    expect(quotaProblem(1, "TB", limits)).toBe("不能超过上级剩余可分配的 10 GB");
  });
  it("allows 0 (不限) only without a limiting parent", () => {
    expect(quotaProblem(0, "GB", limits)).toMatch(/不能设为不限/);
    expect(quotaProblem(0, "GB", { min_quota_bytes: 0, max_quota_bytes: null })).toBe("");
  });
  it("asks for a size when empty and refuses negatives", () => {
    expect(quotaProblem(null, "GB", limits)).toBe("请输入空间大小");
    expect(quotaProblem(-1, "MB", limits)).toBe("空间大小不能小于 0");
    expect(quotaProblem(2000, "TB", { min_quota_bytes: 0, max_quota_bytes: null })).toBe("不能超过 1024 TB");
  });
  it("picks the unit that shows a size as a number ≥ 1 and converts", () => {
    expect(bestUnit(0)).toBe("MB");
    expect(bestUnit(500 * MB)).toBe("MB");
    expect(bestUnit(3 * GB)).toBe("GB");
    expect(bestUnit(2 * TB)).toBe("TB");
    expect(sizeIn(1536 * MB, "GB")).toBe(1.5);
  });
  it("computes the used percent, the bar status and the text", () => {
    expect(usedPercent(GB, 4 * GB)).toBe(25);
    expect(usedPercent(5 * GB, 4 * GB)).toBe(100);
    expect(usedPercent(GB, 0)).toBe(0);
    expect(progressStatus(91)).toBe("exception");
    expect(progressStatus(50)).toBe("normal");
    expect(usageText(512 * MB, 0)).toBe("512 MB / 不限");
    expect(usageText(GB, 2 * GB)).toBe("1 GB / 2 GB");
  });
});

describe("largest consumers chart", () => {
  const row = (id: number, used: number) => ({
    id,
    username: `u${id}`,
    realname: id === 1 ? "" : `教师${id}`,
    school_id: 1,
    school_title: "一中",
    used_bytes: used,
    space_size: 0,
    space_size_type: "GB" as const,
    used_space_size: 0,
    surplus_space_size: null,
    quota_bytes: 0,
    surplus_bytes: null,
    unlimited: true,
    used_percent: null,
  });
  it("draws the 20 largest, largest first, in the largest's unit, one colour per bar", () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i + 1, (i + 1) * 100 * MB));
    const o = consumersOption(rows);
    expect(o.series[0]?.data).toHaveLength(20);
    expect(o.series[0]?.data[0]).toBe(2.44);
    expect(o.series[0]?.colorBy).toBe("data");
    expect(o.xAxis.name).toBe("GB");
    expect(o.yAxis.data[0]).toBe("教师25（一中）");
    expect(consumersOption([row(1, 5 * MB)]).yAxis.data[0]).toBe("u1（一中）");
  });

  it("leaves out accounts that use nothing", () => {
    const o = consumersOption([row(1, 0), row(2, 3 * MB), row(3, 0)]);
    expect(o.yAxis.data).toEqual(["教师2（一中）"]);
  });
});

describe("lazy region tree", () => {
  it("shows an expand placeholder for unloaded children and fills it once loaded", () => {
    let s = levelLoaded(startLoading(EMPTY_REGION_TREE, 0), 0, [region(2, 0, 1, false, 2), region(1, 0, 1, true, 1)]);
    expect(s.loading.size).toBe(0);
    expect(regionRows(s).map((r) => [r.id, r.children])).toEqual([
      [1, []],
      [2, undefined],
    ]);
    s = startLoading(s, 1);
    expect(s.loading.has(1)).toBe(true);
    s = levelLoaded(s, 1, [region(3, 1, 2, true)]);
    const rows = regionRows(s);
    expect(rows[0]?.children?.map((r) => r.id)).toEqual([3]);
    expect(rows[0]?.children?.[0]?.children).toEqual([]);
  });
  it("turns a node whose level came back empty into a leaf", () => {
    const s = levelLoaded(levelLoaded(EMPTY_REGION_TREE, 0, [region(1, 0, 1, true)]), 1, []);
    expect(regionRows(s)[0]).toMatchObject({ id: 1, has_children: false });
    expect(regionRows(s)[0]?.children).toBeUndefined();
  });
  it("clears the loading mark on failure and forgets a level with its subtree", () => {
    let s = levelLoaded(levelLoaded(EMPTY_REGION_TREE, 0, [region(1, 0, 1, true)]), 1, [region(3, 1, 2, true)]);
    s = levelLoaded(s, 3, [region(4, 3, 3, false)]);
    expect(levelFailed(startLoading(s, 4), 4).loading.has(4)).toBe(false);
    const dropped = invalidateLevel(s, 1);
    expect([...dropped.children.keys()]).toEqual([0]);
    expect(regionPickNodes(s).map((n) => [n.value, n.pId, n.isLeaf])).toEqual([
      [1, 0, false],
      [3, 1, false],
      [4, 3, true],
    ]);
  });
  it("suggests a child's code prefix from its parent", () => {
    expect(childCodePrefix(undefined)).toBe("");
    expect(childCodePrefix(region(1, 0, 1, true))).toBe("64");
    expect(childCodePrefix(region(2, 1, 2, true))).toBe("6401");
  });
});

describe("entity helpers", () => {
  it("reads per-id batch answers and treats other answers as all done", () => {
    expect(
      batchSummary(
        [
          { id: 1, ok: true },
          { id: 2, ok: false, msg: "有学生" },
        ],
        [1, 2],
      ),
    ).toEqual({ okIds: [1], failed: [{ id: 2, msg: "有学生" }] });
    expect(batchSummary({ list: [{ id: 3, ok: 1 }] }, [3])).toEqual({ okIds: [3], failed: [] });
    expect(batchSummary(null, [4, 5])).toEqual({ okIds: [4, 5], failed: [] });
  });
  it("leaves empty filters out and trims", () => {
    expect(compact({ a: " x ", b: "", c: undefined, d: 0, e: null, f: 3 })).toEqual({ a: "x", d: 0, f: 3 });
  });
  it("offers this year and the 12 before as entry years", () => {
    const y = entryYears(new Date(2026, 5, 1));
    expect(y[0]).toBe(2026);
    expect(y).toHaveLength(13);
    expect(y[12]).toBe(2014);
  });
  it("normalizes any import answer into one report", () => {
    expect(
      normalizeImportReport({
        total: "3",
        imported: 1,
        errors: [{ row: 2, field: "学号", msg: "重复" }, 5],
        accounts: [
          { row: 3, username: "t1", password: "P1" },
          { row: 4, username: "t2" },
        ],
      }),
    ).toEqual({
      total: 3,
      imported: 1,
      skipped: 0,
      errors: [{ row: 2, field: "学号", msg: "重复" }],
      passwords: [{ row: 3, username: "t1", password: "P1" }],
    });
    expect(normalizeImportReport(null)).toEqual({ total: 0, imported: 0, skipped: 0, errors: [], passwords: [] });
  });
});

describe("form payloads", () => {
  it("school: defaults for a new school, trimmed payload, status as 0/1", () => {
    expect(schoolFormValues(null)).toMatchObject({ status: true, school_type: "MOSHI_k12" });
    const row: SchoolRow = {
      id: 1,
      title: "一中",
      code: "YZ",
      province_code: "",
      city_code: "",
      area_code: "",
      region_id: 0,
      province_name: "",
      city_name: "",
      area_name: "",
      region_name: "",
      school_type: "MOSHI_k12",
      school_index_name: "",
      school_index_logo: "",
      address: "",
      telephone: "",
      status: 0,
      created_at: "",
    };
    expect(schoolFormValues(row)).toMatchObject({ title: "一中", region_id: undefined, status: false });
    expect(
      schoolPayload({ title: " 二中 ", code: "", region_id: 7, school_type: "", school_index_name: "", address: " 路 ", telephone: "", status: true }),
    ).toEqual({
      title: "二中",
      code: "",
      region_id: 7,
      school_type: "MOSHI_k12",
      school_index_name: "",
      address: "路",
      telephone: "",
      status: 1,
    });
  });
  it("class and student payloads", () => {
    expect(classPayload({ school_id: 1, grade_id: 3, name: " 一班 ", entry_year: 2025, head_teacher_id: undefined, status: false })).toEqual({
      grade_id: 3,
      name: "一班",
      entry_year: 2025,
      head_teacher_id: 0,
      status: 0,
    });
    expect(studentPayload({ school_id: 1, class_id: 9, name: " 张三 ", student_no: " S01 ", gender: 1, status: 1 })).toEqual({
      class_id: 9,
      name: "张三",
      student_no: "S01",
      gender: 1,
      status: 1,
    });
  });
});
