import { seedDefaultIndicators } from "../modules/listen/indicator.seed.js";
import { seedDemoListens } from "../modules/listen/listen.demo.js";
import { seedDemoPreparations } from "../modules/preparation/preparation.demo.js";
import { seedTextbookCatalogue } from "../modules/textbook/textbook.seed.js";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { seedDemoActivities } from "../modules/activity/activity.demo.js";
import { seedDemoArticles } from "../modules/article/article.demo.js";
import { systemSetting } from "../modules/platform/platform.schema.js";
import { seedDemoCommunities } from "../modules/community/community.demo.js";
import { community } from "../modules/community/community.schema.js";
import { seedDemoNotices } from "../modules/notice/notice.demo.js";
import { prng, seedOrganization, seedPeople, seedRoster } from "./demo-org.js";
import { account } from "../modules/account/account.schema.js";
import { OrgService } from "../modules/org/org.service.js";
import { QuotaService } from "../modules/quota/quota.service.js";
import { seedPlatform } from "../modules/platform/platform.service.js";
import { school } from "../modules/org/org.schema.js";
import { accountSchoolUser } from "../modules/account/account.schema.js";
import { AccountService } from "../modules/account/account.service.js";
import { type SeededRoles, type SeededRules, seedRolesAndApps, seedRules } from "../modules/rbac/rbac.seed.js";

export const DEMO_TEACHER_PASSWORD = "Teacher123";
export const DEMO_ADMIN_PASSWORD = "Demo12345";

export interface BootstrapResult {
  /** Set only when the administrator was created now. */
  admin?: { username: string; password: string; generated: boolean; passwordFile?: string };
  demoSeeded: boolean;
  /** The community edition's demo content was added (this start). */
  demoContentSeeded?: boolean;
}

/**
 * First start on an empty database: base menus, roles and applications, the administrator `admin`
 * (ADMIN_PASSWORD or a random password printed once and written to DATA_DIR/admin-password.txt), and the demo
 * data set unless seedDemo is false.
 */
export async function bootstrap(
  db: Db,
  opts: { adminPassword?: string; seedDemo: boolean; dataDir?: string; demoContent?: boolean },
): Promise<BootstrapResult> {
  const accounts = new AccountService(db);
  const rules = await seedRules(db);
  await seedPlatform(db);
  await seedTextbookCatalogue(db);
  await seedDefaultIndicators(db);
  const result: BootstrapResult = { demoSeeded: false };
  if ((await accounts.count()) === 0) {
    const roles = await seedRolesAndApps(db, rules);
    const generated = !opts.adminPassword;
    const password = opts.adminPassword ?? `Yk${randomBytes(9).toString("base64url")}9`;
    await accounts.create({ username: "admin", realname: "管理员", password, identity: 1, group_id: roles.admin, community_level: 1 });
    let passwordFile: string | undefined;
    if (generated && opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true });
      passwordFile = path.join(opts.dataDir, "admin-password.txt");
      writeFileSync(passwordFile, `admin\n${password}\n`, { mode: 0o600 });
    }
    result.admin = { username: "admin", password, generated, passwordFile };
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(school);
    if (opts.seedDemo && n === 0) {
      await seedDemo(db, accounts, roles, rules);
      result.demoSeeded = true;
    }
  }
  if (opts.seedDemo && opts.demoContent !== false) result.demoContentSeeded = await seedDemoContent(db);
  return result;
}

/** The demo users of README: one of each identity, teachers in two schools. */
export const DEMO_USERS = [
  { username: "pingtai", realname: "平台管理员", identity: 5, role: "platform", password: DEMO_ADMIN_PASSWORD },
  { username: "quji", realname: "兴庆区教研员", identity: 3, role: "district", password: DEMO_ADMIN_PASSWORD },
  { username: "xiaoji", realname: "一中教务主任", identity: 4, role: "school", password: DEMO_ADMIN_PASSWORD },
  { username: "zhanglaoshi", realname: "张老师", identity: 2, role: "teacher", password: DEMO_TEACHER_PASSWORD },
  { username: "lilaoshi", realname: "李老师", identity: 2, role: "teacher", password: DEMO_TEACHER_PASSWORD },
  { username: "wanglaoshi", realname: "王老师", identity: 2, role: "teacher", password: DEMO_TEACHER_PASSWORD },
  { username: "zhaolaoshi", realname: "赵老师", identity: 2, role: "teacher", password: DEMO_TEACHER_PASSWORD },
] as const;

async function seedDemo(db: Db, accounts: AccountService, roles: SeededRoles, _rules: SeededRules): Promise<void> {
  const org = await seedOrganization(db);
  const [one, two] = [org.schools[0]!, org.schools[1]!];
  const junior = one.periods[0]!;
  const senior = one.periods[1]!;
  const juniorTwo = two.periods[0]!;
  const subjectOf = (p: { subjects: Map<string, number> }, name: string) => p.subjects.get(name)!;
  const xingqing = org.districts["640104"]!;
  const xixia = org.districts["640105"]!;
  const complete = { province_id: org.province, city_id: org.cities["640100"]!, reputation: "一级教师", entry_year: 2015, identity_level: 1 };
  const plan: Record<string, Partial<Parameters<AccountService["create"]>[0]>> = {
    pingtai: {},
    quji: { region_code: "640104", province_id: org.province, city_id: org.cities["640100"]!, area_id: xingqing },
    xiaoji: { school_id: one.id, period_id: junior.id, region_code: "640104" },
    zhanglaoshi: {
      ...complete,
      school_id: one.id,
      period_id: junior.id,
      subject_id: subjectOf(junior, "语文"),
      region_code: "640104",
      area_id: xingqing,
      njy_area_id: xingqing,
    },
    lilaoshi: {
      ...complete,
      school_id: one.id,
      period_id: junior.id,
      subject_id: subjectOf(junior, "数学"),
      region_code: "640104",
      area_id: xingqing,
      njy_area_id: xingqing,
    },
    wanglaoshi: {
      school_id: one.id,
      period_id: junior.id,
      subject_id: subjectOf(junior, "英语"),
      region_code: "640104",
      province_id: org.province,
      city_id: org.cities["640100"]!,
      area_id: xingqing,
    },
    zhaolaoshi: {
      ...complete,
      school_id: two.id,
      period_id: juniorTwo.id,
      subject_id: subjectOf(juniorTwo, "物理"),
      region_code: "640105",
      area_id: xixia,
      njy_area_id: xixia,
    },
  };
  for (const u of DEMO_USERS) {
    const acct = await accounts.create({
      username: u.username,
      realname: u.realname,
      password: u.password,
      identity: u.identity,
      group_id: roles[u.role],
      ...plan[u.username],
    });
    // 张老师 teaches both periods at the first school and also at the second school: the switchers have entries.
    if (u.username === "zhanglaoshi") {
      await db
        .update(accountSchoolUser)
        .set({ period_ids: [junior.id, senior.id] })
        .where(and(eq(accountSchoolUser.account_id, acct.id), eq(accountSchoolUser.school_id, one.id)));
      await db.insert(accountSchoolUser).values({ account_id: acct.id, school_id: two.id, period_ids: [juniorTwo.id], identity: 2 });
    }
  }
  await seedPeople(db, org, { teacherGroupId: roles.teacher, teacherPassword: DEMO_TEACHER_PASSWORD, namedTeachers: 4 });
  await seedRoster(db, DEMO_TEACHER_PASSWORD);
  // Some teachers have used space (as if they had uploaded lessons), charged through the quota rules at every level.
  const quota = new QuotaService(db, new OrgService(db));
  const r = prng(42);
  const teachers = await db.select({ id: account.id }).from(account).where(eq(account.identity, 2)).orderBy(account.id).limit(40);
  for (const t of teachers) await quota.charge(t.id, Math.round((50 + r() * 3000) * 1024 * 1024));
}

/** system_setting key marking that the community demo content was decided (seeded, or not needed) once. */
export const DEMO_CONTENT_KEY = "demo_content";

/**
 * The community edition's demo content (#7; docs/demo-data.md): communities of every level with members, then their
 * articles, notices and activities, spread over the last months. Decided once per database (system_setting
 * demo_content): seeded when the demo organization exists and no community does yet — a fresh start, or a database
 * bootstrapped before #7 — and never again, so communities an administrator deletes do not come back at the next
 * start. The test template leaves it out (opts.demoContent false): tests create the rows they count.
 */
async function seedDemoContent(db: Db): Promise<boolean> {
  const [done] = await db.select({ key: systemSetting.key }).from(systemSetting).where(eq(systemSetting.key, DEMO_CONTENT_KEY));
  if (done) return false;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(community);
  const demo = n === 0 && (await db.select({ id: account.id }).from(account).where(eq(account.username, "zhanglaoshi")).limit(1)).length > 0;
  // Two processes starting together: only the one whose marker goes in seeds.
  const claimed = await db
    .insert(systemSetting)
    .values({ key: DEMO_CONTENT_KEY, value: { seeded: demo, at: new Date().toISOString() } })
    .onConflictDoNothing()
    .returning({ key: systemSetting.key });
  if (!demo || !claimed.length) return false;
  const communities = await seedDemoCommunities(db);
  await seedDemoArticles(db, communities.ids);
  await seedDemoNotices(db, communities.ids);
  await seedDemoActivities(db, communities.ids);
  await seedDemoPreparations(db, communities.ids);
  await seedDemoListens(db, communities.ids);
  return true;
}
