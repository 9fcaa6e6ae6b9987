/**
 * Training programmes (培训; issue #12; docs/api/training.md, docs/decisions/1220–1229).
 *
 * Managers of a programme: its creator and administrators whose scope covers it (platform administrators every
 * programme; a district administrator those of the schools and regions at or below his region; a school administrator
 * his school's). Teachers see published programmes whose scope covers their school (platform-wide, a region above
 * the school, the school itself), enrol, and work through the items. Watched time is counted honestly: a heartbeat
 * counts at most the wall time since the previous heartbeat of the same item plus TRAINING_HEARTBEAT_SLACK seconds,
 * and never beyond the item's duration.
 */
import {
  TIME_ZONE,
  TRAINING_HEARTBEAT_SLACK,
  TRAINING_ITEM_TYPE_NAMES,
  TRAINING_ITEM_TYPES,
  TRAINING_STATUS,
  TRAINING_STATUS_NAMES,
  type FileAnswer,
  type Page,
  type PreviewAnswer,
  type TrainRow,
  type TrainingDetail,
  type TrainingEnrolList,
  type TrainingEnrolListPayload,
  type TrainingEnrolRow,
  type TrainingItemRow,
  type TrainingItemSavePayload,
  type TrainingItemUpdatePayload,
  type TrainingListPayload,
  type TrainingMe,
  type TrainingMyItemProgress,
  type TrainingProgressAnswer,
  type TrainingProgressPayload,
  type TrainingRow,
  type TrainingSavePayload,
  type TrainingStudy,
  type TrainingStudyItem,
  type TrainingTeacherRow,
  type TrainingUpdatePayload,
  type TrainingVideoOption,
  type TrainingVideoOptionsPayload,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import ExcelJS from "exceljs";
import { type SQL, and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { PDF_MIME, makePdf } from "../../infra/pdf.js";
import { XLSX_MIME } from "../../infra/xlsx.js";
import { account } from "../account/account.schema.js";
import type { FileService } from "../file/file.service.js";
import { storedFile } from "../file/file.schema.js";
import { period, region, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { manages, managedWhere, regionsUnder, schoolsUnder } from "../org/owned-scope.js";
import { scopeOf } from "../rbac/permission.js";
import type { VideoService } from "../video/video.service.js";
import { video } from "../video/video.schema.js";
import { training, trainingEnrol, trainingItem, trainingProgress } from "./training.schema.js";

type Training = typeof training.$inferSelect;
type Item = typeof trainingItem.$inferSelect;
type Enrol = typeof trainingEnrol.$inferSelect;
type Progress = typeof trainingProgress.$inferSelect;
type In<T extends z.ZodType> = z.output<T>;

export const TRAINING_MESSAGES = {
  notFound: "培训不存在",
  itemNotFound: "课程不存在",
  notManager: "您不是该培训的管理者，无权操作",
  adminOnly: "仅管理员可以创建培训",
  notEnrolled: "请先报名该培训",
  locked: "已有学员报名，不能再增删课程或修改完成要求",
  notPublished: "培训未发布或已结束，不能学习",
  notCompleted: "尚未完成培训，暂不能下载证书",
} as const;

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function parseDate(s: string | null | undefined): Date | null | undefined {
  if (s === undefined) return undefined;
  if (s === null || s === "") return null;
  const d = dayjs.tz(s.replace("T", " "), TIME_ZONE);
  if (!d.isValid()) throw badInput("日期无效");
  return d.toDate();
}

/** Certificate number of an enrolment: YK-<year of completion>-<enrolment id, 6 digits>; unique as the id is. */
export function certificateNo(enrolId: number, at: Date): string {
  return `YK-${dayjs(at).tz(TIME_ZONE).format("YYYY")}-${String(enrolId).padStart(6, "0")}`;
}

/** Seconds needed to finish a video item. */
function needSeconds(it: Pick<Item, "duration_seconds" | "done_ratio">): number {
  if (it.duration_seconds <= 0) return 1;
  return Math.max(1, Math.ceil((it.duration_seconds * it.done_ratio) / 100));
}

const STATE_NAMES: Record<number, string> = { 0: "未开始", 1: "学习中", 2: "已完成" };

export interface TrainingServiceDeps {
  db: Db;
  files: FileService;
  videos: VideoService;
  subject(accountId: number): Promise<Caller>;
  now?: () => Date;
}

export class TrainingService {
  private readonly db: Db;
  private readonly now: () => Date;
  constructor(private readonly d: TrainingServiceDeps) {
    this.db = d.db;
    this.now = d.now ?? (() => new Date());
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

  /** The region codes above a school (its province, city, area). */
  private async regionsOfSchool(schoolId: number): Promise<string[]> {
    if (!schoolId) return [];
    const [s] = await this.db.select({ p: school.province_code, c: school.city_code, a: school.area_code }).from(school).where(eq(school.id, schoolId));
    return s ? [s.p, s.c, s.a].filter(Boolean) : [];
  }

  private managedWhere(c: Caller): Promise<SQL | undefined> {
    return managedWhere(this.db, c, training);
  }

  manages(c: Caller, t: Training): Promise<boolean> {
    return manages(this.db, c, t);
  }

  /** SQL for the programmes whose scope covers a school (platform-wide, a region above it, the school itself). */
  private async audienceWhere(schoolId: number): Promise<SQL> {
    const regions = await this.regionsOfSchool(schoolId);
    return or(
      and(eq(training.school_id, 0), eq(training.region_code, "")),
      schoolId ? eq(training.school_id, schoolId) : undefined,
      regions.length ? and(eq(training.school_id, 0), inArray(training.region_code, regions)) : undefined,
    )!;
  }

  private async inAudience(t: Training, schoolId: number): Promise<boolean> {
    if (t.school_id) return t.school_id === schoolId;
    if (t.region_code) return (await this.regionsOfSchool(schoolId)).includes(t.region_code);
    return true;
  }

  private async programme(id: number, db: Db | Tx = this.db): Promise<Training> {
    const [t] = await db.select().from(training).where(eq(training.id, id));
    if (!t) throw notFound(TRAINING_MESSAGES.notFound);
    return t;
  }

  private async managed(id: number, c: Caller): Promise<Training> {
    const t = await this.programme(id);
    if (!(await this.manages(c, t))) throw forbidden(TRAINING_MESSAGES.notManager);
    return t;
  }

  private async item(id: number): Promise<Item> {
    const [it] = await this.db.select().from(trainingItem).where(eq(trainingItem.id, id));
    if (!it) throw notFound(TRAINING_MESSAGES.itemNotFound);
    return it;
  }

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
      if (schoolId !== sc.schoolId) throw forbidden("学校管理员只能为本校创建培训");
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
    throw forbidden(TRAINING_MESSAGES.adminOnly);
  }

  // ── rows ─────────────────────────────────────────────────────────────────────────────────────────────────

  async toRows(ts: Training[]): Promise<TrainingRow[]> {
    if (!ts.length) return [];
    const ids = ts.map((t) => t.id);
    const schoolIds = [...new Set(ts.map((t) => t.school_id).filter(Boolean))];
    const codes = [...new Set(ts.map((t) => t.region_code).filter(Boolean))];
    const periodIds = [...new Set(ts.map((t) => t.period_id).filter(Boolean))];
    const subjectIds = [...new Set(ts.map((t) => t.subject_id).filter(Boolean))];
    const accIds = [...new Set(ts.map((t) => t.account_id))];
    const [schools, regions, periods, subjects, accs, items, done] = await Promise.all([
      schoolIds.length ? this.db.select({ id: school.id, name: school.title }).from(school).where(inArray(school.id, schoolIds)) : [],
      codes.length ? this.db.select({ code: region.region_code, name: region.name }).from(region).where(inArray(region.region_code, codes)) : [],
      periodIds.length ? this.db.select({ id: period.id, name: period.name }).from(period).where(inArray(period.id, periodIds)) : [],
      subjectIds.length ? this.db.select({ id: subject.id, name: subject.name }).from(subject).where(inArray(subject.id, subjectIds)) : [],
      this.db.select({ id: account.id, name: account.realname, username: account.username }).from(account).where(inArray(account.id, accIds)),
      this.db
        .select({
          id: trainingItem.training_id,
          n: sql<number>`count(*)::int`,
          secs: sql<number>`coalesce(sum(case when ${trainingItem.item_type} = 1 then ${trainingItem.duration_seconds} else 0 end), 0)::int`,
        })
        .from(trainingItem)
        .where(inArray(trainingItem.training_id, ids))
        .groupBy(trainingItem.training_id),
      this.db
        .select({ id: trainingEnrol.training_id, n: sql<number>`count(*)::int` })
        .from(trainingEnrol)
        .where(and(inArray(trainingEnrol.training_id, ids), isNotNull(trainingEnrol.completed_at)))
        .groupBy(trainingEnrol.training_id),
    ]);
    const schoolName = new Map(schools.map((r) => [r.id, r.name]));
    const regionName = new Map(regions.map((r) => [r.code, r.name]));
    const periodName = new Map(periods.map((r) => [r.id, r.name]));
    const subjectName = new Map(subjects.map((r) => [r.id, r.name]));
    const accName = new Map(accs.map((r) => [r.id, r.name || r.username]));
    const itemOf = new Map(items.map((r) => [r.id, r]));
    const doneOf = new Map(done.map((r) => [r.id, r.n]));
    return ts.map((t) => ({
      id: t.id,
      title: t.title,
      introduce: t.introduce,
      cover_url: t.cover_url,
      school_id: t.school_id,
      school_name: schoolName.get(t.school_id) ?? "",
      region_code: t.region_code,
      region_name: regionName.get(t.region_code) ?? "",
      scope_name: t.school_id ? (schoolName.get(t.school_id) ?? "") : t.region_code ? (regionName.get(t.region_code) ?? t.region_code) : "全平台",
      period_id: t.period_id,
      period_name: periodName.get(t.period_id) ?? "",
      subject_id: t.subject_id,
      subject_name: subjectName.get(t.subject_id) ?? "",
      hours: Number(t.hours),
      pass_ratio: t.pass_ratio,
      status: t.status,
      status_name: TRAINING_STATUS_NAMES[t.status] ?? "",
      enrol_start: formatTime(t.enrol_start),
      enrol_end: formatTime(t.enrol_end),
      start_time: formatTime(t.start_time),
      end_time: formatTime(t.end_time),
      enrol_count: t.enrol_count,
      completed_count: doneOf.get(t.id) ?? 0,
      item_count: itemOf.get(t.id)?.n ?? 0,
      total_seconds: itemOf.get(t.id)?.secs ?? 0,
      account_id: t.account_id,
      account_name: accName.get(t.account_id) ?? "",
      published_at: formatTime(t.published_at),
      created_at: formatTime(t.created_at),
      updated_at: formatTime(t.updated_at),
    }));
  }

  private async row(t: Training): Promise<TrainingRow> {
    return (await this.toRows([t]))[0]!;
  }

  private async items(trainingId: number): Promise<Item[]> {
    return this.db.select().from(trainingItem).where(eq(trainingItem.training_id, trainingId)).orderBy(asc(trainingItem.sort), asc(trainingItem.id));
  }

  private async itemRows(items: Item[]): Promise<TrainingItemRow[]> {
    const fileIds = items.filter((i) => i.file_id).map((i) => i.file_id);
    const videoIds = items.filter((i) => i.video_id).map((i) => i.video_id);
    const [files, thumbs] = await Promise.all([
      fileIds.length
        ? this.db
            .select({ id: storedFile.id, name: storedFile.real_file_name, type: storedFile.file_type })
            .from(storedFile)
            .where(inArray(storedFile.id, fileIds))
        : [],
      Promise.all(videoIds.map(async (id) => [id, (await this.d.videos.row(id).catch(() => null))?.thumbnail_url ?? ""] as const)),
    ]);
    const fileOf = new Map(files.map((f) => [f.id, f]));
    const thumbOf = new Map(thumbs);
    return items.map((i) => ({
      id: i.id,
      training_id: i.training_id,
      title: i.title,
      item_type: i.item_type,
      item_type_name: TRAINING_ITEM_TYPE_NAMES[i.item_type] ?? "",
      video_id: i.video_id,
      file_id: i.file_id,
      duration_seconds: i.duration_seconds,
      done_ratio: i.done_ratio,
      required: i.required,
      sort: i.sort,
      thumbnail_url: thumbOf.get(i.video_id) ?? "",
      file_name: fileOf.get(i.file_id)?.name ?? "",
      file_type: fileOf.get(i.file_id)?.type ?? "",
    }));
  }

  // ── management ───────────────────────────────────────────────────────────────────────────────────────────

  async list(c: Caller, p: In<typeof TrainingListPayload>): Promise<Page<TrainingRow>> {
    const conds: (SQL | undefined)[] = [await this.managedWhere(c)];
    if (p.status !== undefined) conds.push(eq(training.status, p.status));
    if (p.subject_id) conds.push(eq(training.subject_id, p.subject_id));
    if (p.period_id) conds.push(eq(training.period_id, p.period_id));
    if (p.keyword) conds.push(or(ilike(training.title, likeOf(p.keyword)), ilike(training.introduce, likeOf(p.keyword))));
    const where = and(...conds);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(training).where(where);
    const rows = await this.db
      .select()
      .from(training)
      .where(where)
      .orderBy(desc(training.created_at), desc(training.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.toRows(rows), total: n, page: p.page, limit: p.limit };
  }

  private values(p: Partial<In<typeof TrainingSavePayload>>): Partial<typeof training.$inferInsert> {
    const v: Partial<typeof training.$inferInsert> = {};
    if (p.title !== undefined) v.title = p.title;
    if (p.introduce !== undefined) v.introduce = p.introduce;
    if (p.cover_url !== undefined) v.cover_url = p.cover_url;
    if (p.period_id !== undefined) v.period_id = p.period_id;
    if (p.subject_id !== undefined) v.subject_id = p.subject_id;
    if (p.hours !== undefined) v.hours = Math.round(p.hours * 10) / 10;
    if (p.pass_ratio !== undefined) v.pass_ratio = p.pass_ratio;
    for (const k of ["enrol_start", "enrol_end", "start_time", "end_time"] as const) {
      const d = parseDate(p[k]);
      if (d !== undefined) v[k] = d;
    }
    return v;
  }

  private checkDates(t: Pick<Training, "enrol_start" | "enrol_end" | "start_time" | "end_time">): void {
    if (t.enrol_start && t.enrol_end && t.enrol_end < t.enrol_start) throw badInput("报名截止不能早于报名开始");
    if (t.start_time && t.end_time && t.end_time < t.start_time) throw badInput("培训结束不能早于培训开始");
  }

  async save(c: Caller, p: In<typeof TrainingSavePayload>): Promise<TrainingRow> {
    const sc = scopeOf(c);
    if (sc.kind === "none") throw forbidden(TRAINING_MESSAGES.adminOnly);
    let schoolId = p.school_id ?? 0;
    let regionCode = schoolId ? "" : (p.region_code ?? "");
    if (!schoolId && !regionCode) {
      if (sc.kind === "school") schoolId = sc.schoolId;
      if (sc.kind === "region") regionCode = sc.code;
    }
    await this.checkScopeFor(c, schoolId, regionCode);
    const v = this.values(p);
    const row = {
      ...v,
      title: p.title,
      school_id: schoolId,
      region_code: regionCode,
      account_id: c.id,
      status: TRAINING_STATUS.draft,
    } as typeof training.$inferInsert;
    this.checkDates({
      enrol_start: row.enrol_start ?? null,
      enrol_end: row.enrol_end ?? null,
      start_time: row.start_time ?? null,
      end_time: row.end_time ?? null,
    });
    const [t] = await this.db.insert(training).values(row).returning();
    return this.row(t!);
  }

  async update(c: Caller, p: In<typeof TrainingUpdatePayload>, sent: ReadonlySet<string>): Promise<TrainingRow> {
    const t = await this.managed(p.id, c);
    const pick = Object.fromEntries(Object.entries(p).filter(([k]) => sent.has(k) && k !== "id")) as Partial<typeof p>;
    const patch: Partial<typeof training.$inferInsert> = {};
    if ("school_id" in pick || "region_code" in pick) {
      if (t.status !== TRAINING_STATUS.draft) throw badInput("培训已发布，不能再修改范围");
      const schoolId = pick.school_id ?? 0;
      const regionCode = schoolId ? "" : (pick.region_code ?? "");
      await this.checkScopeFor(c, schoolId, regionCode);
      patch.school_id = schoolId;
      patch.region_code = regionCode;
    }
    if ("pass_ratio" in pick && pick.pass_ratio !== t.pass_ratio && t.enrol_count > 0) throw conflict("已有学员报名，不能再修改合格比例");
    Object.assign(patch, this.values(pick as Partial<In<typeof TrainingSavePayload>>));
    this.checkDates({ ...t, ...patch } as Training);
    const [u] = await this.db
      .update(training)
      .set({ ...patch, updated_at: this.now() })
      .where(eq(training.id, t.id))
      .returning();
    return this.row(u!);
  }

  async remove(c: Caller, id: number): Promise<{ id: number }> {
    const t = await this.managed(id, c);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(trainingEnrol).where(eq(trainingEnrol.training_id, id));
    if (t.status !== TRAINING_STATUS.draft && n > 0) throw conflict("已有学员报名的培训不能删除（可将其结束）");
    await this.db.transaction(async (tx) => {
      await tx.delete(trainingProgress).where(eq(trainingProgress.training_id, id));
      await tx.delete(trainingEnrol).where(eq(trainingEnrol.training_id, id));
      await tx.delete(trainingItem).where(eq(trainingItem.training_id, id));
      await tx.delete(training).where(eq(training.id, id));
    });
    return { id };
  }

  async setStatus(c: Caller, id: number, status: number): Promise<TrainingRow> {
    const t = await this.managed(id, c);
    const from = TRAINING_STATUS_NAMES[t.status];
    if (status === t.status) throw badInput(`培训已是「${from}」状态`);
    const allowed =
      (t.status === 0 && status === 1) || (t.status === 1 && status === 2) || (t.status === 2 && status === 1) || (t.status === 1 && status === 0);
    if (!allowed) throw badInput(`不能从「${from}」改为「${TRAINING_STATUS_NAMES[status]}」`);
    if (status === TRAINING_STATUS.published) {
      const items = await this.items(id);
      if (!items.length) throw badInput("请至少添加一个课程后再发布");
      if (!items.some((i) => i.required)) throw badInput("请至少设置一个必修课程后再发布");
    }
    if (status === TRAINING_STATUS.draft && t.enrol_count > 0) throw conflict("已有学员报名，不能撤回为草稿（可将其结束）");
    const [u] = await this.db
      .update(training)
      .set({ status, updated_at: this.now(), ...(status === TRAINING_STATUS.published && !t.published_at ? { published_at: this.now() } : {}) })
      .where(eq(training.id, id))
      .returning();
    return this.row(u!);
  }

  async detail(c: Caller, id: number): Promise<TrainingDetail> {
    const t = await this.managed(id, c);
    return { ...(await this.row(t)), items: await this.itemRows(await this.items(id)) };
  }

  private async editable(t: Training): Promise<void> {
    if (t.status === TRAINING_STATUS.draft) return;
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(trainingEnrol).where(eq(trainingEnrol.training_id, t.id));
    if (n > 0) throw conflict(TRAINING_MESSAGES.locked);
  }

  async itemSave(c: Caller, p: In<typeof TrainingItemSavePayload>): Promise<TrainingItemRow> {
    const t = await this.managed(p.training_id, c);
    await this.editable(t);
    let title = p.title ?? "";
    let videoId = 0;
    let fileId = 0;
    let duration = 0;
    if (p.item_type === TRAINING_ITEM_TYPES.video) {
      if (!p.video_id) throw badInput("请选择视频");
      const [v] = await this.db.select().from(video).where(eq(video.id, p.video_id));
      if (!v) throw notFound("视频不存在");
      if (!(await this.videoAllowed(c, v))) throw forbidden("只能选择您本人或管理范围内学校的视频");
      if (v.status !== "ready") throw badInput("视频尚未处理完成，暂不能加入培训");
      videoId = v.id;
      duration = Math.round(v.duration);
      title ||= v.name;
    } else {
      if (!p.file_id) throw badInput("请选择文档");
      const f = await this.d.files.fileRow(p.file_id);
      if (!f) throw notFound("文档不存在");
      if (!(await this.d.files.mayRead(c, f))) throw forbidden("只能选择您有权查看的文档");
      fileId = f.id;
      title ||= f.real_file_name.replace(/\.[^.]+$/, "");
    }
    const [{ max } = { max: 0 }] = await this.db
      .select({ max: sql<number>`coalesce(max(${trainingItem.sort}), 0)::int` })
      .from(trainingItem)
      .where(eq(trainingItem.training_id, t.id));
    const [it] = await this.db
      .insert(trainingItem)
      .values({
        training_id: t.id,
        title: title.slice(0, 100),
        item_type: p.item_type,
        video_id: videoId,
        file_id: fileId,
        duration_seconds: duration,
        done_ratio: p.done_ratio,
        required: p.required,
        sort: max + 1,
      })
      .returning();
    await this.touch(t.id);
    return (await this.itemRows([it!]))[0]!;
  }

  private async touch(id: number): Promise<void> {
    await this.db.update(training).set({ updated_at: this.now() }).where(eq(training.id, id));
  }

  private async videoAllowed(c: Caller, v: typeof video.$inferSelect): Promise<boolean> {
    if (v.account_id === c.id) return true;
    const sc = scopeOf(c);
    if (sc.kind === "all") return true;
    if (sc.kind === "school") return v.school_id === sc.schoolId;
    if (sc.kind === "region") return v.school_id !== 0 && (await this.schoolsUnder(sc.code)).includes(v.school_id);
    return false;
  }

  async itemUpdate(c: Caller, p: In<typeof TrainingItemUpdatePayload>, sent: ReadonlySet<string>): Promise<TrainingItemRow> {
    const it = await this.item(p.id);
    const t = await this.managed(it.training_id, c);
    const patch: Partial<typeof trainingItem.$inferInsert> = {};
    if (sent.has("title") && p.title !== undefined) patch.title = p.title;
    const rules =
      (sent.has("done_ratio") && p.done_ratio !== undefined && p.done_ratio !== it.done_ratio) ||
      (sent.has("required") && p.required !== undefined && p.required !== it.required);
    if (rules) {
      await this.editable(t);
      if (sent.has("done_ratio") && p.done_ratio !== undefined) patch.done_ratio = p.done_ratio;
      if (sent.has("required") && p.required !== undefined) patch.required = p.required;
    }
    if (!Object.keys(patch).length) return (await this.itemRows([it]))[0]!;
    const [u] = await this.db.update(trainingItem).set(patch).where(eq(trainingItem.id, it.id)).returning();
    await this.touch(t.id);
    return (await this.itemRows([u!]))[0]!;
  }

  async itemDelete(c: Caller, id: number): Promise<{ id: number }> {
    const it = await this.item(id);
    const t = await this.managed(it.training_id, c);
    await this.editable(t);
    if (t.status === TRAINING_STATUS.published) {
      const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(trainingItem).where(eq(trainingItem.training_id, t.id));
      if (n <= 1) throw badInput("已发布的培训至少保留一个课程");
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(trainingProgress).where(eq(trainingProgress.item_id, id));
      await tx.delete(trainingItem).where(eq(trainingItem.id, id));
    });
    await this.touch(t.id);
    return { id };
  }

  async itemSort(c: Caller, trainingId: number, ids: number[]): Promise<TrainingItemRow[]> {
    const t = await this.managed(trainingId, c);
    const items = await this.items(t.id);
    const have = new Set(items.map((i) => i.id));
    if (new Set(ids).size !== ids.length || ids.length !== items.length || !ids.every((i) => have.has(i)))
      throw badInput("课程顺序须恰好包含该培训的全部课程，且不重复");
    await this.db.transaction(async (tx) => {
      for (const [i, id] of ids.entries())
        await tx
          .update(trainingItem)
          .set({ sort: i + 1 })
          .where(eq(trainingItem.id, id));
    });
    await this.touch(t.id);
    return this.itemRows(await this.items(t.id));
  }

  async videoOptions(c: Caller, p: In<typeof TrainingVideoOptionsPayload>): Promise<Page<TrainingVideoOption>> {
    const sc = scopeOf(c);
    let scope: SQL | undefined;
    if (sc.kind === "all") scope = undefined;
    else if (sc.kind === "school") scope = or(eq(video.account_id, c.id), eq(video.school_id, sc.schoolId));
    else if (sc.kind === "region") {
      const schools = await this.schoolsUnder(sc.code);
      scope = or(eq(video.account_id, c.id), schools.length ? inArray(video.school_id, schools) : undefined);
    } else scope = eq(video.account_id, c.id);
    const where = and(scope, eq(video.status, "ready"), p.keyword ? ilike(video.name, likeOf(p.keyword)) : undefined);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(video).where(where);
    const rows = await this.db
      .select({ id: video.id })
      .from(video)
      .where(where)
      .orderBy(desc(video.created_at), desc(video.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    const list = await Promise.all(
      rows.map(async (r) => {
        const v = await this.d.videos.row(r.id);
        return {
          id: v.id,
          name: v.name,
          account_name: v.account_name,
          school_name: v.school_name,
          duration: Math.round(v.duration),
          thumbnail_url: v.thumbnail_url,
          created_at: v.created_at,
        };
      }),
    );
    return { list, total: n, page: p.page, limit: p.limit };
  }

  // ── enrolments (managers) ────────────────────────────────────────────────────────────────────────────────

  private async requiredItems(trainingId: number): Promise<Item[]> {
    return (await this.items(trainingId)).filter((i) => i.required);
  }

  private async enrolRows(t: Training, enrols: Enrol[]): Promise<TrainingEnrolRow[]> {
    if (!enrols.length) return [];
    const accIds = enrols.map((e) => e.account_id);
    const schoolIds = [...new Set(enrols.map((e) => e.school_id).filter(Boolean))];
    const req = await this.requiredItems(t.id);
    const reqIds = req.map((i) => i.id);
    const [accs, schools, done] = await Promise.all([
      this.db.select({ id: account.id, name: account.realname, username: account.username }).from(account).where(inArray(account.id, accIds)),
      schoolIds.length ? this.db.select({ id: school.id, name: school.title }).from(school).where(inArray(school.id, schoolIds)) : [],
      reqIds.length
        ? this.db
            .select({ id: trainingProgress.account_id, n: sql<number>`count(*)::int` })
            .from(trainingProgress)
            .where(
              and(
                eq(trainingProgress.training_id, t.id),
                inArray(trainingProgress.item_id, reqIds),
                eq(trainingProgress.done, 1),
                inArray(trainingProgress.account_id, accIds),
              ),
            )
            .groupBy(trainingProgress.account_id)
        : [],
    ]);
    const accOf = new Map(accs.map((a) => [a.id, a]));
    const schoolName = new Map(schools.map((s) => [s.id, s.name]));
    const doneOf = new Map(done.map((d) => [d.id, d.n]));
    return enrols.map((e) => {
      const state = e.completed_at ? 2 : e.progress > 0 || e.watched_seconds > 0 ? 1 : 0;
      return {
        id: e.id,
        account_id: e.account_id,
        account_name: accOf.get(e.account_id)?.name || accOf.get(e.account_id)?.username || "",
        username: accOf.get(e.account_id)?.username ?? "",
        school_id: e.school_id,
        school_name: schoolName.get(e.school_id) ?? "",
        progress: e.progress,
        watched_seconds: e.watched_seconds,
        items_done: doneOf.get(e.account_id) ?? 0,
        items_required: req.length,
        state,
        state_name: STATE_NAMES[state]!,
        completed_at: formatTime(e.completed_at),
        certificate_no: e.certificate_no ?? "",
        created_at: formatTime(e.created_at),
        updated_at: formatTime(e.updated_at),
      };
    });
  }

  private enrolWhere(id: number, p: { state?: number | undefined }, accIds?: number[]): SQL {
    const conds: (SQL | undefined)[] = [eq(trainingEnrol.training_id, id)];
    if (p.state === 2) conds.push(isNotNull(trainingEnrol.completed_at));
    if (p.state === 1) conds.push(and(isNull(trainingEnrol.completed_at), or(sql`${trainingEnrol.progress} > 0`, sql`${trainingEnrol.watched_seconds} > 0`)));
    if (p.state === 0) conds.push(and(isNull(trainingEnrol.completed_at), eq(trainingEnrol.progress, 0), eq(trainingEnrol.watched_seconds, 0)));
    if (accIds) conds.push(accIds.length ? inArray(trainingEnrol.account_id, accIds) : sql`false`);
    return and(...conds)!;
  }

  async enrolList(c: Caller, p: In<typeof TrainingEnrolListPayload>): Promise<TrainingEnrolList> {
    const t = await this.managed(p.id, c);
    let accIds: number[] | undefined;
    if (p.keyword) {
      const accs = await this.db
        .select({ id: account.id })
        .from(account)
        .innerJoin(trainingEnrol, and(eq(trainingEnrol.account_id, account.id), eq(trainingEnrol.training_id, t.id)))
        .where(or(ilike(account.realname, likeOf(p.keyword)), ilike(account.username, likeOf(p.keyword))));
      accIds = accs.map((a) => a.id);
    }
    const where = this.enrolWhere(t.id, p, accIds);
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(trainingEnrol).where(where);
    const rows = await this.db
      .select()
      .from(trainingEnrol)
      .where(where)
      .orderBy(desc(trainingEnrol.progress), asc(trainingEnrol.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    const [st] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        completed: sql<number>`count(*) filter (where ${trainingEnrol.completed_at} is not null)::int`,
        not_started: sql<number>`count(*) filter (where ${trainingEnrol.completed_at} is null and ${trainingEnrol.progress} = 0 and ${trainingEnrol.watched_seconds} = 0)::int`,
      })
      .from(trainingEnrol)
      .where(eq(trainingEnrol.training_id, t.id));
    const total = st?.total ?? 0;
    const completed = st?.completed ?? 0;
    const notStarted = st?.not_started ?? 0;
    return {
      list: await this.enrolRows(t, rows),
      total: n,
      page: p.page,
      limit: p.limit,
      stats: { total, completed, not_started: notStarted, in_progress: total - completed - notStarted },
    };
  }

  async enrolExport(c: Caller, id: number): Promise<FileAnswer> {
    const t = await this.managed(id, c);
    const enrols = await this.db
      .select()
      .from(trainingEnrol)
      .where(eq(trainingEnrol.training_id, id))
      .orderBy(desc(trainingEnrol.progress), asc(trainingEnrol.id));
    const rows = await this.enrolRows(t, enrols);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("学员进度", { views: [{ state: "frozen", ySplit: 1 }] });
    ws.columns = [
      { header: "姓名", key: "name", width: 14 },
      { header: "账号", key: "username", width: 16 },
      { header: "学校", key: "school", width: 24 },
      { header: "学习进度(%)", key: "progress", width: 12 },
      { header: "观看时长(分钟)", key: "minutes", width: 14 },
      { header: "已完成课程", key: "done", width: 12 },
      { header: "状态", key: "state", width: 10 },
      { header: "报名时间", key: "enrolled", width: 20 },
      { header: "完成时间", key: "completed", width: 20 },
      { header: "证书编号", key: "cert", width: 18 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const r of rows) {
      ws.addRow({
        name: r.account_name,
        username: r.username,
        school: r.school_name,
        progress: r.progress,
        minutes: Math.round((r.watched_seconds / 60) * 10) / 10,
        done: `${r.items_done}/${r.items_required}`,
        state: r.state_name,
        enrolled: r.created_at,
        completed: r.completed_at,
        cert: r.certificate_no,
      });
    }
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const safe = t.title.replace(/[\\/:*?"<>|]/g, "_").slice(0, 40);
    return { filename: `${safe}-学员进度.xlsx`, mime: XLSX_MIME, file: buf.toString("base64") };
  }

  // ── teachers ─────────────────────────────────────────────────────────────────────────────────────────────

  private enrolHint(t: Training, enrolled: boolean, inScope: boolean): string {
    if (enrolled) return "";
    if (!inScope) return "您不在该培训的报名范围内";
    if (t.status !== TRAINING_STATUS.published) return t.status === TRAINING_STATUS.ended ? "培训已结束" : "培训尚未发布";
    const now = this.now();
    if (t.enrol_start && now < t.enrol_start) return `报名将于 ${formatTime(t.enrol_start).slice(0, 16)} 开始`;
    if (t.enrol_end && now > t.enrol_end) return "报名已截止";
    return "";
  }

  private async meOf(t: Training, c: Caller, e: Enrol | undefined, inScope: boolean): Promise<TrainingMe> {
    const req = await this.requiredItems(t.id);
    let done = 0;
    if (e && req.length) {
      const [{ n } = { n: 0 }] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(trainingProgress)
        .where(
          and(
            eq(trainingProgress.account_id, c.id),
            inArray(
              trainingProgress.item_id,
              req.map((i) => i.id),
            ),
            eq(trainingProgress.done, 1),
          ),
        );
      done = n;
    }
    const hint = this.enrolHint(t, Boolean(e), inScope);
    return {
      enrolled: Boolean(e),
      progress: e?.progress ?? 0,
      watched_seconds: e?.watched_seconds ?? 0,
      items_done: done,
      items_required: req.length,
      completed_at: formatTime(e?.completed_at),
      certificate_no: e?.certificate_no ?? "",
      can_enrol: !e && hint === "",
      enrol_hint: hint,
    };
  }

  private async enrolOf(trainingId: number, accountId: number, db: Db | Tx = this.db): Promise<Enrol | undefined> {
    const [e] = await db
      .select()
      .from(trainingEnrol)
      .where(and(eq(trainingEnrol.training_id, trainingId), eq(trainingEnrol.account_id, accountId)));
    return e;
  }

  private async teacherRows(c: Caller, ts: Training[]): Promise<TrainingTeacherRow[]> {
    const rows = await this.toRows(ts);
    return Promise.all(
      rows.map(async (r, i) => {
        const t = ts[i]!;
        const e = await this.enrolOf(t.id, c.id);
        return { ...r, me: await this.meOf(t, c, e, await this.inAudience(t, c.school_id)) };
      }),
    );
  }

  /** Published programmes whose scope covers the caller's school, with his enrolment state. */
  async available(c: Caller, p: { page: number; limit: number; keyword?: string | undefined }): Promise<Page<TrainingTeacherRow>> {
    const where = and(
      eq(training.status, TRAINING_STATUS.published),
      await this.audienceWhere(c.school_id),
      p.keyword ? ilike(training.title, likeOf(p.keyword)) : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(training).where(where);
    const rows = await this.db
      .select()
      .from(training)
      .where(where)
      .orderBy(desc(training.published_at), desc(training.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return { list: await this.teacherRows(c, rows), total: n, page: p.page, limit: p.limit };
  }

  async mine(c: Caller, p: { page: number; limit: number; keyword?: string | undefined }): Promise<Page<TrainingTeacherRow>> {
    const where = and(eq(trainingEnrol.account_id, c.id), p.keyword ? ilike(training.title, likeOf(p.keyword)) : undefined);
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trainingEnrol)
      .innerJoin(training, eq(training.id, trainingEnrol.training_id))
      .where(where);
    const rows = await this.db
      .select({ t: training })
      .from(trainingEnrol)
      .innerJoin(training, eq(training.id, trainingEnrol.training_id))
      .where(where)
      .orderBy(desc(trainingEnrol.updated_at), desc(trainingEnrol.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit);
    return {
      list: await this.teacherRows(
        c,
        rows.map((r) => r.t),
      ),
      total: n,
      page: p.page,
      limit: p.limit,
    };
  }

  /** A programme as a teacher sees it: published (or ended, for those enrolled) and within his scope. */
  private async studyable(c: Caller, id: number): Promise<{ t: Training; e: Enrol | undefined; inScope: boolean }> {
    const t = await this.programme(id);
    const e = await this.enrolOf(id, c.id);
    const inScope = await this.inAudience(t, c.school_id);
    if (e) return { t, e, inScope };
    if (t.status === TRAINING_STATUS.draft) {
      if (await this.manages(c, t)) return { t, e, inScope };
      throw notFound(TRAINING_MESSAGES.notFound);
    }
    if (!inScope && !(await this.manages(c, t))) throw forbidden("您不在该培训的范围内");
    return { t, e, inScope };
  }

  private myProgress(pr: Progress | undefined): TrainingMyItemProgress {
    return {
      watched_seconds: pr?.watched_seconds ?? 0,
      position_seconds: pr?.position_seconds ?? 0,
      done: pr?.done === 1,
      opened: Boolean(pr),
      done_at: formatTime(pr?.done_at),
    };
  }

  async study(c: Caller, id: number): Promise<TrainingStudy> {
    const { t, e, inScope } = await this.studyable(c, id);
    const items = await this.items(id);
    const rows = await this.itemRows(items);
    const progress = e
      ? await this.db
          .select()
          .from(trainingProgress)
          .where(and(eq(trainingProgress.training_id, id), eq(trainingProgress.account_id, c.id)))
      : [];
    const prOf = new Map(progress.map((p) => [p.item_id, p]));
    const studyItems: TrainingStudyItem[] = await Promise.all(
      rows.map(async (r) => ({
        ...r,
        my: this.myProgress(prOf.get(r.id)),
        video: e && r.video_id ? await this.d.videos.row(r.video_id).catch(() => null) : null,
        file_url: e && r.file_id ? this.d.files.signedPath(r.file_id) : "",
      })),
    );
    return { ...(await this.row(t)), me: await this.meOf(t, c, e, inScope), items: studyItems };
  }

  async enrol(c: Caller, id: number): Promise<TrainingTeacherRow> {
    const { t, e, inScope } = await this.studyable(c, id);
    if (!e) {
      const hint = this.enrolHint(t, false, inScope);
      if (hint) throw badInput(hint);
      await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(trainingEnrol)
          .values({ training_id: id, account_id: c.id, school_id: c.school_id })
          .onConflictDoNothing()
          .returning({ id: trainingEnrol.id });
        if (created)
          await tx
            .update(training)
            .set({ enrol_count: sql`${training.enrol_count} + 1` })
            .where(eq(training.id, id));
      });
    }
    const [fresh] = await this.db.select().from(training).where(eq(training.id, id));
    return (await this.teacherRows(c, [fresh!]))[0]!;
  }

  /** Recomputes an enrolment's progress from its items; completes it once at pass_ratio. Inside `tx`. */
  private async recompute(tx: Tx, t: Training, accountId: number): Promise<void> {
    const items = await tx.select().from(trainingItem).where(eq(trainingItem.training_id, t.id));
    const req = items.filter((i) => i.required).map((i) => i.id);
    const prs = await tx
      .select()
      .from(trainingProgress)
      .where(and(eq(trainingProgress.training_id, t.id), eq(trainingProgress.account_id, accountId)));
    const done = prs.filter((p) => p.done === 1 && req.includes(p.item_id)).length;
    const progress = req.length ? Math.floor((done * 100) / req.length) : 0;
    const watched = prs.reduce((s, p) => s + p.watched_seconds, 0);
    const [e] = await tx
      .select()
      .from(trainingEnrol)
      .where(and(eq(trainingEnrol.training_id, t.id), eq(trainingEnrol.account_id, accountId)))
      .for("update");
    if (!e) return;
    const now = this.now();
    const patch: Partial<typeof trainingEnrol.$inferInsert> = { progress, watched_seconds: watched, updated_at: now };
    if (!e.completed_at && req.length && progress >= t.pass_ratio) {
      patch.completed_at = now;
      patch.certificate_no = certificateNo(e.id, now);
    }
    await tx.update(trainingEnrol).set(patch).where(eq(trainingEnrol.id, e.id));
  }

  private async studying(c: Caller, itemId: number): Promise<{ it: Item; t: Training }> {
    const it = await this.item(itemId);
    const t = await this.programme(it.training_id);
    const e = await this.enrolOf(t.id, c.id);
    if (!e) {
      if (t.status === TRAINING_STATUS.draft) throw notFound(TRAINING_MESSAGES.itemNotFound);
      throw forbidden(TRAINING_MESSAGES.notEnrolled);
    }
    if (t.status !== TRAINING_STATUS.published) throw badInput(TRAINING_MESSAGES.notPublished);
    return { it, t };
  }

  async progress(c: Caller, p: In<typeof TrainingProgressPayload>): Promise<TrainingProgressAnswer> {
    const { it, t } = await this.studying(c, p.item_id);
    const now = this.now();
    let counted = 0;
    await this.db.transaction(async (tx) => {
      await tx.insert(trainingProgress).values({ training_id: t.id, item_id: it.id, account_id: c.id, updated_at: now }).onConflictDoNothing();
      const [pr] = await tx
        .select()
        .from(trainingProgress)
        .where(and(eq(trainingProgress.item_id, it.id), eq(trainingProgress.account_id, c.id)))
        .for("update");
      if (!pr) return;
      if (it.item_type !== TRAINING_ITEM_TYPES.video) {
        await tx.update(trainingProgress).set({ updated_at: now }).where(eq(trainingProgress.id, pr.id));
        return;
      }
      const wall = Math.max(0, (now.getTime() - pr.updated_at.getTime()) / 1000);
      const room = it.duration_seconds > 0 ? Math.max(0, it.duration_seconds - pr.watched_seconds) : Number.POSITIVE_INFINITY;
      counted = Math.floor(Math.min(p.watched_delta, wall + TRAINING_HEARTBEAT_SLACK, room));
      const watched = pr.watched_seconds + counted;
      const position = Math.floor(it.duration_seconds > 0 ? Math.min(p.position_seconds, it.duration_seconds) : p.position_seconds);
      const nowDone = pr.done === 1 || watched >= needSeconds(it);
      await tx
        .update(trainingProgress)
        .set({ watched_seconds: watched, position_seconds: position, updated_at: now, ...(nowDone && pr.done !== 1 ? { done: 1, done_at: now } : {}) })
        .where(eq(trainingProgress.id, pr.id));
      await this.recompute(tx, t, c.id);
    });
    const answer = await this.progressAnswer(c, t, it, counted);
    if (it.item_type === TRAINING_ITEM_TYPES.document) answer.preview = await this.documentPreview(it.file_id);
    return answer;
  }

  /** How an enrolled teacher reads a document item: the file service's preview, asked as the file's owner. */
  private async documentPreview(fileId: number): Promise<PreviewAnswer | null> {
    const f = await this.d.files.fileRow(fileId);
    if (!f) return null;
    const [owner] = await this.db
      .select({ id: account.id, identity: account.identity, school_id: account.school_id, region_code: account.region_code })
      .from(account)
      .where(eq(account.id, f.account_id));
    if (!owner) return null;
    return this.d.files.preview(owner, fileId).catch(() => null);
  }

  async read(c: Caller, itemId: number): Promise<TrainingProgressAnswer> {
    const { it, t } = await this.studying(c, itemId);
    if (it.item_type !== TRAINING_ITEM_TYPES.document) throw badInput("视频课程按观看时长自动完成，不能标记为已读");
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const [pr] = await tx
        .select()
        .from(trainingProgress)
        .where(and(eq(trainingProgress.item_id, it.id), eq(trainingProgress.account_id, c.id)))
        .for("update");
      if (!pr) throw badInput("请先打开文档阅读后再标记为已读");
      if (pr.done !== 1) await tx.update(trainingProgress).set({ done: 1, done_at: now, updated_at: now }).where(eq(trainingProgress.id, pr.id));
      await this.recompute(tx, t, c.id);
    });
    return this.progressAnswer(c, t, it, 0);
  }

  private async progressAnswer(c: Caller, t: Training, it: Item, counted: number): Promise<TrainingProgressAnswer> {
    const [pr] = await this.db
      .select()
      .from(trainingProgress)
      .where(and(eq(trainingProgress.item_id, it.id), eq(trainingProgress.account_id, c.id)));
    const e = await this.enrolOf(t.id, c.id);
    return { item_id: it.id, counted, item: this.myProgress(pr), me: await this.meOf(t, c, e, true), preview: null };
  }

  async certificate(c: Caller, id: number): Promise<FileAnswer> {
    const t = await this.programme(id);
    const e = await this.enrolOf(id, c.id);
    if (!e) {
      if (t.status === TRAINING_STATUS.draft) throw notFound(TRAINING_MESSAGES.notFound);
      throw forbidden(TRAINING_MESSAGES.notEnrolled);
    }
    if (!e.completed_at || !e.certificate_no) throw forbidden(TRAINING_MESSAGES.notCompleted);
    const [who] = await this.db.select({ name: account.realname, username: account.username }).from(account).where(eq(account.id, c.id));
    const row = await this.row(t);
    const name = who?.name || who?.username || "";
    const issuer = t.school_id ? row.school_name : t.region_code ? `${row.region_name || t.region_code}教育主管部门` : "研课平台";
    const date = dayjs(e.completed_at).tz(TIME_ZONE).format("YYYY年M月D日");
    const hours = Number(t.hours);
    const buf = await makePdf(
      (doc) => {
        const W = doc.page.width;
        const H = doc.page.height;
        doc
          .lineWidth(6)
          .strokeColor("#b8860b")
          .rect(24, 24, W - 48, H - 48)
          .stroke();
        doc
          .lineWidth(1.5)
          .strokeColor("#d4a94a")
          .rect(36, 36, W - 72, H - 72)
          .stroke();
        doc.fillColor("#8b1a1a").fontSize(40).text("培 训 结 业 证 书", 0, 86, { width: W, align: "center", characterSpacing: 4 });
        doc.fillColor("#333").fontSize(14).text(`证书编号：${e.certificate_no}`, 0, 146, { width: W, align: "center" });
        doc
          .fillColor("#111")
          .fontSize(22)
          .text(name, 110, 206, { width: W - 220, align: "left", continued: false });
        doc
          .fontSize(18)
          .fillColor("#222")
          .text(`同志于 ${date} 完成「${t.title}」培训的全部学习要求，考核合格${hours > 0 ? `，计 ${hours} 学时` : ""}。`, 110, 250, {
            width: W - 220,
            align: "left",
            lineGap: 10,
          })
          .moveDown(0.5)
          .text("特发此证。", { width: W - 220, indent: 36 });
        doc
          .fontSize(16)
          .fillColor("#111")
          .text(issuer, W - 420, H - 170, { width: 320, align: "right" });
        doc.text(dayjs(e.completed_at).tz(TIME_ZONE).format("YYYY年M月D日"), W - 420, H - 140, { width: 320, align: "right" });
      },
      { size: "A4", layout: "landscape", margin: 36, info: { Title: `${t.title} 培训结业证书` } },
    );
    return { filename: `培训证书-${name}-${e.certificate_no}.pdf`, mime: PDF_MIME, file: buf.toString("base64") };
  }

  // ── c343 ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** c343: published programmes (and ended ones after them), newest first, by keyword; no login needed. */
  async publicList(p: { page: number; limit: number; keyword?: string | undefined }): Promise<Page<TrainRow>> {
    return trainPublicList(this.db, p, (ts) => this.toRows(ts));
  }
}

/** c343 over the db alone (HomeService delegates here). */
export async function trainPublicList(
  db: Db,
  p: { page: number; limit: number; keyword?: string | undefined },
  rowsOf?: (ts: Training[]) => Promise<TrainingRow[]>,
): Promise<Page<TrainRow>> {
  const where = and(
    eq(training.status, TRAINING_STATUS.published),
    p.keyword ? or(ilike(training.title, likeOf(p.keyword)), ilike(training.introduce, likeOf(p.keyword))) : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(training).where(where);
  const ts = await db
    .select()
    .from(training)
    .where(where)
    .orderBy(desc(training.published_at), desc(training.id))
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  const rows = rowsOf
    ? await rowsOf(ts)
    : await new TrainingService({ db, files: undefined as never, videos: undefined as never, subject: () => Promise.reject(new Error("unused")) }).toRows(ts);
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.title,
      start_time: r.start_time,
      end_time: r.end_time,
      cover_url: r.cover_url,
      introduce: r.introduce,
      hours: r.hours,
      enrol_count: r.enrol_count,
      item_count: r.item_count,
      status: r.status,
      status_name: r.status_name,
      scope_name: r.scope_name,
      published_at: r.published_at,
    })),
    total: n,
    page: p.page,
    limit: p.limit,
  };
}
