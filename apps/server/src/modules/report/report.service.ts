/**
 * Statistical reports (报表统计; issue #12; docs/api/report.md, docs/decisions/1230–1233).
 *
 * Every figure is computed from the live tables on each query: one SQL per measure over a "source" (the rows the
 * measure counts, each with its school, period, subject, area, date, teacher and value), grouped by the dimensions
 * with GROUPING SETS so that the totals come from the same statement (distinct and mean measures are not sums of
 * their groups). The measures' rows are then merged by the dimension keys.
 */
import {
  type ReportAnswer,
  type ReportColumn,
  type ReportDimension,
  type ReportFilters,
  type ReportMeasure,
  type ReportMeta,
  REPORT_DIMENSION_NAMES,
  REPORT_DIMENSIONS,
  REPORT_GRANULARITIES,
  REPORT_GRANULARITY_NAMES,
  REPORT_MAX_DAYS,
  REPORT_MEASURE_NAMES,
  REPORT_MEASURES,
  type ReportQueryPayload,
  type ReportRow,
  type ReportViewRow,
  type ReportViewSavePayload,
  type ReportViewUpdatePayload,
  TIME_ZONE,
} from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { type SQL, and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import { type OrgScope, OrgScopes } from "../home/org-scope.js";
import { period, region, school, subject } from "../org/org.schema.js";
import type { Caller } from "../../http/caller.js";
import { rowsOf } from "../portal/portal-sql.js";
import { scopeOf } from "../rbac/permission.js";
import { reportView } from "./report.schema.js";

type Query = z.output<typeof import("@yanke/protocol").ReportQueryPayload>;
type Filters = z.output<typeof import("@yanke/protocol").ReportFilters>;
type SavePayload = z.output<typeof import("@yanke/protocol").ReportViewSavePayload>;
type UpdatePayload = z.output<typeof import("@yanke/protocol").ReportViewUpdatePayload>;
export type { ReportQueryPayload, ReportViewSavePayload, ReportViewUpdatePayload };

const TZ = sql.raw(`'${TIME_ZONE}'`);

type MeasureKind = "count" | "distinct" | "mean";
interface MeasureDef {
  kind: MeasureKind;
  unit: string;
  description: string;
  /** The rows: school_id, area_id, period_id, subject_id, at, account_id, val. */
  source: SQL;
}

/** What each measure counts (docs/decisions/1231). */
export const MEASURES: Record<ReportMeasure, MeasureDef> = {
  recorded: {
    kind: "count",
    unit: "节",
    description: "课堂录制生成的课例视频（来源为录制，处理失败的除外），按视频生成时间",
    source: sql`select school_id, 0 as area_id, period_id, subject_id, created_at as at, account_id, null::float8 as val
      from video where source = 'recording' and status <> 'failed'`,
  },
  analysed: {
    kind: "count",
    unit: "节",
    description: "完成 AI 课堂分析的课例（分析状态为已完成），按分析完成时间",
    source: sql`select school_id, 0 as area_id, period_id, subject_id, coalesce(finished_at, created_at) as at, account_id, null::float8 as val
      from analysis_course where status = 2`,
  },
  evaluated: {
    kind: "count",
    unit: "节",
    description: "听评课记录（正常状态），按上课开始时间",
    source: sql`select school_id, area_id, period_id, subject_id, start_time as at, coalesce(nullif(teacher_account_id, 0), account_id) as account_id, null::float8 as val
      from listen_evaluate where status = 1`,
  },
  activity: {
    kind: "count",
    unit: "次",
    description: "举办的教研活动（各类活动：教研活动、集体备课、听评课、课后反思、会议、问卷，正常状态），按活动开始时间",
    source: sql`select school_id, area_id, period_id, subject_id, start_time as at, account_id, null::float8 as val
      from activity where status = 1`,
  },
  active_teachers: {
    kind: "distinct",
    unit: "人",
    description: "发起或参与过教研活动的教师人数（同一人只计一次），按活动开始时间",
    source: sql`select a.school_id, a.area_id, a.period_id, a.subject_id, a.start_time as at, a.account_id, null::float8 as val
      from activity a where a.status = 1
      union all
      select a.school_id, a.area_id, a.period_id, a.subject_id, a.start_time as at, m.account_id, null::float8 as val
      from activity_member m join activity a on a.id = m.activity_id where a.status = 1`,
  },
  score: {
    kind: "mean",
    unit: "分",
    description: "已提交的听评课评价总分的平均值，按听评课上课开始时间",
    source: sql`select r.school_id, r.area_id, r.period_id, r.subject_id, r.start_time as at, e.account_id, e.total_score::float8 as val
      from listen_evaluation e join listen_evaluate r on r.id = e.record_id where e.status = 1 and r.status = 1`,
  },
};

export const UNSET: Record<ReportDimension, string> = {
  region: "未设置区域",
  school: "未设置学校",
  subject: "未设置学科",
  period: "未设置学段",
  time: "",
};

/** The dimension's key and label over the joined source (t source, s school, g region, sj subject, p period). */
function dimSql(d: ReportDimension, f: Filters): { key: SQL; label: SQL } {
  switch (d) {
    case "region":
      return { key: sql`g.id`, label: sql`coalesce(g.name, ${UNSET.region})` };
    case "school":
      return { key: sql`nullif(t.school_id, 0)`, label: sql`coalesce(s.title, ${UNSET.school})` };
    case "subject":
      return { key: sql`sj.name`, label: sql`coalesce(sj.name, ${UNSET.subject})` };
    case "period":
      return { key: sql`p.name`, label: sql`coalesce(p.name, ${UNSET.period})` };
    case "time": {
      const at = sql`(t.at at time zone ${TZ})`;
      const key =
        f.granularity === "month"
          ? sql`to_char(${at}, 'YYYY-MM')`
          : f.granularity === "week"
            ? sql`to_char(date_trunc('week', ${at}), 'YYYY-MM-DD')`
            : sql`to_char(${at}, 'YYYY-MM-DD')`;
      return { key, label: key };
    }
  }
}

export const timeLabel = (key: string, g: Filters["granularity"]): string => (g === "week" ? `${key} 当周` : key);

/** The instant a Shanghai day starts. */
const dayStart = (date: string): Date => dayjs.tz(`${date} 00:00:00`, "YYYY-MM-DD HH:mm:ss", TIME_ZONE).toDate();

/** The time buckets of the range (so that empty months/weeks/days show as 0). */
export function timeBuckets(f: Filters): string[] {
  const out: string[] = [];
  const end = dayjs(f.date_to);
  let d = dayjs(f.date_from);
  if (f.granularity === "month") d = d.startOf("month");
  if (f.granularity === "week") d = d.subtract((d.day() + 6) % 7, "day");
  const step = f.granularity === "month" ? "month" : f.granularity === "week" ? "week" : "day";
  while (!d.isAfter(end) && out.length < 1000) {
    out.push(d.format(f.granularity === "month" ? "YYYY-MM" : "YYYY-MM-DD"));
    d = d.add(1, step);
  }
  return out;
}

interface ViewScope {
  school_id: number;
  region_code: string;
}

export class ReportService {
  readonly scopes: OrgScopes;
  constructor(
    private readonly db: Db,
    private readonly subjectOf: (accountId: number) => Promise<Caller>,
  ) {
    this.scopes = new OrgScopes(db);
  }

  async me(accountId: number): Promise<Caller> {
    return this.reader(await this.subjectOf(accountId));
  }

  /** The caller, when he may read reports (a platform, region or school administrator); 403 otherwise. */
  reader(c: Caller): Caller {
    if (scopeOf(c).kind === "none") throw forbidden("仅平台、区域和学校管理员可使用报表统计");
    return c;
  }

  // ── meta ──

  async meta(c: Caller): Promise<ReportMeta> {
    const sc = await this.scopes.of(c);
    const kind = sc.all ? "all" : sc.info.kind === "region" ? "region" : "school";
    const schoolWhere = sc.all ? undefined : sc.schools.length ? inArray(school.id, sc.schools) : sql`false`;
    const [regions, schools] = await Promise.all([
      sc.all
        ? this.db
            .select({ id: region.id, name: region.name, pid: region.pid, level: region.level })
            .from(region)
            .orderBy(asc(region.level), asc(region.sort), asc(region.id))
        : sc.regions.length
          ? this.db
              .select({ id: region.id, name: region.name, pid: region.pid, level: region.level })
              .from(region)
              .where(inArray(region.id, sc.regions))
              .orderBy(asc(region.level), asc(region.sort), asc(region.id))
          : [],
      this.db
        .select({ id: school.id, name: school.title, region_name: sql<string>`coalesce(${region.name}, '')` })
        .from(school)
        .leftJoin(region, sql`${region.region_code} = nullif(${school.area_code}, '')`)
        .where(schoolWhere)
        .orderBy(asc(school.id)),
    ]);
    const ids = schools.map((s) => s.id);
    const periodWhere = sc.all ? undefined : ids.length ? inArray(period.school_id, ids) : sql`false`;
    const [periods, subjects] = await Promise.all([
      this.db.selectDistinct({ name: period.name }).from(period).where(periodWhere),
      this.db.selectDistinct({ name: subject.name }).from(subject).innerJoin(period, eq(period.id, subject.period_id)).where(periodWhere),
    ]);
    const order = (names: string[], first: string[]) =>
      names.sort((a, b) => {
        const ia = first.indexOf(a);
        const ib = first.indexOf(b);
        return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b, "zh-CN");
      });
    const schoolOnly = kind === "school";
    return {
      dimensions: REPORT_DIMENSIONS.map((key) => ({
        key,
        name: REPORT_DIMENSION_NAMES[key],
        excludes:
          key === "region"
            ? [{ key: "school" as const, reason: "学校已归属唯一区域，区域 × 学校没有意义，请只选学校" }]
            : key === "school"
              ? [{ key: "region" as const, reason: "学校已归属唯一区域，区域 × 学校没有意义，请只选学校" }]
              : [],
        disabled: schoolOnly && (key === "region" || key === "school") ? "您的统计范围为本校，不能按区域或学校分组" : "",
      })),
      measures: REPORT_MEASURES.map((key) => ({
        key,
        name: REPORT_MEASURE_NAMES[key],
        description: MEASURES[key].description,
        kind: MEASURES[key].kind,
        unit: MEASURES[key].unit,
        dimensions: [...REPORT_DIMENSIONS],
      })),
      granularities: REPORT_GRANULARITIES.map((key) => ({ key, name: REPORT_GRANULARITY_NAMES[key] })),
      max_days: REPORT_MAX_DAYS,
      scope: { kind, name: sc.info.name },
      regions,
      schools,
      periods: order(
        periods.map((p) => p.name),
        ["幼儿园", "小学", "初中", "高中"],
      ),
      subjects: order(
        subjects.map((s) => s.name),
        ["语文", "数学", "英语", "物理", "化学", "生物", "历史", "地理", "政治", "道德与法治"],
      ),
    };
  }

  // ── query ──

  /** The scope of a query: the caller's organization narrowed by the filters (403 outside, 404 unknown). */
  private async scopeSql(c: Caller, f: Filters): Promise<SQL[]> {
    const out: SQL[] = [inScope(await this.scopes.of(c))];
    if (f.region_id) out.push(inScope(await this.scopes.resolve(c, { region_id: f.region_id })));
    if (f.school_id) out.push(inScope(await this.scopes.resolve(c, { school_id: f.school_id })));
    return out;
  }

  async query(c: Caller, q: Query): Promise<ReportAnswer> {
    const f = q.filters;
    if (q.dimensions.includes("region") && q.dimensions.includes("school")) throw badInput("学校已归属唯一区域，区域 × 学校没有意义，请只选学校");
    const scope = await this.scopeSql(c, f);
    const from = dayStart(f.date_from);
    const to = dayjs(dayStart(f.date_to)).add(1, "day").toDate();
    const where: SQL[] = [...scope, sql`t.at >= ${from}`, sql`t.at < ${to}`];
    if (f.subject) where.push(sql`sj.name = ${f.subject}`);
    if (f.period) where.push(sql`p.name = ${f.period}`);
    const dims = q.dimensions.map((d) => dimSql(d, f));
    // Only the lookups the dimensions and filters need (the region one costs two joins per row).
    const has = (d: ReportDimension) => q.dimensions.includes(d);
    const joins = sql.join(
      [
        has("school") || has("region") ? sql`left join school s on s.id = t.school_id` : undefined,
        has("region")
          ? sql`left join region g0 on g0.region_code = nullif(s.area_code, '') left join region g on g.id = coalesce(g0.id, nullif(t.area_id, 0))`
          : undefined,
        has("subject") || f.subject ? sql`left join subject sj on sj.id = t.subject_id` : undefined,
        has("period") || f.period ? sql`left join period p on p.id = t.period_id` : undefined,
      ].filter((x): x is SQL => x !== undefined),
      sql` `,
    );
    const cols = dims.flatMap((d, i) => [sql`${d.key} as ${sql.raw(`k${i}`)}`, sql`${d.label} as ${sql.raw(`l${i}`)}`]);
    const groupCols = sql.raw(dims.map((_, i) => `k${i}, l${i}`).join(", "));

    type Cell = { keys: (string | number | null)[]; labels: string[]; values: Partial<Record<ReportMeasure, number | null>> };
    const cells = new Map<string, Cell>();
    const totals: Record<string, number | null> = {};
    // One statement per measure (independent: run side by side).
    const results = await Promise.all(
      q.measures.map(async (m) => {
        const def = MEASURES[m];
        const agg =
          def.kind === "count" ? sql`count(*)::int` : def.kind === "distinct" ? sql`count(distinct account_id)::int` : sql`round(avg(val)::numeric, 2)::float8`;
        const res = await this.db.execute(sql`
          with base as (
            select ${sql.join(cols, sql`, `)}, t.account_id, t.val
            from (${def.source}) t
            ${joins}
            where ${sql.join(where, sql` and `)}
          )
          select ${groupCols}, ${agg} as v, grouping(k0) as gt
          from base group by grouping sets ((${groupCols}), ())`);
        return { m, rows: rowsOf(res) };
      }),
    );
    for (const { m, rows } of results) {
      for (const r of rows) {
        const v = r.v === null || r.v === undefined ? null : Number(r.v);
        if (Number(r.gt) === 1) {
          totals[m] = v;
          continue;
        }
        const keys = dims.map((_, i) => (r[`k${i}`] ?? null) as string | number | null);
        const id = JSON.stringify(keys);
        let cell = cells.get(id);
        if (!cell) {
          cell = { keys, labels: dims.map((_, i) => String(r[`l${i}`] ?? "")), values: {} };
          cells.set(id, cell);
        }
        cell.values[m] = v;
      }
    }
    // One dimension of schools, regions or time: every member shows, with 0 where nothing happened.
    if (q.dimensions.length === 1) await this.fill(c, q.dimensions[0]!, f, cells);

    const columns: ReportColumn[] = [
      ...q.dimensions.map((d) => ({
        key: d,
        title: d === "time" ? `${REPORT_DIMENSION_NAMES.time}（${REPORT_GRANULARITY_NAMES[f.granularity]}）` : REPORT_DIMENSION_NAMES[d],
        kind: "dimension" as const,
      })),
      ...q.measures.map((m) => ({ key: m, title: REPORT_MEASURE_NAMES[m], kind: "measure" as const, measure_kind: MEASURES[m].kind })),
    ];
    const all = [...cells.values()].map((cell) => {
      const row: ReportRow = {};
      q.dimensions.forEach((d, i) => {
        row[d] = d === "time" ? timeLabel(String(cell.keys[i] ?? ""), f.granularity) : cell.labels[i]!;
        row[`${d}_key`] = cell.keys[i] ?? null;
      });
      for (const m of q.measures) row[m] = cell.values[m] ?? (MEASURES[m].kind === "mean" ? null : 0);
      return row;
    });
    for (const m of q.measures) if (!(m in totals)) totals[m] = MEASURES[m].kind === "mean" ? null : 0;
    sortRows(all, q);
    const rows = all.slice(0, q.limit);
    return { columns, rows, totals, total_rows: all.length, truncated: all.length > rows.length, filters_text: await this.filtersText(f) };
  }

  private async fill(c: Caller, d: ReportDimension, f: Filters, cells: Map<string, { keys: (string | number | null)[]; labels: string[]; values: object }>) {
    const add = (key: string | number, label: string) => {
      const id = JSON.stringify([key]);
      if (!cells.has(id)) cells.set(id, { keys: [key], labels: [label], values: {} });
    };
    if (d === "time") {
      for (const b of timeBuckets(f)) add(b, b);
      return;
    }
    if (d !== "school" && d !== "region") return;
    let sc = await this.scopes.of(c);
    if (f.school_id) sc = await this.scopes.resolve(c, { school_id: f.school_id });
    else if (f.region_id) sc = await this.scopes.resolve(c, { region_id: f.region_id });
    if (d === "school") {
      const list = await this.db
        .select({ id: school.id, title: school.title })
        .from(school)
        .where(sc.all ? eq(school.status, 1) : sc.schools.length ? inArray(school.id, sc.schools) : sql`false`);
      for (const s of list) add(s.id, s.title);
    } else if (!sc.all && sc.root && sc.root.level >= 3) {
      add(sc.root.id, sc.root.name);
    }
  }

  /** The filters as one Chinese line. */
  async filtersText(f: Filters): Promise<string> {
    const parts = [`时间：${f.date_from} 至 ${f.date_to}`];
    if (f.region_id) {
      const r = await this.scopes.regionById(f.region_id);
      parts.push(`区域：${r?.name ?? f.region_id}`);
    }
    if (f.school_id) {
      const [s] = await this.db.select({ title: school.title }).from(school).where(eq(school.id, f.school_id));
      parts.push(`学校：${s?.title ?? f.school_id}`);
    }
    if (f.subject) parts.push(`学科：${f.subject}`);
    if (f.period) parts.push(`学段：${f.period}`);
    return parts.join("；");
  }

  // ── views ──

  private viewScopeOf(c: Caller): ViewScope {
    const sc = scopeOf(c);
    if (sc.kind === "region") return { school_id: 0, region_code: sc.code };
    if (sc.kind === "school") return { school_id: sc.schoolId, region_code: "" };
    return { school_id: 0, region_code: "" };
  }

  /** Views whose scope lies within the caller's (his own scope included). */
  private async visibleSql(c: Caller): Promise<SQL | undefined> {
    const sc = await this.scopes.of(c);
    if (sc.all) return undefined;
    if (sc.info.kind === "region") {
      const codes = sc.regions.length
        ? (await this.db.select({ code: region.region_code }).from(region).where(inArray(region.id, sc.regions))).map((r) => r.code)
        : [];
      return or(
        codes.length ? and(eq(reportView.school_id, 0), inArray(reportView.region_code, codes)) : sql`false`,
        sc.schools.length ? inArray(reportView.school_id, sc.schools) : sql`false`,
      );
    }
    return eq(reportView.school_id, sc.schools[0] ?? -1);
  }

  private async editable(c: Caller, v: typeof reportView.$inferSelect): Promise<boolean> {
    if (v.account_id === c.id) return true;
    const mine = this.viewScopeOf(c);
    // A wider scope: the view's scope lies strictly inside the caller's (visibility checked by the caller of this).
    return !(mine.school_id === v.school_id && mine.region_code === v.region_code);
  }

  async viewList(c: Caller): Promise<ReportViewRow[]> {
    const rows = await this.db
      .select({
        v: reportView,
        owner: sql<string>`coalesce(${account.realname}, '')`,
        school_name: sql<string>`coalesce(${school.title}, '')`,
        region_name: sql<string>`coalesce(${region.name}, '')`,
      })
      .from(reportView)
      .leftJoin(account, eq(account.id, reportView.account_id))
      .leftJoin(school, eq(school.id, reportView.school_id))
      .leftJoin(region, sql`${region.region_code} = nullif(${reportView.region_code}, '')`)
      .where(await this.visibleSql(c))
      .orderBy(desc(reportView.updated_at), desc(reportView.id));
    return Promise.all(
      rows.map(async (r) => ({
        id: r.v.id,
        title: r.v.title,
        dimensions: r.v.dimensions as ReportDimension[],
        measures: r.v.measures as ReportMeasure[],
        filters: r.v.filters as ReportFilters,
        chart_type: (r.v.chart_type as ReportViewRow["chart_type"]) ?? "bar",
        scope_name: r.v.school_id ? r.school_name : r.v.region_code ? r.region_name : "全平台",
        account_id: r.v.account_id,
        owner_name: r.owner,
        editable: await this.editable(c, r.v),
        created_at: formatTime(r.v.created_at),
        updated_at: formatTime(r.v.updated_at),
      })),
    );
  }

  async viewSave(c: Caller, p: SavePayload): Promise<{ id: number }> {
    await this.scopeSql(c, p.filters); // the filters must lie inside the caller's scope
    const [row] = await this.db
      .insert(reportView)
      .values({
        title: p.title,
        dimensions: p.dimensions,
        measures: p.measures,
        filters: p.filters,
        chart_type: p.chart_type,
        account_id: c.id,
        ...this.viewScopeOf(c),
      })
      .returning({ id: reportView.id });
    return { id: row!.id };
  }

  private async ownView(c: Caller, id: number) {
    const [v] = await this.db
      .select()
      .from(reportView)
      .where(and(eq(reportView.id, id), await this.visibleSql(c)));
    if (!v) {
      const [exists] = await this.db.select({ id: reportView.id }).from(reportView).where(eq(reportView.id, id));
      if (exists) throw forbidden("该报表视图不在您的管理范围内");
      throw notFound("报表视图不存在");
    }
    if (!(await this.editable(c, v))) throw forbidden("只有创建者或上级管理员可以修改该报表视图");
    return v;
  }

  async viewUpdate(c: Caller, p: UpdatePayload, sent: ReadonlySet<string>): Promise<void> {
    await this.ownView(c, p.id);
    if (p.filters) await this.scopeSql(c, p.filters);
    const set: Partial<typeof reportView.$inferInsert> = { updated_at: new Date() };
    if (sent.has("title") && p.title !== undefined) set.title = p.title;
    if (sent.has("dimensions") && p.dimensions) set.dimensions = p.dimensions;
    if (sent.has("measures") && p.measures) set.measures = p.measures;
    if (sent.has("filters") && p.filters) set.filters = p.filters;
    if (sent.has("chart_type") && p.chart_type) set.chart_type = p.chart_type;
    await this.db.update(reportView).set(set).where(eq(reportView.id, p.id));
  }

  async viewDelete(c: Caller, id: number): Promise<void> {
    await this.ownView(c, id);
    await this.db.delete(reportView).where(eq(reportView.id, id));
  }
}

/** `t` rows inside an organization: its schools, or (rows without a school) its regions. */
function inScope(s: OrgScope): SQL {
  if (s.all) return sql`true`;
  const schools = s.schools.length
    ? sql`t.school_id in (${sql.join(
        s.schools.map((x) => sql`${x}`),
        sql`, `,
      )})`
    : sql`false`;
  const regions = s.regions.length
    ? sql`(t.school_id = 0 and t.area_id in (${sql.join(
        s.regions.map((x) => sql`${x}`),
        sql`, `,
      )}))`
    : sql`false`;
  return sql`(${schools} or ${regions})`;
}

function sortRows(rows: ReportRow[], q: Query): void {
  const by =
    q.sort?.by && (q.dimensions.includes(q.sort.by as ReportDimension) || q.measures.includes(q.sort.by as ReportMeasure)) ? q.sort.by : q.dimensions[0]!;
  const dir = q.sort?.by ? (q.sort.order === "desc" ? -1 : 1) : 1;
  const isDim = (q.dimensions as string[]).includes(by);
  const cmp = (a: ReportRow, b: ReportRow, key: string, dim: boolean): number => {
    if (dim) {
      if (key === "time") return String(a.time_key ?? "").localeCompare(String(b.time_key ?? ""));
      const ua = a[`${key}_key`] === null;
      const ub = b[`${key}_key`] === null;
      if (ua !== ub) return ua ? 1 : -1; // 未设置 last
      return String(a[key] ?? "").localeCompare(String(b[key] ?? ""), "zh-CN");
    }
    const va = a[key];
    const vb = b[key];
    if (va === null && vb === null) return 0;
    if (va === null) return 1;
    if (vb === null) return -1;
    return Number(va) - Number(vb);
  };
  rows.sort((a, b) => {
    const first = cmp(a, b, by, isDim) * dir;
    if (first) return first;
    for (const d of q.dimensions) {
      const x = cmp(a, b, d, true);
      if (x) return x;
    }
    return 0;
  });
}
