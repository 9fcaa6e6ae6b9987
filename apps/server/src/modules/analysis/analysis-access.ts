/**
 * Who may do what with an analysed lesson (issue #10; docs/decisions/1000-analysis-access.md). One rule, in JS for a
 * single course (power) and in SQL for lists (visibleSql), as preparation-access.ts does.
 *
 * - manager: the school administrator of the course's school, a district administrator over that school
 *   (OrgService.schoolsInScope), a platform administrator.
 * - can_view: the teacher (account_id), the creator, managers — and anyone, anonymous visitors included, once the
 *   report is published (publish_status 1).
 * - can_manage (setStatus, delete, analysisAgain, reUpload, deleteContent): the teacher, the creator, managers.
 * - can_code (upStSample, upDialogueClass): signed in and can_manage — the same people: the teacher, the creator and
 *   the managers in scope. Viewers of a published report do not correct its coding.
 */
import { type SQL, eq, or, sql } from "drizzle-orm";
import { ANALYSIS_NOT_FOUND } from "@yanke/protocol";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { inSchools } from "../org/period.service.js";
import { analysisCourse } from "./analysis.schema.js";

export type CourseRecord = typeof analysisCourse.$inferSelect;

export interface CoursePower {
  is_teacher: boolean;
  is_manager: boolean;
  can_view: boolean;
  can_manage: boolean;
  can_code: boolean;
}

export type CourseAbility = "can_view" | "can_manage" | "can_code";

const REFUSALS: Record<CourseAbility, string> = {
  can_view: "无权查看该课堂分析",
  can_manage: "只有授课教师、上传者或管理员可以进行此操作",
  can_code: "只有授课教师、上传者或管理员可以修正编码",
};

export class AnalysisAccess {
  constructor(
    private readonly db: Db,
    private readonly org: OrgService,
  ) {}

  /** The course, or 400 (no id) / 404. */
  async load(id: number | undefined | null): Promise<CourseRecord> {
    if (!id) throw badInput("课堂分析编号不能为空");
    const [row] = await this.db.select().from(analysisCourse).where(eq(analysisCourse.id, id));
    if (!row) throw notFound(ANALYSIS_NOT_FOUND);
    return row;
  }

  async manages(c: Caller | null, schoolId: number): Promise<boolean> {
    if (!c?.id) return false;
    const schools = await this.org.schoolsInScope(c);
    return schools === undefined || (schoolId !== 0 && schools.includes(schoolId));
  }

  async power(c: Caller | null, row: CourseRecord): Promise<CoursePower> {
    const id = c?.id ?? 0;
    const isTeacher = id !== 0 && (row.account_id === id || row.creator_id === id);
    const manager = await this.manages(c, row.school_id);
    const canManage = isTeacher || manager;
    return {
      is_teacher: isTeacher,
      is_manager: manager,
      can_view: canManage || row.publish_status === 1,
      can_manage: canManage,
      can_code: id !== 0 && canManage,
    };
  }

  /**
   * The course and the caller's power, or 400 / 404 / 403. A course the caller may not even see answers 404 (its
   * existence is not disclosed to strangers); seen but not managed answers 403.
   */
  async require(c: Caller | null, id: number | undefined | null, ability: CourseAbility = "can_view"): Promise<{ row: CourseRecord; power: CoursePower }> {
    const row = await this.load(id);
    const power = await this.power(c, row);
    if (!power.can_view) {
      if (!c?.id) throw forbidden("该课堂分析未公开，请登录后查看");
      throw forbidden(REFUSALS.can_view);
    }
    if (!power[ability]) throw forbidden(REFUSALS[ability]);
    return { row, power };
  }

  // ── the same rule in SQL ──────────────────────────────────────────────────────────────────────────────────

  /** Courses the caller manages (teacher, creator, or a manager in scope); undefined = every course. */
  async manageSql(c: Caller): Promise<SQL | undefined> {
    const schools = await this.org.schoolsInScope(c);
    if (schools === undefined) return undefined;
    return or(
      eq(analysisCourse.account_id, c.id),
      eq(analysisCourse.creator_id, c.id),
      inSchools(
        analysisCourse.school_id,
        schools.filter((s) => s !== 0),
      ),
    )!;
  }

  /** can_view as SQL; undefined = every course. */
  async visibleSql(c: Caller | null): Promise<SQL | undefined> {
    if (!c?.id) return eq(analysisCourse.publish_status, 1);
    const managed = await this.manageSql(c);
    if (!managed) return undefined;
    return or(managed, eq(analysisCourse.publish_status, 1))!;
  }

  /** The caller's own lessons (teacher or creator), not taken off 我的课例. */
  mineSql(c: Caller): SQL {
    return sql`(${analysisCourse.account_id} = ${c.id} or ${analysisCourse.creator_id} = ${c.id}) and ${analysisCourse.eliminated} = 0`;
  }
}
