import type { TextbookBookRow, TextbookCatalogNode } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { bindingFor, bookFilterOptions, bookLabel, EMPTY_BINDING, filterBooks, findByCode, flattenTree, njyStructure, pathTo, sizeText } from "./TextbookTree";

const node = (id: number, pid: number, code: string, name: string, children: TextbookCatalogNode[] = []): TextbookCatalogNode => ({
  id,
  book_id: 7,
  pid,
  code,
  name,
  level: pid ? 2 : 1,
  sort: id,
  keywords: [],
  resource_count: 0,
  children,
});
const tree = [
  node(1, 0, "RJ-SX-7A-01", "第一章 有理数", [node(2, 1, "RJ-SX-7A-01-01", "1.1 正数和负数"), node(3, 1, "RJ-SX-7A-01-02", "1.2 有理数")]),
  node(4, 0, "RJ-SX-7A-02", "第二章 整式的加减", [node(5, 4, "RJ-SX-7A-02-01", "2.1 整式")]),
];
const book = (id: number, period: string, subject: string, grade: string, name: string): TextbookBookRow => ({
  id,
  edition_id: 1,
  edition_name: "人教版",
  name,
  period_name: period,
  subject_name: subject,
  grade_name: grade,
  cover_url: "",
  node_count: 0,
});

describe("textbook tree helpers", () => {
  it("walks the tree and finds a node's path", () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
    expect(pathTo(tree, 3).map((n) => n.id)).toEqual([1, 3]);
    expect(pathTo(tree, 99)).toEqual([]);
    expect(findByCode(tree, "RJ-SX-7A-02-01")?.id).toBe(5);
    expect(findByCode(tree, "")).toBeUndefined();
  });

  it("builds the njy_structure path and the binding from the first node picked", () => {
    expect(njyStructure("人教版", "七年级上册", pathTo(tree, 2))).toBe("人教版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数");
    const b = bindingFor({ id: 1, name: "人教版" }, { id: 7, name: "七年级上册" }, tree, [5, 2, 5, 42]);
    expect(b).toEqual({
      editon_id: 1,
      bookId: 7,
      book_catalog_id: 5,
      catalogCode: "RJ-SX-7A-02-01",
      catalogCodeIds: [5, 2],
      njy_structure: "人教版 / 七年级上册 / 第二章 整式的加减 / 2.1 整式",
    });
    expect(bindingFor({ id: 1, name: "人教版" }, { id: 7, name: "七年级上册" }, tree, []).njy_structure).toBe("人教版 / 七年级上册");
    expect(bindingFor(undefined, undefined, tree, [2])).toEqual(EMPTY_BINDING);
  });

  it("filters books and narrows each filter's choices by the others", () => {
    const books = [
      book(1, "初中", "数学", "七年级", "七年级上册"),
      book(2, "初中", "语文", "八年级", "八年级上册"),
      book(3, "小学", "数学", "一年级", "一年级上册"),
    ];
    expect(filterBooks(books, { subject: "数学" }).map((b) => b.id)).toEqual([1, 3]);
    expect(bookFilterOptions(books, { period: "初中" })).toEqual({ periods: ["初中", "小学"], subjects: ["数学", "语文"], grades: ["七年级", "八年级"] });
    expect(bookLabel(books[0]!)).toBe("初中 · 数学 七年级上册");
    expect(bookLabel({ name: "数学 七年级上册", period_name: "初中", subject_name: "数学" })).toBe("初中 · 数学 七年级上册");
  });

  it("writes sizes", () => {
    expect(sizeText(0)).toBe("—");
    expect(sizeText(512)).toBe("512 B");
    expect(sizeText(2048)).toBe("2.0 KB");
    expect(sizeText(3 * 1024 * 1024)).toBe("3.0 MB");
  });
});
