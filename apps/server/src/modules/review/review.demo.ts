/**
 * Demo review activities (#11; see ../portal/front.demo.ts):
 *   《2026年秋季"一师一优课"评选》 (兴庆区, phase 3 评审): three works of the demo teachers, reviewers allocated, some
 *     scores submitted, one draft;
 *   《青年教师课堂教学展评》 (the first school, phase 4 结果公示): three works, every score submitted, ranked.
 * Scored against the platform's default scheme (seedDefaultIndicators); skipped when it is absent. Works use the demo
 * videos of their authors; without videos (no ffmpeg) they have none (video_id 0).
 */
import { DEFAULT_INDICATOR_SCHEME, REVIEW_PHASES } from "@yanke/protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import { account } from "../account/account.schema.js";
import { lectureIndicator } from "../listen/listen.schema.js";
import { loadScheme } from "../listen/listen.service.js";
import { itemsOf, totalScore } from "../listen/listen-score.js";
import type { DemoVideo, FrontDemoDeps } from "../demo-deps.js";
import { allocate, rankScores } from "./review-allocate.js";
import { reviewActivity, reviewReviewer, reviewScore, reviewSignup, reviewWork } from "./review.schema.js";

const DAY = 86_400_000;

/** A small deterministic generator (the demo looks the same on every start). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORKS = [
  { user: "zhanglaoshi", titles: ["《背影》细读与情感体验", "《春》的朗读与意象品析"], intro: "以朗读为主线，引导学生在细节中体会父爱的深沉。" },
  { user: "lilaoshi", titles: ["一元一次方程的应用：行程问题", "勾股定理的探索与证明"], intro: "借助线段图建立等量关系，让学生经历建模的全过程。" },
  { user: "wanglaoshi", titles: ["Unit 3 Reading: My Hometown", "Unit 5 Listening and Speaking"], intro: "任务驱动的阅读课，读前预测、读中梳理、读后表达。" },
];

export async function seedReviewDemo(d: FrontDemoDeps, videos: DemoVideo[]): Promise<void> {
  const db = d.db;
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
  if (!root) return;
  const scheme = await loadScheme(db, root.id);
  const items = itemsOf(scheme);
  if (!items.length) return;
  const users = await db
    .select({
      id: account.id,
      username: account.username,
      school_id: account.school_id,
      subject_id: account.subject_id,
      period_id: account.period_id,
      region_code: account.region_code,
    })
    .from(account)
    .where(inArray(account.username, ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi", "quji", "xiaoji"]));
  const u = new Map(users.map((x) => [x.username, x]));
  const teachers = WORKS.map((w) => u.get(w.user)).filter((x): x is NonNullable<typeof x> => Boolean(x));
  const zhao = u.get("zhaolaoshi");
  if (teachers.length < 3 || !zhao) return;
  const pool = [...teachers.map((t) => t.id), zhao.id];
  const rnd = prng(20261111);
  const now = Date.now();
  const usedVideos = new Set<number>();
  const videoOf = (accountId: number): number => {
    const v = videos.find((x) => x.account_id === accountId && !usedVideos.has(x.id));
    if (!v) return 0;
    usedVideos.add(v.id);
    return v.id;
  };

  const plans = [
    {
      title: "2026年秋季\u201c一师一优课\u201d评选",
      introduce:
        "为推进信息技术与学科教学深度融合，兴庆区开展2026年秋季\u201c一师一优课\u201d评选。教师报名后提交一节完整的课堂实录与教学设计，由区级评审专家按《课堂教学评价量表》网络评审，评审结果将在平台公示。",
      phase: REVIEW_PHASES.review,
      school_id: 0,
      region_code: teachers[0]!.region_code || "640104",
      creator: u.get("quji")?.id ?? teachers[0]!.id,
      offsetDays: -30,
      titleIndex: 0,
      submitAll: false,
    },
    {
      title: "青年教师课堂教学展评",
      introduce: "面向教龄五年以内的青年教师，以\u201c以学为中心\u201d为主题开展课堂教学展评。每位教师提交一节课例，校内专家交叉评审，成绩按平均分排名并公示。",
      phase: REVIEW_PHASES.result,
      school_id: teachers[0]!.school_id,
      region_code: "",
      creator: u.get("xiaoji")?.id ?? teachers[0]!.id,
      offsetDays: -60,
      titleIndex: 1,
      submitAll: true,
    },
  ];

  for (const plan of plans) {
    const start = new Date(now + plan.offsetDays * DAY);
    const [act] = await db
      .insert(reviewActivity)
      .values({
        title: plan.title,
        introduce: plan.introduce,
        school_id: plan.school_id,
        region_code: plan.region_code,
        period_id: teachers[0]!.period_id,
        indicator_id: root.id,
        phase: plan.phase,
        signup_start: start,
        signup_end: new Date(start.getTime() + 10 * DAY),
        submit_end: new Date(start.getTime() + 20 * DAY),
        review_end: new Date(start.getTime() + 40 * DAY),
        reviewers_per_work: 2,
        allocate_mode: 2,
        account_id: plan.creator,
        view_count: 40 + Math.floor(rnd() * 200),
        created_at: start,
        updated_at: start,
      })
      .returning();
    if (!act) continue;
    await db
      .insert(reviewSignup)
      .values(teachers.map((t) => ({ activity_id: act.id, account_id: t.id, school_id: t.school_id, created_at: new Date(start.getTime() + DAY) })));
    const works = [];
    for (const [i, t] of teachers.entries()) {
      const plan2 = WORKS[i]!;
      const [w] = await db
        .insert(reviewWork)
        .values({
          activity_id: act.id,
          account_id: t.id,
          school_id: t.school_id,
          title: plan2.titles[plan.titleIndex]!,
          introduce: plan2.intro,
          subject_id: t.subject_id,
          video_id: videoOf(t.id),
          view_count: 10 + Math.floor(rnd() * 80),
          created_at: new Date(start.getTime() + (12 + i) * DAY),
        })
        .returning();
      works.push(w!);
    }
    await db.insert(reviewReviewer).values(pool.map((account_id) => ({ activity_id: act.id, account_id })));
    const pairs = allocate(
      works.map((w) => ({ id: w.id, author: w.account_id })),
      pool,
      2,
      [],
      rnd,
    );
    const totals = new Map<number, number[]>();
    for (const [i, p] of pairs.entries()) {
      const bias = 0.55 + 0.4 * rnd();
      const scores: Record<string, number> = {};
      for (const it of items) scores[String(it.id)] = Math.round(it.min_score + (it.max_score - it.min_score) * Math.min(1, bias + 0.1 * (rnd() - 0.5)));
      const map = new Map(Object.entries(scores).map(([k, v]) => [Number(k), v]));
      const total = totalScore(scheme, map);
      // Phase 3: the first half submitted, one draft, the rest not yet scored.
      const submitted = plan.submitAll || i < Math.ceil(pairs.length / 2);
      const draft = !submitted && i === Math.ceil(pairs.length / 2);
      const at = new Date(start.getTime() + (22 + i) * DAY);
      await db.insert(reviewScore).values({
        activity_id: act.id,
        work_id: p.work_id,
        reviewer_id: p.reviewer_id,
        scores: submitted || draft ? scores : {},
        total: submitted || draft ? total : null,
        comment: submitted ? "教学目标清晰，环节紧凑，学生参与度高；建议进一步加强课堂生成性问题的处理。" : "",
        submitted_at: submitted ? at : null,
        updated_at: at,
      });
      if (submitted) totals.set(p.work_id, [...(totals.get(p.work_id) ?? []), total]);
    }
    const rows = works.map((w) => {
      const t = totals.get(w.id) ?? [];
      return { id: w.id, score: t.length ? Math.round((t.reduce((x, y) => x + y, 0) / t.length) * 100) / 100 : null };
    });
    const ranked = rankScores(rows);
    for (const r of ranked)
      await db
        .update(reviewWork)
        .set({ score: r.score, rank: plan.phase === REVIEW_PHASES.result ? r.rank : null })
        .where(eq(reviewWork.id, r.id));
  }
}
