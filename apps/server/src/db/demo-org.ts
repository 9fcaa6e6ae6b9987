/**
 * The believable demo organization of issue #4, generated deterministically from a fixed seed:
 * 1 province, 2 cities, 4 districts, 8 schools across 小学/初中/高中 with their grades, subjects and classes,
 * 80 teachers and 600 students, with storage quotas. docs/demo-data.md describes it.
 */
import { hashPassword } from "../modules/auth/password.js";
import { account, accountSchoolUser } from "../modules/account/account.schema.js";
import { grade, period, region, school, schoolClass, student, subject } from "../modules/org/org.schema.js";
import { directoryTeacher } from "../modules/teacher/teacher.schema.js";
import type { Db } from "./client.js";
import { prng } from "../infra/prng.js";

const GB = 1024 ** 3;
const TB = 1024 ** 4;

/** The seeded PRNG every demo seed uses, so every start builds the same organization. */
export { prng };

const SURNAMES =
  "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";
const GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红娥玲芬燕彬鹏辉婷雪琳晨宇浩然子涵欣怡梓轩一诺思远佳琪雨泽梦瑶俊熙若曦嘉懿紫萱博文睿泽";

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

export function chineseName(r: () => number): string {
  const given = r() < 0.55 ? pick(r, [...GIVEN]) + pick(r, [...GIVEN]) : pick(r, [...GIVEN]);
  return pick(r, [...SURNAMES]) + given;
}

const PERIODS = {
  小学: {
    grades: ["一年级", "二年级", "三年级", "四年级", "五年级", "六年级"],
    subjects: ["语文", "数学", "英语", "科学", "道德与法治", "音乐", "美术", "体育"],
  },
  初中: { grades: ["七年级", "八年级", "九年级"], subjects: ["语文", "数学", "英语", "物理", "化学", "生物", "历史", "地理", "道德与法治"] },
  高中: { grades: ["高一", "高二", "高三"], subjects: ["语文", "数学", "英语", "物理", "化学", "生物", "历史", "地理", "思想政治"] },
} as const;
type PeriodName = keyof typeof PERIODS;

interface SchoolPlan {
  title: string;
  code: string;
  district: string;
  periods: PeriodName[];
  index: string;
}

/** The two first schools keep the names the README and the tests use. */
export const DEMO_SCHOOLS: SchoolPlan[] = [
  { title: "银川市第一中学", code: "640104001", district: "640104", periods: ["初中", "高中"], index: "银川一中教研空间" },
  { title: "银川市第二中学", code: "640105001", district: "640105", periods: ["初中"], index: "银川二中教研空间" },
  { title: "银川市兴庆区第一小学", code: "640104101", district: "640104", periods: ["小学"], index: "兴庆一小教研空间" },
  { title: "银川市西夏区实验小学", code: "640105101", district: "640105", periods: ["小学"], index: "西夏实验小学教研空间" },
  { title: "石嘴山市第一中学", code: "640202001", district: "640202", periods: ["高中"], index: "石嘴山一中教研空间" },
  { title: "石嘴山市大武口区第二小学", code: "640202102", district: "640202", periods: ["小学"], index: "大武口二小教研空间" },
  { title: "石嘴山市惠农区第一中学", code: "640205001", district: "640205", periods: ["初中"], index: "惠农一中教研空间" },
  { title: "石嘴山市第三中学", code: "640205003", district: "640205", periods: ["初中", "高中"], index: "石嘴山三中教研空间" },
];

export interface DemoOrg {
  province: number;
  cities: Record<string, number>;
  districts: Record<string, number>;
  schools: { id: number; title: string; district: string; periods: { id: number; name: string; grades: number[]; subjects: Map<string, number> }[] }[];
}

/** Regions, schools, periods, grades, subjects and classes. */
export async function seedOrganization(db: Db): Promise<DemoOrg> {
  const [prov] = await db
    .insert(region)
    .values({ name: "宁夏回族自治区", level: 1, region_code: "640000", province_code: "640000", quota_bytes: 20 * TB, space_size_type: "TB" })
    .returning();
  const cityRows = await db
    .insert(region)
    .values([
      {
        name: "银川市",
        level: 2,
        pid: prov!.id,
        sort: 1,
        region_code: "640100",
        province_code: "640000",
        city_code: "640100",
        quota_bytes: 8 * TB,
        space_size_type: "TB",
      },
      {
        name: "石嘴山市",
        level: 2,
        pid: prov!.id,
        sort: 2,
        region_code: "640200",
        province_code: "640000",
        city_code: "640200",
        quota_bytes: 6 * TB,
        space_size_type: "TB",
      },
    ])
    .returning();
  const cityOf = (code: string) => cityRows.find((c) => c.region_code === code)!;
  const districtPlan = [
    { name: "兴庆区", code: "640104", city: "640100" },
    { name: "西夏区", code: "640105", city: "640100" },
    { name: "大武口区", code: "640202", city: "640200" },
    { name: "惠农区", code: "640205", city: "640200" },
  ];
  const districtRows = await db
    .insert(region)
    .values(
      districtPlan.map((d, i) => ({
        name: d.name,
        level: 3,
        sort: i + 1,
        pid: cityOf(d.city).id,
        region_code: d.code,
        province_code: "640000",
        city_code: d.city,
        area_code: d.code,
        quota_bytes: 2 * TB,
        space_size_type: "TB",
      })),
    )
    .returning();
  const org: DemoOrg = {
    province: prov!.id,
    cities: Object.fromEntries(cityRows.map((c) => [c.region_code, c.id])),
    districts: Object.fromEntries(districtRows.map((d) => [d.region_code, d.id])),
    schools: [],
  };
  for (const plan of DEMO_SCHOOLS) {
    const d = districtRows.find((x) => x.region_code === plan.district)!;
    const [row] = await db
      .insert(school)
      .values({
        title: plan.title,
        code: plan.code,
        province_code: "640000",
        city_code: d.city_code,
        area_code: d.area_code,
        region_id: d.id,
        school_index_name: plan.index,
        address: `${d.name}${plan.title.replace(/^.*?(区|市)/, "")}路 ${Number(plan.code.slice(-3))} 号`,
        telephone: `0951-${plan.code.slice(-4)}88`,
        quota_bytes: 200 * GB,
        space_size_type: "GB",
      })
      .returning();
    const entry: DemoOrg["schools"][number] = { id: row!.id, title: plan.title, district: plan.district, periods: [] };
    let psort = 0;
    for (const name of plan.periods) {
      const [p] = await db.insert(period).values({ school_id: row!.id, name, sort: ++psort }).returning();
      const def = PERIODS[name];
      const grades = await db
        .insert(grade)
        .values(def.grades.map((g, i) => ({ school_id: row!.id, period_id: p!.id, name: g, sort: i + 1 })))
        .returning();
      const subjects = await db
        .insert(subject)
        .values(def.subjects.map((s, i) => ({ period_id: p!.id, name: s, sort: i + 1 })))
        .returning();
      entry.periods.push({ id: p!.id, name, grades: grades.map((g) => g.id), subjects: new Map(subjects.map((s) => [s.name, s.id])) });
    }
    org.schools.push(entry);
  }
  return org;
}

/**
 * Generated teachers (to 80 with the named demo teachers) and 600 students in classes, deterministic.
 * One password hash serves every generated teacher, so the whole seed takes a few seconds.
 */
export async function seedPeople(db: Db, org: DemoOrg, opts: { teacherGroupId: number; teacherPassword: string; namedTeachers: number }): Promise<void> {
  const r = prng(20261121);
  const passwordHash = await hashPassword(opts.teacherPassword);
  const thisYear = 2026;
  // Classes: two per grade in the first school, one or two elsewhere.
  const classes: { id: number; school: number }[] = [];
  for (const sch of org.schools) {
    for (const p of sch.periods) {
      for (const [gi, gradeId] of p.grades.entries()) {
        const n = sch === org.schools[0] ? 2 : 1 + Math.floor(r() * 2);
        const entry = thisYear - (p.grades.length - gi - 1) - 1;
        const rows = await db
          .insert(schoolClass)
          .values(Array.from({ length: n }, (_, k) => ({ school_id: sch.id, grade_id: gradeId, name: `${k + 1}班`, entry_year: entry })))
          .returning();
        for (const c of rows) classes.push({ id: c.id, school: sch.id });
      }
    }
  }
  // Teachers: round-robin over schools and their subjects.
  const teachers = [];
  const total = 80 - opts.namedTeachers;
  for (let i = 0; i < total; i++) {
    const sch = org.schools[i % org.schools.length]!;
    const p = sch.periods[Math.floor(i / org.schools.length) % sch.periods.length]!;
    const subjects = [...p.subjects.values()];
    teachers.push({
      username: `t${String(i + 1).padStart(3, "0")}`,
      realname: chineseName(r),
      password_hash: passwordHash,
      identity: 2,
      group_id: opts.teacherGroupId,
      school_id: sch.id,
      period_id: p.id,
      subject_id: subjects[i % subjects.length]!,
      region_code: sch.district,
      reputation: pick(r, ["二级教师", "一级教师", "高级教师", "正高级教师"]),
      entry_year: 2000 + Math.floor(r() * 25),
      identity_level: 1,
      telephone: `139${String(Math.floor(r() * 1e8)).padStart(8, "0")}`,
    });
  }
  const created = await db.insert(account).values(teachers).returning({ id: account.id, school_id: account.school_id, period_id: account.period_id });
  await db.insert(accountSchoolUser).values(created.map((a) => ({ account_id: a.id, school_id: a.school_id, period_ids: [a.period_id], identity: 2 })));
  // Students: 600 spread over the classes, numbered per school.
  const perSchool = new Map<number, number>();
  const students = [];
  for (let i = 0; i < 600; i++) {
    const c = classes[i % classes.length]!;
    const n = (perSchool.get(c.school) ?? 0) + 1;
    perSchool.set(c.school, n);
    students.push({
      school_id: c.school,
      class_id: c.id,
      name: chineseName(r),
      student_no: `S${c.school}${String(n).padStart(5, "0")}`,
      gender: r() < 0.5 ? 1 : 2,
    });
  }
  await db.insert(student).values(students);
}

/**
 * The local teacher directory (本地教师名册) of the demo district: teachers the district has on its roster but who
 * have no platform account yet — 教师同步 (c035) creates them; each may also bind his own account with his roster
 * password (c036). All share the demo password.
 */
export const DEMO_ROSTER: { account: string; name: string; phone: string; school_code: string; subject: string }[] = [
  { account: "chenjing", name: "陈静", phone: "13995100001", school_code: "640104001", subject: "语文" },
  { account: "liuyang", name: "刘洋", phone: "13995100002", school_code: "640104001", subject: "数学" },
  { account: "sunli", name: "孙丽", phone: "13995100003", school_code: "640104001", subject: "英语" },
  { account: "zhoujie", name: "周杰", phone: "13995100004", school_code: "640104001", subject: "物理" },
  { account: "wuhua", name: "吴华", phone: "13995100005", school_code: "640104101", subject: "语文" },
  { account: "zhengmin", name: "郑敏", phone: "13995100006", school_code: "640104101", subject: "数学" },
  { account: "fengxue", name: "冯雪", phone: "13995100007", school_code: "640105001", subject: "化学" },
  { account: "heping", name: "何平", phone: "", school_code: "640105001", subject: "历史" },
];

export async function seedRoster(db: Db, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.insert(directoryTeacher).values(DEMO_ROSTER.map((t) => ({ ...t, password_hash })));
}
