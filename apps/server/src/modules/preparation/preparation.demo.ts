/**
 * Demo preparations (issue #8; docs/demo-data.md), seeded once with the community demo content: eight collective
 * preparations over the last four months (and one next week) in the demo communities, bound to the base textbook
 * catalogue, with participants, a short discussion each, likes, their registered activities and community log rows.
 * One, in the district studio, still waits for verification. Deterministic (seeded); a few bulk inserts.
 * Lesson plans (lesson_doc) are not made here.
 */
import { MEMBER_ROLES, MEMBER_STATUS } from "@yanke/protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../db/demo-org.js";
import { ActivityService } from "../activity/activity.service.js";
import { CommunityAccess } from "../community/community-access.js";
import { community, communityLog, communityMember } from "../community/community.schema.js";
import { discussComment } from "../discuss/discuss.schema.js";
import { OrgScopes } from "../home/org-scope.js";
import { period, subject } from "../org/org.schema.js";
import { account } from "../account/account.schema.js";
import { textbookBook, textbookCatalog, textbookEdition } from "../textbook/textbook.schema.js";
import { preparation, preparationLike, preparationMember } from "./preparation.schema.js";

interface Plan {
  theme: string;
  introduction: string;
  period: string;
  subject: string;
  grade: string;
  /** The catalogue node it is bound to ("" = none). */
  code: string;
  /** Index into the demo communities (in their seeding order). */
  community: number;
  /** Days ago it starts (negative: ahead) and how many days it lasts. */
  back: number;
  days: number;
  open_model: number;
  type?: number;
  /** Waits for verification (its author is a plain member of a district community). */
  pending?: boolean;
  recommend?: boolean;
}

const PLANS: Plan[] = [
  { theme: "《春》朗读与写景手法集体备课", introduction: "围绕朗读指导与比喻、拟人等写景手法，统一教学目标与课堂活动设计。", period: "初中", subject: "语文", grade: "七年级", code: "BB-YW-7A-01-01", community: 0, back: 112, days: 7, open_model: 1, recommend: true },
  { theme: "正数和负数：情境引入与概念建构", introduction: "用温度、海拔等生活情境引入负数，讨论“0”的意义与易错点。", period: "初中", subject: "数学", grade: "七年级", code: "RJ-SX-7A-01-01", community: 1, back: 90, days: 5, open_model: 1 },
  { theme: "有理数的分类与数轴 单元整体设计", introduction: "以数轴为主线串联有理数的分类、相反数与绝对值，设计分层练习与课后作业。", period: "初中", subject: "数学", grade: "七年级", code: "RJ-SX-7A-01-02", community: 0, back: 70, days: 10, open_model: 2 },
  { theme: "Unit 1 Teenage Life 听说课任务链设计", introduction: "以真实交际任务为驱动，设计听前、听中、听后活动与评价量规。", period: "高中", subject: "英语", grade: "高一", code: "RJ-YY-G1-02-01", community: 4, back: 48, days: 7, open_model: 1 },
  { theme: "运动的描述：质点与参考系", introduction: "高一物理起始课，讨论理想化模型的建构与实验演示。", period: "高中", subject: "物理", grade: "高一", code: "RJ-WL-G1-01-01", community: 7, back: 30, days: 14, open_model: 1, recommend: true },
  { theme: "氧化还原反应 复习课（个人备课）", introduction: "高考一轮复习：从化合价变化认识氧化还原，整理典型错题。", period: "高中", subject: "化学", grade: "高一", code: "", community: 10, back: 12, days: 7, open_model: 3, type: 2 },
  { theme: "时、分、秒 复习课设计", introduction: "三年级数学复习课：时间单位换算与经过时间的计算。", period: "小学", subject: "数学", grade: "三年级", code: "RJ-SX-3A-01", community: 6, back: 2, days: 10, open_model: 1 },
  { theme: "《朝花夕拾》整本书阅读导读课", introduction: "设计阅读任务单与读书交流会，区级名师工作室共同研讨。", period: "初中", subject: "语文", grade: "七年级", code: "", community: 5, back: -5, days: 3, open_model: 2, pending: true },
];

const MESSAGES = [
  "教学目标建议再聚焦一些，三条以内更好落实。",
  "导入环节可以用学生熟悉的生活情境，时间控制在5分钟内。",
  "重难点的突破方式还需要再讨论，建议增加一个学生活动。",
  "板书设计我整理了一版，放在备课文件里了。",
  "作业可以分层布置，基础题和拓展题分开。",
  "课堂提问要有梯度，最后留一个开放性问题。",
];
const REPLIES = ["同意，我来修改教学目标部分。", "好的，下次研讨时一起看看。", "这个建议很好，已经补充到教案里。"];

const DAY = 86_400_000;

export async function seedDemoPreparations(db: Db, communityIds: readonly number[], now: Date = new Date()): Promise<void> {
  if (!communityIds.length) return;
  const r = prng(20260801);
  const activities = new ActivityService(db, new CommunityAccess(db), () => now);
  const scopes = new OrgScopes(db);
  const comms = await db.select().from(community).where(inArray(community.id, [...communityIds])).orderBy(asc(community.id));
  const usable = comms.filter((c) => c.status === 1);
  if (!usable.length) return;
  const members = await db
    .select({ cid: communityMember.community_id, id: communityMember.account_id, role: communityMember.role })
    .from(communityMember)
    .where(and(inArray(communityMember.community_id, usable.map((c) => c.id)), eq(communityMember.status, MEMBER_STATUS.joined)))
    .orderBy(asc(communityMember.community_id), asc(communityMember.role), asc(communityMember.account_id));
  const people = await db.select({ id: account.id, identity: account.identity, school_id: account.school_id }).from(account).where(inArray(account.id, [...new Set(members.map((m) => m.id))]));
  const who = new Map(people.map((p) => [p.id, p]));
  const subjects = await db.select({ id: subject.id, name: subject.name, period_id: subject.period_id, period_name: period.name }).from(subject).innerJoin(period, eq(period.id, subject.period_id)).orderBy(asc(subject.id));
  const nodes = await db
    .select({ node: textbookCatalog, book: textbookBook, edition: textbookEdition.name })
    .from(textbookCatalog)
    .innerJoin(textbookBook, eq(textbookBook.id, textbookCatalog.book_id))
    .innerJoin(textbookEdition, eq(textbookEdition.id, textbookBook.edition_id))
    .where(inArray(textbookCatalog.code, PLANS.map((p) => p.code).filter(Boolean)));
  const logs: (typeof communityLog.$inferInsert)[] = [];

  for (const plan of PLANS) {
    const c = comms[plan.community]?.status === 1 ? comms[plan.community]! : usable[plan.community % usable.length]!;
    const inside = members.filter((m) => m.cid === c.id);
    if (!inside.length) continue;
    const plain = inside.filter((m) => m.role === MEMBER_ROLES.member);
    const author = plan.pending && plain.length ? plain[0]! : inside[Math.floor(r() * Math.min(inside.length, 3))]!;
    const others = inside.filter((m) => m.id !== author.id).slice(0, 2 + Math.floor(r() * 3)).map((m) => m.id);
    const start = new Date(now.getTime() - plan.back * DAY + Math.floor(r() * 8) * 3_600_000);
    const end = new Date(start.getTime() + plan.days * DAY);
    const created = new Date(Math.min(start.getTime(), now.getTime()) - (1 + Math.floor(r() * 3)) * DAY);
    const subj = subjects.find((s) => s.name === plan.subject && s.period_name === plan.period);
    const bound = nodes.find((n) => n.node.code === plan.code);
    let structure = "";
    if (bound) {
      const chain = [bound.node.name];
      for (let pid = bound.node.pid, guard = 0; pid && guard < 5; guard++) {
        const [up] = await db.select().from(textbookCatalog).where(eq(textbookCatalog.id, pid));
        if (!up) break;
        chain.unshift(up.name);
        pid = up.pid;
      }
      structure = [bound.edition, bound.book.name, ...chain].join(" / ");
    }
    const schoolId = c.school_id || who.get(author.id)?.school_id || 0;
    const regions = await scopes.schoolRegions(schoolId);
    const likers = inside.filter((m) => r() < 0.6).map((m) => m.id);
    const verified = !plan.pending;
    const [row] = await db
      .insert(preparation)
      .values({
        theme: plan.theme,
        introduction: plan.introduction,
        type: plan.type ?? 1,
        open_model: plan.open_model,
        community_id: c.id,
        account_id: author.id,
        school_id: schoolId,
        area_id: c.area_id || regions.area_id,
        city_id: c.city_id || regions.city_id,
        start_time: start,
        end_time: end,
        period_id: subj?.period_id ?? 0,
        subject_id: subj?.id ?? 0,
        grade_name: plan.grade,
        editon_id: bound?.book.edition_id ?? 0,
        book_id: bound?.book.id ?? 0,
        book_catalog_id: bound?.node.id ?? 0,
        catalog_code: bound?.node.code ?? "",
        catalog_code_ids: bound ? [bound.node.id] : [],
        njy_structure: structure,
        is_recommend: plan.recommend ? 1 : 0,
        verify_status: verified ? 1 : 0,
        verified_at: verified ? created : null,
        like_count: likers.length,
        view_count: 20 + Math.floor(r() * 180),
        created_at: created,
        updated_at: created,
      })
      .returning({ id: preparation.id });
    const id = row!.id;
    await db.insert(preparationMember).values([{ preparation_id: id, account_id: author.id, role: 1, created_at: created }, ...others.map((a) => ({ preparation_id: id, account_id: a, role: 2, created_at: created }))]);
    if (likers.length) await db.insert(preparationLike).values(likers.map((a) => ({ preparation_id: id, account_id: a, created_at: new Date(created.getTime() + DAY) })));
    await activities.register(db, {
      type: "preparation",
      ref_id: id,
      name: plan.theme,
      community_id: c.id,
      account_id: author.id,
      start_time: start,
      end_time: end,
      participation_account_ids: [author.id, ...others],
      introduction: plan.introduction,
      school_id: schoolId,
      period_id: subj?.period_id ?? 0,
      subject_id: subj?.id ?? 0,
      is_display: verified ? 1 : 0,
      is_recommend: plan.recommend ? 1 : 0,
    });
    logs.push({ community_id: c.id, account_id: author.id, action: "preparation.save", target_type: "preparation", target_id: id, content: `发起集体备课「${plan.theme}」${verified ? "" : "（待审核）"}`, created_at: created });

    // A short discussion once it has started: two or three messages from its members and a reply.
    if (plan.back > 0) {
      const talkers = [author.id, ...others];
      const n = 2 + Math.floor(r() * 2);
      let firstId = 0;
      for (let i = 0; i < n; i++) {
        const by = talkers[(i + 1) % talkers.length]!;
        const at = new Date(start.getTime() + (i + 1) * 3 * 3_600_000);
        const [m] = await db
          .insert(discussComment)
          .values({ target_type: "preparation", ref_id: id, community_id: c.id, content: MESSAGES[Math.floor(r() * MESSAGES.length)]!, account_id: by, identity: who.get(by)?.identity ?? 2, created_at: at })
          .returning({ id: discussComment.id });
        if (!firstId) firstId = m!.id;
        logs.push({ community_id: c.id, account_id: by, action: "preparation.discuss", target_type: "preparation", target_id: id, content: `在集体备课「${plan.theme}」中研讨`, created_at: at });
      }
      const at = new Date(start.getTime() + 20 * 3_600_000);
      await db.insert(discussComment).values({
        target_type: "preparation",
        ref_id: id,
        community_id: c.id,
        pid: firstId,
        content: REPLIES[Math.floor(r() * REPLIES.length)]!,
        reply_person: talkers[1 % talkers.length]!,
        account_id: author.id,
        identity: who.get(author.id)?.identity ?? 2,
        created_at: at,
      });
    }
  }
  if (logs.length) await db.insert(communityLog).values(logs);
}
