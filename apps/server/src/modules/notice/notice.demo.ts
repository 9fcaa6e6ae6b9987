/**
 * Demo notices (issue #7 "Demo data"): for each community, activity notices and operate notices spread over the last
 * four months (a few drafts), each published one with its personal-centre messages (some read) and its community_log
 * row; plus a couple of platform and web notices. Deterministic (seeded), bulk inserts; communities that already
 * have notices are left alone, and platform / web notices are added only when there are none.
 *
 *   await seedDemoNotices(db, communityIds);   // called by the bootstrap (lead), after the communities and members
 */
import { MEMBER_STATUS, NOTICE_KINDS } from "@yanke/protocol";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../infra/prng.js";
import { account } from "../account/account.schema.js";
import { community, communityLog, communityMember } from "../community/community.schema.js";
import { accountMessage, notice } from "./notice.schema.js";

const DAY = 86400_000;

const ACTIVITY_TITLES = ["集体备课活动通知", "公开课听评课安排", "课题研讨活动通知", "教学设计评比通知", "同课异构活动安排", "读书分享会通知"];
const OPERATE_TITLES = ["本学期教研计划公告", "社区成员资料完善提醒", "优秀教学案例征集", "月度教研总结公告", "教研成果展示通知", "寒假研修安排公告"];
const CONTENTS = [
  "<p>请各位老师按时参加，提前准备好教案与课件。</p>",
  "<p>活动地点：学校录播教室。请携带听课记录本。</p>",
  "<p>请于本周五前在社区提交材料，逾期不再收取。</p>",
  "<p>欢迎大家踊跃参与，优秀作品将在社区主页展示。</p>",
];
const PLATFORM = [
  {
    notice_type: NOTICE_KINDS.platform,
    name: "平台系统升级公告",
    message_content: "<p>平台将于本周六 22:00–24:00 进行系统升级，届时暂停服务。</p>",
    daysAgo: 20,
  },
  {
    notice_type: NOTICE_KINDS.platform,
    name: "新学期教研平台使用指南",
    message_content: "<p>新学期开始，请各校管理员及时维护教师与课表信息。</p>",
    daysAgo: 95,
  },
  { notice_type: NOTICE_KINDS.web, name: "宁夏教研社区上线通知", message_content: "<p>教研社区正式上线，欢迎各校教师创建和加入社区。</p>", daysAgo: 110 },
  { notice_type: NOTICE_KINDS.web, name: "优秀社区评选结果公示", message_content: "<p>本年度优秀教研社区评选结果已公布，详见社区主页。</p>", daysAgo: 8 },
];

export async function seedDemoNotices(db: Db, communityIds: number[], now: Date = new Date()): Promise<{ notices: number; messages: number }> {
  let notices = 0;
  let messages = 0;
  const ids = [...new Set(communityIds)];
  if (ids.length) {
    const taken = new Set((await db.select({ id: notice.community_id }).from(notice).where(inArray(notice.community_id, ids))).map((r) => r.id));
    const todo = ids.filter((id) => !taken.has(id));
    const rows = todo.length ? await db.select().from(community).where(inArray(community.id, todo)) : [];
    const members = todo.length
      ? await db
          .select({ community_id: communityMember.community_id, account_id: communityMember.account_id, role: communityMember.role })
          .from(communityMember)
          .where(and(inArray(communityMember.community_id, todo), eq(communityMember.status, MEMBER_STATUS.joined)))
      : [];
    const byCommunity = new Map<number, { account_id: number; role: number }[]>();
    for (const m of members) byCommunity.set(m.community_id, [...(byCommunity.get(m.community_id) ?? []), m]);

    type Plan = { values: typeof notice.$inferInsert; recipients: number[]; sender: number };
    const plans: Plan[] = [];
    for (const c of rows.sort((x, y) => x.id - y.id)) {
      const rnd = prng(c.id * 7919);
      const list = byCommunity.get(c.id) ?? [];
      const owner = list.find((m) => m.role === 1)?.account_id ?? c.account_id;
      const others = list.map((m) => m.account_id).filter((id) => id !== owner);
      const howMany = 3 + Math.floor(rnd() * 4); // 3–6 notices
      for (let i = 0; i < howMany; i++) {
        const kind = i % 2 === 0 ? NOTICE_KINDS.activity : NOTICE_KINDS.community;
        const created = new Date(now.getTime() - Math.floor(rnd() * 120) * DAY - Math.floor(rnd() * 10) * 3600_000);
        const start = new Date(created.getTime() + (1 + Math.floor(rnd() * 10)) * DAY);
        start.setUTCHours(6 + Math.floor(rnd() * 3), 0, 0, 0); // 14:00–16:00 Asia/Shanghai
        const participants = kind === NOTICE_KINDS.activity ? others.filter(() => rnd() < 0.6) : [];
        const status = rnd() < 0.12 ? 0 : 1;
        const titles = kind === NOTICE_KINDS.activity ? ACTIVITY_TITLES : OPERATE_TITLES;
        plans.push({
          values: {
            notice_type: kind,
            type: kind === NOTICE_KINDS.activity ? 3 : 1 + Math.floor(rnd() * 2),
            name: titles[Math.floor(rnd() * titles.length)]!,
            message_content: CONTENTS[Math.floor(rnd() * CONTENTS.length)]!,
            community_id: c.id,
            participation_account_ids: participants,
            start_time: kind === NOTICE_KINDS.activity ? start : null,
            end_time: kind === NOTICE_KINDS.activity ? new Date(start.getTime() + 2 * 3600_000) : null,
            status,
            account_id: owner,
            school_id: c.school_id,
            area_id: c.area_id,
            created_at: created,
            updated_at: created,
          },
          recipients: status === 1 ? (participants.length ? participants : others) : [],
          sender: owner,
        });
      }
    }
    for (let i = 0; i < plans.length; i += 500) {
      const part = plans.slice(i, i + 500);
      const inserted = await db
        .insert(notice)
        .values(part.map((p) => p.values))
        .returning({ id: notice.id });
      const msgs: (typeof accountMessage.$inferInsert)[] = [];
      const logs: (typeof communityLog.$inferInsert)[] = [];
      part.forEach((p, k) => {
        const id = inserted[k]!.id;
        const v = p.values;
        const kindName = v.notice_type === NOTICE_KINDS.activity ? "活动通知" : "社区公告";
        logs.push({
          community_id: v.community_id!,
          account_id: p.sender,
          action: "notice.save",
          target_type: "notice",
          target_id: id,
          content: `${v.status === 1 ? "发布" : "保存草稿"}${kindName}「${v.name}」`,
          created_at: v.created_at,
        });
        for (const account_id of p.recipients) {
          const sent = v.created_at as Date;
          const read = (id + account_id) % 5 < 3 && now.getTime() - sent.getTime() > 3 * DAY;
          msgs.push({
            account_id,
            title: `【${kindName}】${v.name}`,
            content: (v.message_content ?? "").replace(/<[^>]+>/g, ""),
            source_type: "notice",
            source_id: id,
            community_id: v.community_id!,
            sender_id: p.sender,
            read_at: read ? new Date(sent.getTime() + DAY) : null,
            created_at: sent,
          });
        }
      });
      for (let j = 0; j < msgs.length; j += 1000) await db.insert(accountMessage).values(msgs.slice(j, j + 1000));
      if (logs.length) await db.insert(communityLog).values(logs);
      notices += inserted.length;
      messages += msgs.length;
    }
  }

  const [{ n }] = (await db
    .select({ n: count() })
    .from(notice)
    .where(inArray(notice.notice_type, [NOTICE_KINDS.platform, NOTICE_KINDS.web]))) as [{ n: number }];
  if (Number(n) === 0) {
    const author = await platformAuthor(db);
    await db.insert(notice).values(
      PLATFORM.map((p) => {
        const at = new Date(now.getTime() - p.daysAgo * DAY);
        return {
          notice_type: p.notice_type,
          type: 2,
          name: p.name,
          message_content: p.message_content,
          status: 1,
          account_id: author,
          created_at: at,
          updated_at: at,
        };
      }),
    );
    notices += PLATFORM.length;
  }
  return { notices, messages };
}

/** The first platform administrator (identity 5, else 1), 0 when none. */
async function platformAuthor(db: Db): Promise<number> {
  for (const identity of [5, 1]) {
    const [a] = await db.select({ id: account.id }).from(account).where(eq(account.identity, identity)).limit(1);
    if (a) return a.id;
  }
  return 0;
}
