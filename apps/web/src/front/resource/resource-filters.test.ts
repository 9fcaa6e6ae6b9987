import { describe, expect, it } from "vitest";
import { filtersOf, nextQuery, payloadOf } from "./resource-filters";

describe("the front course list's URL filters", () => {
  it("reads a query, bad values as 全部 / the defaults", () => {
    const f = filtersOf(new URLSearchParams("subject=2&type=1&q=%E5%8B%BE%E8%82%A1&order=hot&page=3&limit=20&region=640105"));
    expect(f).toEqual({ period: 0, subject: 2, grade: 0, region: "640105", school: 0, type: 1, q: "勾股", order: "hot", page: 3, limit: 20 });
    const bad = filtersOf(new URLSearchParams("subject=-1&grade=x&type=9&order=up&page=0&limit=30&school=1.5"));
    expect(bad).toMatchObject({ subject: 0, grade: 0, type: 0, order: "new", page: 1, limit: 10, school: 0 });
  });

  it("a fixed type wins over the query's", () => {
    expect(filtersOf(new URLSearchParams("type=2"), 4).type).toBe(4);
  });

  it("sends only the chosen filters", () => {
    expect(payloadOf(filtersOf(new URLSearchParams("")))).toEqual({ page: 1, limit: 10, order: "new" });
    expect(payloadOf(filtersOf(new URLSearchParams("subject=2&type=1&q=勾股定理&region=640105")))).toEqual({
      page: 1,
      limit: 10,
      order: "new",
      subject_id: 2,
      course_type: 1,
      name: "勾股定理",
      region_code: "640105",
    });
  });

  it("a change leaves defaults out and goes back to page 1 unless it is the page", () => {
    const q = new URLSearchParams("subject=2&page=3");
    expect(nextQuery(q, { type: 1 }).toString()).toBe("subject=2&type=1");
    expect(nextQuery(q, { page: 4 }).toString()).toBe("subject=2&page=4");
    expect(nextQuery(q, { subject: 0, order: "new", limit: 10 }).toString()).toBe("");
    expect(nextQuery(q, { page: 1 }).toString()).toBe("subject=2");
  });
});
