/**
 * Demo content of the training module (#12; see ../admin-demo.ts): the published district programme
 * 「新课标下的课堂观察与评价」 of 兴庆区 (created by quji) with three items — two of the front demo's clips (videos of the
 * demo teachers) and a short guide written here as a .txt file — and two teachers enrolled: 张老师 has completed it
 * (certificate issued), 李老师 is half-way. Skipped when a programme of that title exists or no clip is ready.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import { account } from "../account/account.schema.js";
import type { AdminDemoDeps } from "../demo-deps.js";
import { video } from "../video/video.schema.js";
import { training, trainingEnrol, trainingItem, trainingProgress } from "./training.schema.js";
import { certificateNo } from "./training.service.js";

export const DEMO_TRAINING_TITLE = "新课标下的课堂观察与评价";

const GUIDE = `课堂观察量表使用指南

一、观察前：明确观察目的，选定观察维度（学生学习、教师教学、课程性质、课堂文化）。
二、观察中：按时间轴记录关键事件，每 5 分钟记录一次学生参与情况；记录要具体，避免笼统评价。
三、观察后：汇总数据，结合课标要求分析目标达成度，与授课教师进行证据导向的交流。

附：评价建议
1. 以学定教：关注学生的真实学习过程。
2. 证据说话：每条结论都要有课堂证据支撑。
3. 共同成长：观察者与授课者共同反思、改进。
`;

export async function seedTrainingDemo(d: AdminDemoDeps): Promise<void> {
  const { db } = d;
  const [exists] = await db.select({ id: training.id }).from(training).where(eq(training.title, DEMO_TRAINING_TITLE));
  if (exists) return;
  const users = await db
    .select({ id: account.id, username: account.username, school_id: account.school_id })
    .from(account)
    .where(inArray(account.username, ["quji", "zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]));
  const by = new Map(users.map((u) => [u.username, u]));
  const quji = by.get("quji");
  const zhang = by.get("zhanglaoshi");
  const li = by.get("lilaoshi");
  if (!quji || !zhang || !li) return;
  const teacherIds = users.filter((u) => u.username.endsWith("laoshi")).map((u) => u.id);
  const clips = await db
    .select()
    .from(video)
    .where(and(inArray(video.account_id, teacherIds), eq(video.status, "ready")))
    .orderBy(asc(video.id))
    .limit(2);
  if (!clips.length) return;

  const dir = mkdtempSync(path.join(tmpdir(), "yk-training-demo-"));
  let fileId = 0;
  try {
    const file = path.join(dir, "课堂观察量表使用指南.txt");
    writeFileSync(file, GUIDE, "utf8");
    fileId = (await d.files.adopt(quji.id, file, "课堂观察量表使用指南.txt", "document")).id;
  } catch {
    fileId = 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const now = Date.now();
  const day = 86_400_000;
  const [t] = await db
    .insert(training)
    .values({
      title: DEMO_TRAINING_TITLE,
      introduce:
        "围绕义务教育新课程标准，学习课堂观察的维度与方法、以证据为导向的课堂评价。包括两节示范课例观摩与一份观察量表使用指南，完成全部课程可获得 6 学时培训证书。",
      school_id: 0,
      region_code: "640104",
      hours: 6,
      pass_ratio: 100,
      status: 1,
      enrol_start: new Date(now - 10 * day),
      enrol_end: new Date(now + 30 * day),
      start_time: new Date(now - 10 * day),
      end_time: new Date(now + 60 * day),
      account_id: quji.id,
      published_at: new Date(now - 10 * day),
      created_at: new Date(now - 12 * day),
      updated_at: new Date(now - 10 * day),
    })
    .returning();
  if (!t) return;
  const itemRows: (typeof trainingItem.$inferInsert)[] = clips.map((v, i) => ({
    training_id: t.id,
    title: `示范课例观摩${i === 0 ? "一" : "二"}：${v.name}`,
    item_type: 1,
    video_id: v.id,
    duration_seconds: Math.max(1, Math.round(v.duration)),
    done_ratio: 90,
    required: 1,
    sort: i + 1,
  }));
  if (fileId) itemRows.push({ training_id: t.id, title: "课堂观察量表使用指南", item_type: 2, file_id: fileId, required: 1, sort: itemRows.length + 1 });
  const items = await db.insert(trainingItem).values(itemRows).returning();

  // 张老师: every item done, certificate issued; 李老师: the first item done, the second half watched.
  const doneAt = new Date(now - 2 * day);
  const [ez] = await db
    .insert(trainingEnrol)
    .values({ training_id: t.id, account_id: zhang.id, school_id: zhang.school_id, created_at: new Date(now - 8 * day) })
    .returning();
  const [el] = await db
    .insert(trainingEnrol)
    .values({ training_id: t.id, account_id: li.id, school_id: li.school_id, created_at: new Date(now - 5 * day) })
    .returning();
  if (!ez || !el) return;
  let zWatched = 0;
  for (const it of items) {
    const w = it.item_type === 1 ? it.duration_seconds : 0;
    zWatched += w;
    await db.insert(trainingProgress).values({
      training_id: t.id,
      item_id: it.id,
      account_id: zhang.id,
      watched_seconds: w,
      position_seconds: w,
      done: 1,
      done_at: doneAt,
      updated_at: doneAt,
    });
  }
  await db
    .update(trainingEnrol)
    .set({ progress: 100, watched_seconds: zWatched, completed_at: doneAt, certificate_no: certificateNo(ez.id, doneAt), updated_at: doneAt })
    .where(eq(trainingEnrol.id, ez.id));
  let lWatched = 0;
  const liAt = new Date(now - day);
  const [first, second] = items;
  if (first) {
    lWatched += first.duration_seconds;
    await db.insert(trainingProgress).values({
      training_id: t.id,
      item_id: first.id,
      account_id: li.id,
      watched_seconds: first.duration_seconds,
      position_seconds: first.duration_seconds,
      done: 1,
      done_at: liAt,
      updated_at: liAt,
    });
  }
  if (second && second.item_type === 1) {
    const half = Math.floor(second.duration_seconds / 2);
    lWatched += half;
    await db
      .insert(trainingProgress)
      .values({ training_id: t.id, item_id: second.id, account_id: li.id, watched_seconds: half, position_seconds: half, done: 0, updated_at: liAt });
  }
  const liProgress = Math.floor((100 * (first ? 1 : 0)) / Math.max(1, items.length));
  await db.update(trainingEnrol).set({ progress: liProgress, watched_seconds: lWatched, updated_at: liAt }).where(eq(trainingEnrol.id, el.id));
  await db.update(training).set({ enrol_count: 2 }).where(eq(training.id, t.id));
}
