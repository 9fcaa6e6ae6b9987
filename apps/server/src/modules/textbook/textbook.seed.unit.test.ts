import { describe, expect, it } from "vitest";
import { bareName, parseCatalogue } from "./textbook.seed.js";

describe("the base catalogue data", () => {
  const books = parseCatalogue();
  const nodes = books.flatMap((b) => b.nodes);

  it("covers 小学/初中/高中 × 语文/数学/英语 with unique, nesting codes", () => {
    for (const p of ["小学", "初中", "高中"])
      for (const s of ["语文", "数学", "英语"])
        expect(
          books.some((b) => b.period_name === p && b.subject_name === s),
          `${p}${s}`,
        ).toBe(true);
    expect(new Set(nodes.map((n) => n.code)).size).toBe(nodes.length);
    expect(new Set(books.map((b) => `${b.edition}/${b.subject_name}/${b.name}`)).size).toBe(books.length);
    for (const n of nodes) {
      expect(n.code).toMatch(/^[A-Z]+-[A-Z]+-[0-9A-Z]+(-\d{2}){1,3}$/);
      if (n.parent) expect(n.code.startsWith(`${n.parent}-`)).toBe(true);
      expect(n.code.split("-").length - 3).toBe(n.level);
      expect(n.keywords.length).toBeGreaterThan(0);
    }
    expect(nodes.length).toBeLessThan(400);
  });

  it("has the real chapters, and keywords a lesson should mention", () => {
    const rj7a = books.find((b) => b.code === "RJ-SX-7A")!;
    expect(rj7a.nodes.slice(0, 3).map((n) => [n.code, n.name])).toEqual([
      ["RJ-SX-7A-01", "第一章 有理数"],
      ["RJ-SX-7A-01-01", "1.1 正数和负数"],
      ["RJ-SX-7A-01-02", "1.2 有理数"],
    ]);
    expect(nodes.find((n) => n.name === "17.1 勾股定理")!.keywords).toEqual(expect.arrayContaining(["勾股定理", "直角三角形", "斜边"]));
  });

  it("parses the compact format and names a node without keywords by its bare name", () => {
    const [b] = parseCatalogue("@ T-X-1 | 版 | 初中 | 数学 | 七年级 | 书\n# 第一章 数\n## 1.1 正数 | 正数、0\n### 1.1.1 甲\n## 1.2 负数\n# 第二章 式");
    expect(b!.nodes.map((n) => [n.code, n.parent, n.level, n.keywords])).toEqual([
      ["T-X-1-01", "", 1, ["数"]],
      ["T-X-1-01-01", "T-X-1-01", 2, ["正数", "0"]],
      ["T-X-1-01-01-01", "T-X-1-01-01", 3, ["甲"]],
      ["T-X-1-01-02", "T-X-1-01", 2, ["负数"]],
      ["T-X-1-02", "", 1, ["式"]],
    ]);
    expect(bareName("第十七章 勾股定理")).toBe("勾股定理");
    expect(() => parseCatalogue("# 没有书")).toThrow(/教材目录数据有误/);
  });
});
