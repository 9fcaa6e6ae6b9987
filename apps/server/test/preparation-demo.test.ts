/**
 * The demo preparations (seedDemoPreparations; docs/demo-data.md): seeded with the community demo content, in the
 * demo communities, with members, discussion, likes and registered activities; the calls answer them.
 */
import {
  CALLS,
  type DiscussPage,
  type LessonPlanDetail,
  type LessonPlanListAnswer,
  type Page,
  type PreparationDetail,
  type PreparationRow,
} from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { activity } from "../src/modules/activity/activity.schema.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { lessonDoc, lessonDocVersion } from "../src/modules/lessonplan/lessonplan.schema.js";
import { preparation, preparationLike, preparationMember } from "../src/modules/preparation/preparation.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ SEED_DEMO_CONTENT: "1" });
});
afterAll(async () => {
  await s?.close();
});

describe("demo preparations", () => {
  it("are seeded in the demo communities with members, discussion, likes, activities and logs", async () => {
    const db = s.database.db;
    const rows = await db.select().from(preparation);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.length).toBeLessThanOrEqual(10);
    const now = Date.now();
    for (const p of rows) {
      expect(p.community_id, p.theme).toBeGreaterThan(0);
      expect(p.start_time.getTime(), p.theme).toBeGreaterThan(now - 125 * 86400_000);
      expect(p.end_time.getTime()).toBeGreaterThan(p.start_time.getTime());
      const members = await db.select().from(preparationMember).where(eq(preparationMember.preparation_id, p.id));
      expect(members.filter((m) => m.role === 1).map((m) => m.account_id)).toEqual([p.account_id]);
      expect(members.length).toBeGreaterThan(1);
      const likes = await db.select().from(preparationLike).where(eq(preparationLike.preparation_id, p.id));
      expect(p.like_count).toBe(likes.length);
      const [act] = await db.select().from(activity).where(eq(activity.ref_id, p.id));
      expect(act).toMatchObject({ type: "preparation", name: p.theme, community_id: p.community_id });
    }
    expect(rows.filter((p) => p.njy_structure !== "").length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((p) => p.verify_status === 0)).toHaveLength(1);
    expect(rows.some((p) => p.start_time.getTime() > now)).toBe(true);
    expect(rows.some((p) => p.end_time.getTime() < now)).toBe(true);
    expect((await db.select().from(discussComment)).length).toBeGreaterThanOrEqual(10);
    expect((await db.select().from(communityLog).where(eq(communityLog.action, "preparation.save"))).length).toBe(rows.length);

    // Anonymous visitors see the public, approved ones; a demo teacher reads one with its discussion.
    const pub = await s.call<Page<PreparationRow>>(CALLS.preparationIndex, { limit: 50 });
    expect(pub.code).toBe(200);
    // Only the 公开 ones (社区内 is for the community's members, decision 0802).
    expect(pub.data.total).toBe(rows.filter((p) => p.open_model === 1 && p.verify_status === 1).length);
    const zhang = await s.login("zhanglaoshi", DEMO_TEACHER_PASSWORD);
    const mine = await s.call<Page<PreparationRow>>(CALLS.userPreparationList, { limit: 50 }, zhang.token);
    expect(mine.data.total).toBeGreaterThan(0);
    const withTalk = mine.data.list.find((p) => p.discuss_count > 0)!;
    const d = await s.call<PreparationDetail>(CALLS.preparationDetail, { id: withTalk.id }, zhang.token);
    expect(d.data.members.length).toBeGreaterThan(1);
    const talk = await s.call<DiscussPage>(CALLS.preparationDiscussList, { preparation_id: withTalk.id }, zhang.token);
    expect(talk.data.count).toBe(withTalk.discuss_count);
    expect(talk.data.list.some((m) => m.children.length > 0)).toBe(true);
  });

  it("give three preparations a main lesson plan that opens, one with a saved version", async () => {
    const db = s.database.db;
    const docs = await db.select().from(lessonDoc);
    expect(docs).toHaveLength(3);
    expect(docs.every((d) => d.main === 1 && (d.state?.length ?? 0) > 0 && d.text.includes("教学目标"))).toBe(true);
    expect(await db.select().from(lessonDocVersion)).toHaveLength(1);
    // The public maths one reads without signing in, from its Y state (the html derived again matches what was stored).
    const [maths] = await db.select().from(preparation).where(eq(preparation.theme, "正数和负数：情境引入与概念建构"));
    const list = await s.call<LessonPlanListAnswer>(CALLS.wpsFileList, { preparation_id: maths!.id });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.list.map((d) => d.title)).toEqual(["1.1 正数和负数（第一课时）教案"]);
    const plan = await s.call<LessonPlanDetail>(CALLS.wpsDetailFile, { id: list.data.list[0]!.id });
    expect(plan.code, plan.msg).toBe(200);
    expect(plan.data.html).toContain("<h2>教学重难点</h2>");
    expect(plan.data.html).toContain("<table");
  });
});
