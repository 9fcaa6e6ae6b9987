/**
 * The base textbook catalogue (issue #8; docs/decisions/0820): editions, books and catalogue nodes with keywords,
 * seeded at every start when missing (idempotent; reference data like the periods and subjects, so the test template
 * has it too). One count query when everything is there; otherwise a few bulk inserts that skip what exists.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { CATALOGUE, EDITIONS } from "./textbook.catalogue-data.js";
import { textbookBook, textbookCatalog, textbookEdition } from "./textbook.schema.js";

export interface SeedBook {
  code: string;
  edition: string;
  period_name: string;
  subject_name: string;
  grade_name: string;
  name: string;
  sort: number;
  nodes: SeedNode[];
}
export interface SeedNode {
  code: string;
  /** "" for a level-1 node. */
  parent: string;
  name: string;
  level: number;
  sort: number;
  keywords: string[];
}

/** A node name without its number ("1.1 正数和负数" → "正数和负数", "第一章 有理数" → "有理数"). */
export function bareName(name: string): string {
  return name
    .replace(/^第[一二三四五六七八九十百]+[章单元]\s*/, "")
    .replace(/^[\d.]+\s*/, "")
    .trim();
}

/** The catalogue data parsed (pure; exported for the tests). */
export function parseCatalogue(text: string = CATALOGUE): SeedBook[] {
  const books: SeedBook[] = [];
  let book: SeedBook | undefined;
  // The code and the child counter of the latest node at each level.
  const stack: { code: string; children: number }[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("@")) {
      const [code, edition, period, subject, grade, name] = line
        .slice(1)
        .split("|")
        .map((s) => s.trim());
      book = {
        code: code!,
        edition: edition!,
        period_name: period!,
        subject_name: subject!,
        grade_name: grade!,
        name: name!,
        sort: books.length + 1,
        nodes: [],
      };
      books.push(book);
      stack.length = 0;
      stack.push({ code: book.code, children: 0 });
      continue;
    }
    const m = /^(#{1,3})\s*(.+)$/.exec(line);
    if (!m || !book) throw new Error(`教材目录数据有误：${line}`);
    const level = m[1]!.length;
    const [name, kw] = m[2]!.split("|").map((s) => s.trim());
    const parent = stack[level - 1];
    if (!parent) throw new Error(`教材目录数据层级有误：${line}`);
    parent.children += 1;
    const code = `${parent.code}-${String(parent.children).padStart(2, "0")}`;
    stack.length = level;
    stack.push({ code, children: 0 });
    const keywords = (kw ?? "")
      .split("、")
      .map((s) => s.trim())
      .filter(Boolean);
    book.nodes.push({
      code,
      parent: level === 1 ? "" : parent.code,
      name: name!,
      level,
      sort: parent.children,
      keywords: keywords.length ? keywords : [bareName(name!)],
    });
  }
  return books;
}

/** The parsed base catalogue (parsed once per process). */
let parsed: SeedBook[] | undefined;
function catalogue(): SeedBook[] {
  parsed ??= parseCatalogue();
  return parsed;
}

/** Inserts whatever of the base catalogue is missing; a no-op (one query) when all of it is there. */
export async function seedTextbookCatalogue(db: Db): Promise<void> {
  const books = catalogue();
  const codes = books.flatMap((b) => b.nodes.map((n) => n.code));
  const [have] = await db.select({ n: count() }).from(textbookCatalog).where(inArray(textbookCatalog.code, codes));
  if ((have?.n ?? 0) === codes.length) return;

  await db
    .insert(textbookEdition)
    .values(EDITIONS.map((name, i) => ({ name, sort: i + 1 })))
    .onConflictDoNothing();
  const editions = new Map(
    (
      await db
        .select({ id: textbookEdition.id, name: textbookEdition.name })
        .from(textbookEdition)
        .where(inArray(textbookEdition.name, [...EDITIONS]))
    ).map((e) => [e.name, e.id]),
  );

  await db
    .insert(textbookBook)
    .values(
      books.map((b) => ({
        edition_id: editions.get(b.edition)!,
        name: b.name,
        period_name: b.period_name,
        subject_name: b.subject_name,
        grade_name: b.grade_name,
        sort: b.sort,
      })),
    )
    .onConflictDoNothing();
  const bookIds = new Map<string, number>();
  for (const b of books) {
    const [row] = await db
      .select({ id: textbookBook.id })
      .from(textbookBook)
      .where(and(eq(textbookBook.edition_id, editions.get(b.edition)!), eq(textbookBook.subject_name, b.subject_name), eq(textbookBook.name, b.name)));
    bookIds.set(b.code, row!.id);
  }

  // Level by level, so that every parent's id is known when its children are written.
  const ids = new Map<string, number>();
  for (const level of [1, 2, 3]) {
    const rows = books.flatMap((b) =>
      b.nodes
        .filter((n) => n.level === level)
        .map((n) => ({
          book_id: bookIds.get(b.code)!,
          pid: n.parent ? ids.get(n.parent)! : 0,
          code: n.code,
          name: n.name,
          level,
          sort: n.sort,
          keywords: n.keywords,
        })),
    );
    if (!rows.length) continue;
    await db.insert(textbookCatalog).values(rows).onConflictDoNothing();
    const got = await db
      .select({ id: textbookCatalog.id, code: textbookCatalog.code })
      .from(textbookCatalog)
      .where(
        inArray(
          textbookCatalog.code,
          rows.map((r) => r.code),
        ),
      );
    for (const g of got) ids.set(g.code, g.id);
  }
}
