/**
 * Review activities (评课活动; #11; docs/api/review.md) over the real wire: create / update / delete with scope, phases
 * and their checks, sign-up within scope, works (own video and documents), the reviewer pool, allocation (manual and
 * at random, re-running keeps started scores), scoring (ranges, the weighted total against a hand computation,
 * concurrency), results with tied ranks only in phase 4, and the public reads.
 */
import {
  CALLS,
  type Page,
  type ReviewActivityRow,
  type ReviewAllocateAnswer,
  type ReviewAllocation,
  type ReviewDetail,
  type ReviewMineRow,
  type ReviewResults,
  type ReviewReviewers,
  type ReviewScoreAnswer,
  type ReviewSetPhaseAnswer,
  type ReviewSignupRow,
  type ReviewWorkDetail,
  type ReviewWorkRow,
} from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { storedFile } from "../src/modules/file/file.schema.js";
import { lectureIndicator } from "../src/modules/listen/listen.schema.js";
import { reviewScore, reviewWork } from "../src/modules/review/review.schema.js";
import { video } from "../src/modules/video/video.schema.js";
import { type Kit, startKit } from "./activity-kit.js";
import { insertScheme } from "./listen-kit.js";

let k: Kit;
let scheme = 0;
let items: { id: number; name: string; max: number }[] = [];
let school = 0;
const P = CALLS;
const anon = <T = unknown>(path: string, payload: Record<string, unknown>) => k.s.call<T>(path, payload);
const vid: Record<string, number> = {};
const doc: Record<string, number> = {};

async function myVideo(user: string): Promise<number> {
  const [v] = await k.db
    .insert(video)
    .values({ name: `${user} 的课例`, account_id: k.id[user]!, school_id: k.who[user]!.school_id, source: "upload", file_id: 0, status: "ready" })
    .returning({ id: video.id });
  return v!.id;
}
async function myDoc(user: string): Promise<number> {
  const [f] = await k.db
    .insert(storedFile)
    .values({
      storage_key: `test/review/${Math.random()}/设计.docx`,
      real_file_name: "教学设计.docx",
      file_type: "docx",
      kind: "office",
      mime: "application/octet-stream",
      size: 1234,
      sha256: "x",
      module: "document",
      account_id: k.id[user]!,
    })
    .returning({ id: storedFile.id });
  return f!.id;
}

async function create(user = "xiaoji", extra: Record<string, unknown> = {}): Promise<ReviewActivityRow> {
  return k.ok<ReviewActivityRow>(P.reviewSave, { title: "测试用课堂教学评比", introduce: "说明", indicator_id: scheme, reviewers_per_work: 2, ...extra }, user);
}
const phase = (id: number, to: number, user = "xiaoji") => k.ok<ReviewSetPhaseAnswer>(P.reviewSetPhase, { id, phase: to }, user);
const submitWork = (user: string, activity_id: number, extra: Record<string, unknown> = {}) =>
  k.ok<ReviewWorkRow>(P.reviewWorkSave, { activity_id, title: `${user} 的参评课`, video_id: vid[user], file_ids: [doc[user]], ...extra }, user);
const full = (a: number, b: number, c: number) => ({ [items[0]!.id]: a, [items[1]!.id]: b, [items[2]!.id]: c });

/** An activity in phase 3 with works of zhang, li, wang and a pool of the four teachers. */
async function inReview(extra: Record<string, unknown> = {}): Promise<{ id: number; works: Record<string, number> }> {
  const a = await create("xiaoji", extra);
  await phase(a.id, 1);
  const works: Record<string, number> = {};
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi"]) await k.ok(P.reviewSignup, { id: a.id }, u);
  await phase(a.id, 2);
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi"]) works[u] = (await submitWork(u, a.id)).id;
  await k.ok(P.reviewReviewersSet, { id: a.id, account_ids: ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"].map((u) => k.id[u]) }, "xiaoji");
  await phase(a.id, 3);
  return { id: a.id, works };
}

beforeAll(async () => {
  k = await startKit();
  school = k.who.xiaoji!.school_id;
  scheme = await insertScheme(k.db, "评课活动测试量表");
  const rows = await k.db
    .select()
    .from(lectureIndicator)
    .where(and(eq(lectureIndicator.root_id, scheme), eq(lectureIndicator.level, 3)));
  items = ["目标明确", "重难点突出", "环节紧凑"].map((n) => {
    const r = rows.find((x) => x.name === n)!;
    return { id: r.id, name: n, max: Number(r.max_score) };
  });
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"]) {
    vid[u] = await myVideo(u);
    doc[u] = await myDoc(u);
  }
});

afterAll(async () => {
  await k?.s.close();
});

describe("activities: create, update, delete, lists", () => {
  it("a school administrator creates a draft for his school; Chinese 400s; teachers may not create", async () => {
    const a = await create();
    expect(a).toMatchObject({
      phase: 0,
      phase_name: "草稿",
      school_id: school,
      indicator_id: scheme,
      indicator_name: "评课活动测试量表",
      reviewers_per_work: 2,
      allocate_mode: 2,
    });
    expect(a.scope_name).not.toBe("");
    await k.refused(P.reviewSave, { title: "", indicator_id: scheme }, "xiaoji", 400, /请输入活动名称/);
    await k.refused(P.reviewSave, { title: "x" }, "xiaoji", 400, /评价量表/);
    await k.refused(P.reviewSave, { title: "x", indicator_id: scheme, allocate_mode: 3 }, "xiaoji", 400, /分配方式/);
    await k.refused(P.reviewSave, { title: "x", indicator_id: scheme, signup_start: "明天" }, "xiaoji", 400, /报名开始格式/);
    await k.refused(P.reviewSave, { title: "x", indicator_id: scheme, signup_start: "2026-12-10", signup_end: "2026-12-01" }, "xiaoji", 400, /依次/);
    await k.refused(P.reviewSave, { title: "x", indicator_id: 999999 }, "xiaoji", 400, /评价量表不存在/);
    const other = await insertScheme(k.db, "二中量表", k.who.zhaolaoshi!.school_id);
    await k.refused(P.reviewSave, { title: "x", indicator_id: other }, "xiaoji", 400, /评价量表不存在/);
    await k.refused(P.reviewSave, { title: "x", indicator_id: scheme }, "zhanglaoshi", 403, /仅管理员/);
    await k.refused(P.reviewSave, { title: "x", indicator_id: scheme, school_id: k.who.zhaolaoshi!.school_id }, "xiaoji", 403, /本校/);
    // A district administrator: his region by default, a school outside it refused.
    const d = await create("quji");
    expect(d).toMatchObject({ school_id: 0, region_code: "640104" });
    await k.refused(P.reviewSave, { title: "x", indicator_id: scheme, school_id: k.who.zhaolaoshi!.school_id }, "quji", 403, /不在您的管理范围/);
    // Platform-wide.
    const p = await create("pingtai");
    expect(p).toMatchObject({ school_id: 0, region_code: "", scope_name: "全平台" });
  });

  it("update changes only the sent fields; managers only; scope only in drafts", async () => {
    const a = await create();
    const u = await k.ok<ReviewActivityRow>(P.reviewUpdate, { id: a.id, title: "改名后的展评", reviewers_per_work: 3 }, "xiaoji");
    expect(u).toMatchObject({ title: "改名后的展评", reviewers_per_work: 3, introduce: "说明", indicator_id: scheme });
    // The district over the school manages it too; the platform too; another school's teacher not.
    await k.ok(P.reviewUpdate, { id: a.id, introduce: "区里补充" }, "quji");
    await k.ok(P.reviewUpdate, { id: a.id, signup_end: "2026-12-01 18:00" }, "pingtai");
    await k.refused(P.reviewUpdate, { id: a.id, title: "x" }, "zhanglaoshi", 403, "您不是该活动的组织者，无权操作");
    await k.refused(P.reviewUpdate, { id: 999999, title: "x" }, "xiaoji", 404, "评课活动不存在");
    await k.refused(P.reviewUpdate, { id: a.id, reviewers_per_work: 0 }, "xiaoji", 400, /至少为 1/);
    await phase(a.id, 1);
    await k.refused(P.reviewUpdate, { id: a.id, school_id: 0, region_code: "640104" }, "xiaoji", 400, /不能再修改范围/);
  });

  it("delete: drafts and activities without works; refused with works", async () => {
    const a = await create();
    await k.refused(P.reviewDelete, { id: a.id }, "zhanglaoshi", 403);
    await k.ok(P.reviewDelete, { id: a.id }, "xiaoji");
    await k.refused(P.reviewDelete, { id: a.id }, "xiaoji", 404);
    const { id } = await inReview();
    await k.refused(P.reviewDelete, { id }, "xiaoji", 400, /已有参评作品/);
  });

  it("public list shows phase ≥ 1 only with filters; the managed list includes drafts; drafts are 404 to others", async () => {
    const draft = await create("xiaoji", { title: "草稿活动甲乙丙" });
    const pub = await create("xiaoji", { title: "公开活动甲乙丙" });
    await phase(pub.id, 1);
    const list = await anon<Page<ReviewActivityRow>>(P.webReviewList, { keyword: "甲乙丙" });
    expect(list.code).toBe(200);
    expect(list.data.list.map((x) => x.id)).toEqual([pub.id]);
    expect((await anon<Page<ReviewActivityRow>>(P.webReviewList, { keyword: "甲乙丙", phase: 2 })).data.total).toBe(0);
    expect((await anon<Page<ReviewActivityRow>>(P.webReviewList, { keyword: "甲乙丙", phase: 0 })).data.total).toBe(0);
    expect((await anon(P.webReviewList, { phase: 7 })).code).toBe(400);
    const mine = await k.ok<Page<ReviewActivityRow>>(P.reviewList, { keyword: "甲乙丙" }, "xiaoji");
    expect(mine.list.map((x) => x.id).sort()).toEqual([draft.id, pub.id].sort());
    expect((await k.ok<Page<ReviewActivityRow>>(P.reviewList, { keyword: "甲乙丙" }, "zhaolaoshi")).total).toBe(0);
    expect((await anon(P.reviewList, {})).code).toBe(1025);
    expect((await anon(P.webReviewDetail, { id: draft.id })).code).toBe(404);
    await k.refused(P.webReviewDetail, { id: draft.id }, "zhanglaoshi", 404);
    const d = await k.ok<ReviewDetail>(P.webReviewDetail, { id: draft.id }, "xiaoji");
    expect(d.me.is_manager).toBe(true);
    expect(d.scheme?.children.length).toBe(2);
    const pd = await anon<ReviewDetail>(P.webReviewDetail, { id: pub.id });
    expect(pd.data.me).toMatchObject({ logged_in: false, is_manager: false, signed_up: false });
  });
});

describe("phases, sign-up and works", () => {
  it("setPhase moves one step; to 评审 needs a work; sign-up within scope in phase 1 only", async () => {
    const a = await create();
    await k.refused(P.reviewSetPhase, { id: a.id, phase: 2 }, "xiaoji", 400, /相邻阶段/);
    await k.refused(P.reviewSetPhase, { id: a.id, phase: 0 }, "xiaoji", 400, /已处于/);
    await k.refused(P.reviewSetPhase, { id: a.id, phase: 9 }, "xiaoji", 400, /阶段只能是/);
    await k.refused(P.reviewSetPhase, { id: a.id, phase: 1 }, "lilaoshi", 403);
    await k.refused(P.reviewSetPhase, { id: 999999, phase: 1 }, "xiaoji", 404);
    await k.refused(P.reviewSignup, { id: a.id }, "zhanglaoshi", 404);
    await phase(a.id, 1);
    await k.ok(P.reviewSignup, { id: a.id }, "zhanglaoshi");
    await k.refused(P.reviewSignup, { id: a.id }, "zhanglaoshi", 400, "您已报名该活动");
    await k.refused(P.reviewSignup, { id: a.id }, "zhaolaoshi", 403, /不在报名范围内/);
    await k.refused(P.reviewSignup, { id: a.id }, "xiaoji", 403, /仅教师/);
    expect((await anon(P.reviewSignup, { id: a.id })).code).toBe(1025);
    await k.refused(P.reviewSetPhase, { id: a.id, phase: 0 }, "xiaoji", 400, /已有教师报名/);
    const d = await k.ok<ReviewDetail>(P.webReviewDetail, { id: a.id }, "zhanglaoshi");
    expect(d.me).toMatchObject({ signed_up: true, my_work_id: 0 });
    const z = await k.ok<ReviewDetail>(P.webReviewDetail, { id: a.id }, "zhaolaoshi");
    expect(z.me.eligible).toBe(false);
    expect(z.me.signup_hint).toMatch(/不在报名范围/);
    // Works only in phase 2.
    await k.refused(P.reviewWorkSave, { activity_id: a.id, title: "x", video_id: vid.zhanglaoshi }, "zhanglaoshi", 403, "当前不在作品提交阶段");
    await phase(a.id, 2);
    await k.refused(P.reviewSignup, { id: a.id }, "lilaoshi", 403, "当前不在报名阶段");
    await k.refused(P.reviewSetPhase, { id: a.id, phase: 3 }, "xiaoji", 400, /尚无参评作品/);
    // A work: own video and documents only; one per teacher; signed up first.
    await k.refused(P.reviewWorkSave, { activity_id: a.id, title: "x" }, "zhanglaoshi", 400, /课例视频.*必填/);
    await k.refused(P.reviewWorkSave, { activity_id: a.id, title: "x", video_id: vid.lilaoshi }, "zhanglaoshi", 403, /自己的课例视频/);
    await k.refused(
      P.reviewWorkSave,
      { activity_id: a.id, title: "x", video_id: vid.zhanglaoshi, file_ids: [doc.lilaoshi] },
      "zhanglaoshi",
      403,
      /自己上传的文档/,
    );
    await k.refused(P.reviewWorkSave, { activity_id: a.id, title: "x", video_id: 999999 }, "zhanglaoshi", 404, "视频不存在");
    await k.refused(P.reviewWorkSave, { activity_id: a.id, title: "x", video_id: vid.lilaoshi }, "lilaoshi", 403, "请先报名该活动");
    const w = await submitWork("zhanglaoshi", a.id, { introduce: "简介" });
    expect(w).toMatchObject({ title: "zhanglaoshi 的参评课", video_id: vid.zhanglaoshi, file_count: 1, score: null, rank: null, account_name: "张老师" });
    await k.refused(P.reviewWorkSave, { activity_id: a.id, title: "y", video_id: vid.zhanglaoshi }, "zhanglaoshi", 400, /已提交作品/);
    const u = await k.ok<ReviewWorkRow>(P.reviewWorkUpdate, { id: w.id, title: "改过的标题" }, "zhanglaoshi");
    expect(u).toMatchObject({ title: "改过的标题", introduce: "简介", file_count: 1 });
    await k.refused(P.reviewWorkUpdate, { id: w.id, title: "x" }, "lilaoshi", 403);
    await k.refused(P.reviewWorkUpdate, { id: 999999, title: "x" }, "zhanglaoshi", 404);
    // The public work list / detail: titles and authors, no scores; documents with signed addresses.
    const list = await anon<Page<ReviewWorkRow>>(P.webReviewWorkList, { activity_id: a.id });
    expect(list.data.list.map((x) => x.title)).toEqual(["改过的标题"]);
    const wd = await anon<ReviewWorkDetail>(P.webReviewWorkDetail, { id: w.id });
    expect(wd.code).toBe(200);
    expect(wd.data.documents[0]).toMatchObject({ file_name: "教学设计.docx" });
    expect(wd.data.documents[0]!.url).toMatch(/sig=/);
    expect(wd.data.result).toBeNull();
    expect(wd.data.my_score).toBeNull();
    // Withdraw, then submit again.
    await k.refused(P.reviewWorkWithdraw, { id: w.id }, "lilaoshi", 403);
    await k.ok(P.reviewWorkWithdraw, { id: w.id }, "zhanglaoshi");
    await k.refused(P.reviewWorkWithdraw, { id: w.id }, "zhanglaoshi", 400, "作品已撤回");
    expect((await anon<Page<ReviewWorkRow>>(P.webReviewWorkList, { activity_id: a.id })).data.total).toBe(0);
    expect((await anon(P.webReviewWorkDetail, { id: w.id })).code).toBe(404);
    const again = await submitWork("zhanglaoshi", a.id);
    expect(again.id).toBe(w.id);
    const su = await k.ok<Page<ReviewSignupRow>>(P.reviewSignupList, { id: a.id }, "xiaoji");
    expect(su.list).toMatchObject([{ account_name: "张老师", work_id: w.id }]);
    await k.refused(P.reviewSignupList, { id: a.id }, "zhanglaoshi", 403);
    await phase(a.id, 3);
    await k.refused(P.reviewWorkWithdraw, { id: w.id }, "zhanglaoshi", 403, /不在作品提交阶段/);
  });

  it("the work list is empty before phase 2 for the public", async () => {
    const a = await create();
    await phase(a.id, 1);
    expect((await anon<Page<ReviewWorkRow>>(P.webReviewWorkList, { activity_id: a.id })).data.total).toBe(0);
    expect((await anon(P.webReviewWorkList, { activity_id: 999999 })).code).toBe(404);
    expect((await anon(P.webReviewWorkList, {})).code).toBe(400);
  });
});

describe("reviewers, allocation, scores, results", () => {
  it("reviewers/set: managers only, existing accounts; allocation by hand and at random", async () => {
    const { id, works } = await inReview();
    await k.refused(P.reviewReviewersSet, { id, account_ids: [k.id.lilaoshi] }, "zhanglaoshi", 403);
    await k.refused(P.reviewReviewersSet, { id, account_ids: [9999999] }, "xiaoji", 404, /账号不存在/);
    await k.refused(P.reviewReviewersSet, { id, account_ids: "张老师" }, "xiaoji", 400, /评审专家.*应为列表/);
    const pool = await k.ok<ReviewReviewers>(P.reviewReviewers, { id }, "xiaoji");
    expect(pool.list.map((r) => r.realname).sort()).toEqual(["张老师", "李老师", "王老师", "赵老师"].sort());
    // Manual: one work, two reviewers from the pool; never the author.
    await k.refused(P.reviewAllocate, { id, mode: 1, work_id: works.zhanglaoshi, reviewer_ids: [k.id.zhanglaoshi] }, "xiaoji", 400, /作者不能评审/);
    await k.refused(P.reviewAllocate, { id, mode: 1, work_id: works.zhanglaoshi, reviewer_ids: [k.id.xiaoji] }, "xiaoji", 400, /评审库/);
    await k.refused(P.reviewAllocate, { id, mode: 1 }, "xiaoji", 400, /手动分配需指定/);
    await k.refused(P.reviewAllocate, { id, mode: 1, work_id: 999999, reviewer_ids: [] }, "xiaoji", 404);
    await k.refused(P.reviewAllocate, { id, mode: 2 }, "lilaoshi", 403);
    const m = await k.ok<ReviewAllocateAnswer>(
      P.reviewAllocate,
      { id, mode: 1, work_id: works.zhanglaoshi, reviewer_ids: [k.id.lilaoshi, k.id.zhaolaoshi] },
      "xiaoji",
    );
    expect(m).toMatchObject({ created: 2, removed: 0 });
    // Random: every work 2 distinct reviewers, not the author, loads 6 over 4 → 1 or 2.
    const r = await k.ok<ReviewAllocateAnswer>(P.reviewAllocate, { id, mode: 2 }, "xiaoji");
    expect(r.assignments.length).toBe(6);
    for (const [author, w] of Object.entries(works)) {
      const mine = r.assignments.filter((x) => x.work_id === w).map((x) => x.reviewer_id);
      expect(new Set(mine).size).toBe(2);
      expect(mine).not.toContain(k.id[author]);
    }
    const loads = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi"].map((u) => r.assignments.filter((x) => x.reviewer_id === k.id[u]).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    // A reviewer starts scoring; re-running keeps that one and replaces only the unscored.
    const first = r.assignments[0]!;
    const reviewer = Object.keys(k.id).find((u) => k.id[u] === first.reviewer_id)!;
    await k.ok(P.reviewScoreSave, { work_id: first.work_id, scores: { [items[0]!.id]: 5 } }, reviewer);
    const again = await k.ok<ReviewAllocateAnswer>(P.reviewAllocate, { id, mode: 2 }, "xiaoji");
    expect(again.kept).toBe(1);
    expect(again.removed).toBe(5);
    expect(again.assignments.some((x) => x.work_id === first.work_id && x.reviewer_id === first.reviewer_id && x.state === "draft")).toBe(true);
    await k.refused(P.reviewReviewersSet, { id, account_ids: [] }, "xiaoji", 400, /已开始评分/);
    const matrix = await k.ok<ReviewAllocation>(P.reviewAllocation, { id }, "xiaoji");
    expect(matrix.works.length).toBe(3);
    expect(matrix.assignments.length).toBe(6);
    await k.refused(P.reviewAllocation, { id }, "zhanglaoshi", 403);
    // Too many reviewers per work for the pool.
    await k.ok(P.reviewUpdate, { id, reviewers_per_work: 4 }, "xiaoji");
    await k.refused(P.reviewAllocate, { id, mode: 2 }, "xiaoji", 400, /评审专家不足/);
  });

  it("many works and reviewers: the random allocation stays balanced and never self-reviews", async () => {
    const a = await create("xiaoji", { reviewers_per_work: 3 });
    await phase(a.id, 1);
    // 12 more teachers of the school sign up directly (rows), each with a work.
    const teachers = await k.db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.school_id, school), eq(account.identity, 2)));
    const authors = teachers.slice(0, 12).map((t) => t.id);
    await phase(a.id, 2);
    await k.db.insert(reviewWork).values(authors.map((acc, i) => ({ activity_id: a.id, account_id: acc, school_id: school, title: `作品 ${i}` })));
    const pool = teachers.slice(4, 11).map((t) => t.id);
    expect(pool.length).toBe(7);
    await k.ok(P.reviewReviewersSet, { id: a.id, account_ids: pool }, "xiaoji");
    for (let run = 0; run < 5; run++) {
      const r = await k.ok<ReviewAllocateAnswer>(P.reviewAllocate, { id: a.id, mode: 2 }, "xiaoji");
      expect(r.assignments.length).toBe(36);
      const ws = await k.db.select().from(reviewWork).where(eq(reviewWork.activity_id, a.id));
      for (const w of ws) {
        const mine = r.assignments.filter((x) => x.work_id === w.id).map((x) => x.reviewer_id);
        expect(new Set(mine).size).toBe(3);
        expect(mine).not.toContain(w.account_id);
      }
      const loads = pool.map((p) => r.assignments.filter((x) => x.reviewer_id === p).length);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    }
  });

  it("scores: ranges, only the assigned reviewer in phase 3, the weighted total by hand, drafts and submissions", async () => {
    const { id, works } = await inReview();
    await k.ok(P.reviewAllocate, { id, mode: 1, work_id: works.zhanglaoshi, reviewer_ids: [k.id.lilaoshi, k.id.zhaolaoshi] }, "xiaoji");
    const w = works.zhanglaoshi!;
    await k.refused(P.reviewScoreSave, { work_id: w, scores: full(8, 6, 4) }, "wanglaoshi", 403, "您不是该作品的评审专家");
    await k.refused(P.reviewScoreSave, { work_id: 999999, scores: {} }, "lilaoshi", 404);
    await k.refused(P.reviewScoreSave, { work_id: w, scores: full(11, 6, 4) }, "lilaoshi", 400, /「目标明确」的分数应在 0–10 之间/);
    await k.refused(P.reviewScoreSave, { work_id: w, scores: full(8, 6, -1) }, "lilaoshi", 400, /「环节紧凑」的分数应在 0–5 之间/);
    await k.refused(P.reviewScoreSave, { work_id: w, scores: { 999999: 3 } }, "lilaoshi", 400, /不属于本活动的评价量表/);
    await k.refused(P.reviewScoreSave, { work_id: w, scores: { [items[0]!.id]: "很好" } }, "lilaoshi", 400, /各项分数.*应为数字/);
    await k.refused(P.reviewScoreSave, { work_id: w, scores: { [items[0]!.id]: 8 }, submit: true }, "lilaoshi", 400, /请为每一项评分后再提交/);
    // Hand computation: 目标 (60%) = ½·8/10 + ½·6/10 = 0.7; 过程 (40%) = 4/5 = 0.8 → 100 × (0.6·0.7 + 0.4·0.8) = 74.
    const draft = await k.ok<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(8, 6, 4), comment: "草稿" }, "lilaoshi");
    expect(draft).toMatchObject({ total: 74, state: "draft", submitted_at: "" });
    const sub = await k.ok<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(8, 6, 4), comment: "很好", submit: true }, "lilaoshi");
    expect(sub).toMatchObject({ total: 74, state: "submitted" });
    // Changeable until phase 4: 10, 10, 5 → 100; 0, 0, 0 → 0.
    expect((await k.ok<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(10, 10, 5), submit: true }, "lilaoshi")).total).toBe(100);
    expect((await k.ok<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(0, 0, 0), submit: true }, "zhaolaoshi")).total).toBe(0);
    const mine = await k.ok<{ list: ReviewMineRow[] }>(P.reviewScoreMine, { activity_id: id }, "lilaoshi");
    expect(mine.list).toMatchObject([{ work_id: w, state: "submitted", total: 100, account_name: "张老师" }]);
    const wd = await k.ok<ReviewWorkDetail>(P.webReviewWorkDetail, { id: w }, "lilaoshi");
    expect(wd.my_score).toMatchObject({ state: "submitted", total: 100, editable: true });
    // No scores for anyone before phase 4.
    const pubList = await anon<Page<ReviewWorkRow>>(P.webReviewWorkList, { activity_id: id });
    expect(pubList.data.list.every((x) => x.score === null && x.rank === null)).toBe(true);
    await k.refused(P.webReviewResults, { id }, "xiaoji", 403, "结果尚未公示");
    expect((await anon(P.webReviewResults, { id })).code).toBe(403);
    // Phase 4: the mean of the two (100 and 0) = 50; scores frozen.
    await phase(id, 4);
    await k.refused(P.reviewScoreSave, { work_id: w, scores: full(1, 1, 1), submit: true }, "lilaoshi", 403, /结果已公示/);
    const wd4 = await anon<ReviewWorkDetail>(P.webReviewWorkDetail, { id: w });
    expect(wd4.data.result).toMatchObject({ score: 50, rank: 1, reviewer_count: 2 });
    expect(wd4.data.result!.items.map((x) => x.mean)).toEqual([5, 5, 2.5]);
    // Back to 3 clears ranks; scores changeable again.
    await phase(id, 3);
    expect((await anon<ReviewWorkDetail>(P.webReviewWorkDetail, { id: w })).data.result).toBeNull();
    await k.ok(P.reviewScoreSave, { work_id: w, scores: full(10, 10, 5), submit: true }, "zhaolaoshi");
  });

  it("concurrent submissions: two at once give one row each", async () => {
    const { id, works } = await inReview();
    const w = works.wanglaoshi!;
    await k.ok(P.reviewAllocate, { id, mode: 1, work_id: w, reviewer_ids: [k.id.zhanglaoshi, k.id.lilaoshi] }, "xiaoji");
    const [a, b, c] = await Promise.all([
      k.call<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(8, 6, 4), submit: true }, "zhanglaoshi"),
      k.call<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(10, 10, 5), submit: true }, "lilaoshi"),
      k.call<ReviewScoreAnswer>(P.reviewScoreSave, { work_id: w, scores: full(10, 10, 5), submit: true }, "lilaoshi"),
    ]);
    expect([a.code, b.code, c.code]).toEqual([200, 200, 200]);
    const rows = await k.db.select().from(reviewScore).where(eq(reviewScore.work_id, w));
    expect(rows.length).toBe(2);
    expect(rows.map((r) => Number(r.total)).sort((x, y) => x - y)).toEqual([74, 100]);
    const [work] = await k.db.select().from(reviewWork).where(eq(reviewWork.id, w));
    expect(work!.score).toBe(87);
  });

  it("results: ranked by mean total, ties share a rank, only in phase 4", async () => {
    const { id, works } = await inReview();
    // zhang: 74 and 74 → 74; li: 100 and 48 → 74 (tie); wang: 80 → 80.
    await k.ok(P.reviewAllocate, { id, mode: 1, work_id: works.zhanglaoshi, reviewer_ids: [k.id.lilaoshi, k.id.wanglaoshi] }, "xiaoji");
    await k.ok(P.reviewAllocate, { id, mode: 1, work_id: works.lilaoshi, reviewer_ids: [k.id.zhanglaoshi, k.id.wanglaoshi] }, "xiaoji");
    await k.ok(P.reviewAllocate, { id, mode: 1, work_id: works.wanglaoshi, reviewer_ids: [k.id.zhaolaoshi] }, "xiaoji");
    const s = (work: number, user: string, sc: Record<string, number>) => k.ok(P.reviewScoreSave, { work_id: work, scores: sc, submit: true }, user);
    await s(works.zhanglaoshi!, "lilaoshi", full(8, 6, 4));
    await s(works.zhanglaoshi!, "wanglaoshi", full(8, 6, 4));
    await s(works.lilaoshi!, "zhanglaoshi", full(10, 10, 5));
    // 100·(0.6·(½·0.4 + ½·0.4) + 0.4·0.6) = 100·(0.24 + 0.24) = 48
    await s(works.lilaoshi!, "wanglaoshi", full(4, 4, 3));
    // 100·(0.6·(½·1 + ½·0.6) + 0.4·0.6) = 100·(0.48 + 0.24) = 72 … use 10, 8, 3.5 → 0.6·0.9 + 0.4·0.7 = 0.82
    await s(works.wanglaoshi!, "zhaolaoshi", full(10, 8, 3.5));
    await k.refused(P.webReviewResults, { id }, "xiaoji", 403);
    const pub = await phase(id, 4);
    expect(pub.ranked).toBe(3);
    const res = await anon<ReviewResults>(P.webReviewResults, { id });
    expect(res.code).toBe(200);
    expect(res.data.list.map((r) => [r.account_name, r.score, r.rank])).toEqual([
      ["王老师", 82, 1],
      ["张老师", 74, 2],
      ["李老师", 74, 2],
    ]);
    expect(res.data.list[1]!.reviewer_count).toBe(2);
    expect(res.data.list[0]!.items.map((x) => x.mean)).toEqual([10, 8, 3.5]);
    const list = await anon<Page<ReviewWorkRow>>(P.webReviewWorkList, { activity_id: id, order: "rank" });
    expect(list.data.list.map((x) => x.rank)).toEqual([1, 2, 2]);
    expect((await anon(P.webReviewResults, { id: 999999 })).code).toBe(404);
    // Reviewers cannot be changed after the results.
    await k.refused(P.reviewReviewersSet, { id, account_ids: [] }, "xiaoji", 403, /结果已公示/);
    await k.refused(P.reviewAllocate, { id, mode: 2 }, "xiaoji", 403, /只能在作品提交或评审阶段/);
  });
});

describe("demo", () => {
  it("seeds one activity in 评审 with some scores and one in 结果公示 with ranks (no videos: video_id 0)", async () => {
    const { seedReviewDemo } = await import("../src/modules/review/review.demo.js");
    await seedReviewDemo({ db: k.db, files: k.s.services.files, videos: k.s.services.media.videos, ffmpeg: "ffmpeg", dataDir: "" }, []);
    const list = await anon<Page<ReviewActivityRow>>(P.webReviewList, { keyword: "一师一优课" });
    expect(list.data.list).toMatchObject([{ phase: 3, work_count: 3, reviewer_count: 4 }]);
    const works = await anon<Page<ReviewWorkRow>>(P.webReviewWorkList, { activity_id: list.data.list[0]!.id });
    expect(works.data.list.every((w) => w.video_id === 0 && w.score === null)).toBe(true);
    const scored = await k.db.select().from(reviewScore).where(eq(reviewScore.activity_id, list.data.list[0]!.id));
    expect(scored.filter((s) => s.submitted_at).length).toBeGreaterThan(0);
    expect(scored.filter((s) => !s.submitted_at).length).toBeGreaterThan(0);
    const shown = await anon<Page<ReviewActivityRow>>(P.webReviewList, { keyword: "青年教师课堂教学展评", phase: 4 });
    expect(shown.data.total).toBe(1);
    const res = await anon<ReviewResults>(P.webReviewResults, { id: shown.data.list[0]!.id });
    expect(res.data.list.length).toBe(3);
    expect(res.data.list[0]!.rank).toBe(1);
    expect(res.data.list.every((r) => r.reviewer_count === 2 && r.score !== null)).toBe(true);
    const wd = await anon<ReviewWorkDetail>(P.webReviewWorkDetail, { id: res.data.list[0]!.work_id });
    expect(wd.data.video).toBeNull();
  });
});
