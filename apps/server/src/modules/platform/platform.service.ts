/**
 * Platform settings, front-site information and images, authorization codes (#4; docs/api/platform.md).
 *
 * Wiring (app.ts):
 *   const platform = new PlatformService(db, org, accounts, { serverSecret, licenseKey: config.licenseKey });
 *   platformRoutes(app, host, { platform, accounts });
 *   // #10: new AnalysisSlots({ capacity: () => platform.aiCapacity(), store: await openSlotStore(config.redisUrl, config.redisPrefix) })
 * Bootstrap: `await seedPlatform(db)` (idempotent) inserts the platform's website information.
 */
import {
  type AuthCodeList,
  type AuthCodeRow,
  type CommonImgList,
  type CommonImgRow,
  type CommonImgSave,
  type CommonImgUpdate,
  IMG_ATTRIBUTES,
  type ImgAttribute,
  type MandateAnswer,
  SETTINGS,
  type SettingKey,
  type SettingRow,
  type SettingValues,
  type WebIndexAnswer,
  type WebsiteFields,
  type WebsiteInfo,
  type WebsiteUpdatePayload,
} from "@yanke/protocol";
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { badInput, conflict, forbidden, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import type { AccountService } from "../account/account.service.js";
import type { OrgService } from "../org/org.service.js";
import { AuthCodes, CODE_REFUSALS, type IssueInput } from "./auth-code.js";
import { authCode, commonImg, systemSetting, website } from "./platform.schema.js";

/** Who is asking (an account row satisfies it). */
export interface Who {
  identity: number;
  school_id: number;
  region_code: string;
}

type WebsiteText = z.output<typeof WebsiteFields>;
type ImgDb = typeof commonImg.$inferSelect;
type CodeDb = typeof authCode.$inferSelect;

const WEBSITE_FIELDS = ["name", "logo_url", "host", "support", "phone", "work_time", "icp"] as const;

/** The platform's footer information until an administrator sets it (seedPlatform writes it on first start). */
export const DEFAULT_WEBSITE: WebsiteText = {
  name: "研课教研平台",
  logo_url: "/favicon.svg",
  host: "研课教研平台运营中心",
  support: "研课教研平台技术支持组",
  phone: "400-000-0000",
  work_time: "周一至周五 9:00–17:30",
  icp: "",
};

/** Application code whose authorization bounds ai_capacity. */
export const AI_APPLICATION = "ai";

const DAY_MS = 86_400_000;

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** A school administrator's own school (his default and only school); 0 for everyone else. */
function ownSchool(who: Who): number {
  return who.identity === 4 && who.school_id > 0 ? who.school_id : 0;
}

function isAttribute(a: string): a is ImgAttribute {
  return Object.hasOwn(IMG_ATTRIBUTES, a);
}

/** Inserts the platform's website information when missing (idempotent; call from bootstrap). */
export async function seedPlatform(db: Db, opts: { name?: string } = {}): Promise<void> {
  await db
    .insert(website)
    .values({ school_id: 0, ...DEFAULT_WEBSITE, name: opts.name || DEFAULT_WEBSITE.name })
    .onConflictDoNothing({ target: website.school_id });
}

export interface PlatformOptions {
  /** The server secret (infra/server-secret.ts). */
  serverSecret: Buffer;
  /** LICENSE_KEY; without it the licence key derives from the server secret. */
  licenseKey?: string;
  /** Clock (tests). */
  now?: () => Date;
}

export class PlatformService {
  readonly codes: AuthCodes;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly org: Pick<OrgService, "schoolsInScope" | "inScope" | "schoolSummary" | "schoolTitles" | "periodsOf">,
    private readonly accounts: Pick<AccountService, "byId">,
    opts: PlatformOptions,
  ) {
    this.codes = new AuthCodes({ serverSecret: opts.serverSecret, licenseKey: opts.licenseKey });
    this.now = opts.now ?? (() => new Date());
  }

  // ── settings (c034, system/list, system/update) ─────────────────────────────────────

  private toSetting(key: SettingKey, row: { value: unknown; updated_at: Date } | undefined): SettingRow {
    const def = SETTINGS[key];
    const parsed = row ? def.schema.safeParse(row.value) : undefined;
    return {
      key,
      title: def.title,
      value: parsed?.success ? parsed.data : def.default,
      default_value: def.default,
      updated_at: parsed?.success && row ? formatTime(row.updated_at) : "",
    };
  }

  async listSettings(): Promise<SettingRow[]> {
    const rows = await this.db.select().from(systemSetting);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return Object.keys(SETTINGS)
      .filter(isSettingKey)
      .map((k) => this.toSetting(k, byKey.get(k)));
  }

  /** c034: one named setting (its stored value, else the default); 404 设置项不存在 for unknown keys. */
  async readSetting(key: string): Promise<SettingRow> {
    if (!isSettingKey(key)) throw notFound("设置项不存在");
    const [row] = await this.db.select().from(systemSetting).where(eq(systemSetting.key, key));
    return this.toSetting(key, row);
  }

  /** The typed value of a setting. */
  async setting<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    const [row] = await this.db.select().from(systemSetting).where(eq(systemSetting.key, key));
    const def = SETTINGS[key];
    const parsed = row ? def.schema.safeParse(row.value) : undefined;
    return parsed?.success ? parsed.data : def.default;
  }

  /** Platform-wide settings: only those who manage every school (SF_ADMIN, SF_PINGTAI) may change them. */
  async updateSetting(who: Who, key: string, value: unknown): Promise<SettingRow> {
    if (!isSettingKey(key)) throw notFound("设置项不存在");
    if ((await this.org.schoolsInScope(who)) !== undefined) throw forbidden("只有平台管理员可以修改平台设置");
    const def = SETTINGS[key];
    const r = def.schema.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0];
      const rule = issue?.code === "invalid_type" && value === undefined ? "必填" : (issue?.message ?? "格式不正确");
      throw badInput(`${def.title}(value): ${rule}`);
    }
    const at = this.now();
    await this.db
      .insert(systemSetting)
      .values({ key, value: r.data, updated_at: at })
      .onConflictDoUpdate({ target: systemSetting.key, set: { value: r.data, updated_at: at } });
    return this.readSetting(key);
  }

  /**
   * Concurrent lesson analyses allowed now (docs/decisions/0433): the ai_capacity setting; once an 'ai' code has
   * been activated, at most its capacity, and 0 when every 'ai' code has expired.
   */
  async aiCapacity(): Promise<number> {
    const setting = await this.setting("ai_capacity");
    const rows = await this.codeRows(AI_APPLICATION);
    if (!rows.length) return setting;
    const best = this.bestActive(rows);
    return best ? Math.min(setting, best.capacity) : 0;
  }

  // ── website (c064, c065) ────────────────────────────────────────────────────────────

  private async schoolMustExist(schoolId: number): Promise<void> {
    if (schoolId > 0 && !(await this.org.schoolSummary(schoolId))) throw notFound("学校不存在");
  }

  /** c064: the school's override field by field (a field left empty falls back), else the platform's. */
  async website(schoolId = 0): Promise<WebsiteInfo> {
    await this.schoolMustExist(schoolId);
    const ids = schoolId > 0 ? [0, schoolId] : [0];
    const rows = await this.db.select().from(website).where(inArray(website.school_id, ids));
    const platform = rows.find((r) => r.school_id === 0);
    const own = schoolId > 0 ? rows.find((r) => r.school_id === schoolId) : undefined;
    const base: WebsiteText = platform ?? DEFAULT_WEBSITE;
    const out: WebsiteText = { ...DEFAULT_WEBSITE };
    let isOverride = false;
    for (const f of WEBSITE_FIELDS) {
      const mine = own?.[f] ?? "";
      if (mine !== "") isOverride = true;
      out[f] = mine !== "" ? mine : base[f];
    }
    const updated = own && isOverride ? own.updated_at : platform?.updated_at;
    return { school_id: schoolId, ...out, is_override: isOverride, updated_at: formatTime(updated) };
  }

  /**
   * c065: sets the fields given. The platform's row (school_id 0) only for those who manage every school; a school's
   * override for its administrators (a school administrator's default and only choice) and the district's.
   */
  async updateWebsite(who: Who, p: z.output<typeof WebsiteUpdatePayload>): Promise<WebsiteInfo> {
    const all = (await this.org.schoolsInScope(who)) === undefined;
    const schoolId = p.school_id ?? ownSchool(who);
    if (schoolId === 0) {
      if (!all) throw forbidden("只有平台管理员可以修改平台信息，学校管理员只能修改本校的站点信息");
      if (p.name !== undefined && p.name === "") throw badInput("平台名称(name): 请输入平台名称");
    } else {
      await this.schoolMustExist(schoolId);
      if (!(await this.org.inScope(who, schoolId))) {
        throw forbidden(who.identity === 4 ? "只能修改本校的站点信息" : "只能修改本辖区学校的站点信息");
      }
    }
    const set: Partial<WebsiteText> = {};
    for (const f of WEBSITE_FIELDS) {
      const v = p[f];
      if (v !== undefined) set[f] = v;
    }
    const at = this.now();
    const initial = schoolId === 0 ? DEFAULT_WEBSITE : {};
    await this.db
      .insert(website)
      .values({ ...initial, ...set, school_id: schoolId, updated_at: at })
      .onConflictDoUpdate({ target: website.school_id, set: { ...set, updated_at: at } });
    return this.website(schoolId);
  }

  // ── front-site images (c066, c067) ──────────────────────────────────────────────────

  private async periodMustBelong(schoolId: number, periodId: number): Promise<void> {
    if (schoolId === 0 || periodId === 0) return;
    const periods = (await this.org.periodsOf([schoolId])).get(schoolId) ?? [];
    if (!periods.some((x) => x.id === periodId)) throw notFound("学段不存在或不属于该学校");
  }

  private async toImgRows(rows: ImgDb[]): Promise<CommonImgRow[]> {
    const titles = await this.org.schoolTitles([...new Set(rows.map((r) => r.school_id).filter((x) => x > 0))]);
    return rows.map((r) => ({
      id: r.id,
      attribute: r.attribute,
      attribute_name: isAttribute(r.attribute) ? IMG_ATTRIBUTES[r.attribute] : r.attribute,
      title: r.title,
      img_url: r.img_url,
      link_url: r.link_url,
      school_id: r.school_id,
      school_name: r.school_id ? (titles.get(r.school_id) ?? "") : "平台",
      period_id: r.period_id,
      sort: r.sort,
      status: r.status,
      is_shortcut: r.is_shortcut,
      created_at: formatTime(r.created_at),
    }));
  }

  /**
   * Enabled images matching `cond` for a school and period (docs/decisions/0431): the school's own (for that period
   * or the whole school); when it has none, the platform's.
   */
  private async frontImages(cond: SQL, schoolId: number, periodId: number): Promise<CommonImgRow[]> {
    const order = [asc(commonImg.sort), asc(commonImg.id)];
    let rows: ImgDb[] = [];
    if (schoolId > 0) {
      rows = await this.db
        .select()
        .from(commonImg)
        .where(and(cond, eq(commonImg.status, 1), eq(commonImg.school_id, schoolId), inArray(commonImg.period_id, [0, periodId])))
        .orderBy(...order);
    }
    if (!rows.length) {
      rows = await this.db
        .select()
        .from(commonImg)
        .where(and(cond, eq(commonImg.status, 1), eq(commonImg.school_id, 0)))
        .orderBy(...order);
    }
    return this.toImgRows(rows);
  }

  /** c067: the images of one attribute for that school and period. */
  async images(q: { attribute: ImgAttribute; school_id: number; period_id: number }): Promise<CommonImgRow[]> {
    await this.schoolMustExist(q.school_id);
    await this.periodMustBelong(q.school_id, q.period_id);
    return this.frontImages(eq(commonImg.attribute, q.attribute), q.school_id, q.period_id);
  }

  /** c066: the front site's index: footer information, banner images and shortcuts. */
  async webIndex(q: { school_id: number; period_id: number }): Promise<WebIndexAnswer> {
    await this.schoolMustExist(q.school_id);
    await this.periodMustBelong(q.school_id, q.period_id);
    const [info, banner, shortcut] = await Promise.all([
      this.website(q.school_id),
      this.frontImages(eq(commonImg.attribute, "banner"), q.school_id, q.period_id),
      this.frontImages(eq(commonImg.is_shortcut, 1), q.school_id, q.period_id),
    ]);
    return { website: info, banner, shortcut };
  }

  // ── image administration (c068–c072) ────────────────────────────────────────────────

  async listImages(who: Who, q: z.output<typeof CommonImgList>) {
    const schools = await this.org.schoolsInScope(who);
    const conds: SQL[] = [];
    if (schools !== undefined) conds.push(schools.length ? inArray(commonImg.school_id, schools) : sql`false`);
    if (q.attribute) conds.push(eq(commonImg.attribute, q.attribute));
    if (q.school_id !== undefined) conds.push(eq(commonImg.school_id, q.school_id));
    if (q.period_id !== undefined) conds.push(eq(commonImg.period_id, q.period_id));
    if (q.status !== undefined) conds.push(eq(commonImg.status, q.status));
    if (q.is_shortcut !== undefined) conds.push(eq(commonImg.is_shortcut, q.is_shortcut));
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[%_\\]/g, "\\$&")}%`;
      const c = or(ilike(commonImg.title, like), ilike(commonImg.link_url, like));
      if (c) conds.push(c);
    }
    const where = conds.length ? and(...conds) : undefined;
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(commonImg).where(where);
    const rows = await this.db
      .select()
      .from(commonImg)
      .where(where)
      .orderBy(asc(commonImg.school_id), asc(commonImg.attribute), asc(commonImg.sort), desc(commonImg.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { list: await this.toImgRows(rows), total: n, page: q.page, limit: q.limit };
  }

  /** An image the caller manages; 404 otherwise (its existence is not revealed). */
  private async imageOf(who: Who, id: number): Promise<ImgDb> {
    const [row] = await this.db.select().from(commonImg).where(eq(commonImg.id, id));
    if (!row || !(await this.org.inScope(who, row.school_id))) throw notFound("图片不存在");
    return row;
  }

  /** Where an image may go: the platform (school 0) only for those who manage every school. */
  private async checkPlacement(who: Who, schoolId: number, periodId: number): Promise<void> {
    if (schoolId === 0) {
      if ((await this.org.schoolsInScope(who)) !== undefined) throw forbidden("只有平台管理员可以管理平台的图片");
      if (periodId !== 0) throw badInput("学段(period_id): 平台的图片不能指定学段");
      return;
    }
    if (!(await this.org.schoolSummary(schoolId))) throw badInput("学校(school_id): 学校不存在");
    if (!(await this.org.inScope(who, schoolId))) throw forbidden(who.identity === 4 ? "只能管理本校的图片" : "只能管理本辖区学校的图片");
    if (periodId !== 0) {
      const periods = (await this.org.periodsOf([schoolId])).get(schoolId) ?? [];
      if (!periods.some((x) => x.id === periodId)) throw badInput("学段(period_id): 学段不存在或不属于该学校");
    }
  }

  /** c069: a school administrator's images always belong to his school. */
  async saveImage(who: Who, p: z.output<typeof CommonImgSave>): Promise<{ id: number }> {
    const schoolId = ownSchool(who) || p.school_id;
    await this.checkPlacement(who, schoolId, p.period_id);
    const [row] = await this.db
      .insert(commonImg)
      .values({ ...p, school_id: schoolId })
      .returning({ id: commonImg.id });
    if (!row) throw new Error("insert failed");
    return row;
  }

  /** c070: sets the fields given. */
  async updateImage(who: Who, p: z.output<typeof CommonImgUpdate>): Promise<void> {
    const { id, ...fields } = p;
    const before = await this.imageOf(who, id);
    const schoolId = fields.school_id ?? before.school_id;
    const periodId = fields.period_id ?? (fields.school_id !== undefined && fields.school_id !== before.school_id ? 0 : before.period_id);
    if (schoolId !== before.school_id || periodId !== before.period_id) await this.checkPlacement(who, schoolId, periodId);
    const set: Partial<ImgDb> = {};
    if (fields.attribute !== undefined) set.attribute = fields.attribute;
    if (fields.title !== undefined) set.title = fields.title;
    if (fields.img_url !== undefined) set.img_url = fields.img_url;
    if (fields.link_url !== undefined) set.link_url = fields.link_url;
    if (fields.sort !== undefined) set.sort = fields.sort;
    if (fields.status !== undefined) set.status = fields.status;
    if (fields.is_shortcut !== undefined) set.is_shortcut = fields.is_shortcut;
    set.school_id = schoolId;
    set.period_id = periodId;
    await this.db.update(commonImg).set(set).where(eq(commonImg.id, id));
  }

  /** c071 */
  async removeImage(who: Who, id: number): Promise<void> {
    await this.imageOf(who, id);
    await this.db.delete(commonImg).where(eq(commonImg.id, id));
  }

  /** c072: shows (1) or hides (0) the image among the shortcuts. */
  async setShortcut(who: Who, id: number, value: number): Promise<void> {
    await this.imageOf(who, id);
    await this.db.update(commonImg).set({ is_shortcut: value }).where(eq(commonImg.id, id));
  }

  // ── authorization codes (c032, c033, auth_code/list) ────────────────────────────────

  /** A signed code for an application (administrators' tooling and tests; never served over the API). */
  issueCode(input: IssueInput): string {
    return this.codes.issue(input);
  }

  private codeRows(app: string): Promise<CodeDb[]> {
    return this.db.select().from(authCode).where(eq(authCode.apply_code, app)).orderBy(desc(authCode.activated_at), desc(authCode.id));
  }

  /** The active code that grants most (largest capacity, then latest expiry). */
  private bestActive(rows: readonly CodeDb[]): CodeDb | undefined {
    const now = this.now().getTime();
    return rows.filter((r) => r.expires_at.getTime() > now).sort((a, b) => b.capacity - a.capacity || b.expires_at.getTime() - a.expires_at.getTime())[0];
  }

  /** c033: the application's authorization now. */
  async mandate(app: string): Promise<MandateAnswer> {
    const rows = await this.codeRows(app);
    const best = this.bestActive(rows);
    if (best) {
      const left = Math.ceil((best.expires_at.getTime() - this.now().getTime()) / DAY_MS);
      return { apply_code: app, activated: true, expires_at: formatTime(best.expires_at), capacity: best.capacity, days_left: Math.max(left, 0) };
    }
    const last = [...rows].sort((a, b) => b.expires_at.getTime() - a.expires_at.getTime())[0];
    return { apply_code: app, activated: false, expires_at: last ? formatTime(last.expires_at) : "", capacity: 0, days_left: 0 };
  }

  /**
   * c032: verifies the code for application `type` and activates it (once): malformed, forged, wrong-application and
   * expired codes are refused with 400, a code already activated with 409, each with its own message.
   */
  async verifyAndActivate(accountId: number, code: string, type: string): Promise<MandateAnswer> {
    const now = this.now();
    const claims = this.codes.verify(code, type, now);
    const inserted = await this.db
      .insert(authCode)
      .values({
        code_id: claims.jti,
        apply_code: claims.app,
        capacity: claims.cap,
        expires_at: new Date(claims.exp * 1000),
        activated_at: now,
        activated_by: accountId,
      })
      .onConflictDoNothing({ target: authCode.code_id })
      .returning({ id: authCode.id });
    if (!inserted.length) {
      const [prev] = await this.db.select().from(authCode).where(eq(authCode.code_id, claims.jti));
      throw conflict(CODE_REFUSALS.reused(prev?.activated_at ?? now));
    }
    return this.mandate(claims.app);
  }

  /** The activated codes (the authorization-code screen). */
  async listCodes(q: z.output<typeof AuthCodeList>) {
    const where = q.apply_code ? eq(authCode.apply_code, q.apply_code) : undefined;
    const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(authCode).where(where);
    const rows = await this.db
      .select()
      .from(authCode)
      .where(where)
      .orderBy(desc(authCode.activated_at), desc(authCode.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const names = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.activated_by))) {
      if (id) names.set(id, (await this.accounts.byId(id))?.realname ?? "");
    }
    const now = this.now().getTime();
    const list: AuthCodeRow[] = rows.map((r) => ({
      id: r.id,
      code_id: r.code_id,
      apply_code: r.apply_code,
      capacity: r.capacity,
      expires_at: formatTime(r.expires_at),
      activated_at: formatTime(r.activated_at),
      activated_by: r.activated_by,
      activated_by_name: names.get(r.activated_by) ?? "",
      expired: r.expires_at.getTime() <= now,
    }));
    return { list, total: n, page: q.page, limit: q.limit };
  }
}
