/**
 * Collective lesson preparations (集体备课; community.md §3 Preparation, §4, §7; issue #8; docs/api/preparation.md,
 * docs/decisions/0800–0804): create and change them (the full form c235/c236 and the 备课 step c237/c238 — textbook
 * binding and files), delete them with everything they own, read them (public detail and lists whose visibility is
 * PreparationAccess's can_view written in SQL), verify / display / recommend, likes, statistics, files.
 * The discussion is discuss/discuss.service.ts (preparation-discuss.service.ts wires it).
 *
 * Every change keeps the registered activity (type "preparation") in step in the same transaction, and writes a
 * community log row when the preparation is in a community.
 */
import {
  COMMUNITY_LEVELS,
  COMMUNITY_STATUS,
  FILE_GET_PREFIX,
  MEMBER_STATUS,
  type Page,
  PREPARATION_FILE_TYPES,
  PREPARATION_MEMBER_ROLES,
  PREPARATION_OPEN_MODELS,
  PREPARATION_PHASES,
  PREPARATION_TYPES,
  PREPARATION_VERIFY_STATUS,
  type PreparationBindSave,
  type PreparationDetail,
  type PreparationFileItem,
  type PreparationFileListPayload,
  type PreparationFileRow,
  type PreparationFileSavePayload,
  type PreparationIdentityAnswer,
  type PreparationIndexPayload,
  type PreparationLikeAnswer,
  type PreparationMemberPick,
  type PreparationPhase,
  type PreparationRecommendPayload,
  type PreparationRow,
  type PreparationSave,
  type PreparationStatistics,
  type PreparationUpdate,
  type PreparationVerifyPayload,
  ROLE_NAMES,
  type SelPreparationPayload,
  type SelPreparationRow,
  TIME_ZONE,
  type UserPreparationListPayload,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, lt, lte, gte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { ActivityService } from "../activity/activity.service.js";
import { GUEST } from "../community/community-access.js";
import { community, communityMember } from "../community/community.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { discussComment } from "../discuss/discuss.schema.js";
import type { DiscussService } from "../discuss/discuss.service.js";
import { storedFile } from "../file/file.schema.js";
import { OrgScopes } from "../home/org-scope.js";
import { lessonDoc, lessonDocVersion } from "../lessonplan/lessonplan.schema.js";
import { assertMembers } from "../notice/notice.service.js";
import { period, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { collect } from "../personal/personal.schema.js";
import { scopeOf } from "../rbac/permission.js";
import { parseWhen } from "../recording/clock.js";
import { textbookBook, textbookCatalog, textbookEdition } from "../textbook/textbook.schema.js";
import type { PreparationPower, PreparationRow as PrepRecord } from "./preparation-access.js";
import { preparation, preparationFile, preparationLike, preparationMember } from "./preparation.schema.js";

export const PREPARATION_TARGET = "preparation";
const ACTIVITY_TYPE = "preparation";
const FILE_REF = /^\/files\/(\d+)(?:[/?#].*)?$/;
const FILE_NOT_YOURS = "文件不存在或不是您上传的，请重新上传";
const PREP_FILE_GONE = "备课文件不存在或已删除";

type Binding = {
  editon_id: number;
  book_id: number;
  book_catalog_id: number;
  catalog_code: string;
  catalog_code_ids: number[];
  grade_id: number;
  njy_structure: string;
};
type SentBinding = Pick<
  PreparationBindSave,
  "editon_id" | "bookId" | "book_catalog_id" | "catalogCode" | "catalogCodeIds" | "gradeId" | "periodId" | "njy_structure"
>;
type FileValues = { file_id: number; file_path: string; file_name: string; file_type: string; type: number; size: number };

const phaseOf = (start: Date, end: Date, now: Date): PreparationPhase => (now < start ? "upcoming" : now > end ? "ended" : "running");
function parseTime(v: string, label: string): Date {
  const d = parseWhen(v);
  if (!d) throw badInput(`${label}不是有效的时间（格式 YYYY-MM-DD HH:mm:ss）`);
  return d;
}

const rowColumns = {
  ...getTableColumns(preparation),
  community_name: sql<string>`coalesce(${community.name}, '')`.as("community_name"),
  account_name: sql<string>`coalesce(nullif(${account.realname}, ''), ${account.username}, '')`.as("account_name"),
  school_name: sql<string>`coalesce(${school.title}, '')`.as("school_name"),
  period_name: sql<string>`coalesce(${period.name}, '')`.as("period_name"),
  subject_name: sql<string>`coalesce(${subject.name}, '')`.as("subject_name"),
  book_name: sql<string>`coalesce(${textbookBook.name}, '')`.as("book_name"),
  member_count: sql<number>`(select count(*)::int from ${preparationMember} where ${preparationMember.preparation_id} = ${preparation.id})`.as("member_count"),
  plan_count:
    sql<number>`(select count(*)::int from ${lessonDoc} where ${lessonDoc.preparation_id} = ${preparation.id} and ${lessonDoc.deleted_at} is null)`.as(
      "plan_count",
    ),
  discuss_count:
    sql<number>`(select count(*)::int from ${discussComment} where ${discussComment.target_type} = 'preparation' and ${discussComment.ref_id} = ${preparation.id} and ${discussComment.deleted_at} is null)`.as(
      "discuss_count",
    ),
};
type JoinedRow = PrepRecord & {
  community_name: string;
  account_name: string;
  school_name: string;
  period_name: string;
  subject_name: string;
  book_name: string;
  member_count: number;
  plan_count: number;
  discuss_count: number;
};

export class PreparationService {
  private readonly db: Db;
  private readonly scopes: OrgScopes;

  constructor(
    private readonly deps: CommunityDeps,
    private readonly activities: ActivityService,
    private readonly discuss: DiscussService,
  ) {
    this.db = deps.db;
    this.scopes = new OrgScopes(deps.db);
  }

  private now(): Date {
    return this.deps.now();
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────────

  private joined() {
    return this.db
      .select(rowColumns)
      .from(preparation)
      .leftJoin(community, eq(community.id, preparation.community_id))
      .leftJoin(account, eq(account.id, preparation.account_id))
      .leftJoin(school, eq(school.id, preparation.school_id))
      .leftJoin(period, eq(period.id, preparation.period_id))
      .leftJoin(subject, eq(subject.id, preparation.subject_id))
      .leftJoin(textbookBook, eq(textbookBook.id, preparation.book_id))
      .$dynamic();
  }

  private toRow(r: JoinedRow): PreparationRow {
    const phase = phaseOf(r.start_time, r.end_time, this.now());
    return {
      id: r.id,
      theme: r.theme,
      type: r.type,
      type_name: PREPARATION_TYPES[r.type] ?? "",
      open_model: r.open_model,
      open_model_name: PREPARATION_OPEN_MODELS[r.open_model] ?? "",
      cover_url: r.cover_url,
      logo_url: r.logo_url,
      community_id: r.community_id,
      community_name: r.community_name,
      account_id: r.account_id,
      account_name: r.account_name,
      school_id: r.school_id,
      school_name: r.school_name,
      start_time: formatTime(r.start_time),
      end_time: formatTime(r.end_time),
      phase,
      phase_name: PREPARATION_PHASES[phase] ?? "",
      period_id: r.period_id,
      period_name: r.period_name,
      subject_id: r.subject_id,
      subject_name: r.subject_name,
      grade_name: r.grade_name,
      editon_id: r.editon_id,
      bookId: r.book_id,
      book_name: r.book_name,
      book_catalog_id: r.book_catalog_id,
      catalogCode: r.catalog_code,
      njy_structure: r.njy_structure,
      introduction: r.introduction,
      is_display: r.is_display,
      is_recommend: r.is_recommend,
      verify_status: r.verify_status,
      verify_status_name: PREPARATION_VERIFY_STATUS[r.verify_status] ?? "",
      status: r.status,
      like_count: r.like_count,
      view_count: r.view_count,
      member_count: Number(r.member_count),
      plan_count: Number(r.plan_count),
      discuss_count: Number(r.discuss_count),
      created_at: formatTime(r.created_at),
    };
  }

  private async page(where: SQL | undefined, order: SQL[], page: number, limit: number): Promise<Page<PreparationRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(preparation).where(where);
    const rows = Number(n)
      ? ((await this.joined()
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset((page - 1) * limit)) as JoinedRow[])
      : [];
    return { list: rows.map((r) => this.toRow(r)), total: Number(n), page, limit };
  }

  private filters(q: {
    community_id?: number;
    theme?: string;
    subject_id?: number;
    period_id?: number;
    grade_name?: string;
    book_id?: number;
    type?: number;
    phase?: string;
    verify_status?: number;
  }): (SQL | undefined)[] {
    const now = this.now();
    return [
      q.community_id ? eq(preparation.community_id, q.community_id) : undefined,
      q.theme ? sql`${preparation.theme} ilike ${containsPattern(q.theme)}` : undefined,
      q.subject_id ? eq(preparation.subject_id, q.subject_id) : undefined,
      q.period_id ? eq(preparation.period_id, q.period_id) : undefined,
      q.grade_name ? eq(preparation.grade_name, q.grade_name) : undefined,
      q.book_id ? eq(preparation.book_id, q.book_id) : undefined,
      q.type ? eq(preparation.type, q.type) : undefined,
      q.verify_status !== undefined ? eq(preparation.verify_status, q.verify_status) : undefined,
      q.phase === "upcoming" ? gt(preparation.start_time, now) : undefined,
      q.phase === "running" ? and(lte(preparation.start_time, now), gte(preparation.end_time, now)) : undefined,
      q.phase === "ended" ? lt(preparation.end_time, now) : undefined,
    ];
  }

  private readonly newestFirst = [desc(preparation.start_time), desc(preparation.id)];

  /** c233: what the caller (or an anonymous visitor) may see. */
  async index(c: Caller, q: PreparationIndexPayload): Promise<Page<PreparationRow>> {
    const where = and(
      await this.deps.preparations.visibleSql(c),
      ...this.filters(q),
      q.is_recommend !== undefined ? eq(preparation.is_recommend, q.is_recommend) : undefined,
    );
    return this.page(where, this.newestFirst, q.page, q.limit);
  }

  /** c234: created (role 1) or joined (role 2), or both. */
  async userList(c: Caller, q: UserPreparationListPayload): Promise<Page<PreparationRow>> {
    const joinedIds = sql`${preparation.id} in (select ${preparationMember.preparation_id} from ${preparationMember} where ${preparationMember.account_id} = ${c.id} and ${preparationMember.role} = 2)`;
    const mine =
      q.role === 1 ? eq(preparation.account_id, c.id) : q.role === 2 ? and(ne(preparation.account_id, c.id), joinedIds) : this.deps.preparations.memberSql(c);
    return this.page(and(mine, ...this.filters(q)), this.newestFirst, q.page, q.limit);
  }

  /** c249: recommended, open, visible to the caller. */
  async recommendSource(c: Caller, q: PreparationRecommendPayload): Promise<Page<PreparationRow>> {
    const where = and(
      await this.deps.preparations.visibleSql(c),
      eq(preparation.is_recommend, 1),
      eq(preparation.status, 1),
      eq(preparation.is_display, 1),
      eq(preparation.verify_status, 1),
      ...this.filters(q),
    );
    return this.page(where, [desc(preparation.updated_at), desc(preparation.id)], q.page, q.limit);
  }

  /** c260: those the caller may link to a meeting or a listen record: he takes part in them or manages them. */
  async select(c: Caller, q: SelPreparationPayload): Promise<SelPreparationRow[]> {
    const where = and(
      or(this.deps.preparations.memberSql(c), await this.deps.preparations.managerSql(c)),
      eq(preparation.status, 1),
      q.community_id ? eq(preparation.community_id, q.community_id) : undefined,
      q.keyword ? sql`${preparation.theme} ilike ${containsPattern(q.keyword)}` : undefined,
    );
    return this.db
      .select({ id: preparation.id, theme: preparation.theme, community_id: preparation.community_id })
      .from(preparation)
      .where(where)
      .orderBy(desc(preparation.start_time), desc(preparation.id))
      .limit(q.limit);
  }

  // ── detail ───────────────────────────────────────────────────────────────────────────────────────────────────

  async detailOf(c: Caller, id: number, power: PreparationPower): Promise<PreparationDetail> {
    const [r] = (await this.joined().where(eq(preparation.id, id))) as JoinedRow[];
    if (!r) throw notFound("集体备课不存在或已删除");
    const members = await this.db
      .select({ account_id: preparationMember.account_id, role: preparationMember.role, realname: account.realname, username: account.username })
      .from(preparationMember)
      .leftJoin(account, eq(account.id, preparationMember.account_id))
      .where(eq(preparationMember.preparation_id, id))
      .orderBy(asc(preparationMember.role), asc(preparationMember.created_at), asc(preparationMember.account_id));
    const [liked] = c.id
      ? await this.db
          .select({ a: preparationLike.account_id })
          .from(preparationLike)
          .where(and(eq(preparationLike.preparation_id, id), eq(preparationLike.account_id, c.id)))
      : [];
    const [collected] = c.id
      ? await this.db
          .select({ id: collect.id })
          .from(collect)
          .where(and(eq(collect.account_id, c.id), eq(collect.target_type, PREPARATION_TARGET), eq(collect.target_id, id)))
      : [];
    const files = await this.fileRows(c, power, and(eq(preparationFile.preparation_id, id))!, 200, 0);
    return {
      ...this.toRow(r),
      accountIds: members.map((m) => m.account_id),
      members: members.map((m) => ({
        account_id: m.account_id,
        realname: m.realname || m.username || "",
        role: m.role,
        role_name: PREPARATION_MEMBER_ROLES[m.role] ?? "",
      })),
      catalogCodeIds: r.catalog_code_ids,
      gradeId: r.grade_id,
      periodId: r.period_id,
      fileArr: files,
      verify_reason: r.verify_reason,
      verified_at: formatTime(r.verified_at),
      liked: Boolean(liked),
      collected: Boolean(collected),
      power: { ...power },
      updated_at: formatTime(r.updated_at),
    };
  }

  /** c240: counts a view. */
  async detail(c: Caller, id: number): Promise<PreparationDetail> {
    const { prep, power } = await this.deps.preparations.require(c, id, "can_view");
    await this.db
      .update(preparation)
      .set({ view_count: sql`${preparation.view_count} + 1` })
      .where(eq(preparation.id, prep.id));
    return this.detailOf(c, prep.id, power);
  }

  private async answer(c: Caller, id: number): Promise<PreparationDetail> {
    const { power } = await this.deps.preparations.require(c, id);
    return this.detailOf(c, id, power);
  }

  // ── textbook binding and files ─────────────────────────────────────────────────────────────────────────────

  /** The binding after the sent fields: checked against the catalogue; njy_structure built when not given. */
  private async binding(current: Binding, s: SentBinding): Promise<Binding> {
    const b: Binding = { ...current, catalog_code_ids: [...current.catalog_code_ids] };
    const catalogSent = s.book_catalog_id !== undefined || s.catalogCode !== undefined;
    if (s.editon_id !== undefined) b.editon_id = s.editon_id;
    if (s.bookId !== undefined) b.book_id = s.bookId;
    if (s.book_catalog_id !== undefined) b.book_catalog_id = s.book_catalog_id;
    if (s.catalogCode !== undefined) b.catalog_code = s.catalogCode;
    if (s.catalogCodeIds !== undefined) b.catalog_code_ids = [...new Set(s.catalogCodeIds)];
    if (s.gradeId !== undefined) b.grade_id = s.gradeId;
    // Another book (or edition) without a new catalogue node: the old node no longer applies.
    if ((b.book_id !== current.book_id || b.editon_id !== current.editon_id) && !catalogSent) {
      b.book_catalog_id = 0;
      b.catalog_code = "";
      if (s.catalogCodeIds === undefined) b.catalog_code_ids = [];
    }
    if (s.book_catalog_id === 0 && s.catalogCode === undefined) b.catalog_code = "";
    if (s.catalogCode === "" && s.book_catalog_id === undefined) b.book_catalog_id = 0;

    // The catalogue node, by id or by code.
    let node: typeof textbookCatalog.$inferSelect | undefined;
    if (b.book_catalog_id) {
      [node] = await this.db.select().from(textbookCatalog).where(eq(textbookCatalog.id, b.book_catalog_id));
      if (!node) throw badInput("教材目录(book_catalog_id): 目录不存在");
      if (b.catalog_code && b.catalog_code !== node.code) {
        if (s.catalogCode !== undefined) throw badInput("目录编码(catalogCode)与教材目录(book_catalog_id)不符");
      }
      b.catalog_code = node.code;
    } else if (b.catalog_code) {
      [node] = await this.db.select().from(textbookCatalog).where(eq(textbookCatalog.code, b.catalog_code));
      if (!node) throw badInput("目录编码(catalogCode): 目录不存在");
      b.book_catalog_id = node.id;
    }
    if (node) {
      if (b.book_id && b.book_id !== node.book_id) {
        if (s.bookId !== undefined) throw badInput("教材目录不属于所选的教材册次");
      }
      b.book_id = node.book_id;
    }
    let book: typeof textbookBook.$inferSelect | undefined;
    if (b.book_id) {
      [book] = await this.db.select().from(textbookBook).where(eq(textbookBook.id, b.book_id));
      if (!book) throw badInput("教材册次(bookId): 教材不存在");
      if (b.editon_id && b.editon_id !== book.edition_id && s.editon_id !== undefined) throw badInput("教材册次不属于所选的教材版本");
      b.editon_id = book.edition_id;
    }
    let edition: typeof textbookEdition.$inferSelect | undefined;
    if (b.editon_id) {
      [edition] = await this.db.select().from(textbookEdition).where(eq(textbookEdition.id, b.editon_id));
      if (!edition) throw badInput("教材版本(editon_id): 版本不存在");
    }
    if (b.catalog_code_ids.length) {
      const found = await this.db
        .select({ id: textbookCatalog.id, book_id: textbookCatalog.book_id })
        .from(textbookCatalog)
        .where(inArray(textbookCatalog.id, b.catalog_code_ids));
      if (found.length !== b.catalog_code_ids.length) throw badInput("目录节点(catalogCodeIds): 有目录不存在");
      if (b.book_id && found.some((f) => f.book_id !== b.book_id)) throw badInput("目录节点(catalogCodeIds)不属于所选的教材册次");
    } else if (node) b.catalog_code_ids = [node.id];
    if (s.njy_structure) b.njy_structure = s.njy_structure;
    else {
      // "人教版 / 七年级上册 / 第一章 有理数 / 1.1 正数和负数"
      const chain: string[] = [];
      for (let cur = node, guard = 0; cur && guard < 10; guard++) {
        chain.unshift(cur.name);
        if (!cur.pid) break;
        [cur] = await this.db.select().from(textbookCatalog).where(eq(textbookCatalog.id, cur.pid));
      }
      b.njy_structure = [edition?.name, book?.name, ...chain].filter(Boolean).join(" / ");
    }
    return b;
  }

  /** fileArr → file values: each the caller's own upload (or one the preparation already holds). */
  private async fileValues(c: Caller, items: readonly PreparationFileItem[], kept: ReadonlySet<number>): Promise<FileValues[]> {
    const out: FileValues[] = [];
    for (const it of items) {
      let id = it.file_id ?? 0;
      if (!id && it.file_path) {
        const m = FILE_REF.exec(it.file_path);
        if (!m) throw badInput("文件地址(file_path)应为上传的文件（/files/<编号>）");
        id = Number(m[1]);
      }
      const f = id ? await this.deps.files.fileRow(id) : undefined;
      if (!f || (f.account_id !== c.id && !kept.has(f.id))) throw badInput(`${it.file_name || "文件"}：${FILE_NOT_YOURS}`);
      if (out.some((o) => o.file_id === f.id)) continue;
      out.push({
        file_id: f.id,
        file_path: `${FILE_GET_PREFIX}/${f.id}`,
        file_name: (it.file_name || f.real_file_name).slice(0, 200),
        file_type: f.file_type,
        type: it.type,
        size: Number(f.size),
      });
    }
    return out;
  }

  private async fileRows(c: Caller, power: PreparationPower, where: SQL, limit: number, offset: number): Promise<PreparationFileRow[]> {
    const rows = await this.db
      .select({ f: preparationFile, pub: storedFile.is_public, realname: account.realname, username: account.username })
      .from(preparationFile)
      .leftJoin(storedFile, eq(storedFile.id, preparationFile.file_id))
      .leftJoin(account, eq(account.id, preparationFile.account_id))
      .where(where)
      .orderBy(desc(preparationFile.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ f, pub, realname, username }) => ({
      id: f.id,
      preparation_id: f.preparation_id,
      file_id: f.file_id,
      file_path: f.file_id ? (pub ? `${FILE_GET_PREFIX}/${f.file_id}` : this.deps.files.signedPath(f.file_id)) : f.file_path,
      file_name: f.file_name,
      file_type: f.file_type,
      type: f.type,
      type_name: PREPARATION_FILE_TYPES[f.type] ?? "",
      size: f.size,
      account_id: f.account_id,
      account_name: realname || username || "",
      can_delete: c.id !== 0 && (f.account_id === c.id || power.can_manage),
      created_at: formatTime(f.created_at),
    }));
  }

  // ── create and change ──────────────────────────────────────────────────────────────────────────────────────

  /** Where a preparation sits: its community (the creator must be able to post there) or the creator's school. */
  private async place(
    c: Caller,
    communityId: number,
    author: Caller,
  ): Promise<{ community_id: number; school_id: number; area_id: number; city_id: number; level: number; manager: boolean; community_name: string }> {
    if (communityId) {
      const { community: row, power } = await this.deps.access.require(c, communityId, "can_post", "请先加入社区后再发起集体备课");
      const regions = row.school_id ? await this.scopes.schoolRegions(row.school_id) : await this.scopes.schoolRegions(author.school_id);
      return {
        community_id: row.id,
        school_id: row.school_id || author.school_id,
        area_id: row.area_id || regions.area_id,
        city_id: row.city_id || regions.city_id,
        level: row.level,
        manager: power.can_manage,
        community_name: row.name,
      };
    }
    if (!author.school_id) throw badInput("请选择社区：您不属于任何学校，集体备课须发起在社区中");
    const regions = await this.scopes.schoolRegions(author.school_id);
    return { community_id: 0, school_id: author.school_id, area_id: regions.area_id, city_id: regions.city_id, level: 1, manager: false, community_name: "" };
  }

  /**
   * verify_status at creation (docs/decisions/0801): a preparation in a district, city or province community waits
   * for the community's managers (0) unless its creator manages the community; others are approved at once (1).
   */
  private initialVerify(place: { community_id: number; level: number; manager: boolean }): number {
    return place.community_id && place.level >= 2 && !place.manager ? 0 : 1;
  }

  /** Participants: joined members of the community, or accounts of the school (no community); the author excluded. */
  private async participants(communityId: number, schoolId: number, authorId: number, ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)].filter((x) => x !== authorId);
    if (!wanted.length) return [];
    if (communityId) return assertMembers(this.db, communityId, wanted, "参与人");
    const ok = await this.db
      .select({ id: account.id })
      .from(account)
      .where(and(inArray(account.id, wanted), eq(account.school_id, schoolId), eq(account.status, 1)));
    const okSet = new Set(ok.map((r) => r.id));
    const bad = wanted.filter((x) => !okSet.has(x));
    if (bad.length) {
      const names = await this.db.select({ id: account.id, realname: account.realname }).from(account).where(inArray(account.id, bad));
      const shown = bad.slice(0, 5).map((x) => names.find((n) => n.id === x)?.realname || `账号 ${x}`);
      throw badInput(`参与人必须是本校的账号，以下人员不是：${shown.join("、")}${bad.length > 5 ? ` 等 ${bad.length} 人` : ""}`);
    }
    return wanted;
  }

  private async setMembers(tx: Tx, id: number, authorId: number, others: readonly number[]): Promise<void> {
    await tx.delete(preparationMember).where(eq(preparationMember.preparation_id, id));
    await tx
      .insert(preparationMember)
      .values([{ preparation_id: id, account_id: authorId, role: 1 }, ...others.map((a) => ({ preparation_id: id, account_id: a, role: 2 }))]);
  }

  /** The registered activity follows the preparation (docs/decisions/0704). */
  private async syncActivity(tx: Tx, id: number): Promise<void> {
    const [p] = await tx.select().from(preparation).where(eq(preparation.id, id));
    if (!p) return;
    const members = await tx.select({ a: preparationMember.account_id }).from(preparationMember).where(eq(preparationMember.preparation_id, id));
    await this.activities.register(tx, {
      type: ACTIVITY_TYPE,
      ref_id: p.id,
      name: p.theme,
      community_id: p.community_id,
      account_id: p.account_id,
      start_time: p.start_time,
      end_time: p.end_time,
      participation_account_ids: members.map((m) => m.a),
      introduction: p.introduction,
      cover_url: p.cover_url || p.logo_url,
      school_id: p.school_id,
      period_id: p.period_id,
      subject_id: p.subject_id,
      // Shown to everyone as an activity only when the preparation itself is: shown, approved and 公开 (decision
      // 0802). Otherwise its members, its community's members and managers still see it (activity visibility).
      is_display: p.is_display === 1 && p.verify_status === 1 && p.open_model === 1 ? 1 : 0,
      is_recommend: p.is_recommend,
      status: p.status,
    });
  }

  private async log(tx: Tx, p: { community_id: number; id: number }, c: Caller, action: string, content: string): Promise<void> {
    if (!p.community_id) return;
    await this.deps.access.log(tx, { community_id: p.community_id, account_id: c.id, action, target_type: "preparation", target_id: p.id, content });
  }

  private async addFiles(tx: Tx, c: Caller, id: number, files: readonly FileValues[], existing: ReadonlySet<number>): Promise<number> {
    const fresh = files.filter((f) => !existing.has(f.file_id));
    if (fresh.length) await tx.insert(preparationFile).values(fresh.map((f) => ({ ...f, preparation_id: id, account_id: c.id, created_at: this.now() })));
    return fresh.length;
  }

  private async heldFileIds(id: number): Promise<Set<number>> {
    const rows = await this.db.select({ f: preparationFile.file_id }).from(preparationFile).where(eq(preparationFile.preparation_id, id));
    return new Set(rows.map((r) => r.f));
  }

  private bindingOf(p: PrepRecord): Binding {
    return {
      editon_id: p.editon_id,
      book_id: p.book_id,
      book_catalog_id: p.book_catalog_id,
      catalog_code: p.catalog_code,
      catalog_code_ids: p.catalog_code_ids,
      grade_id: p.grade_id,
      njy_structure: p.njy_structure,
    };
  }

  private static bindingSent(p: SentBinding): boolean {
    return (["editon_id", "bookId", "book_catalog_id", "catalogCode", "catalogCodeIds", "gradeId", "periodId", "njy_structure"] as const).some(
      (k) => p[k] !== undefined,
    );
  }

  /** c235 */
  async save(c: Caller, p: PreparationSave): Promise<PreparationDetail> {
    const start = parseTime(p.start_time, "开始时间");
    const end = parseTime(p.end_time, "结束时间");
    if (end.getTime() <= start.getTime()) throw badInput("结束时间必须晚于开始时间");
    const place = await this.place(c, p.community_id, c);
    const others = await this.participants(place.community_id, place.school_id, c.id, p.accountIds);
    const empty: Binding = { editon_id: 0, book_id: 0, book_catalog_id: 0, catalog_code: "", catalog_code_ids: [], grade_id: 0, njy_structure: "" };
    const b = PreparationService.bindingSent(p) ? await this.binding(empty, p) : empty;
    const files = await this.fileValues(c, p.fileArr ?? [], new Set());
    const verify = this.initialVerify(place);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(preparation)
        .values({
          theme: p.theme,
          introduction: p.introduction,
          type: p.type,
          open_model: p.open_model,
          cover_url: p.cover_url,
          logo_url: p.logo_url,
          community_id: place.community_id,
          account_id: c.id,
          school_id: place.school_id,
          area_id: place.area_id,
          city_id: place.city_id,
          start_time: start,
          end_time: end,
          period_id: p.period_id || p.periodId || 0,
          subject_id: p.subject_id,
          grade_name: p.grade_name,
          ...b,
          verify_status: verify,
          verified_at: verify === 1 ? this.now() : null,
          created_at: this.now(),
          updated_at: this.now(),
        })
        .returning({ id: preparation.id });
      const newId = row!.id;
      await this.setMembers(tx, newId, c.id, others);
      await this.addFiles(tx, c, newId, files, new Set());
      await this.syncActivity(tx, newId);
      await this.log(
        tx,
        { community_id: place.community_id, id: newId },
        c,
        "preparation.save",
        `发起集体备课「${p.theme}」${verify === 0 ? "（待审核）" : ""}`,
      );
      return newId;
    });
    return this.answer(c, id);
  }

  /** c236: only the fields sent change. */
  async update(c: Caller, p: PreparationUpdate, sent: ReadonlySet<string>): Promise<PreparationDetail> {
    const { prep } = await this.deps.preparations.require(c, p.id, "can_manage");
    const has = (k: string) => sent.has(k) && (p as Record<string, unknown>)[k] !== undefined;
    const start = has("start_time") ? parseTime(p.start_time!, "开始时间") : prep.start_time;
    const end = has("end_time") ? parseTime(p.end_time!, "结束时间") : prep.end_time;
    if (end.getTime() <= start.getTime()) throw badInput("结束时间必须晚于开始时间");
    const author = await this.deps.accounts.subject(prep.account_id).catch(() => ({ ...GUEST, id: prep.account_id, school_id: prep.school_id }));
    const moving = has("community_id") && p.community_id !== prep.community_id;
    const place = moving
      ? await this.place(c, p.community_id!, author)
      : {
          community_id: prep.community_id,
          school_id: prep.school_id,
          area_id: prep.area_id,
          city_id: prep.city_id,
          level: 0,
          manager: true,
          community_name: "",
        };
    const currentOthers = (
      await this.db.select({ a: preparationMember.account_id }).from(preparationMember).where(eq(preparationMember.preparation_id, prep.id))
    ).map((r) => r.a);
    const others =
      has("accountIds") || moving
        ? await this.participants(place.community_id, place.school_id, prep.account_id, has("accountIds") ? p.accountIds! : currentOthers)
        : undefined;
    const b = PreparationService.bindingSent(p) ? await this.binding(this.bindingOf(prep), p) : undefined;
    const held = await this.heldFileIds(prep.id);
    const files = has("fileArr") ? await this.fileValues(c, p.fileArr!, held) : undefined;
    // Moved into a community that verifies, or changed after a rejection: it waits again (docs/decisions/0801).
    let verify = prep.verify_status;
    if (moving) {
      const [row] = place.community_id ? await this.db.select().from(community).where(eq(community.id, place.community_id)) : [];
      const managerThere = row ? (await this.deps.access.power(c, row)).can_manage : false;
      verify = place.community_id && place.level >= 2 && !managerThere ? 0 : 1;
    } else if (prep.verify_status === 2 && !(await this.deps.preparations.power(c, prep)).can_verify) verify = 0;
    const changes: Partial<typeof preparation.$inferInsert> = { updated_at: this.now() };
    for (const k of ["theme", "type", "open_model", "cover_url", "logo_url", "period_id", "subject_id", "grade_name", "introduction"] as const) {
      if (has(k)) (changes as Record<string, unknown>)[k] = p[k];
    }
    if (!has("period_id") && p.periodId !== undefined) changes.period_id = p.periodId;
    if (has("start_time")) changes.start_time = start;
    if (has("end_time")) changes.end_time = end;
    if (moving) Object.assign(changes, { community_id: place.community_id, school_id: place.school_id, area_id: place.area_id, city_id: place.city_id });
    if (b) Object.assign(changes, b);
    if (verify !== prep.verify_status)
      Object.assign(changes, { verify_status: verify, verify_reason: "", verified_by: 0, verified_at: verify === 1 ? this.now() : null });
    await this.db.transaction(async (tx) => {
      await tx.update(preparation).set(changes).where(eq(preparation.id, prep.id));
      if (others) await this.setMembers(tx, prep.id, prep.account_id, others);
      if (files) await this.replaceFiles(tx, c, prep.id, files, held);
      await this.syncActivity(tx, prep.id);
      const theme = (changes.theme as string | undefined) ?? prep.theme;
      if (moving && prep.community_id)
        await this.log(tx, { community_id: prep.community_id, id: prep.id }, c, "preparation.update", `集体备课「${theme}」移出本社区`);
      await this.log(tx, { community_id: place.community_id, id: prep.id }, c, "preparation.update", `修改集体备课「${theme}」`);
    });
    return this.answer(c, prep.id);
  }

  /** fileArr replaces the list: files named again stay, new ones are added, the others go. */
  private async replaceFiles(tx: Tx, c: Caller, id: number, files: readonly FileValues[], held: ReadonlySet<number>): Promise<void> {
    const keep = files.map((f) => f.file_id);
    await tx.delete(preparationFile).where(
      and(
        eq(preparationFile.preparation_id, id),
        keep.length
          ? sql`${preparationFile.file_id} not in (${sql.join(
              keep.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
    for (const f of files.filter((x) => held.has(x.file_id))) {
      await tx
        .update(preparationFile)
        .set({ file_name: f.file_name, type: f.type })
        .where(and(eq(preparationFile.preparation_id, id), eq(preparationFile.file_id, f.file_id)));
    }
    await this.addFiles(tx, c, id, files, held);
  }

  /** c237 save (append fileArr) and c238 update (fileArr replaces): the 备课 step. */
  async bind(c: Caller, p: PreparationBindSave, sent: ReadonlySet<string>, mode: "save" | "update"): Promise<PreparationDetail> {
    const { prep } = await this.deps.preparations.require(c, p.id, "can_manage");
    if (!PreparationService.bindingSent(p) && !sent.has("fileArr")) throw badInput("请选择教材或上传备课文件");
    const b = PreparationService.bindingSent(p) ? await this.binding(this.bindingOf(prep), p) : undefined;
    const held = await this.heldFileIds(prep.id);
    const files = p.fileArr ? await this.fileValues(c, p.fileArr, held) : undefined;
    await this.db.transaction(async (tx) => {
      const changes: Partial<typeof preparation.$inferInsert> = { updated_at: this.now(), ...(b ?? {}) };
      if (p.periodId !== undefined && p.periodId > 0) changes.period_id = p.periodId;
      await tx.update(preparation).set(changes).where(eq(preparation.id, prep.id));
      if (files) {
        if (mode === "update") await this.replaceFiles(tx, c, prep.id, files, held);
        else await this.addFiles(tx, c, prep.id, files, held);
      }
      await this.syncActivity(tx, prep.id);
      await this.log(tx, prep, c, "preparation.bind", `设置集体备课「${prep.theme}」的教材与备课文件${b?.njy_structure ? `：${b.njy_structure}` : ""}`);
    });
    return this.answer(c, prep.id);
  }

  /** c239: the preparation and all it owns: members, files, likes, AI jobs (cascade), lesson plans, discussion, activity. */
  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const { prep } = await this.deps.preparations.require(c, id, "can_manage");
    await this.db.transaction(async (tx) => {
      // Lesson plans (their versions go by cascade).
      await tx.delete(lessonDoc).where(eq(lessonDoc.preparation_id, prep.id));
      await this.discuss.removeAll(tx, PREPARATION_TARGET, prep.id);
      await this.activities.unregister(ACTIVITY_TYPE, prep.id, tx);
      await tx.delete(preparation).where(eq(preparation.id, prep.id));
      await this.log(tx, prep, c, "preparation.delete", `删除集体备课「${prep.theme}」`);
    });
    return { id: prep.id };
  }

  // ── verify, display, recommend, like ────────────────────────────────────────────────────────────────────────

  /** c254 */
  async verify(c: Caller, p: PreparationVerifyPayload): Promise<PreparationDetail> {
    const { prep } = await this.deps.preparations.require(c, p.id, "can_verify");
    if (p.verify_status === 2 && !p.reason) throw badInput("请填写不通过的原因");
    await this.db.transaction(async (tx) => {
      await tx
        .update(preparation)
        .set({
          verify_status: p.verify_status,
          verify_reason: p.reason,
          verified_by: c.id,
          verified_at: this.now(),
          updated_at: this.now(),
          ...(p.verify_status === 2 ? { is_recommend: 0 } : {}),
        })
        .where(eq(preparation.id, prep.id));
      await this.syncActivity(tx, prep.id);
      await this.log(
        tx,
        prep,
        c,
        "preparation.verify",
        `审核集体备课「${prep.theme}」：${PREPARATION_VERIFY_STATUS[p.verify_status]}${p.reason ? `（${p.reason}）` : ""}`,
      );
    });
    return this.answer(c, prep.id);
  }

  /** c255 */
  async display(c: Caller, id: number, isDisplay: number): Promise<PreparationDetail> {
    const { prep } = await this.deps.preparations.require(c, id, "can_manage");
    await this.db.transaction(async (tx) => {
      await tx.update(preparation).set({ is_display: isDisplay, updated_at: this.now() }).where(eq(preparation.id, prep.id));
      await this.syncActivity(tx, prep.id);
      await this.log(tx, prep, c, "preparation.display", `${isDisplay ? "展示" : "隐藏"}集体备课「${prep.theme}」`);
    });
    return this.answer(c, prep.id);
  }

  /** c256: only an approved preparation is recommended. */
  async recommend(c: Caller, id: number, isRecommend: number): Promise<PreparationDetail> {
    const { prep } = await this.deps.preparations.require(c, id, "can_recommend");
    if (isRecommend === 1 && prep.verify_status !== 1) throw badInput("只有审核通过的集体备课可以推荐");
    await this.db.transaction(async (tx) => {
      await tx.update(preparation).set({ is_recommend: isRecommend, updated_at: this.now() }).where(eq(preparation.id, prep.id));
      await this.syncActivity(tx, prep.id);
      await this.log(tx, prep, c, "preparation.recommend", `${isRecommend ? "推荐" : "取消推荐"}集体备课「${prep.theme}」`);
    });
    return this.answer(c, prep.id);
  }

  /**
   * c245: toggles the caller's like. The primary key (preparation_id, account_id) keeps one row per user whatever
   * the concurrency; like_count moves by one with each row really added or removed, under the preparation's row lock.
   */
  async like(c: Caller, id: number): Promise<PreparationLikeAnswer> {
    const { prep } = await this.deps.preparations.require(c, id, "can_view");
    return this.db.transaction(async (tx) => {
      const added = await tx
        .insert(preparationLike)
        .values({ preparation_id: prep.id, account_id: c.id, created_at: this.now() })
        .onConflictDoNothing()
        .returning({ a: preparationLike.account_id });
      let liked = true;
      if (added.length) {
        await tx
          .update(preparation)
          .set({ like_count: sql`${preparation.like_count} + 1` })
          .where(eq(preparation.id, prep.id));
      } else {
        liked = false;
        const gone = await tx
          .delete(preparationLike)
          .where(and(eq(preparationLike.preparation_id, prep.id), eq(preparationLike.account_id, c.id)))
          .returning({ a: preparationLike.account_id });
        if (gone.length)
          await tx
            .update(preparation)
            .set({ like_count: sql`greatest(${preparation.like_count} - 1, 0)` })
            .where(eq(preparation.id, prep.id));
      }
      const [r] = await tx.select({ n: preparation.like_count }).from(preparation).where(eq(preparation.id, prep.id));
      await this.log(tx, prep, c, liked ? "preparation.like" : "preparation.unlike", `${liked ? "点赞" : "取消点赞"}集体备课「${prep.theme}」`);
      return { id: prep.id, liked, like_count: r?.n ?? 0 };
    });
  }

  // ── files (c257–c259) ─────────────────────────────────────────────────────────────────────────────────────

  /** c257: those who may edit it attach their own uploads. */
  async fileSave(c: Caller, p: PreparationFileSavePayload): Promise<PreparationFileRow[]> {
    const { prep, power } = await this.deps.preparations.require(c, p.preparation_id, "can_edit", "只有备课参与人可以上传备课文件");
    const held = await this.heldFileIds(prep.id);
    const files = await this.fileValues(c, p.fileArr, new Set());
    const fresh = files.filter((f) => !held.has(f.file_id));
    if (!fresh.length) throw conflict("这些文件已在该集体备课中");
    await this.db.transaction(async (tx) => {
      await this.addFiles(tx, c, prep.id, fresh, held);
      await this.log(
        tx,
        prep,
        c,
        "preparation.file_save",
        `上传备课文件「${fresh
          .map((f) => f.file_name)
          .join("、")
          .slice(0, 200)}」`,
      );
    });
    return this.fileRows(
      c,
      power,
      and(
        eq(preparationFile.preparation_id, prep.id),
        inArray(
          preparationFile.file_id,
          fresh.map((f) => f.file_id),
        ),
      )!,
      fresh.length,
      0,
    );
  }

  /** c258: readers list them with readable (signed) addresses. */
  async fileList(c: Caller, q: PreparationFileListPayload): Promise<Page<PreparationFileRow>> {
    const { prep, power } = await this.deps.preparations.require(c, q.preparation_id, "can_view");
    const where = and(eq(preparationFile.preparation_id, prep.id), q.type ? eq(preparationFile.type, q.type) : undefined)!;
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(preparationFile).where(where);
    return { list: await this.fileRows(c, power, where, q.limit, (q.page - 1) * q.limit), total: Number(n), page: q.page, limit: q.limit };
  }

  /** c259: the uploader or whoever manages the preparation. */
  async fileDelete(c: Caller, id: number): Promise<{ id: number }> {
    const [f] = await this.db.select().from(preparationFile).where(eq(preparationFile.id, id));
    if (!f) throw notFound(PREP_FILE_GONE);
    const { prep, power } = await this.deps.preparations.require(c, f.preparation_id);
    if (f.account_id !== c.id && !power.can_manage) throw forbidden("只有上传者、主备人或管理员可以删除备课文件");
    await this.db.transaction(async (tx) => {
      await tx.delete(preparationFile).where(eq(preparationFile.id, f.id));
      await this.log(tx, prep, c, "preparation.file_delete", `删除备课文件「${f.file_name}」`);
    });
    return { id: f.id };
  }

  // ── identity and communities (c248) ───────────────────────────────────────────────────────────────────────

  async identity(c: Caller, communityId?: number): Promise<PreparationIdentityAnswer> {
    const [me] = await this.db
      .select({ realname: account.realname, username: account.username, school_name: school.title })
      .from(account)
      .leftJoin(school, eq(school.id, account.school_id))
      .where(eq(account.id, c.id));
    const mine = await this.db
      .select({ c: community })
      .from(communityMember)
      .innerJoin(community, eq(community.id, communityMember.community_id))
      .where(
        and(
          eq(communityMember.account_id, c.id),
          eq(communityMember.status, MEMBER_STATUS.joined),
          eq(community.status, COMMUNITY_STATUS.normal),
          communityId ? eq(community.id, communityId) : undefined,
        ),
      )
      .orderBy(asc(community.id));
    const ids = mine.map((m) => m.c.id);
    const people = ids.length
      ? await this.db
          .select({ cid: communityMember.community_id, id: account.id, realname: account.realname, username: account.username })
          .from(communityMember)
          .innerJoin(account, eq(account.id, communityMember.account_id))
          .where(and(inArray(communityMember.community_id, ids), eq(communityMember.status, MEMBER_STATUS.joined)))
          .orderBy(asc(communityMember.role), asc(communityMember.account_id))
      : [];
    const communities: PreparationIdentityAnswer["communities"] = [];
    for (const { c: row } of mine) {
      const power = await this.deps.access.power(c, row);
      communities.push({
        id: row.id,
        name: row.name,
        level: row.level,
        level_name: COMMUNITY_LEVELS[row.level] ?? "",
        needs_verify: this.initialVerify({ community_id: row.id, level: row.level, manager: power.can_manage }) === 0,
        members: people.filter((p) => p.cid === row.id).map((p): PreparationMemberPick => ({ account_id: p.id, realname: p.realname || p.username })),
      });
    }
    const schoolMembers = c.school_id
      ? await this.db
          .select({ account_id: account.id, realname: account.realname, username: account.username })
          .from(account)
          .where(and(eq(account.school_id, c.school_id), eq(account.status, 1)))
          .orderBy(asc(account.id))
          .limit(500)
      : [];
    return {
      account_id: c.id,
      realname: me?.realname || me?.username || "",
      identity: c.identity,
      identity_name: ROLE_NAMES[c.identity] ?? "",
      school_id: c.school_id,
      school_name: me?.school_name ?? "",
      communities,
      school_members: schoolMembers.map((m) => ({ account_id: m.account_id, realname: m.realname || m.username })),
    };
  }

  // ── statistics (c247) ─────────────────────────────────────────────────────────────────────────────────────

  async statistics(c: Caller, communityId?: number): Promise<PreparationStatistics> {
    let where: SQL | undefined;
    let scope: string;
    let scopeName: string;
    if (communityId) {
      const { community: row } = await this.deps.access.require(c, communityId, "can_view");
      where = and(eq(preparation.community_id, row.id), await this.deps.preparations.visibleSql(c));
      scope = "community";
      scopeName = row.name;
    } else {
      const sc = scopeOf(c);
      if (sc.kind === "none") {
        where = this.deps.preparations.memberSql(c);
        scope = "self";
        scopeName = "我的集体备课";
      } else {
        const org = await this.scopes.of(c);
        scope = org.all ? "platform" : org.info.kind;
        scopeName = org.info.name;
        if (!org.all) {
          const inSchools = org.schools.length ? inArray(preparation.school_id, org.schools) : undefined;
          const inRegions = org.regions.length ? or(inArray(preparation.area_id, org.regions), inArray(preparation.city_id, org.regions)) : undefined;
          where = or(inSchools, inRegions) ?? sql`false`;
        }
      }
    }
    const ids = this.db.select({ id: preparation.id }).from(preparation).where(where);
    const now = this.now();
    const [t] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        upcoming: sql<number>`count(*) filter (where ${preparation.start_time} > ${now})::int`,
        running: sql<number>`count(*) filter (where ${preparation.start_time} <= ${now} and ${preparation.end_time} >= ${now})::int`,
        ended: sql<number>`count(*) filter (where ${preparation.end_time} < ${now})::int`,
        likes: sql<number>`coalesce(sum(${preparation.like_count}), 0)::int`,
      })
      .from(preparation)
      .where(where);
    const [participants] = await this.db
      .select({ n: sql<number>`count(distinct ${preparationMember.account_id})::int` })
      .from(preparationMember)
      .where(inArray(preparationMember.preparation_id, ids));
    const [plans] = await this.db
      .select({ n: count() })
      .from(lessonDoc)
      .where(and(inArray(lessonDoc.preparation_id, ids), isNull(lessonDoc.deleted_at)));
    const [versions] = await this.db
      .select({ n: count() })
      .from(lessonDocVersion)
      .innerJoin(lessonDoc, eq(lessonDoc.id, lessonDocVersion.doc_id))
      .where(and(inArray(lessonDoc.preparation_id, ids), isNull(lessonDoc.deleted_at)));
    const [messages] = await this.db
      .select({ n: count() })
      .from(discussComment)
      .where(and(eq(discussComment.target_type, PREPARATION_TARGET), inArray(discussComment.ref_id, ids), isNull(discussComment.deleted_at)));
    const [files] = await this.db.select({ n: count() }).from(preparationFile).where(inArray(preparationFile.preparation_id, ids));

    // The last 12 months (Asia/Shanghai), by start time.
    const first = dayjs(now).tz(TIME_ZONE).startOf("month").subtract(11, "month");
    const keys = Array.from({ length: 12 }, (_, i) => first.add(i, "month").format("YYYY-MM"));
    const tz = sql.raw(`'${TIME_ZONE}'`);
    const monthExpr = sql<string>`to_char(${preparation.start_time} at time zone ${tz}, 'YYYY-MM')`;
    const byMonth = await this.db
      .select({ month: monthExpr, n: sql<number>`count(*)::int` })
      .from(preparation)
      .where(and(where, gte(preparation.start_time, first.toDate()), lt(preparation.start_time, first.add(12, "month").toDate())))
      .groupBy(monthExpr);
    const months = new Map(byMonth.map((m) => [m.month, Number(m.n)]));
    const bySubject = await this.db
      .select({ subject_id: preparation.subject_id, name: sql<string>`coalesce(max(${subject.name}), '')`, n: sql<number>`count(*)::int` })
      .from(preparation)
      .leftJoin(subject, eq(subject.id, preparation.subject_id))
      .where(where)
      .groupBy(preparation.subject_id)
      .orderBy(desc(sql`count(*)`), asc(preparation.subject_id));
    const byVerify = await this.db
      .select({ v: preparation.verify_status, n: sql<number>`count(*)::int` })
      .from(preparation)
      .where(where)
      .groupBy(preparation.verify_status);
    const verify = new Map(byVerify.map((v) => [v.v, Number(v.n)]));
    return {
      scope,
      scope_name: scopeName,
      totals: {
        count: Number(t?.count ?? 0),
        upcoming: Number(t?.upcoming ?? 0),
        running: Number(t?.running ?? 0),
        ended: Number(t?.ended ?? 0),
        participants: Number(participants?.n ?? 0),
        plans: Number(plans?.n ?? 0),
        versions: Number(versions?.n ?? 0),
        messages: Number(messages?.n ?? 0),
        files: Number(files?.n ?? 0),
        likes: Number(t?.likes ?? 0),
      },
      months: keys.map((k) => ({ month: k, count: months.get(k) ?? 0 })),
      subjects: bySubject.map((s) => ({ subject_id: s.subject_id, subject_name: s.subject_id ? s.name : "未设置学科", count: Number(s.n) })),
      verify: Object.keys(PREPARATION_VERIFY_STATUS).map((k) => ({
        verify_status: Number(k),
        name: PREPARATION_VERIFY_STATUS[Number(k)]!,
        count: verify.get(Number(k)) ?? 0,
      })),
    };
  }
}
