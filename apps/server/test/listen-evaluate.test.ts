/**
 * Listen-evaluate records, the work on one (#9; docs/api/listen.md): evaluations and their weighted totals
 * (c268/c269), per-evaluator scores (c292), the teacher's aggregate with the spread between evaluators (c289) — the
 * expected numbers computed here from the rows —, files (c272/c273/c276/c285), voices (c277–c279), the discussion
 * (c280/c288/c293), listen targets (c274), statistics (c281, c286) and the record's events (c290).
 */
import {
  CALLS,
  type DiscussMessage,
  type DiscussPage,
  type ListenDetail,
  type ListenDynamicItem,
  type ListenEvaluationRow,
  type ListenEvaluationScoreAnswer,
  type ListenFileRow,
  type ListenStatistics,
  type ListenTargetOption,
  type ListenTeacherScoreAnswer,
  type ListenVoiceRow,
  type ListenWebCommunityInfo,
  type Page,
} from "@yanke/protocol";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFile } from "../src/modules/file/file.schema.js";
import { lectureIndicator, listenEvaluate, listenEvaluation, listenFile, listenScore, listenTarget } from "../src/modules/listen/listen.schema.js";
import { HOUR, type Kit, insertCommunity, startKit } from "./activity-kit.js";
import { insertListen, insertScheme } from "./listen-kit.js";

let k: Kit;
/** A: school level (zhang owner; li, wang, zhao members). B: school level (wang owner, nobody else). */
let A = 0;
let B = 0;
let school = 0;
let scheme = 0;
/** The record evaluated: organiser zhang, teacher li, evaluators wang and zhao, open. */
let R = 0;
let items: { id: number; pid: number; name: string; weight: number; min: number; max: number }[] = [];
let dims: { id: number; weight: number }[] = [];

const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);

async function upload(user: string, name: string, extra: Partial<typeof storedFile.$inferInsert> = {}): Promise<number> {
  const ext = name.split(".").pop()!;
  const [row] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/listen-ev/${Math.random()}/${name}`,
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
const mp3 = (user: string) => upload(user, "语音.mp3", { kind: "audio", mime: "audio/mpeg", module: "audio", duration: 7.6 });

/** The total as docs/decisions/0902 defines it, from the scheme rows and the scores. */
function expectedTotal(scores: Map<number, number>): number {
  const dimSum = dims.reduce((s, d) => s + d.weight, 0);
  let t = 0;
  for (const d of dims) {
    const its = items.filter((i) => i.pid === d.id);
    const w = its.reduce((s, i) => s + i.weight, 0);
    t += (d.weight / dimSum) * its.reduce((s, i) => s + (i.weight / w) * (((scores.get(i.id) ?? 0) - i.min) / (i.max - i.min)), 0);
  }
  return Math.round(t * 10000) / 100;
}
const r2 = (v: number) => Math.round(v * 100) / 100;
function spreadOf(v: number[]) {
  const mean = v.reduce((s, x) => s + x, 0) / v.length;
  const sd = Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / v.length);
  return { count: v.length, mean: r2(mean), min: r2(Math.min(...v)), max: r2(Math.max(...v)), stddev: r2(sd) };
}

beforeAll(async () => {
  k = await startKit();
  school = k.who.xiaoji!.school_id;
  A = await insertCommunity(k.db, {
    name: "评课测试社区",
    owner: k.id.zhanglaoshi!,
    members: [k.id.lilaoshi!, k.id.wanglaoshi!, k.id.zhaolaoshi!],
    school_id: school,
  });
  B = await insertCommunity(k.db, { name: "评课测试王的社区", owner: k.id.wanglaoshi!, school_id: school });
  scheme = await insertScheme(k.db, "评课测试量表");
  const rows = await k.db.select().from(lectureIndicator).where(eq(lectureIndicator.root_id, scheme));
  dims = rows.filter((r) => r.level === 2).map((r) => ({ id: r.id, weight: Number(r.weight) }));
  items = rows
    .filter((r) => r.level === 3)
    .sort((a, b) => a.pid - b.pid || a.sort - b.sort)
    .map((r) => ({ id: r.id, pid: r.pid, name: r.name, weight: Number(r.weight), min: Number(r.min_score), max: Number(r.max_score) }));
  R = await insertListen(k.db, {
    name: "评课记录",
    organiser: k.id.zhanglaoshi!,
    teacher: k.id.lilaoshi!,
    evaluators: [k.id.wanglaoshi!, k.id.zhaolaoshi!],
    community_id: A,
    school_id: school,
    open_model: 1,
    indicator_id: scheme,
    subject_id: 5,
  });
});

afterAll(async () => {
  await k?.s.close();
});

describe("evaluations (c268, c269), scores (c292), the teacher's aggregate (c289)", () => {
  it("refuses the teacher, outsiders, bad scores and incomplete submissions", async () => {
    const s = (vals: number[]) => items.map((i, n) => ({ indicator_id: i.id, score: vals[n] }));
    await k.refused(P.listenRecordSave, { record_id: R, scores: s([8, 8, 4]) }, "lilaoshi", 403, "只有评课人可以评价");
    await k.refused(P.listenRecordSave, { record_id: R, scores: s([8, 8, 4]) }, "quji", 403, "只有评课人可以评价");
    await k.refused(P.listenRecordSave, { scores: s([8, 8, 4]) }, "wanglaoshi", 400, /听评课id不能为空/);
    await k.refused(P.listenRecordSave, { record_id: 99999999, scores: [] }, "wanglaoshi", 404, "听评课不存在或已删除");
    await k.refused(P.listenRecordSave, { record_id: R, scores: s([11, 8, 4]) }, "wanglaoshi", 400, "评分项「目标明确」的分数应在 0–10 之间");
    await k.refused(P.listenRecordSave, { record_id: R, scores: s([8, 8, 6]) }, "wanglaoshi", 400, "评分项「环节紧凑」的分数应在 0–5 之间");
    await k.refused(
      P.listenRecordSave,
      { record_id: R, scores: [{ indicator_id: scheme, score: 1 }] },
      "wanglaoshi",
      400,
      `评分项 ${scheme} 不属于该听评课的评价量表`,
    );
    await k.refused(
      P.listenRecordSave,
      { record_id: R, scores: [{ indicator_id: items[0]!.id, score: 5 }] },
      "wanglaoshi",
      400,
      /请为所有评分项打分，还有 2 项未评/,
    );
    await k.refused(P.listenRecordSave, { record_id: R, scores: [{ indicator_id: items[0]!.id, score: "abc" }] }, "wanglaoshi", 400, /分数.*数字/);
  });

  it("weights the total; drafts, submission, one per evaluator, no going back; the aggregate and the spread match the rows", async () => {
    const s = (vals: number[]) => items.map((i, n) => ({ indicator_id: i.id, score: vals[n], comment: n === 0 ? "目标清楚" : "" }));
    const wang = await k.ok<ListenEvaluationRow>(P.listenRecordSave, { record_id: R, scores: s([8, 6, 4]), comment: "整体流畅" }, "wanglaoshi");
    expect(wang).toMatchObject({ status: 1, status_name: "已提交", comment: "整体流畅", account_name: "王老师" });
    expect(wang.total_score).toBe(expectedTotal(new Map(items.map((i, n) => [i.id, [8, 6, 4][n]!]))));
    expect(wang.total_score).toBe(74); // 100 × (0.6 × (0.5×0.8 + 0.5×0.6) + 0.4 × 0.8)
    await k.refused(P.listenRecordSave, { record_id: R, scores: s([8, 6, 4]) }, "wanglaoshi", 409, "您已评价过该听评课，请修改评价");
    await k.refused(P.listenRecordUpdate, { record_id: R, status: 0 }, "wanglaoshi", 400, "已提交的评价不能改回草稿");

    // zhao: a partial draft, then the rest and submit.
    const draft = await k.ok<ListenEvaluationRow>(
      P.listenRecordSave,
      { record_id: R, scores: [{ indicator_id: items[0]!.id, score: 10 }], status: 0 },
      "zhaolaoshi",
    );
    expect(draft).toMatchObject({ status: 0, total_score: expectedTotal(new Map([[items[0]!.id, 10]])) });
    await k.refused(P.listenRecordUpdate, { record_id: R, status: 1 }, "zhaolaoshi", 400, /请为所有评分项打分/);
    await k.refused(P.listenRecordUpdate, { record_id: R, comment: "x" }, "zhanglaoshi", 404, "您还没有评价该听评课，请先评价");
    const zhao = await k.ok<ListenEvaluationRow>(P.listenRecordUpdate, { record_id: R, scores: s([10, 9, 5]), status: 1 }, "zhaolaoshi");
    expect(zhao.total_score).toBe(expectedTotal(new Map(items.map((i, n) => [i.id, [10, 9, 5][n]!]))));
    expect(zhao.scores.map((x) => x.score)).toEqual([10, 9, 5]);
    // The organiser evaluates too.
    await k.ok(P.listenRecordSave, { record_id: R, scores: s([5, 5, 2]), comment: "还可以" }, "zhanglaoshi");
    // wang changes his while the record runs.
    const changed = await k.ok<ListenEvaluationRow>(P.listenRecordUpdate, { record_id: R, scores: s([9, 7, 4]) }, "wanglaoshi");
    expect(changed).toMatchObject({ status: 1, comment: "整体流畅" });

    // getEvaluationScore (c292): anonymous readers of the open record see every submitted one.
    const g = await anon<ListenEvaluationScoreAnswer>(P.listenGetEvaluationScore, { record_id: R });
    expect(g.code).toBe(200);
    expect(g.data.list.map((e) => e.account_id).sort()).toEqual([k.id.wanglaoshi, k.id.zhaolaoshi, k.id.zhanglaoshi].sort());
    expect(g.data.scheme?.children.length).toBe(2);

    // courseTeacherScore (c289) against the rows.
    const evs = await k.db
      .select()
      .from(listenEvaluation)
      .where(and(eq(listenEvaluation.record_id, R), eq(listenEvaluation.status, 1)));
    const sc = await k.db
      .select()
      .from(listenScore)
      .where(
        inArray(
          listenScore.evaluation_id,
          evs.map((e) => e.id),
        ),
      );
    const agg = await k.ok<ListenTeacherScoreAnswer>(P.listenCourseTeacherScore, { record_id: R }, "lilaoshi");
    expect(agg).toMatchObject({ teacher_account_id: k.id.lilaoshi, teacher_name: "李老师" });
    expect(agg.total).toEqual(spreadOf(evs.map((e) => Number(e.total_score))));
    expect(agg.total.count).toBe(3);
    for (const it of items) {
      const got = agg.items.find((x) => x.indicator_id === it.id)!;
      expect(got.score, it.name).toEqual(spreadOf(sc.filter((x) => x.indicator_id === it.id).map((x) => Number(x.score))));
    }
    for (const d of dims) {
      const perEval = evs.map((e) => {
        const its = items.filter((i) => i.pid === d.id);
        const w = its.reduce((s2, i) => s2 + i.weight, 0);
        return r2(
          100 *
            its.reduce(
              (s2, i) => s2 + (i.weight / w) * ((Number(sc.find((x) => x.evaluation_id === e.id && x.indicator_id === i.id)!.score) - i.min) / (i.max - i.min)),
              0,
            ),
        );
      });
      expect(agg.dimensions.find((x) => x.indicator_id === d.id)!.score).toEqual(spreadOf(perEval));
    }
    // The detail carries the caller's own evaluation and the members' states.
    const detail = await k.ok<ListenDetail>(P.listenRead, { id: R }, "wanglaoshi");
    expect(detail.my_evaluation?.total_score).toBe(changed.total_score);
    expect(detail.evaluation_count).toBe(3);
    expect(detail.average_score).toBe(agg.total.mean);
    expect(detail.members.find((m) => m.account_id === k.id.wanglaoshi)?.evaluation_status).toBe(1);

    // After the record ends a submitted evaluation is locked.
    await k.db
      .update(listenEvaluate)
      .set({ end_time: new Date(Date.now() - HOUR) })
      .where(eq(listenEvaluate.id, R));
    await k.refused(P.listenRecordUpdate, { record_id: R, comment: "再改" }, "wanglaoshi", 403, "听评课已结束，已提交的评价不能再修改");
    await k.db
      .update(listenEvaluate)
      .set({ end_time: new Date(Date.now() + 24 * HOUR) })
      .where(eq(listenEvaluate.id, R));
  });

  it("自由评议 takes a comment, no scores; a record not started yet is not evaluated", async () => {
    const free = await insertListen(k.db, {
      name: "自由评议",
      organiser: k.id.zhanglaoshi!,
      evaluators: [k.id.wanglaoshi!],
      community_id: A,
      school_id: school,
      evaluation_type: 2,
    });
    await k.refused(
      P.listenRecordSave,
      { record_id: free, scores: [{ indicator_id: items[0]!.id, score: 5 }] },
      "wanglaoshi",
      400,
      "该听评课不按指标评分，请填写总体评价",
    );
    await k.refused(P.listenRecordSave, { record_id: free }, "wanglaoshi", 400, "请填写总体评价");
    const e = await k.ok<ListenEvaluationRow>(P.listenRecordSave, { record_id: free, comment: "课堂气氛活跃" }, "wanglaoshi");
    expect(e).toMatchObject({ total_score: 0, status: 1, scores: [] });
    const later = await insertListen(k.db, {
      name: "未开始",
      organiser: k.id.zhanglaoshi!,
      evaluators: [k.id.wanglaoshi!],
      community_id: A,
      school_id: school,
      indicator_id: scheme,
      start_time: new Date(Date.now() + 2 * HOUR),
    });
    await k.refused(P.listenRecordSave, { record_id: later, comment: "x" }, "wanglaoshi", 400, "听评课尚未开始，暂不能评价");
  });
});

describe("files (c272, c273, c276, c285)", () => {
  it("members attach their uploads; readers list them signed; uploader or manager deletes; the record's files are the managers'", async () => {
    const wf = await upload("wanglaoshi", "王的评课表.docx");
    await k.refused(P.listenEvaluateFile, { record_id: R, fileArr: [{ file_id: wf }] }, "lilaoshi", 400, /不是您上传的/);
    await k.refused(P.listenEvaluateFile, { record_id: R, fileArr: [] }, "wanglaoshi", 400, /请上传文件/);
    const out = await k.ok<ListenFileRow[]>(P.listenEvaluateFile, { record_id: R, fileArr: [{ file_id: wf }] }, "wanglaoshi");
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ file_name: "王的评课表.docx", type: 1, type_name: "评课材料", account_name: "王老师", can_delete: true });
    await k.refused(P.listenEvaluateFile, { record_id: R, fileArr: [{ file_id: wf }] }, "wanglaoshi", 409, "这些文件已上传过");
    const outsider = await insertListen(k.db, { name: "非参与", organiser: k.id.wanglaoshi!, community_id: B, school_id: school, open_model: 1 });
    await k.refused(
      P.listenEvaluateFile,
      { record_id: outsider, fileArr: [{ file_id: await upload("zhaolaoshi", "赵.docx") }] },
      "zhaolaoshi",
      403,
      "只有听评课参与人可以上传评课材料",
    );

    const list = await anon<Page<ListenFileRow>>(P.listenEvaluateFileList, { record_id: R });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]!.file_path).toMatch(new RegExp(`^/files/${wf}\\?exp=\\d+&sig=`));
    expect(list.data.list[0]!.can_delete).toBe(false);
    await k.refused(P.listenDeleteEvaluateFile, { id: out[0]!.id }, "zhaolaoshi", 403, "只有上传者、组织者或管理员可以删除评课材料");
    await k.refused(P.listenDeleteRecordFile, { id: out[0]!.id }, "zhanglaoshi", 404, "课堂资料不存在或已删除");
    expect(await k.ok(P.listenDeleteEvaluateFile, { id: out[0]!.id }, "wanglaoshi")).toEqual({ id: out[0]!.id });
    await k.refused(P.listenDeleteEvaluateFile, { id: out[0]!.id }, "wanglaoshi", 404, "评课材料不存在或已删除");

    // The record's own files (课堂资料, type 2) through update's fileArr; deleteRecordFile by the organiser or a manager.
    const zf = await upload("zhanglaoshi", "教学设计.docx");
    const d = await k.ok<ListenDetail>(P.listenUpdate, { id: R, fileArr: [{ file_id: zf }] }, "zhanglaoshi");
    expect(d.fileArr.map((f) => [f.file_name, f.type])).toEqual([["教学设计.docx", 2]]);
    const fid = d.fileArr[0]!.id;
    expect((await k.ok<Page<ListenFileRow>>(P.listenEvaluateFileList, { record_id: R, type: 2 }, "lilaoshi")).list.map((f) => f.id)).toEqual([fid]);
    await k.refused(P.listenDeleteRecordFile, { id: fid }, "wanglaoshi", 403, "只有组织者或管理员可以删除课堂资料");
    expect(await k.ok(P.listenDeleteRecordFile, { id: fid }, "zhanglaoshi")).toEqual({ id: fid });
    expect(await k.db.select().from(listenFile).where(eq(listenFile.id, fid))).toEqual([]);
  });
});

describe("voices (c277, c278, c279)", () => {
  it("an mp3 the caller recorded, at a video time; listed signed; only the author deletes", async () => {
    await k.refused(
      P.listenAddEvaluateVoice,
      { record_id: R, file_id: await upload("wanglaoshi", "讲稿.docx") },
      "wanglaoshi",
      400,
      "语音只能是录制的 mp3 音频",
    );
    await k.refused(P.listenAddEvaluateVoice, { record_id: R, file_id: await mp3("zhanglaoshi") }, "wanglaoshi", 400, /不是您上传的/);
    await k.refused(P.listenAddEvaluateVoice, { record_id: R }, "wanglaoshi", 400, /请先录制语音/);
    await k.refused(P.listenAddEvaluateVoice, { record_id: R, file_id: await mp3("wanglaoshi"), video_time: -3 }, "wanglaoshi", 400, /不能为负数/);
    const pub = await insertListen(k.db, { name: "王的公开课", organiser: k.id.wanglaoshi!, community_id: B, school_id: school, open_model: 1 });
    await k.refused(P.listenAddEvaluateVoice, { record_id: pub, file_id: await mp3("zhaolaoshi") }, "zhaolaoshi", 403, "请先加入空间后评论！");
    const f = await mp3("wanglaoshi");
    const v = await k.ok<ListenVoiceRow>(P.listenAddEvaluateVoice, { record_id: R, file_path: `/files/${f}`, video_time: 12.5 }, "wanglaoshi");
    expect(v).toMatchObject({ file_id: f, duration: 8, video_time: 12.5, account_name: "王老师", can_delete: true });
    const list = await anon<Page<ListenVoiceRow>>(P.listenEvaluateVoiceList, { record_id: R });
    expect(list.data.list.map((x) => x.id)).toEqual([v.id]);
    expect(list.data.list[0]!.file_path).toMatch(/sig=/);
    await k.refused(P.listenDeleteEvaluateVoice, { id: v.id }, "zhanglaoshi", 403, "只有语音的作者可以删除该语音");
    expect(await k.ok(P.listenDeleteEvaluateVoice, { id: v.id }, "wanglaoshi")).toEqual({ id: v.id });
    await k.refused(P.listenDeleteEvaluateVoice, { id: v.id }, "wanglaoshi", 404, "语音不存在或已删除");
    await k.ok(P.listenAddEvaluateVoice, { record_id: R, file_id: await mp3("zhaolaoshi") }, "zhaolaoshi");
  });
});

describe("discussion (c280, c288, c293) and listen targets (c274)", () => {
  it("targets: the record's school's and the platform's, in use", async () => {
    const [pl] = await k.db.insert(listenTarget).values({ name: "评测-教学目标", school_id: 0, sort: 1 }).returning({ id: listenTarget.id });
    const [own] = await k.db.insert(listenTarget).values({ name: "评测-课堂提问", school_id: school, sort: 1 }).returning({ id: listenTarget.id });
    await k.db.insert(listenTarget).values({ name: "评测-二中的", school_id: k.who.zhaolaoshi!.school_id });
    await k.db.insert(listenTarget).values({ name: "评测-停用", school_id: 0, status: 0 });
    const got = await anon<ListenTargetOption[]>(P.listenTargetOptions, { record_id: R });
    const names = got.data.map((t) => t.name).filter((n) => n.startsWith("评测-"));
    expect(names.sort()).toEqual(["评测-教学目标", "评测-课堂提问"].sort());
    expect(got.data.map((t) => t.id)).toEqual(expect.arrayContaining([pl!.id, own!.id]));
  });

  it("members post (time-stamped, tagged); the timeline orders by video time; only the author deletes", async () => {
    const [t] = await k.db.select({ id: listenTarget.id }).from(listenTarget).where(eq(listenTarget.name, "评测-课堂提问"));
    const [other] = await k.db.select({ id: listenTarget.id }).from(listenTarget).where(eq(listenTarget.name, "评测-二中的"));
    await k.refused(P.listenClassroomDiscussion, { record_id: R, content: "" }, "wanglaoshi", 400, "请先输入内容");
    await k.refused(P.listenClassroomDiscussion, { record_id: R, content: "x", target_id: other!.id }, "wanglaoshi", 400, "听课目标不存在或已停用");
    const pub = await insertListen(k.db, { name: "王的公开课2", organiser: k.id.wanglaoshi!, community_id: B, school_id: school, open_model: 1 });
    await k.refused(P.listenClassroomDiscussion, { record_id: pub, content: "我来说两句" }, "zhaolaoshi", 403, "请先加入空间后评论！");
    const late = await k.ok<DiscussMessage>(
      P.listenClassroomDiscussion,
      { record_id: R, content: "提问设计好", video_time: 300, target_id: t!.id },
      "wanglaoshi",
    );
    expect(late).toMatchObject({ video_time: 300, target_id: t!.id, content: "提问设计好" });
    const early = await k.ok<DiscussMessage>(P.listenClassroomDiscussion, { record_id: R, content: "导入自然", video_time: 45.5 }, "zhaolaoshi");
    const reply = await k.ok<DiscussMessage>(P.listenClassroomDiscussion, { record_id: R, content: "同意", pid: late.id }, "lilaoshi");
    const newest = await k.ok<DiscussPage>(P.listenClassroomDiscussionList, { record_id: R }, "lilaoshi");
    expect(newest.status).toBe(1);
    expect(newest.list.map((m) => m.id)).toEqual([early.id, late.id]);
    expect(newest.list[1]!.children.map((m) => m.id)).toEqual([reply.id]);
    const timeline = await anon<DiscussPage>(P.listenClassroomDiscussionList, { record_id: R, order: "video_time" });
    expect(timeline.data.status).toBe(2);
    expect(timeline.data.list.map((m) => m.video_time)).toEqual([45.5, 300]);
    const tagged = await anon<DiscussPage>(P.listenClassroomDiscussionList, { record_id: R, target_id: t!.id });
    expect(tagged.data.list.map((m) => m.id)).toEqual([late.id]);
    await k.refused(P.listenDelEvaluateMsg, { id: early.id }, "wanglaoshi", 403);
    expect(await k.ok(P.listenDelEvaluateMsg, { id: early.id }, "zhaolaoshi")).toEqual({ id: early.id });
    expect((await anon<DiscussPage>(P.listenClassroomDiscussionList, { record_id: R })).data.list.map((m) => m.id)).toEqual([late.id]);
    await k.refused(P.listenDelEvaluateMsg, { id: 99999999 }, "zhaolaoshi", 404);
  });
});

describe("dynamic (c290), statistics (c281), webCommunityInfo (c286)", () => {
  it("the record's events newest first", async () => {
    const got = await anon<ListenDynamicItem[]>(P.listenDynamic, { record_id: R, limit: 50 });
    expect(got.code).toBe(200);
    const kinds = new Set(got.data.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["evaluation", "message", "voice"].sort());
    const times = got.data.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(got.data.filter((e) => e.kind === "evaluation")).toHaveLength(3);
    const two = await anon<ListenDynamicItem[]>(P.listenDynamic, { record_id: R, limit: 2 });
    expect(two.data).toEqual(got.data.slice(0, 2));
    expect((await anon(P.listenDynamic, { record_id: R, limit: 0 })).code).toBe(400);
  });

  it("a community's statistics and public summary match counts derived from the rows", async () => {
    const recs = await k.db.select().from(listenEvaluate).where(eq(listenEvaluate.community_id, A));
    const ids = recs.map((r) => r.id);
    const evs = await k.db.select().from(listenEvaluation).where(inArray(listenEvaluation.record_id, ids));
    const submitted = evs.filter((e) => e.status === 1);
    const avg = r2(submitted.reduce((s, e) => s + Number(e.total_score), 0) / submitted.length);
    const st = await k.ok<ListenStatistics>(P.listenEvaluateStatistics, { community_id: A }, "zhanglaoshi");
    expect(st).toMatchObject({ scope: "community", scope_name: "评课测试社区" });
    expect(st.totals).toMatchObject({ count: recs.length, evaluations: evs.length, submitted: submitted.length, average_score: avg, voices: 1 });
    for (const t of st.types) expect(t.count, t.name).toBe(recs.filter((r) => r.is_type === t.is_type).length);
    expect(st.months.reduce((s, m) => s + m.count, 0)).toBe(recs.length);
    expect(st.subjects.find((s) => s.subject_id === 5)).toMatchObject({
      count: 1,
      average_score: r2(
        submitted.filter((e) => e.record_id === R).reduce((s, e) => s + Number(e.total_score), 0) / submitted.filter((e) => e.record_id === R).length,
      ),
    });
    // A teacher's own scope: what he organises, teaches or evaluates.
    const mine = await k.ok<ListenStatistics>(P.listenEvaluateStatistics, {}, "lilaoshi");
    expect(mine.scope).toBe("self");
    expect(mine.totals.count).toBe(recs.filter((r) => r.account_id === k.id.lilaoshi || r.teacher_account_id === k.id.lilaoshi).length);
    await k.refused(P.listenEvaluateStatistics, { community_id: 99999999 }, "lilaoshi", 404);

    const open = recs.filter((r) => r.open_model === 1 && r.is_display === 1 && r.verify_status === 1 && r.status === 1);
    const info = await anon<ListenWebCommunityInfo>(P.listenWebCommunityInfo, { community_id: A });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ community_id: A, community_name: "评课测试社区", count: open.length });
    expect(info.data.evaluations).toBe(evs.filter((e) => e.status === 1 && open.some((r) => r.id === e.record_id)).length);
    expect(info.data.recent.length).toBe(Math.min(5, open.length));
    expect((await anon(P.listenWebCommunityInfo, {})).code).toBe(400);
  });
});
