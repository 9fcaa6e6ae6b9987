/**
 * Fixtures of the #9 tests: a listen-evaluate record written straight into its tables (for the discussion, live,
 * indicator and AI tests, which must not depend on the listen calls). Use with startKit / insertCommunity of
 * activity-kit.ts. Members: the organiser (role 1), the teacher (role 2, when not the organiser), evaluators (role 3).
 */
import { eq } from "drizzle-orm";
import { lectureIndicator, listenEvaluate, listenMember } from "../src/modules/listen/listen.schema.js";
import type { Kit } from "./activity-kit.js";

export interface NewListen {
  name: string;
  /** The organiser (creator). */
  organiser: number;
  /** 授课教师; default the organiser. */
  teacher?: number;
  evaluators?: number[];
  community_id?: number;
  school_id?: number;
  /** 1 远程, 2 精准, 3 现场. */
  is_type?: number;
  my_video_id?: number;
  equiment_id?: number;
  /** 1 公开, 2 社区内, 3 仅参与人. */
  open_model?: number;
  status?: number;
  is_display?: number;
  verify_status?: number;
  evaluation_type?: number;
  /** A lecture_indicator scheme root. */
  indicator_id?: number;
  subject_id?: number;
  start_time?: Date;
  end_time?: Date;
}

/** A record from an hour ago to a day ahead (unless given), with its members. Returns its id. */
export async function insertListen(db: Kit["db"], p: NewListen): Promise<number> {
  const now = Date.now();
  const start = p.start_time ?? new Date(now - 3600_000);
  const teacher = p.teacher ?? p.organiser;
  const [row] = await db
    .insert(listenEvaluate)
    .values({
      name: p.name,
      account_id: p.organiser,
      teacher_account_id: teacher,
      community_id: p.community_id ?? 0,
      school_id: p.school_id ?? 0,
      is_type: p.is_type ?? 3,
      my_video_id: p.my_video_id ?? 0,
      my_video_ids: p.my_video_id ? [p.my_video_id] : [],
      equiment_id: p.equiment_id ?? 0,
      open_model: p.open_model ?? 2,
      status: p.status ?? 1,
      is_display: p.is_display ?? 1,
      verify_status: p.verify_status ?? 1,
      evaluation_type: p.evaluation_type ?? (p.indicator_id ? 1 : 2),
      indicator_id: p.indicator_id ?? 0,
      subject_id: p.subject_id ?? 0,
      start_time: start,
      end_time: p.end_time ?? new Date(now + 86400_000),
      record_date: start.toISOString().slice(0, 10),
    })
    .returning({ id: listenEvaluate.id });
  const id = row!.id;
  const members = [{ record_id: id, account_id: p.organiser, role: 1 }];
  if (teacher !== p.organiser) members.push({ record_id: id, account_id: teacher, role: 2 });
  for (const e of p.evaluators ?? []) if (!members.some((m) => m.account_id === e)) members.push({ record_id: id, account_id: e, role: 3 });
  await db.insert(listenMember).values(members);
  return id;
}

/**
 * A scheme (root) with two dimensions — 教学目标 (60: items 目标明确 50 and 重难点突出 50, 0–10) and 教学过程 (40: item
 * 环节紧凑 100, 0–5). Returns the root id.
 */
export async function insertScheme(db: Kit["db"], name: string, schoolId = 0, status = 1): Promise<number> {
  const [root] = await db.insert(lectureIndicator).values({ name, level: 1, pid: 0, school_id: schoolId, status }).returning({ id: lectureIndicator.id });
  const r = root!.id;
  await db.update(lectureIndicator).set({ root_id: r }).where(eq(lectureIndicator.id, r));
  const [d1] = await db
    .insert(lectureIndicator)
    .values({ name: "教学目标", level: 2, pid: r, root_id: r, weight: 60, sort: 1 })
    .returning({ id: lectureIndicator.id });
  const [d2] = await db
    .insert(lectureIndicator)
    .values({ name: "教学过程", level: 2, pid: r, root_id: r, weight: 40, sort: 2 })
    .returning({ id: lectureIndicator.id });
  await db.insert(lectureIndicator).values([
    { name: "目标明确", level: 3, pid: d1!.id, root_id: r, weight: 50, min_score: 0, max_score: 10, sort: 1 },
    { name: "重难点突出", level: 3, pid: d1!.id, root_id: r, weight: 50, min_score: 0, max_score: 10, sort: 2 },
    { name: "环节紧凑", level: 3, pid: d2!.id, root_id: r, weight: 100, min_score: 0, max_score: 5, sort: 1 },
  ]);
  return r;
}
