/**
 * Demo research activities (教研活动) of the demo communities: each community gets several over the last 4 months
 * and the next 2 weeks, started by its owner or an administrator, with some of its members as participants, and a
 * community_log row each ("发起了活动"), so the calendar, the trends, the rankings and the dynamics mean something.
 * Deterministic (seeded); bulk inserts. The lead calls it from bootstrap after the communities are seeded:
 *
 *   await seedDemoActivities(db, communityIds);
 */
import { and, asc, inArray, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../db/demo-org.js";
import { community, communityLog, communityMember } from "../community/community.schema.js";
import { OrgScopes } from "../home/org-scope.js";
import { activity, activityMember } from "./activity.schema.js";

const THEMES = [
  "单元整体教学设计研讨",
  "同课异构：",
  "新课标解读与课堂落实",
  "作业设计专题研讨",
  "青年教师汇报课观摩",
  "大单元教学案例分享",
  "课堂观察与评价工具研讨",
  "期中质量分析会",
  "跨学科主题学习设计",
  "教学反思交流会",
  "名师示范课与评课",
  "信息技术与课堂融合研讨",
];
const TOPICS = ["《春》", "《背影》", "一次函数", "光的折射", "化学方程式", "细胞的结构", "丝绸之路", "Unit 3 Reading", "圆的面积", "古诗词鉴赏"];

const DAY = 86400_000;

export interface DemoActivityResult {
  activities: number;
  participants: number;
}

export async function seedDemoActivities(db: Db, communityIds: number[], now: Date = new Date()): Promise<DemoActivityResult> {
  if (!communityIds.length) return { activities: 0, participants: 0 };
  const rand = prng(20260704);
  const scopes = new OrgScopes(db);
  const comms = await db.select().from(community).where(inArray(community.id, communityIds)).orderBy(asc(community.id));
  const members = await db
    .select({ community_id: communityMember.community_id, account_id: communityMember.account_id, role: communityMember.role })
    .from(communityMember)
    .where(and(inArray(communityMember.community_id, communityIds), eq(communityMember.status, 1)))
    .orderBy(asc(communityMember.community_id), asc(communityMember.role), asc(communityMember.account_id));
  const regionsOf = new Map<number, { area_id: number; city_id: number }>();

  type Plan = { row: typeof activity.$inferInsert; participants: number[] };
  const plans: Plan[] = [];
  for (const [index, c] of comms.entries()) {
    const people = members.filter((m) => m.community_id === c.id);
    const managers = people.filter((m) => m.role === 1 || m.role === 2);
    const organizers = managers.length ? managers : people;
    if (!organizers.length) continue;
    if (c.school_id && !regionsOf.has(c.school_id)) regionsOf.set(c.school_id, await scopes.schoolRegions(c.school_id));
    const reg = regionsOf.get(c.school_id) ?? { area_id: 0, city_id: 0 };
    // 4–9 activities: most in the past four months, one or two in the next two weeks.
    const count = 4 + Math.floor(rand() * 6);
    for (let i = 0; i < count; i++) {
      const future = i < 1 + Math.floor(rand() * 2);
      const offsetDays = future ? 1 + rand() * 13 : -(1 + rand() * 119);
      const day = new Date(now.getTime() + offsetDays * DAY);
      // Between 08:00 and 16:00 Asia/Shanghai (UTC+8), on the hour or half hour.
      let start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0, 0, 0) + (8 + Math.floor(rand() * 17) * 0.5 - 8) * 3600_000);
      let end = new Date(start.getTime() + (1 + Math.floor(rand() * 4) * 0.5) * 3600_000);
      // Every third community has one going on when the demo starts (进行中 on the home page).
      if (i === count - 1 && index % 3 === 0) {
        start = new Date(Math.floor(now.getTime() / 1800_000) * 1800_000 - 3600_000);
        end = new Date(start.getTime() + 3 * 3600_000);
      }
      const organizer = organizers[Math.floor(rand() * organizers.length)]!;
      const theme = THEMES[Math.floor(rand() * THEMES.length)]!;
      const name = theme.endsWith("：") ? `${theme}${TOPICS[Math.floor(rand() * TOPICS.length)]}` : theme;
      const others = people.filter((p) => p.account_id !== organizer.account_id);
      const participants = others
        .filter(() => rand() < 0.6)
        .slice(0, 12)
        .map((p) => p.account_id);
      const created = new Date(Math.min(start.getTime() - (2 + rand() * 5) * DAY, now.getTime() - 3600_000));
      plans.push({
        row: {
          type: "research",
          ref_id: 0,
          name,
          introduction: `${c.name}组织的${name}，欢迎社区成员参加并交流。`,
          community_id: c.id,
          account_id: organizer.account_id,
          school_id: c.school_id,
          area_id: c.area_id || reg.area_id,
          city_id: c.city_id || reg.city_id,
          period_id: c.period_id,
          subject_id: c.subject_id,
          start_time: start,
          end_time: end,
          is_recommend: rand() < 0.12 ? 1 : 0,
          created_at: created,
          updated_at: created,
        },
        participants,
      });
    }
  }
  if (!plans.length) return { activities: 0, participants: 0 };
  const ids: number[] = [];
  for (let i = 0; i < plans.length; i += 500) {
    const rows = await db
      .insert(activity)
      .values(plans.slice(i, i + 500).map((p) => p.row))
      .returning({ id: activity.id });
    ids.push(...rows.map((r) => r.id));
  }
  const memberRows = plans.flatMap((p, i) => p.participants.map((account_id) => ({ activity_id: ids[i]!, account_id })));
  for (let i = 0; i < memberRows.length; i += 1000) await db.insert(activityMember).values(memberRows.slice(i, i + 1000));
  const logs = plans.map((p, i) => ({
    community_id: p.row.community_id!,
    account_id: p.row.account_id,
    action: "activity.save",
    target_type: "activity",
    target_id: ids[i]!,
    content: `发起了活动「${p.row.name}」`,
    created_at: p.row.created_at!,
  }));
  for (let i = 0; i < logs.length; i += 1000) await db.insert(communityLog).values(logs.slice(i, i + 1000));
  return { activities: ids.length, participants: memberRows.length };
}
