/**
 * The school teaching-resource area (issue #11; docs/api/resource.md): the course tree (/middle/myResource*), its
 * bindings (videos of #6, files of #5), the front site's public reads (/web/myResource*) and views and rankings
 * (/web/video/recordLog, rankingList).
 *
 * Rights (docs/decisions/1101-resource-rights.md): a node is edited by the author of its course or an administrator
 * of the course's school (school administrator, district administrator over it, platform: OrgService.inScope). A
 * draft is seen by those people only (404 for anyone else); a published course (status 1) by everyone, anonymous
 * visitors included.
 */
import {
  BIND_TYPES,
  type CourseResourceRow,
  type Page,
  type RankingList,
  type RankingListPayload,
  type RecordLogAnswer,
  type RecordLogPayload,
  type ResourceBindPayload,
  type ResourceBindRow,
  type ResourceChildPayload,
  type ResourceDeleteAnswer,
  type ResourceListPayload,
  type ResourceMeetingInfoPayload,
  type ResourceMeetingRow,
  type ResourceOption,
  type ResourceSavePayload,
  type ResourceUpdatePayload,
  VIEW_TARGETS,
  type WebResourceInfo,
  type WebResourceListPayload,
  type WebResourceRow,
  type WebResourceScopePayload,
} from "@yanke/protocol";
import { type SQL, and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account, accountSchoolUser } from "../account/account.schema.js";
import { sanitizeRichText } from "../article/sanitize.js";
import type { FileService } from "../file/file.service.js";
import type { CallerAccount as Caller } from "../../http/caller.js";
import { meeting } from "../meeting/meeting.schema.js";
import { grade, period, school, subject } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import { and2, containsPattern } from "../org/period.service.js";
import { video } from "../video/video.schema.js";
import type { VideoService } from "../video/video.service.js";
import { courseResource as cr, courseResourceBind as rb, resourceViewLog as vl } from "./resource.schema.js";
import { prefixQuery, queryWords, segment } from "./search.js";

type Node = typeof cr.$inferSelect;
type Bind = typeof rb.$inferSelect;

export const RESOURCE_MESSAGES = {
  missing: "资源不存在或未发布",
  nodeMissing: "资源节点不存在",
  parentMissing: "上级节点不存在",
  tooDeep: "课时下不能再添加子节点（最多三级：课程、单元、课时）",
  noEdit: "只有课程作者或本校管理员可以修改该课程",
  noSchool: "无权在该学校创建课程",
  bindMissing: "绑定记录不存在",
  videoMissing: "视频不存在",
  fileMissing: "文件不存在",
  notYourVideo: "只能绑定自己的视频（或管理范围内教师的视频）",
  notYourFile: "只能绑定自己上传的文件（或管理范围内教师的文件）",
  bound: "该资源已绑定到此节点",
  noMeetings: "无权查看该用户或学校的会议",
} as const;

/** A second view of the same target by the same account (or IP when anonymous) within this window is not counted. */
export const VIEW_DEDUP_MS = 10 * 60_000;
/** Video rankings count the log of the last RANK_DAYS days. */
const RANK_DAYS = 30;

export interface ResourceServiceDeps {
  db: Db;
  org: OrgService;
  files: FileService;
  videos: VideoService;
  now?: () => Date;
}

export class ResourceService {
  private readonly db: Db;
  private readonly now: () => Date;
  /** Anonymous views by IP and target (the log has no IP column): time of the last counted view. */
  private readonly anonViews = new Map<string, number>();

  constructor(private readonly deps: ResourceServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  // ── rights ──────────────────────────────────────────────────────────────────────────────────────────────────

  private async node(id: number, missing: string = RESOURCE_MESSAGES.nodeMissing): Promise<Node> {
    const [n] = await this.db.select().from(cr).where(eq(cr.id, id));
    if (!n) throw notFound(missing);
    return n;
  }

  /** The course (level 1) a node belongs to. */
  private async courseOf(n: Node): Promise<Node> {
    if (n.level === 1 || n.top_id === n.id || !n.top_id) return n;
    const [c] = await this.db.select().from(cr).where(eq(cr.id, n.top_id));
    return c ?? n;
  }

  /** The author of the course or an administrator of its school. */
  async mayEdit(c: Caller | null, course: Node): Promise<boolean> {
    if (!c?.id) return false;
    if (course.account_id === c.id) return true;
    if (c.identity === 2) return false;
    return this.deps.org.inScope(c, course.school_id);
  }

  /** A node the caller may edit: 404 missing, 403 not the author nor an administrator of its school. */
  private async editable(c: Caller, id: number): Promise<{ node: Node; course: Node }> {
    const node = await this.node(id);
    const course = await this.courseOf(node);
    if (!(await this.mayEdit(c, course))) throw forbidden(RESOURCE_MESSAGES.noEdit);
    return { node, course };
  }

  /** A node the caller may see (published, or editable): 404 otherwise. */
  private async visible(c: Caller | null, id: number): Promise<{ node: Node; course: Node; editable: boolean }> {
    const node = await this.node(id, RESOURCE_MESSAGES.missing);
    const course = await this.courseOf(node);
    const editable = await this.mayEdit(c, course);
    if (!editable && (course.status !== 1 || node.status !== 1)) throw notFound(RESOURCE_MESSAGES.missing);
    return { node, course, editable };
  }

  /** May the caller create courses in this school: his own, one he belongs to, or one he administers. */
  private async mayCreateIn(c: Caller, schoolId: number): Promise<boolean> {
    if (schoolId === c.school_id) return true;
    if (c.identity !== 2 && (await this.deps.org.inScope(c, schoolId))) return true;
    const [m] = await this.db
      .select({ id: accountSchoolUser.id })
      .from(accountSchoolUser)
      .where(and(eq(accountSchoolUser.account_id, c.id), eq(accountSchoolUser.school_id, schoolId)));
    return Boolean(m);
  }

  /** period ← grade/subject; checks they exist and agree (400 otherwise). */
  private async classify(p: { period_id: number; subject_id: number; grade_id: number }): Promise<{ period_id: number; subject_id: number; grade_id: number }> {
    let periodId = p.period_id;
    if (p.grade_id) {
      const [g] = await this.db.select({ period_id: grade.period_id }).from(grade).where(eq(grade.id, p.grade_id));
      if (!g) throw badInput("年级(grade_id): 不存在");
      if (periodId && periodId !== g.period_id) throw badInput("年级(grade_id): 不属于所选学段");
      periodId = g.period_id;
    }
    if (p.subject_id) {
      const [s] = await this.db.select({ period_id: subject.period_id }).from(subject).where(eq(subject.id, p.subject_id));
      if (!s) throw badInput("学科(subject_id): 不存在");
      if (periodId && periodId !== s.period_id) throw badInput("学科(subject_id): 不属于所选学段");
      periodId = s.period_id;
    }
    if (periodId && !(await this.db.select({ id: period.id }).from(period).where(eq(period.id, periodId))).length) throw badInput("学段(period_id): 不存在");
    return { period_id: periodId, subject_id: p.subject_id, grade_id: p.grade_id };
  }

  /** A new course's period and subject: the payload's, else the caller's own when they fit (same school and period). */
  private async defaults(
    c: Caller,
    schoolId: number,
    p: { period_id?: number; subject_id?: number; grade_id?: number },
  ): Promise<{ period_id: number; subject_id: number; grade_id: number }> {
    const out = { period_id: p.period_id ?? 0, subject_id: p.subject_id ?? 0, grade_id: p.grade_id ?? 0 };
    if (schoolId !== c.school_id) return out;
    let want = out.period_id;
    if (!want && out.grade_id) want = (await this.db.select({ period_id: grade.period_id }).from(grade).where(eq(grade.id, out.grade_id)))[0]?.period_id ?? 0;
    if (!out.subject_id && c.subject_id) {
      const [own] = await this.db.select({ period_id: subject.period_id }).from(subject).where(eq(subject.id, c.subject_id));
      if (own && (!want || own.period_id === want)) out.subject_id = c.subject_id;
    }
    if (!want && !out.subject_id) out.period_id = c.period_id;
    return out;
  }

  // ── rows ────────────────────────────────────────────────────────────────────────────────────────────────────

  private columns() {
    return {
      n: cr,
      subject_name: sql<string>`coalesce(${subject.name}, '')`,
      grade_name: sql<string>`coalesce(${grade.name}, '')`,
      period_name: sql<string>`coalesce(${period.name}, '')`,
      school_name: sql<string>`coalesce(${school.title}, '')`,
      account_name: sql<string>`coalesce(${account.realname}, '')`,
      region_name: sql<string>`coalesce((select r.name from region r where r.region_code = ${cr.region_code} limit 1), '')`,
      // top_id first: course_resource_tree_idx (top_id, pid, sort) serves it; there is no index on pid alone.
      child_count: sql<number>`(select count(*)::int from course_resource c2 where c2.top_id = ${cr.top_id} and c2.pid = ${cr.id})`,
      bind_count: sql<number>`(select count(*)::int from course_resource_bind b2 where b2.course_id = ${cr.id})`,
      video_count: sql<number>`(select count(*)::int from course_resource_bind b3 join course_resource n3 on n3.id = b3.course_id where n3.top_id = ${cr.top_id} and b3.resources_type = 1)`,
      file_count: sql<number>`(select count(*)::int from course_resource_bind b4 join course_resource n4 on n4.id = b4.course_id where n4.top_id = ${cr.top_id} and b4.resources_type = 2)`,
    };
  }

  private select() {
    return this.db
      .select(this.columns())
      .from(cr)
      .leftJoin(subject, eq(subject.id, cr.subject_id))
      .leftJoin(grade, eq(grade.id, cr.grade_id))
      .leftJoin(period, eq(period.id, cr.period_id))
      .leftJoin(school, eq(school.id, cr.school_id))
      .leftJoin(account, eq(account.id, cr.account_id));
  }

  private toRow(r: Awaited<ReturnType<ReturnType<ResourceService["select"]>["execute"]>>[number]): CourseResourceRow {
    const n = r.n;
    return {
      id: n.id,
      name: n.name,
      pid: n.pid,
      level: n.level,
      top_id: n.top_id,
      subject_id: n.subject_id,
      subject_name: r.subject_name,
      grade_id: n.grade_id,
      grade_name: r.grade_name,
      period_id: n.period_id,
      period_name: r.period_name,
      school_id: n.school_id,
      school_name: r.school_name,
      region_code: n.region_code,
      region_name: r.region_name,
      account_id: n.account_id,
      account_name: r.account_name,
      course_type: n.course_type,
      cover_url: n.cover_url,
      color: n.color,
      course_introduce: n.course_introduce,
      teaching_design: n.teaching_design,
      teaching_summary: n.teaching_summary,
      status: n.status,
      sort: n.sort,
      view_count: n.view_count,
      child_count: r.child_count,
      bind_count: r.bind_count,
      created_at: formatTime(n.created_at),
      updated_at: formatTime(n.updated_at),
    };
  }

  private toWebRow(r: Awaited<ReturnType<ReturnType<ResourceService["select"]>["execute"]>>[number]): WebResourceRow {
    const { teaching_design: _d, teaching_summary: _s, ...row } = this.toRow(r);
    return { ...row, video_count: r.video_count, file_count: r.file_count };
  }

  async rowOf(id: number): Promise<CourseResourceRow> {
    const [r] = await this.select().where(eq(cr.id, id));
    if (!r) throw notFound(RESOURCE_MESSAGES.nodeMissing);
    return this.toRow(r);
  }

  /** Rows by id in the order of `ids`. */
  private async rowsByIds(ids: number[]) {
    if (!ids.length) return [];
    const rows = await this.select().where(inArray(cr.id, ids));
    const byId = new Map(rows.map((r) => [r.n.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => Boolean(r));
  }

  // ── search text ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Recomputes search_text of a node (and, for a course, with the names of its units and lessons). */
  private async refreshSearch(exec: Pick<Db, "select" | "update">, id: number): Promise<void> {
    const [n] = await exec.select().from(cr).where(eq(cr.id, id));
    if (!n) return;
    let text = segment(n.name, n.course_introduce);
    if (n.level === 1) {
      const kids = await exec
        .select({ name: cr.name })
        .from(cr)
        .where(and(eq(cr.top_id, n.id), sql`${cr.id} <> ${n.id}`))
        .orderBy(asc(cr.level), asc(cr.sort), asc(cr.id));
      const more = segment(kids.map((k) => k.name).join("，"));
      if (more) text = `${text} ${more}`.trim();
    }
    await exec.update(cr).set({ search_text: text }).where(eq(cr.id, n.id));
  }

  // ── /middle/myResource: the tree ────────────────────────────────────────────────────────────────────────────

  /** c082: the caller's courses; an administrator's: also his schools'. */
  async list(c: Caller, q: z.output<typeof ResourceListPayload>): Promise<Page<CourseResourceRow>> {
    const schools = c.identity === 2 ? [] : await this.deps.org.schoolsInScope(c);
    const mine = eq(cr.account_id, c.id);
    const scope = schools === undefined ? undefined : schools.length ? or(mine, inArray(cr.school_id, schools)) : mine;
    const where = and2(
      eq(cr.level, 1),
      scope,
      q.school_id ? eq(cr.school_id, q.school_id) : undefined,
      q.account_id ? eq(cr.account_id, q.account_id) : undefined,
      q.subject_id ? eq(cr.subject_id, q.subject_id) : undefined,
      q.course_type ? eq(cr.course_type, q.course_type) : undefined,
      q.status !== undefined ? eq(cr.status, q.status) : undefined,
      q.name ? sql`${cr.name} ilike ${containsPattern(q.name)}` : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(cr).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(cr.updated_at), desc(cr.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: rows.map((r) => this.toRow(r)), total: n, page: q.page, limit: q.limit };
  }

  /** c084: a course (pid 0) or a unit / lesson under pid. */
  async save(c: Caller, p: z.output<typeof ResourceSavePayload>): Promise<CourseResourceRow> {
    const rich = {
      teaching_design: p.teaching_design ? sanitizeRichText(p.teaching_design) : "",
      teaching_summary: p.teaching_summary ? sanitizeRichText(p.teaching_summary) : "",
    };
    const now = this.now();
    if (!p.pid) {
      const schoolId = p.school_id || c.school_id;
      if (!schoolId) throw badInput("学校(school_id): 请选择课程所属学校");
      const summary = await this.deps.org.schoolSummary(schoolId);
      if (!summary) throw badInput("学校(school_id): 不存在");
      if (!(await this.mayCreateIn(c, schoolId))) throw forbidden(RESOURCE_MESSAGES.noSchool);
      const cls = await this.classify(await this.defaults(c, schoolId, p));
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cr)
          .values({
            name: p.name,
            pid: 0,
            level: 1,
            top_id: 0,
            ...cls,
            school_id: schoolId,
            account_id: c.id,
            region_code: summary.area_code || c.region_code,
            course_type: p.course_type ?? 1,
            cover_url: p.cover_url ?? "",
            color: p.color ?? "",
            course_introduce: p.course_introduce ?? "",
            ...rich,
            status: 0,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: cr.id });
        await tx.update(cr).set({ top_id: row!.id }).where(eq(cr.id, row!.id));
        await this.refreshSearch(tx, row!.id);
        return row!.id;
      });
      return this.rowOf(id);
    }
    const parent = await this.node(p.pid, RESOURCE_MESSAGES.parentMissing);
    const course = await this.courseOf(parent);
    if (!(await this.mayEdit(c, course))) throw forbidden(RESOURCE_MESSAGES.noEdit);
    if (parent.level >= 3) throw badInput(RESOURCE_MESSAGES.tooDeep);
    const id = await this.db.transaction(async (tx) => {
      const [{ s } = { s: 0 }] = await tx
        .select({ s: sql<number>`coalesce(max(${cr.sort}), 0)::int` })
        .from(cr)
        .where(and(eq(cr.top_id, course.id), eq(cr.pid, parent.id)));
      const [row] = await tx
        .insert(cr)
        .values({
          name: p.name,
          pid: parent.id,
          level: parent.level + 1,
          top_id: course.id,
          subject_id: course.subject_id,
          grade_id: course.grade_id,
          period_id: course.period_id,
          school_id: course.school_id,
          region_code: course.region_code,
          course_type: course.course_type,
          account_id: c.id,
          cover_url: p.cover_url ?? "",
          color: p.color ?? "",
          course_introduce: p.course_introduce ?? "",
          ...rich,
          status: course.status,
          sort: s + 1,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: cr.id });
      await this.refreshSearch(tx, row!.id);
      await this.refreshSearch(tx, course.id);
      await tx.update(cr).set({ updated_at: now }).where(eq(cr.id, course.id));
      return row!.id;
    });
    return this.rowOf(id);
  }

  /** c086: only the fields sent change; a course's classification and status copy down to its nodes. */
  async update(c: Caller, p: z.output<typeof ResourceUpdatePayload>, sent: ReadonlySet<string>): Promise<CourseResourceRow> {
    const { node, course } = await this.editable(c, p.id);
    const has = (k: string) => sent.has(k) && (p as Record<string, unknown>)[k] !== undefined;
    const set: Partial<Node> = { updated_at: this.now() };
    if (has("name")) set.name = p.name!;
    if (has("cover_url")) set.cover_url = p.cover_url ?? "";
    if (has("color")) set.color = p.color ?? "";
    if (has("course_introduce")) set.course_introduce = p.course_introduce ?? "";
    if (has("teaching_design")) set.teaching_design = sanitizeRichText(p.teaching_design ?? "");
    if (has("teaching_summary")) set.teaching_summary = sanitizeRichText(p.teaching_summary ?? "");
    if (has("sort")) set.sort = p.sort!;
    if (has("status")) set.status = p.status!;
    const isCourse = node.id === course.id;
    const down: Partial<Node> = {};
    if (isCourse) {
      if (has("school_id") && p.school_id !== node.school_id) {
        const summary = await this.deps.org.schoolSummary(p.school_id!);
        if (!summary) throw badInput("学校(school_id): 不存在");
        if (!(await this.mayCreateIn(c, p.school_id!))) throw forbidden(RESOURCE_MESSAGES.noSchool);
        down.school_id = p.school_id!;
        down.region_code = summary.area_code || node.region_code;
      }
      if (has("subject_id") || has("grade_id")) {
        const cls = await this.classify({
          period_id: 0,
          subject_id: has("subject_id") ? p.subject_id! : node.subject_id,
          grade_id: has("grade_id") ? p.grade_id! : node.grade_id,
        });
        Object.assign(down, { ...cls, period_id: cls.period_id || node.period_id });
      }
      if (has("course_type")) down.course_type = p.course_type!;
      if (has("status")) down.status = p.status!;
    } else if (has("status") && p.status === 1 && course.status !== 1) {
      throw badInput("请先发布所属课程");
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(cr)
        .set({ ...set, ...down })
        .where(eq(cr.id, node.id));
      if (isCourse && Object.keys(down).length)
        await tx
          .update(cr)
          .set(down)
          .where(and(eq(cr.top_id, node.id), sql`${cr.id} <> ${node.id}`));
      if (!isCourse && has("status")) {
        const ids = await this.subtree(tx, node);
        if (ids.length > 1) await tx.update(cr).set({ status: p.status! }).where(inArray(cr.id, ids));
      }
      if (has("name") || has("course_introduce")) {
        await this.refreshSearch(tx, node.id);
        if (!isCourse) await this.refreshSearch(tx, course.id);
      }
    });
    return this.rowOf(node.id);
  }

  /** A node's id and its descendants' ids. */
  private async subtree(exec: Pick<Db, "select">, node: Node): Promise<number[]> {
    const all = await exec
      .select({ id: cr.id, pid: cr.pid })
      .from(cr)
      .where(eq(cr.top_id, node.top_id || node.id));
    const kids = new Map<number, number[]>();
    for (const r of all) kids.set(r.pid, [...(kids.get(r.pid) ?? []), r.id]);
    const out: number[] = [];
    const stack = [node.id];
    while (stack.length) {
      const id = stack.pop()!;
      if (out.includes(id)) continue;
      out.push(id);
      stack.push(...(kids.get(id) ?? []));
    }
    return out;
  }

  /** c085: the node, its subtree and their bindings, in one transaction. */
  async remove(c: Caller, id: number): Promise<ResourceDeleteAnswer> {
    const { node, course } = await this.editable(c, id);
    return this.db.transaction(async (tx) => {
      const ids = await this.subtree(tx, node);
      const binds = await tx.delete(rb).where(inArray(rb.course_id, ids)).returning({ id: rb.id });
      await tx.delete(cr).where(inArray(cr.id, ids));
      if (node.id !== course.id) {
        await this.refreshSearch(tx, course.id);
        await tx.update(cr).set({ updated_at: this.now() }).where(eq(cr.id, course.id));
      }
      return { id: node.id, nodes: ids.length, binds: binds.length };
    });
  }

  /** c087: children of pid (in order) with their child and binding counts. */
  async child(c: Caller, q: z.output<typeof ResourceChildPayload>): Promise<CourseResourceRow[]> {
    const { course, editable } = await this.visible(c, q.pid);
    const rows = await this.select()
      .where(and(eq(cr.top_id, course.id), eq(cr.pid, q.pid), editable ? undefined : eq(cr.status, 1)))
      .orderBy(asc(cr.sort), asc(cr.id));
    return rows.map((r) => this.toRow(r));
  }

  // ── bindings ────────────────────────────────────────────────────────────────────────────────────────────────

  private async managesOwner(c: Caller, ownerId: number, ownerSchool?: number): Promise<boolean> {
    if (ownerId === c.id) return true;
    if (c.identity === 2) return false;
    let schoolId = ownerSchool;
    if (schoolId === undefined) {
      const [a] = await this.db.select({ school_id: account.school_id }).from(account).where(eq(account.id, ownerId));
      schoolId = a?.school_id ?? 0;
    }
    return this.deps.org.inScope(c, schoolId);
  }

  /** c088: a video (1) or a file (2) of the caller bound to a node he may edit. */
  async bind(c: Caller, p: z.output<typeof ResourceBindPayload>): Promise<ResourceBindRow> {
    const { node, course } = await this.editable(c, p.id);
    let title = p.title ?? "";
    let url = p.url ?? "";
    let size = p.size ?? 0;
    if (p.resources_type === BIND_TYPES.video) {
      const [v] = await this.db.select().from(video).where(eq(video.id, p.resources_id));
      if (!v) throw notFound(RESOURCE_MESSAGES.videoMissing);
      if (!(await this.managesOwner(c, v.account_id, v.school_id))) throw forbidden(RESOURCE_MESSAGES.notYourVideo);
      const f = await this.deps.files.fileRow(v.file_id);
      title ||= v.name;
      size ||= f?.size ?? 0;
    } else {
      const f = await this.deps.files.fileRow(p.resources_id);
      if (!f) throw notFound(RESOURCE_MESSAGES.fileMissing);
      if (!(await this.managesOwner(c, f.account_id))) throw forbidden(RESOURCE_MESSAGES.notYourFile);
      title ||= f.real_file_name;
      url ||= this.deps.files.record(f).file_path;
      size ||= f.size;
    }
    const [dup] = await this.db
      .select({ id: rb.id })
      .from(rb)
      .where(and(eq(rb.course_id, node.id), eq(rb.resources_type, p.resources_type), eq(rb.resources_id, p.resources_id)));
    if (dup) throw conflict(RESOURCE_MESSAGES.bound);
    const [{ s } = { s: 0 }] = await this.db
      .select({ s: sql<number>`coalesce(max(${rb.sort}), 0)::int` })
      .from(rb)
      .where(eq(rb.course_id, node.id));
    const [row] = await this.db
      .insert(rb)
      .values({
        course_id: node.id,
        resources_id: p.resources_id,
        resources_type: p.resources_type,
        title,
        url,
        size,
        account_id: c.id,
        sort: s + 1,
        created_at: this.now(),
      })
      .returning();
    await this.db.update(cr).set({ updated_at: this.now() }).where(eq(cr.id, course.id));
    return (await this.bindRows([row!]))[0]!;
  }

  /** Bindings with play addresses (videos) or preview/download addresses (files). */
  private async bindRows(binds: Bind[]): Promise<ResourceBindRow[]> {
    const out: ResourceBindRow[] = [];
    for (const b of binds) {
      let cover = "";
      let duration = 0;
      let play = "";
      if (b.resources_type === BIND_TYPES.video) {
        const v = await this.deps.videos.row(b.resources_id).catch(() => undefined);
        if (v) {
          cover = v.thumbnail_url;
          duration = v.duration;
          play = v.cameras[0]?.hls_url || v.url;
        }
      } else {
        const f = await this.deps.files.fileRow(b.resources_id);
        if (f) play = f.is_public ? this.deps.files.record(f).file_path : this.deps.files.signedPath(f.id);
      }
      out.push({
        id: b.id,
        course_id: b.course_id,
        resources_id: b.resources_id,
        resources_type: b.resources_type,
        title: b.title,
        url: b.url,
        size: b.size,
        account_id: b.account_id,
        cover_url: cover,
        duration,
        play_url: play,
        created_at: formatTime(b.created_at),
      });
    }
    return out;
  }

  private async bindsOf(nodeIds: number[]): Promise<Map<number, ResourceBindRow[]>> {
    const out = new Map<number, ResourceBindRow[]>();
    if (!nodeIds.length) return out;
    const binds = await this.db.select().from(rb).where(inArray(rb.course_id, nodeIds)).orderBy(asc(rb.sort), asc(rb.id));
    for (const b of await this.bindRows(binds)) out.set(b.course_id, [...(out.get(b.course_id) ?? []), b]);
    return out;
  }

  /** c089: a node's bindings. */
  async resourcesVideo(c: Caller, id: number): Promise<ResourceBindRow[]> {
    const { node } = await this.visible(c, id);
    return (await this.bindsOf([node.id])).get(node.id) ?? [];
  }

  /** c090: removes one binding. */
  async unbind(c: Caller, id: number): Promise<{ id: number }> {
    const [b] = await this.db.select().from(rb).where(eq(rb.id, id));
    if (!b) throw notFound(RESOURCE_MESSAGES.bindMissing);
    await this.editable(c, b.course_id);
    await this.db.delete(rb).where(eq(rb.id, id));
    return { id };
  }

  /**
   * c091: meetings of the caller (organised or joined), of another user (his administrators), or of a school (its
   * members and administrators). Meetings (#7) record no videos: videos is always [] (docs/decisions/1103).
   */
  async meetingInfo(c: Caller, q: z.output<typeof ResourceMeetingInfoPayload>): Promise<Page<ResourceMeetingRow>> {
    let scope: SQL;
    if (q.user_id && q.user_id !== c.id) {
      if (!(await this.managesOwner(c, q.user_id))) throw forbidden(RESOURCE_MESSAGES.noMeetings);
      scope = sql`(${meeting.account_id} = ${q.user_id} or ${meeting.participation_account_ids} @> ${JSON.stringify([q.user_id])}::jsonb)`;
    } else if (q.school_id) {
      if (q.school_id !== c.school_id && !(await this.mayCreateIn(c, q.school_id))) throw forbidden(RESOURCE_MESSAGES.noMeetings);
      scope = sql`${meeting.account_id} in (select a.id from account a where a.school_id = ${q.school_id})`;
    } else {
      scope = sql`(${meeting.account_id} = ${c.id} or ${meeting.participation_account_ids} @> ${JSON.stringify([c.id])}::jsonb)`;
    }
    const where = and2(scope, eq(meeting.status, 1), q.title ? sql`${meeting.name} ilike ${containsPattern(q.title)}` : undefined);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(meeting).where(where);
    const rows = await this.db
      .select({ id: meeting.id, title: meeting.name, start_time: meeting.start_time, account_name: sql<string>`coalesce(${account.realname}, '')` })
      .from(meeting)
      .leftJoin(account, eq(account.id, meeting.account_id))
      .where(where)
      .orderBy(desc(meeting.start_time), desc(meeting.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return {
      list: rows.map((r) => ({ id: r.id, title: r.title, start_time: formatTime(r.start_time), account_name: r.account_name, videos: [] })),
      total: n,
      page: q.page,
      limit: q.limit,
    };
  }

  // ── /web/myResource: the front site ─────────────────────────────────────────────────────────────────────────

  /**
   * Same-name matches (docs/decisions/1102): periods, subjects and grades are rows per school, the front site shows
   * one 初中 / 语文 / 七年级 for all of them — an id selects every row of the same name.
   */
  private sameName(column: typeof cr.subject_id | typeof cr.period_id | typeof cr.grade_id, table: "subject" | "period" | "grade", id: number): SQL {
    const t = sql.raw(table);
    return sql`${column} in (select x.id from ${t} x where x.name = (select y.name from ${t} y where y.id = ${id}))`;
  }

  /** The published courses within a school / period scope (the options' and rankings' base). */
  private scopeWhere(q: { school_id?: number; period_id?: number }): SQL {
    return and(
      eq(cr.status, 1),
      eq(cr.level, 1),
      q.school_id ? eq(cr.school_id, q.school_id) : undefined,
      q.period_id ? this.sameName(cr.period_id, "period", q.period_id) : undefined,
    )!;
  }

  private regionMatch(codes: SQL | string): SQL {
    return sql`(${cr.region_code} in ${codes} or ${cr.school_id} in (select s.id from school s where s.area_code in ${codes} or s.city_code in ${codes} or s.province_code in ${codes}))`;
  }

  /** The WHERE of c076 (exported for the bench's baseline). */
  webWhere(q: z.output<typeof WebResourceListPayload>, text: "fts" | "ilike" = "fts"): SQL {
    const conds: (SQL | undefined)[] = [this.scopeWhere(q)];
    if (q.course_type) conds.push(eq(cr.course_type, q.course_type));
    if (q.subject_id) conds.push(this.sameName(cr.subject_id, "subject", q.subject_id));
    if (q.subject_name) conds.push(sql`${cr.subject_id} in (select x.id from subject x where x.name ilike ${containsPattern(q.subject_name)})`);
    if (q.grade_id) conds.push(this.sameName(cr.grade_id, "grade", q.grade_id));
    if (q.school_name) conds.push(sql`${cr.school_id} in (select s.id from school s where s.title ilike ${containsPattern(q.school_name)})`);
    if (q.region_code) conds.push(this.regionMatch(sql`(${q.region_code})`));
    if (q.region_name) conds.push(this.regionMatch(sql`(select r.region_code from region r where r.name ilike ${containsPattern(q.region_name)})`));
    if (q.account_id) conds.push(eq(cr.account_id, q.account_id));
    if (q.name) {
      if (text === "ilike") {
        conds.push(sql`(${cr.name} || ' ' || ${cr.course_introduce}) ilike ${containsPattern(q.name)}`);
      } else {
        const tsq = prefixQuery(queryWords(q.name));
        conds.push(tsq ? sql`to_tsvector('simple', ${cr.search_text}) @@ to_tsquery('simple', ${tsq})` : sql`${cr.name} ilike ${containsPattern(q.name)}`);
      }
    }
    return and(...conds)!;
  }

  /** c076: published courses, every filter AND-ed, new or hot first. */
  async webList(q: z.output<typeof WebResourceListPayload>, text: "fts" | "ilike" = "fts"): Promise<Page<WebResourceRow>> {
    const where = this.webWhere(q, text);
    const count = async () => (await this.db.select({ n: sql<number>`count(*)::int` }).from(cr).where(where))[0]?.n ?? 0;
    let ids: number[];
    let total: number;
    if (q.name) {
      // A text query: the matches come from the GIN index, sorted (id + 0 keeps the planner from walking the primary
      // key and computing to_tsvector row by row), and one scan answers the page and the total. Decision 1100.
      const order = q.order === "hot" ? [desc(cr.view_count), desc(cr.id)] : [desc(sql`${cr.id} + 0`)];
      const page = await this.db
        .select({ id: cr.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(cr)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      ids = page.map((r) => r.id);
      total = page[0]?.n ?? (q.page > 1 ? await count() : 0);
    } else {
      // new = creation order: the primary key serves the page.
      const order = q.order === "hot" ? [desc(cr.view_count), desc(cr.id)] : [desc(cr.id)];
      const page = await this.db
        .select({ id: cr.id })
        .from(cr)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      ids = page.map((r) => r.id);
      total = await count();
    }
    const rows = await this.rowsByIds(ids);
    return { list: rows.map((r) => this.toWebRow(r)), total, page: q.page, limit: q.limit };
  }

  private async options(key: SQL, name: SQL, join: SQL, q: z.output<typeof WebResourceScopePayload>, textId = false): Promise<ResourceOption[]> {
    const res = await this.db.execute(sql`
      select ${key} as id, ${name} as name, count(*)::int as count
      from course_resource ${join}
      where ${this.scopeWhere(q)} and ${name} is not null and ${name} <> ''
      group by ${name} order by 3 desc, 1 asc`);
    const rows = ((res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[])) as { id: number | string; name: string; count: number }[];
    return rows.map((r) => ({ id: textId ? String(r.id) : Number(r.id), name: r.name, count: Number(r.count) }));
  }

  /** c077: subjects (one per name; id the smallest) with their published courses' count. */
  subjects(q: z.output<typeof WebResourceScopePayload>): Promise<ResourceOption[]> {
    return this.options(sql`min(x.id)`, sql`x.name`, sql`join subject x on x.id = course_resource.subject_id`, q);
  }
  /** c081 */
  grades(q: z.output<typeof WebResourceScopePayload>): Promise<ResourceOption[]> {
    return this.options(sql`min(x.id)`, sql`x.name`, sql`join grade x on x.id = course_resource.grade_id`, q);
  }
  /** c080 */
  schools(q: z.output<typeof WebResourceScopePayload>): Promise<ResourceOption[]> {
    return this.options(sql`min(x.id)`, sql`x.title`, sql`join school x on x.id = course_resource.school_id`, q);
  }
  /** c079: districts (region_code as id). */
  regions(q: z.output<typeof WebResourceScopePayload>): Promise<ResourceOption[]> {
    return this.options(sql`min(x.region_code)`, sql`x.name`, sql`join region x on x.region_code = course_resource.region_code`, q, true);
  }

  /** c078: the course, its tree with bindings, whether the caller may edit it; counts a view. */
  async info(c: Caller | null, id: number): Promise<WebResourceInfo> {
    const { course, editable } = await this.visible(c, id);
    const nodes = await this.select()
      .where(and(eq(cr.top_id, course.id), editable ? undefined : eq(cr.status, 1)))
      .orderBy(asc(cr.level), asc(cr.sort), asc(cr.id));
    const binds = await this.bindsOf(nodes.map((r) => r.n.id));
    const rows = nodes.map((r) => this.toRow(r));
    const courseRow = rows.find((r) => r.id === course.id) ?? (await this.rowOf(course.id));
    const tree = rows
      .filter((r) => r.level === 2 && r.pid === course.id)
      .map((u) => ({
        ...u,
        binds: binds.get(u.id) ?? [],
        children: rows.filter((l) => l.pid === u.id).map((l) => ({ ...l, binds: binds.get(l.id) ?? [] })),
      }));
    await this.db
      .update(cr)
      .set({ view_count: sql`${cr.view_count} + 1` })
      .where(eq(cr.id, course.id));
    courseRow.view_count += 1;
    return { course: courseRow, tree, binds: binds.get(course.id) ?? [], editable };
  }

  // ── views and rankings ─────────────────────────────────────────────────────────────────────────────────────

  /** Is the video bound to a published course (the front site shows it to anyone)? */
  private async videoPublic(id: number): Promise<boolean> {
    const [r] = await this.db
      .select({ id: rb.id })
      .from(rb)
      .innerJoin(cr, eq(cr.id, rb.course_id))
      .where(
        and(
          eq(rb.resources_type, BIND_TYPES.video),
          eq(rb.resources_id, id),
          eq(cr.status, 1),
          sql`exists (select 1 from course_resource t where t.id = ${cr.top_id} and t.status = 1)`,
        ),
      )
      .limit(1);
    return Boolean(r);
  }

  /** c074: one view; {counted: false} for a repeat within VIEW_DEDUP_MS. */
  async recordLog(c: Caller | null, p: z.output<typeof RecordLogPayload>, ip: string): Promise<RecordLogAnswer> {
    let target: { type: number; id: number; school_id: number; period_id: number };
    if (p.video_id) {
      const [v] = await this.db.select().from(video).where(eq(video.id, p.video_id));
      if (!v) throw notFound(RESOURCE_MESSAGES.videoMissing);
      const visible = (await this.videoPublic(v.id)) || (c !== null && (await this.managesOwner(c, v.account_id, v.school_id)));
      if (!visible) throw notFound(RESOURCE_MESSAGES.videoMissing);
      target = { type: VIEW_TARGETS.video, id: v.id, school_id: v.school_id, period_id: v.period_id };
    } else {
      const { course } = await this.visible(c, p.resources_id!);
      target = { type: VIEW_TARGETS.resource, id: course.id, school_id: course.school_id, period_id: course.period_id };
    }
    const out = { counted: false, target_type: target.type, target_id: target.id };
    const now = this.now();
    const accountId = c?.id ?? 0;
    if (accountId) {
      const [recent] = await this.db
        .select({ id: vl.id })
        .from(vl)
        .where(
          and(
            eq(vl.target_type, target.type),
            eq(vl.target_id, target.id),
            eq(vl.account_id, accountId),
            sql`${vl.created_at} > ${new Date(now.getTime() - VIEW_DEDUP_MS)}`,
          ),
        )
        .limit(1);
      if (recent) return out;
    } else {
      const key = `${ip}|${target.type}|${target.id}`;
      const last = this.anonViews.get(key);
      if (last !== undefined && now.getTime() - last < VIEW_DEDUP_MS) return out;
      if (this.anonViews.size > 50_000) {
        for (const [k, t] of this.anonViews) if (now.getTime() - t >= VIEW_DEDUP_MS) this.anonViews.delete(k);
      }
      this.anonViews.set(key, now.getTime());
    }
    await this.db.transaction(async (tx) => {
      await tx.insert(vl).values({
        target_type: target.type,
        target_id: target.id,
        account_id: accountId,
        school_id: p.school_id || target.school_id,
        period_id: p.period_id || target.period_id,
        duration: p.duration ?? 0,
        created_at: now,
      });
      if (target.type === VIEW_TARGETS.resource)
        await tx
          .update(cr)
          .set({ view_count: sql`${cr.view_count} + 1` })
          .where(eq(cr.id, target.id));
    });
    return { ...out, counted: true };
  }

  /** c075: most-viewed videos (log, last 30 days), courses (view_count), teachers and schools (their courses' views). */
  async ranking(q: z.output<typeof RankingListPayload>): Promise<RankingList> {
    const scope = this.scopeWhere(q);
    const since = new Date(this.now().getTime() - RANK_DAYS * 86_400_000);
    const videoScope = and2(
      q.school_id ? eq(video.school_id, q.school_id) : undefined,
      q.period_id ? sql`${video.period_id} in (select x.id from period x where x.name = (select y.name from period y where y.id = ${q.period_id}))` : undefined,
      sql`exists (select 1 from course_resource_bind b join course_resource n on n.id = b.course_id join course_resource t on t.id = n.top_id
                  where b.resources_type = 1 and b.resources_id = ${video.id} and n.status = 1 and t.status = 1)`,
    );
    const vrows = await this.db
      .select({
        id: video.id,
        name: video.name,
        account_name: sql<string>`coalesce(${account.realname}, '')`,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        views: sql<number>`count(${vl.id})::int`,
      })
      .from(vl)
      .innerJoin(video, eq(video.id, vl.target_id))
      .leftJoin(account, eq(account.id, video.account_id))
      .leftJoin(school, eq(school.id, video.school_id))
      .where(and(eq(vl.target_type, VIEW_TARGETS.video), sql`${vl.created_at} >= ${since}`, videoScope))
      .groupBy(video.id, account.realname, school.title)
      .orderBy(desc(sql`count(${vl.id})`), asc(video.id))
      .limit(q.limit);
    const videos = [];
    for (const v of vrows) {
      const row = await this.deps.videos.row(v.id).catch(() => undefined);
      videos.push({ ...v, cover_url: row?.thumbnail_url ?? "" });
    }
    const rrows = await this.db
      .select({
        id: cr.id,
        name: cr.name,
        cover_url: cr.cover_url,
        account_name: sql<string>`coalesce(${account.realname}, '')`,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        views: cr.view_count,
      })
      .from(cr)
      .leftJoin(account, eq(account.id, cr.account_id))
      .leftJoin(school, eq(school.id, cr.school_id))
      .where(scope)
      .orderBy(desc(cr.view_count), desc(cr.id))
      .limit(q.limit);
    const teachers = await this.db
      .select({
        account_id: cr.account_id,
        realname: sql<string>`coalesce(max(${account.realname}), '')`,
        school_name: sql<string>`coalesce(max(${school.title}), '')`,
        views: sql<number>`sum(${cr.view_count})::int`,
        resources: sql<number>`count(*)::int`,
      })
      .from(cr)
      .leftJoin(account, eq(account.id, cr.account_id))
      .leftJoin(school, eq(school.id, account.school_id))
      .where(scope)
      .groupBy(cr.account_id)
      .orderBy(desc(sql`sum(${cr.view_count})`), desc(sql`count(*)`), asc(cr.account_id))
      .limit(q.limit);
    const schools = await this.db
      .select({
        school_id: cr.school_id,
        school_name: sql<string>`coalesce(max(${school.title}), '')`,
        views: sql<number>`sum(${cr.view_count})::int`,
        resources: sql<number>`count(*)::int`,
      })
      .from(cr)
      .leftJoin(school, eq(school.id, cr.school_id))
      .where(scope)
      .groupBy(cr.school_id)
      .orderBy(desc(sql`sum(${cr.view_count})`), desc(sql`count(*)`), asc(cr.school_id))
      .limit(q.limit);
    return { videos, resources: rrows, teachers, schools };
  }
}
