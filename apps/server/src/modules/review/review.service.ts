/**
 * Review activities (评课活动; issue #11; docs/api/review.md, docs/decisions/1120–1124).
 *
 * Managers of an activity: its creator, and administrators whose scope covers it (platform administrators every
 * activity; a district administrator the activities of the schools and regions at or below his region; a school
 * administrator his school's). Anonymous visitors and everyone else see an activity from phase 1 on, its works from
 * phase 2 on, and scores and ranks only in phase 4. Weighted totals are #9's (listen-score.ts totalScore).
 */
import {
  REVIEW_PHASE_NAMES,
  REVIEW_PHASES,
  REVIEW_WORK_STATUS,
  TIME_ZONE,
  type ListenSchemeNode,
  type Page,
  type ReviewActivityRow,
  type ReviewAllocateAnswer,
  type ReviewAllocatePayload,
  type ReviewAllocation,
  type ReviewAssignment,
  type ReviewDetail,
  type ReviewDocument,
  type ReviewItemMean,
  type ReviewListPayload,
  type ReviewMe,
  type ReviewMineRow,
  type ReviewMyScore,
  type ReviewResultRow,
  type ReviewResults,
  type ReviewReviewerRow,
  type ReviewReviewers,
  type ReviewSavePayload,
  type ReviewScoreAnswer,
  type ReviewScoreSavePayload,
  type ReviewScoreState,
  type ReviewSetPhaseAnswer,
  type ReviewSignupRow,
  type ReviewUpdatePayload,
  type ReviewWorkDetail,
  type ReviewWorkListPayload,
  type ReviewWorkRow,
  type ReviewWorkSavePayload,
  type ReviewWorkUpdatePayload,
  type ReviewActivityPagePayload,
  type VideoRow,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, asc, desc, eq, gte, ilike, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { FileService } from "../file/file.service.js";
import { storedFile } from "../file/file.schema.js";
import { loadScheme } from "../listen/listen.service.js";
import { lectureIndicator } from "../listen/listen.schema.js";
import { itemsOf, totalScore } from "../listen/listen-score.js";
import { grade, period, region, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { manages, managedWhere, regionsUnder, schoolsUnder } from "../org/owned-scope.js";
import { scopeOf } from "../rbac/permission.js";
import type { VideoService } from "../video/video.service.js";
import { video } from "../video/video.schema.js";
import { AllocationError, allocate, rankScores } from "./review-allocate.js";
import { reviewActivity, reviewReviewer, reviewScore, reviewSignup, reviewWork } from "./review.schema.js";

type Activity = typeof reviewActivity.$inferSelect;
type Work = typeof reviewWork.$inferSelect;
type ScoreRow = typeof reviewScore.$inferSelect;
type In<T extends z.ZodType> = z.output<T>;

export const REVIEW_MESSAGES = {
  notFound: "评课活动不存在",
  workNotFound: "作品不存在",
  notManager: "您不是该活动的组织者，无权操作",
  adminOnly: "仅管理员可以创建评课活动",
  scheme: "评价量表不存在或不可用（需为平台或本校启用的量表，且至少有一个评分项）",
  teacherOnly: "仅教师可以报名参加评课活动",
  notAssigned: "您不是该作品的评审专家",
} as const;

const round2 = (v: number): number => Math.round(v * 100) / 100;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function parseDate(s: string | null | undefined): Date | null | undefined {
  if (s === undefined) return undefined;
  if (s === null || s === "") return null;
  const d = dayjs.tz(s.replace("T", " "), TIME_ZONE);
  if (!d.isValid()) throw badInput("日期无效");
  return d.toDate();
}

function stateOf(s: Pick<ScoreRow, "submitted_at" | "scores" | "comment"> | undefined): ReviewScoreState {
  if (!s) return "todo";
  if (s.submitted_at) return "submitted";
  return Object.keys(s.scores ?? {}).length || s.comment ? "draft" : "todo";
}

export interface ReviewServiceDeps {
  db: Db;
  files: FileService;
  videos: VideoService;
  /** The caller's row (id, identity, school, region). */
  subject(accountId: number): Promise<Caller>;
}

export class ReviewService {
  private readonly db: Db;
  constructor(private readonly d: ReviewServiceDeps) {
    this.db = d.db;
  }

  me(accountId: number): Promise<Caller> {
    return this.d.subject(accountId);
  }

  // ── scope ────────────────────────────────────────────────────────────────────────────────────────────────

  private regionsUnder(code: string): Promise<string[]> {
    return regionsUnder(this.db, code);
  }

  private schoolsUnder(code: string): Promise<number[]> {
    return schoolsUnder(this.db, code);
  }

  /** SQL for the activities the caller manages (undefined = all). */
  private managedWhere(c: Caller): Promise<SQL | undefined> {
    return managedWhere(this.db, c, reviewActivity);
  }

  manages(c: Caller | null, a: Activity): Promise<boolean> {
    return manages(this.db, c, a);
  }

  /** Is the account's school within the activity's scope? */
  private async inScope(a: Activity, schoolId: number): Promise<boolean> {
    if (a.school_id) return schoolId === a.school_id;
    if (a.region_code) return schoolId !== 0 && (await this.schoolsUnder(a.region_code)).includes(schoolId);
    return true;
  }

  private async activity(id: number, db: Db | Tx = this.db): Promise<Activity> {
    const [a] = await db.select().from(reviewActivity).where(eq(reviewActivity.id, id));
    if (!a) throw notFound(REVIEW_MESSAGES.notFound);
    return a;
  }

  /** The activity as the caller may see it: drafts only for managers (404 for others). */
  private async visible(id: number, c: Caller | null): Promise<{ a: Activity; manager: boolean }> {
    const a = await this.activity(id);
    const manager = await this.manages(c, a);
    if (a.phase === REVIEW_PHASES.draft && !manager) throw notFound(REVIEW_MESSAGES.notFound);
    return { a, manager };
  }

  private async managed(id: number, c: Caller): Promise<Activity> {
    const a = await this.activity(id);
    if (!(await this.manages(c, a))) throw forbidden(REVIEW_MESSAGES.notManager);
    return a;
  }

  private async checkScheme(indicatorId: number, schoolId: number): Promise<void> {
    const [root] = await this.db.select().from(lectureIndicator).where(eq(lectureIndicator.id, indicatorId));
    if (root?.level !== 1 || root.pid !== 0 || root.status !== 1 || (root.school_id !== 0 && root.school_id !== schoolId))
      throw badInput(REVIEW_MESSAGES.scheme);
    const scheme = await loadScheme(this.db, indicatorId);
    if (!itemsOf(scheme).length) throw badInput(REVIEW_MESSAGES.scheme);
  }

  /** The scope a manager may give an activity (school, region or the platform). */
  private async checkScopeFor(c: Caller, schoolId: number, regionCode: string): Promise<void> {
    const sc = scopeOf(c);
    if (sc.kind === "all") {
      if (schoolId) {
        const [s] = await this.db.select({ id: school.id }).from(school).where(eq(school.id, schoolId));
        if (!s) throw notFound("学校不存在");
      } else if (regionCode) {
        const [r] = await this.db.select({ id: region.id }).from(region).where(eq(region.region_code, regionCode));
        if (!r) throw notFound("区域不存在");
      }
      return;
    }
    if (sc.kind === "school") {
      if (schoolId !== sc.schoolId) throw forbidden("学校管理员只能为本校创建评课活动");
      return;
    }
    if (sc.kind === "region") {
      if (schoolId) {
        if (!(await this.schoolsUnder(sc.code)).includes(schoolId)) throw forbidden("该学校不在您的管理范围内");
        return;
      }
      if (!regionCode || !(await this.regionsUnder(sc.code)).includes(regionCode)) throw forbidden("该区域不在您的管理范围内");
      return;
    }
    throw forbidden(REVIEW_MESSAGES.adminOnly);
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async toRows(acts: Activity[]): Promise<ReviewActivityRow[]> {
    if (!acts.length) return [];
    const ids = acts.map((a) => a.id);
    const schoolIds = [...new Set(acts.map((a) => a.school_id).filter(Boolean))];
    const codes = [...new Set(acts.map((a) => a.region_code).filter(Boolean))];
    const periodIds = [...new Set(acts.map((a) => a.period_id).filter(Boolean))];
    const subjectIds = [...new Set(acts.map((a) => a.subject_id).filter(Boolean))];
    const indIds = [...new Set(acts.map((a) => a.indicator_id).filter(Boolean))];
    const accIds = [...new Set(acts.map((a) => a.account_id).filter(Boolean))];
    const [schools, regions, periods, subjects, inds, accs, signups, works, reviewers] = await Promise.all([
      schoolIds.length ? this.db.select({ id: school.id, name: school.title }).from(school).where(inArray(school.id, schoolIds)) : [],
      codes.length ? this.db.select({ code: region.region_code, name: region.name }).from(region).where(inArray(region.region_code, codes)) : [],
      periodIds.length ? this.db.select({ id: period.id, name: period.name }).from(period).where(inArray(period.id, periodIds)) : [],
      subjectIds.length ? this.db.select({ id: subject.id, name: subject.name }).from(subject).where(inArray(subject.id, subjectIds)) : [],
      indIds.length
        ? this.db.select({ id: lectureIndicator.id, name: lectureIndicator.name }).from(lectureIndicator).where(inArray(lectureIndicator.id, indIds))
        : [],
      accIds.length
        ? this.db.select({ id: account.id, name: account.realname, username: account.username }).from(account).where(inArray(account.id, accIds))
        : [],
      this.db
        .select({ id: reviewSignup.activity_id, n: sql<number>`count(*)::int` })
        .from(reviewSignup)
        .where(inArray(reviewSignup.activity_id, ids))
        .groupBy(reviewSignup.activity_id),
      this.db
        .select({ id: reviewWork.activity_id, n: sql<number>`count(*)::int` })
        .from(reviewWork)
        .where(and(inArray(reviewWork.activity_id, ids), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)))
        .groupBy(reviewWork.activity_id),
      this.db
        .select({ id: reviewReviewer.activity_id, n: sql<number>`count(*)::int` })
        .from(reviewReviewer)
        .where(inArray(reviewReviewer.activity_id, ids))
        .groupBy(reviewReviewer.activity_id),
    ]);
    const m = <K, V>(rows: { k: K; v: V }[]) => new Map(rows.map((r) => [r.k, r.v]));
    const schoolName = m(schools.map((r) => ({ k: r.id, v: r.name })));
    const regionName = m(regions.map((r) => ({ k: r.code, v: r.name })));
    const periodName = m(periods.map((r) => ({ k: r.id, v: r.name })));
    const subjectName = m(subjects.map((r) => ({ k: r.id, v: r.name })));
    const indName = m(inds.map((r) => ({ k: r.id, v: r.name })));
    const accName = m(accs.map((r) => ({ k: r.id, v: r.name || r.username })));
    const cnt = (rows: { id: number; n: number }[]) => m(rows.map((r) => ({ k: r.id, v: r.n })));
    const sN = cnt(signups);
    const wN = cnt(works);
    const rN = cnt(reviewers);
    return acts.map((a) => ({
      id: a.id,
      title: a.title,
      introduce: a.introduce,
      cover_url: a.cover_url,
      school_id: a.school_id,
      school_name: schoolName.get(a.school_id) ?? "",
      region_code: a.region_code,
      region_name: regionName.get(a.region_code) ?? "",
      scope_name: a.school_id ? (schoolName.get(a.school_id) ?? "") : a.region_code ? (regionName.get(a.region_code) ?? a.region_code) : "全平台",
      period_id: a.period_id,
      period_name: periodName.get(a.period_id) ?? "",
      subject_id: a.subject_id,
      subject_name: subjectName.get(a.subject_id) ?? "",
      indicator_id: a.indicator_id,
      indicator_name: indName.get(a.indicator_id) ?? "",
      phase: a.phase,
      phase_name: REVIEW_PHASE_NAMES[a.phase] ?? "",
      signup_start: formatTime(a.signup_start),
      signup_end: formatTime(a.signup_end),
      submit_end: formatTime(a.submit_end),
      review_end: formatTime(a.review_end),
      reviewers_per_work: a.reviewers_per_work,
      allocate_mode: a.allocate_mode,
      account_id: a.account_id,
      account_name: accName.get(a.account_id) ?? "",
      view_count: a.view_count,
      signup_count: sN.get(a.id) ?? 0,
      work_count: wN.get(a.id) ?? 0,
      reviewer_count: rN.get(a.id) ?? 0,
      created_at: formatTime(a.created_at),
      updated_at: formatTime(a.updated_at),
    }));
  }

  private async row(a: Activity): Promise<ReviewActivityRow> {
    return (await this.toRows([a]))[0]!;
  }

  private async videoRow(id: number): Promise<VideoRow | null> {
    if (!id) return null;
    return this.d.videos.row(id).catch(() => null);
  }

  private async workRows(works: Work[], phase: number): Promise<ReviewWorkRow[]> {
    if (!works.length) return [];
    const accIds = [...new Set(works.map((w) => w.account_id))];
    const schoolIds = [...new Set(works.map((w) => w.school_id).filter(Boolean))];
    const subjectIds = [...new Set(works.map((w) => w.subject_id).filter(Boolean))];
    const gradeIds = [...new Set(works.map((w) => w.grade_id).filter(Boolean))];
    const [accs, schools, subjects, grades, covers] = await Promise.all([
      this.db.select({ id: account.id, name: account.realname, username: account.username }).from(account).where(inArray(account.id, accIds)),
      schoolIds.length ? this.db.select({ id: school.id, name: school.title }).from(school).where(inArray(school.id, schoolIds)) : [],
      subjectIds.length ? this.db.select({ id: subject.id, name: subject.name }).from(subject).where(inArray(subject.id, subjectIds)) : [],
      gradeIds.length ? this.db.select({ id: grade.id, name: grade.name }).from(grade).where(inArray(grade.id, gradeIds)) : [],
      Promise.all(works.map(async (w) => (w.cover_url ? w.cover_url : ((await this.videoRow(w.video_id))?.thumbnail_url ?? "")))),
    ]);
    const accName = new Map(accs.map((r) => [r.id, r.name || r.username]));
    const schoolName = new Map(schools.map((r) => [r.id, r.name]));
    const subjectName = new Map(subjects.map((r) => [r.id, r.name]));
    const gradeName = new Map(grades.map((r) => [r.id, r.name]));
    const published = phase === REVIEW_PHASES.result;
    return works.map((w, i) => ({
      id: w.id,
      activity_id: w.activity_id,
      account_id: w.account_id,
      account_name: accName.get(w.account_id) ?? "",
      school_id: w.school_id,
      school_name: schoolName.get(w.school_id) ?? "",
      title: w.title,
      introduce: w.introduce,
      subject_id: w.subject_id,
      subject_name: subjectName.get(w.subject_id) ?? "",
      grade_id: w.grade_id,
      grade_name: gradeName.get(w.grade_id) ?? "",
      video_id: w.video_id,
      file_count: w.file_ids.length,
      cover_url: covers[i] ?? "",
      status: w.status,
      view_count: w.view_count,
      score: published ? (w.score ?? null) : null,
      rank: published ? (w.rank ?? null) : null,
      created_at: formatTime(w.created_at),
    }));
  }

  // ── activities ───────────────────────────────────────────────────────────────────────────────────────────

  private listWhere(p: In<typeof ReviewListPayload>): SQL[] {
    const conds: SQL[] = [];
    if (p.phase !== undefined) conds.push(eq(reviewActivity.phase, p.phase));
    if (p.subject_id) conds.push(eq(reviewActivity.subject_id, p.subject_id));
    if (p.period_id) conds.push(eq(reviewActivity.period_id, p.period_id));
    if (p.keyword) conds.push(or(ilike(reviewActivity.title, likeOf(p.keyword)), ilike(reviewActivity.introduce, likeOf(p.keyword)))!);
    return conds;
  }

  private async page(where: SQL | undefined, page: number, limit: number): Promise<Page<ReviewActivityRow>> {
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(reviewActivity).where(where);
    const rows = await this.db
      .select()
      .from(reviewActivity)
      .where(where)
      .orderBy(asc(sql`case when ${reviewActivity.phase} = 4 then 1 else 0 end`), desc(reviewActivity.created_at), desc(reviewActivity.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list: await this.toRows(rows), total: n, page, limit };
  }

  /** Public: published activities (phase ≥ 1). */
  async publicList(p: In<typeof ReviewListPayload>): Promise<Page<ReviewActivityRow>> {
    if (p.phase === REVIEW_PHASES.draft) return { list: [], total: 0, page: p.page, limit: p.limit };
    return this.page(and(gte(reviewActivity.phase, 1), ...this.listWhere(p)), p.page, p.limit);
  }

  /** The activities the caller manages, drafts included. */
  async list(c: Caller, p: In<typeof ReviewListPayload>): Promise<Page<ReviewActivityRow>> {
    return this.page(and(await this.managedWhere(c), ...this.listWhere(p)), p.page, p.limit);
  }

  async detail(c: Caller | null, id: number): Promise<ReviewDetail> {
    const { a, manager } = await this.visible(id, c);
    await this.db
      .update(reviewActivity)
      .set({ view_count: sql`${reviewActivity.view_count} + 1` })
      .where(eq(reviewActivity.id, id));
    a.view_count += 1;
    const me: ReviewMe = {
      logged_in: Boolean(c),
      is_manager: manager,
      signed_up: false,
      eligible: false,
      signup_hint: "",
      my_work_id: 0,
      is_reviewer: false,
      assigned_count: 0,
      submitted_count: 0,
    };
    if (c) {
      const [su] = await this.db
        .select()
        .from(reviewSignup)
        .where(and(eq(reviewSignup.activity_id, id), eq(reviewSignup.account_id, c.id)));
      me.signed_up = Boolean(su);
      const [w] = await this.db
        .select({ id: reviewWork.id })
        .from(reviewWork)
        .where(and(eq(reviewWork.activity_id, id), eq(reviewWork.account_id, c.id), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)));
      me.my_work_id = w?.id ?? 0;
      const [rv] = await this.db
        .select()
        .from(reviewReviewer)
        .where(and(eq(reviewReviewer.activity_id, id), eq(reviewReviewer.account_id, c.id)));
      const mine = await this.db
        .select()
        .from(reviewScore)
        .where(and(eq(reviewScore.activity_id, id), eq(reviewScore.reviewer_id, c.id)));
      me.is_reviewer = Boolean(rv) || mine.length > 0;
      me.assigned_count = mine.length;
      me.submitted_count = mine.filter((s) => s.submitted_at).length;
      me.signup_hint = me.signed_up ? "" : await this.signupHint(c, a);
      me.eligible = me.signed_up || me.signup_hint === "" || me.signup_hint === "当前不在报名阶段";
    }
    return { ...(await this.row(a)), scheme: await loadScheme(this.db, a.indicator_id), me };
  }

  /** Why the caller may not sign up now ("" when he may). */
  private async signupHint(c: Caller, a: Activity): Promise<string> {
    if (c.identity !== 2) return REVIEW_MESSAGES.teacherOnly;
    if (!(await this.inScope(a, c.school_id))) return `本活动面向${a.school_id ? "本校" : a.region_code ? "本区域" : "全平台"}教师，您不在报名范围内`;
    if (a.phase !== REVIEW_PHASES.signup) return "当前不在报名阶段";
    return "";
  }

  private async values(c: Caller, p: Partial<In<typeof ReviewSavePayload>>, schoolId: number) {
    const v: Partial<typeof reviewActivity.$inferInsert> = {};
    if (p.title !== undefined) v.title = p.title;
    if (p.introduce !== undefined) v.introduce = p.introduce;
    if (p.cover_url !== undefined) v.cover_url = p.cover_url;
    if (p.period_id !== undefined) v.period_id = p.period_id;
    if (p.subject_id !== undefined) v.subject_id = p.subject_id;
    if (p.indicator_id !== undefined) {
      await this.checkScheme(p.indicator_id, schoolId);
      v.indicator_id = p.indicator_id;
    }
    for (const k of ["signup_start", "signup_end", "submit_end", "review_end"] as const) {
      const d = parseDate(p[k]);
      if (d !== undefined) v[k] = d;
    }
    if (p.reviewers_per_work !== undefined) v.reviewers_per_work = p.reviewers_per_work;
    if (p.allocate_mode !== undefined) v.allocate_mode = p.allocate_mode;
    void c;
    return v;
  }

  private checkDates(a: Pick<Activity, "signup_start" | "signup_end" | "submit_end" | "review_end">): void {
    const seq = [a.signup_start, a.signup_end, a.submit_end, a.review_end];
    let prev: Date | null = null;
    for (const d of seq) {
      if (!d) continue;
      if (prev && d.getTime() < prev.getTime()) throw badInput("各阶段日期须依次为：报名开始 ≤ 报名截止 ≤ 作品提交截止 ≤ 评审截止");
      prev = d;
    }
  }

  async save(c: Caller, p: In<typeof ReviewSavePayload>): Promise<ReviewActivityRow> {
    const sc = scopeOf(c);
    if (sc.kind === "none") throw forbidden(REVIEW_MESSAGES.adminOnly);
    let schoolId = p.school_id ?? 0;
    let regionCode = schoolId ? "" : (p.region_code ?? "");
    if (!schoolId && !regionCode) {
      if (sc.kind === "school") schoolId = sc.schoolId;
      if (sc.kind === "region") regionCode = sc.code;
    }
    await this.checkScopeFor(c, schoolId, regionCode);
    const v = await this.values(c, p, schoolId);
    const row = { ...v, title: p.title, school_id: schoolId, region_code: regionCode, account_id: c.id, phase: 0 } as typeof reviewActivity.$inferInsert;
    this.checkDates({
      signup_start: row.signup_start ?? null,
      signup_end: row.signup_end ?? null,
      submit_end: row.submit_end ?? null,
      review_end: row.review_end ?? null,
    });
    const [a] = await this.db.insert(reviewActivity).values(row).returning();
    return this.row(a!);
  }

  async update(c: Caller, p: In<typeof ReviewUpdatePayload>, sent: ReadonlySet<string>): Promise<ReviewActivityRow> {
    const a = await this.managed(p.id, c);
    const pick = Object.fromEntries(Object.entries(p).filter(([k]) => sent.has(k))) as Partial<typeof p>;
    let schoolId = a.school_id;
    const scopeChange = "school_id" in pick || "region_code" in pick;
    const patch: Partial<typeof reviewActivity.$inferInsert> = {};
    if (scopeChange) {
      if (a.phase !== REVIEW_PHASES.draft) throw badInput("活动已发布，不能再修改范围");
      schoolId = pick.school_id ?? 0;
      const regionCode = schoolId ? "" : (pick.region_code ?? "");
      await this.checkScopeFor(c, schoolId, regionCode);
      patch.school_id = schoolId;
      patch.region_code = regionCode;
    }
    if ("indicator_id" in pick && pick.indicator_id !== a.indicator_id && a.phase >= REVIEW_PHASES.review) throw badInput("评审已开始，不能更换评价量表");
    Object.assign(patch, await this.values(c, pick, schoolId));
    const merged = { ...a, ...patch } as Activity;
    this.checkDates(merged);
    const [u] = await this.db
      .update(reviewActivity)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(reviewActivity.id, a.id))
      .returning();
    return this.row(u!);
  }

  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const a = await this.managed(id, c);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(reviewWork).where(eq(reviewWork.activity_id, id));
    if (a.phase !== REVIEW_PHASES.draft && n > 0) throw badInput("活动已有参评作品，不能删除（只能删除草稿或尚无作品的活动）");
    await this.db.transaction(async (tx) => {
      await tx.delete(reviewScore).where(eq(reviewScore.activity_id, id));
      await tx.delete(reviewWork).where(eq(reviewWork.activity_id, id));
      await tx.delete(reviewReviewer).where(eq(reviewReviewer.activity_id, id));
      await tx.delete(reviewSignup).where(eq(reviewSignup.activity_id, id));
      await tx.delete(reviewActivity).where(eq(reviewActivity.id, id));
    });
    return { id };
  }

  async setPhase(c: Caller, id: number, phase: number): Promise<ReviewSetPhaseAnswer> {
    const a = await this.managed(id, c);
    if (phase === a.phase) throw badInput(`活动已处于「${REVIEW_PHASE_NAMES[phase]}」阶段`);
    if (Math.abs(phase - a.phase) !== 1) throw badInput(`只能切换到相邻阶段（当前为「${REVIEW_PHASE_NAMES[a.phase]}」）`);
    if (phase === REVIEW_PHASES.signup && a.phase === REVIEW_PHASES.draft) await this.checkScheme(a.indicator_id, a.school_id);
    let ranked = 0;
    // Inside a transaction only `tx` is used (PGlite has one connection: a query on this.db there would wait forever).
    await this.db.transaction(async (tx) => {
      // Serialise phase changes and score submissions of one activity.
      const [locked] = await tx.select().from(reviewActivity).where(eq(reviewActivity.id, id)).for("update");
      if (!locked || locked.phase !== a.phase) throw badInput("活动阶段已被他人修改，请刷新后重试");
      if (phase > a.phase) {
        if (phase === REVIEW_PHASES.review) {
          const [{ n } = { n: 0 }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(reviewWork)
            .where(and(eq(reviewWork.activity_id, id), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)));
          if (n < 1) throw badInput("尚无参评作品，不能进入评审阶段");
        }
        if (phase === REVIEW_PHASES.result) ranked = await this.publish(tx, a);
      } else if (a.phase === REVIEW_PHASES.result) {
        await tx.update(reviewWork).set({ rank: null }).where(eq(reviewWork.activity_id, id));
      } else if (phase === REVIEW_PHASES.draft) {
        const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviewSignup).where(eq(reviewSignup.activity_id, id));
        if (n > 0) throw badInput("已有教师报名，不能退回草稿");
      }
      await tx.update(reviewActivity).set({ phase, updated_at: new Date() }).where(eq(reviewActivity.id, id));
    });
    return { id, phase, phase_name: REVIEW_PHASE_NAMES[phase] ?? "", ranked };
  }

  /** Mean of the submitted totals of every work, then the ranks (ties share one). */
  private async publish(tx: Tx, a: Activity): Promise<number> {
    const works = await tx
      .select()
      .from(reviewWork)
      .where(and(eq(reviewWork.activity_id, a.id), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)));
    const scores = await tx
      .select()
      .from(reviewScore)
      .where(and(eq(reviewScore.activity_id, a.id), isNotNull(reviewScore.submitted_at)));
    const rows = works.map((w) => {
      const t = scores.filter((s) => s.work_id === w.id && s.total !== null).map((s) => Number(s.total));
      return { id: w.id, score: t.length ? round2(t.reduce((x, y) => x + y, 0) / t.length) : null };
    });
    const ranked = rankScores(rows);
    for (const r of ranked) await tx.update(reviewWork).set({ score: r.score, rank: r.rank }).where(eq(reviewWork.id, r.id));
    return ranked.filter((r) => r.rank !== null).length;
  }

  // ── sign-ups and works ───────────────────────────────────────────────────────────────────────────────────

  async signup(c: Caller, id: number): Promise<{ id: number; activity_id: number }> {
    const { a } = await this.visible(id, c);
    const hint = await this.signupHint(c, a);
    if (hint) throw forbidden(hint);
    const [row] = await this.db.insert(reviewSignup).values({ activity_id: id, account_id: c.id, school_id: c.school_id }).onConflictDoNothing().returning();
    if (!row) throw badInput("您已报名该活动");
    return { id: row.id, activity_id: id };
  }

  async signups(c: Caller, p: In<typeof ReviewActivityPagePayload>): Promise<Page<ReviewSignupRow>> {
    await this.managed(p.id, c);
    const where = and(
      eq(reviewSignup.activity_id, p.id),
      p.keyword ? or(ilike(account.realname, likeOf(p.keyword)), ilike(account.username, likeOf(p.keyword))) : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewSignup)
      .leftJoin(account, eq(account.id, reviewSignup.account_id))
      .where(where);
    const rows = await this.db
      .select({
        s: reviewSignup,
        name: account.realname,
        username: account.username,
        school_name: school.title,
        work_id: reviewWork.id,
        work_title: reviewWork.title,
      })
      .from(reviewSignup)
      .leftJoin(account, eq(account.id, reviewSignup.account_id))
      .leftJoin(school, eq(school.id, reviewSignup.school_id))
      .leftJoin(
        reviewWork,
        and(
          eq(reviewWork.activity_id, reviewSignup.activity_id),
          eq(reviewWork.account_id, reviewSignup.account_id),
          eq(reviewWork.status, REVIEW_WORK_STATUS.submitted),
        ),
      )
      .where(where)
      .orderBy(asc(reviewSignup.created_at), asc(reviewSignup.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: rows.map((r) => ({
        id: r.s.id,
        account_id: r.s.account_id,
        account_name: r.name || r.username || "",
        school_id: r.s.school_id,
        school_name: r.school_name ?? "",
        work_id: r.work_id ?? 0,
        work_title: r.work_title ?? "",
        created_at: formatTime(r.s.created_at),
      })),
      total: n,
      page: p.page,
      limit: p.limit,
    };
  }

  private async checkMaterials(c: Caller, videoId: number | undefined, fileIds: number[] | undefined): Promise<void> {
    if (videoId !== undefined) {
      const [v] = await this.db.select({ id: video.id, account_id: video.account_id }).from(video).where(eq(video.id, videoId));
      if (!v) throw notFound("视频不存在");
      if (v.account_id !== c.id) throw forbidden("只能提交自己的课例视频");
    }
    if (fileIds?.length) {
      const ids = [...new Set(fileIds)];
      const rows = await this.db.select({ id: storedFile.id, account_id: storedFile.account_id }).from(storedFile).where(inArray(storedFile.id, ids));
      if (rows.length !== ids.length) throw notFound("文档不存在");
      if (rows.some((r) => r.account_id !== c.id)) throw forbidden("只能提交自己上传的文档");
    }
  }

  async workSave(c: Caller, p: In<typeof ReviewWorkSavePayload>): Promise<ReviewWorkRow> {
    const { a } = await this.visible(p.activity_id, c);
    const [su] = await this.db
      .select()
      .from(reviewSignup)
      .where(and(eq(reviewSignup.activity_id, a.id), eq(reviewSignup.account_id, c.id)));
    if (!su) throw forbidden("请先报名该活动");
    if (a.phase !== REVIEW_PHASES.submit) throw forbidden("当前不在作品提交阶段");
    await this.checkMaterials(c, p.video_id, p.file_ids);
    const [existing] = await this.db
      .select()
      .from(reviewWork)
      .where(and(eq(reviewWork.activity_id, a.id), eq(reviewWork.account_id, c.id)));
    if (existing?.status === REVIEW_WORK_STATUS.submitted) throw badInput("您已提交作品，如需修改请编辑已提交的作品");
    const values = {
      title: p.title,
      introduce: p.introduce,
      subject_id: p.subject_id ?? 0,
      grade_id: p.grade_id ?? 0,
      video_id: p.video_id,
      file_ids: [...new Set(p.file_ids)],
      school_id: su.school_id || c.school_id,
      status: REVIEW_WORK_STATUS.submitted,
      score: null,
      rank: null,
      updated_at: new Date(),
    };
    const [w] = existing
      ? await this.db.update(reviewWork).set(values).where(eq(reviewWork.id, existing.id)).returning()
      : await this.db
          .insert(reviewWork)
          .values({ ...values, activity_id: a.id, account_id: c.id })
          .onConflictDoNothing()
          .returning();
    if (!w) throw badInput("您已提交作品，如需修改请编辑已提交的作品");
    return (await this.workRows([w], a.phase))[0]!;
  }

  private async work(id: number): Promise<Work> {
    const [w] = await this.db.select().from(reviewWork).where(eq(reviewWork.id, id));
    if (!w) throw notFound(REVIEW_MESSAGES.workNotFound);
    return w;
  }

  async workUpdate(c: Caller, p: In<typeof ReviewWorkUpdatePayload>, sent: ReadonlySet<string>): Promise<ReviewWorkRow> {
    const w = await this.work(p.id);
    if (w.account_id !== c.id) throw forbidden("只能修改自己的作品");
    if (w.status !== REVIEW_WORK_STATUS.submitted) throw notFound("作品已撤回");
    const a = await this.activity(w.activity_id);
    if (a.phase !== REVIEW_PHASES.submit) throw forbidden("当前不在作品提交阶段，不能修改作品");
    const has = (k: string) => sent.has(k);
    await this.checkMaterials(c, has("video_id") ? p.video_id : undefined, has("file_ids") ? p.file_ids : undefined);
    const patch: Partial<typeof reviewWork.$inferInsert> = { updated_at: new Date() };
    if (has("title") && p.title !== undefined) patch.title = p.title;
    if (has("introduce") && p.introduce !== undefined) patch.introduce = p.introduce;
    if (has("subject_id")) patch.subject_id = p.subject_id ?? 0;
    if (has("grade_id")) patch.grade_id = p.grade_id ?? 0;
    if (has("video_id") && p.video_id !== undefined) patch.video_id = p.video_id;
    if (has("file_ids") && p.file_ids !== undefined) patch.file_ids = [...new Set(p.file_ids)];
    const [u] = await this.db.update(reviewWork).set(patch).where(eq(reviewWork.id, w.id)).returning();
    return (await this.workRows([u!], a.phase))[0]!;
  }

  async workWithdraw(c: Caller, id: number): Promise<{ id: number }> {
    const w = await this.work(id);
    const a = await this.activity(w.activity_id);
    if (w.account_id !== c.id && !(await this.manages(c, a))) throw forbidden("只能撤回自己的作品");
    if (w.status !== REVIEW_WORK_STATUS.submitted) throw badInput("作品已撤回");
    if (a.phase !== REVIEW_PHASES.submit) throw forbidden("当前不在作品提交阶段，不能撤回作品");
    await this.db.transaction(async (tx) => {
      await tx.delete(reviewScore).where(eq(reviewScore.work_id, id));
      await tx.update(reviewWork).set({ status: REVIEW_WORK_STATUS.withdrawn, updated_at: new Date() }).where(eq(reviewWork.id, id));
    });
    return { id };
  }

  async workList(c: Caller | null, p: In<typeof ReviewWorkListPayload>): Promise<Page<ReviewWorkRow>> {
    const { a, manager } = await this.visible(p.activity_id, c);
    if (a.phase < REVIEW_PHASES.submit && !manager) return { list: [], total: 0, page: p.page, limit: p.limit };
    const where = and(
      eq(reviewWork.activity_id, a.id),
      eq(reviewWork.status, REVIEW_WORK_STATUS.submitted),
      p.keyword
        ? or(ilike(reviewWork.title, likeOf(p.keyword)), sql`${reviewWork.account_id} in (select id from account where realname ilike ${likeOf(p.keyword)})`)
        : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(reviewWork).where(where);
    const byRank = p.order === "rank" && a.phase === REVIEW_PHASES.result;
    const rows = await this.db
      .select()
      .from(reviewWork)
      .where(where)
      .orderBy(...(byRank ? [sql`${reviewWork.rank} asc nulls last`, asc(reviewWork.id)] : [desc(reviewWork.created_at), desc(reviewWork.id)]))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.workRows(rows, a.phase), total: n, page: p.page, limit: p.limit };
  }

  private async itemMeans(scheme: ListenSchemeNode | null, scores: ScoreRow[]): Promise<ReviewItemMean[]> {
    const out: ReviewItemMean[] = [];
    for (const dim of scheme?.children ?? []) {
      for (const it of dim.children) {
        const vals = scores.map((s) => s.scores[String(it.id)]).filter((v): v is number => typeof v === "number");
        out.push({
          indicator_id: it.id,
          name: it.name,
          dimension: dim.name,
          min_score: it.min_score,
          max_score: it.max_score,
          mean: vals.length ? round2(vals.reduce((x, y) => x + y, 0) / vals.length) : null,
        });
      }
    }
    return out;
  }

  async workDetail(c: Caller | null, id: number): Promise<ReviewWorkDetail> {
    const w = await this.work(id);
    const { a, manager } = await this.visible(w.activity_id, c);
    const isAuthor = c?.id === w.account_id;
    if (!manager && !isAuthor && (a.phase < REVIEW_PHASES.submit || w.status !== REVIEW_WORK_STATUS.submitted)) throw notFound(REVIEW_MESSAGES.workNotFound);
    await this.db
      .update(reviewWork)
      .set({ view_count: sql`${reviewWork.view_count} + 1` })
      .where(eq(reviewWork.id, id));
    w.view_count += 1;
    const scheme = await loadScheme(this.db, a.indicator_id);
    const files = w.file_ids.length ? await this.db.select().from(storedFile).where(inArray(storedFile.id, w.file_ids)) : [];
    const documents: ReviewDocument[] = w.file_ids
      .map((fid) => files.find((f) => f.id === fid))
      .filter((f): f is NonNullable<typeof f> => Boolean(f))
      .map((f) => ({ id: f.id, file_name: f.real_file_name, file_type: f.file_type, size: f.size, url: this.d.files.signedPath(f.id) }));
    let myScore: ReviewMyScore | null = null;
    if (c) {
      const [s] = await this.db
        .select()
        .from(reviewScore)
        .where(and(eq(reviewScore.work_id, id), eq(reviewScore.reviewer_id, c.id)));
      if (s)
        myScore = {
          scores: s.scores,
          comment: s.comment,
          total: s.total === null ? null : Number(s.total),
          state: stateOf(s),
          submitted_at: formatTime(s.submitted_at),
          editable: a.phase === REVIEW_PHASES.review,
        };
    }
    let result: ReviewWorkDetail["result"] = null;
    if (a.phase === REVIEW_PHASES.result) {
      const submitted = await this.db
        .select()
        .from(reviewScore)
        .where(and(eq(reviewScore.work_id, id), isNotNull(reviewScore.submitted_at)));
      result = { score: w.score ?? null, rank: w.rank ?? null, reviewer_count: submitted.length, items: await this.itemMeans(scheme, submitted) };
    }
    return {
      work: (await this.workRows([w], a.phase))[0]!,
      activity: await this.row(a),
      video: await this.videoRow(w.video_id),
      documents,
      scheme,
      my_score: myScore,
      result,
      is_author: isAuthor,
      is_manager: manager,
    };
  }

  async results(c: Caller | null, id: number): Promise<ReviewResults> {
    const { a } = await this.visible(id, c);
    if (a.phase !== REVIEW_PHASES.result) throw forbidden("结果尚未公示");
    const works = await this.db
      .select()
      .from(reviewWork)
      .where(and(eq(reviewWork.activity_id, id), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)));
    const rows = await this.workRows(works, a.phase);
    const scheme = await loadScheme(this.db, a.indicator_id);
    const scores = await this.db
      .select()
      .from(reviewScore)
      .where(and(eq(reviewScore.activity_id, id), isNotNull(reviewScore.submitted_at)));
    const list: ReviewResultRow[] = [];
    for (const r of rows) {
      const mine = scores.filter((s) => s.work_id === r.id);
      list.push({
        rank: r.rank,
        work_id: r.id,
        title: r.title,
        account_id: r.account_id,
        account_name: r.account_name,
        school_name: r.school_name,
        cover_url: r.cover_url,
        score: r.score,
        reviewer_count: mine.length,
        items: await this.itemMeans(scheme, mine),
      });
    }
    list.sort((x, y) => (x.rank ?? 1e9) - (y.rank ?? 1e9) || x.work_id - y.work_id);
    return { activity: await this.row(a), list };
  }

  // ── reviewers and allocation ─────────────────────────────────────────────────────────────────────────────

  private async reviewerRows(activityId: number, accountIds: number[]): Promise<ReviewReviewerRow[]> {
    if (!accountIds.length) return [];
    const accs = await this.db
      .select({ id: account.id, realname: account.realname, username: account.username, school_id: account.school_id, school_name: school.title })
      .from(account)
      .leftJoin(school, eq(school.id, account.school_id))
      .where(inArray(account.id, accountIds));
    const scores = await this.db.select().from(reviewScore).where(eq(reviewScore.activity_id, activityId));
    return accountIds
      .map((id) => accs.find((x) => x.id === id))
      .filter((x): x is NonNullable<typeof x> => Boolean(x))
      .map((x) => ({
        account_id: x.id,
        realname: x.realname || x.username,
        username: x.username,
        school_id: x.school_id,
        school_name: x.school_name ?? "",
        assigned: scores.filter((s) => s.reviewer_id === x.id).length,
        submitted: scores.filter((s) => s.reviewer_id === x.id && s.submitted_at).length,
      }));
  }

  private async pool(activityId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: reviewReviewer.account_id })
      .from(reviewReviewer)
      .where(eq(reviewReviewer.activity_id, activityId))
      .orderBy(asc(reviewReviewer.id));
    return rows.map((r) => r.id);
  }

  async reviewers(c: Caller, id: number): Promise<ReviewReviewers> {
    await this.managed(id, c);
    return { list: await this.reviewerRows(id, await this.pool(id)) };
  }

  async reviewersSet(c: Caller, id: number, accountIds: number[]): Promise<ReviewReviewers> {
    const a = await this.managed(id, c);
    if (a.phase === REVIEW_PHASES.result) throw forbidden("结果已公示，不能再修改评审专家");
    const ids = [...new Set(accountIds)];
    if (ids.length) {
      const found = await this.db.select({ id: account.id, status: account.status }).from(account).where(inArray(account.id, ids));
      if (found.length !== ids.length) throw notFound("评审专家账号不存在");
      if (found.some((f) => f.status !== 1)) throw badInput("评审专家账号已停用");
    }
    await this.db.transaction(async (tx) => {
      const current = await tx.select().from(reviewReviewer).where(eq(reviewReviewer.activity_id, id));
      const gone = current.filter((r) => !ids.includes(r.account_id)).map((r) => r.account_id);
      if (gone.length) {
        const started = await tx
          .select()
          .from(reviewScore)
          .where(and(eq(reviewScore.activity_id, id), inArray(reviewScore.reviewer_id, gone)));
        if (started.some((s) => stateOf(s) !== "todo")) throw badInput("已开始评分的评审专家不能移出评审库");
        await tx.delete(reviewScore).where(and(eq(reviewScore.activity_id, id), inArray(reviewScore.reviewer_id, gone)));
        await tx.delete(reviewReviewer).where(and(eq(reviewReviewer.activity_id, id), inArray(reviewReviewer.account_id, gone)));
      }
      const have = new Set(current.map((r) => r.account_id));
      const add = ids.filter((x) => !have.has(x));
      if (add.length)
        await tx
          .insert(reviewReviewer)
          .values(add.map((account_id) => ({ activity_id: id, account_id })))
          .onConflictDoNothing();
    });
    return { list: await this.reviewerRows(id, await this.pool(id)) };
  }

  private async assignments(activityId: number, db: Db | Tx = this.db): Promise<ReviewAssignment[]> {
    const rows = await db.select().from(reviewScore).where(eq(reviewScore.activity_id, activityId)).orderBy(asc(reviewScore.work_id), asc(reviewScore.id));
    return rows.map((s) => ({ work_id: s.work_id, reviewer_id: s.reviewer_id, state: stateOf(s), total: s.total === null ? null : Number(s.total) }));
  }

  async allocateCall(c: Caller, p: In<typeof ReviewAllocatePayload>): Promise<ReviewAllocateAnswer> {
    const a = await this.managed(p.id, c);
    if (a.phase !== REVIEW_PHASES.submit && a.phase !== REVIEW_PHASES.review) throw forbidden("只能在作品提交或评审阶段分配评审");
    const pool = await this.pool(a.id);
    const works = await this.db
      .select()
      .from(reviewWork)
      .where(and(eq(reviewWork.activity_id, a.id), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)));
    let created = 0;
    let removed = 0;
    let kept = 0;
    await this.db.transaction(async (tx) => {
      await tx.select({ id: reviewActivity.id }).from(reviewActivity).where(eq(reviewActivity.id, a.id)).for("update");
      const existing = await tx.select().from(reviewScore).where(eq(reviewScore.activity_id, a.id));
      if (p.mode === 1) {
        const w = works.find((x) => x.id === p.work_id);
        if (!w) throw notFound(REVIEW_MESSAGES.workNotFound);
        const want = [...new Set(p.reviewer_ids ?? [])];
        if (want.some((r) => !pool.includes(r))) throw badInput("只能从评审库中选择评审专家");
        if (want.includes(w.account_id)) throw badInput("作者不能评审自己的作品");
        const mine = existing.filter((s) => s.work_id === w.id);
        const drop = mine.filter((s) => !want.includes(s.reviewer_id));
        if (drop.some((s) => stateOf(s) !== "todo")) throw badInput("已开始评分的评审专家不能移除");
        if (drop.length)
          await tx.delete(reviewScore).where(
            inArray(
              reviewScore.id,
              drop.map((s) => s.id),
            ),
          );
        const add = want.filter((r) => !mine.some((s) => s.reviewer_id === r));
        if (add.length)
          await tx
            .insert(reviewScore)
            .values(add.map((reviewer_id) => ({ activity_id: a.id, work_id: w.id, reviewer_id })))
            .onConflictDoNothing();
        created = add.length;
        removed = drop.length;
        kept = mine.length - drop.length;
        return;
      }
      if (!works.length) throw badInput("尚无参评作品，无法分配");
      const started = existing.filter((s) => stateOf(s) !== "todo" && pool.includes(s.reviewer_id) && works.some((w) => w.id === s.work_id));
      const fresh = existing.filter((s) => !started.includes(s));
      let pairs: ReturnType<typeof allocate>;
      try {
        pairs = allocate(
          works.map((w) => ({ id: w.id, author: w.account_id })),
          pool,
          a.reviewers_per_work,
          started.map((s) => ({ work_id: s.work_id, reviewer_id: s.reviewer_id })),
        );
      } catch (e) {
        if (e instanceof AllocationError) throw badInput(e.message);
        throw e;
      }
      if (fresh.length)
        await tx.delete(reviewScore).where(
          inArray(
            reviewScore.id,
            fresh.map((s) => s.id),
          ),
        );
      if (pairs.length) await tx.insert(reviewScore).values(pairs.map((x) => ({ activity_id: a.id, work_id: x.work_id, reviewer_id: x.reviewer_id })));
      created = pairs.length;
      removed = fresh.length;
      kept = started.length;
    });
    return { created, removed, kept, assignments: await this.assignments(a.id) };
  }

  async allocation(c: Caller, id: number): Promise<ReviewAllocation> {
    const a = await this.managed(id, c);
    const works = await this.db
      .select({ id: reviewWork.id, title: reviewWork.title, account_id: reviewWork.account_id, name: account.realname, username: account.username })
      .from(reviewWork)
      .leftJoin(account, eq(account.id, reviewWork.account_id))
      .where(and(eq(reviewWork.activity_id, a.id), eq(reviewWork.status, REVIEW_WORK_STATUS.submitted)))
      .orderBy(asc(reviewWork.id));
    const assignments = await this.assignments(a.id);
    const ids = [...new Set([...(await this.pool(a.id)), ...assignments.map((x) => x.reviewer_id)])];
    return {
      works: works.map((w) => ({ id: w.id, title: w.title, account_id: w.account_id, account_name: w.name || w.username || "" })),
      reviewers: await this.reviewerRows(a.id, ids),
      assignments,
    };
  }

  // ── scores ───────────────────────────────────────────────────────────────────────────────────────────────

  async mine(c: Caller, activityId: number | undefined): Promise<{ list: ReviewMineRow[] }> {
    const rows = await this.db
      .select({ s: reviewScore, w: reviewWork, a: reviewActivity })
      .from(reviewScore)
      .innerJoin(reviewWork, eq(reviewWork.id, reviewScore.work_id))
      .innerJoin(reviewActivity, eq(reviewActivity.id, reviewScore.activity_id))
      .where(
        and(eq(reviewScore.reviewer_id, c.id), activityId ? eq(reviewScore.activity_id, activityId) : undefined, ne(reviewActivity.phase, REVIEW_PHASES.draft)),
      )
      .orderBy(desc(reviewActivity.id), asc(reviewWork.id));
    const workRows = await this.workRows(
      rows.map((r) => r.w),
      REVIEW_PHASES.review,
    );
    return {
      list: rows.map((r, i) => ({
        activity_id: r.a.id,
        activity_title: r.a.title,
        phase: r.a.phase,
        work_id: r.w.id,
        work_title: r.w.title,
        account_name: workRows[i]?.account_name ?? "",
        school_name: workRows[i]?.school_name ?? "",
        cover_url: workRows[i]?.cover_url ?? "",
        state: stateOf(r.s),
        total: r.s.total === null ? null : Number(r.s.total),
        updated_at: formatTime(r.s.updated_at),
      })),
    };
  }

  async scoreSave(c: Caller, p: In<typeof ReviewScoreSavePayload>): Promise<ReviewScoreAnswer> {
    const w = await this.work(p.work_id);
    const a = await this.activity(w.activity_id);
    const [assigned] = await this.db
      .select()
      .from(reviewScore)
      .where(and(eq(reviewScore.work_id, w.id), eq(reviewScore.reviewer_id, c.id)));
    if (!assigned) {
      if (a.phase === REVIEW_PHASES.draft) throw notFound(REVIEW_MESSAGES.notFound);
      throw forbidden(REVIEW_MESSAGES.notAssigned);
    }
    if (a.phase !== REVIEW_PHASES.review) throw forbidden(a.phase > REVIEW_PHASES.review ? "结果已公示，评分不能再修改" : "当前不在评审阶段");
    const scheme = await loadScheme(this.db, a.indicator_id);
    const items = itemsOf(scheme);
    const byId = new Map(items.map((it) => [String(it.id), it]));
    const map = new Map<number, number>();
    for (const [k, v] of Object.entries(p.scores)) {
      const it = byId.get(k);
      if (!it) throw badInput(`评分项 ${k} 不属于本活动的评价量表`);
      if (v < it.min_score || v > it.max_score) throw badInput(`「${it.name}」的分数应在 ${it.min_score}–${it.max_score} 之间`);
      map.set(it.id, v);
    }
    if (p.submit) {
      const missing = items.filter((it) => !map.has(it.id));
      if (missing.length) throw badInput(`请为每一项评分后再提交（未评：${missing.map((m) => m.name).join("、")}）`);
    }
    const total = totalScore(scheme, map);
    const now = new Date();
    const scores = Object.fromEntries([...map.entries()].map(([k, v]) => [String(k), v]));
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ phase: reviewActivity.phase }).from(reviewActivity).where(eq(reviewActivity.id, a.id)).for("share");
      if (locked?.phase !== REVIEW_PHASES.review) throw forbidden("当前不在评审阶段");
      const [u] = await tx
        .update(reviewScore)
        .set({ scores, total, comment: p.comment, submitted_at: p.submit ? now : null, updated_at: now })
        .where(and(eq(reviewScore.work_id, w.id), eq(reviewScore.reviewer_id, c.id)))
        .returning();
      // The work's running mean of submitted totals (shown to nobody before phase 4).
      const sub = await tx
        .select({ t: reviewScore.total })
        .from(reviewScore)
        .where(and(eq(reviewScore.work_id, w.id), isNotNull(reviewScore.submitted_at)));
      const vals = sub.filter((s) => s.t !== null).map((s) => Number(s.t));
      await tx
        .update(reviewWork)
        .set({ score: vals.length ? round2(vals.reduce((x, y) => x + y, 0) / vals.length) : null })
        .where(eq(reviewWork.id, w.id));
      return { work_id: w.id, total, state: stateOf(u!), submitted_at: formatTime(u!.submitted_at) };
    });
  }
}
