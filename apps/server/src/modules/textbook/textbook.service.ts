/**
 * The textbook catalogue and its resources (issue #8; docs/api/textbook.md, docs/decisions/0820–0823).
 *
 * Who may check (approve / reject) a resource — its "checkers" (0821): for a resource in a community, whoever may
 * manage that community (owner, community administrators, administrators whose scope holds the community); for one
 * outside any community, platform administrators and the school / district administrators whose schools hold the
 * uploader. Pending and rejected resources are seen by their uploader and their checkers only; approved ones by
 * every signed-in user. Uploader or checker edits and deletes. A checker's own upload is approved at once.
 *
 * The Tw sync (0822) copies rows: a copy has source_id = the row it copies, the same file and catalogue, the
 * original's uploader, and follows its source (updates, checks and deletes of the source reach every copy, and
 * copies of copies).
 */
import {
  COMMUNITY_STATUS,
  FILE_GET_PREFIX,
  MEMBER_ROLES,
  MEMBER_STATUS,
  type Page,
  TEXTBOOK_RESOURCE_STATUS,
  TEXTBOOK_RESOURCE_STATUS_NAMES,
  TEXTBOOK_RESOURCE_TYPES,
  type GetTwCommunityActivityResourcesPayload,
  type GetTwCommunityResourcesPayload,
  type GetXkwDocPayload,
  type SyncTwCommunityActivityResourcesPayload,
  type SyncTwCommunityResourcesPayload,
  type TextbookBookListPayload,
  type TextbookBookRow,
  type TextbookCatalogNode,
  type TextbookCatalogTreeAnswer,
  type TextbookEditionListPayload,
  type TextbookEditionRow,
  type TextbookResourceCheck,
  type TextbookResourceListPayload,
  type TextbookResourceRow,
  type TextbookResourceSave,
  type TextbookResourceUpdate,
  type TwSyncAnswer,
  type XkwDocAnswer,
} from "@yanke/protocol";
import { type SQL, and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { activity } from "../activity/activity.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { community, communityMember } from "../community/community.schema.js";
import { storedFile } from "../file/file.schema.js";
import { period, region, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { scopeOf } from "../rbac/permission.js";
import { textbookBook, textbookCatalog, textbookEdition, textbookResource } from "./textbook.schema.js";

type ResourceRow = typeof textbookResource.$inferSelect;
type CatalogRow = typeof textbookCatalog.$inferSelect;
type BookRow = typeof textbookBook.$inferSelect;

export const RESOURCE_NOT_FOUND = "资源不存在或已删除";
const ACTIVITY_NOT_FOUND = "活动不存在或不属于该社区";

/** `code` and its descendants' codes (codes nest: RJ-SX-7A-01 → RJ-SX-7A-01-02 → …). */
export function codeSubtree(column: typeof textbookResource.catalog_code | typeof textbookCatalog.code, code: string): SQL {
  const escaped = code.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return or(eq(column, code), sql`${column} like ${`${escaped}-%`}`)!;
}

const num = (v: unknown) => Number(v ?? 0);

export class TextbookService {
  private readonly db: Db;
  constructor(private readonly deps: CommunityDeps) {
    this.db = deps.db;
  }

  // ── catalogue ─────────────────────────────────────────────────────────────────────────────────────────────────

  async editions(p: TextbookEditionListPayload): Promise<TextbookEditionRow[]> {
    const rows = await this.db
      .select({ id: textbookEdition.id, name: textbookEdition.name, sort: textbookEdition.sort })
      .from(textbookEdition)
      .where(and(eq(textbookEdition.status, 1), p.keyword ? ilike(textbookEdition.name, containsPattern(p.keyword)) : undefined))
      .orderBy(asc(textbookEdition.sort), asc(textbookEdition.id));
    const counts = new Map(
      (
        await this.db.select({ id: textbookBook.edition_id, n: count() }).from(textbookBook).where(eq(textbookBook.status, 1)).groupBy(textbookBook.edition_id)
      ).map((r) => [r.id, num(r.n)]),
    );
    return rows.map((r) => ({ ...r, book_count: counts.get(r.id) ?? 0 }));
  }

  async books(p: TextbookBookListPayload): Promise<TextbookBookRow[]> {
    const rows = await this.bookQuery(
      and(
        eq(textbookBook.status, 1),
        p.edition_id ? eq(textbookBook.edition_id, p.edition_id) : undefined,
        p.period_name ? eq(textbookBook.period_name, p.period_name) : undefined,
        p.subject_name ? eq(textbookBook.subject_name, p.subject_name) : undefined,
        p.grade_name ? eq(textbookBook.grade_name, p.grade_name) : undefined,
      ),
    );
    return rows;
  }

  private async bookQuery(where: SQL | undefined): Promise<TextbookBookRow[]> {
    const rows = await this.db
      .select({ b: textbookBook, edition_name: textbookEdition.name })
      .from(textbookBook)
      .innerJoin(textbookEdition, eq(textbookEdition.id, textbookBook.edition_id))
      .where(where)
      .orderBy(asc(textbookEdition.sort), asc(textbookBook.sort), asc(textbookBook.id));
    const ids = rows.map((r) => r.b.id);
    const counts = new Map(
      ids.length
        ? (
            await this.db
              .select({ id: textbookCatalog.book_id, n: count() })
              .from(textbookCatalog)
              .where(inArray(textbookCatalog.book_id, ids))
              .groupBy(textbookCatalog.book_id)
          ).map((r) => [r.id, num(r.n)])
        : [],
    );
    return rows.map(({ b, edition_name }) => ({
      id: b.id,
      edition_id: b.edition_id,
      edition_name,
      name: b.name,
      period_name: b.period_name,
      subject_name: b.subject_name,
      grade_name: b.grade_name,
      cover_url: b.cover_url,
      node_count: counts.get(b.id) ?? 0,
    }));
  }

  async catalogTree(bookId: number): Promise<TextbookCatalogTreeAnswer> {
    const [book] = await this.bookQuery(eq(textbookBook.id, bookId));
    if (!book) throw notFound("教材不存在");
    const nodes = await this.db
      .select()
      .from(textbookCatalog)
      .where(eq(textbookCatalog.book_id, bookId))
      .orderBy(asc(textbookCatalog.level), asc(textbookCatalog.sort), asc(textbookCatalog.id));
    const counts = new Map(
      (
        await this.db
          .select({ id: textbookResource.catalog_id, n: count() })
          .from(textbookResource)
          .where(and(eq(textbookResource.book_id, bookId), eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved), eq(textbookResource.source_id, 0)))
          .groupBy(textbookResource.catalog_id)
      ).map((r) => [r.id, num(r.n)]),
    );
    const byId = new Map<number, TextbookCatalogNode>();
    for (const n of nodes) {
      byId.set(n.id, {
        id: n.id,
        book_id: n.book_id,
        pid: n.pid,
        code: n.code,
        name: n.name,
        level: n.level,
        sort: n.sort,
        keywords: n.keywords,
        resource_count: counts.get(n.id) ?? 0,
        children: [],
      });
    }
    const tree: TextbookCatalogNode[] = [];
    for (const n of nodes) {
      const node = byId.get(n.id)!;
      const parent = n.pid ? byId.get(n.pid) : undefined;
      (parent ? parent.children : tree).push(node);
    }
    return { book, tree };
  }

  /** A catalogue node by code with its book, or 400 (a code that does not exist is bad input). */
  async node(code: string): Promise<{ node: CatalogRow; book: BookRow; edition: string }> {
    const [row] = await this.db
      .select({ node: textbookCatalog, book: textbookBook, edition: textbookEdition.name })
      .from(textbookCatalog)
      .innerJoin(textbookBook, eq(textbookBook.id, textbookCatalog.book_id))
      .innerJoin(textbookEdition, eq(textbookEdition.id, textbookBook.edition_id))
      .where(eq(textbookCatalog.code, code));
    if (!row) throw badInput(`目录编码「${code}」不存在，请从教材目录中选择`);
    return row;
  }

  /** "人教版/数学 八年级下册/第十七章 勾股定理/17.1 勾股定理": the node's path from its edition. */
  async structure(node: CatalogRow, book: BookRow, edition: string): Promise<string> {
    const names = [node.name];
    let pid = node.pid;
    for (let guard = 0; pid && guard < 10; guard++) {
      const [p] = await this.db.select({ name: textbookCatalog.name, pid: textbookCatalog.pid }).from(textbookCatalog).where(eq(textbookCatalog.id, pid));
      if (!p) break;
      names.unshift(p.name);
      pid = p.pid;
    }
    return [edition, book.name, ...names].join("/");
  }

  // ── who may do what ───────────────────────────────────────────────────────────────────────────────────────────

  private async managesCommunity(c: Caller, communityId: number): Promise<boolean> {
    const [row] = await this.db.select().from(community).where(eq(community.id, communityId));
    if (!row) return false;
    return (await this.deps.access.power(c, row)).can_manage;
  }

  /** May the caller check (and so edit, delete and see) the resource? */
  async isChecker(c: Caller, r: Pick<ResourceRow, "community_id" | "account_id">): Promise<boolean> {
    if (r.community_id) return this.managesCommunity(c, r.community_id);
    const schools = await this.deps.org.schoolsInScope(c);
    if (schools === undefined) return true;
    if (!schools.length) return false;
    const [a] = await this.db.select({ school_id: account.school_id }).from(account).where(eq(account.id, r.account_id));
    return Boolean(a?.school_id && schools.includes(a.school_id));
  }

  /** SQL: rows the caller checks (undefined = every row). */
  private async checkerCondition(c: Caller): Promise<SQL | undefined> {
    const schools = await this.deps.org.schoolsInScope(c);
    if (schools === undefined) return undefined;
    const managed = new Set<number>(
      (
        await this.db
          .select({ id: communityMember.community_id })
          .from(communityMember)
          .innerJoin(community, eq(community.id, communityMember.community_id))
          .where(
            and(
              eq(communityMember.account_id, c.id),
              eq(communityMember.status, MEMBER_STATUS.joined),
              inArray(communityMember.role, [MEMBER_ROLES.owner, MEMBER_ROLES.admin]),
              eq(community.status, COMMUNITY_STATUS.normal),
            ),
          )
      ).map((r) => r.id),
    );
    const scope = scopeOf(c);
    if (scope.kind === "school" || scope.kind === "region") {
      const regionIds =
        scope.kind === "region" ? (await this.db.select({ id: region.id }).from(region).where(eq(region.region_code, scope.code))).map((r) => r.id) : [];
      const inScope = await this.db
        .select({ id: community.id })
        .from(community)
        .where(
          or(
            schools.length ? inArray(community.school_id, schools) : sql`false`,
            regionIds.length
              ? or(inArray(community.province_id, regionIds), inArray(community.city_id, regionIds), inArray(community.area_id, regionIds))
              : sql`false`,
          ),
        );
      for (const r of inScope) managed.add(r.id);
    }
    const parts: SQL[] = [];
    if (managed.size) parts.push(inArray(textbookResource.community_id, [...managed]));
    if (schools.length)
      parts.push(
        and(
          eq(textbookResource.community_id, 0),
          sql`${textbookResource.account_id} in (select a.id from account a where a.school_id in (${sql.join(
            schools.map((s) => sql`${s}`),
            sql`, `,
          )}))`,
        )!,
      );
    return parts.length ? or(...parts)! : sql`false`;
  }

  /** The resource, or 404 when it does not exist or the caller may not see it. */
  private async visible(c: Caller, id: number): Promise<{ row: ResourceRow; checker: boolean }> {
    const [row] = await this.db.select().from(textbookResource).where(eq(textbookResource.id, id));
    if (!row) throw notFound(RESOURCE_NOT_FOUND);
    const checker = await this.isChecker(c, row);
    if (row.status !== TEXTBOOK_RESOURCE_STATUS.approved && row.account_id !== c.id && !checker) throw notFound(RESOURCE_NOT_FOUND);
    return { row, checker };
  }

  /** The caller's own upload (#5): "/files/<id>" or a file id. */
  private async ownFile(c: Caller, fileUrl: string | undefined, fileId: number | undefined): Promise<typeof storedFile.$inferSelect> {
    let id = fileId ?? 0;
    if (!id && fileUrl) {
      const m = /^\/files\/(\d+)(?:\?.*)?$/.exec(fileUrl);
      if (!m) throw badInput("资源文件应为本人上传的文件（/files/编号），请重新上传");
      id = Number(m[1]);
    }
    if (!id) throw badInput("请上传资源文件");
    const [f] = await this.db.select().from(storedFile).where(eq(storedFile.id, id));
    if (!f || f.account_id !== c.id) throw badInput("资源文件不存在或不是您上传的，请重新上传");
    return f;
  }

  private fileUrl(fileId: number, isPublic: boolean | null, stored: string): string {
    if (!fileId) return stored;
    return isPublic ? `${FILE_GET_PREFIX}/${fileId}` : this.deps.files.signedPath(fileId);
  }

  /** An activity of the community (404 otherwise). */
  private async activityOf(communityId: number, activityId: number): Promise<typeof activity.$inferSelect> {
    const [a] = await this.db.select().from(activity).where(eq(activity.id, activityId));
    if (!a || a.community_id !== communityId || communityId === 0) throw notFound(ACTIVITY_NOT_FOUND);
    return a;
  }

  /** Ids of the rows copied from `id`, from those copies, and so on. */
  private async copiesOf(tx: Db | Tx, id: number): Promise<number[]> {
    const all: number[] = [];
    let frontier = [id];
    for (let depth = 0; frontier.length && depth < 5; depth++) {
      const rows = await tx.select({ id: textbookResource.id }).from(textbookResource).where(inArray(textbookResource.source_id, frontier));
      frontier = rows.map((r) => r.id).filter((x) => !all.includes(x) && x !== id);
      all.push(...frontier);
    }
    return all;
  }

  // ── resources ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** c376 */
  async save(c: Caller, p: TextbookResourceSave): Promise<TextbookResourceRow> {
    let communityId = p.community_id ?? 0;
    const activityId = p.activity_id ?? 0;
    if (activityId && !communityId) {
      const [a] = await this.db.select({ community_id: activity.community_id }).from(activity).where(eq(activity.id, activityId));
      if (!a?.community_id) throw notFound(ACTIVITY_NOT_FOUND);
      communityId = a.community_id;
    }
    if (communityId) await this.deps.access.require(c, communityId, "can_post", "请先加入社区后再上传资源");
    if (activityId) await this.activityOf(communityId, activityId);
    const { node, book, edition } = await this.node(p.catalogCode);
    const file = await this.ownFile(c, p.file_url, p.file_id);
    const checker = await this.isChecker(c, { community_id: communityId, account_id: c.id });
    const [me] = await this.db.select({ realname: account.realname, username: account.username }).from(account).where(eq(account.id, c.id));
    const structure = p.njy_structure || (await this.structure(node, book, edition));
    const now = this.deps.now();
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(textbookResource)
        .values({
          resource_type: p.resource_type,
          file_name: p.file_name || file.real_file_name,
          file_url: `${FILE_GET_PREFIX}/${file.id}`,
          file_id: file.id,
          up_file_name: p.up_file_name || file.real_file_name,
          author: p.author || me?.realname || me?.username || "",
          account_id: c.id,
          edition_id: book.edition_id,
          book_id: book.id,
          catalog_id: node.id,
          catalog_code: node.code,
          period_id: p.periodId ?? 0,
          subject_id: p.subjectId ?? 0,
          grade_id: p.gradeId ?? 0,
          community_id: communityId,
          activity_id: activityId,
          njy_structure: structure,
          introduction: p.introduction ?? "",
          size: Number(file.size),
          status: checker ? TEXTBOOK_RESOURCE_STATUS.approved : TEXTBOOK_RESOURCE_STATUS.pending,
          checked_by: checker ? c.id : 0,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: textbookResource.id });
      if (communityId)
        await this.deps.access.log(tx, {
          community_id: communityId,
          account_id: c.id,
          action: "textbook.save",
          target_type: "textbook_resource",
          target_id: row!.id,
          content: `上传教材资源「${p.file_name || file.real_file_name}」`,
        });
      return row!.id;
    });
    return this.read(c, id);
  }

  /** c377: the uploader or a checker; a non-checker's change goes back to 待审核. */
  async update(c: Caller, p: TextbookResourceUpdate): Promise<TextbookResourceRow> {
    const { row, checker } = await this.visible(c, p.id);
    if (row.account_id !== c.id && !checker) throw forbidden("只有上传者或审核人可以修改该资源");
    if (row.source_id) throw badInput("这是同步得到的资源，请修改原资源");
    const set: Partial<typeof textbookResource.$inferInsert> = { updated_at: this.deps.now() };
    if (p.resource_type !== undefined) set.resource_type = p.resource_type;
    if (p.file_name) set.file_name = p.file_name;
    if (p.author !== undefined) set.author = p.author;
    if (p.periodId !== undefined) set.period_id = p.periodId;
    if (p.subjectId !== undefined) set.subject_id = p.subjectId;
    if (p.gradeId !== undefined) set.grade_id = p.gradeId;
    if (p.up_file_name) set.up_file_name = p.up_file_name;
    if (p.introduction !== undefined) set.introduction = p.introduction;
    if (p.file_url || p.file_id) {
      const file = await this.ownFile(c, p.file_url, p.file_id);
      if (file.id !== row.file_id) {
        Object.assign(set, { file_id: file.id, file_url: `${FILE_GET_PREFIX}/${file.id}`, size: Number(file.size) });
        if (!p.up_file_name) set.up_file_name = file.real_file_name;
      }
    }
    if (p.catalogCode && p.catalogCode !== row.catalog_code) {
      const { node, book, edition } = await this.node(p.catalogCode);
      Object.assign(set, { catalog_id: node.id, catalog_code: node.code, book_id: book.id, edition_id: book.edition_id });
      if (!p.njy_structure) set.njy_structure = await this.structure(node, book, edition);
    }
    if (p.njy_structure) set.njy_structure = p.njy_structure;
    if (!checker) Object.assign(set, { status: TEXTBOOK_RESOURCE_STATUS.pending, check_reason: "", checked_by: 0 });
    await this.db.transaction(async (tx) => {
      await tx.update(textbookResource).set(set).where(eq(textbookResource.id, row.id));
      const copies = await this.copiesOf(tx, row.id);
      if (copies.length) {
        const { updated_at: _u, ...mirror } = set;
        await tx
          .update(textbookResource)
          .set({ ...mirror, updated_at: set.updated_at })
          .where(inArray(textbookResource.id, copies));
      }
      if (row.community_id)
        await this.deps.access.log(tx, {
          community_id: row.community_id,
          account_id: c.id,
          action: "textbook.update",
          target_type: "textbook_resource",
          target_id: row.id,
          content: `修改教材资源「${set.file_name ?? row.file_name}」`,
        });
    });
    return this.read(c, row.id);
  }

  /** c378 */
  async read(c: Caller, id: number): Promise<TextbookResourceRow> {
    await this.visible(c, id);
    const [one] = await this.rows(c, eq(textbookResource.id, id), 1, 1);
    if (!one) throw notFound(RESOURCE_NOT_FOUND);
    return one;
  }

  /** c379 */
  async list(c: Caller, p: TextbookResourceListPayload): Promise<Page<TextbookResourceRow>> {
    const checkerSql = await this.checkerCondition(c);
    const visibleSql =
      checkerSql === undefined
        ? undefined
        : or(eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved), eq(textbookResource.account_id, c.id), checkerSql);
    const where = and(
      visibleSql,
      p.activity_id ? eq(textbookResource.activity_id, p.activity_id) : eq(textbookResource.source_id, 0),
      p.catalogCode ? codeSubtree(textbookResource.catalog_code, p.catalogCode) : undefined,
      p.book_id ? eq(textbookResource.book_id, p.book_id) : undefined,
      p.edition_id ? eq(textbookResource.edition_id, p.edition_id) : undefined,
      p.resource_type ? eq(textbookResource.resource_type, p.resource_type) : undefined,
      p.community_id ? eq(textbookResource.community_id, p.community_id) : undefined,
      p.status !== undefined ? eq(textbookResource.status, p.status) : undefined,
      p.keyword ? this.keyword(p.keyword) : undefined,
      p.mine ? eq(textbookResource.account_id, c.id) : undefined,
      p.checking ? and(eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.pending), checkerSql ?? sql`true`) : undefined,
    );
    return this.page(c, where, p.page, p.limit);
  }

  private keyword(k: string): SQL {
    const like = containsPattern(k);
    return or(
      ilike(textbookResource.file_name, like),
      ilike(textbookResource.author, like),
      ilike(textbookResource.up_file_name, like),
      ilike(textbookResource.njy_structure, like),
    )!;
  }

  private async page(c: Caller, where: SQL | undefined, page: number, limit: number): Promise<Page<TextbookResourceRow>> {
    const [n] = await this.db.select({ n: count() }).from(textbookResource).where(where);
    return { list: await this.rows(c, where, page, limit), total: num(n?.n), page, limit };
  }

  private async rows(c: Caller, where: SQL | undefined, page: number, limit: number): Promise<TextbookResourceRow[]> {
    const src = alias(textbookResource, "src");
    const srcActivity = alias(activity, "src_activity");
    const rows = await this.db
      .select({
        r: textbookResource,
        account_name: account.realname,
        catalog_name: textbookCatalog.name,
        book_name: textbookBook.name,
        edition_name: textbookEdition.name,
        community_name: community.name,
        activity_name: activity.name,
        file_type: storedFile.file_type,
        is_public: storedFile.is_public,
        source_activity_id: src.activity_id,
        source_activity_name: srcActivity.name,
      })
      .from(textbookResource)
      .leftJoin(account, eq(account.id, textbookResource.account_id))
      .leftJoin(textbookCatalog, eq(textbookCatalog.id, textbookResource.catalog_id))
      .leftJoin(textbookBook, eq(textbookBook.id, textbookResource.book_id))
      .leftJoin(textbookEdition, eq(textbookEdition.id, textbookResource.edition_id))
      .leftJoin(community, eq(community.id, textbookResource.community_id))
      .leftJoin(activity, eq(activity.id, textbookResource.activity_id))
      .leftJoin(storedFile, eq(storedFile.id, textbookResource.file_id))
      .leftJoin(src, eq(src.id, textbookResource.source_id))
      .leftJoin(srcActivity, eq(srcActivity.id, src.activity_id))
      .where(where)
      .orderBy(desc(textbookResource.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const checkers = new Map<string, boolean>();
    const out: TextbookResourceRow[] = [];
    for (const x of rows) {
      const r = x.r;
      const key = r.community_id ? `c${r.community_id}` : `a${r.account_id}`;
      if (!checkers.has(key)) checkers.set(key, await this.isChecker(c, r));
      const checker = checkers.get(key)!;
      const own = r.account_id === c.id;
      out.push({
        id: r.id,
        resource_type: r.resource_type,
        resource_type_name: TEXTBOOK_RESOURCE_TYPES[r.resource_type] ?? "",
        file_name: r.file_name,
        file_url: this.fileUrl(r.file_id, x.is_public, r.file_url),
        file_id: r.file_id,
        file_type: x.file_type ?? "",
        size: r.size,
        up_file_name: r.up_file_name,
        author: r.author,
        account_id: r.account_id,
        account_name: x.account_name ?? "",
        catalogCode: r.catalog_code,
        catalog_id: r.catalog_id,
        catalog_name: x.catalog_name ?? "",
        book_id: r.book_id,
        book_name: x.book_name ?? "",
        edition_id: r.edition_id,
        edition_name: x.edition_name ?? "",
        periodId: r.period_id,
        subjectId: r.subject_id,
        gradeId: r.grade_id,
        community_id: r.community_id,
        community_name: x.community_name ?? "",
        activity_id: r.activity_id,
        activity_name: x.activity_name ?? "",
        source_id: r.source_id,
        source_activity_id: r.source_id ? num(x.source_activity_id) : 0,
        source_activity_name: r.source_id ? (x.source_activity_name ?? "") : "",
        njy_structure: r.njy_structure,
        introduction: r.introduction,
        status: r.status,
        status_name: TEXTBOOK_RESOURCE_STATUS_NAMES[r.status] ?? "",
        check_reason: r.check_reason,
        can_edit: !r.source_id && (own || checker),
        can_check: !r.source_id && checker,
        can_delete: own || checker,
        created_at: formatTime(r.created_at),
        updated_at: formatTime(r.updated_at),
      });
    }
    return out;
  }

  /** c380: a checker approves (1) or rejects (2, with a reason); the copies follow. */
  async check(c: Caller, p: TextbookResourceCheck): Promise<TextbookResourceRow> {
    const { row, checker } = await this.visible(c, p.id);
    if (!checker) throw forbidden(row.community_id ? "只有社区创建者或管理员可以审核社区资源" : "只有管理该上传者学校的管理员可以审核资源");
    if (row.source_id) throw badInput("这是同步得到的资源，请审核原资源");
    const set = {
      status: p.status,
      check_reason: p.status === TEXTBOOK_RESOURCE_STATUS.rejected ? p.reason : p.reason,
      checked_by: c.id,
      updated_at: this.deps.now(),
    };
    await this.db.transaction(async (tx) => {
      const ids = [row.id, ...(await this.copiesOf(tx, row.id))];
      await tx.update(textbookResource).set(set).where(inArray(textbookResource.id, ids));
      if (row.community_id)
        await this.deps.access.log(tx, {
          community_id: row.community_id,
          account_id: c.id,
          action: "textbook.check",
          target_type: "textbook_resource",
          target_id: row.id,
          content: `审核教材资源「${row.file_name}」：${TEXTBOOK_RESOURCE_STATUS_NAMES[p.status]}`,
        });
    });
    return this.read(c, row.id);
  }

  /** c381: the uploader or a checker; the copies go with it (the uploaded file stays in its owner's space). */
  async remove(c: Caller, id: number): Promise<{ id: number; deleted: number }> {
    const { row, checker } = await this.visible(c, id);
    if (row.account_id !== c.id && !checker) throw forbidden("只有上传者或审核人可以删除该资源");
    const deleted = await this.db.transaction(async (tx) => {
      const ids = [row.id, ...(await this.copiesOf(tx, row.id))];
      await tx.delete(textbookResource).where(inArray(textbookResource.id, ids));
      if (row.community_id)
        await this.deps.access.log(tx, {
          community_id: row.community_id,
          account_id: c.id,
          action: "textbook.delete",
          target_type: "textbook_resource",
          target_id: row.id,
          content: `删除教材资源「${row.file_name}」`,
        });
      return ids.length;
    });
    return { id: row.id, deleted };
  }

  // ── Tw sync (docs/decisions/0822) ─────────────────────────────────────────────────────────────────────────────

  private async communityActivities(communityId: number, activityId: number | undefined): Promise<(typeof activity.$inferSelect)[]> {
    if (activityId) return [await this.activityOf(communityId, activityId)];
    return this.db
      .select()
      .from(activity)
      .where(and(eq(activity.community_id, communityId), eq(activity.status, 1)))
      .orderBy(asc(activity.id));
  }

  /** The copy of `src` placed at (community, activity). */
  private copy(src: ResourceRow, activityId: number, now: Date): typeof textbookResource.$inferInsert {
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = src;
    return { ...rest, activity_id: activityId, source_id: src.id, download_count: 0, created_at: now, updated_at: now };
  }

  private async insertCopies(
    c: Caller,
    communityId: number,
    rows: (typeof textbookResource.$inferInsert)[],
    activities: number,
    what: string,
  ): Promise<TwSyncAnswer> {
    const created = await this.db.transaction(async (tx) => {
      let n = 0;
      for (let i = 0; i < rows.length; i += 500) {
        const got = await tx
          .insert(textbookResource)
          .values(rows.slice(i, i + 500))
          .onConflictDoNothing()
          .returning({ id: textbookResource.id });
        n += got.length;
      }
      await this.deps.access.log(tx, {
        community_id: communityId,
        account_id: c.id,
        action: "textbook.sync",
        target_type: "community",
        target_id: communityId,
        content: `${what}：新增 ${n} 条，已存在 ${rows.length - n} 条`,
      });
      return n;
    });
    return { created, skipped: rows.length - created, total: rows.length, activities };
  }

  /** c382: the community's approved community-level resources into each of its activities (or one). */
  async syncToActivities(c: Caller, p: SyncTwCommunityResourcesPayload): Promise<TwSyncAnswer> {
    await this.deps.access.require(c, p.community_id, "can_manage", "只有社区创建者或管理员可以同步资源");
    const acts = await this.communityActivities(p.community_id, p.activity_id);
    const sources = await this.db
      .select()
      .from(textbookResource)
      .where(
        and(
          eq(textbookResource.community_id, p.community_id),
          eq(textbookResource.activity_id, 0),
          eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved),
        ),
      )
      .orderBy(asc(textbookResource.id));
    // A community-level copy of an activity's resource does not go back into that activity.
    const srcIds = sources.filter((s) => s.source_id).map((s) => s.source_id);
    const origin = new Map(
      srcIds.length
        ? (
            await this.db
              .select({ id: textbookResource.id, activity_id: textbookResource.activity_id })
              .from(textbookResource)
              .where(inArray(textbookResource.id, srcIds))
          ).map((r) => [r.id, r.activity_id])
        : [],
    );
    const now = this.deps.now();
    const rows = acts.flatMap((a) => sources.filter((s) => !s.source_id || origin.get(s.source_id) !== a.id).map((s) => this.copy(s, a.id, now)));
    return this.insertCopies(c, p.community_id, rows, acts.length, "同步社区资源到活动");
  }

  /** c383: the activities' own approved uploads (of one activity, or all) to the community level. */
  async syncToCommunity(c: Caller, p: SyncTwCommunityActivityResourcesPayload): Promise<TwSyncAnswer> {
    await this.deps.access.require(c, p.community_id, "can_manage", "只有社区创建者或管理员可以同步资源");
    const acts = await this.communityActivities(p.community_id, p.activity_id);
    const ids = acts.map((a) => a.id);
    const sources = ids.length
      ? await this.db
          .select()
          .from(textbookResource)
          .where(
            and(
              eq(textbookResource.community_id, p.community_id),
              inArray(textbookResource.activity_id, ids),
              eq(textbookResource.source_id, 0),
              eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved),
            ),
          )
          .orderBy(asc(textbookResource.id))
      : [];
    const now = this.deps.now();
    return this.insertCopies(
      c,
      p.community_id,
      sources.map((s) => this.copy(s, 0, now)),
      acts.length,
      "同步活动资源到社区",
    );
  }

  /** c384 */
  async twCommunity(c: Caller, p: GetTwCommunityResourcesPayload): Promise<Page<TextbookResourceRow>> {
    const { power } = await this.deps.access.require(c, p.community_id, "can_view");
    return this.page(
      c,
      and(
        eq(textbookResource.community_id, p.community_id),
        eq(textbookResource.activity_id, 0),
        power.can_manage ? undefined : or(eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved), eq(textbookResource.account_id, c.id)),
        p.resource_type ? eq(textbookResource.resource_type, p.resource_type) : undefined,
        p.keyword ? this.keyword(p.keyword) : undefined,
      ),
      p.page,
      p.limit,
    );
  }

  /** c385 */
  async twActivity(c: Caller, p: GetTwCommunityActivityResourcesPayload): Promise<Page<TextbookResourceRow>> {
    const [a] = await this.db.select().from(activity).where(eq(activity.id, p.activity_id));
    if (!a?.community_id) throw notFound("活动不存在或不是社区活动");
    const { power } = await this.deps.access.require(c, a.community_id, "can_view");
    return this.page(
      c,
      and(
        eq(textbookResource.activity_id, a.id),
        power.can_manage ? undefined : or(eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved), eq(textbookResource.account_id, c.id)),
        p.resource_type ? eq(textbookResource.resource_type, p.resource_type) : undefined,
        p.keyword ? this.keyword(p.keyword) : undefined,
      ),
      p.page,
      p.limit,
    );
  }

  // ── 学科网 documents, local (docs/decisions/0823) ──────────────────────────────────────────────────────────────

  /** c397 with the local provider: approved original resources, filtered by book, subject and catalogue node. */
  async localDocs(p: GetXkwDocPayload): Promise<XkwDocAnswer> {
    const conds: (SQL | undefined)[] = [eq(textbookResource.status, TEXTBOOK_RESOURCE_STATUS.approved), eq(textbookResource.source_id, 0)];
    if (p.textbookid) {
      const [b] = await this.db.select({ id: textbookBook.id }).from(textbookBook).where(eq(textbookBook.id, p.textbookid));
      if (!b) throw notFound("教材不存在");
      conds.push(eq(textbookResource.book_id, b.id));
    }
    if (p.courseid) {
      const [s] = await this.db
        .select({ name: subject.name, period: period.name })
        .from(subject)
        .innerJoin(period, eq(period.id, subject.period_id))
        .where(eq(subject.id, p.courseid));
      if (!s) throw notFound("学科不存在");
      conds.push(and(eq(textbookBook.subject_name, s.name), eq(textbookBook.period_name, s.period)));
    }
    if (p.catalogid) {
      const [n] = await this.db
        .select({ code: textbookCatalog.code, book_id: textbookCatalog.book_id })
        .from(textbookCatalog)
        .where(eq(textbookCatalog.id, p.catalogid));
      if (!n) throw notFound("教材目录不存在");
      conds.push(codeSubtree(textbookResource.catalog_code, n.code));
    }
    if (p.keyword) conds.push(this.keyword(p.keyword));
    const where = and(...conds);
    const [n] = await this.db.select({ n: count() }).from(textbookResource).innerJoin(textbookBook, eq(textbookBook.id, textbookResource.book_id)).where(where);
    const rows = await this.db
      .select({
        r: textbookResource,
        book_name: textbookBook.name,
        subject_name: textbookBook.subject_name,
        period_name: textbookBook.period_name,
        catalog_name: textbookCatalog.name,
        file_type: storedFile.file_type,
        is_public: storedFile.is_public,
      })
      .from(textbookResource)
      .innerJoin(textbookBook, eq(textbookBook.id, textbookResource.book_id))
      .leftJoin(textbookCatalog, eq(textbookCatalog.id, textbookResource.catalog_id))
      .leftJoin(storedFile, eq(storedFile.id, textbookResource.file_id))
      .where(where)
      .orderBy(desc(textbookResource.id))
      .limit(p.pagesize)
      .offset((p.page - 1) * p.pagesize);
    return {
      list: rows.map((x) => ({
        id: `local-${x.r.id}`,
        title: x.r.file_name,
        type_name: TEXTBOOK_RESOURCE_TYPES[x.r.resource_type] ?? "",
        course_name: `${x.period_name}${x.subject_name}`,
        textbook_name: x.book_name,
        catalog_name: x.catalog_name ?? "",
        catalog_code: x.r.catalog_code,
        url: this.fileUrl(x.r.file_id, x.is_public, x.r.file_url),
        file_type: x.file_type ?? "",
        size: x.r.size,
        author: x.r.author,
        date: formatTime(x.r.created_at),
      })),
      total: num(n?.n),
      page: p.page,
      pagesize: p.pagesize,
      provider: "local",
    };
  }
}
