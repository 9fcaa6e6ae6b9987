/**
 * Activities (#7; docs/api/activity.md): save/update of research activities by a community's managers with members
 * as participants, c393 list with its filters and visibility, c394 info, c395 delete (creator or manager; other kinds
 * refused), c396 activities of my communities, community_log rows, and register/unregister for the other modules.
 */
import { type ActivityDetail, type ActivityRow, CALLS, type Page } from "@yanke/protocol";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, activityMember } from "../src/modules/activity/activity.schema.js";
import { seedDemoActivities } from "../src/modules/activity/activity.demo.js";
import { ActivityService } from "../src/modules/activity/activity.service.js";
import { CommunityAccess } from "../src/modules/community/community-access.js";
import { communityLog, communityMember } from "../src/modules/community/community.schema.js";
import { DAY, HOUR, type Kit, insertActivity, insertCommunity, startKit, wire } from "./activity-kit.js";

let k: Kit;
let C = 0; // zhang's community: li admin? no — li and wang members
let HIDDEN = 0; // a community not displayed, zhao not a member
let school1 = 0;
const now = Date.now();

beforeAll(async () => {
  k = await startKit();
  school1 = k.who.zhanglaoshi!.school_id;
  C = await insertCommunity(k.db, { name: "语文教研社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!, k.id.wanglaoshi!], school_id: school1 });
  HIDDEN = await insertCommunity(k.db, { name: "隐藏社区", owner: k.id.wanglaoshi!, school_id: school1, is_display: 0 });
});
afterAll(async () => {
  await k?.s.close();
});

async function logs(action: string, target: number): Promise<number> {
  return (
    await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.action, action), eq(communityLog.target_id, target)))
  ).length;
}

describe("save and update", () => {
  let id = 0;
  it("the owner starts a research activity with members as participants; the log records it", async () => {
    const a = await k.ok<ActivityDetail>(
      CALLS.activitySave,
      {
        community_id: C,
        name: "  第一次集体教研  ",
        introduction: "讨论单元教学",
        start_time: wire(new Date(now + DAY)),
        end_time: wire(new Date(now + DAY + 2 * HOUR)),
        participation_account_ids: [k.id.lilaoshi, k.id.wanglaoshi],
      },
      "zhanglaoshi",
    );
    id = a.id;
    expect(a).toMatchObject({
      type: "research",
      type_name: "教研活动",
      name: "第一次集体教研",
      community_id: C,
      community_name: "语文教研社区",
      account_id: k.id.zhanglaoshi,
      phase: "upcoming",
      phase_name: "未开始",
      participant_count: 2,
      can_manage: true,
      school_id: school1,
    });
    expect(a.participants.map((p) => p.id).sort()).toEqual([k.id.lilaoshi!, k.id.wanglaoshi!].sort());
    expect(a.start_time).toBe(wire(new Date(now + DAY)));
    expect(await logs("activity.save", id)).toBe(1);
    const read = await k.ok<ActivityDetail>(CALLS.activityInfo, { id }, "lilaoshi");
    expect(read.is_participant).toBe(true);
    expect(read.can_manage).toBe(false);
  });

  it("refuses bad input with Chinese messages", async () => {
    const base = { community_id: C, name: "x", start_time: wire(new Date(now + DAY)), end_time: wire(new Date(now + DAY + HOUR)) };
    await k.refused(CALLS.activitySave, { ...base, community_id: undefined }, "zhanglaoshi", 400, /社区id/);
    await k.refused(CALLS.activitySave, { ...base, name: "  " }, "zhanglaoshi", 400, /活动名称/);
    await k.refused(CALLS.activitySave, { ...base, start_time: "明天" }, "zhanglaoshi", 400, /开始时间/);
    await k.refused(CALLS.activitySave, { ...base, start_time: "2026-02-30 10:00:00" }, "zhanglaoshi", 400, /开始时间/);
    await k.refused(CALLS.activitySave, { ...base, end_time: base.start_time }, "zhanglaoshi", 400, "结束时间应晚于开始时间");
    await k.refused(CALLS.activitySave, { ...base, participation_account_ids: [k.id.zhaolaoshi] }, "zhanglaoshi", 400, /社区已加入的成员/);
    await k.refused(CALLS.activitySave, { ...base, participation_account_ids: "1,2" }, "zhanglaoshi", 400, /参与人/);
  });

  it("only the community's managers start one; an unknown community is 404", async () => {
    const base = { name: "x", start_time: wire(new Date(now + DAY)), end_time: wire(new Date(now + DAY + HOUR)) };
    await k.refused(CALLS.activitySave, { ...base, community_id: C }, "lilaoshi", 403, "只有社区创建者或管理员可以进行此操作");
    await k.refused(CALLS.activitySave, { ...base, community_id: C }, "zhaolaoshi", 403);
    await k.refused(CALLS.activitySave, { ...base, community_id: 999999 }, "zhanglaoshi", 404);
    // The school administrator manages his school's communities without being a member.
    const a = await k.ok<ActivityDetail>(CALLS.activitySave, { ...base, community_id: C, name: "校级听课周" }, "xiaoji");
    expect(a.account_id).toBe(k.id.xiaoji);
  });

  it("updates only the fields sent, by the creator or a manager", async () => {
    const u = await k.ok<ActivityDetail>(CALLS.activityUpdate, { id, name: "第一次集体教研（改）", participation_account_ids: [k.id.lilaoshi] }, "zhanglaoshi");
    expect(u.name).toBe("第一次集体教研（改）");
    expect(u.introduction).toBe("讨论单元教学");
    expect(u.participation_account_ids).toEqual([k.id.lilaoshi]);
    const rows = await k.db.select().from(activityMember).where(eq(activityMember.activity_id, id));
    expect(rows.map((r) => r.account_id)).toEqual([k.id.lilaoshi]);
    expect(await logs("activity.update", id)).toBe(1);
    await k.refused(CALLS.activityUpdate, { id, name: "偷改" }, "lilaoshi", 403, "只有活动创建者或社区管理员可以进行此操作");
    await k.refused(CALLS.activityUpdate, { id: 999999, name: "x" }, "zhanglaoshi", 404, "活动不存在或已删除");
    await k.refused(CALLS.activityUpdate, { id, end_time: wire(new Date(now)) }, "zhanglaoshi", 400, "结束时间应晚于开始时间");
    await k.refused(CALLS.activityUpdate, { id, participation_account_ids: [k.id.zhaolaoshi] }, "zhanglaoshi", 400, /成员/);
    await k.refused(CALLS.activityUpdate, { name: "x" }, "zhanglaoshi", 400, /活动id/);
    const back = await k.ok<ActivityDetail>(CALLS.activityInfo, { id }, "zhanglaoshi");
    expect(back.name).toBe("第一次集体教研（改）");
  });
});

describe("lists", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const z = k.id.zhanglaoshi!;
    ids.running = await insertActivity(k.db, {
      name: "进行中的磨课",
      account_id: z,
      community_id: C,
      school_id: school1,
      start: new Date(now - HOUR),
      end: new Date(now + HOUR),
    });
    ids.ended = await insertActivity(k.db, {
      name: "已结束的评课",
      account_id: z,
      community_id: C,
      school_id: school1,
      start: new Date(now - 10 * DAY),
      end: new Date(now - 9 * DAY),
    });
    ids.prep = await insertActivity(k.db, {
      name: "集体备课 第三单元",
      type: "preparation",
      account_id: z,
      community_id: C,
      school_id: school1,
      start: new Date(now + 3 * DAY),
      end: new Date(now + 4 * DAY),
      participants: [k.id.lilaoshi!],
    });
    ids.hidden = await insertActivity(k.db, {
      name: "隐藏社区的活动",
      account_id: k.id.wanglaoshi!,
      community_id: HIDDEN,
      school_id: school1,
      start: new Date(now - HOUR),
      end: new Date(now + HOUR),
    });
  });

  it("c393 filters by community, type, phase, keyword and time range", async () => {
    const all = await k.ok<Page<ActivityRow>>(CALLS.activityList, { community_id: C, limit: 100 }, "zhanglaoshi");
    const mine = all.list.map((r) => r.id);
    for (const key of ["running", "ended", "prep"]) expect(mine).toContain(ids[key]);
    expect(all.total).toBe(all.list.length);
    // Newest start first.
    const starts = all.list.map((r) => r.start_time);
    expect([...starts].sort().reverse()).toEqual(starts);
    const prep = await k.ok<Page<ActivityRow>>(CALLS.activityList, { community_id: C, type: "preparation" }, "zhanglaoshi");
    expect(prep.list.map((r) => r.id)).toEqual([ids.prep]);
    expect(prep.list[0]!.participation_account_ids).toEqual([k.id.lilaoshi]);
    const running = await k.ok<Page<ActivityRow>>(CALLS.activityList, { community_id: C, phase: "running" }, "zhanglaoshi");
    expect(running.list.map((r) => r.id)).toEqual([ids.running]);
    expect(running.list[0]!.phase_name).toBe("进行中");
    const ended = await k.ok<Page<ActivityRow>>(CALLS.activityList, { community_id: C, phase: "ended" }, "zhanglaoshi");
    expect(ended.list.map((r) => r.id)).toEqual([ids.ended]);
    const kw = await k.ok<Page<ActivityRow>>(CALLS.activityList, { community_id: C, keyword: "磨课" }, "zhanglaoshi");
    expect(kw.list.map((r) => r.id)).toEqual([ids.running]);
    // Time range: what overlaps [now-11d, now-8d] is only the ended one.
    const d = (ms: number) => wire(new Date(ms)).slice(0, 10);
    const range = await k.ok<Page<ActivityRow>>(
      CALLS.activityList,
      { community_id: C, start_time: d(now - 11 * DAY), end_time: d(now - 8 * DAY) },
      "zhanglaoshi",
    );
    expect(range.list.map((r) => r.id)).toEqual([ids.ended]);
    const paged = await k.ok<Page<ActivityRow>>(CALLS.activityList, { community_id: C, limit: 2, page: 2 }, "zhanglaoshi");
    expect(paged.list.map((r) => r.id)).toEqual(mine.slice(2, 4));
  });

  it("c393 refuses bad filters and hides what the caller may not see", async () => {
    await k.refused(CALLS.activityList, { phase: "soon" }, "zhanglaoshi", 400, /活动状态/);
    await k.refused(CALLS.activityList, { type: "party" }, "zhanglaoshi", 400, /活动类型/);
    await k.refused(CALLS.activityList, { start_time: "2026-13-01" }, "zhanglaoshi", 400, /开始时间/);
    await k.refused(CALLS.activityList, { start_time: "2026-05-02", end_time: "2026-05-01" }, "zhanglaoshi", 400, "结束时间不能早于开始时间");
    await k.refused(CALLS.activityList, { community_id: HIDDEN }, "zhaolaoshi", 403);
    await k.refused(CALLS.activityList, { community_id: 999999 }, "zhaolaoshi", 404);
    const zhao = await k.ok<Page<ActivityRow>>(CALLS.activityList, { limit: 100 }, "zhaolaoshi");
    expect(zhao.list.map((r) => r.id)).not.toContain(ids.hidden);
    expect(zhao.list.map((r) => r.id)).toContain(ids.running);
    // The school administrator sees his school's activities, the hidden community's too.
    const admin = await k.ok<Page<ActivityRow>>(CALLS.activityList, { limit: 100 }, "xiaoji");
    expect(admin.list.map((r) => r.id)).toContain(ids.hidden);
  });

  it("c394 answers 403 for an activity the caller may not see, 404 for none, 400 for a bad id", async () => {
    await k.refused(CALLS.activityInfo, { id: ids.hidden }, "zhaolaoshi", 403, "无权查看该活动");
    await k.refused(CALLS.activityInfo, { id: 999999 }, "zhaolaoshi", 404, "活动不存在或已删除");
    await k.refused(CALLS.activityInfo, { id: "abc" }, "zhaolaoshi", 400, /活动id/);
    const a = await k.ok<ActivityDetail>(CALLS.activityInfo, { id: ids.hidden }, "wanglaoshi");
    expect(a.community_name).toBe("隐藏社区");
  });

  it("c396 lists the activities of the caller's communities only", async () => {
    const li = await k.ok<Page<ActivityRow>>(CALLS.communityAllActivity, { limit: 100 }, "lilaoshi");
    const joined = new Set(
      (
        await k.db
          .select()
          .from(communityMember)
          .where(and(eq(communityMember.account_id, k.id.lilaoshi!), eq(communityMember.status, 1)))
      ).map((m) => m.community_id),
    );
    expect(li.list.every((r) => joined.has(r.community_id))).toBe(true);
    expect(li.list.some((r) => r.community_id === HIDDEN)).toBe(false);
    expect(li.list.map((r) => r.id)).toEqual(expect.arrayContaining([ids.running, ids.ended, ids.prep]));
    const wang = await k.ok<Page<ActivityRow>>(CALLS.communityAllActivity, { limit: 100 }, "wanglaoshi");
    expect(wang.list.map((r) => r.id)).toContain(ids.hidden);
    const zhao = await k.ok<Page<ActivityRow>>(CALLS.communityAllActivity, {}, "zhaolaoshi");
    expect(zhao.list.filter((r) => r.community_id === C || r.community_id === HIDDEN)).toEqual([]);
    const byType = await k.ok<Page<ActivityRow>>(CALLS.communityAllActivity, { type: "preparation" }, "lilaoshi");
    expect(byType.list.map((r) => r.id)).toEqual([ids.prep]);
    await k.refused(CALLS.communityAllActivity, { limit: 1000 }, "lilaoshi", 400, /每页条数/);
  });

  it("c395 deletes a research activity for its creator or a manager, refuses other kinds and others", async () => {
    await k.refused(CALLS.activityDelete, { id: ids.running }, "lilaoshi", 403, "只有活动创建者或社区管理员可以进行此操作");
    await k.refused(CALLS.activityDelete, { id: ids.prep }, "zhanglaoshi", 400, /集体备课，请在其所属模块中删除/);
    await k.refused(CALLS.activityDelete, { id: 999999 }, "zhanglaoshi", 404);
    await k.refused(CALLS.activityDelete, {}, "zhanglaoshi", 400, /活动id/);
    await k.ok(CALLS.activityDelete, { id: ids.running }, "zhanglaoshi");
    await k.refused(CALLS.activityInfo, { id: ids.running }, "zhanglaoshi", 404);
    expect(await logs("activity.delete", ids.running!)).toBe(1);
    // The school administrator manages the community: he deletes the creator's activity.
    await k.ok(CALLS.activityDelete, { id: ids.ended }, "xiaoji");
    expect((await k.db.select().from(activity).where(eq(activity.id, ids.ended!))).length).toBe(0);
  });
});

describe("register / unregister (for the preparation, listen, after-class and questionnaire modules)", () => {
  it("upserts on type + ref_id with participants, derives the school and region, and removes", async () => {
    const svc = new ActivityService(k.db, new CommunityAccess(k.db));
    const start = new Date(now + 5 * DAY);
    const end = new Date(now + 6 * DAY);
    const id = await k.db.transaction((tx) =>
      svc.register(tx, {
        type: "listen",
        ref_id: 4242,
        name: "听评课：圆的面积",
        community_id: C,
        account_id: k.id.lilaoshi!,
        start_time: start,
        end_time: end,
        participation_account_ids: [k.id.zhanglaoshi!, k.id.zhanglaoshi!, 987654],
      }),
    );
    const again = await svc.register(k.db, {
      type: "listen",
      ref_id: 4242,
      name: "听评课：圆的面积（二）",
      community_id: C,
      account_id: k.id.lilaoshi!,
      start_time: start,
      end_time: end,
      participation_account_ids: [k.id.wanglaoshi!],
    });
    expect(again).toBe(id);
    const [row] = await k.db.select().from(activity).where(eq(activity.id, id));
    expect(row).toMatchObject({ name: "听评课：圆的面积（二）", type: "listen", school_id: school1, community_id: C });
    expect(row!.area_id).toBeGreaterThan(0);
    const members = await k.db.select().from(activityMember).where(eq(activityMember.activity_id, id));
    expect(members.map((m) => m.account_id)).toEqual([k.id.wanglaoshi]);
    const seen = await k.ok<ActivityDetail>(CALLS.activityInfo, { id }, "wanglaoshi");
    expect(seen.type_name).toBe("听评课");
    expect(await svc.unregister("listen", 4242)).toBe(1);
    expect(await svc.unregister("listen", 4242)).toBe(0);
    expect((await k.db.select().from(activityMember).where(eq(activityMember.activity_id, id))).length).toBe(0);
  });
});

describe("demo activities", () => {
  it("seeds research activities of the given communities over the last 4 months and the next 2 weeks, members as participants", async () => {
    const D = await insertCommunity(k.db, {
      name: "演示社区",
      owner: k.id.zhanglaoshi!,
      admins: [k.id.lilaoshi!],
      members: [k.id.wanglaoshi!, k.id.zhaolaoshi!],
      school_id: school1,
    });
    const at = new Date();
    const r = await seedDemoActivities(k.db, [D], at);
    expect(r.activities).toBeGreaterThanOrEqual(4);
    const rows = await k.db.select().from(activity).where(eq(activity.community_id, D));
    expect(rows).toHaveLength(r.activities);
    expect(rows.some((x) => x.start_time > at)).toBe(true);
    expect(rows.some((x) => x.end_time < at)).toBe(true);
    for (const x of rows) {
      expect(x.type).toBe("research");
      expect(x.start_time.getTime()).toBeGreaterThan(at.getTime() - 121 * DAY);
      expect(x.start_time.getTime()).toBeLessThan(at.getTime() + 15 * DAY);
      expect(x.end_time > x.start_time).toBe(true);
      expect([k.id.zhanglaoshi, k.id.lilaoshi]).toContain(x.account_id);
      expect(x.area_id).toBeGreaterThan(0);
    }
    const parts = await k.db
      .select()
      .from(activityMember)
      .where(
        inArray(
          activityMember.activity_id,
          rows.map((x) => x.id),
        ),
      );
    expect(parts).toHaveLength(r.participants);
    const joined = new Set((await k.db.select().from(communityMember).where(eq(communityMember.community_id, D))).map((m) => m.account_id));
    expect(parts.every((p) => joined.has(p.account_id))).toBe(true);
    const logged = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.community_id, D), eq(communityLog.action, "activity.save")));
    expect(logged).toHaveLength(r.activities);
    expect(await seedDemoActivities(k.db, [])).toEqual({ activities: 0, participants: 0 });
  });
});
