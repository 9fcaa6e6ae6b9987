/**
 * The demo listen-evaluate records (seedDemoListens; docs/demo-data.md): seeded with the community demo content, in
 * the demo communities, with members, submitted scores on the default scheme whose totals follow the weights,
 * time-stamped comments and registered activities; the calls answer them.
 */
import { CALLS, type DiscussPage, type ListenDetail, type ListenRow, type ListenTeacherScoreAnswer, type Page } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../src/modules/activity/activity.schema.js";
import { afterClass } from "../src/modules/afterclass/afterclass.schema.js";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { listenEvaluate, listenEvaluation, listenMember, listenScore } from "../src/modules/listen/listen.schema.js";
import { totalScore } from "../src/modules/listen/listen-score.js";
import { loadScheme } from "../src/modules/listen/listen.service.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ SEED_DEMO_CONTENT: "1" });
});
afterAll(async () => {
  await s?.close();
});

describe("demo listen-evaluate records", () => {
  it("are seeded in the demo communities with people, scores, comments and activities; the calls answer them", async () => {
    const db = s.database.db;
    const rows = await db.select().from(listenEvaluate);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.length).toBeLessThanOrEqual(8);
    const now = Date.now();
    expect(rows.some((r) => r.start_time.getTime() > now)).toBe(true);
    for (const r of rows) {
      expect(r.community_id, r.name).toBeGreaterThan(0);
      expect(r.start_time.getTime(), r.name).toBeGreaterThan(now - 95 * 86400_000);
      const members = await db.select().from(listenMember).where(eq(listenMember.record_id, r.id));
      expect(members.find((m) => m.role === 1)?.account_id).toBe(r.account_id);
      expect(members.find((m) => m.role === 2)?.account_id).toBe(r.teacher_account_id);
      const [act] = await db
        .select()
        .from(activity)
        .where(and(eq(activity.type, "listen"), eq(activity.ref_id, r.id)));
      expect(act).toMatchObject({ name: r.name, community_id: r.community_id });
      const evs = await db.select().from(listenEvaluation).where(eq(listenEvaluation.record_id, r.id));
      if (r.end_time.getTime() < now) {
        expect(evs.length, r.name).toBeGreaterThan(0);
        const scheme = await loadScheme(db, r.indicator_id);
        expect(scheme?.children.length).toBeGreaterThan(0);
        for (const e of evs) {
          const sc = await db.select().from(listenScore).where(eq(listenScore.evaluation_id, e.id));
          expect(Number(e.total_score)).toBe(totalScore(scheme, new Map(sc.map((x) => [x.indicator_id, Number(x.score)]))));
          expect(e.account_id).not.toBe(r.teacher_account_id);
        }
        const talk = await db
          .select()
          .from(discussComment)
          .where(and(eq(discussComment.target_type, "listen"), eq(discussComment.ref_id, r.id)));
        expect(talk.length).toBe(3);
        expect(talk.every((m) => m.video_time !== null)).toBe(true);
      } else expect(evs).toEqual([]);
    }

    const pub = await s.call<Page<ListenRow>>(CALLS.listenList, { limit: 50 });
    expect(pub.data.total).toBe(rows.filter((r) => r.open_model === 1).length);
    const scored = pub.data.list.find((r) => r.evaluation_count > 0)!;
    const d = await s.call<ListenDetail>(CALLS.listenRead, { id: scored.id });
    expect(d.data.scheme?.name).toBe("课堂教学评价量表");
    const agg = await s.call<ListenTeacherScoreAnswer>(CALLS.listenCourseTeacherScore, { record_id: scored.id });
    expect(agg.data.total.count).toBe(scored.evaluation_count);
    const timeline = await s.call<DiscussPage>(CALLS.listenClassroomDiscussionList, { record_id: scored.id, order: "video_time" });
    const times = timeline.data.list.map((m) => m.video_time!);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The teachers' after-class reflections on the first three lessons held, each with a comment, listed publicly.
    const reflections = await db.select().from(afterClass);
    expect(reflections).toHaveLength(3);
    for (const a of reflections) {
      const rec = rows.find((r) => r.id === a.record_id)!;
      expect(a.account_id).toBe(rec.teacher_account_id);
      expect(a.community_id).toBe(rec.community_id);
      const [act] = await db
        .select()
        .from(activity)
        .where(and(eq(activity.type, "after_class"), eq(activity.ref_id, a.id)));
      expect(act?.name).toBe(a.title);
      expect(
        await db
          .select()
          .from(discussComment)
          .where(and(eq(discussComment.target_type, "after_class"), eq(discussComment.ref_id, a.id))),
      ).toHaveLength(1);
    }
    const shown = await s.call<Page<{ id: number }>>(CALLS.afterClassList, { limit: 50 });
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data.total).toBeGreaterThan(0);
  });
});
