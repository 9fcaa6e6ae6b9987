/**
 * Listen-evaluate records (#9; docs/api/listen.md) over the real wire: create (远程 / 精准 / 现场, links, scheme,
 * people) and change, read with power, the lists and their visibility (the SQL rule = the JS rule), user lists,
 * display / recommend / verify, delete with everything the record owns. Evaluations, files, voices, discussion and
 * statistics are in listen-evaluate.test.ts.
 */
import { CALLS, type ListenDetail, type ListenRow, type Page } from "@yanke/protocol";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../src/modules/activity/activity.schema.js";
import { communityLog } from "../src/modules/community/community.schema.js";
import { discussComment } from "../src/modules/discuss/discuss.schema.js";
import { equipment } from "../src/modules/equipment/equipment.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { listenEvaluate, listenEvaluation, listenFile, listenMember, listenScore, listenVoice } from "../src/modules/listen/listen.schema.js";
import { region } from "../src/modules/org/org.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { HOUR, type Kit, insertCommunity, startKit, wire } from "./activity-kit.js";
import { insertListen, insertScheme } from "./listen-kit.js";
import { insertPreparation } from "./prepare-kit.js";

let k: Kit;
/** A: school level (zhang owner; li, wang, zhao members). D: district level (wang owner; zhang, li members). */
let A = 0;
let D = 0;
let school = 0;
let scheme = 0;
let disabledScheme = 0;
let otherSchoolScheme = 0;
let device = 0;
let zhangVideo = 0;
let zhangVideoFile = 0;

const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);
const times = (fromH = -1, toH = 24) => ({ start_time: wire(new Date(Date.now() + fromH * HOUR)), end_time: wire(new Date(Date.now() + toH * HOUR)) });

async function upload(user: string, name: string, extra: Partial<typeof storedFile.$inferInsert> = {}): Promise<number> {
  const ext = name.split(".").pop()!;
  const [row] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/listen/${Math.random()}/${name}`,
      real_file_name: name,
      file_type: ext,
      kind: "office",
      mime: "application/octet-stream",
      size: 1000,
      sha256: "x",
      module: "document",
      account_id: k.id[user]!,
      ...extra,
    })
    .returning({ id: storedFile.id });
  return row!.id;
}

async function create(user: string, extra: Record<string, unknown> = {}): Promise<ListenDetail> {
  return k.ok<ListenDetail>(
    P.listenSave,
    { name: "《背影》现场听评课", community_id: A, is_type: 3, evaluation_type: 1, indicator_id: scheme, open_model: 1, ...times(), ...extra },
    user,
  );
}

beforeAll(async () => {
  k = await startKit();
  school = k.who.xiaoji!.school_id;
  const [xq] = await k.db.select({ id: region.id }).from(region).where(eq(region.region_code, "640104"));
  A = await insertCommunity(k.db, {
    name: "听评课测试校级社区",
    owner: k.id.zhanglaoshi!,
    members: [k.id.lilaoshi!, k.id.wanglaoshi!, k.id.zhaolaoshi!],
    school_id: school,
    level: 1,
  });
  D = await insertCommunity(k.db, {
    name: "听评课测试区级工作室",
    owner: k.id.wanglaoshi!,
    members: [k.id.zhanglaoshi!, k.id.lilaoshi!],
    area_id: xq!.id,
    level: 2,
  });
  scheme = await insertScheme(k.db, "听评课测试量表");
  disabledScheme = await insertScheme(k.db, "停用量表", 0, 0);
  otherSchoolScheme = await insertScheme(k.db, "二中量表", k.who.zhaolaoshi!.school_id);
  const [e] = await k.db
    .insert(equipment)
    .values({ code: "YK-LSTN0001", position: "七年级1班", school_id: school, secret_hash: "x", teacher_stream_key: "lt-key-1", student_stream_key: "ls-key-1" })
    .returning({ id: equipment.id });
  device = e!.id;
  zhangVideoFile = await upload("zhanglaoshi", "背影.mp4", { kind: "video", mime: "video/mp4" });
  const [v] = await k.db
    .insert(video)
    .values({ name: "背影 课堂实录", account_id: k.id.zhanglaoshi!, school_id: school, source: "upload", file_id: zhangVideoFile, status: "ready" })
    .returning({ id: video.id });
  zhangVideo = v!.id;
});

afterAll(async () => {
  await k?.s.close();
});

describe("save (c266) and read (c265)", () => {
  it("creates a 现场 record with its teacher, evaluators, scheme, activity and log; answers every field with power", async () => {
    const r = await create("zhanglaoshi", {
      teacher_account_id: k.id.lilaoshi,
      participation_account_ids: [k.id.wanglaoshi, k.id.zhaolaoshi],
      grade_name: "八年级",
      record_date: "",
    });
    expect(r).toMatchObject({
      name: "《背影》现场听评课",
      is_type: 3,
      is_type_name: "现场听评课",
      community_id: A,
      teacher_account_id: k.id.lilaoshi,
      teacher_name: "李老师",
      account_name: "张老师",
      evaluation_type: 1,
      indicator_id: scheme,
      open_model: 1,
      verify_status: 1,
      grade_name: "八年级",
      play_url: "",
    });
    expect(r.record_date).toBe(r.start_time.slice(0, 10));
    expect(r.participation_account_ids.sort()).toEqual([k.id.wanglaoshi, k.id.zhaolaoshi].sort());
    expect(r.members.map((m) => [m.account_id, m.role])).toEqual(
      expect.arrayContaining([
        [k.id.zhanglaoshi, 1],
        [k.id.lilaoshi, 2],
        [k.id.wanglaoshi, 3],
        [k.id.zhaolaoshi, 3],
      ]),
    );
    expect(r.scheme?.children.map((d) => [d.name, d.weight])).toEqual([
      ["教学目标", 60],
      ["教学过程", 40],
    ]);
    expect(r.scheme!.children[0]!.children.map((i) => [i.name, i.max_score])).toEqual([
      ["目标明确", 10],
      ["重难点突出", 10],
    ]);
    expect(r.power).toMatchObject({ is_organiser: true, is_teacher: false, is_member: true, can_manage: true, can_evaluate: true, can_view: true });
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "listen"), eq(activity.ref_id, r.id)));
    expect(act).toMatchObject({ name: r.name, community_id: A, is_display: 1 });
    const logs = await k.db
      .select()
      .from(communityLog)
      .where(and(eq(communityLog.target_type, "listen"), eq(communityLog.target_id, r.id)));
    expect(logs.map((l) => l.action)).toContain("listen.save");

    const li = await k.ok<ListenDetail>(P.listenRead, { id: r.id }, "lilaoshi");
    expect(li.power).toMatchObject({ is_teacher: true, can_evaluate: false, can_manage: false });
    const wang = await k.ok<ListenDetail>(P.listenRead, { id: r.id }, "wanglaoshi");
    expect(wang.power).toMatchObject({ is_member: true, can_evaluate: true, can_manage: false });
    const guest = await anon<ListenDetail>(P.listenRead, { id: r.id });
    expect(guest.code).toBe(200);
    expect(guest.data.power).toMatchObject({ can_view: true, can_discuss: false, can_evaluate: false });
    expect(guest.data.view_count).toBe(3);
  });

  it("refuses bad input in Chinese", async () => {
    await k.refused(P.listenSave, { community_id: A, ...times() }, "zhanglaoshi", 400, /听评课名称/);
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(2, 1), is_type: 3, evaluation_type: 2 },
      "zhanglaoshi",
      400,
      "结束时间必须晚于开始时间",
    );
    await k.refused(P.listenSave, { name: "x", community_id: A, ...times(), is_type: 9 }, "zhanglaoshi", 400, /只能是 1（远程听评课）/);
    await k.refused(P.listenSave, { name: "x", community_id: A, ...times(), is_type: 3, evaluation_type: 1 }, "zhanglaoshi", 400, "请选择评价量表");
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 3, evaluation_type: 1, indicator_id: disabledScheme },
      "zhanglaoshi",
      400,
      "评价量表不存在或不可用",
    );
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 3, evaluation_type: 1, indicator_id: otherSchoolScheme },
      "zhanglaoshi",
      400,
      "评价量表不存在或不可用",
    );
    await k.refused(P.listenSave, { name: "x", community_id: A, ...times(), is_type: 1, evaluation_type: 2 }, "zhanglaoshi", 400, "请选择远程听评课的教室设备");
    await k.refused(P.listenSave, { name: "x", community_id: A, ...times(), is_type: 2, evaluation_type: 2 }, "zhanglaoshi", 400, "请选择精准听评课的视频");
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 2, my_video_id: 999999, evaluation_type: 2 },
      "zhanglaoshi",
      400,
      "视频 999999 不存在",
    );
    await k.refused(
      P.listenSave,
      { name: "x", community_id: D, ...times(), is_type: 3, evaluation_type: 2, participation_account_ids: [k.id.zhaolaoshi] },
      "zhanglaoshi",
      400,
      /评课人/,
    );
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 3, evaluation_type: 2, teacher_account_id: k.id.lilaoshi, participation_account_ids: [k.id.lilaoshi] },
      "zhanglaoshi",
      400,
      "授课教师不能同时是评课人",
    );
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 3, evaluation_type: 2, wps_file_version_id: 5 },
      "zhanglaoshi",
      400,
      "请先选择集体备课再选择教案版本",
    );
  });

  it("refuses a community the caller is not in, a device he may not watch, a video not his, a preparation he may not view", async () => {
    await k.refused(P.listenSave, { name: "x", community_id: D, ...times(), is_type: 3, evaluation_type: 2 }, "zhaolaoshi", 403, "请先加入社区后再发起听评课");
    await k.refused(
      P.listenSave,
      { name: "x", community_id: 0, ...times(), is_type: 1, equiment_id: device, evaluation_type: 2 },
      "zhaolaoshi",
      403,
      "无权观看该教室设备的直播",
    );
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 2, my_video_id: zhangVideo, evaluation_type: 2 },
      "lilaoshi",
      403,
      "只能选择您自己的视频或您管理的学校的视频",
    );
    const hidden = await insertPreparation(k.db, { theme: "张的个人备课", author: k.id.zhanglaoshi!, community_id: A, school_id: school, open_model: 3 });
    await k.refused(
      P.listenSave,
      { name: "x", community_id: A, ...times(), is_type: 3, evaluation_type: 2, preparation_id: hidden },
      "lilaoshi",
      403,
      "无权关联该集体备课",
    );
    await k.refused(P.listenRead, {}, "zhanglaoshi", 400, /听评课id不能为空/);
    await k.refused(P.listenRead, { id: 99999999 }, "zhanglaoshi", 404, "听评课不存在或已删除");
  });

  it("creates 远程 (live addresses) and 精准 (signed playback) records; links a preparation", async () => {
    const remote = await create("zhanglaoshi", { name: "远程听评课", is_type: 1, equiment_id: device, evaluation_type: 2 });
    expect(remote).toMatchObject({ is_type: 1, equiment_id: device, equiment_name: "七年级1班 YK-LSTN0001" });
    // Signed live addresses: a member may watch even when the device's school is outside his scope.
    expect(remote.play_url).toMatch(new RegExp(`^/live/${device}/teacher/index\\.m3u8\\?exp=\\d+&sig=`));
    expect(remote.live_urls.map((u) => u.camera)).toEqual(["teacher", "student"]);
    expect(remote.live_urls.every((u) => /[?&]sig=/.test(u.hls_url) && /[?&]sig=/.test(u.flv_url))).toBe(true);
    const unsigned = await fetch(`${k.s.url}/live/${device}/teacher/index.m3u8`);
    const signed = await fetch(`${k.s.url}${remote.play_url}`);
    expect(unsigned.status).toBe(403);
    expect(signed.status).not.toBe(403);
    const prep = await insertPreparation(k.db, { theme: "《背影》集体备课", author: k.id.zhanglaoshi!, community_id: A, school_id: school });
    const precise = await create("zhanglaoshi", { name: "精准听评课", is_type: 2, my_video_id: zhangVideo, preparation_id: prep, evaluation_type: 2 });
    expect(precise).toMatchObject({
      is_type: 2,
      my_video_id: zhangVideo,
      my_video_ids: [zhangVideo],
      preparation_id: prep,
      preparation_name: "《背影》集体备课",
    });
    expect(precise.play_url).toMatch(new RegExp(`^/files/${zhangVideoFile}\\?exp=\\d+&sig=`));
    // An anonymous reader of the open record gets the signed address too.
    const g = await anon<ListenDetail>(P.listenRead, { id: precise.id });
    expect(g.data.play_url).toMatch(/sig=/);
  });

  it("a record in a district community by a non-manager waits for verification; a manager verifies (c284)", async () => {
    const r = await create("zhanglaoshi", { community_id: D, evaluation_type: 2 });
    expect(r.verify_status).toBe(0);
    const listed = await anon<Page<ListenRow>>(P.listenList, { community_id: D });
    expect(listed.data.list.map((x) => x.id)).not.toContain(r.id);
    await k.refused(P.listenRecordVerify, { id: r.id, verify_status: 1 }, "zhanglaoshi", 403, "只有管理员可以审核听评课");
    await k.refused(P.listenRecordVerify, { id: r.id, verify_status: 2 }, "wanglaoshi", 400, "请填写不通过的原因");
    await k.refused(P.listenRecordVerify, { id: r.id, verify_status: 3 }, "wanglaoshi", 400);
    const rejected = await k.ok<ListenDetail>(P.listenRecordVerify, { id: r.id, verify_status: 2, reason: "请补充教学设计" }, "wanglaoshi");
    expect(rejected).toMatchObject({ verify_status: 2, verify_status_name: "未通过", verify_reason: "请补充教学设计" });
    // Changed after a rejection: it waits again.
    const changed = await k.ok<ListenDetail>(P.listenUpdate, { id: r.id, introduction: "已补充" }, "zhanglaoshi");
    expect(changed.verify_status).toBe(0);
    const ok = await k.ok<ListenDetail>(P.listenRecordVerify, { id: r.id, verify_status: 1 }, "wanglaoshi");
    expect(ok.verify_status).toBe(1);
    expect((await anon<Page<ListenRow>>(P.listenList, { community_id: D })).data.list.map((x) => x.id)).toContain(r.id);
  });
});

describe("visibility: list (c264) = read (c265), in SQL and in JS", () => {
  it("each user's list holds exactly the records he may read", async () => {
    const base = { organiser: k.id.zhanglaoshi!, community_id: A, school_id: school };
    const ids = [
      await insertListen(k.db, { ...base, name: "V 公开", open_model: 1 }),
      await insertListen(k.db, { ...base, name: "V 社区内", open_model: 2 }),
      await insertListen(k.db, { ...base, name: "V 仅参与人", open_model: 3, evaluators: [k.id.wanglaoshi!] }),
      await insertListen(k.db, { ...base, name: "V 隐藏", open_model: 1, is_display: 0 }),
      await insertListen(k.db, { ...base, name: "V 待审", open_model: 1, verify_status: 0 }),
      await insertListen(k.db, { organiser: k.id.lilaoshi!, school_id: school, name: "V 本校无社区", open_model: 2 }),
      await insertListen(k.db, { organiser: k.id.zhaolaoshi!, school_id: k.who.zhaolaoshi!.school_id, name: "V 二中", open_model: 2 }),
    ];
    const expected: Record<string, string[]> = {
      guest: ["V 公开"],
      zhaolaoshi: ["V 公开", "V 社区内", "V 二中"],
      lilaoshi: ["V 公开", "V 社区内", "V 本校无社区"],
      wanglaoshi: ["V 公开", "V 社区内", "V 仅参与人", "V 本校无社区"],
      zhanglaoshi: ["V 公开", "V 社区内", "V 仅参与人", "V 隐藏", "V 待审", "V 本校无社区"],
      xiaoji: ["V 公开", "V 社区内", "V 仅参与人", "V 隐藏", "V 待审", "V 本校无社区"],
      pingtai: ["V 公开", "V 社区内", "V 仅参与人", "V 隐藏", "V 待审", "V 本校无社区", "V 二中"],
    };
    for (const [user, names] of Object.entries(expected)) {
      const page =
        user === "guest"
          ? (await anon<Page<ListenRow>>(P.listenList, { name: "V ", limit: 100 })).data
          : await k.ok<Page<ListenRow>>(P.listenList, { name: "V ", limit: 100 }, user);
      expect(page.list.map((r) => r.name).sort(), user).toEqual([...names].sort());
      for (const id of ids) {
        const r = user === "guest" ? await anon<ListenDetail>(P.listenRead, { id }) : await k.call<ListenDetail>(P.listenRead, { id }, user);
        const listed = page.list.some((x) => x.id === id);
        expect(r.code === 200, `${user} reads ${id}`).toBe(listed);
        if (!listed) expect(r.msg).toBe("无权查看该听评课");
      }
    }
  });

  it("filters: type, subject, teacher, phase; webListenList (c287) is the community's visible ones", async () => {
    const t = await insertListen(k.db, {
      organiser: k.id.zhanglaoshi!,
      teacher: k.id.lilaoshi!,
      community_id: A,
      school_id: school,
      name: "F 远程",
      is_type: 1,
      open_model: 1,
      subject_id: 777,
    });
    const up = await insertListen(k.db, {
      organiser: k.id.zhanglaoshi!,
      community_id: A,
      school_id: school,
      name: "F 未开始",
      open_model: 1,
      start_time: new Date(Date.now() + 5 * HOUR),
      end_time: new Date(Date.now() + 6 * HOUR),
    });
    const ids = (p: Page<ListenRow>) => p.list.map((r) => r.id);
    expect(ids(await k.ok<Page<ListenRow>>(P.listenList, { name: "F ", is_type: 1 }, "lilaoshi"))).toEqual([t]);
    expect(ids(await k.ok<Page<ListenRow>>(P.listenList, { name: "F ", subject_id: 777 }, "lilaoshi"))).toEqual([t]);
    expect(ids(await k.ok<Page<ListenRow>>(P.listenList, { name: "F ", teacher_account_id: k.id.lilaoshi }, "lilaoshi"))).toEqual([t]);
    expect(ids(await k.ok<Page<ListenRow>>(P.listenList, { name: "F ", phase: "upcoming" }, "lilaoshi"))).toEqual([up]);
    await k.refused(P.listenList, { phase: "later" }, "lilaoshi", 400, /只能是 upcoming/);
    const web = await anon<Page<ListenRow>>(P.listenWebListenList, { community_id: A, name: "F ", limit: 50 });
    expect(web.data.list.map((r) => r.id).sort()).toEqual([t, up].sort());
    const [{ n }] = (await k.db
      .select({ n: count() })
      .from(listenEvaluate)
      .where(
        and(eq(listenEvaluate.community_id, A), eq(listenEvaluate.open_model, 1), eq(listenEvaluate.is_display, 1), eq(listenEvaluate.verify_status, 1)),
      )) as [{ n: number }];
    expect((await anon<Page<ListenRow>>(P.listenWebListenList, { community_id: A, limit: 100 })).data.total).toBe(Number(n));
    expect((await anon(P.listenWebListenList, {})).code).toBe(400);
  });

  it("userRecordList (c271): organised, teaching, evaluating", async () => {
    const o = await insertListen(k.db, {
      organiser: k.id.wanglaoshi!,
      teacher: k.id.lilaoshi!,
      evaluators: [k.id.zhaolaoshi!],
      community_id: A,
      school_id: school,
      name: "U 王组织",
    });
    const ids = async (user: string, role?: number) =>
      (await k.ok<Page<ListenRow>>(P.listenUserRecordList, { name: "U ", ...(role ? { role } : {}) }, user)).list.map((r) => r.id);
    expect(await ids("wanglaoshi", 1)).toEqual([o]);
    expect(await ids("wanglaoshi", 2)).toEqual([]);
    expect(await ids("lilaoshi", 2)).toEqual([o]);
    expect(await ids("zhaolaoshi", 3)).toEqual([o]);
    expect(await ids("zhaolaoshi")).toEqual([o]);
    expect(await ids("zhanglaoshi")).toEqual([]);
    await k.refused(P.listenUserRecordList, { role: 4 }, "zhaolaoshi", 400, /只能是 1（组织者）/);
    expect((await anon(P.listenUserRecordList, {})).code).not.toBe(200);
  });
});

describe("update (c267), display (c282), recommend (c283), recommendSource (c275)", () => {
  it("changes only the fields sent; evaluators replaced; managers or the organiser only", async () => {
    const r = await create("wanglaoshi", { participation_account_ids: [k.id.lilaoshi] });
    await k.refused(P.listenUpdate, { id: r.id, name: "改" }, "lilaoshi", 403, "只有组织者或管理员可以进行此操作");
    await k.refused(P.listenUpdate, { id: r.id, name: "" }, "wanglaoshi", 400, /请输入听评课名称/);
    const u = await k.ok<ListenDetail>(P.listenUpdate, { id: r.id, name: "改名后的听评课", participation_account_ids: [k.id.zhaolaoshi] }, "wanglaoshi");
    expect(u).toMatchObject({ name: "改名后的听评课", open_model: 1, indicator_id: scheme });
    expect(u.participation_account_ids).toEqual([k.id.zhaolaoshi]);
    // The community owner (a manager) changes it too.
    const z = await k.ok<ListenDetail>(P.listenUpdate, { id: r.id, open_model: 3 }, "zhanglaoshi");
    expect(z).toMatchObject({ name: "改名后的听评课", open_model: 3 });
    // Once evaluated, the scheme stays.
    await k.db.insert(listenEvaluation).values({ record_id: r.id, account_id: k.id.zhaolaoshi!, status: 0 });
    await k.refused(P.listenUpdate, { id: r.id, evaluation_type: 2 }, "wanglaoshi", 409, "已有评课人评价，不能再更换评价方式或评价量表");
  });

  it("display hides it from the public; recommend needs a manager; recommendSource lists recommended open ones", async () => {
    const r = await create("wanglaoshi", { name: "推荐候选", evaluation_type: 2 });
    await k.refused(P.listenIsDisplay, { id: r.id, is_display: 0 }, "lilaoshi", 403, "只有组织者或管理员可以进行此操作");
    await k.refused(P.listenIsDisplay, { id: r.id, is_display: 2 }, "wanglaoshi", 400, /只能是 0 或 1/);
    expect((await k.ok<ListenDetail>(P.listenIsDisplay, { id: r.id, is_display: 0 }, "wanglaoshi")).is_display).toBe(0);
    expect((await anon<Page<ListenRow>>(P.listenList, { name: "推荐候选" })).data.total).toBe(0);
    const [act] = await k.db
      .select()
      .from(activity)
      .where(and(eq(activity.type, "listen"), eq(activity.ref_id, r.id)));
    expect(act!.is_display).toBe(0);
    await k.ok(P.listenIsDisplay, { id: r.id, is_display: 1 }, "wanglaoshi");
    await k.refused(P.listenIsRecommend, { id: r.id, is_recommend: 1 }, "wanglaoshi", 403, "只有管理员可以推荐听评课");
    expect((await k.ok<ListenDetail>(P.listenIsRecommend, { id: r.id, is_recommend: 1 }, "zhanglaoshi")).is_recommend).toBe(1);
    const rec = await anon<Page<ListenRow>>(P.listenRecommendSource, { limit: 100 });
    expect(rec.data.list.map((x) => x.id)).toContain(r.id);
    expect(rec.data.list.every((x) => x.is_recommend === 1)).toBe(true);
    await k.refused(P.listenIsRecommend, { id: 99999999, is_recommend: 1 }, "zhanglaoshi", 404, "听评课不存在或已删除");
  });
});

describe("delete (c270)", () => {
  it("removes the record and everything it owns; the organiser or a manager only", async () => {
    const r = await create("wanglaoshi", { participation_account_ids: [k.id.lilaoshi] });
    const [ev] = await k.db
      .insert(listenEvaluation)
      .values({ record_id: r.id, account_id: k.id.lilaoshi!, status: 1, total_score: 80 })
      .returning({ id: listenEvaluation.id });
    const item = r.scheme!.children[0]!.children[0]!.id;
    await k.db.insert(listenScore).values({ evaluation_id: ev!.id, indicator_id: item, score: 8 });
    const f = await upload("lilaoshi", "评课表.docx");
    await k.db.insert(listenFile).values({ record_id: r.id, file_id: f, file_path: `/files/${f}`, file_name: "评课表.docx", account_id: k.id.lilaoshi! });
    await k.db.insert(listenVoice).values({ record_id: r.id, account_id: k.id.lilaoshi!, file_id: f, file_path: `/files/${f}` });
    await k.db.insert(discussComment).values({ target_type: "listen", ref_id: r.id, community_id: A, content: "好课", account_id: k.id.lilaoshi! });
    await k.refused(P.listenDelete, { id: r.id }, "lilaoshi", 403, "只有组织者或管理员可以进行此操作");
    await k.refused(P.listenDelete, {}, "wanglaoshi", 400, /听评课id不能为空/);
    expect(await k.ok(P.listenDelete, { id: r.id }, "wanglaoshi")).toEqual({ id: r.id });
    const left = async (t: typeof listenMember | typeof listenEvaluation | typeof listenFile | typeof listenVoice) =>
      Number((await k.db.select({ n: count() }).from(t).where(eq(t.record_id, r.id)))[0]!.n);
    expect([await left(listenMember), await left(listenEvaluation), await left(listenFile), await left(listenVoice)]).toEqual([0, 0, 0, 0]);
    expect(await k.db.select().from(listenScore).where(eq(listenScore.evaluation_id, ev!.id))).toEqual([]);
    expect(
      await k.db
        .select()
        .from(discussComment)
        .where(and(eq(discussComment.target_type, "listen"), eq(discussComment.ref_id, r.id))),
    ).toEqual([]);
    expect(
      await k.db
        .select()
        .from(activity)
        .where(and(eq(activity.type, "listen"), eq(activity.ref_id, r.id))),
    ).toEqual([]);
    await k.refused(P.listenRead, { id: r.id }, "wanglaoshi", 404, "听评课不存在或已删除");
    await k.refused(P.listenDelete, { id: r.id }, "wanglaoshi", 404, "听评课不存在或已删除");
  });
});
