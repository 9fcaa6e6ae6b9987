/**
 * Demo preparations (issue #8; docs/demo-data.md), seeded once with the community demo content: eight collective
 * preparations over the last four months (and one next week) in the demo communities, bound to the base textbook
 * catalogue, with participants, a short discussion each, likes, their registered activities and community log rows.
 * One, in the district studio, still waits for verification. Deterministic (seeded); a few bulk inserts.
 * Three of them have a main lesson plan (lesson_doc, its Y state built from the html below) and one a saved version,
 * so the co-editing page, the version list and the AI diagnosis have something to show.
 */
import { MEMBER_ROLES } from "@yanke/protocol";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../db/demo-org.js";
import { ActivityService } from "../activity/activity.service.js";
import { CommunityAccess } from "../community/community-access.js";
import { communityLog } from "../community/community.schema.js";
import { discussComment } from "../discuss/discuss.schema.js";
import { OrgScopes } from "../home/org-scope.js";
import { loadDemoCommunities } from "../community/demo-members.js";
import { textbookBook, textbookCatalog, textbookEdition } from "../textbook/textbook.schema.js";
import { lessonDoc, lessonDocVersion } from "../lessonplan/lessonplan.schema.js";
import { derive, htmlToJSON, jsonToState } from "../lessonplan/lessonplan.editor.js";
import { preparation, preparationLike, preparationMember } from "./preparation.schema.js";

/** Main lesson plans of some demo preparations (by theme): a complete one, and one without 教学重难点 or 板书设计. */
const LESSON_PLANS: Readonly<Record<string, { title: string; html: string; version?: string }>> = {
  "正数和负数：情境引入与概念建构": {
    title: "1.1 正数和负数（第一课时）教案",
    version: "初稿",
    html: `<h1>1.1 正数和负数（第一课时）</h1>
<h2>教学目标</h2><ol><li><p>能够结合温度、海拔等实例说出正数和负数的意义，会用正数、负数表示具有相反意义的量。</p></li><li><p>能够判断一个数是正数还是负数，理解 0 既不是正数也不是负数。</p></li><li><p>经历从生活情境中抽象出负数的过程，发展数感与符号意识。</p></li></ol>
<h2>教学重难点</h2><p>重点：正数、负数的意义，用正负数表示相反意义的量。</p><p>难点：理解 0 的意义，负数概念的建立。</p>
<h2>学情分析</h2><p>学生在小学已接触过温度计上的“零下”，但没有系统的负数概念。</p>
<h2>教学准备</h2><p>课件、温度计图片、海拔示意图。</p>
<h2>教学过程</h2>
<table><tbody><tr><th><p>环节</p></th><th><p>时间</p></th><th><p>活动</p></th></tr><tr><td><p>情境导入</p></td><td><p>5分钟</p></td><td><p>温度计上零上5℃和零下5℃怎样表示？为什么需要新的数？</p></td></tr><tr><td><p>新知探究</p></td><td><p>15分钟</p></td><td><p>小组讨论：生活中还有哪些具有相反意义的量？归纳正数、负数的定义。</p></td></tr><tr><td><p>巩固练习</p></td><td><p>15分钟</p></td><td><p>判断下列各数哪些是正数、哪些是负数；0 是正数吗？</p></td></tr><tr><td><p>课堂小结</p></td><td><p>5分钟</p></td><td><p>本节课你学到了什么？还有哪些疑问？</p></td></tr></tbody></table>
<h2>板书设计</h2><p>正数：大于 0 的数；负数：在正数前加“−”的数；0 既不是正数也不是负数。</p>
<h2>作业布置</h2><p>教科书习题 1.1 第 1、2、3 题；查找生活中用负数表示的例子。</p>
<h2>教学反思</h2><p>课后填写。</p>`,
  },
  "运动的描述：质点与参考系": {
    title: "质点 参考系 教学设计",
    html: `<h1>质点 参考系</h1>
<h2>教学目标</h2><p>了解质点的概念，知道参考系的作用，感受物理模型的建构方法。</p>
<h2>教学过程</h2><p>一、导入（约5分钟）：播放高铁行驶的视频，提问：研究列车从北京到上海的时间，能否把列车看成一个点？</p><p>二、新课（约25分钟）：质点的条件；参考系的选择，同一运动选择不同参考系，描述一样吗？</p><p>三、练习与小结（约10分钟）：完成学案上的判断题。</p>
<h2>作业布置</h2><p>完成课后练习第 1～4 题。</p>`,
  },
  "《春》朗读与写景手法集体备课": {
    title: "《春》第一课时教案",
    html: `<h1>《春》第一课时</h1>
<h2>教学目标</h2><ol><li><p>能够有感情地朗读课文，读出对春天的喜爱与赞美。</p></li><li><p>能够分析比喻、拟人等修辞手法在写景中的作用。</p></li><li><p>体会作者热爱自然、积极向上的情感。</p></li></ol>
<h2>教学重难点</h2><p>重点：朗读指导，品味写景语言。难点：体会修辞手法的表达效果。</p>
<h2>教学过程</h2><p>1. 导入（5分钟）：你心中的春天是什么样的？</p><p>2. 初读课文（10分钟）：自由朗读，圈画生字词，说说文章写了哪几幅春景图。</p><p>3. 品读赏析（20分钟）：“小草偷偷地从土里钻出来”中“偷偷地”“钻”好在哪里？为什么？</p><p>4. 小结（5分钟）：归纳写景手法。</p>
<h2>板书设计</h2><p>盼春 → 绘春（春草、春花、春风、春雨、迎春）→ 赞春</p>
<h2>作业布置</h2><p>仿照课文写一段描写校园春景的文字，不少于 200 字。</p>`,
  },
};

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
  {
    theme: "《春》朗读与写景手法集体备课",
    introduction: "围绕朗读指导与比喻、拟人等写景手法，统一教学目标与课堂活动设计。",
    period: "初中",
    subject: "语文",
    grade: "七年级",
    code: "BB-YW-7A-01-01",
    community: 0,
    back: 112,
    days: 7,
    open_model: 1,
    recommend: true,
  },
  {
    theme: "正数和负数：情境引入与概念建构",
    introduction: "用温度、海拔等生活情境引入负数，讨论“0”的意义与易错点。",
    period: "初中",
    subject: "数学",
    grade: "七年级",
    code: "RJ-SX-7A-01-01",
    community: 1,
    back: 90,
    days: 5,
    open_model: 1,
  },
  {
    theme: "有理数的分类与数轴 单元整体设计",
    introduction: "以数轴为主线串联有理数的分类、相反数与绝对值，设计分层练习与课后作业。",
    period: "初中",
    subject: "数学",
    grade: "七年级",
    code: "RJ-SX-7A-01-02",
    community: 0,
    back: 70,
    days: 10,
    open_model: 2,
  },
  {
    theme: "Unit 1 Teenage Life 听说课任务链设计",
    introduction: "以真实交际任务为驱动，设计听前、听中、听后活动与评价量规。",
    period: "高中",
    subject: "英语",
    grade: "高一",
    code: "RJ-YY-G1-02-01",
    community: 4,
    back: 48,
    days: 7,
    open_model: 1,
  },
  {
    theme: "运动的描述：质点与参考系",
    introduction: "高一物理起始课，讨论理想化模型的建构与实验演示。",
    period: "高中",
    subject: "物理",
    grade: "高一",
    code: "RJ-WL-G1-01-01",
    community: 7,
    back: 30,
    days: 14,
    open_model: 1,
    recommend: true,
  },
  {
    theme: "氧化还原反应 复习课（个人备课）",
    introduction: "高考一轮复习：从化合价变化认识氧化还原，整理典型错题。",
    period: "高中",
    subject: "化学",
    grade: "高一",
    code: "",
    community: 10,
    back: 12,
    days: 7,
    open_model: 3,
    type: 2,
  },
  {
    theme: "时、分、秒 复习课设计",
    introduction: "三年级数学复习课：时间单位换算与经过时间的计算。",
    period: "小学",
    subject: "数学",
    grade: "三年级",
    code: "RJ-SX-3A-01",
    community: 6,
    back: 2,
    days: 10,
    open_model: 1,
  },
  {
    theme: "《朝花夕拾》整本书阅读导读课",
    introduction: "设计阅读任务单与读书交流会，区级名师工作室共同研讨。",
    period: "初中",
    subject: "语文",
    grade: "七年级",
    code: "",
    community: 5,
    back: -5,
    days: 3,
    open_model: 2,
    pending: true,
  },
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
  const loaded = await loadDemoCommunities(db, communityIds);
  if (!loaded) return;
  const { all: comms, usable, members, who, subjects } = loaded;
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
    const others = inside
      .filter((m) => m.id !== author.id)
      .slice(0, 2 + Math.floor(r() * 3))
      .map((m) => m.id);
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
    const likers = inside.filter(() => r() < 0.6).map((m) => m.id);
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
    await db
      .insert(preparationMember)
      .values([
        { preparation_id: id, account_id: author.id, role: 1, created_at: created },
        ...others.map((a) => ({ preparation_id: id, account_id: a, role: 2, created_at: created })),
      ]);
    if (likers.length)
      await db.insert(preparationLike).values(likers.map((a) => ({ preparation_id: id, account_id: a, created_at: new Date(created.getTime() + DAY) })));
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
      is_display: verified && plan.open_model === 1 ? 1 : 0,
      is_recommend: plan.recommend ? 1 : 0,
    });
    logs.push({
      community_id: c.id,
      account_id: author.id,
      action: "preparation.save",
      target_type: "preparation",
      target_id: id,
      content: `发起集体备课「${plan.theme}」${verified ? "" : "（待审核）"}`,
      created_at: created,
    });

    const lp = LESSON_PLANS[plan.theme];
    if (lp) {
      const json = htmlToJSON(lp.html);
      const state = jsonToState(json);
      const { html, text } = derive(json);
      const at = new Date(Math.min(start.getTime() + DAY, now.getTime()));
      const [d] = await db
        .insert(lessonDoc)
        .values({
          preparation_id: id,
          title: lp.title,
          main: 1,
          state,
          html,
          text,
          created_by: author.id,
          updated_by: others[0] ?? author.id,
          created_at: created,
          updated_at: at,
        })
        .returning({ id: lessonDoc.id });
      if (lp.version)
        await db.insert(lessonDocVersion).values({ doc_id: d!.id, name: lp.version, kind: "manual", state, html, text, created_by: author.id, created_at: at });
    }

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
          .values({
            target_type: "preparation",
            ref_id: id,
            community_id: c.id,
            content: MESSAGES[Math.floor(r() * MESSAGES.length)]!,
            account_id: by,
            identity: who.get(by)?.identity ?? 2,
            created_at: at,
          })
          .returning({ id: discussComment.id });
        if (!firstId) firstId = m!.id;
        logs.push({
          community_id: c.id,
          account_id: by,
          action: "preparation.discuss",
          target_type: "preparation",
          target_id: id,
          content: `在集体备课「${plan.theme}」中研讨`,
          created_at: at,
        });
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
