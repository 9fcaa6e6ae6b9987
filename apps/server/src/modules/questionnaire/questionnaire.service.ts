/**
 * Questionnaires (问卷; issue #12; docs/api/questionnaire.md, docs/decisions/1200–1206).
 *
 * Managers of a questionnaire: its author, and administrators whose scope covers it (school_id / region_code are the
 * author's when saved; scopeOf as in review.service). Any signed-in account may author one, for an audience it may
 * target (audienceCheck). Respondents: the audience (mayAnswer). The consistency rules of questions and answers are
 * the protocol's (checkQuestions, questionPath, checkAnswer): one logic for the builder, the answering page and here.
 */
import {
  type Answers,
  AUDIENCE_TYPES,
  AUDIENCE_TYPE_NAMES,
  checkAnswer,
  checkQuestions,
  MEMBER_STATUS,
  type Page,
  type Question,
  type QuestionnaireCrossTab,
  type QuestionnaireDetail,
  type QuestionnaireForm,
  type QuestionnaireResponseRow,
  type QuestionnaireResults,
  type QuestionnaireRow,
  type QuestionnaireSaved,
  type QuestionnaireSubmitted,
  type QuestionnaireTextAnswers,
  QUESTIONNAIRE_STATUS,
  QUESTIONNAIRE_STATUS_NAMES,
  questionPath,
  TIME_ZONE,
  type FileAnswer,
  type QuestionnaireListPayload,
  type QuestionnaireSavePayload,
  type QuestionnaireUpdatePayload,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, desc, eq, gt, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, isUniqueViolation, notFound, sessionInvalid } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { XLSX_MIME } from "../../infra/xlsx.js";
import { account } from "../account/account.schema.js";
import { activity, activityMember } from "../activity/activity.schema.js";
import type { ActivityService } from "../activity/activity.service.js";
import { community, communityMember } from "../community/community.schema.js";
import { listenEvaluate, listenMember } from "../listen/listen.schema.js";
import { school } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { manages, managedWhere, schoolsUnder } from "../org/owned-scope.js";
import { scopeOf } from "../rbac/permission.js";
import {
  CROSS_TYPES,
  type SubmittedResponse,
  buildQuestionnaireExport,
  crossTab,
  dailyCounts,
  isEmptyAnswer,
  keywordCounts,
  questionResults,
} from "./questionnaire-results.js";
import { questionnaire, questionnaireResponse } from "./questionnaire.schema.js";

type Q = typeof questionnaire.$inferSelect;
type Resp = typeof questionnaireResponse.$inferSelect;

export const QUESTIONNAIRE_MESSAGES = {
  notFound: "问卷不存在或已删除",
  notManager: "您不是该问卷的创建者或管理员，无权操作",
  locked: "已有人提交，题目不能再修改",
  audienceLocked: "已有人提交，答卷范围不能再修改",
  notStarted: "问卷未开始",
  ended: "问卷已结束",
  notOpen: "问卷未发布",
  already: "您已提交过该问卷",
  notAudience: "您不在该问卷的答卷范围内",
  keyNeeded: "缺少答卷标识(key)，请刷新页面后重试",
  noQuestions: "请先添加题目，至少需要 1 道题",
  unknownQuestion: "答案中有不存在的题目，请刷新页面后重试",
} as const;

/** The activity type a questionnaire registers in the community feed (activity.schema.ts). */
export const QUESTIONNAIRE_ACTIVITY = "questionnaire";
const DAY_MS = 24 * 3600 * 1000;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** A wire time (Asia/Shanghai). `endOfDay`: a bare date as an end means the end of that day. */
function parseTime(s: string | null | undefined, label: string, endOfDay = false): Date | null | undefined {
  if (s === undefined) return undefined;
  if (s === null || s === "") return null;
  const d = dayjs.tz(s.replace("T", " "), TIME_ZONE);
  if (!d.isValid()) throw badInput(`${label}无效`);
  return endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(s.trim()) ? d.endOf("day").toDate() : d.toDate();
}
const fmt = (d: Date | null | undefined): string | null => (d ? formatTime(d) : null);
const nameOf = (realname: string | null | undefined, username: string | null | undefined) => realname || username || "";
const keyOfAccount = (id: number) => `a:${id}`;
/** JSON with sorted keys (jsonb does not keep the order keys were written in). */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

export interface QuestionnaireServiceDeps {
  db: Db;
  subject(accountId: number): Promise<Caller>;
  activities: ActivityService;
  now: () => Date;
}

/** Who answers: an account, or an anonymous browser key (a link questionnaire without login). */
interface Respondent {
  key: string;
  accountId: number;
  schoolId: number;
}

export class QuestionnaireService {
  private readonly db: Db;
  constructor(private readonly d: QuestionnaireServiceDeps) {
    this.db = d.db;
  }

  me(accountId: number): Promise<Caller> {
    return this.d.subject(accountId);
  }

  // ── scope ────────────────────────────────────────────────────────────────────────────────────────────────

  private schoolsUnder(code: string): Promise<number[]> {
    return schoolsUnder(this.db, code);
  }

  /** SQL for the questionnaires the caller manages (undefined = all). */
  private managedWhere(c: Caller): Promise<SQL | undefined> {
    return managedWhere(this.db, c, questionnaire);
  }

  manages(c: Caller | null, q: Q, cache?: Map<string, Promise<unknown>>): Promise<boolean> {
    return manages(this.db, c, q, cache);
  }

  private async get(id: number, db: Db | Tx = this.db): Promise<Q> {
    const [q] = await db.select().from(questionnaire).where(eq(questionnaire.id, id));
    if (!q) throw notFound(QUESTIONNAIRE_MESSAGES.notFound);
    return q;
  }

  private async managed(id: number, c: Caller): Promise<Q> {
    const q = await this.get(id);
    if (!(await this.manages(c, q))) throw forbidden(QUESTIONNAIRE_MESSAGES.notManager);
    return q;
  }

  // ── audiences ────────────────────────────────────────────────────────────────────────────────────────────

  private async isMember(communityId: number, accountId: number): Promise<boolean> {
    const [m] = await this.db
      .select({ id: communityMember.id })
      .from(communityMember)
      .where(and(eq(communityMember.community_id, communityId), eq(communityMember.account_id, accountId), eq(communityMember.status, MEMBER_STATUS.joined)));
    return !!m;
  }

  /**
   * The audience the author may target; answers the audience id to store (school 0 → the author's school).
   * 400 for an audience that does not exist, 403 for one the author may not target.
   */
  private async audienceCheck(c: Caller, type: number, id: number): Promise<number> {
    switch (type) {
      case AUDIENCE_TYPES.community: {
        const [row] = id ? await this.db.select({ id: community.id }).from(community).where(eq(community.id, id)) : [];
        if (!row) throw badInput("答卷范围的社区不存在");
        if (!(await this.isMember(id, c.id))) throw forbidden("只能面向您已加入的社区发布问卷");
        return id;
      }
      case AUDIENCE_TYPES.school: {
        const sid = id || c.school_id;
        if (!sid) throw badInput("您不属于任何学校，请选择答卷学校");
        const [row] = await this.db.select({ id: school.id }).from(school).where(eq(school.id, sid));
        if (!row) throw badInput("答卷范围的学校不存在");
        const sc = scopeOf(c);
        if (sc.kind === "all") return sid;
        if (sc.kind === "school" && sid === sc.schoolId) return sid;
        if (sc.kind === "region" && (await this.schoolsUnder(sc.code)).includes(sid)) return sid;
        if (sc.kind === "none" && sid === c.school_id) return sid;
        throw forbidden(sc.kind === "none" ? "教师只能面向本校发布问卷" : "该学校不在您的管理范围内");
      }
      case AUDIENCE_TYPES.activity: {
        const [a] = id ? await this.db.select().from(activity).where(eq(activity.id, id)) : [];
        if (!a) throw badInput("答卷范围的活动不存在");
        if (!(await this.d.activities.mayManage(c, a))) throw forbidden("只有活动创建者或社区管理员可以面向该活动发布问卷");
        return id;
      }
      case AUDIENCE_TYPES.listen: {
        const [r] = id ? await this.db.select({ account_id: listenEvaluate.account_id }).from(listenEvaluate).where(eq(listenEvaluate.id, id)) : [];
        if (!r) throw badInput("答卷范围的听评课记录不存在");
        if (r.account_id !== c.id) throw forbidden("只有听评课的发起人可以面向其参与人发布问卷");
        return id;
      }
      default:
        return 0;
    }
  }

  /** Whether the account is in the questionnaire's audience (link questionnaires: everyone). */
  async mayAnswer(accountId: number, schoolId: number, q: Q): Promise<boolean> {
    switch (q.audience_type) {
      case AUDIENCE_TYPES.community:
        return this.isMember(q.audience_id, accountId);
      case AUDIENCE_TYPES.school:
        return schoolId !== 0 && schoolId === q.audience_id;
      case AUDIENCE_TYPES.activity: {
        const [m] = await this.db
          .select({ a: activityMember.account_id })
          .from(activityMember)
          .where(and(eq(activityMember.activity_id, q.audience_id), eq(activityMember.account_id, accountId)));
        if (m) return true;
        const [a] = await this.db
          .select({ community_id: activity.community_id, account_id: activity.account_id })
          .from(activity)
          .where(eq(activity.id, q.audience_id));
        if (!a) return false;
        return a.account_id === accountId || (a.community_id !== 0 && (await this.isMember(a.community_id, accountId)));
      }
      case AUDIENCE_TYPES.listen: {
        const [r] = await this.db
          .select({ account_id: listenEvaluate.account_id, ids: listenEvaluate.questionnaire_ids })
          .from(listenEvaluate)
          .where(eq(listenEvaluate.id, q.audience_id));
        if (!r || !(r.ids ?? []).includes(q.id)) return false;
        if (r.account_id === accountId) return true;
        const [m] = await this.db
          .select({ a: listenMember.account_id })
          .from(listenMember)
          .where(and(eq(listenMember.record_id, q.audience_id), eq(listenMember.account_id, accountId)));
        return !!m;
      }
      default:
        return true;
    }
  }

  /** SQL: the questionnaires whose audience includes the account (links excluded). */
  private audienceSql(c: Caller): SQL {
    const joined = sql`select ${communityMember.community_id} from ${communityMember} where ${communityMember.account_id} = ${c.id} and ${communityMember.status} = ${MEMBER_STATUS.joined}`;
    return or(
      and(eq(questionnaire.audience_type, AUDIENCE_TYPES.community), sql`${questionnaire.audience_id} in (${joined})`),
      c.school_id ? and(eq(questionnaire.audience_type, AUDIENCE_TYPES.school), eq(questionnaire.audience_id, c.school_id)) : undefined,
      and(
        eq(questionnaire.audience_type, AUDIENCE_TYPES.activity),
        sql`(${questionnaire.audience_id} in (select ${activityMember.activity_id} from ${activityMember} where ${activityMember.account_id} = ${c.id})
          or ${questionnaire.audience_id} in (select ${activity.id} from ${activity} where ${activity.account_id} = ${c.id} or (${activity.community_id} <> 0 and ${activity.community_id} in (${joined}))))`,
      ),
      and(
        eq(questionnaire.audience_type, AUDIENCE_TYPES.listen),
        sql`exists (select 1 from ${listenEvaluate} where ${listenEvaluate.id} = ${questionnaire.audience_id}
          and ${listenEvaluate.questionnaire_ids} @> to_jsonb(${questionnaire.id})
          and (${listenEvaluate.account_id} = ${c.id} or exists (select 1 from ${listenMember} where ${listenMember.record_id} = ${listenEvaluate.id} and ${listenMember.account_id} = ${c.id})))`,
      ),
    )!;
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async audienceNames(qs: readonly Q[]): Promise<Map<string, string>> {
    const ids = (t: number) => [...new Set(qs.filter((q) => q.audience_type === t && q.audience_id).map((q) => q.audience_id))];
    const out = new Map<string, string>();
    const [cs, ss, as, ls] = await Promise.all([
      ids(1).length
        ? this.db
            .select({ id: community.id, n: community.name })
            .from(community)
            .where(inArray(community.id, ids(1)))
        : [],
      ids(2).length
        ? this.db
            .select({ id: school.id, n: school.title })
            .from(school)
            .where(inArray(school.id, ids(2)))
        : [],
      ids(3).length
        ? this.db
            .select({ id: activity.id, n: activity.name })
            .from(activity)
            .where(inArray(activity.id, ids(3)))
        : [],
      ids(4).length
        ? this.db
            .select({ id: listenEvaluate.id, n: listenEvaluate.name })
            .from(listenEvaluate)
            .where(inArray(listenEvaluate.id, ids(4)))
        : [],
    ]);
    for (const [t, rows] of [
      [1, cs],
      [2, ss],
      [3, as],
      [4, ls],
    ] as const)
      for (const r of rows) out.set(`${t}:${r.id}`, r.n);
    return out;
  }

  private async states(accountId: number, ids: number[]): Promise<Map<number, "draft" | "submitted">> {
    const out = new Map<number, "draft" | "submitted">();
    if (!ids.length) return out;
    const rows = await this.db
      .select({ q: questionnaireResponse.questionnaire_id, s: questionnaireResponse.status })
      .from(questionnaireResponse)
      .where(and(eq(questionnaireResponse.respondent_key, keyOfAccount(accountId)), inArray(questionnaireResponse.questionnaire_id, ids)));
    for (const r of rows) if (r.s === 1 || !out.has(r.q)) out.set(r.q, r.s === 1 ? "submitted" : "draft");
    return out;
  }

  private async toRows(c: Caller | null, qs: readonly Q[], withState: boolean): Promise<QuestionnaireRow[]> {
    if (!qs.length) return [];
    const authors = [...new Set(qs.map((q) => q.account_id))];
    const [names, people, states] = await Promise.all([
      this.audienceNames(qs),
      this.db.select({ id: account.id, r: account.realname, u: account.username }).from(account).where(inArray(account.id, authors)),
      withState && c
        ? this.states(
            c.id,
            qs.map((q) => q.id),
          )
        : Promise.resolve(new Map<number, "draft" | "submitted">()),
    ]);
    const who = new Map(people.map((p) => [p.id, nameOf(p.r, p.u)]));
    const out: QuestionnaireRow[] = [];
    const cache = new Map<string, Promise<unknown>>();
    for (const q of qs) {
      const row: QuestionnaireRow = {
        id: q.id,
        title: q.title,
        introduce: q.introduce,
        status: q.status,
        status_name: QUESTIONNAIRE_STATUS_NAMES[q.status] ?? "",
        audience_type: q.audience_type,
        audience_id: q.audience_id,
        audience_name:
          q.audience_type === AUDIENCE_TYPES.link ? "链接" : (names.get(`${q.audience_type}:${q.audience_id}`) ?? AUDIENCE_TYPE_NAMES[q.audience_type] ?? ""),
        login_required: q.audience_type === AUDIENCE_TYPES.link ? q.login_required : 1,
        once_per_user: q.once_per_user,
        anonymous: q.anonymous,
        start_time: fmt(q.start_time),
        end_time: fmt(q.end_time),
        question_count: q.questions.length,
        response_count: q.response_count,
        account_id: q.account_id,
        author_name: who.get(q.account_id) ?? "",
        created_at: formatTime(q.created_at),
        published_at: fmt(q.published_at),
        can_manage: await this.manages(c, q, cache),
      };
      if (withState) row.my_state = states.get(q.id) ?? "none";
      out.push(row);
    }
    return out;
  }

  private async page(c: Caller, where: SQL | undefined, page: number, limit: number, withState: boolean): Promise<Page<QuestionnaireRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(questionnaire).where(where);
    const rows = await this.db
      .select()
      .from(questionnaire)
      .where(where)
      .orderBy(desc(questionnaire.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: await this.toRows(c, rows, withState), total: n, page, limit };
  }

  // ── managing ─────────────────────────────────────────────────────────────────────────────────────────────

  async list(c: Caller, p: QuestionnaireListPayload): Promise<Page<QuestionnaireRow>> {
    const where = and(
      await this.managedWhere(c),
      p.keyword ? ilike(questionnaire.title, likeOf(p.keyword)) : undefined,
      p.status !== undefined ? eq(questionnaire.status, p.status) : undefined,
      p.audience_type !== undefined ? eq(questionnaire.audience_type, p.audience_type) : undefined,
      p.community_id ? this.ofCommunity(p.community_id) : undefined,
    );
    return this.page(c, where, p.page, p.limit, false);
  }

  /** Questionnaires of a community: to its members, or to one of its activities. */
  private ofCommunity(cid: number): SQL {
    return or(
      and(eq(questionnaire.audience_type, AUDIENCE_TYPES.community), eq(questionnaire.audience_id, cid)),
      and(
        eq(questionnaire.audience_type, AUDIENCE_TYPES.activity),
        sql`${questionnaire.audience_id} in (select ${activity.id} from ${activity} where ${activity.community_id} = ${cid})`,
      ),
    )!;
  }

  async detail(c: Caller, id: number): Promise<QuestionnaireDetail> {
    const q = await this.managed(id, c);
    return this.detailOf(c, q);
  }

  private async detailOf(c: Caller, q: Q): Promise<QuestionnaireDetail> {
    const [row] = await this.toRows(c, [q], false);
    return { ...row!, questions: q.questions, questions_locked: q.response_count > 0 };
  }

  private checkTimes(start: Date | null, end: Date | null): void {
    if (start && end && end.getTime() <= start.getTime()) throw badInput("截止时间须晚于开始时间");
  }

  async save(c: Caller, p: QuestionnaireSavePayload): Promise<QuestionnaireDetail> {
    const audienceId = await this.audienceCheck(c, p.audience_type, p.audience_id);
    const problem = checkQuestions(p.questions);
    if (problem) throw badInput(problem);
    const start = parseTime(p.start_time, "开始时间") ?? null;
    const end = parseTime(p.end_time, "截止时间", true) ?? null;
    this.checkTimes(start, end);
    const [q] = await this.db
      .insert(questionnaire)
      .values({
        title: p.title,
        introduce: p.introduce,
        status: QUESTIONNAIRE_STATUS.draft,
        audience_type: p.audience_type,
        audience_id: audienceId,
        login_required: p.audience_type === AUDIENCE_TYPES.link ? p.login_required : 1,
        once_per_user: p.once_per_user,
        anonymous: p.anonymous,
        start_time: start,
        end_time: end,
        questions: p.questions,
        school_id: c.school_id,
        region_code: c.region_code ?? "",
        account_id: c.id,
        created_at: this.d.now(),
        updated_at: this.d.now(),
      })
      .returning();
    return this.detailOf(c, q!);
  }

  async update(c: Caller, p: QuestionnaireUpdatePayload, sent: ReadonlySet<string>): Promise<QuestionnaireDetail> {
    const q = await this.managed(p.id, c);
    const has = (k: keyof QuestionnaireUpdatePayload) => sent.has(k) && p[k] !== undefined;
    const patch: Partial<typeof questionnaire.$inferInsert> = {};
    if (has("title")) patch.title = p.title!;
    if (has("introduce")) patch.introduce = p.introduce!;
    if (has("questions") && stable(p.questions) !== stable(q.questions)) {
      if (q.response_count > 0) throw conflict(QUESTIONNAIRE_MESSAGES.locked);
      const problem = checkQuestions(p.questions!);
      if (problem) throw badInput(problem);
      if (q.status !== QUESTIONNAIRE_STATUS.draft && !p.questions!.length) throw badInput(QUESTIONNAIRE_MESSAGES.noQuestions);
      patch.questions = p.questions!;
    }
    if (has("audience_type") || has("audience_id")) {
      const type = p.audience_type ?? q.audience_type;
      let id = has("audience_id") ? p.audience_id! : type === q.audience_type ? q.audience_id : 0;
      // The builder may send the whole form back: "0 = the author's school" and a link's id are no change.
      if (type === AUDIENCE_TYPES.link) id = 0;
      if (type === AUDIENCE_TYPES.school && id === 0 && q.audience_type === AUDIENCE_TYPES.school) id = q.audience_id;
      if (type !== q.audience_type || id !== q.audience_id) {
        if (q.response_count > 0) throw conflict(QUESTIONNAIRE_MESSAGES.audienceLocked);
        patch.audience_type = type;
        patch.audience_id = await this.audienceCheck(c, type, id);
      }
    }
    const type = patch.audience_type ?? q.audience_type;
    if (has("login_required")) patch.login_required = type === AUDIENCE_TYPES.link ? p.login_required! : 1;
    else if (patch.audience_type !== undefined && type !== AUDIENCE_TYPES.link) patch.login_required = 1;
    if (has("once_per_user")) {
      if (p.once_per_user !== q.once_per_user && q.response_count > 0) throw conflict("已有人提交，每人限答次数不能再修改");
      patch.once_per_user = p.once_per_user!;
    }
    if (has("anonymous")) patch.anonymous = p.anonymous!;
    if (sent.has("start_time")) patch.start_time = parseTime(p.start_time ?? null, "开始时间") ?? null;
    if (sent.has("end_time")) patch.end_time = parseTime(p.end_time ?? null, "截止时间", true) ?? null;
    this.checkTimes(patch.start_time !== undefined ? patch.start_time : q.start_time, patch.end_time !== undefined ? patch.end_time : q.end_time);
    const u = await this.db.transaction(async (tx) => {
      // Questions change only while nobody has submitted: the guard is in the statement, so a submit racing this
      // update cannot slip between the check above and the write.
      const guard = patch.questions || patch.audience_type !== undefined || patch.audience_id !== undefined ? eq(questionnaire.response_count, 0) : undefined;
      const [row] = await tx
        .update(questionnaire)
        .set({ ...patch, updated_at: this.d.now() })
        .where(and(eq(questionnaire.id, q.id), guard))
        .returning();
      if (!row) throw conflict(QUESTIONNAIRE_MESSAGES.locked);
      await this.syncActivity(tx, row);
      return row;
    });
    return this.detailOf(c, u);
  }

  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const q = await this.managed(id, c);
    await this.db.transaction(async (tx) => {
      await tx.delete(questionnaireResponse).where(eq(questionnaireResponse.questionnaire_id, q.id));
      await tx.delete(questionnaire).where(eq(questionnaire.id, q.id));
      await this.d.activities.unregister(QUESTIONNAIRE_ACTIVITY, q.id, tx);
    });
    return { id };
  }

  async setStatus(c: Caller, id: number, status: number): Promise<QuestionnaireDetail> {
    const q = await this.managed(id, c);
    if (status === q.status) return this.detailOf(c, q);
    const now = this.d.now();
    const patch: Partial<typeof questionnaire.$inferInsert> = { status, updated_at: now };
    if (status === QUESTIONNAIRE_STATUS.published) {
      if (!q.questions.length) throw badInput(QUESTIONNAIRE_MESSAGES.noQuestions);
      const problem = checkQuestions(q.questions);
      if (problem) throw badInput(problem);
      if (!q.published_at) patch.published_at = now;
      patch.closed_at = null;
    } else if (status === QUESTIONNAIRE_STATUS.closed) {
      if (q.status !== QUESTIONNAIRE_STATUS.published) throw badInput("只有已发布的问卷可以结束");
      patch.closed_at = now;
    } else {
      if (q.response_count > 0) throw badInput("已有人提交，问卷不能改回草稿");
    }
    const u = await this.db.transaction(async (tx) => {
      const [row] = await tx.update(questionnaire).set(patch).where(eq(questionnaire.id, q.id)).returning();
      await this.syncActivity(tx, row!);
      return row!;
    });
    return this.detailOf(c, u);
  }

  async copy(c: Caller, id: number): Promise<QuestionnaireDetail> {
    const q = await this.managed(id, c);
    const title = `${q.title}（副本）`;
    const [n] = await this.db
      .insert(questionnaire)
      .values({
        title: title.length > 100 ? `${q.title.slice(0, 100 - 4)}（副本）` : title,
        introduce: q.introduce,
        status: QUESTIONNAIRE_STATUS.draft,
        audience_type: q.audience_type,
        audience_id: q.audience_id,
        login_required: q.login_required,
        once_per_user: q.once_per_user,
        anonymous: q.anonymous,
        start_time: q.start_time,
        end_time: q.end_time,
        questions: q.questions,
        school_id: c.school_id,
        region_code: c.region_code ?? "",
        account_id: c.id,
        created_at: this.d.now(),
        updated_at: this.d.now(),
      })
      .returning();
    return this.detailOf(c, n!);
  }

  /**
   * The community feed's activity (type "questionnaire"): published or closed questionnaires to a community or to a
   * community's activity have one; drafts and other audiences none (docs/decisions/1203).
   */
  private async syncActivity(tx: Tx, q: Q): Promise<void> {
    let communityId = 0;
    if (q.audience_type === AUDIENCE_TYPES.community) communityId = q.audience_id;
    if (q.audience_type === AUDIENCE_TYPES.activity) {
      const [a] = await tx.select({ c: activity.community_id }).from(activity).where(eq(activity.id, q.audience_id));
      communityId = a?.c ?? 0;
    }
    if (!communityId || q.status === QUESTIONNAIRE_STATUS.draft) {
      await this.d.activities.unregister(QUESTIONNAIRE_ACTIVITY, q.id, tx);
      return;
    }
    const start = q.start_time ?? q.published_at ?? this.d.now();
    let end =
      q.status === QUESTIONNAIRE_STATUS.closed && q.closed_at && (!q.end_time || q.closed_at < q.end_time)
        ? q.closed_at
        : (q.end_time ?? new Date(start.getTime() + 30 * DAY_MS));
    if (end.getTime() <= start.getTime()) end = new Date(start.getTime() + 60_000);
    await this.d.activities.register(tx, {
      type: QUESTIONNAIRE_ACTIVITY,
      ref_id: q.id,
      name: q.title,
      introduction: q.introduce,
      community_id: communityId,
      account_id: q.account_id,
      start_time: start,
      end_time: end,
    });
  }

  // ── lists for respondents ────────────────────────────────────────────────────────────────────────────────

  async communityList(c: Caller, p: { community_id: number; page: number; limit: number }): Promise<Page<QuestionnaireRow>> {
    const [row] = await this.db.select({ id: community.id }).from(community).where(eq(community.id, p.community_id));
    if (!row) throw notFound("社区不存在");
    if (!(await this.isMember(p.community_id, c.id))) throw forbidden("仅社区成员可以查看社区问卷");
    const where = and(ne(questionnaire.status, QUESTIONNAIRE_STATUS.draft), this.ofCommunity(p.community_id));
    return this.page(c, where, p.page, p.limit, true);
  }

  async mine(c: Caller, p: { page: number; limit: number; answered?: number }): Promise<Page<QuestionnaireRow>> {
    const key = keyOfAccount(c.id);
    const submitted = sql`${questionnaire.id} in (select ${questionnaireResponse.questionnaire_id} from ${questionnaireResponse} where ${questionnaireResponse.respondent_key} = ${key} and ${questionnaireResponse.status} = 1)`;
    const touched = sql`${questionnaire.id} in (select ${questionnaireResponse.questionnaire_id} from ${questionnaireResponse} where ${questionnaireResponse.respondent_key} = ${key})`;
    const mayAnswer = or(this.audienceSql(c), and(eq(questionnaire.audience_type, AUDIENCE_TYPES.link), touched));
    let where: SQL | undefined;
    if (p.answered === 1) where = and(ne(questionnaire.status, QUESTIONNAIRE_STATUS.draft), mayAnswer, submitted);
    // Still to answer: published, not past its end, not submitted.
    else if (p.answered === 0)
      where = and(
        eq(questionnaire.status, QUESTIONNAIRE_STATUS.published),
        or(isNull(questionnaire.end_time), gt(questionnaire.end_time, this.d.now())),
        mayAnswer,
        sql`not ${submitted}`,
      );
    else
      where = and(
        mayAnswer,
        or(eq(questionnaire.status, QUESTIONNAIRE_STATUS.published), and(eq(questionnaire.status, QUESTIONNAIRE_STATUS.closed), submitted)),
      );
    return this.page(c, where, p.page, p.limit, true);
  }

  async ofListen(c: Caller, listenId: number): Promise<QuestionnaireRow[]> {
    const [r] = await this.db
      .select({ account_id: listenEvaluate.account_id, ids: listenEvaluate.questionnaire_ids })
      .from(listenEvaluate)
      .where(eq(listenEvaluate.id, listenId));
    if (!r) throw notFound("听评课不存在或已删除");
    const creator = r.account_id === c.id;
    if (!creator) {
      const [m] = await this.db
        .select({ a: listenMember.account_id })
        .from(listenMember)
        .where(and(eq(listenMember.record_id, listenId), eq(listenMember.account_id, c.id)));
      if (!m) throw forbidden("仅听评课的发起人和参与人可以查看其问卷");
    }
    const ids = [...new Set((r.ids ?? []).filter((x) => Number.isInteger(x) && x > 0))];
    if (!ids.length) return [];
    const rows = await this.db
      .select()
      .from(questionnaire)
      .where(and(inArray(questionnaire.id, ids), creator ? undefined : ne(questionnaire.status, QUESTIONNAIRE_STATUS.draft)))
      .orderBy(desc(questionnaire.id));
    return this.toRows(c, rows, true);
  }

  // ── answering ────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The respondent: a session (required for every audience but a link without login: 1025 so the page sends the
   * user to /login), or the browser key. `mustKey`: draft and submit need one of the two.
   */
  private async respondent(
    auth: { accountId: number } | null,
    key: string | undefined,
    q: Q,
    mustKey: boolean,
  ): Promise<{ r: Respondent | null; c: Caller | null }> {
    const anonymousOk = q.audience_type === AUDIENCE_TYPES.link && q.login_required === 0;
    if (auth) {
      const c = await this.me(auth.accountId);
      return { r: { key: keyOfAccount(c.id), accountId: c.id, schoolId: c.school_id }, c };
    }
    if (!anonymousOk) throw sessionInvalid();
    if (!key) {
      if (mustKey) throw badInput(QUESTIONNAIRE_MESSAGES.keyNeeded);
      return { r: null, c: null };
    }
    return { r: { key: `k:${key}`, accountId: 0, schoolId: 0 }, c: null };
  }

  private timeState(q: Q): "open" | "not_started" | "ended" {
    const now = this.d.now().getTime();
    if (q.status === QUESTIONNAIRE_STATUS.closed) return "ended";
    if (q.start_time && q.start_time.getTime() > now) return "not_started";
    if (q.end_time && q.end_time.getTime() < now) return "ended";
    return "open";
  }

  /**
   * The questionnaire for answering: drafts are seen only by managers (404 for others); 403 outside the audience.
   * `preview` (the form): managers see it even outside the audience; draft and submit only the audience.
   */
  private async forAnswer(
    id: number,
    auth: { accountId: number } | null,
    key: string | undefined,
    preview: boolean,
  ): Promise<{ q: Q; r: Respondent | null; manager: boolean }> {
    const q = await this.get(id);
    const { r, c } = await this.respondent(auth, key, q, !preview);
    const manager = await this.manages(c, q);
    if (q.status === QUESTIONNAIRE_STATUS.draft && !manager) throw notFound(QUESTIONNAIRE_MESSAGES.notFound);
    if (r?.accountId && !(preview && manager) && !(await this.mayAnswer(r.accountId, r.schoolId, q))) throw forbidden(QUESTIONNAIRE_MESSAGES.notAudience);
    return { q, r, manager };
  }

  async form(auth: { accountId: number } | null, p: { id: number; key?: string }): Promise<QuestionnaireForm> {
    const { q, r } = await this.forAnswer(p.id, auth, p.key, true);
    const mine: Resp[] = r
      ? await this.db
          .select()
          .from(questionnaireResponse)
          .where(and(eq(questionnaireResponse.questionnaire_id, q.id), eq(questionnaireResponse.respondent_key, r.key)))
      : [];
    const draft = mine.find((x) => x.status === 0);
    const done = mine.filter((x) => x.status === 1).sort((a, b) => (b.submitted_at?.getTime() ?? 0) - (a.submitted_at?.getTime() ?? 0))[0];
    let state: QuestionnaireForm["state"] = q.status === QUESTIONNAIRE_STATUS.draft ? "not_started" : this.timeState(q);
    if (q.once_per_user && done) state = "already_submitted";
    return {
      id: q.id,
      title: q.title,
      introduce: q.introduce,
      status: q.status,
      anonymous: q.anonymous,
      once_per_user: q.once_per_user,
      end_time: fmt(q.end_time),
      questions: q.questions,
      answers: this.stillValid(q, draft?.answers ?? {}),
      saved_at: fmt(draft?.updated_at),
      state,
      submitted_at: fmt(done?.submitted_at),
    };
  }

  /** A draft's answers that still fit the questions (they may have changed while nobody had submitted). */
  private stillValid(q: Q, answers: Answers): Answers {
    const out: Answers = {};
    for (const question of q.questions) {
      const a = answers[question.id];
      if (a !== undefined && !checkAnswer(question, a, false)) out[question.id] = a;
    }
    return out;
  }

  /** Open for answers: published and within its time (400 问卷未开始 / 问卷已结束 otherwise). */
  private openOrThrow(q: Q): void {
    if (q.status === QUESTIONNAIRE_STATUS.draft) throw badInput(QUESTIONNAIRE_MESSAGES.notOpen);
    const s = this.timeState(q);
    if (s === "not_started") throw badInput(QUESTIONNAIRE_MESSAGES.notStarted);
    if (s === "ended") throw badInput(QUESTIONNAIRE_MESSAGES.ended);
  }

  private checkIds(q: Q, answers: Answers): void {
    const ids = new Set(q.questions.map((x) => x.id));
    if (Object.keys(answers).some((k) => !ids.has(k))) throw badInput(QUESTIONNAIRE_MESSAGES.unknownQuestion);
  }

  private async alreadySubmitted(q: Q, r: Respondent): Promise<boolean> {
    if (!q.once_per_user) return false;
    const [x] = await this.db
      .select({ id: questionnaireResponse.id })
      .from(questionnaireResponse)
      .where(and(eq(questionnaireResponse.questionnaire_id, q.id), eq(questionnaireResponse.respondent_key, r.key), eq(questionnaireResponse.status, 1)));
    return !!x;
  }

  async draft(auth: { accountId: number } | null, p: { id: number; key?: string; answers: Answers }): Promise<QuestionnaireSaved> {
    const { q, r } = await this.forAnswer(p.id, auth, p.key, false);
    this.openOrThrow(q);
    this.checkIds(q, p.answers);
    for (const [i, question] of q.questions.entries()) {
      const problem = checkAnswer(question, p.answers[question.id], false);
      if (problem) throw badInput(`第 ${i + 1} 题: ${problem}`);
    }
    if (await this.alreadySubmitted(q, r!)) throw conflict(QUESTIONNAIRE_MESSAGES.already);
    const now = this.d.now();
    await this.db
      .insert(questionnaireResponse)
      .values({
        questionnaire_id: q.id,
        account_id: r!.accountId,
        respondent_key: r!.key,
        status: 0,
        answers: p.answers,
        school_id: r!.schoolId,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: [questionnaireResponse.questionnaire_id, questionnaireResponse.respondent_key],
        targetWhere: sql`status = 0`,
        set: { answers: p.answers, updated_at: now },
      });
    return { saved_at: formatTime(now) };
  }

  async submit(auth: { accountId: number } | null, p: { id: number; key?: string; answers: Answers }): Promise<QuestionnaireSubmitted> {
    const { q, r: who } = await this.forAnswer(p.id, auth, p.key, false);
    const r = who!;
    this.openOrThrow(q);
    this.checkIds(q, p.answers);
    // Along the skip path: answers off it are dropped; each on it checked as final.
    const path = questionPath(q.questions, p.answers);
    const kept: Answers = {};
    for (const question of path) {
      const i = q.questions.findIndex((x) => x.id === question.id);
      const a = p.answers[question.id];
      const problem = checkAnswer(question, a, true);
      if (problem) throw badInput(`第 ${i + 1} 题: ${problem}`);
      if (a !== undefined) kept[question.id] = a;
    }
    if (await this.alreadySubmitted(q, r)) throw conflict(QUESTIONNAIRE_MESSAGES.already);
    const now = this.d.now();
    const onceKey = q.once_per_user ? r.key : null;
    try {
      const id = await this.db.transaction(async (tx) => {
        // The draft becomes the response (or a new row): the unique once_key lets only one submit of a respondent land.
        const [fromDraft] = await tx
          .update(questionnaireResponse)
          .set({ status: 1, answers: kept, once_key: onceKey, submitted_at: now, updated_at: now, account_id: r.accountId, school_id: r.schoolId })
          .where(and(eq(questionnaireResponse.questionnaire_id, q.id), eq(questionnaireResponse.respondent_key, r.key), eq(questionnaireResponse.status, 0)))
          .returning({ id: questionnaireResponse.id });
        let rid = fromDraft?.id;
        if (!rid) {
          const [ins] = await tx
            .insert(questionnaireResponse)
            .values({
              questionnaire_id: q.id,
              account_id: r.accountId,
              respondent_key: r.key,
              once_key: onceKey,
              status: 1,
              answers: kept,
              school_id: r.schoolId,
              submitted_at: now,
              created_at: now,
              updated_at: now,
            })
            .returning({ id: questionnaireResponse.id });
          rid = ins!.id;
        }
        await tx
          .update(questionnaire)
          .set({ response_count: sql`${questionnaire.response_count} + 1` })
          .where(eq(questionnaire.id, q.id));
        return rid;
      });
      return { response_id: id, submitted_at: formatTime(now) };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(QUESTIONNAIRE_MESSAGES.already);
      throw e;
    }
  }

  // ── results (managers) ───────────────────────────────────────────────────────────────────────────────────

  private async submitted(q: Q): Promise<SubmittedResponse[]> {
    const rows = await this.db
      .select({
        id: questionnaireResponse.id,
        answers: questionnaireResponse.answers,
        submitted_at: questionnaireResponse.submitted_at,
        account_id: questionnaireResponse.account_id,
        realname: account.realname,
        username: account.username,
        school: school.title,
      })
      .from(questionnaireResponse)
      .leftJoin(account, eq(account.id, questionnaireResponse.account_id))
      .leftJoin(school, eq(school.id, questionnaireResponse.school_id))
      .where(and(eq(questionnaireResponse.questionnaire_id, q.id), eq(questionnaireResponse.status, 1)))
      .orderBy(questionnaireResponse.submitted_at, questionnaireResponse.id);
    return rows.map((x) => ({
      id: x.id,
      answers: x.answers ?? {},
      submitted_at: x.submitted_at ?? new Date(0),
      respondent: q.anonymous || !x.account_id ? "匿名" : nameOf(x.realname, x.username) || "匿名",
      school_name: q.anonymous ? "" : (x.school ?? ""),
    }));
  }

  async results(c: Caller, id: number): Promise<QuestionnaireResults> {
    const q = await this.managed(id, c);
    const rs = await this.submitted(q);
    return { id: q.id, title: q.title, response_count: rs.length, daily: dailyCounts(rs), questions: questionResults(q.questions, rs) };
  }

  private question(q: Q, qid: string): Question {
    const x = q.questions.find((y) => y.id === qid);
    if (!x) throw badInput(`题目 ${qid} 不存在`);
    return x;
  }

  async crossTab(c: Caller, p: { id: number; row_question: string; col_question: string }): Promise<QuestionnaireCrossTab> {
    const q = await this.managed(p.id, c);
    const rq = this.question(q, p.row_question);
    const cq = this.question(q, p.col_question);
    if (!CROSS_TYPES.has(rq.type) || !CROSS_TYPES.has(cq.type)) throw badInput("交叉分析只能用于单选、多选或评分题");
    if (rq.id === cq.id) throw badInput("请选择两道不同的题目");
    return crossTab(rq, cq, await this.submitted(q));
  }

  async textAnswers(c: Caller, p: { id: number; question_id: string; page: number; limit: number; keyword?: string }): Promise<QuestionnaireTextAnswers> {
    const q = await this.managed(p.id, c);
    const question = this.question(q, p.question_id);
    if (question.type !== "text") throw badInput("只有填空题有文字回答");
    const all = (await this.submitted(q))
      .map((r) => ({ response_id: r.id, respondent: r.respondent, text: r.answers[question.id], submitted_at: r.submitted_at }))
      .filter((r): r is { response_id: number; respondent: string; text: string; submitted_at: Date } => typeof r.text === "string" && r.text.trim() !== "");
    const keywords = keywordCounts(
      all.map((r) => r.text),
      50,
    );
    const kw = p.keyword?.toLowerCase();
    const hits = (kw ? all.filter((r) => r.text.toLowerCase().includes(kw)) : all).reverse();
    return {
      list: hits.slice((p.page - 1) * p.limit, p.page * p.limit).map((r) => ({ ...r, submitted_at: formatTime(r.submitted_at) })),
      total: hits.length,
      page: p.page,
      limit: p.limit,
      keywords,
    };
  }

  async responses(c: Caller, p: { id: number; page: number; limit: number }): Promise<Page<QuestionnaireResponseRow>> {
    const q = await this.managed(p.id, c);
    const all = (await this.submitted(q)).reverse();
    return {
      list: all.slice((p.page - 1) * p.limit, p.page * p.limit).map((r) => ({
        id: r.id,
        respondent: r.respondent,
        school_name: r.school_name,
        submitted_at: formatTime(r.submitted_at),
        answered: Object.values(r.answers).filter((a) => !isEmptyAnswer(a)).length,
      })),
      total: all.length,
      page: p.page,
      limit: p.limit,
    };
  }

  async exportXlsx(c: Caller, id: number): Promise<FileAnswer> {
    const q = await this.managed(id, c);
    const buf = await buildQuestionnaireExport(q.title, q.questions, await this.submitted(q));
    const safe = q.title.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60) || "问卷";
    return { filename: `${safe}_结果.xlsx`, mime: XLSX_MIME, file: buf.toString("base64") };
  }
}
