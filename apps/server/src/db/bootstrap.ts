import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { AccountService } from "../modules/account/account.service.js";
import { period, region, school, subject } from "../modules/org/org.schema.js";
import { createGroup, seedRules } from "../modules/rbac/rbac.seed.js";

export const DEMO_TEACHER_PASSWORD = "Teacher123";

export interface BootstrapResult {
  /** Set only when the administrator was created now. */
  admin?: { username: string; password: string; generated: boolean; passwordFile?: string };
  demoSeeded: boolean;
}

/**
 * First start on an empty database: base menus, the administrator `admin` (ADMIN_PASSWORD or a random password
 * printed once and written to DATA_DIR/admin-password.txt), and the demo data set unless seedDemo is false.
 */
export async function bootstrap(
  db: Db,
  opts: { adminPassword?: string; seedDemo: boolean; dataDir?: string },
): Promise<BootstrapResult> {
  const accounts = new AccountService(db);
  const ruleIds = await seedRules(db);
  const result: BootstrapResult = { demoSeeded: false };
  if ((await accounts.count()) === 0) {
    const generated = !opts.adminPassword;
    const password = opts.adminPassword ?? `Yk${randomBytes(9).toString("base64url")}9`;
    const groupId = await createGroup(db, "超级管理员", [...ruleIds.values()]);
    await accounts.create({ username: "admin", realname: "管理员", password, identity: 1, group_id: groupId, community_level: 1 });
    let passwordFile: string | undefined;
    if (generated && opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true });
      passwordFile = path.join(opts.dataDir, "admin-password.txt");
      writeFileSync(passwordFile, `admin\n${password}\n`, { mode: 0o600 });
    }
    result.admin = { username: "admin", password, generated, passwordFile };
  }
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(school);
  if (opts.seedDemo && n === 0) {
    await seedDemo(db, accounts, ruleIds);
    result.demoSeeded = true;
  }
  return result;
}

async function seedDemo(db: Db, accounts: AccountService, ruleIds: Map<string, number>): Promise<void> {
  const [prov] = await db.insert(region).values({ name: "宁夏回族自治区", level: 1, region_code: "640000", province_code: "640000" }).returning();
  const [city] = await db
    .insert(region)
    .values({ name: "银川市", level: 2, pid: prov!.id, region_code: "640100", province_code: "640000", city_code: "640100" })
    .returning();
  const [area] = await db
    .insert(region)
    .values({ name: "兴庆区", level: 3, pid: city!.id, region_code: "640104", province_code: "640000", city_code: "640100", area_code: "640104" })
    .returning();
  const [sch] = await db
    .insert(school)
    .values({
      title: "银川市第一中学",
      province_code: "640000",
      city_code: "640100",
      area_code: "640104",
      region_id: area!.id,
      school_index_name: "银川一中教研空间",
    })
    .returning();
  const periods = await db
    .insert(period)
    .values([
      { school_id: sch!.id, name: "初中", sort: 1 },
      { school_id: sch!.id, name: "高中", sort: 2 },
    ])
    .returning();
  const subjects = await db
    .insert(subject)
    .values(periods.flatMap((p) => ["语文", "数学", "英语", "物理"].map((name, i) => ({ period_id: p.id, name, sort: i + 1 }))))
    .returning();
  const pc = ["PersonalCenter", "PersonalSettings", "MyMessage"].map((n) => ruleIds.get(n)).filter((x): x is number => x !== undefined);
  const teacherGroup = await createGroup(db, "教师", pc, sch!.id);
  const junior = periods[0]!;
  const teachers = [
    { username: "zhanglaoshi", realname: "张老师", subject: "语文", complete: true },
    { username: "lilaoshi", realname: "李老师", subject: "数学", complete: true },
    { username: "wanglaoshi", realname: "王老师", subject: "英语", complete: false },
  ];
  for (const t of teachers) {
    const subj = subjects.find((s) => s.period_id === junior.id && s.name === t.subject)!;
    await accounts.create({
      username: t.username,
      realname: t.realname,
      password: DEMO_TEACHER_PASSWORD,
      identity: 2,
      group_id: teacherGroup,
      school_id: sch!.id,
      period_id: junior.id,
      subject_id: subj.id,
      region_code: "640104",
      province_id: prov!.id,
      city_id: city!.id,
      area_id: area!.id,
      njy_area_id: t.complete ? area!.id : 0,
      reputation: t.complete ? "一级教师" : "",
      entry_year: t.complete ? 2015 : 0,
      identity_level: t.complete ? 1 : 0,
    });
  }
}
