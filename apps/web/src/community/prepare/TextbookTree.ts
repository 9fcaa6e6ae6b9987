/**
 * Pure helpers of the textbook catalogue (issue #8): walking a book's catalogue tree, the "版本 / 册 / 章 / 节" path
 * (njy_structure), a preparation's textbook binding from the nodes picked, and the period / subject / grade choices
 * of a list of books.
 */
import type { TextbookBookRow, TextbookCatalogNode } from "@yanke/protocol";

/** A preparation's textbook binding (community.md §3 Preparation fields). */
export interface TextbookBinding {
  editon_id: number;
  bookId: number;
  book_catalog_id: number;
  catalogCode: string;
  catalogCodeIds: number[];
  njy_structure: string;
}

export const EMPTY_BINDING: TextbookBinding = { editon_id: 0, bookId: 0, book_catalog_id: 0, catalogCode: "", catalogCodeIds: [], njy_structure: "" };

/** Every node of a tree, depth first, parents before children. */
export function flattenTree(tree: readonly TextbookCatalogNode[]): TextbookCatalogNode[] {
  const out: TextbookCatalogNode[] = [];
  const walk = (nodes: readonly TextbookCatalogNode[]) => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** The chain from the root down to the node `id` (empty when it is not in the tree). */
export function pathTo(tree: readonly TextbookCatalogNode[], id: number): TextbookCatalogNode[] {
  for (const n of tree) {
    if (n.id === id) return [n];
    const below = pathTo(n.children ?? [], id);
    if (below.length > 0) return [n, ...below];
  }
  return [];
}

export function findByCode(tree: readonly TextbookCatalogNode[], code: string): TextbookCatalogNode | undefined {
  return code ? flattenTree(tree).find((n) => n.code === code) : undefined;
}

/** "人教版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数" (blank parts left out). */
export function njyStructure(editionName: string, bookName: string, path: readonly Pick<TextbookCatalogNode, "name">[]): string {
  return [editionName, bookName, ...path.map((n) => n.name)]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" / ");
}

/**
 * The binding for the nodes picked, in the order given (the first one is book_catalog_id and gives catalogCode and
 * the path). Ids not in the tree are dropped; no node left: the edition and book alone.
 */
export function bindingFor(
  edition: { id: number; name: string } | undefined,
  book: { id: number; name: string } | undefined,
  tree: readonly TextbookCatalogNode[],
  ids: readonly number[],
): TextbookBinding {
  if (!edition || !book) return { ...EMPTY_BINDING, editon_id: edition?.id ?? 0, njy_structure: edition?.name ?? "" };
  const all = new Map(flattenTree(tree).map((n) => [n.id, n]));
  const picked = [...new Set(ids)].filter((id) => all.has(id));
  const first = picked.length > 0 ? all.get(picked[0]!) : undefined;
  return {
    editon_id: edition.id,
    bookId: book.id,
    book_catalog_id: first?.id ?? 0,
    catalogCode: first?.code ?? "",
    catalogCodeIds: picked,
    njy_structure: njyStructure(edition.name, book.name, first ? pathTo(tree, first.id) : []),
  };
}

export interface BookFilter {
  period?: string;
  subject?: string;
  grade?: string;
}

const distinct = (xs: readonly string[]) => [...new Set(xs.filter(Boolean))];

/** The choices of each filter, each narrowed by the other filters already set (so no choice leads to nothing). */
export function bookFilterOptions(books: readonly TextbookBookRow[], f: BookFilter): { periods: string[]; subjects: string[]; grades: string[] } {
  return {
    periods: distinct(filterBooks(books, { ...f, period: undefined }).map((b) => b.period_name)),
    subjects: distinct(filterBooks(books, { ...f, subject: undefined }).map((b) => b.subject_name)),
    grades: distinct(filterBooks(books, { ...f, grade: undefined }).map((b) => b.grade_name)),
  };
}

export function filterBooks(books: readonly TextbookBookRow[], f: BookFilter): TextbookBookRow[] {
  return books.filter(
    (b) => (!f.period || b.period_name === f.period) && (!f.subject || b.subject_name === f.subject) && (!f.grade || b.grade_name === f.grade),
  );
}

/** A book's one-line label: "初中 · 数学 · 七年级上册". */
export function bookLabel(b: Pick<TextbookBookRow, "name" | "period_name" | "subject_name">): string {
  const name = b.subject_name && !b.name.includes(b.subject_name) ? `${b.subject_name} ${b.name}` : b.name;
  return [b.period_name, name].filter(Boolean).join(" · ");
}

/** Bytes as 12.3 KB / 4.5 MB ("—" for 0). */
export function sizeText(bytes: number): string {
  if (!bytes || bytes < 0) return "—";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
