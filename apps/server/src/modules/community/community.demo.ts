/**
 * Demo communities (issue #7): communities of every level (school, district, city, province) and type, owned by the
 * demo teachers and joined by the teachers of the seeded schools, with memberships and log rows spread over the last
 * four months (so activeCommunity, regionRanking and the statistics mean something). Deterministic; bulk inserts.
 *
 *   const demo = await seedDemoCommunities(db);   // after the demo organization and accounts
 *   demo.communities[0].member_ids …              // others attach their articles, notices, activities
 */
import { COMMUNITY_STATUS, MEMBER_ROLES, MEMBER_STATUS } from "@yanke/protocol";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../db/demo-org.js";
import { account } from "../account/account.schema.js";
import { region, school } from "../org/org.schema.js";
import { community, communityLog, communityMember } from "./community.schema.js";

export interface DemoCommunity {
  id: number;
  name: string;
  level: number;
  status: number;
  owner_id: number;
  /** Joined members, the owner first. */
  member_ids: number[];
}

export interface DemoCommunities {
  ids: number[];
  communities: DemoCommunity[];
}

interface Plan {
  name: string;
  introduction: string;
  type: number;
  level: number;
  /** School code (level 1) or region code (levels 2–4). */
  at: string;
  owner: string;
  members: number;
  join_mode?: number;
  status?: number;
  recommend?: boolean;
  grade?: number;
  /** How busy its log is (rows over four months). */
  activity: number;
}

const PLANS: Plan[] = [
  {
    name: "银川一中初中语文教研社区",
    introduction: "聚焦初中语文读写结合与整本书阅读的校本教研。",
    type: 1,
    level: 1,
    at: "640104001",
    owner: "zhanglaoshi",
    members: 14,
    recommend: true,
    grade: 2,
    activity: 140,
  },
  {
    name: "银川一中数学思维工作坊",
    introduction: "以问题链设计提升初中数学课堂思维含量。",
    type: 1,
    level: 1,
    at: "640104001",
    owner: "lilaoshi",
    members: 10,
    join_mode: 1,
    activity: 90,
  },
  {
    name: "银川二中物理实验教研组",
    introduction: "探索低成本实验与数字化实验在物理教学中的应用。",
    type: 1,
    level: 1,
    at: "640105001",
    owner: "zhaolaoshi",
    members: 9,
    activity: 70,
  },
  {
    name: "兴庆一小班主任成长营",
    introduction: "小学班主任班级管理与家校沟通经验交流。",
    type: 3,
    level: 1,
    at: "640104101",
    owner: "",
    members: 8,
    activity: 40,
  },
  {
    name: "石嘴山一中高中英语教研社区",
    introduction: "高中英语读后续写与听说教学研究。",
    type: 1,
    level: 1,
    at: "640202001",
    owner: "",
    members: 8,
    activity: 35,
  },
  {
    name: "兴庆区初中语文名师工作室",
    introduction: "区级名师引领，开展专题研修与送教下乡。",
    type: 2,
    level: 2,
    at: "640104",
    owner: "zhanglaoshi",
    members: 18,
    recommend: true,
    grade: 3,
    activity: 160,
  },
  {
    name: "兴庆区小学数学学科基地",
    introduction: "区域小学数学学科建设与课例研究基地。",
    type: 4,
    level: 2,
    at: "640104",
    owner: "",
    members: 12,
    activity: 80,
  },
  {
    name: "西夏区理化生实验教学联盟",
    introduction: "西夏区初中理化生实验教学协同教研。",
    type: 1,
    level: 2,
    at: "640105",
    owner: "zhaolaoshi",
    members: 10,
    activity: 60,
  },
  { name: "大武口区青年教师成长社区", introduction: "青年教师教学基本功与课堂诊断。", type: 1, level: 2, at: "640202", owner: "", members: 8, activity: 30 },
  {
    name: "西夏区道德与法治工作室（筹）",
    introduction: "申请中的区级工作室。",
    type: 2,
    level: 2,
    at: "640105",
    owner: "zhaolaoshi",
    members: 1,
    status: COMMUNITY_STATUS.pending,
    activity: 0,
  },
  {
    name: "银川市高中化学名师工作室",
    introduction: "市级名师工作室，聚焦高考化学复习与实验创新。",
    type: 2,
    level: 3,
    at: "640100",
    owner: "",
    members: 12,
    recommend: true,
    grade: 2,
    activity: 90,
  },
  {
    name: "石嘴山市名班主任工作室",
    introduction: "市级名班主任工作室，开展班主任专业发展研修。",
    type: 3,
    level: 3,
    at: "640200",
    owner: "",
    members: 10,
    activity: 50,
  },
  {
    name: "宁夏中小学信息科技教研共同体",
    introduction: "全区信息科技课程与人工智能教育教研共同体。",
    type: 1,
    level: 4,
    at: "640000",
    owner: "wanglaoshi",
    members: 20,
    recommend: true,
    grade: 3,
    activity: 120,
  },
];

const LOG_ACTIONS: { action: string; target_type: string; content: string }[] = [
  { action: "article.save", target_type: "article", content: "发布文章" },
  { action: "article.comment", target_type: "article", content: "评论文章" },
  { action: "activity.save", target_type: "activity", content: "发起教研活动" },
  { action: "notice.save", target_type: "notice", content: "发布社区通知" },
  { action: "file.save", target_type: "file", content: "上传文件" },
  { action: "board.save", target_type: "message_board", content: "留言" },
];

const DAY = 86_400_000;

export async function seedDemoCommunities(db: Db, now: Date = new Date()): Promise<DemoCommunities> {
  const r = prng(7007);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const schools = await db.select().from(school).orderBy(asc(school.id));
  const regions = await db.select().from(region);
  const regionByCode = new Map(regions.map((x) => [x.region_code, x]));
  const teachers = await db
    .select({ id: account.id, username: account.username, school_id: account.school_id })
    .from(account)
    .where(eq(account.identity, 2))
    .orderBy(asc(account.id));
  if (!teachers.length || !schools.length) return { ids: [], communities: [] };
  const byUsername = new Map(teachers.map((t) => [t.username, t.id]));
  const chainOf = (code: string) => {
    const out: (typeof regions)[number][] = [];
    for (let cur = regionByCode.get(code); cur; cur = regions.find((x) => x.id === cur!.pid)) out.unshift(cur);
    return out;
  };

  const made: DemoCommunity[] = [];
  const memberRows: (typeof communityMember.$inferInsert)[] = [];
  const logRows: (typeof communityLog.$inferInsert)[] = [];
  for (const plan of PLANS) {
    // Where it sits, and the teachers who may be in it.
    let place: { province_id: number; city_id: number; area_id: number; school_id: number; region_id: number; region_list: number[] };
    let pool: number[];
    if (plan.level === 1) {
      const s = schools.find((x) => x.code === plan.at);
      if (!s) continue;
      const ids = [s.province_code, s.city_code, s.area_code].map((c) => regionByCode.get(c)?.id ?? 0);
      place = { province_id: ids[0]!, city_id: ids[1]!, area_id: ids[2]!, school_id: s.id, region_id: 0, region_list: ids.filter(Boolean) };
      pool = teachers.filter((t) => t.school_id === s.id).map((t) => t.id);
    } else {
      const chain = chainOf(plan.at);
      const own = chain[chain.length - 1];
      if (!own) continue;
      const at = (lv: number) => chain.find((x) => x.level === lv)?.id ?? 0;
      place = { province_id: at(1), city_id: at(2), area_id: at(3), school_id: 0, region_id: own.id, region_list: chain.map((x) => x.id) };
      const inside = new Set(schools.filter((s) => [s.area_code, s.city_code, s.province_code].includes(plan.at)).map((s) => s.id));
      pool = teachers.filter((t) => inside.has(t.school_id)).map((t) => t.id);
    }
    const owner = (plan.owner && byUsername.get(plan.owner)) || pool[0];
    if (!owner) continue;
    const status = plan.status ?? COMMUNITY_STATUS.normal;
    const created = new Date(now.getTime() - (125 + Math.floor(r() * 20)) * DAY);
    const [row] = await db
      .insert(community)
      .values({
        name: plan.name,
        introduction: plan.introduction,
        type: plan.type,
        level: plan.level,
        community_level: plan.grade ?? 1,
        join_mode: plan.join_mode ?? 0,
        ...place,
        is_recommend: plan.recommend ? 1 : 0,
        status,
        account_id: owner,
        created_at: created,
        updated_at: created,
        verified_at: status === COMMUNITY_STATUS.normal ? created : null,
      })
      .returning({ id: community.id });
    const id = row!.id;
    // Members: the owner, the demo teachers of the pool first, then others of the pool, joined over four months.
    const named = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]
      .map((u) => byUsername.get(u))
      .filter((x): x is number => Boolean(x) && pool.includes(x!));
    const ordered = [...new Set([owner, ...named, ...pool])];
    const chosen = ordered.slice(0, Math.max(1, plan.members));
    const memberIds: number[] = [];
    chosen.forEach((accountId, i) => {
      const joined = i === 0 ? created : new Date(created.getTime() + Math.floor(r() * 118) * DAY + Math.floor(r() * DAY));
      const role = i === 0 ? MEMBER_ROLES.owner : i === 1 && chosen.length > 4 ? MEMBER_ROLES.admin : MEMBER_ROLES.member;
      memberRows.push({
        community_id: id,
        account_id: accountId,
        role,
        status: MEMBER_STATUS.joined,
        joined_at: joined,
        created_at: joined,
        updated_at: joined,
        reviewed_by: i === 0 ? 0 : owner,
      });
      memberIds.push(accountId);
      logRows.push({
        community_id: id,
        account_id: i === 0 ? owner : accountId,
        action: i === 0 ? "community.save" : "member.join",
        target_type: i === 0 ? "community" : "member",
        target_id: i === 0 ? id : accountId,
        content: i === 0 ? `创建社区「${plan.name}」` : "加入社区",
        created_at: joined,
      });
    });
    // One application waiting in the community that needs approval.
    if ((plan.join_mode ?? 0) === 1) {
      const applicant = ordered[chosen.length] ?? teachers.find((t) => !memberIds.includes(t.id))?.id;
      if (applicant) {
        const at = new Date(now.getTime() - 2 * DAY);
        memberRows.push({
          community_id: id,
          account_id: applicant,
          role: MEMBER_ROLES.member,
          status: MEMBER_STATUS.applying,
          apply_reason: "希望加入社区参与教研",
          created_at: at,
          updated_at: at,
        });
        logRows.push({
          community_id: id,
          account_id: applicant,
          action: "member.apply",
          target_type: "member",
          target_id: applicant,
          content: "申请加入社区",
          created_at: at,
        });
      }
    }
    // Activity of the members: more in recent weeks than long ago.
    for (let k = 0; k < plan.activity; k++) {
      const back = Math.floor(r() ** 1.6 * 120);
      const at = new Date(now.getTime() - back * DAY - Math.floor(r() * 600) * 60_000);
      const who = pick(memberIds);
      const a = pick(LOG_ACTIONS);
      logRows.push({
        community_id: id,
        account_id: who,
        action: a.action,
        target_type: a.target_type,
        target_id: 0,
        content: a.content,
        created_at: at < created ? created : at,
      });
    }
    made.push({ id, name: plan.name, level: plan.level, status, owner_id: owner, member_ids: memberIds });
  }
  if (memberRows.length) await db.insert(communityMember).values(memberRows);
  for (let i = 0; i < logRows.length; i += 1000) await db.insert(communityLog).values(logRows.slice(i, i + 1000));
  return { ids: made.map((c) => c.id), communities: made };
}
