/**
 * Fixtures of the #8 tests: a preparation written straight into its tables (for the lesson-plan, diagnosis and
 * textbook tests, which must not depend on the preparation calls). Use with startKit / insertCommunity of
 * activity-kit.ts.
 */
import { preparation, preparationMember } from "../src/modules/preparation/preparation.schema.js";
import type { Kit } from "./activity-kit.js";

export interface NewPreparation {
  theme: string;
  /** The creator (主备人). */
  author: number;
  members?: number[];
  community_id?: number;
  school_id?: number;
  /** 1 集体备课, 2 个人备课. */
  type?: number;
  /** 1 公开, 2 社区内, 3 仅参与人. */
  open_model?: number;
  status?: number;
  is_display?: number;
  verify_status?: number;
  book_id?: number;
  book_catalog_id?: number;
  catalog_code?: string;
}

/** A preparation from an hour ago to a week ahead, its author (role 1) and members (role 2). */
export async function insertPreparation(db: Kit["db"], p: NewPreparation): Promise<number> {
  const now = Date.now();
  const [row] = await db
    .insert(preparation)
    .values({
      theme: p.theme,
      account_id: p.author,
      community_id: p.community_id ?? 0,
      school_id: p.school_id ?? 0,
      type: p.type ?? 1,
      open_model: p.open_model ?? 2,
      status: p.status ?? 1,
      is_display: p.is_display ?? 1,
      verify_status: p.verify_status ?? 1,
      book_id: p.book_id ?? 0,
      book_catalog_id: p.book_catalog_id ?? 0,
      catalog_code: p.catalog_code ?? "",
      start_time: new Date(now - 3600_000),
      end_time: new Date(now + 7 * 86400_000),
    })
    .returning({ id: preparation.id });
  const id = row!.id;
  await db
    .insert(preparationMember)
    .values([
      { preparation_id: id, account_id: p.author, role: 1 },
      ...(p.members ?? []).filter((m) => m !== p.author).map((m) => ({ preparation_id: id, account_id: m, role: 2 })),
    ]);
  return id;
}
