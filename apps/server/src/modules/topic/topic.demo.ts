/**
 * Demo topics (#11; see ../portal/front.demo.ts): three published topics of the demo school, curated by its school
 * administrator (xiaoji), collecting the demo videos, the published demo courses, the published demo analysis (#10)
 * and open listen records (#9). Whatever the earlier steps did not make is simply left out (empty inputs are fine).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { account } from "../account/account.schema.js";
import { analysisCourse } from "../analysis/analysis.schema.js";
import { listenEvaluate } from "../listen/listen.schema.js";
import type { DemoVideo, FrontDemoDeps } from "../demo-deps.js";
import { courseResource } from "../resource/resource.schema.js";
import { school } from "../org/org.schema.js";
import { topic, topicItem } from "./topic.schema.js";

interface Plan {
  title: string;
  description: string;
  cover: string;
  sort: number;
}

const PLANS: Plan[] = [
  {
    title: "双减背景下的作业设计",
    description: "聚焦“减量提质”：分层作业、实践性作业与作业评价的课例与资源，来自一线教师的真实课堂。",
    cover: "#2f7cf6",
    sort: 30,
  },
  {
    title: "大单元教学实践",
    description: "以大概念统整单元，围绕核心任务设计学习活动——单元整体设计、课时推进与课后评议。",
    cover: "#13a8a8",
    sort: 20,
  },
  {
    title: "新课标·数学核心素养",
    description: "对照 2022 版课程标准，研读数学核心素养在课堂中的落地：抽象、推理、建模与数据意识。",
    cover: "#d46b08",
    sort: 10,
  },
];

/** A small SVG cover as a data URL (no files to store; the cards show it like any image). */
function cover(title: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1d2b53"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><circle cx="560" cy="70" r="120" fill="#fff" opacity=".08"/><circle cx="90" cy="330" r="90" fill="#fff" opacity=".06"/><text x="48" y="190" font-size="40" font-family="sans-serif" font-weight="700" fill="#fff">${title}</text><text x="48" y="240" font-size="20" font-family="sans-serif" fill="#fff" opacity=".8">专题 · 课例与资源</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export async function seedTopicDemo(d: FrontDemoDeps, videos: DemoVideo[]): Promise<void> {
  const db = d.db;
  const [curator] = await db.select({ id: account.id, school_id: account.school_id }).from(account).where(eq(account.username, "xiaoji"));
  if (!curator) return;
  const [sch] = await db.select({ area_code: school.area_code }).from(school).where(eq(school.id, curator.school_id));
  const courses = await db
    .select({ id: courseResource.id })
    .from(courseResource)
    .where(and(eq(courseResource.level, 1), eq(courseResource.status, 1)))
    .orderBy(asc(courseResource.id))
    .limit(9);
  const analyses = await db
    .select({ id: analysisCourse.id })
    .from(analysisCourse)
    .where(eq(analysisCourse.publish_status, 1))
    .orderBy(desc(analysisCourse.id))
    .limit(3);
  const listens = await db
    .select({ id: listenEvaluate.id })
    .from(listenEvaluate)
    .where(and(eq(listenEvaluate.status, 1), eq(listenEvaluate.open_model, 1)))
    .orderBy(desc(listenEvaluate.id))
    .limit(4);

  // Spread every kind over the three topics, round robin, so each has something of each kind there is.
  const share = <T>(list: T[], i: number) => list.filter((_, k) => k % PLANS.length === i);
  for (const [i, plan] of PLANS.entries()) {
    const items: { item_type: number; item_id: number; note: string }[] = [
      ...share(videos, i).map((v) => ({ item_type: 1, item_id: v.id, note: "" })),
      ...share(courses, i).map((c) => ({ item_type: 2, item_id: c.id, note: "" })),
      // The published analyses and the open listen records go to every topic: there are few of them.
      ...analyses.map((a) => ({ item_type: 3, item_id: a.id, note: "AI 课堂分析报告" })),
      ...listens.map((l) => ({ item_type: 4, item_id: l.id, note: "" })),
    ];
    const [t] = await db
      .insert(topic)
      .values({
        title: plan.title,
        description: plan.description,
        cover_url: cover(plan.title, plan.cover),
        school_id: curator.school_id,
        region_code: sch?.area_code ?? "",
        account_id: curator.id,
        status: items.length ? 1 : 0,
        sort: plan.sort,
      })
      .returning({ id: topic.id });
    if (items.length)
      await db
        .insert(topicItem)
        .values(items.map((it, k) => ({ ...it, topic_id: t!.id, sort: k + 1 })))
        .onConflictDoNothing();
  }
}
