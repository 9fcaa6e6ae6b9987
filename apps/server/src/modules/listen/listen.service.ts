/**
 * Listen-evaluate records (听评课; community.md §3 Listen-evaluate record, §4, §7; issue #9; docs/api/listen.md,
 * docs/decisions/0900–0905): create and change them (c266/c267: 远程 on a classroom device, 精准 on a video, 现场),
 * delete them with all they own (c270), read them (c265, public lists c264 / c287 whose visibility is ListenAccess's
 * can_view in SQL), evaluations and their weighted scores (c268/c269, c289, c292), files (c272/c273/c276/c285),
 * voices (c277–c279), the discussion (c280/c288/c293 through DiscussService), listen targets (c274),
 * statistics (c281, c286), verify / display / recommend (c282–c284) and the record's recent events (c290).
 *
 * Every change keeps the registered activity (type "listen") in step in the same transaction and writes a community
 * log row when the record is in a community.
 */
import {
  type DiscussMessage,
  type DiscussPage,
  FILE_GET_PREFIX,
  type ListenDetail,
  type ListenDiscussListPayload,
  type ListenDiscussPayload,
  type ListenDynamicItem,
  type ListenEvaluateFileListPayload,
  type ListenEvaluateFilePayload,
  type ListenEvaluationRow,
  type ListenEvaluationScoreAnswer,
  type ListenFileItem,
  type ListenFileRow,
  type ListenListPayload,
  type ListenMemberRow,
  type ListenPhase,
  type ListenRecommendPayload,
  type ListenRecordSave,
  type ListenRecordUpdate,
  type ListenRow,
  type ListenSave,
  type ListenSchemeNode,
  type ListenScoreItem,
  type ListenStatistics,
  type ListenTargetOption,
  type ListenTeacherScoreAnswer,
  type ListenUpdate,
  type ListenUserRecordListPayload,
  type ListenVerifyPayload,
  type ListenVoiceListPayload,
  type ListenVoicePayload,
  type ListenVoiceRow,
  type ListenWebCommunityInfo,
  type ListenWebListPayload,
  LISTEN_EVALUATION_STATUS,
  LISTEN_EVALUATION_TYPES,
  LISTEN_FILE_TYPES,
  LISTEN_MEMBER_ROLES,
  LISTEN_OPEN_MODELS,
  LISTEN_PHASES,
  LISTEN_TYPES,
  LISTEN_VERIFY_STATUS,
  type Page,
  TIME_ZONE,
  liveGroup,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { ActivityService } from "../activity/activity.service.js";
import { community } from "../community/community.schema.js";
import type { CommunityDeps } from "../community-deps.js";
import { discussComment } from "../discuss/discuss.schema.js";
import type { DiscussService } from "../discuss/discuss.service.js";
import { equipment } from "../equipment/equipment.schema.js";
import { storedFile } from "../file/file.schema.js";
import { OrgScopes } from "../home/org-scope.js";
import { lessonDoc, lessonDocVersion } from "../lessonplan/lessonplan.schema.js";
import { assertMembers } from "../notice/notice.service.js";
import { period, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { containsPattern } from "../org/period.service.js";
import { preparation } from "../preparation/preparation.schema.js";
import { scopeOf } from "../rbac/permission.js";
import { parseWhen } from "../recording/clock.js";
import { video } from "../video/video.schema.js";
import { LISTEN_ROLE, type ListenAccess, type ListenPower, type ListenRow as ListenRecord, teacherOf } from "./listen-access.js";
import { dimensionScore, itemsOf, spread, totalScore } from "./listen-score.js";
import { lectureIndicator, listenEvaluate, listenEvaluation, listenFile, listenMember, listenScore, listenTarget, listenVoice } from "./listen.schema.js";

export const LISTEN_TARGET = "listen";
const ACTIVITY_TYPE = "listen";
const FILE_REF = /^\/files\/(\d+)(?:[/?#].*)?$/;
const FILE_NOT_YOURS = "文件不存在或不是您上传的，请重新上传";

const phaseOf = (start: Date, end: Date, now: Date): ListenPhase => (now < start ? "upcoming" : now > end ? "ended" : "running");
function parseTime(v: string, label: string): Date {
  const d = parseWhen(v);
  if (!d) throw badInput(`${label}不是有效的时间（格式 YYYY-MM-DD HH:mm:ss）`);
  return d;
}
const nameOf = (realname: string | null | undefined, username: string | null | undefined): string => realname || username || "";
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);

const teacherExpr = sql`coalesce(nullif(${listenEvaluate.teacher_account_id}, 0), ${listenEvaluate.account_id})`;
const rowColumns = {
  ...getTableColumns(listenEvaluate),
  community_name: sql<string>`coalesce(${community.name}, '')`.as("community_name"),
  account_name: sql<string>`coalesce(nullif(${account.realname}, ''), ${account.username}, '')`.as("account_name"),
  teacher_name: sql<string>`coalesce((select coalesce(nullif(t.realname, ''), t.username) from ${account} as t where t.id = ${teacherExpr}), '')`.as(
    "teacher_name",
  ),
  school_name: sql<string>`coalesce(${school.title}, '')`.as("school_name"),
  period_name: sql<string>`coalesce(${period.name}, '')`.as("period_name"),
  subject_name: sql<string>`coalesce(${subject.name}, '')`.as("subject_name"),
  member_count: sql<number>`(select count(*)::int from ${listenMember} where ${listenMember.record_id} = ${listenEvaluate.id})`.as("member_count"),
  evaluation_count:
    sql<number>`(select count(*)::int from ${listenEvaluation} where ${listenEvaluation.record_id} = ${listenEvaluate.id} and ${listenEvaluation.status} = 1)`.as(
      "evaluation_count",
    ),
  average_score: sql<
    number | null
  >`(select avg(${listenEvaluation.total_score})::float8 from ${listenEvaluation} where ${listenEvaluation.record_id} = ${listenEvaluate.id} and ${listenEvaluation.status} = 1)`.as(
    "average_score",
  ),
  discuss_count:
    sql<number>`(select count(*)::int from ${discussComment} where ${discussComment.target_type} = 'listen' and ${discussComment.ref_id} = ${listenEvaluate.id} and ${discussComment.deleted_at} is null)`.as(
      "discuss_count",
    ),
};
type JoinedRow = ListenRecord & {
  community_name: string;
  account_name: string;
  teacher_name: string;
  school_name: string;
  period_name: string;
  subject_name: string;
  member_count: number;
  evaluation_count: number;
  average_score: number | null;
  discuss_count: number;
};
type FileValues = { file_id: number; file_path: string; file_name: string; file_type: string; size: number };
type Place = { community_id: number; school_id: number; area_id: number; city_id: number; level: number; manager: boolean };

/** A scheme tree (root, dimensions, items in use; by sort), or null. */
export async function loadScheme(db: Db | Tx, rootId: number): Promise<ListenSchemeNode | null> {
  if (!rootId) return null;
  const rows = await db
    .select()
    .from(lectureIndicator)
    .where(or(eq(lectureIndicator.id, rootId), eq(lectureIndicator.root_id, rootId)))
    .orderBy(asc(lectureIndicator.level), asc(lectureIndicator.sort), asc(lectureIndicator.id));
  const root = rows.find((r) => r.id === rootId);
  if (!root) return null;
  const node = (r: typeof root): ListenSchemeNode => ({
    id: r.id,
    pid: r.pid,
    level: r.level,
    name: r.name,
    description: r.description,
    weight: Number(r.weight),
    min_score: Number(r.min_score),
    max_score: Number(r.max_score),
    sort: r.sort,
    children: [],
  });
  const tree = node(root);
  const byId = new Map<number, ListenSchemeNode>([[root.id, tree]]);
  for (const r of rows) {
    if (r.id === root.id || r.status !== 1) continue;
    const parent = byId.get(r.pid);
    if (!parent || r.level !== parent.level + 1 || r.level > 3) continue;
    const n = node(r);
    parent.children.push(n);
    byId.set(r.id, n);
  }
  return tree;
}

export class ListenService {
  private readonly db: Db;
  private readonly scopes: OrgScopes;
  private readonly access: ListenAccess;

  constructor(
    private readonly deps: CommunityDeps,
    access: ListenAccess,
    private readonly activities: ActivityService,
    private readonly discuss: DiscussService,
  ) {
    this.db = deps.db;
    this.scopes = new OrgScopes(deps.db);
    this.access = access;
  }

  private now(): Date {
    return this.deps.now();
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────────

  private joined() {
    return this.db
      .select(rowColumns)
      .from(listenEvaluate)
      .leftJoin(community, eq(community.id, listenEvaluate.community_id))
      .leftJoin(account, eq(account.id, listenEvaluate.account_id))
      .leftJoin(school, eq(school.id, listenEvaluate.school_id))
      .leftJoin(period, eq(period.id, listenEvaluate.period_id))
      .leftJoin(subject, eq(subject.id, listenEvaluate.subject_id))
      .$dynamic();
  }

  private toRow(r: JoinedRow): ListenRow {
    const phase = phaseOf(r.start_time, r.end_time, this.now());
    return {
      id: r.id,
      name: r.name,
      is_type: r.is_type,
      is_type_name: LISTEN_TYPES[r.is_type] ?? "",
      evaluation_type: r.evaluation_type,
      evaluation_type_name: LISTEN_EVALUATION_TYPES[r.evaluation_type] ?? "",
      open_model: r.open_model,
      open_model_name: LISTEN_OPEN_MODELS[r.open_model] ?? "",
      logo_url: r.logo_url,
      community_id: r.community_id,
      community_name: r.community_name,
      account_id: r.account_id,
      account_name: r.account_name,
      teacher_account_id: teacherOf(r),
      teacher_name: r.teacher_name,
      school_id: r.school_id,
      school_name: r.school_name,
      period_id: r.period_id,
      period_name: r.period_name,
      subject_id: r.subject_id,
      subject_name: r.subject_name,
      grade_name: r.grade_name,
      start_time: formatTime(r.start_time),
      end_time: formatTime(r.end_time),
      record_date: r.record_date,
      phase,
      phase_name: LISTEN_PHASES[phase] ?? "",
      preparation_id: r.preparation_id,
      my_video_id: r.my_video_id,
      equiment_id: r.equiment_id,
      indicator_id: r.indicator_id,
      is_display: r.is_display,
      is_recommend: r.is_recommend,
      verify_status: r.verify_status,
      verify_status_name: LISTEN_VERIFY_STATUS[r.verify_status] ?? "",
      status: r.status,
      view_count: r.view_count,
      member_count: Number(r.member_count),
      evaluation_count: Number(r.evaluation_count),
      average_score: num(r.average_score),
      discuss_count: Number(r.discuss_count),
      created_at: formatTime(r.created_at),
    };
  }

  private async page(where: SQL | undefined, order: SQL[], page: number, limit: number): Promise<Page<ListenRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(listenEvaluate).where(where);
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
    name?: string;
    is_type?: number;
    subject_id?: number;
    period_id?: number;
    phase?: string;
    teacher_account_id?: number;
    verify_status?: number;
  }): (SQL | undefined)[] {
    const now = this.now();
    return [
      q.community_id ? eq(listenEvaluate.community_id, q.community_id) : undefined,
      q.name ? sql`${listenEvaluate.name} ilike ${containsPattern(q.name)}` : undefined,
      q.is_type ? eq(listenEvaluate.is_type, q.is_type) : undefined,
      q.subject_id ? eq(listenEvaluate.subject_id, q.subject_id) : undefined,
      q.period_id ? eq(listenEvaluate.period_id, q.period_id) : undefined,
      q.teacher_account_id ? sql`${teacherExpr} = ${q.teacher_account_id}` : undefined,
      q.verify_status !== undefined ? eq(listenEvaluate.verify_status, q.verify_status) : undefined,
      q.phase === "upcoming" ? gt(listenEvaluate.start_time, now) : undefined,
      q.phase === "running" ? and(lte(listenEvaluate.start_time, now), gte(listenEvaluate.end_time, now)) : undefined,
      q.phase === "ended" ? lt(listenEvaluate.end_time, now) : undefined,
    ];
  }

  private readonly newestFirst = [desc(listenEvaluate.start_time), desc(listenEvaluate.id)];

  /** c264: what the caller (or an anonymous visitor) may see. */
  async list(c: Caller, q: ListenListPayload): Promise<Page<ListenRow>> {
    const where = and(
      await this.access.visibleSql(c),
      ...this.filters(q),
      q.is_recommend !== undefined ? eq(listenEvaluate.is_recommend, q.is_recommend) : undefined,
    );
    return this.page(where, this.newestFirst, q.page, q.limit);
  }

  /** c271: organised (1), teaching (2), evaluating (3), or all three. */
  async userList(c: Caller, q: ListenUserRecordListPayload): Promise<Page<ListenRow>> {
    const evaluating = sql`${listenEvaluate.id} in (select ${listenMember.record_id} from ${listenMember} where ${listenMember.account_id} = ${c.id} and ${listenMember.role} = ${LISTEN_ROLE.evaluator})`;
    const mine =
      q.role === 1 ? eq(listenEvaluate.account_id, c.id) : q.role === 2 ? sql`${teacherExpr} = ${c.id}` : q.role === 3 ? evaluating : this.access.memberSql(c);
    return this.page(and(mine, ...this.filters(q)), this.newestFirst, q.page, q.limit);
  }

  /** c275: recommended, open, visible to the caller. */
  async recommendSource(c: Caller, q: ListenRecommendPayload): Promise<Page<ListenRow>> {
    const where = and(
      await this.access.visibleSql(c),
      eq(listenEvaluate.is_recommend, 1),
      eq(listenEvaluate.status, 1),
      eq(listenEvaluate.is_display, 1),
      eq(listenEvaluate.verify_status, 1),
      ...this.filters(q),
    );
    return this.page(where, [desc(listenEvaluate.updated_at), desc(listenEvaluate.id)], q.page, q.limit);
  }

  /** c287: a community's records the caller may see. */
  async webList(c: Caller, q: ListenWebListPayload): Promise<Page<ListenRow>> {
    await this.deps.access.require(c, q.community_id, "can_view");
    const where = and(await this.access.visibleSql(c), eq(listenEvaluate.community_id, q.community_id), ...this.filters({ ...q, community_id: undefined }));
    return this.page(where, this.newestFirst, q.page, q.limit);
  }

  // ── the scheme ───────────────────────────────────────────────────────────────────────────────────────────────

  /** The scheme tree (root, dimensions, items in use), or null. */
  scheme(rootId: number): Promise<ListenSchemeNode | null> {
    return loadScheme(this.db, rootId);
  }

  // ── evaluations ──────────────────────────────────────────────────────────────────────────────────────────────

  private async evaluationRows(where: SQL): Promise<ListenEvaluationRow[]> {
    const rows = await this.db
      .select({ e: listenEvaluation, realname: account.realname, username: account.username })
      .from(listenEvaluation)
      .leftJoin(account, eq(account.id, listenEvaluation.account_id))
      .where(where)
      .orderBy(asc(listenEvaluation.created_at), asc(listenEvaluation.id));
    if (!rows.length) return [];
    const scores = await this.db
      .select({ s: listenScore, name: lectureIndicator.name })
      .from(listenScore)
      .leftJoin(lectureIndicator, eq(lectureIndicator.id, listenScore.indicator_id))
      .where(
        inArray(
          listenScore.evaluation_id,
          rows.map((r) => r.e.id),
        ),
      )
      .orderBy(
        sql`(select p.sort from ${lectureIndicator} as p where p.id = ${lectureIndicator.pid})`,
        asc(lectureIndicator.pid),
        asc(lectureIndicator.sort),
        asc(listenScore.indicator_id),
      );
    return rows.map(({ e, realname, username }) => ({
      id: e.id,
      record_id: e.record_id,
      account_id: e.account_id,
      account_name: nameOf(realname, username),
      total_score: Number(e.total_score),
      comment: e.comment,
      status: e.status,
      status_name: LISTEN_EVALUATION_STATUS[e.status] ?? "",
      scores: scores
        .filter((s) => s.s.evaluation_id === e.id)
        .map((s) => ({ indicator_id: s.s.indicator_id, indicator_name: s.name ?? "", score: Number(s.s.score), comment: s.s.comment })),
      created_at: formatTime(e.created_at),
      updated_at: formatTime(e.updated_at),
    }));
  }

  /** Checks the scores against the record's scheme: known items, within range, each once. */
  private checkScores(r: ListenRecord, scheme: ListenSchemeNode | null, scores: readonly ListenScoreItem[], submit: boolean): void {
    if (r.evaluation_type !== 1) {
      if (scores.length) throw badInput("该听评课不按指标评分，请填写总体评价");
      return;
    }
    if (!scheme) throw badInput("该听评课没有可用的评价量表");
    const items = new Map(itemsOf(scheme).map((i) => [i.id, i]));
    const seen = new Set<number>();
    for (const s of scores) {
      const it = items.get(s.indicator_id);
      if (!it) throw badInput(`评分项 ${s.indicator_id} 不属于该听评课的评价量表`);
      if (seen.has(s.indicator_id)) throw badInput(`评分项「${it.name}」重复打分`);
      seen.add(s.indicator_id);
      if (s.score < it.min_score || s.score > it.max_score) throw badInput(`评分项「${it.name}」的分数应在 ${it.min_score}–${it.max_score} 之间`);
    }
    if (submit) {
      const missing = [...items.values()].filter((i) => !seen.has(i.id));
      if (missing.length)
        throw badInput(
          `请为所有评分项打分，还有 ${missing.length} 项未评：${missing
            .slice(0, 3)
            .map((m) => m.name)
            .join("、")}${missing.length > 3 ? " 等" : ""}`,
        );
    }
  }

  private async writeScores(tx: Tx, evaluationId: number, scores: readonly ListenScoreItem[]): Promise<void> {
    await tx.delete(listenScore).where(eq(listenScore.evaluation_id, evaluationId));
    if (scores.length)
      await tx
        .insert(listenScore)
        .values(scores.map((s) => ({ evaluation_id: evaluationId, indicator_id: s.indicator_id, score: s.score, comment: s.comment })));
  }

  private async announce(recordId: number, type: string, data: unknown): Promise<void> {
    try {
      await this.deps.live.publish(liveGroup("listen", recordId), { type, data });
    } catch {
      // A lost push is not fatal.
    }
  }

  /** c268: the caller's evaluation (one per evaluator). */
  async recordSave(c: Caller, p: ListenRecordSave): Promise<ListenEvaluationRow> {
    const { record } = await this.access.require(c, p.record_id, "can_evaluate");
    if (this.now() < record.start_time) throw badInput("听评课尚未开始，暂不能评价");
    const [existing] = await this.db
      .select({ id: listenEvaluation.id })
      .from(listenEvaluation)
      .where(and(eq(listenEvaluation.record_id, record.id), eq(listenEvaluation.account_id, c.id)));
    if (existing) throw conflict("您已评价过该听评课，请修改评价");
    const scheme = record.evaluation_type === 1 ? await this.scheme(record.indicator_id) : null;
    this.checkScores(record, scheme, p.scores, p.status === 1);
    if (p.status === 1 && record.evaluation_type !== 1 && !p.comment) throw badInput("请填写总体评价");
    const total = totalScore(scheme, new Map(p.scores.map((s) => [s.indicator_id, s.score])));
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(listenEvaluation)
        .values({
          record_id: record.id,
          account_id: c.id,
          total_score: total,
          comment: p.comment,
          status: p.status,
          created_at: this.now(),
          updated_at: this.now(),
        })
        .onConflictDoNothing()
        .returning({ id: listenEvaluation.id });
      if (!row) throw conflict("您已评价过该听评课，请修改评价");
      await this.writeScores(tx, row.id, p.scores);
      if (p.status === 1) await this.log(tx, record, c, "listen.evaluate", `提交了听评课「${record.name}」的评价`);
      return row.id;
    });
    const [out] = await this.evaluationRows(eq(listenEvaluation.id, id));
    if (p.status === 1) await this.announce(record.id, "listen.score", { record_id: record.id, account_id: c.id, total_score: total });
    return out!;
  }

  /**
   * c269: the caller changes his evaluation (docs/decisions/0902): a draft any time the record is in use; a submitted
   * one until the record ends, and it stays submitted.
   */
  async recordUpdate(c: Caller, p: ListenRecordUpdate): Promise<ListenEvaluationRow> {
    const { record } = await this.access.require(c, p.record_id, "can_evaluate");
    const [mine] = await this.db
      .select()
      .from(listenEvaluation)
      .where(and(eq(listenEvaluation.record_id, record.id), eq(listenEvaluation.account_id, c.id)));
    if (!mine) throw notFound("您还没有评价该听评课，请先评价");
    if (mine.status === 1 && p.status === 0) throw badInput("已提交的评价不能改回草稿");
    if (mine.status === 1 && this.now() > record.end_time) throw forbidden("听评课已结束，已提交的评价不能再修改");
    const status = p.status ?? mine.status;
    const scheme = record.evaluation_type === 1 ? await this.scheme(record.indicator_id) : null;
    const current = await this.db.select().from(listenScore).where(eq(listenScore.evaluation_id, mine.id));
    const scores: ListenScoreItem[] = p.scores ?? current.map((s) => ({ indicator_id: s.indicator_id, score: Number(s.score), comment: s.comment }));
    this.checkScores(record, scheme, scores, status === 1);
    const comment = p.comment ?? mine.comment;
    if (status === 1 && record.evaluation_type !== 1 && !comment) throw badInput("请填写总体评价");
    const total = totalScore(scheme, new Map(scores.map((s) => [s.indicator_id, s.score])));
    await this.db.transaction(async (tx) => {
      await tx.update(listenEvaluation).set({ total_score: total, comment, status, updated_at: this.now() }).where(eq(listenEvaluation.id, mine.id));
      if (p.scores) await this.writeScores(tx, mine.id, scores);
      if (status === 1) await this.log(tx, record, c, "listen.evaluate", `${mine.status === 1 ? "修改" : "提交"}了听评课「${record.name}」的评价`);
    });
    const [out] = await this.evaluationRows(eq(listenEvaluation.id, mine.id));
    if (status === 1) await this.announce(record.id, "listen.score", { record_id: record.id, account_id: c.id, total_score: total });
    return out!;
  }

  /** c292: submitted evaluations (and the caller's own draft), per evaluator and item. */
  async evaluationScores(c: Caller, recordId: number): Promise<ListenEvaluationScoreAnswer> {
    const { record } = await this.access.require(c, recordId, "can_view");
    const list = await this.evaluationRows(
      and(eq(listenEvaluation.record_id, record.id), or(eq(listenEvaluation.status, 1), c.id ? eq(listenEvaluation.account_id, c.id) : undefined))!,
    );
    return { record_id: record.id, scheme: await this.scheme(record.indicator_id), list };
  }

  /** c289: the aggregate of the submitted evaluations, with the spread between evaluators. */
  async teacherScore(c: Caller, recordId: number): Promise<ListenTeacherScoreAnswer> {
    const { record } = await this.access.require(c, recordId, "can_view");
    const scheme = await this.scheme(record.indicator_id);
    const evals = await this.evaluationRows(and(eq(listenEvaluation.record_id, record.id), eq(listenEvaluation.status, 1))!);
    const maps = evals.map((e) => new Map(e.scores.map((s) => [s.indicator_id, s.score])));
    const [t] = await this.db
      .select({ realname: account.realname, username: account.username })
      .from(account)
      .where(eq(account.id, teacherOf(record)));
    const dims = scheme ? scheme.children.filter((d) => d.children.length) : [];
    return {
      record_id: record.id,
      teacher_account_id: teacherOf(record),
      teacher_name: nameOf(t?.realname, t?.username),
      total: spread(evals.map((e) => e.total_score)),
      dimensions: dims.map((d) => ({ indicator_id: d.id, name: d.name, weight: d.weight, score: spread(maps.map((m) => dimensionScore(d, m))) })),
      items: itemsOf(scheme).map((i) => ({
        indicator_id: i.id,
        pid: i.pid,
        name: i.name,
        weight: i.weight,
        min_score: i.min_score,
        max_score: i.max_score,
        score: spread(maps.filter((m) => m.has(i.id)).map((m) => m.get(i.id)!)),
      })),
      evaluators: evals.map((e) => ({ account_id: e.account_id, account_name: e.account_name, total_score: e.total_score })),
    };
  }

  // ── detail ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async liveUrls(equipmentId: number): Promise<ListenDetail["live_urls"]> {
    if (!equipmentId) return [];
    // Signed: a member of the record may watch even when the device's school is not in his scope (a district evaluator).
    const sign = this.deps.signPlayback;
    return (["teacher", "student"] as const).map((cam) => ({
      camera: cam,
      hls_url: sign(`/live/${equipmentId}/${cam}/index.m3u8`),
      flv_url: sign(`/live/${equipmentId}/${cam}.flv`),
    }));
  }

  /** The playback address a reader gets: the video's main file (signed), the device's live playlist, or "". */
  private async playUrl(r: ListenRecord): Promise<string> {
    if (r.is_type === 2 && r.my_video_id) {
      const [v] = await this.db.select({ file_id: video.file_id }).from(video).where(eq(video.id, r.my_video_id));
      return v ? this.deps.files.signedPath(v.file_id) : "";
    }
    if (r.is_type === 1 && r.equiment_id) return this.deps.signPlayback(`/live/${r.equiment_id}/teacher/index.m3u8`);
    return "";
  }

  async detailOf(c: Caller, id: number, power: ListenPower): Promise<ListenDetail> {
    const [r] = (await this.joined().where(eq(listenEvaluate.id, id))) as JoinedRow[];
    if (!r) throw notFound("听评课不存在或已删除");
    const members = await this.db
      .select({
        account_id: listenMember.account_id,
        role: listenMember.role,
        realname: account.realname,
        username: account.username,
        es: listenEvaluation.status,
      })
      .from(listenMember)
      .leftJoin(account, eq(account.id, listenMember.account_id))
      .leftJoin(listenEvaluation, and(eq(listenEvaluation.record_id, listenMember.record_id), eq(listenEvaluation.account_id, listenMember.account_id)))
      .where(eq(listenMember.record_id, id))
      .orderBy(asc(listenMember.role), asc(listenMember.created_at), asc(listenMember.account_id));
    const [prep] = r.preparation_id ? await this.db.select({ theme: preparation.theme }).from(preparation).where(eq(preparation.id, r.preparation_id)) : [];
    const [eq0] = r.equiment_id
      ? await this.db.select({ code: equipment.code, position: equipment.position }).from(equipment).where(eq(equipment.id, r.equiment_id))
      : [];
    const scheme = await this.scheme(r.indicator_id);
    const [mine] = c.id ? await this.evaluationRows(and(eq(listenEvaluation.record_id, id), eq(listenEvaluation.account_id, c.id))!) : [];
    const files = await this.fileRows(c, power, and(eq(listenFile.record_id, id), eq(listenFile.type, 2))!, 200, 0);
    return {
      ...this.toRow(r),
      introduction: r.introduction,
      preparation_name: prep?.theme ?? "",
      preparation_alias_id: r.preparation_alias_id,
      wps_file_version_id: r.wps_file_version_id,
      my_video_ids: r.my_video_ids,
      play_url: await this.playUrl(r),
      live_urls: r.is_type === 1 ? await this.liveUrls(r.equiment_id) : [],
      equiment_name: eq0 ? [eq0.position, eq0.code].filter(Boolean).join(" ") : "",
      questionnaire_ids: r.questionnaire_ids,
      participation_account_ids: members.filter((m) => m.role === LISTEN_ROLE.evaluator).map((m) => m.account_id),
      members: members.map(
        (m): ListenMemberRow => ({
          account_id: m.account_id,
          realname: nameOf(m.realname, m.username),
          role: m.role,
          role_name: LISTEN_MEMBER_ROLES[m.role] ?? "",
          evaluation_status: m.es ?? null,
        }),
      ),
      area_id: r.area_id,
      indicator_name: scheme?.name ?? "",
      scheme,
      my_evaluation: mine ?? null,
      fileArr: files,
      verify_reason: r.verify_reason,
      power: { ...power },
      updated_at: formatTime(r.updated_at),
    };
  }

  /** c265: counts a view. */
  async read(c: Caller, id: number): Promise<ListenDetail> {
    const { record, power } = await this.access.require(c, id, "can_view");
    await this.db
      .update(listenEvaluate)
      .set({ view_count: sql`${listenEvaluate.view_count} + 1` })
      .where(eq(listenEvaluate.id, record.id));
    return this.detailOf(c, record.id, power);
  }

  private async answer(c: Caller, id: number): Promise<ListenDetail> {
    const { power } = await this.access.require(c, id);
    return this.detailOf(c, id, power);
  }

  // ── create and change ────────────────────────────────────────────────────────────────────────────────────────

  private async place(c: Caller, communityId: number, organiser: Caller): Promise<Place> {
    if (communityId) {
      const { community: row, power } = await this.deps.access.require(c, communityId, "can_post", "请先加入社区后再发起听评课");
      const regions = await this.scopes.schoolRegions(row.school_id || organiser.school_id);
      return {
        community_id: row.id,
        school_id: row.school_id || organiser.school_id,
        area_id: row.area_id || regions.area_id,
        city_id: row.city_id || regions.city_id,
        level: row.level,
        manager: power.can_manage,
      };
    }
    if (!organiser.school_id) throw badInput("请选择社区：您不属于任何学校，听评课须发起在社区中");
    const regions = await this.scopes.schoolRegions(organiser.school_id);
    return { community_id: 0, school_id: organiser.school_id, area_id: regions.area_id, city_id: regions.city_id, level: 1, manager: false };
  }

  /** People of the record: joined members of the community, or accounts of the school (no community). */
  private async people(place: Place, ids: readonly number[], label: string): Promise<number[]> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return [];
    if (place.community_id) return assertMembers(this.db, place.community_id, wanted, label);
    const ok = await this.db
      .select({ id: account.id })
      .from(account)
      .where(and(inArray(account.id, wanted), eq(account.school_id, place.school_id), eq(account.status, 1)));
    const okSet = new Set(ok.map((r) => r.id));
    const bad = wanted.filter((x) => !okSet.has(x));
    if (bad.length) {
      const names = await this.db.select({ id: account.id, realname: account.realname }).from(account).where(inArray(account.id, bad));
      const shown = bad.slice(0, 5).map((x) => names.find((n) => n.id === x)?.realname || `账号 ${x}`);
      throw badInput(`${label}必须是本校的账号，以下人员不是：${shown.join("、")}${bad.length > 5 ? ` 等 ${bad.length} 人` : ""}`);
    }
    return wanted;
  }

  /** The device of a 远程 record: one of a school the caller sees (his own or those he administers). */
  private async checkDevice(c: Caller, id: number): Promise<void> {
    if (!id) throw badInput("请选择远程听评课的教室设备");
    const [e] = await this.db.select({ school_id: equipment.school_id, status: equipment.status }).from(equipment).where(eq(equipment.id, id));
    if (!e) throw badInput("教室设备不存在");
    if (e.status !== 1) throw badInput("教室设备已停用");
    const schools = await this.deps.org.schoolsInScope(c);
    if (!(schools === undefined || schools.includes(e.school_id) || (c.school_id !== 0 && c.school_id === e.school_id)))
      throw forbidden("无权观看该教室设备的直播");
  }

  /** The videos of a 精准 record: each the caller's own or of a school he administers. Answers the main file's path. */
  private async checkVideos(c: Caller, ids: readonly number[]): Promise<string> {
    if (!ids.length) throw badInput("请选择精准听评课的视频");
    const rows = await this.db
      .select({ id: video.id, account_id: video.account_id, school_id: video.school_id, file_id: video.file_id })
      .from(video)
      .where(inArray(video.id, [...ids]));
    const schools = await this.deps.org.schoolsInScope(c);
    for (const id of ids) {
      const v = rows.find((r) => r.id === id);
      if (!v) throw badInput(`视频 ${id} 不存在`);
      if (!(v.account_id === c.id || schools === undefined || (v.school_id !== 0 && schools.includes(v.school_id))))
        throw forbidden("只能选择您自己的视频或您管理的学校的视频");
    }
    return `${FILE_GET_PREFIX}/${rows.find((r) => r.id === ids[0])!.file_id}`;
  }

  /** A scheme the record may score against: a root in use, the platform's or the record's school's. */
  private async checkScheme(id: number, schoolId: number): Promise<void> {
    if (!id) throw badInput("请选择评价量表");
    const [s] = await this.db.select().from(lectureIndicator).where(eq(lectureIndicator.id, id));
    if (s?.level !== 1 || s.pid !== 0 || s.status !== 1 || (s.school_id !== 0 && s.school_id !== schoolId)) throw badInput("评价量表不存在或不可用");
  }

  private async checkPreparation(c: Caller, preparationId: number, versionId: number): Promise<void> {
    if (preparationId) await this.deps.preparations.require(c, preparationId, "can_view", "无权关联该集体备课");
    if (versionId) {
      if (!preparationId) throw badInput("请先选择集体备课再选择教案版本");
      const [v] = await this.db
        .select({ id: lessonDocVersion.id })
        .from(lessonDocVersion)
        .innerJoin(lessonDoc, eq(lessonDoc.id, lessonDocVersion.doc_id))
        .where(and(eq(lessonDocVersion.id, versionId), eq(lessonDoc.preparation_id, preparationId)));
      if (!v) throw badInput("教案版本不属于所选的集体备课");
    }
  }

  /** fileArr → file values: each the caller's own upload (or one the record already holds). */
  private async fileValues(c: Caller, items: readonly ListenFileItem[], kept: ReadonlySet<number>): Promise<FileValues[]> {
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
        size: Number(f.size),
      });
    }
    return out;
  }

  private async setMembers(tx: Tx, id: number, organiser: number, teacher: number, evaluators: readonly number[]): Promise<void> {
    await tx.delete(listenMember).where(eq(listenMember.record_id, id));
    const rows: { record_id: number; account_id: number; role: number }[] = [{ record_id: id, account_id: organiser, role: LISTEN_ROLE.organiser }];
    if (teacher !== organiser) rows.push({ record_id: id, account_id: teacher, role: LISTEN_ROLE.teacher });
    for (const e of evaluators) if (e !== organiser && e !== teacher) rows.push({ record_id: id, account_id: e, role: LISTEN_ROLE.evaluator });
    await tx.insert(listenMember).values(rows.map((r) => ({ ...r, created_at: this.now() })));
  }

  /** The registered activity follows the record (docs/decisions/0704, 0802). */
  private async syncActivity(tx: Tx, id: number): Promise<void> {
    const [r] = await tx.select().from(listenEvaluate).where(eq(listenEvaluate.id, id));
    if (!r) return;
    const members = await tx.select({ a: listenMember.account_id }).from(listenMember).where(eq(listenMember.record_id, id));
    await this.activities.register(tx, {
      type: ACTIVITY_TYPE,
      ref_id: r.id,
      name: r.name,
      community_id: r.community_id,
      account_id: r.account_id,
      start_time: r.start_time,
      end_time: r.end_time,
      participation_account_ids: members.map((m) => m.a),
      introduction: r.introduction,
      cover_url: r.logo_url,
      school_id: r.school_id,
      period_id: r.period_id,
      subject_id: r.subject_id,
      is_display: r.is_display === 1 && r.verify_status === 1 && r.open_model === 1 ? 1 : 0,
      is_recommend: r.is_recommend,
      status: r.status,
    });
  }

  private async log(tx: Db | Tx, r: { community_id: number; id: number }, c: Caller, action: string, content: string): Promise<void> {
    if (!r.community_id) return;
    await this.deps.access.log(tx, { community_id: r.community_id, account_id: c.id, action, target_type: "listen", target_id: r.id, content });
  }

  /** verify_status at creation (docs/decisions/0901): as preparations (0801). */
  private initialVerify(place: Place): number {
    return place.community_id && place.level >= 2 && !place.manager ? 0 : 1;
  }

  /** The type-dependent fields, checked (is_type, device, videos, play_url). */
  private async media(
    c: Caller,
    isType: number,
    equimentId: number,
    videoId: number,
    videoIds: readonly number[],
  ): Promise<{ is_type: number; equiment_id: number; my_video_id: number; my_video_ids: number[]; play_url: string }> {
    if (isType === 1) {
      await this.checkDevice(c, equimentId);
      return { is_type: 1, equiment_id: equimentId, my_video_id: 0, my_video_ids: [], play_url: "" };
    }
    if (isType === 2) {
      const ids = [...new Set([...(videoId ? [videoId] : []), ...videoIds])];
      const path = await this.checkVideos(c, ids);
      return { is_type: 2, equiment_id: 0, my_video_id: ids[0]!, my_video_ids: ids, play_url: path };
    }
    return { is_type: 3, equiment_id: 0, my_video_id: 0, my_video_ids: [], play_url: "" };
  }

  /** c266 */
  async save(c: Caller, p: ListenSave): Promise<ListenDetail> {
    const start = parseTime(p.start_time, "开始时间");
    const end = parseTime(p.end_time, "结束时间");
    if (end.getTime() <= start.getTime()) throw badInput("结束时间必须晚于开始时间");
    const place = await this.place(c, p.community_id, c);
    const teacher = p.teacher_account_id || c.id;
    if (teacher !== c.id) await this.people(place, [teacher], "授课教师");
    if (p.participation_account_ids.includes(teacher) && teacher !== c.id) throw badInput("授课教师不能同时是评课人");
    const evaluators = await this.people(
      place,
      p.participation_account_ids.filter((x) => x !== c.id),
      "评课人",
    );
    const m = await this.media(c, p.is_type, p.equiment_id, p.my_video_id, p.my_video_ids);
    await this.checkPreparation(c, p.preparation_id, p.wps_file_version_id);
    if (p.evaluation_type === 1) await this.checkScheme(p.indicator_id, place.school_id);
    const files = await this.fileValues(c, p.fileArr ?? [], new Set());
    const verify = this.initialVerify(place);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(listenEvaluate)
        .values({
          name: p.name,
          introduction: p.introduction,
          preparation_id: p.preparation_id,
          preparation_alias_id: p.preparation_alias_id,
          wps_file_version_id: p.wps_file_version_id,
          ...m,
          logo_url: p.logo_url,
          community_id: place.community_id,
          period_id: p.period_id,
          subject_id: p.subject_id,
          grade_name: p.grade_name,
          start_time: start,
          end_time: end,
          record_date: p.record_date || dayjs(start).tz(TIME_ZONE).format("YYYY-MM-DD"),
          evaluation_type: p.evaluation_type,
          indicator_id: p.evaluation_type === 1 ? p.indicator_id : 0,
          questionnaire_ids: p.evaluation_type === 3 ? p.questionnaire_ids : [],
          open_model: p.open_model,
          teacher_account_id: teacher,
          account_id: c.id,
          school_id: place.school_id,
          area_id: place.area_id,
          city_id: place.city_id,
          verify_status: verify,
          created_at: this.now(),
          updated_at: this.now(),
        })
        .returning({ id: listenEvaluate.id });
      const newId = row!.id;
      await this.setMembers(tx, newId, c.id, teacher, evaluators);
      if (files.length) await tx.insert(listenFile).values(files.map((f) => ({ ...f, record_id: newId, type: 2, account_id: c.id, created_at: this.now() })));
      await this.syncActivity(tx, newId);
      await this.log(tx, { community_id: place.community_id, id: newId }, c, "listen.save", `发起听评课「${p.name}」${verify === 0 ? "（待审核）" : ""}`);
      return newId;
    });
    return this.answer(c, id);
  }

  /** c267: only the fields sent change. */
  async update(c: Caller, p: ListenUpdate, sent: ReadonlySet<string>): Promise<ListenDetail> {
    const { record: r } = await this.access.require(c, p.id, "can_manage");
    const has = (k: keyof ListenUpdate) => sent.has(k) && p[k] !== undefined;
    const start = has("start_time") ? parseTime(p.start_time!, "开始时间") : r.start_time;
    const end = has("end_time") ? parseTime(p.end_time!, "结束时间") : r.end_time;
    if (end.getTime() <= start.getTime()) throw badInput("结束时间必须晚于开始时间");
    const organiser = await this.deps.accounts.subject(r.account_id).catch(() => ({ ...c, id: r.account_id, school_id: r.school_id }));
    const moving = has("community_id") && p.community_id !== r.community_id;
    const place: Place = moving
      ? await this.place(c, p.community_id!, organiser)
      : { community_id: r.community_id, school_id: r.school_id, area_id: r.area_id, city_id: r.city_id, level: 0, manager: true };
    const current = await this.db.select().from(listenMember).where(eq(listenMember.record_id, r.id));
    const teacher = has("teacher_account_id") ? p.teacher_account_id || r.account_id : teacherOf(r);
    const evaluatorIds = has("participation_account_ids")
      ? p.participation_account_ids!
      : current.filter((m) => m.role === LISTEN_ROLE.evaluator).map((m) => m.account_id);
    const peopleChange = has("teacher_account_id") || has("participation_account_ids") || moving;
    let evaluators: number[] | undefined;
    if (peopleChange) {
      if (teacher !== r.account_id) await this.people(place, [teacher], "授课教师");
      if (has("participation_account_ids") && evaluatorIds.includes(teacher) && teacher !== r.account_id) throw badInput("授课教师不能同时是评课人");
      evaluators = await this.people(
        place,
        evaluatorIds.filter((x) => x !== r.account_id && x !== teacher),
        "评课人",
      );
    }
    const mediaSent = has("is_type") || has("equiment_id") || has("my_video_id") || has("my_video_ids");
    const m = mediaSent
      ? await this.media(
          c,
          p.is_type ?? r.is_type,
          p.equiment_id ?? r.equiment_id,
          has("my_video_id") ? p.my_video_id! : has("my_video_ids") ? 0 : r.my_video_id,
          p.my_video_ids ?? (has("my_video_id") ? [] : r.my_video_ids),
        )
      : undefined;
    const prepId = p.preparation_id ?? r.preparation_id;
    const versionId = p.wps_file_version_id ?? (has("preparation_id") && p.preparation_id !== r.preparation_id ? 0 : r.wps_file_version_id);
    if (has("preparation_id") || has("wps_file_version_id")) await this.checkPreparation(c, prepId, versionId);
    const evaluationType = p.evaluation_type ?? r.evaluation_type;
    const indicatorId = p.indicator_id ?? r.indicator_id;
    if ((has("evaluation_type") || has("indicator_id") || moving) && evaluationType === 1) await this.checkScheme(indicatorId, place.school_id);
    if ((has("evaluation_type") || has("indicator_id")) && (evaluationType !== r.evaluation_type || (evaluationType === 1 && indicatorId !== r.indicator_id))) {
      const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(listenEvaluation).where(eq(listenEvaluation.record_id, r.id));
      if (Number(n)) throw conflict("已有评课人评价，不能再更换评价方式或评价量表");
    }
    const held = new Set(
      (
        await this.db
          .select({ f: listenFile.file_id })
          .from(listenFile)
          .where(and(eq(listenFile.record_id, r.id), eq(listenFile.type, 2)))
      ).map((x) => x.f),
    );
    const files = has("fileArr") ? await this.fileValues(c, p.fileArr!, held) : undefined;
    let verify = r.verify_status;
    if (moving) verify = this.initialVerify(place);
    else if (r.verify_status === 2 && !(await this.access.power(c, r)).can_verify) verify = 0;

    const changes: Partial<typeof listenEvaluate.$inferInsert> = { updated_at: this.now() };
    for (const k of [
      "name",
      "introduction",
      "preparation_alias_id",
      "logo_url",
      "period_id",
      "subject_id",
      "grade_name",
      "open_model",
      "record_date",
    ] as const) {
      if (has(k)) (changes as Record<string, unknown>)[k] = p[k];
    }
    if (has("preparation_id") || has("wps_file_version_id")) Object.assign(changes, { preparation_id: prepId, wps_file_version_id: versionId });
    if (has("start_time")) changes.start_time = start;
    if (has("end_time")) changes.end_time = end;
    if (has("teacher_account_id")) changes.teacher_account_id = teacher;
    if (m) Object.assign(changes, m);
    if (has("evaluation_type") || has("indicator_id"))
      Object.assign(changes, { evaluation_type: evaluationType, indicator_id: evaluationType === 1 ? indicatorId : 0 });
    if (has("questionnaire_ids") || has("evaluation_type"))
      changes.questionnaire_ids = evaluationType === 3 ? (p.questionnaire_ids ?? r.questionnaire_ids) : [];
    if (moving) Object.assign(changes, { community_id: place.community_id, school_id: place.school_id, area_id: place.area_id, city_id: place.city_id });
    if (verify !== r.verify_status) Object.assign(changes, { verify_status: verify, verify_reason: "" });
    await this.db.transaction(async (tx) => {
      await tx.update(listenEvaluate).set(changes).where(eq(listenEvaluate.id, r.id));
      if (evaluators) await this.setMembers(tx, r.id, r.account_id, teacher, evaluators);
      if (files) {
        const keep = files.map((f) => f.file_id);
        await tx.delete(listenFile).where(
          and(
            eq(listenFile.record_id, r.id),
            eq(listenFile.type, 2),
            keep.length
              ? sql`${listenFile.file_id} not in (${sql.join(
                  keep.map((k) => sql`${k}`),
                  sql`, `,
                )})`
              : undefined,
          ),
        );
        const fresh = files.filter((f) => !held.has(f.file_id));
        if (fresh.length) await tx.insert(listenFile).values(fresh.map((f) => ({ ...f, record_id: r.id, type: 2, account_id: c.id, created_at: this.now() })));
      }
      await this.syncActivity(tx, r.id);
      const name = (changes.name as string | undefined) ?? r.name;
      if (moving && r.community_id) await this.log(tx, r, c, "listen.update", `听评课「${name}」移出本社区`);
      await this.log(tx, { community_id: place.community_id, id: r.id }, c, "listen.update", `修改听评课「${name}」`);
    });
    return this.answer(c, r.id);
  }

  /** c270: the record and everything it owns (members, evaluations and scores, files, voices by cascade; discussion; activity). */
  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const { record } = await this.access.require(c, id, "can_manage");
    await this.db.transaction(async (tx) => {
      await this.discuss.removeAll(tx, LISTEN_TARGET, record.id);
      await this.activities.unregister(ACTIVITY_TYPE, record.id, tx);
      await tx.delete(listenEvaluate).where(eq(listenEvaluate.id, record.id));
      await this.log(tx, record, c, "listen.delete", `删除听评课「${record.name}」`);
    });
    return { id: record.id };
  }

  // ── verify, display, recommend ───────────────────────────────────────────────────────────────────────────────

  /** c284 */
  async verify(c: Caller, p: ListenVerifyPayload): Promise<ListenDetail> {
    const { record } = await this.access.require(c, p.id, "can_verify");
    if (p.verify_status === 2 && !p.reason) throw badInput("请填写不通过的原因");
    await this.db.transaction(async (tx) => {
      await tx
        .update(listenEvaluate)
        .set({ verify_status: p.verify_status, verify_reason: p.reason, updated_at: this.now(), ...(p.verify_status === 2 ? { is_recommend: 0 } : {}) })
        .where(eq(listenEvaluate.id, record.id));
      await this.syncActivity(tx, record.id);
      await this.log(
        tx,
        record,
        c,
        "listen.verify",
        `审核听评课「${record.name}」：${LISTEN_VERIFY_STATUS[p.verify_status]}${p.reason ? `（${p.reason}）` : ""}`,
      );
    });
    return this.answer(c, record.id);
  }

  /** c282 */
  async display(c: Caller, id: number, isDisplay: number): Promise<ListenDetail> {
    const { record } = await this.access.require(c, id, "can_manage");
    await this.db.transaction(async (tx) => {
      await tx.update(listenEvaluate).set({ is_display: isDisplay, updated_at: this.now() }).where(eq(listenEvaluate.id, record.id));
      await this.syncActivity(tx, record.id);
      await this.log(tx, record, c, "listen.display", `${isDisplay ? "展示" : "隐藏"}听评课「${record.name}」`);
    });
    return this.answer(c, record.id);
  }

  /** c283: only an approved record is recommended. */
  async recommend(c: Caller, id: number, isRecommend: number): Promise<ListenDetail> {
    const { record } = await this.access.require(c, id, "can_recommend");
    if (isRecommend === 1 && record.verify_status !== 1) throw badInput("只有审核通过的听评课可以推荐");
    await this.db.transaction(async (tx) => {
      await tx.update(listenEvaluate).set({ is_recommend: isRecommend, updated_at: this.now() }).where(eq(listenEvaluate.id, record.id));
      await this.syncActivity(tx, record.id);
      await this.log(tx, record, c, "listen.recommend", `${isRecommend ? "推荐" : "取消推荐"}听评课「${record.name}」`);
    });
    return this.answer(c, record.id);
  }

  // ── files (c272, c273, c276, c285) ───────────────────────────────────────────────────────────────────────────

  private async fileRows(c: Caller, power: ListenPower, where: SQL, limit: number, offset: number): Promise<ListenFileRow[]> {
    const rows = await this.db
      .select({ f: listenFile, pub: storedFile.is_public, realname: account.realname, username: account.username })
      .from(listenFile)
      .leftJoin(storedFile, eq(storedFile.id, listenFile.file_id))
      .leftJoin(account, eq(account.id, listenFile.account_id))
      .where(where)
      .orderBy(desc(listenFile.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ f, pub, realname, username }) => ({
      id: f.id,
      record_id: f.record_id,
      file_id: f.file_id,
      file_path: f.file_id ? (pub ? `${FILE_GET_PREFIX}/${f.file_id}` : this.deps.files.signedPath(f.file_id)) : f.file_path,
      file_name: f.file_name,
      file_type: f.file_type,
      type: f.type,
      type_name: LISTEN_FILE_TYPES[f.type] ?? "",
      size: f.size,
      account_id: f.account_id,
      account_name: nameOf(realname, username),
      can_delete: c.id !== 0 && (f.type === 1 ? f.account_id === c.id || power.can_manage : power.can_manage),
      created_at: formatTime(f.created_at),
    }));
  }

  /** c272: members (and managers) attach their own uploads as evaluation files (type 1). */
  async evaluateFile(c: Caller, p: ListenEvaluateFilePayload): Promise<ListenFileRow[]> {
    const { record, power } = await this.access.require(c, p.record_id);
    if (!power.is_member && !power.is_manager) throw forbidden("只有听评课参与人可以上传评课材料");
    const held = new Set(
      (
        await this.db
          .select({ f: listenFile.file_id })
          .from(listenFile)
          .where(and(eq(listenFile.record_id, record.id), eq(listenFile.type, 1), eq(listenFile.account_id, c.id)))
      ).map((x) => x.f),
    );
    const files = (await this.fileValues(c, p.fileArr, new Set())).filter((f) => !held.has(f.file_id));
    if (!files.length) throw conflict("这些文件已上传过");
    const ids = await this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(listenFile)
        .values(files.map((f) => ({ ...f, record_id: record.id, type: 1, account_id: c.id, created_at: this.now() })))
        .returning({ id: listenFile.id });
      await this.log(
        tx,
        record,
        c,
        "listen.file_save",
        `上传评课材料「${files
          .map((f) => f.file_name)
          .join("、")
          .slice(0, 200)}」`,
      );
      return rows.map((r) => r.id);
    });
    return this.fileRows(c, power, inArray(listenFile.id, ids), ids.length, 0);
  }

  /** c273: readers list them with readable (signed) addresses. */
  async fileList(c: Caller, q: ListenEvaluateFileListPayload): Promise<Page<ListenFileRow>> {
    const { record, power } = await this.access.require(c, q.record_id, "can_view");
    const where = and(eq(listenFile.record_id, record.id), q.type ? eq(listenFile.type, q.type) : undefined)!;
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(listenFile).where(where);
    return { list: await this.fileRows(c, power, where, q.limit, (q.page - 1) * q.limit), total: Number(n), page: q.page, limit: q.limit };
  }

  /** c276: an evaluation file (type 1): its uploader or whoever manages the record. c285: a record file (type 2): managers. */
  async fileDelete(c: Caller, id: number, type: 1 | 2): Promise<{ id: number }> {
    const [f] = await this.db.select().from(listenFile).where(eq(listenFile.id, id));
    if (!f || f.type !== type) throw notFound(type === 1 ? "评课材料不存在或已删除" : "课堂资料不存在或已删除");
    const { record, power } = await this.access.require(c, f.record_id);
    if (type === 1 && f.account_id !== c.id && !power.can_manage) throw forbidden("只有上传者、组织者或管理员可以删除评课材料");
    if (type === 2 && !power.can_manage) throw forbidden("只有组织者或管理员可以删除课堂资料");
    await this.db.transaction(async (tx) => {
      await tx.delete(listenFile).where(eq(listenFile.id, f.id));
      await this.log(tx, record, c, "listen.file_delete", `删除${type === 1 ? "评课材料" : "课堂资料"}「${f.file_name}」`);
    });
    return { id: f.id };
  }

  // ── voices (c277–c279) ───────────────────────────────────────────────────────────────────────────────────────

  private async voiceRows(c: Caller, where: SQL, limit: number, offset: number): Promise<ListenVoiceRow[]> {
    const rows = await this.db
      .select({ v: listenVoice, realname: account.realname, username: account.username })
      .from(listenVoice)
      .leftJoin(account, eq(account.id, listenVoice.account_id))
      .where(where)
      .orderBy(desc(listenVoice.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ v, realname, username }) => ({
      id: v.id,
      record_id: v.record_id,
      account_id: v.account_id,
      account_name: nameOf(realname, username),
      file_id: v.file_id,
      file_path: this.deps.files.signedPath(v.file_id),
      duration: v.duration,
      video_time: v.video_time === null ? null : Number(v.video_time),
      can_delete: c.id !== 0 && v.account_id === c.id,
      created_at: formatTime(v.created_at),
    }));
  }

  /** c277: an mp3 the caller recorded (#5 audio upload). */
  async addVoice(c: Caller, p: ListenVoicePayload): Promise<ListenVoiceRow> {
    const { record } = await this.access.require(c, p.record_id, "can_discuss");
    let fileId = p.file_id ?? 0;
    if (!fileId && p.file_path) {
      const m = FILE_REF.exec(p.file_path);
      if (!m) throw badInput("语音地址应为上传的文件（/files/<编号>）");
      fileId = Number(m[1]);
    }
    const f = await this.deps.files.fileRow(fileId);
    if (!f || f.account_id !== c.id) throw badInput(`语音：${FILE_NOT_YOURS}`);
    if (f.kind !== "audio" || f.file_type.toLowerCase() !== "mp3") throw badInput("语音只能是录制的 mp3 音频");
    const [row] = await this.db.transaction(async (tx) => {
      const out = await tx
        .insert(listenVoice)
        .values({
          record_id: record.id,
          account_id: c.id,
          file_id: f.id,
          file_path: `${FILE_GET_PREFIX}/${f.id}`,
          duration: p.duration ?? Math.round(f.duration ?? 0),
          video_time: p.video_time ?? null,
          created_at: this.now(),
        })
        .returning({ id: listenVoice.id });
      await this.log(tx, record, c, "listen.voice", `在听评课「${record.name}」中发表语音评论`);
      return out;
    });
    const [out] = await this.voiceRows(c, eq(listenVoice.id, row!.id), 1, 0);
    await this.announce(record.id, "listen.voice", out);
    return out!;
  }

  /** c278 */
  async voiceList(c: Caller, q: ListenVoiceListPayload): Promise<Page<ListenVoiceRow>> {
    const { record } = await this.access.require(c, q.record_id, "can_view");
    const where = eq(listenVoice.record_id, record.id);
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(listenVoice).where(where);
    return { list: await this.voiceRows(c, where, q.limit, (q.page - 1) * q.limit), total: Number(n), page: q.page, limit: q.limit };
  }

  /** c279: the author only. */
  async voiceDelete(c: Caller, id: number): Promise<{ id: number }> {
    const [v] = await this.db.select().from(listenVoice).where(eq(listenVoice.id, id));
    if (!v) throw notFound("语音不存在或已删除");
    if (v.account_id !== c.id) throw forbidden("只有语音的作者可以删除该语音");
    const record = await this.access.load(v.record_id);
    await this.db.transaction(async (tx) => {
      await tx.delete(listenVoice).where(eq(listenVoice.id, v.id));
      await this.log(tx, record, c, "listen.voice_delete", `删除听评课「${record.name}」中的一条语音`);
    });
    return { id: v.id };
  }

  // ── discussion (c280, c288, c293) ────────────────────────────────────────────────────────────────────────────

  /** c280 */
  async discussPost(c: Caller, p: ListenDiscussPayload): Promise<DiscussMessage> {
    const { record } = await this.access.require(c, p.record_id, "can_discuss");
    if (p.target_id) {
      const [t] = await this.db
        .select({ id: listenTarget.id })
        .from(listenTarget)
        .where(
          and(eq(listenTarget.id, p.target_id), eq(listenTarget.status, 1), or(eq(listenTarget.school_id, 0), eq(listenTarget.school_id, record.school_id))),
        );
      if (!t) throw badInput("听课目标不存在或已停用");
    }
    const { record_id: _r, ...rest } = p;
    return this.discuss.save(
      c,
      { target_type: LISTEN_TARGET, ref_id: record.id, community_id: record.community_id, ...rest, video_time: p.video_time ?? null },
      async (tx) => {
        await this.log(tx, record, c, "listen.discuss", `在听评课「${record.name}」中评论`);
      },
    );
  }

  /** c288: threads newest first, or by video_time for the timeline. */
  async discussList(c: Caller, q: ListenDiscussListPayload): Promise<DiscussPage> {
    const { record, power } = await this.access.require(c, q.record_id, "can_view");
    const page = await this.discuss.list(c, {
      target_type: LISTEN_TARGET,
      ref_id: record.id,
      page: q.page,
      limit: q.limit,
      target_id: q.target_id,
      order: q.order,
    });
    return { ...page, status: power.can_discuss ? 1 : 2 };
  }

  /** c293: the author only (the replies stay). */
  async discussDelete(c: Caller, id: number): Promise<{ id: number }> {
    const row = await this.discuss.record(LISTEN_TARGET, id);
    const record = await this.access.load(row.ref_id).catch(() => null);
    await this.discuss.delete(c, LISTEN_TARGET, id, async (tx) => {
      if (record) await this.log(tx, record, c, "listen.discuss_delete", `删除听评课「${record.name}」中的一条评论`);
    });
    return { id };
  }

  /** c274: the listen targets of the record's school and the platform's (in use). */
  async targets(c: Caller, recordId?: number): Promise<ListenTargetOption[]> {
    let schoolId = c.school_id;
    if (recordId) schoolId = (await this.access.require(c, recordId, "can_view")).record.school_id;
    return this.db
      .select({ id: listenTarget.id, name: listenTarget.name, school_id: listenTarget.school_id, sort: listenTarget.sort })
      .from(listenTarget)
      .where(
        and(eq(listenTarget.status, 1), schoolId ? or(eq(listenTarget.school_id, 0), eq(listenTarget.school_id, schoolId)) : eq(listenTarget.school_id, 0)),
      )
      .orderBy(asc(listenTarget.school_id), asc(listenTarget.sort), asc(listenTarget.id));
  }

  // ── statistics (c281, c286) and events (c290) ────────────────────────────────────────────────────────────────

  private async counted(where: SQL | undefined) {
    const ids = this.db.select({ id: listenEvaluate.id }).from(listenEvaluate).where(where);
    const [t] = await this.db.select({ n: sql<number>`count(*)::int` }).from(listenEvaluate).where(where);
    const [e] = await this.db
      .select({
        all: sql<number>`count(*)::int`,
        submitted: sql<number>`count(*) filter (where ${listenEvaluation.status} = 1)::int`,
        avg: sql<number | null>`avg(${listenEvaluation.total_score}) filter (where ${listenEvaluation.status} = 1)`,
      })
      .from(listenEvaluation)
      .where(inArray(listenEvaluation.record_id, ids));
    const byType = await this.db
      .select({ t: listenEvaluate.is_type, n: sql<number>`count(*)::int` })
      .from(listenEvaluate)
      .where(where)
      .groupBy(listenEvaluate.is_type);
    const types = Object.keys(LISTEN_TYPES).map((k) => ({
      is_type: Number(k),
      name: LISTEN_TYPES[Number(k)]!,
      count: Number(byType.find((b) => b.t === Number(k))?.n ?? 0),
    }));
    return { ids, count: Number(t?.n ?? 0), evaluations: Number(e?.all ?? 0), submitted: Number(e?.submitted ?? 0), average: num(e?.avg), types };
  }

  /** c281: a community's (records the caller may see there) or the caller's scope (administrators) or his own. */
  async statistics(c: Caller, communityId?: number): Promise<ListenStatistics> {
    let where: SQL | undefined;
    let scope: string;
    let scopeName: string;
    if (communityId) {
      const { community: row } = await this.deps.access.require(c, communityId, "can_view");
      where = and(eq(listenEvaluate.community_id, row.id), await this.access.visibleSql(c));
      scope = "community";
      scopeName = row.name;
    } else if (scopeOf(c).kind === "none") {
      where = this.access.memberSql(c);
      scope = "self";
      scopeName = "我的听评课";
    } else {
      const org = await this.scopes.of(c);
      scope = org.all ? "platform" : org.info.kind;
      scopeName = org.info.name;
      if (!org.all) {
        const inSchools = org.schools.length ? inArray(listenEvaluate.school_id, org.schools) : undefined;
        const inRegions = org.regions.length ? or(inArray(listenEvaluate.area_id, org.regions), inArray(listenEvaluate.city_id, org.regions)) : undefined;
        where = or(inSchools, inRegions) ?? sql`false`;
      }
    }
    const k = await this.counted(where);
    const [messages] = await this.db
      .select({ n: count() })
      .from(discussComment)
      .where(and(eq(discussComment.target_type, LISTEN_TARGET), inArray(discussComment.ref_id, k.ids), isNull(discussComment.deleted_at)));
    const [files] = await this.db.select({ n: count() }).from(listenFile).where(inArray(listenFile.record_id, k.ids));
    const [voices] = await this.db.select({ n: count() }).from(listenVoice).where(inArray(listenVoice.record_id, k.ids));
    const now = this.now();
    const first = dayjs(now).tz(TIME_ZONE).startOf("month").subtract(11, "month");
    const keys = Array.from({ length: 12 }, (_, i) => first.add(i, "month").format("YYYY-MM"));
    const tz = sql.raw(`'${TIME_ZONE}'`);
    const monthExpr = sql<string>`to_char(${listenEvaluate.start_time} at time zone ${tz}, 'YYYY-MM')`;
    const byMonth = await this.db
      .select({ month: monthExpr, n: sql<number>`count(*)::int` })
      .from(listenEvaluate)
      .where(and(where, gte(listenEvaluate.start_time, first.toDate()), lt(listenEvaluate.start_time, first.add(12, "month").toDate())))
      .groupBy(monthExpr);
    const months = new Map(byMonth.map((m) => [m.month, Number(m.n)]));
    const bySubject = await this.db
      .select({
        subject_id: listenEvaluate.subject_id,
        name: sql<string>`coalesce(max(${subject.name}), '')`,
        n: sql<number>`count(*)::int`,
      })
      .from(listenEvaluate)
      .leftJoin(subject, eq(subject.id, listenEvaluate.subject_id))
      .where(where)
      .groupBy(listenEvaluate.subject_id)
      .orderBy(desc(sql`count(*)`), asc(listenEvaluate.subject_id));
    const avgs = await this.db
      .select({ subject_id: listenEvaluate.subject_id, avg: sql<number | null>`avg(${listenEvaluation.total_score})` })
      .from(listenEvaluation)
      .innerJoin(listenEvaluate, eq(listenEvaluate.id, listenEvaluation.record_id))
      .where(and(where, eq(listenEvaluation.status, 1)))
      .groupBy(listenEvaluate.subject_id);
    return {
      scope,
      scope_name: scopeName,
      totals: {
        count: k.count,
        evaluations: k.evaluations,
        submitted: k.submitted,
        average_score: k.average,
        messages: Number(messages?.n ?? 0),
        files: Number(files?.n ?? 0),
        voices: Number(voices?.n ?? 0),
      },
      types: k.types,
      months: keys.map((m) => ({ month: m, count: months.get(m) ?? 0 })),
      subjects: bySubject.map((s) => ({
        subject_id: s.subject_id,
        subject_name: s.subject_id ? s.name : "未设置学科",
        count: Number(s.n),
        average_score: num(avgs.find((a) => a.subject_id === s.subject_id)?.avg),
      })),
    };
  }

  /** c286: a community's listening summary (public: the records the caller may see there). */
  async webCommunityInfo(c: Caller, communityId: number): Promise<ListenWebCommunityInfo> {
    const { community: row } = await this.deps.access.require(c, communityId, "can_view");
    const where = and(eq(listenEvaluate.community_id, row.id), await this.access.visibleSql(c));
    const k = await this.counted(where);
    const now = this.now();
    const [run] = await this.db
      .select({ n: sql<number>`count(*)::int`, teachers: sql<number>`count(distinct ${teacherExpr})::int` })
      .from(listenEvaluate)
      .where(and(where, lte(listenEvaluate.start_time, now), gte(listenEvaluate.end_time, now)));
    const [teachers] = await this.db
      .select({ n: sql<number>`count(distinct ${teacherExpr})::int` })
      .from(listenEvaluate)
      .where(where);
    const recent = await this.page(where, this.newestFirst, 1, 5);
    return {
      community_id: row.id,
      community_name: row.name,
      count: k.count,
      running: Number(run?.n ?? 0),
      evaluations: k.submitted,
      average_score: k.average,
      teachers: Number(teachers?.n ?? 0),
      types: k.types,
      recent: recent.list,
    };
  }

  /** c290: the record's recent events, newest first: evaluations submitted, messages, files, voices. */
  async dynamic(c: Caller, recordId: number, limit: number): Promise<ListenDynamicItem[]> {
    const { record } = await this.access.require(c, recordId, "can_view");
    const who = { realname: account.realname, username: account.username };
    const evals = await this.db
      .select({ id: listenEvaluation.id, a: listenEvaluation.account_id, at: listenEvaluation.updated_at, total: listenEvaluation.total_score, ...who })
      .from(listenEvaluation)
      .leftJoin(account, eq(account.id, listenEvaluation.account_id))
      .where(and(eq(listenEvaluation.record_id, record.id), eq(listenEvaluation.status, 1)))
      .orderBy(desc(listenEvaluation.updated_at))
      .limit(limit);
    const msgs = await this.db
      .select({ id: discussComment.id, a: discussComment.account_id, at: discussComment.created_at, content: discussComment.content, ...who })
      .from(discussComment)
      .leftJoin(account, eq(account.id, discussComment.account_id))
      .where(and(eq(discussComment.target_type, LISTEN_TARGET), eq(discussComment.ref_id, record.id), isNull(discussComment.deleted_at)))
      .orderBy(desc(discussComment.created_at))
      .limit(limit);
    const files = await this.db
      .select({ id: listenFile.id, a: listenFile.account_id, at: listenFile.created_at, name: listenFile.file_name, type: listenFile.type, ...who })
      .from(listenFile)
      .leftJoin(account, eq(account.id, listenFile.account_id))
      .where(eq(listenFile.record_id, record.id))
      .orderBy(desc(listenFile.created_at))
      .limit(limit);
    const voices = await this.db
      .select({ id: listenVoice.id, a: listenVoice.account_id, at: listenVoice.created_at, d: listenVoice.duration, ...who })
      .from(listenVoice)
      .leftJoin(account, eq(account.id, listenVoice.account_id))
      .where(eq(listenVoice.record_id, record.id))
      .orderBy(desc(listenVoice.created_at))
      .limit(limit);
    const items: (ListenDynamicItem & { t: number })[] = [
      ...evals.map((e) => ({
        kind: "evaluation" as const,
        kind_name: "提交评价",
        id: e.id,
        account_id: e.a,
        account_name: nameOf(e.realname, e.username),
        content: record.evaluation_type === 1 ? `总分 ${Number(e.total)}` : "提交了评价",
        created_at: formatTime(e.at),
        t: e.at.getTime(),
      })),
      ...msgs.map((m) => ({
        kind: "message" as const,
        kind_name: "评论",
        id: m.id,
        account_id: m.a,
        account_name: nameOf(m.realname, m.username),
        content: m.content.slice(0, 200) || "[图片]",
        created_at: formatTime(m.at),
        t: m.at.getTime(),
      })),
      ...files.map((f) => ({
        kind: "file" as const,
        kind_name: LISTEN_FILE_TYPES[f.type] ?? "文件",
        id: f.id,
        account_id: f.a,
        account_name: nameOf(f.realname, f.username),
        content: f.name,
        created_at: formatTime(f.at),
        t: f.at.getTime(),
      })),
      ...voices.map((v) => ({
        kind: "voice" as const,
        kind_name: "语音评论",
        id: v.id,
        account_id: v.a,
        account_name: nameOf(v.realname, v.username),
        content: `语音 ${v.d} 秒`,
        created_at: formatTime(v.at),
        t: v.at.getTime(),
      })),
    ];
    return items
      .sort((a, b) => b.t - a.t || b.id - a.id)
      .slice(0, limit)
      .map(({ t: _t, ...rest }) => rest);
  }
}
