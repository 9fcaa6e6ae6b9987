/**
 * Demo listen-evaluate records (issue #9; docs/demo-data.md "Listen-evaluate records"), seeded once with the community
 * demo content: six records over the last three months (and one in a few days) in the demo communities — 精准 on a
 * video of the community's school when one exists, else 现场 —, each with its organiser, teacher and evaluators, the
 * evaluators' submitted scores on the platform's default scheme (seedDefaultIndicators; skipped when it is absent),
 * a few time-stamped comments, the registered activity and community log rows. Deterministic (seeded prng), a few
 * bulk inserts per record. The teacher of each of the first three lessons held writes an after-class reflection on it
 * (with a colleague's comment and its activity).
 */
import { DEFAULT_INDICATOR_SCHEME, FILE_GET_PREFIX } from "@yanke/protocol";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../db/demo-org.js";
import { ActivityService } from "../activity/activity.service.js";
import { CommunityAccess } from "../community/community-access.js";
import { communityLog } from "../community/community.schema.js";
import { discussComment } from "../discuss/discuss.schema.js";
import { OrgScopes } from "../home/org-scope.js";
import { loadDemoCommunities } from "../community/demo-members.js";
import { video } from "../video/video.schema.js";
import { afterClass } from "../afterclass/afterclass.schema.js";
import { itemsOf, totalScore } from "./listen-score.js";
import { loadScheme } from "./listen.service.js";
import { lectureIndicator, listenEvaluate, listenEvaluation, listenMember, listenScore } from "./listen.schema.js";

interface Plan {
  name: string;
  introduction: string;
  period: string;
  subject: string;
  grade: string;
  /** Index into the demo communities (in their seeding order). */
  community: number;
  /** Days ago it starts (negative: ahead); lessons last 45 minutes. */
  back: number;
  open_model: number;
  recommend?: boolean;
}

const PLANS: Plan[] = [
  {
    name: "《春》朗读指导课 听评课",
    introduction: "七年级语文朗读指导示范课，重点观察朗读指导的层次与学生参与。",
    period: "初中",
    subject: "语文",
    grade: "七年级",
    community: 0,
    back: 84,
    open_model: 1,
    recommend: true,
  },
  {
    name: "正数和负数（第一课时）课堂观察",
    introduction: "关注情境导入是否自然、负数概念的建构过程与课堂提问的梯度。",
    period: "初中",
    subject: "数学",
    grade: "七年级",
    community: 1,
    back: 63,
    open_model: 1,
  },
  {
    name: "Unit 1 Teenage Life 听说课评课",
    introduction: "高一英语听说课，观察任务链设计与学生语言输出。",
    period: "高中",
    subject: "英语",
    grade: "高一",
    community: 4,
    back: 41,
    open_model: 2,
  },
  {
    name: "质点与参考系 公开课评课",
    introduction: "高一物理起始课，观察理想化模型的建构与演示实验的使用。",
    period: "高中",
    subject: "物理",
    grade: "高一",
    community: 7,
    back: 24,
    open_model: 1,
    recommend: true,
  },
  {
    name: "时、分、秒 复习课 听评课",
    introduction: "三年级数学复习课，关注时间单位换算的练习设计与分层。",
    period: "小学",
    subject: "数学",
    grade: "三年级",
    community: 6,
    back: 9,
    open_model: 1,
  },
  {
    name: "《朝花夕拾》导读课 听评课",
    introduction: "区级名师工作室的整本书阅读导读课，课前请评课人熟悉评价量表。",
    period: "初中",
    subject: "语文",
    grade: "七年级",
    community: 5,
    back: -4,
    open_model: 2,
  },
];

const COMMENTS: readonly { at: number; text: string }[] = [
  { at: 95, text: "导入用生活情境，学生很快进入状态。" },
  { at: 610, text: "这里的提问可以再开放一些，给学生更多思考时间。" },
  { at: 1280, text: "小组合作分工明确，汇报环节很精彩。" },
  { at: 1930, text: "板书条理清楚，重点突出。" },
  { at: 2420, text: "课堂小结如果让学生自己来归纳会更好。" },
];
const OVERALL = [
  "教学目标明确，环节设计合理，学生参与度高。",
  "重难点突破有方法，建议练习再分层。",
  "课堂气氛活跃，教师语言简洁，评价及时。",
  "整体流畅，时间把控可以再精准一些。",
];

/** The teacher's after-class reflection on each of the first three lessons held (课后反思, with a colleague's comment). */
const REFLECTIONS: readonly { supplement: string; html: string; comment: string }[] = [
  {
    supplement: "朗读指导的层次还可以更清晰",
    html: "<h2>教学得失</h2><p>本课以朗读贯穿始终，学生在配乐朗读环节投入度很高。但从个别读到齐读的层次推进偏快，部分学生还没读出“盼春”的急切。</p><h2>改进设想</h2><p>下一次把朗读指导分成“读准—读顺—读出情感”三步，每一步给出示范和评价标准。</p>",
    comment: "同意分层朗读的设想，可以把评价标准做成学生能看懂的小卡片。",
  },
  {
    supplement: "负数概念的建构要给学生更多时间",
    html: "<h2>教学得失</h2><p>温度计情境引入自然，学生很快理解了“零上”“零下”的相反意义。讨论“0 是不是正数”时给学生的思考时间不够，几个学生的困惑没有充分暴露。</p><h2>改进设想</h2><p>把练习中的判断题改为小组辩论，让学生自己说出 0 的特殊性。</p>",
    comment: "辩论的形式很好，注意控制时间，留出课堂小结。",
  },
  {
    supplement: "任务链设计与语言输出",
    html: "<h2>教学得失</h2><p>听前预测激活了学生的背景知识，听中任务梯度合理；听后输出环节时间偏紧，只有两组完成了展示。</p><h2>改进设想</h2><p>压缩听中第二遍的讲解，把时间留给学生的口头输出，并用量规进行同伴互评。</p>",
    comment: "同伴互评量规可以和我们的评价量表对应起来。",
  },
];

const DAY = 86_400_000;
const MINUTE = 60_000;

export async function seedDemoListens(db: Db, communityIds: readonly number[], now: Date = new Date()): Promise<void> {
  if (!communityIds.length) return;
  const r = prng(20260909);
  const activities = new ActivityService(db, new CommunityAccess(db), () => now);
  const scopes = new OrgScopes(db);
  const loaded = await loadDemoCommunities(db, communityIds);
  if (!loaded) return;
  const { all: comms, usable, members, who, subjects } = loaded;
  const [root] = await db
    .select({ id: lectureIndicator.id })
    .from(lectureIndicator)
    .where(
      and(
        eq(lectureIndicator.name, DEFAULT_INDICATOR_SCHEME),
        eq(lectureIndicator.level, 1),
        eq(lectureIndicator.school_id, 0),
        eq(lectureIndicator.status, 1),
      ),
    )
    .orderBy(asc(lectureIndicator.id))
    .limit(1);
  const scheme = root ? await loadScheme(db, root.id) : null;
  const items = itemsOf(scheme);
  const logs: (typeof communityLog.$inferInsert)[] = [];

  let reflections = 0;
  for (const plan of PLANS) {
    const c = comms[plan.community]?.status === 1 ? comms[plan.community]! : usable[plan.community % usable.length]!;
    const inside = members.filter((m) => m.cid === c.id);
    if (inside.length < 2) continue;
    const organiser = inside[0]!;
    const teacher = inside[1]!;
    const evaluators = inside.slice(2, 5).map((m) => m.id);
    if (!evaluators.length) evaluators.push(organiser.id);
    const day = new Date(now.getTime() - plan.back * DAY);
    const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 1 + Math.floor(r() * 6), 0, 0));
    const end = new Date(start.getTime() + 45 * MINUTE);
    const created = new Date(start.getTime() - (2 + Math.floor(r() * 3)) * DAY);
    const subj = subjects.find((s) => s.name === plan.subject && s.period_name === plan.period);
    const schoolId = c.school_id || who.get(organiser.id)?.school_id || 0;
    const regions = await scopes.schoolRegions(schoolId);
    const [clip] = schoolId
      ? await db.select({ id: video.id, file_id: video.file_id }).from(video).where(eq(video.school_id, schoolId)).orderBy(asc(video.id)).limit(1)
      : [];
    const held = plan.back > 0;
    const [row] = await db
      .insert(listenEvaluate)
      .values({
        name: plan.name,
        introduction: plan.introduction,
        is_type: clip ? 2 : 3,
        my_video_id: clip?.id ?? 0,
        my_video_ids: clip ? [clip.id] : [],
        play_url: clip ? `${FILE_GET_PREFIX}/${clip.file_id}` : "",
        community_id: c.id,
        period_id: subj?.period_id ?? 0,
        subject_id: subj?.id ?? 0,
        grade_name: plan.grade,
        start_time: start,
        end_time: end,
        record_date: new Date(start.getTime() + 8 * 3_600_000).toISOString().slice(0, 10),
        evaluation_type: scheme ? 1 : 2,
        indicator_id: scheme?.id ?? 0,
        open_model: plan.open_model,
        teacher_account_id: teacher.id,
        account_id: organiser.id,
        school_id: schoolId,
        area_id: c.area_id || regions.area_id,
        city_id: c.city_id || regions.city_id,
        is_recommend: plan.recommend ? 1 : 0,
        view_count: held ? 15 + Math.floor(r() * 120) : 0,
        created_at: created,
        updated_at: created,
      })
      .returning({ id: listenEvaluate.id });
    const id = row!.id;
    await db
      .insert(listenMember)
      .values([
        { record_id: id, account_id: organiser.id, role: 1, created_at: created },
        { record_id: id, account_id: teacher.id, role: 2, created_at: created },
        ...evaluators.filter((e) => e !== organiser.id && e !== teacher.id).map((e) => ({ record_id: id, account_id: e, role: 3, created_at: created })),
      ]);
    await activities.register(db, {
      type: "listen",
      ref_id: id,
      name: plan.name,
      community_id: c.id,
      account_id: organiser.id,
      start_time: start,
      end_time: end,
      participation_account_ids: [organiser.id, teacher.id, ...evaluators],
      introduction: plan.introduction,
      school_id: schoolId,
      period_id: subj?.period_id ?? 0,
      subject_id: subj?.id ?? 0,
      is_display: plan.open_model === 1 ? 1 : 0,
      is_recommend: plan.recommend ? 1 : 0,
    });
    logs.push({
      community_id: c.id,
      account_id: organiser.id,
      action: "listen.save",
      target_type: "listen",
      target_id: id,
      content: `发起听评课「${plan.name}」`,
      created_at: created,
    });
    if (!held) continue;

    // Each evaluator's submitted evaluation: scores between 60 % and 100 % of each item's range.
    for (const [n, e] of [...new Set(evaluators)].filter((x) => x !== teacher.id).entries()) {
      const at = new Date(end.getTime() + (10 + n * 17) * MINUTE);
      const scores = items.map((it) => ({
        indicator_id: it.id,
        score: Math.round(it.min_score + (0.6 + r() * 0.4) * (it.max_score - it.min_score)),
        comment: "",
      }));
      const total = totalScore(scheme, new Map(scores.map((s) => [s.indicator_id, s.score])));
      const [ev] = await db
        .insert(listenEvaluation)
        .values({
          record_id: id,
          account_id: e,
          total_score: total,
          comment: OVERALL[Math.floor(r() * OVERALL.length)]!,
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .returning({ id: listenEvaluation.id });
      if (scores.length) await db.insert(listenScore).values(scores.map((s) => ({ ...s, evaluation_id: ev!.id })));
      logs.push({
        community_id: c.id,
        account_id: e,
        action: "listen.evaluate",
        target_type: "listen",
        target_id: id,
        content: `提交了听评课「${plan.name}」的评价`,
        created_at: at,
      });
    }

    // Three comments written while watching, at their time in the lesson.
    const talkers = [...new Set([...evaluators, organiser.id])];
    const picks = [0, 1, 2].map((i) => COMMENTS[(i * 2 + Math.floor(r() * 2)) % COMMENTS.length]!).sort((a, b) => a.at - b.at);
    await db.insert(discussComment).values(
      picks.map((p, i) => {
        const by = talkers[i % talkers.length]!;
        return {
          target_type: "listen",
          ref_id: id,
          community_id: c.id,
          content: p.text,
          account_id: by,
          identity: who.get(by)?.identity ?? 2,
          video_time: p.at,
          created_at: new Date(start.getTime() + p.at * 1000),
        };
      }),
    );

    // The teacher's after-class reflection on the first lessons held, with the organiser's comment.
    const reflection = REFLECTIONS[reflections];
    if (reflection) {
      reflections++;
      const at = new Date(end.getTime() + 2 * 3_600_000);
      const title = `${plan.name.replace(/ ?(听评课|课堂观察|评课|公开课评课)$/, "")} 课后反思`;
      const [ac] = await db
        .insert(afterClass)
        .values({
          title,
          title_supplement: reflection.supplement,
          content: reflection.html,
          community_id: c.id,
          record_id: id,
          period_id: subj?.period_id ?? 0,
          subject_id: subj?.id ?? 0,
          grade_name: plan.grade,
          account_id: teacher.id,
          school_id: schoolId,
          area_id: c.area_id,
          city_id: c.city_id,
          created_at: at,
          updated_at: at,
        })
        .returning();
      await activities.register(db, {
        type: "after_class",
        ref_id: ac!.id,
        name: title,
        community_id: c.id,
        account_id: teacher.id,
        start_time: at,
        end_time: at,
        school_id: schoolId || undefined,
        period_id: ac!.period_id,
        subject_id: ac!.subject_id,
        participation_account_ids: [teacher.id],
      });
      await db.insert(discussComment).values({
        target_type: "after_class",
        ref_id: ac!.id,
        community_id: c.id,
        content: reflection.comment,
        account_id: organiser.id,
        identity: who.get(organiser.id)?.identity ?? 2,
        created_at: new Date(at.getTime() + 3_600_000),
      });
      logs.push({
        community_id: c.id,
        account_id: teacher.id,
        action: "after_class.save",
        target_type: "after_class",
        target_id: ac!.id,
        content: `发布了课后反思「${title}」`,
        created_at: at,
      });
    }
  }
  if (logs.length) await db.insert(communityLog).values(logs);
}
