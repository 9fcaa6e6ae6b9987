/**
 * Topics (专题; issue #11; docs/api/topic.md), the public video lists and the teaching-events hub's review activities.
 *
 * Who manages a topic (docs/decisions/1130): its creator and the administrators over its scope — a school topic the
 * administrators of that school (school, district over it, platform); a district topic (school 0, region_code) the
 * district administrators of that region and the platform. Teachers do not create topics (403).
 *
 * What the front site shows (docs/decisions/1131, 1132): published topics only; an item only when the viewer may see
 * the thing itself — a video in a published topic is public by being there; a course when published; an analysis when
 * its report is published; a listen record by #9's can_view rule (anonymous: only 公开 ones); a review work when its
 * activity reached phase 2. Public videos (/web/video/*): see publicVideoSql.
 */
import type {
  Page,
  TopicCandidate,
  TopicDetail,
  TopicEventRow,
  TopicEventsAnswer,
  TopicItemCard,
  TopicRow,
  WebVideoCard,
  TopicCandidatesPayload,
  TopicItemsAddPayload,
  TopicItemsRemovePayload,
  TopicItemsSortPayload,
  TopicListPayload,
  TopicSavePayload,
  TopicUpdatePayload,
  VideoRow,
  WebTopicEventsPayload,
  WebTopicListPayload,
  WebVideoFilters,
  WebVideoFiltersPayload,
  WebVideoListPayload,
} from "@yanke/protocol";
import { TOPIC_ITEM_TYPE_NAMES, TOPIC_MAX_ITEMS, TOPIC_STATUS_NAMES } from "@yanke/protocol";
import { type AnyColumn, type SQL, and, asc, desc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { analysisCourse } from "../analysis/analysis.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { listenAccessOf, teacherOf } from "../listen/listen-access.js";
import { listenEvaluate, listenEvaluation } from "../listen/listen.schema.js";
import { grade, period, school, subject } from "../org/org.schema.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { and2, containsPattern } from "../org/period.service.js";
import { courseResource, courseResourceBind } from "../resource/resource.schema.js";
import { reviewActivity, reviewWork } from "../review/review.schema.js";
import type { VideoService } from "../video/video.service.js";
import { video } from "../video/video.schema.js";
import { topic, topicItem } from "./topic.schema.js";

type TopicRecord = typeof topic.$inferSelect;
type ItemRecord = typeof topicItem.$inferSelect;

export const TOPIC_NOT_FOUND = "专题不存在或已删除";
const REVIEW_PHASE_NAMES: Readonly<Record<number, string>> = { 0: "草稿", 1: "报名中", 2: "提交作品", 3: "评审中", 4: "结果公示" };
const MANAGER_IDENTITIES = new Set([1, 3, 4, 5]);

/**
 * A lesson video is public when it is bound to a published course, in a published topic, the video of a published
 * analysis, or of a submitted review work whose activity (in use) reached phase 2 (docs/decisions/1131).
 */
export function publicVideoSql(idCol: AnyColumn = video.id): SQL {
  return sql`(
    exists (select 1 from ${courseResourceBind} b join ${courseResource} n on n.id = b.course_id
              join ${courseResource} t on t.id = (case when n.top_id = 0 then n.id else n.top_id end)
             where b.resources_type = 1 and b.resources_id = ${idCol} and t.status = 1)
    or exists (select 1 from ${topicItem} i join ${topic} tp on tp.id = i.topic_id where i.item_type = 1 and i.item_id = ${idCol} and tp.status = 1)
    or exists (select 1 from ${analysisCourse} a where a.video_id = ${idCol} and a.publish_status = 1)
    or exists (select 1 from ${reviewWork} w join ${reviewActivity} r on r.id = w.activity_id
                where w.video_id = ${idCol} and w.status = 1 and r.status = 1 and r.phase >= 2)
  )`;
}

export interface TopicServiceDeps {
  db: Db;
  org: OrgService;
  videos: VideoService;
  community: CommunityDeps;
}

const n0 = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export class TopicService {
  private readonly db: Db;
  constructor(private readonly deps: TopicServiceDeps) {
    this.db = deps.db;
  }

  // ── scope ────────────────────────────────────────────────────────────────────────────────────────────────

  private requireManager(c: Caller): void {
    if (!MANAGER_IDENTITIES.has(c.identity)) throw forbidden("教师不能创建或管理专题，请联系学校或区县管理员");
  }

  /** The caller manages the topic. */
  private async manages(c: Caller, t: TopicRecord): Promise<boolean> {
    if (t.account_id === c.id) return true;
    const schools = await this.deps.org.schoolsInScope(c);
    if (schools === undefined) return true;
    if (t.school_id) return schools.includes(t.school_id);
    return c.identity === 3 && !!c.region_code && t.region_code === c.region_code;
  }

  /** Topics the caller manages, as SQL (undefined = all). */
  private async manageSql(c: Caller): Promise<SQL | undefined> {
    const schools = await this.deps.org.schoolsInScope(c);
    if (schools === undefined) return undefined;
    return or(
      eq(topic.account_id, c.id),
      schools.length ? inArray(topic.school_id, schools) : undefined,
      c.identity === 3 && c.region_code ? and(eq(topic.school_id, 0), eq(topic.region_code, c.region_code)) : undefined,
    );
  }

  private async load(id: number): Promise<TopicRecord> {
    const [t] = await this.db.select().from(topic).where(eq(topic.id, id));
    if (!t) throw notFound(TOPIC_NOT_FOUND);
    return t;
  }

  /** The topic, when the caller manages it: 404 when missing, 403 when it is another's. */
  private async managed(c: Caller, id: number): Promise<TopicRecord> {
    this.requireManager(c);
    const t = await this.load(id);
    if (!(await this.manages(c, t))) throw forbidden("无权管理该专题");
    return t;
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async rows(where: SQL | undefined, order: SQL[], page: number, limit: number): Promise<Page<TopicRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(topic).where(where);
    const rows = await this.db
      .select({ t: topic, account_name: account.realname, school_name: school.title, period_name: period.name, subject_name: subject.name })
      .from(topic)
      .leftJoin(account, eq(account.id, topic.account_id))
      .leftJoin(school, eq(school.id, topic.school_id))
      .leftJoin(period, eq(period.id, topic.period_id))
      .leftJoin(subject, eq(subject.id, topic.subject_id))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit);
    const counts = await this.typeCounts(rows.map((r) => r.t.id));
    return {
      list: rows.map((r) =>
        this.toRow(
          r.t,
          { account_name: r.account_name, school_name: r.school_name, period_name: r.period_name, subject_name: r.subject_name },
          counts.get(r.t.id) ?? {},
        ),
      ),
      total: n,
      page,
      limit,
    };
  }

  private async typeCounts(ids: number[]): Promise<Map<number, Record<number, number>>> {
    const out = new Map<number, Record<number, number>>();
    if (!ids.length) return out;
    const rows = await this.db
      .select({ topic_id: topicItem.topic_id, item_type: topicItem.item_type, n: sql<number>`count(*)::int` })
      .from(topicItem)
      .where(inArray(topicItem.topic_id, ids))
      .groupBy(topicItem.topic_id, topicItem.item_type);
    for (const r of rows) {
      const m = out.get(r.topic_id) ?? {};
      m[r.item_type] = r.n;
      out.set(r.topic_id, m);
    }
    return out;
  }

  private toRow(
    t: TopicRecord,
    names: { account_name: string | null; school_name: string | null; period_name: string | null; subject_name: string | null },
    counts: Record<number, number>,
  ): TopicRow {
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      cover_url: t.cover_url,
      school_id: t.school_id,
      school_name: names.school_name ?? "",
      region_code: t.region_code,
      period_id: t.period_id,
      period_name: names.period_name ?? "",
      subject_id: t.subject_id,
      subject_name: names.subject_name ?? "",
      account_id: t.account_id,
      account_name: names.account_name ?? "",
      status: t.status,
      status_name: TOPIC_STATUS_NAMES[t.status] ?? String(t.status),
      sort: t.sort,
      view_count: t.view_count,
      item_count: Object.values(counts).reduce((a, b) => a + b, 0),
      type_counts: counts,
      created_at: formatTime(t.created_at),
      updated_at: formatTime(t.updated_at),
    };
  }

  private async rowOf(id: number): Promise<TopicRow> {
    const page = await this.rows(eq(topic.id, id), [asc(topic.id)], 1, 1);
    const row = page.list[0];
    if (!row) throw notFound(TOPIC_NOT_FOUND);
    return row;
  }

  // ── management ───────────────────────────────────────────────────────────────────────────────────────────

  async list(c: Caller, q: z.output<typeof TopicListPayload>): Promise<Page<TopicRow>> {
    this.requireManager(c);
    const where = and2(
      await this.manageSql(c),
      q.keyword ? sql`${topic.title} ilike ${containsPattern(q.keyword)}` : undefined,
      q.status !== undefined ? eq(topic.status, q.status) : undefined,
      q.school_id ? eq(topic.school_id, q.school_id) : undefined,
    );
    return this.rows(where, [desc(topic.updated_at), desc(topic.id)], q.page, q.limit);
  }

  async detail(c: Caller, id: number): Promise<TopicDetail> {
    const t = await this.managed(c, id);
    const row = await this.rowOf(t.id);
    const items = await this.cards(c, await this.itemsOf(t.id), true);
    return { ...row, items, can_manage: true };
  }

  /** The scope of a new topic (see TopicSavePayload). */
  private async scopeFor(c: Caller, schoolId: number | undefined): Promise<{ school_id: number; region_code: string }> {
    if (c.identity === 4) {
      if (schoolId && schoolId !== c.school_id) throw forbidden("学校管理员只能为本校创建专题");
      const s = await this.deps.org.schoolSummary(c.school_id);
      return { school_id: c.school_id, region_code: s?.area_code ?? "" };
    }
    if (schoolId) {
      const s = await this.deps.org.schoolSummary(schoolId);
      if (!s) throw badInput("学校(school_id): 不存在");
      if (!(await this.deps.org.inScope(c, schoolId))) throw forbidden("该学校不在您的管理范围");
      return { school_id: schoolId, region_code: s.area_code };
    }
    if (c.identity === 3) return { school_id: 0, region_code: c.region_code };
    return { school_id: 0, region_code: "" };
  }

  private async checkClass(periodId: number | undefined, subjectId: number | undefined): Promise<void> {
    if (periodId && !(await this.db.select({ id: period.id }).from(period).where(eq(period.id, periodId))).length) throw badInput("学段(period_id): 不存在");
    if (subjectId && !(await this.db.select({ id: subject.id }).from(subject).where(eq(subject.id, subjectId))).length)
      throw badInput("学科(subject_id): 不存在");
  }

  async save(c: Caller, p: z.output<typeof TopicSavePayload>): Promise<TopicRow> {
    this.requireManager(c);
    const scope = await this.scopeFor(c, p.school_id);
    await this.checkClass(p.period_id, p.subject_id);
    const [row] = await this.db
      .insert(topic)
      .values({
        title: p.title,
        description: p.description,
        cover_url: p.cover_url,
        ...scope,
        period_id: p.period_id ?? 0,
        subject_id: p.subject_id ?? 0,
        account_id: c.id,
        sort: p.sort ?? 0,
        status: 0,
      })
      .returning({ id: topic.id });
    return this.rowOf(row!.id);
  }

  async update(c: Caller, p: z.output<typeof TopicUpdatePayload>): Promise<TopicRow> {
    const t = await this.managed(c, p.id);
    await this.checkClass(p.period_id, p.subject_id);
    const set: Partial<TopicRecord> = { updated_at: new Date() };
    if (p.title !== undefined) set.title = p.title;
    if (p.description !== undefined) set.description = p.description;
    if (p.cover_url !== undefined) set.cover_url = p.cover_url;
    if (p.period_id !== undefined) set.period_id = p.period_id;
    if (p.subject_id !== undefined) set.subject_id = p.subject_id;
    if (p.sort !== undefined) set.sort = p.sort;
    await this.db.update(topic).set(set).where(eq(topic.id, t.id));
    return this.rowOf(t.id);
  }

  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const t = await this.managed(c, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(topicItem).where(eq(topicItem.topic_id, t.id));
      await tx.delete(topic).where(eq(topic.id, t.id));
    });
    return { id: t.id };
  }

  async setStatus(c: Caller, id: number, status: number): Promise<TopicRow> {
    const t = await this.managed(c, id);
    if (status === 1) {
      const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(topicItem).where(eq(topicItem.topic_id, t.id));
      if (!n) throw badInput("专题还没有内容，请先加入视频或资源再发布");
    }
    await this.db.update(topic).set({ status, updated_at: new Date() }).where(eq(topic.id, t.id));
    return this.rowOf(t.id);
  }

  private async itemsOf(topicId: number): Promise<ItemRecord[]> {
    return this.db.select().from(topicItem).where(eq(topicItem.topic_id, topicId)).orderBy(asc(topicItem.sort), asc(topicItem.id));
  }

  async addItems(c: Caller, p: z.output<typeof TopicItemsAddPayload>): Promise<TopicDetail> {
    const t = await this.managed(c, p.id);
    const ids = [...new Set(p.item_ids)];
    const allowed = new Set(await this.candidateIds(c, p.item_type, ids));
    const missing = ids.filter((i) => !allowed.has(i));
    if (missing.length) throw notFound(`${TOPIC_ITEM_TYPE_NAMES[p.item_type]}不存在或您无权加入：${missing.join("、")}`);
    const existing = await this.itemsOf(t.id);
    const have = new Set(existing.filter((i) => i.item_type === p.item_type).map((i) => i.item_id));
    const fresh = ids.filter((i) => !have.has(i));
    if (existing.length + fresh.length > TOPIC_MAX_ITEMS) throw badInput(`一个专题最多 ${TOPIC_MAX_ITEMS} 项内容`);
    let sort = existing.reduce((m, i) => Math.max(m, i.sort), 0);
    if (fresh.length) {
      await this.db
        .insert(topicItem)
        .values(fresh.map((item_id) => ({ topic_id: t.id, item_type: p.item_type, item_id, note: p.note ?? "", sort: ++sort })))
        .onConflictDoNothing();
      await this.db.update(topic).set({ updated_at: new Date() }).where(eq(topic.id, t.id));
    }
    return this.detail(c, t.id);
  }

  async removeItems(c: Caller, p: z.output<typeof TopicItemsRemovePayload>): Promise<TopicDetail> {
    const t = await this.managed(c, p.id);
    const existing = new Set((await this.itemsOf(t.id)).map((i) => i.id));
    const missing = p.item_ids.filter((i) => !existing.has(i));
    if (missing.length) throw notFound(`条目不在该专题中：${missing.join("、")}`);
    await this.db.delete(topicItem).where(and(eq(topicItem.topic_id, t.id), inArray(topicItem.id, p.item_ids)));
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(topicItem).where(eq(topicItem.topic_id, t.id));
    // A published topic left empty goes back to draft (an empty page is not published).
    await this.db
      .update(topic)
      .set({ updated_at: new Date(), ...(n === 0 ? { status: 0 } : {}) })
      .where(eq(topic.id, t.id));
    return this.detail(c, t.id);
  }

  async sortItems(c: Caller, p: z.output<typeof TopicItemsSortPayload>): Promise<TopicDetail> {
    const t = await this.managed(c, p.id);
    const existing = (await this.itemsOf(t.id)).map((i) => i.id);
    const given = new Set(p.item_ids);
    if (given.size !== p.item_ids.length) throw badInput("条目顺序中有重复的条目");
    const unknown = p.item_ids.filter((i) => !existing.includes(i));
    if (unknown.length) throw notFound(`条目不在该专题中：${unknown.join("、")}`);
    if (existing.some((i) => !given.has(i))) throw badInput("请给出该专题全部条目的顺序");
    await this.db.transaction(async (tx) => {
      for (const [i, id] of p.item_ids.entries())
        await tx
          .update(topicItem)
          .set({ sort: i + 1 })
          .where(eq(topicItem.id, id));
    });
    return this.detail(c, t.id);
  }

  // ── candidates ───────────────────────────────────────────────────────────────────────────────────────────

  /** What the caller may add, per type: the thing itself is public or within the caller's scope. */
  private async candidateWhere(c: Caller, type: number, keyword?: string): Promise<{ base: SQL | undefined; kw: SQL | undefined }> {
    const schools = await this.deps.org.schoolsInScope(c);
    const inMine = (col: AnyColumn) => (schools === undefined ? sql`true` : schools.length ? inArray(col, schools) : sql`false`);
    const like = keyword ? containsPattern(keyword) : undefined;
    switch (type) {
      case 1:
        return {
          base: and(ne(video.status, "failed"), or(eq(video.account_id, c.id), inMine(video.school_id), publicVideoSql())),
          kw: like ? sql`(${video.name} ilike ${like} or ${account.realname} ilike ${like})` : undefined,
        };
      case 2:
        return {
          base: and(eq(courseResource.level, 1), or(eq(courseResource.status, 1), eq(courseResource.account_id, c.id), inMine(courseResource.school_id))),
          kw: like ? sql`(${courseResource.name} ilike ${like} or ${account.realname} ilike ${like})` : undefined,
        };
      case 3:
        return {
          base: and(
            eq(analysisCourse.status, 2),
            or(
              eq(analysisCourse.publish_status, 1),
              eq(analysisCourse.account_id, c.id),
              eq(analysisCourse.creator_id, c.id),
              inMine(analysisCourse.school_id),
            ),
          ),
          kw: like ? sql`(${analysisCourse.name} ilike ${like} or ${account.realname} ilike ${like})` : undefined,
        };
      case 4:
        return {
          base: and(eq(listenEvaluate.status, 1), await listenAccessOf(this.deps.community).visibleSql(c)),
          kw: like ? sql`(${listenEvaluate.name} ilike ${like} or ${account.realname} ilike ${like})` : undefined,
        };
      default:
        return {
          base: and(
            eq(reviewWork.status, 1),
            eq(reviewActivity.status, 1),
            or(gte(reviewActivity.phase, 2), eq(reviewWork.account_id, c.id), inMine(reviewActivity.school_id), inMine(reviewWork.school_id)),
          ),
          kw: like ? sql`(${reviewWork.title} ilike ${like} or ${account.realname} ilike ${like})` : undefined,
        };
    }
  }

  /** The candidates of one type among ids. */
  private async candidateIds(c: Caller, type: number, ids: number[]): Promise<number[]> {
    const { base } = await this.candidateWhere(c, type);
    switch (type) {
      case 1:
        return (
          await this.db
            .select({ id: video.id })
            .from(video)
            .where(and(base, inArray(video.id, ids)))
        ).map((r) => r.id);
      case 2:
        return (
          await this.db
            .select({ id: courseResource.id })
            .from(courseResource)
            .where(and(base, inArray(courseResource.id, ids)))
        ).map((r) => r.id);
      case 3:
        return (
          await this.db
            .select({ id: analysisCourse.id })
            .from(analysisCourse)
            .where(and(base, inArray(analysisCourse.id, ids)))
        ).map((r) => r.id);
      case 4:
        return (
          await this.db
            .select({ id: listenEvaluate.id })
            .from(listenEvaluate)
            .where(and(base, inArray(listenEvaluate.id, ids)))
        ).map((r) => r.id);
      default:
        return (
          await this.db
            .select({ id: reviewWork.id })
            .from(reviewWork)
            .innerJoin(reviewActivity, eq(reviewActivity.id, reviewWork.activity_id))
            .where(and(base, inArray(reviewWork.id, ids)))
        ).map((r) => r.id);
    }
  }

  async candidates(c: Caller, q: z.output<typeof TopicCandidatesPayload>): Promise<Page<TopicCandidate>> {
    this.requireManager(c);
    if (q.id) await this.managed(c, q.id);
    const { base, kw } = await this.candidateWhere(c, q.item_type, q.keyword);
    const taken = (col: AnyColumn) =>
      q.id ? sql`not exists (select 1 from ${topicItem} ti where ti.topic_id = ${q.id} and ti.item_type = ${q.item_type} and ti.item_id = ${col})` : undefined;
    const off = (q.page - 1) * q.limit;
    const page = <T>(list: T[], total: number): Page<T> => ({ list, total, page: q.page, limit: q.limit });
    const schools = await this.deps.org.schoolsInScope(c);
    const mine = (schoolId: number, accountId: number) => accountId === c.id || schools === undefined || schools.includes(schoolId);
    switch (q.item_type) {
      case 1: {
        const where = and2(base, kw, taken(video.id));
        const total = await this.count(
          this.db.select({ n: sql<number>`count(*)::int` }).from(video).leftJoin(account, eq(account.id, video.account_id)).where(where),
        );
        const rows = await this.db
          .select({ id: video.id, pub: sql<boolean>`${publicVideoSql()}` })
          .from(video)
          .leftJoin(account, eq(account.id, video.account_id))
          .where(where)
          .orderBy(desc(video.created_at), desc(video.id))
          .limit(q.limit)
          .offset(off);
        const list: TopicCandidate[] = [];
        for (const r of rows) {
          const v = await this.deps.videos.row(r.id);
          list.push({ ...this.fromVideo(v, 1), state: r.pub ? "公开" : v.account_id === c.id ? "我的" : "管理范围内" });
        }
        return page(list, total);
      }
      case 2: {
        const where = and2(base, kw, taken(courseResource.id));
        const total = await this.count(
          this.db.select({ n: sql<number>`count(*)::int` }).from(courseResource).leftJoin(account, eq(account.id, courseResource.account_id)).where(where),
        );
        const rows = await this.courseRows(where, q.limit, off);
        return page(
          rows.map((r) => ({ ...r.cand, state: r.status === 1 ? "已发布" : "草稿（管理范围内）" })),
          total,
        );
      }
      case 3: {
        const where = and2(base, kw, taken(analysisCourse.id));
        const total = await this.count(
          this.db.select({ n: sql<number>`count(*)::int` }).from(analysisCourse).leftJoin(account, eq(account.id, analysisCourse.account_id)).where(where),
        );
        const rows = await this.analysisRows(where, q.limit, off);
        return page(
          rows.map((r) => ({ ...r.cand, state: r.publish_status === 1 ? "已公开" : mine(r.school_id, r.account_id) ? "未公开（管理范围内）" : "未公开" })),
          total,
        );
      }
      case 4: {
        const where = and2(base, kw, taken(listenEvaluate.id));
        const total = await this.count(
          this.db.select({ n: sql<number>`count(*)::int` }).from(listenEvaluate).leftJoin(account, eq(account.id, listenEvaluate.account_id)).where(where),
        );
        const rows = await this.listenRows(where, q.limit, off);
        return page(
          rows.map((r) => ({ ...r.cand, state: r.open_model === 1 ? "公开" : "管理范围内" })),
          total,
        );
      }
      default: {
        const where = and2(base, kw, taken(reviewWork.id));
        const total = await this.count(
          this.db
            .select({ n: sql<number>`count(*)::int` })
            .from(reviewWork)
            .innerJoin(reviewActivity, eq(reviewActivity.id, reviewWork.activity_id))
            .leftJoin(account, eq(account.id, reviewWork.account_id))
            .where(where),
        );
        const rows = await this.workRows(where, q.limit, off);
        return page(
          rows.map((r) => ({ ...r.cand, state: r.phase >= 2 ? "公开" : "管理范围内" })),
          total,
        );
      }
    }
  }

  private async count(q: Promise<{ n: number }[]>): Promise<number> {
    const [r] = await q;
    return r?.n ?? 0;
  }

  private fromVideo(v: VideoRow, type: number): Omit<TopicCandidate, "state"> {
    return {
      item_type: type,
      item_id: v.id,
      name: v.name,
      cover_url: v.thumbnail_url,
      teacher_name: v.account_name,
      school_name: v.school_name,
      subject_name: v.subject_name,
      duration: v.duration,
      created_at: v.created_at,
    };
  }

  private async thumb(videoId: number): Promise<{ url: string; duration: number }> {
    if (!videoId) return { url: "", duration: 0 };
    try {
      const v = await this.deps.videos.row(videoId);
      return { url: v.thumbnail_url, duration: v.duration };
    } catch {
      return { url: "", duration: 0 };
    }
  }

  private async courseRows(where: SQL | undefined, limit: number, offset: number) {
    const rows = await this.db
      .select({ r: courseResource, teacher: account.realname, school_name: school.title, subject_name: subject.name })
      .from(courseResource)
      .leftJoin(account, eq(account.id, courseResource.account_id))
      .leftJoin(school, eq(school.id, courseResource.school_id))
      .leftJoin(subject, eq(subject.id, courseResource.subject_id))
      .where(where)
      .orderBy(desc(courseResource.updated_at), desc(courseResource.id))
      .limit(limit)
      .offset(offset);
    const firstVideo = await this.firstVideos(rows.map((r) => r.r.id));
    const out = [];
    for (const x of rows) {
      const vid = firstVideo.get(x.r.id) ?? 0;
      const th = await this.thumb(vid);
      out.push({
        id: x.r.id,
        status: x.r.status,
        school_id: x.r.school_id,
        account_id: x.r.account_id,
        video_id: vid,
        cand: {
          item_type: 2,
          item_id: x.r.id,
          name: x.r.name,
          cover_url: x.r.cover_url || th.url,
          teacher_name: x.teacher ?? "",
          school_name: x.school_name ?? "",
          subject_name: x.subject_name ?? "",
          duration: th.duration,
          created_at: formatTime(x.r.created_at),
        },
      });
    }
    return out;
  }

  /** The first video bound anywhere in each course (by the tree's order), course id → video id. */
  private async firstVideos(courseIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!courseIds.length) return out;
    const rows = await this.db
      .select({
        top: sql<number>`case when ${courseResource.top_id} = 0 then ${courseResource.id} else ${courseResource.top_id} end`,
        vid: courseResourceBind.resources_id,
      })
      .from(courseResourceBind)
      .innerJoin(courseResource, eq(courseResource.id, courseResourceBind.course_id))
      .where(
        and(
          eq(courseResourceBind.resources_type, 1),
          or(inArray(courseResource.id, courseIds), inArray(courseResource.top_id, courseIds)),
          sql`exists (select 1 from ${video} v where v.id = ${courseResourceBind.resources_id})`,
        ),
      )
      .orderBy(asc(courseResource.level), asc(courseResource.sort), asc(courseResourceBind.sort), asc(courseResourceBind.id));
    for (const r of rows) if (!out.has(r.top)) out.set(r.top, r.vid);
    return out;
  }

  private async analysisRows(where: SQL | undefined, limit: number, offset: number) {
    const rows = await this.db
      .select({ a: analysisCourse, teacher: account.realname, school_name: school.title, subject_name: subject.name })
      .from(analysisCourse)
      .leftJoin(account, eq(account.id, analysisCourse.account_id))
      .leftJoin(school, eq(school.id, analysisCourse.school_id))
      .leftJoin(subject, eq(subject.id, analysisCourse.subject_id))
      .where(where)
      .orderBy(desc(analysisCourse.created_at), desc(analysisCourse.id))
      .limit(limit)
      .offset(offset);
    const out = [];
    for (const x of rows) {
      const th = await this.thumb(x.a.video_id);
      out.push({
        id: x.a.id,
        publish_status: x.a.publish_status,
        school_id: x.a.school_id,
        account_id: x.a.account_id,
        video_id: x.a.video_id,
        cand: {
          item_type: 3,
          item_id: x.a.id,
          name: x.a.name,
          cover_url: th.url,
          teacher_name: x.teacher ?? "",
          school_name: x.school_name ?? "",
          subject_name: x.subject_name ?? "",
          duration: th.duration,
          created_at: formatTime(x.a.created_at),
        },
      });
    }
    return out;
  }

  private async listenRows(where: SQL | undefined, limit: number, offset: number) {
    const rows = await this.db
      .select({ l: listenEvaluate, school_name: school.title, subject_name: subject.name })
      .from(listenEvaluate)
      .leftJoin(account, eq(account.id, listenEvaluate.account_id))
      .leftJoin(school, eq(school.id, listenEvaluate.school_id))
      .leftJoin(subject, eq(subject.id, listenEvaluate.subject_id))
      .where(where)
      .orderBy(desc(listenEvaluate.start_time), desc(listenEvaluate.id))
      .limit(limit)
      .offset(offset);
    const teacherIds = [...new Set(rows.map((r) => teacherOf(r.l)))];
    const names = new Map<number, string>();
    if (teacherIds.length)
      for (const a of await this.db.select({ id: account.id, name: account.realname }).from(account).where(inArray(account.id, teacherIds)))
        names.set(a.id, a.name);
    return rows.map((x) => ({
      id: x.l.id,
      open_model: x.l.open_model,
      is_type: x.l.is_type,
      cand: {
        item_type: 4,
        item_id: x.l.id,
        name: x.l.name,
        cover_url: x.l.logo_url,
        teacher_name: names.get(teacherOf(x.l)) ?? "",
        school_name: x.school_name ?? "",
        subject_name: x.subject_name ?? "",
        duration: 0,
        created_at: formatTime(x.l.start_time),
      },
    }));
  }

  private async workRows(where: SQL | undefined, limit: number, offset: number) {
    const rows = await this.db
      .select({
        w: reviewWork,
        phase: reviewActivity.phase,
        activity_title: reviewActivity.title,
        teacher: account.realname,
        school_name: school.title,
        subject_name: subject.name,
      })
      .from(reviewWork)
      .innerJoin(reviewActivity, eq(reviewActivity.id, reviewWork.activity_id))
      .leftJoin(account, eq(account.id, reviewWork.account_id))
      .leftJoin(school, eq(school.id, reviewWork.school_id))
      .leftJoin(subject, eq(subject.id, reviewWork.subject_id))
      .where(where)
      .orderBy(desc(reviewWork.created_at), desc(reviewWork.id))
      .limit(limit)
      .offset(offset);
    const out = [];
    for (const x of rows) {
      const th = await this.thumb(x.w.video_id);
      out.push({
        id: x.w.id,
        phase: x.phase,
        activity_id: x.w.activity_id,
        video_id: x.w.video_id,
        cand: {
          item_type: 5,
          item_id: x.w.id,
          name: x.w.title,
          cover_url: x.w.cover_url || th.url,
          teacher_name: x.teacher ?? "",
          school_name: x.school_name ?? "",
          subject_name: x.subject_name ?? "",
          duration: th.duration,
          created_at: formatTime(x.w.created_at),
        },
      });
    }
    return out;
  }

  // ── items as cards ───────────────────────────────────────────────────────────────────────────────────────

  /**
   * The items as cards. all = the management view (every item; visible says whether the front site shows it — for
   * listen records, to this caller); otherwise the items the viewer may not see are left out.
   */
  private async cards(viewer: Caller | null, items: ItemRecord[], all: boolean): Promise<TopicItemCard[]> {
    const ids = (type: number) => items.filter((i) => i.item_type === type).map((i) => i.item_id);
    const resolved = new Map<string, Omit<TopicItemCard, "id" | "item_type" | "type_name" | "item_id" | "note" | "sort" | "created_at">>();
    const key = (type: number, id: number) => `${type}:${id}`;
    const none = { eval_count: 0, eval_score: null };

    // 1 视频: public by being in a published topic.
    for (const id of ids(1)) {
      try {
        const v = await this.deps.videos.row(id);
        resolved.set(key(1, id), { ...this.fromVideo(v, 1), video_id: v.id, link: "", visible: true, ...none });
      } catch {
        /* gone */
      }
    }
    // 2 课程资源: published courses.
    if (ids(2).length) {
      for (const r of await this.courseRows(inArray(courseResource.id, ids(2)), TOPIC_MAX_ITEMS, 0)) {
        resolved.set(key(2, r.id), {
          ...r.cand,
          video_id: r.status === 1 ? r.video_id : 0,
          link: `/foreground/courseResourceVideo?id=${r.id}`,
          visible: r.status === 1,
          ...none,
        });
      }
    }
    // 3 课堂分析: published reports.
    if (ids(3).length) {
      for (const r of await this.analysisRows(inArray(analysisCourse.id, ids(3)), TOPIC_MAX_ITEMS, 0)) {
        resolved.set(key(3, r.id), {
          ...r.cand,
          video_id: r.publish_status === 1 ? r.video_id : 0,
          link: `/reportSecond?id=${r.id}`,
          visible: r.publish_status === 1,
          ...none,
        });
      }
    }
    // 4 听评课: #9's can_view for the viewer (anonymous: 公开 and open).
    if (ids(4).length) {
      const visible = viewer
        ? await listenAccessOf(this.deps.community).visibleSql(viewer)
        : and(eq(listenEvaluate.status, 1), eq(listenEvaluate.is_display, 1), eq(listenEvaluate.verify_status, 1), eq(listenEvaluate.open_model, 1));
      const seen = new Set(
        (
          await this.db
            .select({ id: listenEvaluate.id })
            .from(listenEvaluate)
            .where(and(inArray(listenEvaluate.id, ids(4)), ne(listenEvaluate.status, -1), visible))
        ).map((r) => r.id),
      );
      const evals = await this.db
        .select({ record_id: listenEvaluation.record_id, n: sql<number>`count(*)::int`, avg: sql<string | null>`avg(${listenEvaluation.total_score})` })
        .from(listenEvaluation)
        .where(and(inArray(listenEvaluation.record_id, ids(4)), eq(listenEvaluation.status, 1)))
        .groupBy(listenEvaluation.record_id);
      const ev = new Map(evals.map((e) => [e.record_id, e]));
      for (const r of await this.listenRows(and(inArray(listenEvaluate.id, ids(4)), ne(listenEvaluate.status, -1)), TOPIC_MAX_ITEMS, 0)) {
        const e = ev.get(r.id);
        resolved.set(key(4, r.id), {
          ...r.cand,
          video_id: 0,
          link: r.is_type === 2 ? `/precisionReport?id=${r.id}` : `/foreground2_0/commentReport?id=${r.id}`,
          visible: seen.has(r.id),
          eval_count: e?.n ?? 0,
          eval_score: e?.avg != null ? Math.round(Number(e.avg) * 10) / 10 : null,
        });
      }
    }
    // 5 评课作品: works of activities in phase ≥ 2.
    if (ids(5).length) {
      for (const r of await this.workRows(and(inArray(reviewWork.id, ids(5)), eq(reviewWork.status, 1), eq(reviewActivity.status, 1)), TOPIC_MAX_ITEMS, 0)) {
        const pub = r.phase >= 2;
        resolved.set(key(5, r.id), { ...r.cand, video_id: pub ? r.video_id : 0, link: `/foreground/activityWorks?id=${r.id}`, visible: pub, ...none });
      }
    }

    const out: TopicItemCard[] = [];
    for (const i of items) {
      const r = resolved.get(key(i.item_type, i.item_id));
      if (!all && !r?.visible) continue;
      out.push({
        id: i.id,
        item_type: i.item_type,
        type_name: TOPIC_ITEM_TYPE_NAMES[i.item_type] ?? "",
        item_id: i.item_id,
        note: i.note,
        sort: i.sort,
        name: r?.name ?? "（已删除）",
        cover_url: r?.cover_url ?? "",
        teacher_name: r?.teacher_name ?? "",
        school_name: r?.school_name ?? "",
        subject_name: r?.subject_name ?? "",
        duration: n0(r?.duration),
        video_id: r?.video_id ?? 0,
        link: r?.link ?? "",
        eval_count: r?.eval_count ?? 0,
        eval_score: r?.eval_score ?? null,
        visible: r?.visible ?? false,
        created_at: formatTime(i.created_at),
      });
    }
    return out;
  }

  // ── front site ───────────────────────────────────────────────────────────────────────────────────────────

  async webList(q: z.output<typeof WebTopicListPayload>): Promise<Page<TopicRow>> {
    const where = and2(
      eq(topic.status, 1),
      q.keyword ? sql`(${topic.title} ilike ${containsPattern(q.keyword)} or ${topic.description} ilike ${containsPattern(q.keyword)})` : undefined,
      q.school_id ? eq(topic.school_id, q.school_id) : undefined,
      q.period_id ? eq(topic.period_id, q.period_id) : undefined,
      q.subject_id ? eq(topic.subject_id, q.subject_id) : undefined,
      q.item_type ? sql`exists (select 1 from ${topicItem} ti where ti.topic_id = ${topic.id} and ti.item_type = ${q.item_type})` : undefined,
    );
    return this.rows(where, [desc(topic.sort), desc(topic.updated_at), desc(topic.id)], q.page, q.limit);
  }

  async webDetail(viewer: Caller | null, id: number, view = true): Promise<TopicDetail> {
    const t = await this.load(id);
    if (t.status !== 1) throw notFound(TOPIC_NOT_FOUND);
    if (view)
      await this.db
        .update(topic)
        .set({ view_count: sql`${topic.view_count} + 1` })
        .where(eq(topic.id, t.id));
    const row = await this.rowOf(t.id);
    const items = await this.cards(viewer, await this.itemsOf(t.id), false);
    return { ...row, item_count: items.length, items, can_manage: viewer ? MANAGER_IDENTITIES.has(viewer.identity) && (await this.manages(viewer, t)) : false };
  }

  async events(q: z.output<typeof WebTopicEventsPayload>): Promise<TopicEventsAnswer> {
    const now = new Date();
    const start = q.start ? new Date(`${q.start}T00:00:00+08:00`) : new Date(now.getTime() - 31 * 86_400_000);
    const end = q.end ? new Date(`${q.end}T23:59:59+08:00`) : new Date(now.getTime() + 62 * 86_400_000);
    if (end < start) throw badInput("结束日期不能早于开始日期");
    const first = sql`coalesce(${reviewActivity.signup_start}, ${reviewActivity.created_at})`;
    const last = sql`coalesce(${reviewActivity.review_end}, ${reviewActivity.submit_end}, ${reviewActivity.signup_end}, ${reviewActivity.created_at})`;
    const rows = await this.db
      .select({
        a: reviewActivity,
        school_name: school.title,
        works: sql<number>`(select count(*)::int from ${reviewWork} w where w.activity_id = ${reviewActivity.id} and w.status = 1)`,
      })
      .from(reviewActivity)
      .leftJoin(school, eq(school.id, reviewActivity.school_id))
      .where(and(eq(reviewActivity.status, 1), gte(reviewActivity.phase, 1), sql`${first} <= ${end}`, sql`${last} >= ${start}`))
      .orderBy(asc(reviewActivity.phase), desc(reviewActivity.id))
      .limit(50);
    const reviews: TopicEventRow[] = rows.map((r) => ({
      id: r.a.id,
      title: r.a.title,
      cover_url: r.a.cover_url,
      phase: r.a.phase,
      phase_name: REVIEW_PHASE_NAMES[r.a.phase] ?? "",
      school_name: r.school_name ?? (r.a.region_code ? "区县活动" : "平台活动"),
      signup_start: formatTime(r.a.signup_start),
      signup_end: formatTime(r.a.signup_end),
      submit_end: formatTime(r.a.submit_end),
      review_end: formatTime(r.a.review_end),
      work_count: r.works,
      link: `/foreground/activityCourseDetails?id=${r.a.id}`,
    }));
    return { reviews };
  }

  // ── public videos ────────────────────────────────────────────────────────────────────────────────────────

  async videoList(q: z.output<typeof WebVideoListPayload>): Promise<Page<WebVideoCard>> {
    const like = q.keyword ? containsPattern(q.keyword) : undefined;
    const where = and2(
      eq(video.status, "ready"),
      publicVideoSql(),
      like ? sql`(${video.name} ilike ${like} or ${account.realname} ilike ${like} or ${school.title} ilike ${like})` : undefined,
      q.period_id ? eq(video.period_id, q.period_id) : undefined,
      q.subject_id ? eq(video.subject_id, q.subject_id) : undefined,
      q.grade_id ? eq(video.grade_id, q.grade_id) : undefined,
      q.school_id ? eq(video.school_id, q.school_id) : undefined,
      q.account_id ? eq(video.account_id, q.account_id) : undefined,
      q.topic_id
        ? sql`exists (select 1 from ${topicItem} ti join ${topic} tp on tp.id = ti.topic_id where ti.item_type = 1 and ti.item_id = ${video.id} and tp.id = ${q.topic_id} and tp.status = 1)`
        : undefined,
    );
    const base = () =>
      this.db
        .select({
          v: video,
          account_name: account.realname,
          school_name: school.title,
          period_name: period.name,
          subject_name: subject.name,
          grade_name: grade.name,
        })
        .from(video)
        .leftJoin(account, eq(account.id, video.account_id))
        .leftJoin(school, eq(school.id, video.school_id))
        .leftJoin(period, eq(period.id, video.period_id))
        .leftJoin(subject, eq(subject.id, video.subject_id))
        .leftJoin(grade, eq(grade.id, video.grade_id));
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(video)
      .leftJoin(account, eq(account.id, video.account_id))
      .leftJoin(school, eq(school.id, video.school_id))
      .where(where);
    const rows = await base()
      .where(where)
      .orderBy(desc(video.created_at), desc(video.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const ids = rows.map((r) => r.v.id);
    const topics = new Map<number, { id: number; title: string }[]>();
    if (ids.length) {
      const tr = await this.db
        .select({ vid: topicItem.item_id, id: topic.id, title: topic.title })
        .from(topicItem)
        .innerJoin(topic, eq(topic.id, topicItem.topic_id))
        .where(and(eq(topicItem.item_type, 1), inArray(topicItem.item_id, ids), eq(topic.status, 1)))
        .orderBy(desc(topic.sort), asc(topic.id));
      for (const t of tr) topics.set(t.vid, [...(topics.get(t.vid) ?? []), { id: t.id, title: t.title }]);
    }
    const list: WebVideoCard[] = [];
    for (const r of rows) {
      const th = await this.thumb(r.v.id);
      list.push({
        id: r.v.id,
        name: r.v.name,
        thumbnail_url: th.url,
        duration: Math.round(r.v.duration),
        account_id: r.v.account_id,
        account_name: r.account_name ?? "",
        school_id: r.v.school_id,
        school_name: r.school_name ?? "",
        period_id: r.v.period_id,
        period_name: r.period_name ?? "",
        subject_id: r.v.subject_id,
        subject_name: r.subject_name ?? "",
        grade_id: r.v.grade_id,
        grade_name: r.grade_name ?? "",
        topics: topics.get(r.v.id) ?? [],
        created_at: formatTime(r.v.created_at),
      });
    }
    return { list, total: n, page: q.page, limit: q.limit };
  }

  async videoFilters(q: z.output<typeof WebVideoFiltersPayload>): Promise<WebVideoFilters> {
    const where = and2(eq(video.status, "ready"), publicVideoSql(), q.period_id ? eq(video.period_id, q.period_id) : undefined);
    const facet = async (
      idCol: AnyColumn,
      nameCol: AnyColumn,
      join: typeof period | typeof subject | typeof grade | typeof school | typeof account,
      on: SQL,
    ) => {
      const rows = await this.db
        .select({ id: sql<number>`${idCol}`, name: sql<string>`min(${nameCol})`, count: sql<number>`count(*)::int` })
        .from(video)
        .innerJoin(join as typeof period, on)
        .where(where)
        .groupBy(sql`${idCol}`)
        .orderBy(sql`count(*) desc`, sql`${idCol}`)
        .limit(100);
      return rows.filter((r) => r.id && r.name);
    };
    return {
      periods: await facet(video.period_id, period.name, period, eq(period.id, video.period_id)),
      subjects: await facet(video.subject_id, subject.name, subject, eq(subject.id, video.subject_id)),
      grades: await facet(video.grade_id, grade.name, grade, eq(grade.id, video.grade_id)),
      schools: await facet(video.school_id, school.title, school, eq(school.id, video.school_id)),
      teachers: await facet(video.account_id, account.realname, account, eq(account.id, video.account_id)),
    };
  }

  async videoPlay(id: number): Promise<VideoRow> {
    const [v] = await this.db
      .select({ id: video.id })
      .from(video)
      .where(and(eq(video.id, id), publicVideoSql()));
    if (!v) throw notFound("视频不存在或未公开");
    return this.deps.videos.row(v.id);
  }
}
