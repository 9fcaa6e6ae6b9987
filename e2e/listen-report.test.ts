/**
 * #9 listening reports (NINGXIA): a teacher's open lesson is evaluated over the wire by two evaluators against the
 * default indicator scheme, with time-stamped discussion messages. An anonymous visitor and a member open the comment
 * report: the total, grade, evaluator count, spread and each evaluator's total are what c289 / c292 answer. The hub
 * lists it, the precision report draws its comment-density chart, and the teacher's 授课详情 shows his evaluations.
 */
import {
  CALLS,
  type CommunityItem,
  type ListenDetail,
  type ListenEvaluationScoreAnswer,
  type ListenSchemeNode,
  type ListenTeacherScoreAnswer,
  type SessionInfo,
} from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { gradeOf, scoreText } from "../apps/web/src/community/listen/report-model.js";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { storedFile } from "../apps/server/src/modules/file/file.schema.js";
import { video } from "../apps/server/src/modules/video/video.schema.js";
import { equipment } from "../apps/server/src/modules/equipment/equipment.schema.js";
import { type BrowserHandle, hasChromium, launchBrowser, okOf, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;
let page: Page;
let zhang: SessionInfo;
let recordId = 0;
let remoteId = 0;
let agg: ListenTeacherScoreAnswer;
const NAME = "七年级 有理数的加法 公开课";

const ok = okOf(() => server);

const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

function items(node: ListenSchemeNode | null): ListenSchemeNode[] {
  if (!node) return [];
  return node.level === 3 ? [node] : node.children.flatMap(items);
}

async function open(route: string): Promise<void> {
  await page.goto(`${server.url}/#${route}`);
}

async function look(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** The comment report shows what c289 / c292 answer. */
async function checkReport(): Promise<void> {
  await page.getByTestId("comment-report").waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId("report-total").textContent(), { timeout: 15_000 }).toBe(scoreText(agg.total.mean));
  expect(await page.getByTestId("report-grade").textContent()).toBe(gradeOf(agg.total.mean));
  expect(await page.getByTestId("report-evaluator-count").textContent()).toBe(String(agg.total.count));
  expect(await page.getByTestId("report-spread").textContent()).toBe(scoreText((agg.total.max ?? 0) - (agg.total.min ?? 0)));
  const totals = await page.getByTestId("report-evaluator-total").allTextContents();
  expect(totals.sort()).toEqual(agg.evaluators.map((e) => `${scoreText(e.total_score)} 分`).sort());
  await page.getByTestId("report-radar").locator("canvas").waitFor();
  await page.getByTestId("report-items").locator("canvas").waitFor();
  await expect.poll(() => page.getByTestId("report-message-count").textContent()).toBe("3");
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  zhang = await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
  const li = await server.login("lilaoshi", TEST_TEACHER_PASSWORD);
  const wang = await server.login("wanglaoshi", TEST_TEACHER_PASSWORD);
  const communityId = (
    await ok<CommunityItem>(CALLS.communitySave, { name: "初中数学听评课社区", introduction: "每周一次公开课。", type: 1, level: 1, join_mode: 0 }, zhang.token)
  ).id;
  await ok(CALLS.communityJoin, { community_id: communityId }, li.token);
  await ok(CALLS.communityJoin, { community_id: communityId }, wang.token);
  const schemes = await ok<{ list: { id: number; name: string }[] }>(CALLS.indicatorList, { status: 1 }, zhang.token);
  // A recorded lesson of the teacher (the rows an upload leaves; nothing is played here).
  const db = server.database.db;
  const [file] = await db
    .insert(storedFile)
    .values({
      storage_key: `test/listen-report/${Date.now()}/lesson.mp4`,
      real_file_name: "有理数的加法.mp4",
      file_type: "mp4",
      kind: "video",
      mime: "video/mp4",
      size: 1000,
      sha256: "x",
      module: "document",
      account_id: zhang.account_id,
    })
    .returning({ id: storedFile.id });
  const [v] = await db
    .insert(video)
    .values({ name: "有理数的加法 课堂实录", account_id: zhang.account_id, school_id: zhang.school_id, source: "upload", file_id: file!.id, status: "ready" })
    .returning({ id: video.id });
  const now = Date.now();
  const created = await ok<ListenDetail>(
    CALLS.listenSave,
    {
      name: NAME,
      is_type: 2,
      my_video_id: v!.id,
      community_id: communityId,
      open_model: 1,
      evaluation_type: 1,
      indicator_id: schemes.list[0]!.id,
      participation_account_ids: [li.account_id, wang.account_id],
      start_time: fmt(new Date(now - 3600_000)),
      end_time: fmt(new Date(now + 86400_000)),
      introduction: "本节课重点：有理数加法法则。",
    },
    zhang.token,
  );
  recordId = created.id;
  const scheme = (await ok<ListenDetail>(CALLS.listenRead, { id: recordId }, li.token)).scheme;
  const its = items(scheme);
  expect(its.length).toBeGreaterThan(1);
  for (const [who, bias, comment] of [
    [li, 0.9, "导入自然，学生参与度高。"],
    [wang, 0.7, "练习层次可以再丰富一些。"],
  ] as const) {
    const scores = its.map((i, k) => ({
      indicator_id: i.id,
      score: Math.round((i.min_score + (i.max_score - i.min_score) * (k % 2 ? bias : bias - 0.1)) * 10) / 10,
    }));
    await ok(CALLS.listenRecordSave, { record_id: recordId, scores, comment, status: 1 }, who.token);
  }
  for (const [t, text] of [
    [30, "导入用温度计很直观。"],
    [95, "这里的追问很好。"],
    [100, "板书可以更清楚。"],
  ] as const)
    await ok(CALLS.listenClassroomDiscussion, { record_id: recordId, content: text, video_time: t }, li.token);
  // A 远程 record on a classroom device (no camera publishes here: the player shows its placeholder).
  const [dev] = await db
    .insert(equipment)
    .values({
      code: "YK-LSTRPT01",
      position: "七年级2班",
      school_id: zhang.school_id,
      secret_hash: "x",
      teacher_stream_key: "lr-key-1",
      student_stream_key: "lr-key-2",
    })
    .returning({ id: equipment.id });
  remoteId = (
    await ok<ListenDetail>(
      CALLS.listenSave,
      {
        name: "七年级 有理数的减法 远程听评课",
        is_type: 1,
        equiment_id: dev!.id,
        community_id: communityId,
        open_model: 2,
        evaluation_type: 1,
        indicator_id: schemes.list[0]!.id,
        participation_account_ids: [li.account_id],
        start_time: fmt(new Date(now - 600_000)),
        end_time: fmt(new Date(now + 3 * 3600_000)),
      },
      zhang.token,
    )
  ).id;
  agg = await ok<ListenTeacherScoreAnswer>(CALLS.listenCourseTeacherScore, { record_id: recordId }, zhang.token);
  const es = await ok<ListenEvaluationScoreAnswer>(CALLS.listenGetEvaluationScore, { record_id: recordId }, zhang.token);
  expect(agg.total.count).toBe(2);
  expect(
    es.list
      .filter((e) => e.status === 1)
      .map((e) => e.total_score)
      .sort(),
  ).toEqual(agg.evaluators.map((e) => e.total_score).sort());
  handle = await launchBrowser();
  const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await snap(page, "listen-report-failure").catch(() => undefined);
});

afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: listening reports (NINGXIA)", () => {
  it("an anonymous visitor opens the comment report of an open record", async () => {
    await open(`/foreground2_0/commentReport?id=${recordId}`);
    await checkReport();
    expect(await page.getByTestId("report-name").textContent()).toBe(NAME);
    expect(await page.getByTestId("report-teacher").textContent()).toContain("张老师");
    await look("listen-comment-report-anonymous");
  });

  it("a member sees the same report, the hub lists the record and the precision report draws its timeline", async () => {
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await open(`/foreground2_0/commentReport?id=${recordId}`);
    await checkReport();
    await look("listen-comment-report");
    // 打印: the print layout leaves out the frame's header and the buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("report-print").isVisible()).toBe(false);
    expect(await page.getByTestId("frame-home").isVisible()).toBe(false);
    await snap(page, "listen-comment-report-print");
    await page.emulateMedia({ media: "screen" });

    await open("/foreground2_0/classroomReview");
    await page.getByTestId("hub-recorded").locator(`[data-testid="hub-card"][data-id="${recordId}"]`).waitFor({ timeout: 15_000 });
    await look("listen-hub");

    await open(`/precisionReport?id=${recordId}`);
    await page.getByTestId("precision-density").locator("canvas").waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId("precision-comment").count()).toBe(3);
    expect(await page.getByTestId("precision-comment-time").allTextContents()).toEqual([" 0:30", " 1:35", " 1:40"]);
    // The video was never analysed (#10): c291 answers why, and the section says so.
    await expect.poll(() => page.getByTestId("precision-ai").textContent(), { timeout: 10_000 }).toContain("暂未生成 AI 点评：");
    await look("listen-precision-report");
  });

  it("the teacher's 授课详情 shows the evaluations he received", async () => {
    await open("/addSQDetail");
    await page.getByRole("link", { name: NAME }).first().waitFor({ timeout: 15_000 });
    await look("listen-teaching-list");
    await open(`/addSQDetail?id=${recordId}`);
    await expect.poll(() => page.getByTestId("report-total").textContent(), { timeout: 15_000 }).toBe(scoreText(agg.total.mean));
    await page.getByTestId("teaching-plan").waitFor();
    await look("listen-teaching-detail");
  });

  it("an evaluator listens to the remote lesson and finds his evaluation tasks with their status", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto("about:blank");
    await signIn(page, server.url, "lilaoshi", TEST_TEACHER_PASSWORD);
    await open(`/foreground2_0/remoteClassroomReview?id=${remoteId}`);
    await page.getByTestId("remote-review").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("listen-window-state").getAttribute("data-state")).toBe("running");
    const d = await ok<ListenDetail>(CALLS.listenRead, { id: remoteId }, zhang.token);
    await expect.poll(() => page.getByTestId("remote-member").count()).toBe(d.members.length);
    expect(await page.getByTestId("remote-camera").textContent()).toContain("教师机位");
    // The score panel is in the picture, its form loaded (no spinner left).
    await page.getByTestId("remote-score").waitFor();
    await page.getByTestId("remote-score").locator(".ant-spin").waitFor({ state: "detached" });
    await look("listen-remote-review");

    await open("/addZYDetail");
    const rows = page.locator(".ant-table-row");
    await rows.filter({ hasText: NAME }).getByTestId("hw-status").filter({ hasText: "已提交" }).waitFor({ timeout: 15_000 });
    await rows.filter({ hasText: "远程听评课" }).getByTestId("hw-status").filter({ hasText: "未评价" }).waitFor();
    await look("listen-homework-list");
    await open(`/addMYZYDetail?id=${recordId}`);
    const mine = (await ok<ListenEvaluationScoreAnswer>(CALLS.listenGetEvaluationScore, { record_id: recordId }, zhang.token)).list.find(
      (e) => e.account_name === "李老师",
    )!;
    await expect.poll(() => page.getByTestId("my-total").textContent(), { timeout: 15_000 }).toBe(scoreText(mine.total_score));
    await look("listen-my-homework");
    await open(`/addzyTow?id=${remoteId}`);
    await page.getByTestId("hw2-progress").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("hw2-done").textContent()).toBe("0");
    await look("listen-homework-organiser");
  });
});
