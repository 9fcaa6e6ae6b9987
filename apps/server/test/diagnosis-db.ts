/** Rows the diagnosis tests write straight into the tables: lesson plans and a bound textbook catalogue. */
import { lessonDoc } from "../src/modules/lessonplan/lessonplan.schema.js";
import { textbookBook, textbookCatalog, textbookEdition } from "../src/modules/textbook/textbook.schema.js";
import type { Kit } from "./activity-kit.js";

export async function insertDoc(
  db: Kit["db"],
  d: { preparation_id: number; title: string; html: string; text: string; main?: number; by: number; deleted?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(lessonDoc)
    .values({
      preparation_id: d.preparation_id,
      title: d.title,
      main: d.main ?? 0,
      html: d.html,
      text: d.text,
      created_by: d.by,
      deleted_at: d.deleted ? new Date() : null,
    })
    .returning({ id: lessonDoc.id });
  return row!.id;
}

/** An edition → book (初中 八年级) → chapter → section with keywords; answers the section's id and code. */
export async function insertCatalog(db: Kit["db"], tag: string, keywords: string[]): Promise<{ bookId: number; nodeId: number; code: string }> {
  const [ed] = await db
    .insert(textbookEdition)
    .values({ name: `测试版-${tag}` })
    .returning({ id: textbookEdition.id });
  const [book] = await db
    .insert(textbookBook)
    .values({ edition_id: ed!.id, name: "八年级下册", period_name: "初中", subject_name: "数学", grade_name: "八年级" })
    .returning({ id: textbookBook.id });
  const [chapter] = await db
    .insert(textbookCatalog)
    .values({ book_id: book!.id, code: `T-${tag}-17`, name: "第十七章 勾股定理", level: 1 })
    .returning({ id: textbookCatalog.id });
  const code = `T-${tag}-17-01`;
  const [node] = await db
    .insert(textbookCatalog)
    .values({ book_id: book!.id, pid: chapter!.id, code, name: "17.1 勾股定理", level: 2, keywords })
    .returning({ id: textbookCatalog.id });
  return { bookId: book!.id, nodeId: node!.id, code };
}
