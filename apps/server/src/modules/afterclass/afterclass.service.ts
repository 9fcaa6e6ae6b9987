/**
 * After-class reflections (课后反思; c298–c314, docs/api/afterclass.md, docs/decisions/0921–0923): a teacher's
 * reflection after a listened lesson (save: on a listen record the caller teaches or organises, community and lesson
 * fields taken from the record) or written directly (createDirectly: in a community the caller may post in). Rich
 * text content is sanitized (article/sanitize.ts). Each is registered as an activity (type "after_class") and writes
 * community log rows; its comments are discuss_comment rows of kind after_class (DiscussCommentService).
 */
import {
  AFTER_CLASS_FILE_TYPES,
  type AfterClassCreateDirectlyPayload,
  type AfterClassDetail,
  type AfterClassDiscussStatistics,
  type AfterClassFileItem,
  type AfterClassFilePage,
  type AfterClassFileRow,
  type AfterClassIndexPayload,
  type AfterClassPage,
  type AfterClassRow,
  type AfterClassSavePayload,
  type AfterClassUpdateDirectlyPayload,
  type AfterClassUpdatePayload,
  type AfterFileListPayload,
  FILE_GET_PREFIX,
  TIME_ZONE,
  type UserAfterListPayload,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { ActivityService } from "../activity/activity.service.js";
import { sanitizeRichText } from "../article/sanitize.js";
import { community } from "../community/community.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { discussComment } from "../discuss/discuss.schema.js";
import type { DiscussService } from "../discuss/discuss.service.js";
import { storedFile } from "../file/file.schema.js";
import { listenEvaluate, listenMember } from "../listen/listen.schema.js";
import { period, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { type AfterClassAccess, type AfterClassPower, type AfterClassRecord, afterClassAccessOf } from "./afterclass-access.js";
import { afterClass, afterClassFile } from "./afterclass.schema.js";

export const AFTER_CLASS_TARGET = "after_class";
const FILE_REF = /^\/files\/(\d+)(?:[/?#].*)?$/;
const FILE_NOT_YOURS = "文件不存在或不是您上传的，请重新上传";
/** listen_member roles that may write a reflection on a record: 1 organiser, 2 teacher. */
const WRITER_ROLES = [1, 2];

const rowColumns = {
  ...getTableColumns(afterClass),
  community_name: sql<string>`coalesce(${community.name}, '')`.as("community_name"),
  realname: sql<string>`coalesce(nullif(${account.realname}, ''), ${account.username}, '')`.as("realname"),
  head: sql<string>`coalesce(${account.head_portrait_url}, '')`.as("head"),
  period_name: sql<string>`coalesce(${period.name}, '')`.as("period_name"),
  subject_name: sql<string>`coalesce(${subject.name}, '')`.as("subject_name"),
  record_name: sql<string>`coalesce(${listenEvaluate.name}, '')`.as("record_name"),
  comment_count:
    sql<number>`(select count(*)::int from ${discussComment} where ${discussComment.target_type} = 'after_class' and ${discussComment.ref_id} = ${afterClass.id} and ${discussComment.deleted_at} is null)`.as(
      "comment_count",
    ),
  file_count: sql<number>`(select count(*)::int from ${afterClassFile} where ${afterClassFile.after_class_id} = ${afterClass.id})`.as("file_count"),
};
type Joined = AfterClassRecord & {
  community_name: string;
  realname: string;
  head: string;
  period_name: string;
  subject_name: string;
  record_name: string;
  comment_count: number;
  file_count: number;
};

interface FileValues {
  file_id: number;
  file_path: string;
  file_name: string;
  file_type: string;
  type: number;
  size: number;
}

export class AfterClassService {
  private readonly db: Db;
  readonly access: AfterClassAccess;

  constructor(
    private readonly deps: CommunityDeps,
    private readonly activity: ActivityService,
    private readonly discuss: DiscussService,
  ) {
    this.db = deps.db;
    this.access = afterClassAccessOf(deps);
  }

  private joined() {
    return this.db
      .select(rowColumns)
      .from(afterClass)
      .leftJoin(community, eq(community.id, afterClass.community_id))
      .leftJoin(account, eq(account.id, afterClass.account_id))
      .leftJoin(period, eq(period.id, afterClass.period_id))
      .leftJoin(subject, eq(subject.id, afterClass.subject_id))
      .leftJoin(listenEvaluate, eq(listenEvaluate.id, afterClass.record_id));
  }

  private toRow(r: Joined, power: Pick<AfterClassPower, "can_edit" | "can_manage">): AfterClassRow {
    return {
      id: r.id,
      title: r.title,
      title_supplement: r.title_supplement,
      after_logo_url: r.after_logo_url,
      community_id: r.community_id,
      equiment_id: r.equiment_id,
      record_id: r.record_id,
      period_id: r.period_id,
      subject_id: r.subject_id,
      grade_name: r.grade_name,
      community_name: r.community_name,
      subject_name: r.subject_name,
      period_name: r.period_name,
      record_name: r.record_name,
      account: { id: r.account_id, realname: r.realname, head_portrait_url: r.head },
      is_display: r.is_display,
      view_count: r.view_count,
      comment_count: Number(r.comment_count),
      file_count: Number(r.file_count),
      created_at: formatTime(r.created_at),
      updated_at: formatTime(r.updated_at),
      can_edit: power.can_edit,
      can_delete: power.can_manage,
      can_manage: power.can_manage,
    };
  }

  /** fileArr → file values: each the caller's own upload (or one the reflection already holds). */
  private async fileValues(c: Caller, items: readonly AfterClassFileItem[], kept: ReadonlySet<number>): Promise<FileValues[]> {
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

  private async fileRows(c: Caller, power: AfterClassPower, where: SQL, limit: number, offset: number): Promise<AfterClassFileRow[]> {
    const rows = await this.db
      .select({ f: afterClassFile, pub: storedFile.is_public, realname: account.realname, username: account.username })
      .from(afterClassFile)
      .leftJoin(storedFile, eq(storedFile.id, afterClassFile.file_id))
      .leftJoin(account, eq(account.id, afterClassFile.account_id))
      .where(where)
      .orderBy(desc(afterClassFile.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ f, pub, realname, username }) => ({
      id: f.id,
      after_class_id: f.after_class_id,
      file_id: f.file_id,
      file_path: f.file_id ? (pub ? `${FILE_GET_PREFIX}/${f.file_id}` : this.deps.files.signedPath(f.file_id)) : f.file_path,
      file_name: f.file_name,
      file_type: f.file_type,
      type: f.type,
      type_name: AFTER_CLASS_FILE_TYPES[f.type] ?? "",
      size: f.size,
      account_id: f.account_id,
      account_name: realname || username || "",
      can_delete: c.id !== 0 && (f.account_id === c.id || power.can_manage),
      created_at: formatTime(f.created_at),
    }));
  }

  private async log(tx: Db | Tx, c: Caller, r: Pick<AfterClassRecord, "id" | "community_id" | "title">, action: string, content: string): Promise<void> {
    if (r.community_id)
      await this.deps.access.log(tx, { community_id: r.community_id, account_id: c.id, action, target_type: AFTER_CLASS_TARGET, target_id: r.id, content });
  }

  private async register(tx: Tx, r: AfterClassRecord): Promise<void> {
    await this.activity.register(tx, {
      type: "after_class",
      ref_id: r.id,
      name: r.title,
      community_id: r.community_id,
      account_id: r.account_id,
      start_time: r.created_at,
      end_time: r.created_at,
      school_id: r.school_id || undefined,
      period_id: r.period_id,
      subject_id: r.subject_id,
      cover_url: r.after_logo_url,
      is_display: r.is_display,
      participation_account_ids: [r.account_id],
    });
  }

  /** The reflection as answered to the caller. */
  async detailOf(c: Caller, id: number, power?: AfterClassPower): Promise<AfterClassDetail> {
    const [r] = await this.joined().where(eq(afterClass.id, id));
    if (!r) throw notFound("课后反思不存在或已删除");
    const p = power ?? (await this.access.power(c, r));
    const files = await this.fileRows(c, p, eq(afterClassFile.after_class_id, id), 200, 0);
    return { ...this.toRow(r, p), content: r.content, fileArr: files, discuss_status: p.can_discuss ? 1 : 2 };
  }

  private async insert(c: Caller, values: typeof afterClass.$inferInsert, files: FileValues[]): Promise<number> {
    const now = this.deps.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(afterClass)
        .values({ ...values, created_at: now, updated_at: now })
        .returning();
      if (files.length) await tx.insert(afterClassFile).values(files.map((f) => ({ ...f, after_class_id: row!.id, account_id: c.id, created_at: now })));
      await this.register(tx, row!);
      await this.log(tx, c, row!, "after_class.save", `发布了课后反思「${row!.title}」`);
      return row!.id;
    });
  }

  /** c300: on a listen record the caller teaches or organises. */
  async save(c: Caller, p: AfterClassSavePayload): Promise<AfterClassDetail> {
    const [rec] = await this.db.select().from(listenEvaluate).where(eq(listenEvaluate.id, p.record_id));
    if (!rec || rec.status === -1) throw notFound("听评课不存在或已删除");
    const [m] = await this.db
      .select({ role: listenMember.role })
      .from(listenMember)
      .where(and(eq(listenMember.record_id, rec.id), eq(listenMember.account_id, c.id)));
    const writer = rec.account_id === c.id || (rec.teacher_account_id || rec.account_id) === c.id || (m !== undefined && WRITER_ROLES.includes(m.role));
    if (!writer) throw forbidden("只有该听评课的授课教师或组织者可以撰写课后反思");
    const files = await this.fileValues(c, p.fileArr ?? [], new Set());
    const id = await this.insert(
      c,
      {
        title: p.title,
        title_supplement: p.title_supplement,
        after_logo_url: p.after_logo_url || rec.logo_url,
        content: sanitizeRichText(p.content),
        community_id: rec.community_id,
        equiment_id: p.equiment_id || rec.equiment_id,
        record_id: rec.id,
        period_id: p.period_id || rec.period_id,
        subject_id: p.subject_id || rec.subject_id,
        grade_name: p.grade_name || rec.grade_name,
        account_id: c.id,
        school_id: rec.school_id || c.school_id,
        area_id: rec.area_id,
        city_id: rec.city_id,
      },
      files,
    );
    return this.detailOf(c, id);
  }

  /** c304: no record, in a community the caller may post in. */
  async createDirectly(c: Caller, p: AfterClassCreateDirectlyPayload): Promise<AfterClassDetail> {
    const { community: com } = await this.deps.access.require(c, p.community_id, "can_post", "请先加入社区后再发布课后反思");
    const files = await this.fileValues(c, p.fileArr ?? [], new Set());
    const id = await this.insert(
      c,
      {
        title: p.title,
        title_supplement: p.title_supplement,
        after_logo_url: p.after_logo_url,
        content: sanitizeRichText(p.content),
        community_id: com.id,
        equiment_id: p.equiment_id,
        record_id: 0,
        period_id: p.period_id,
        subject_id: p.subject_id,
        grade_name: p.grade_name,
        account_id: c.id,
        school_id: com.school_id || c.school_id,
        area_id: com.area_id,
        city_id: com.city_id,
      },
      files,
    );
    return this.detailOf(c, id);
  }

  /** c301 / c305: the fields sent change; fileArr replaces the file list. */
  async update(
    c: Caller,
    p: AfterClassUpdatePayload | AfterClassUpdateDirectlyPayload,
    sent: ReadonlySet<string>,
    directly: boolean,
  ): Promise<AfterClassDetail> {
    const { row } = await this.access.require(c, p.id, "can_edit");
    const set: Partial<typeof afterClass.$inferInsert> = {};
    if (directly) {
      if (row.record_id) throw badInput("该课后反思来自听评课，请使用“修改课后反思”（update）");
      const cid = (p as AfterClassUpdateDirectlyPayload).community_id;
      if (sent.has("community_id") && cid !== undefined && cid !== row.community_id) {
        const { community: com } = await this.deps.access.require(c, cid, "can_post", "请先加入社区后再发布课后反思");
        Object.assign(set, { community_id: com.id, school_id: com.school_id || row.school_id, area_id: com.area_id, city_id: com.city_id });
      }
    }
    for (const k of ["title", "title_supplement", "after_logo_url", "equiment_id", "period_id", "subject_id", "grade_name"] as const)
      if (sent.has(k) && p[k] !== undefined) (set as Record<string, unknown>)[k] = p[k];
    if (sent.has("content") && p.content !== undefined) set.content = sanitizeRichText(p.content);
    const held = new Set(
      (await this.db.select({ id: afterClassFile.file_id }).from(afterClassFile).where(eq(afterClassFile.after_class_id, row.id))).map((f) => f.id),
    );
    const files = sent.has("fileArr") && p.fileArr ? await this.fileValues(c, p.fileArr, held) : undefined;
    const now = this.deps.now();
    await this.db.transaction(async (tx) => {
      const [upd] = await tx
        .update(afterClass)
        .set({ ...set, updated_at: now })
        .where(eq(afterClass.id, row.id))
        .returning();
      if (files) {
        const keep = files.map((f) => f.file_id);
        const old = await tx.select().from(afterClassFile).where(eq(afterClassFile.after_class_id, row.id));
        const gone = old.filter((o) => !keep.includes(o.file_id)).map((o) => o.id);
        if (gone.length) await tx.delete(afterClassFile).where(inArray(afterClassFile.id, gone));
        const fresh = files.filter((f) => !old.some((o) => o.file_id === f.file_id));
        if (fresh.length) await tx.insert(afterClassFile).values(fresh.map((f) => ({ ...f, after_class_id: row.id, account_id: c.id, created_at: now })));
      }
      await this.register(tx, upd!);
      if (row.community_id && upd!.community_id !== row.community_id) await this.log(tx, c, row, "after_class.update", `将课后反思「${row.title}」移出社区`);
      await this.log(tx, c, upd!, "after_class.update", `修改了课后反思「${upd!.title}」`);
    });
    return this.detailOf(c, row.id);
  }

  /** c302: the author or a manager; its files, comments and activity go with it. */
  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const { row } = await this.access.require(c, id, "can_manage");
    await this.db.transaction(async (tx) => {
      await this.discuss.removeAll(tx, AFTER_CLASS_TARGET, row.id);
      await this.activity.unregister("after_class", row.id, tx);
      await tx.delete(afterClass).where(eq(afterClass.id, row.id));
      await this.log(tx, c, row, "after_class.delete", `删除了课后反思「${row.title}」`);
    });
    return { id: row.id };
  }

  /** c303 */
  async detail(c: Caller, id: number): Promise<AfterClassDetail> {
    const { power } = await this.access.require(c, id, "can_view");
    return this.detailOf(c, id, power);
  }

  /** c314: counts a view, then answers the detail. */
  async read(c: Caller, id: number): Promise<AfterClassDetail> {
    const { power } = await this.access.require(c, id, "can_view");
    await this.db
      .update(afterClass)
      .set({ view_count: sql`${afterClass.view_count} + 1` })
      .where(eq(afterClass.id, id));
    return this.detailOf(c, id, power);
  }

  private async page(c: Caller, where: SQL | undefined, page: number, limit: number): Promise<AfterClassPage> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(afterClass).where(where);
    const rows = await this.joined()
      .where(where)
      .orderBy(desc(afterClass.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const list: AfterClassRow[] = [];
    for (const r of rows) list.push(this.toRow(r, await this.access.power(c, r)));
    return { list, total: Number(n), page, limit };
  }

  private filters(p: AfterClassIndexPayload | UserAfterListPayload): (SQL | undefined)[] {
    return [
      eq(afterClass.status, 1),
      p.community_id ? eq(afterClass.community_id, p.community_id) : undefined,
      p.title ? ilike(afterClass.title, containsPattern(p.title)) : undefined,
      p.subject_id ? eq(afterClass.subject_id, p.subject_id) : undefined,
      p.period_id ? eq(afterClass.period_id, p.period_id) : undefined,
      p.record_id ? eq(afterClass.record_id, p.record_id) : undefined,
    ];
  }

  /** c298: what the caller may see. */
  async index(c: Caller, p: AfterClassIndexPayload): Promise<AfterClassPage> {
    const where = and(...this.filters(p), await this.access.visibleSql(c), p.account_id ? eq(afterClass.account_id, p.account_id) : undefined);
    return this.page(c, where, p.page, p.limit);
  }

  /** c299: the caller's own. */
  async userList(c: Caller, p: UserAfterListPayload): Promise<AfterClassPage> {
    const src = p.source === 1 ? sql`${afterClass.record_id} <> 0` : p.source === 2 ? eq(afterClass.record_id, 0) : undefined;
    return this.page(c, and(...this.filters(p), eq(afterClass.account_id, c.id), src), p.page, p.limit);
  }

  /** c306: whoever may comment on it adds his own uploads. */
  async fileSave(c: Caller, afterClassId: number, items: readonly AfterClassFileItem[]): Promise<AfterClassFileRow[]> {
    const { row, power } = await this.access.require(c, afterClassId, "can_discuss", "只有社区成员可以上传课后反思文件");
    const held = new Set(
      (await this.db.select({ id: afterClassFile.file_id }).from(afterClassFile).where(eq(afterClassFile.after_class_id, row.id))).map((f) => f.id),
    );
    const files = (await this.fileValues(c, items, new Set())).filter((f) => !held.has(f.file_id));
    const now = this.deps.now();
    const ids = await this.db.transaction(async (tx) => {
      const added = files.length
        ? await tx
            .insert(afterClassFile)
            .values(files.map((f) => ({ ...f, after_class_id: row.id, account_id: c.id, created_at: now })))
            .returning({ id: afterClassFile.id })
        : [];
      if (added.length) await this.log(tx, c, row, "after_class.file_save", `为课后反思「${row.title}」上传了 ${added.length} 个文件`);
      return added.map((a) => a.id);
    });
    return ids.length ? this.fileRows(c, power, inArray(afterClassFile.id, ids), ids.length, 0) : [];
  }

  /** c307 */
  async fileList(c: Caller, p: AfterFileListPayload): Promise<AfterClassFilePage> {
    const { power } = await this.access.require(c, p.after_class_id, "can_view");
    const where = and(eq(afterClassFile.after_class_id, p.after_class_id), p.type ? eq(afterClassFile.type, p.type) : undefined)!;
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(afterClassFile).where(where);
    return { list: await this.fileRows(c, power, where, p.limit, (p.page - 1) * p.limit), total: Number(n), page: p.page, limit: p.limit };
  }

  /** c308: the uploader withdraws his file; c313: the reflection's author or a manager removes any of its files. */
  async fileDelete(c: Caller, fileRowId: number, by: "uploader" | "manager"): Promise<{ id: number }> {
    const [f] = await this.db.select().from(afterClassFile).where(eq(afterClassFile.id, fileRowId));
    if (!f) throw notFound("文件不存在或已删除");
    const { row, power } = await this.access.require(c, f.after_class_id);
    if (by === "uploader" && f.account_id !== c.id) throw forbidden("只有上传者可以删除该文件");
    if (by === "manager" && !power.can_manage) throw forbidden("只有课后反思的作者或管理员可以删除该文件");
    await this.db.transaction(async (tx) => {
      await tx.delete(afterClassFile).where(eq(afterClassFile.id, f.id));
      await this.log(tx, c, row, "after_class.file_delete", `删除了课后反思「${row.title}」的文件「${f.file_name}」`);
    });
    return { id: f.id };
  }

  /** c309 */
  async setDisplay(c: Caller, id: number, isDisplay: number): Promise<AfterClassDetail> {
    const { row } = await this.access.require(c, id, "can_manage");
    await this.db.transaction(async (tx) => {
      const [upd] = await tx.update(afterClass).set({ is_display: isDisplay }).where(eq(afterClass.id, row.id)).returning();
      await this.register(tx, upd!);
      await this.log(tx, c, row, "after_class.display", `${isDisplay ? "展示" : "隐藏"}了课后反思「${row.title}」`);
    });
    return this.detailOf(c, id);
  }

  /** c312: comment counts per reflection and per day, over a community's reflections the caller may see (else his own). */
  async discussStatistics(c: Caller, communityId: number | undefined, days: number): Promise<AfterClassDiscussStatistics> {
    let scope: SQL | undefined;
    if (communityId) {
      await this.deps.access.require(c, communityId, "can_view");
      scope = and(eq(afterClass.status, 1), eq(afterClass.community_id, communityId), await this.access.visibleSql(c));
    } else scope = and(eq(afterClass.status, 1), eq(afterClass.account_id, c.id));
    const ids = (await this.db.select({ id: afterClass.id }).from(afterClass).where(scope)).map((r) => r.id);
    const alive = ids.length
      ? and(eq(discussComment.target_type, AFTER_CLASS_TARGET), inArray(discussComment.ref_id, ids), isNull(discussComment.deleted_at))
      : sql`false`;
    const per = ids.length
      ? await this.db
          .select({ id: afterClass.id, title: afterClass.title, n: sql<number>`count(${discussComment.id})::int` })
          .from(afterClass)
          .leftJoin(
            discussComment,
            and(eq(discussComment.target_type, AFTER_CLASS_TARGET), eq(discussComment.ref_id, afterClass.id), isNull(discussComment.deleted_at)),
          )
          .where(inArray(afterClass.id, ids))
          .groupBy(afterClass.id, afterClass.title)
          .orderBy(sql`count(${discussComment.id}) desc`, desc(afterClass.id))
          .limit(50)
      : [];
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(discussComment).where(alive);
    const today = dayjs(this.deps.now()).tz(TIME_ZONE).startOf("day");
    const first = today.subtract(days - 1, "day");
    const dayExpr = sql<string>`to_char(${discussComment.created_at} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
    const byDay = ids.length
      ? await this.db
          .select({ d: dayExpr, n: count() })
          .from(discussComment)
          .where(and(alive, gte(discussComment.created_at, first.toDate())))
          .groupBy(dayExpr)
      : [];
    const m = new Map(byDay.map((b) => [b.d, Number(b.n)]));
    const list: { date: string; count: number }[] = [];
    for (let i = 0; i < days; i++) {
      const d = first.add(i, "day").format("YYYY-MM-DD");
      list.push({ date: d, count: m.get(d) ?? 0 });
    }
    return {
      community_id: communityId ?? 0,
      total_comments: Number(total),
      total_reflections: ids.length,
      reflections: per.map((r) => ({ id: r.id, title: r.title, comment_count: Number(r.n) })),
      days: list,
    };
  }
}
