/**
 * #10 analysis admin screens in Chromium: a teacher uploads a generated lesson (espeak-ng voices, a moving figure, its
 * SRT) through 我的课例分析 → 上传分析 (chunked upload, transcript, 10 s interval); the row shows its job moving and
 * reaches 已完成 with the wire's mode and Rt/Ch; he publishes it. The school administrator sees it in 课堂分析, the
 * census screen's totals are what countInfo answers, the precision report of a listened lesson on that video shows
 * the AI comments c291 answers, and deleting asks first and removes the row.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import {
  CALLS,
  type AiListenCommentInfo,
  type AnalysisCourseRow,
  type CensusCountInfo,
  type CensusRtch,
  type CommunityItem,
  type ListenDetail,
  type Page as ListPage,
  type SessionInfo,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { polling } from "../apps/server/test/poll.js";
import { generateLesson, type GeneratedLesson } from "../apps/server/src/modules/analysis/truth/gen-lesson.js";
import { ARTIFACTS, type BrowserHandle, hasChromium, launchBrowser, okOf, signIn, snap } from "./support.js";

const hasEspeak = spawnSync("espeak-ng", ["--version"]).status === 0;
const NAME = "分数的初步认识（AI 分析）";

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let teacher: SessionInfo;
let admin: SessionInfo;
let lesson: GeneratedLesson;
let dir = "";
let course: AnalysisCourseRow;

const ok = okOf(() => server);
const index = (token: string, scope: "mine" | "all") => ok<ListPage<AnalysisCourseRow>>(CALLS.courseIndex, { scope, page: 1, limit: 100 }, token);

const { untilTrue } = polling({ every: 100 });

const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
const rowOf = (id: number) => page.locator(`[data-testid=analysis-row][data-row-id="${id}"]`);

/** Picks the option of an antd Select (by test id) whose text contains `text`; answers the option's text. */
async function choose(selectTestId: string, text: string): Promise<string> {
  await page.getByTestId(selectTestId).click();
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first();
  await option.waitFor();
  const label = ((await option.textContent()) ?? "").trim();
  await option.click();
  await untilTrue("the list closed", async () => (await page.locator(".ant-select-dropdown:visible").count()) === 0, 5_000);
  return label;
}

/** Signs the page out (a fresh load without the stored session) before the next signIn. */
async function switchUser(): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto("about:blank");
}

async function look(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await snap(page, name);
}

beforeAll(async () => {
  if (!hasChromium || !hasEspeak) return;
  dir = mkdtempSync(path.join(os.tmpdir(), "research-admin-"));
  lesson = await generateLesson({ dir, seconds: 45, seed: 7 });
  // NINGXIA: the edition that has the precision report (/precisionReport).
  server = await startTestServer({ EDITION: "NINGXIA" });
  handle = await launchBrowser();
  teacher = await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
  admin = await server.login("xiaoji", "Demo12345");
  context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
  page = await context.newPage();
}, 180_000);
afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium || !hasEspeak)("browser: 课堂分析, 我的课例分析 and 分析统计 (#10)", () => {
  it("a teacher uploads a lesson for analysis, watches its job reach 已完成 with a mode, and publishes it", async () => {
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/personalCenter/myAnalysis`);
    await page.getByTestId("my-analysis-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("我的课例分析");
    const before = (await index(teacher.token, "mine")).total;

    // The dialog: disclaimer, video (chunked), name, transcript, interval.
    await page.getByTestId("analysis-upload").click();
    const dialog = page.getByTestId("analysis-upload-dialog");
    await dialog.getByTestId("upload-disclaimer").locator("input").check();
    const submit = dialog.getByTestId("analysis-upload-submit");
    expect(await submit.isDisabled()).toBe(true);
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByTestId("chunked-uploader").getByRole("button").first().click();
    await (await chooser).setFiles(lesson.video);
    await dialog.getByTestId("analysis-upload-video").waitFor({ timeout: 30_000 });
    await dialog.getByTestId("analysis-upload-name").fill(NAME);
    await choose("analysis-upload-period", "初中");
    const subject = await choose("analysis-upload-subject", "数学");
    const srtChooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "选择课堂实录" }).click();
    await (await srtChooser).setFiles(lesson.srt);
    await dialog.getByTestId("analysis-transcript-name").waitFor({ timeout: 15_000 });
    await dialog.getByTestId("analysis-upload-interval").getByText("10 秒").click();
    await look("research-admin-01-upload-dialog");
    await submit.click();
    await dialog.waitFor({ state: "hidden" });

    // The wire has the new lesson with what the dialog sent.
    const mine = await index(teacher.token, "mine");
    expect(mine.total).toBe(before + 1);
    course = mine.list.find((r) => r.name === NAME)!;
    expect(course).toBeTruthy();
    expect(course.source).toBe("local");
    expect(course.interval).toBe(10);
    expect(course.has_transcript).toBe(true);
    expect(course.subject_name).toBe(subject);

    // The row follows the job: every state shown is a queued/running one with a progress that never goes back, until 已完成.
    const row = rowOf(course.id);
    await row.waitFor({ timeout: 15_000 });
    const seen: Array<{ status: number; progress: number }> = [];
    let pictured = false;
    await untilTrue(
      "the analysis to finish",
      async () => {
        // One read of the row, so that status and progress belong to the same render.
        const { status, progress } = await row.evaluate((el) => ({
          status: Number(el.querySelector("[data-testid=analysis-status]")?.getAttribute("data-value") ?? "-1"),
          progress: Number(el.querySelector("[data-testid=analysis-progress]")?.getAttribute("data-value") ?? "-1"),
        }));
        if (status === 0 || status === 1) {
          seen.push({ status, progress });
          if (status === 1 && !pictured) {
            pictured = true;
            await snap(page, "research-admin-02-running");
          }
        }
        if (status === 3) throw new Error(`analysis failed: ${await row.getByTestId("analysis-error").textContent()}`);
        return status === 2;
      },
      150_000,
    );
    // The job is shown before it ends (a 45 s lesson takes seconds to decode and analyse; the list is read every 2 s).
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) if (seen[i]!.status === seen[i - 1]!.status) expect(seen[i]!.progress).toBeGreaterThanOrEqual(seen[i - 1]!.progress);
    for (const s of seen) expect(s.progress).toBeGreaterThanOrEqual(0);

    const done = (await index(teacher.token, "mine")).list.find((r) => r.id === course.id)!;
    expect(done.status).toBe(2);
    expect(done.mode).not.toBeNull();
    expect(await row.getByTestId("analysis-mode").getAttribute("data-value")).toBe(done.mode);
    expect(await row.getByTestId("analysis-mode").textContent()).toContain(`Rt ${done.rt!.toFixed(2)} · Ch ${done.ch!.toFixed(2)}`);
    course = done;
    expect(await row.textContent()).toContain(subject);

    // 重新分析 with a finer interval: the job is queued again and finishes with 15 s samples.
    await row.getByTestId("analysis-more").click();
    await page.locator(".ant-dropdown:visible [data-testid=analysis-again]").click();
    const again = page.getByTestId("analysis-again-dialog");
    await again.getByTestId("analysis-again-interval").getByText("15 秒").click();
    await page.getByTestId("analysis-again-ok").click();
    await again.waitFor({ state: "hidden" });
    await untilTrue(
      "the second analysis",
      async () => {
        const r = (await index(teacher.token, "mine")).list.find((x) => x.id === course.id)!;
        return r.interval === 15 && r.status === 2;
      },
      150_000,
    );
    await untilTrue("the row done again", async () => (await row.getByTestId("analysis-status").getAttribute("data-value")) === "2");
    course = (await index(teacher.token, "mine")).list.find((r) => r.id === course.id)!;
    await untilTrue("the new Rt/Ch", async () =>
      ((await row.getByTestId("analysis-mode").textContent()) ?? "").includes(`Rt ${course.rt!.toFixed(2)} · Ch ${course.ch!.toFixed(2)}`),
    );

    // Publish: the switch is the wire's publish_status.
    const publish = row.getByTestId("analysis-publish");
    expect(await publish.getAttribute("data-value")).toBe("0");
    await publish.click();
    await untilTrue("published", async () => (await index(teacher.token, "mine")).list.find((r) => r.id === course.id)?.publish_status === 1);
    await untilTrue("the switch", async () => (await row.getByTestId("analysis-publish").getAttribute("data-value")) === "1");
    await look("research-admin-03-done");

    // 查看报告 opens the report of this lesson in a new tab.
    const popup = context.waitForEvent("page");
    await row.getByTestId("analysis-open-report").click();
    const report = await popup;
    await report.waitForLoadState("domcontentloaded");
    expect(report.url()).toContain(`/report?id=${course.id}`);
    await report.close();
  }, 240_000);

  it("the school administrator sees the lesson in 课堂分析 and the census totals are the wire's", async () => {
    await switchUser();
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/research/course`);
    await page.getByTestId("analysis-course-page").waitFor();
    const all = await index(admin.token, "all");
    const mineForAdmin = all.list.find((r) => r.id === course.id)!;
    expect(mineForAdmin).toBeTruthy();
    const row = rowOf(course.id);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId("analysis-row-name").textContent()).toBe(NAME);
    expect(await row.textContent()).toContain(mineForAdmin.account_name);
    await untilTrue("the total", async () => (await page.getByTestId("pagination-total").textContent()) === `共 ${all.total} 条`);
    await look("research-admin-04-school-list");

    await page.goto(`${server.url}/#/research/census`);
    await page.getByTestId("analysis-census-page").waitFor();
    const count = await ok<CensusCountInfo>(CALLS.censusCountInfo, {}, admin.token);
    expect(count.lessons).toBeGreaterThanOrEqual(1);
    const total = (key: string) => page.getByTestId(`census-total-${key}`).getAttribute("data-value");
    await page.getByTestId("census-total-lessons").waitFor({ timeout: 15_000 });
    expect(await total("lessons")).toBe(String(count.lessons));
    expect(await total("analysed")).toBe(String(count.analysed));
    expect(await total("pending")).toBe(String(count.pending));
    expect(await total("failed")).toBe(String(count.failed));
    expect(await total("teachers")).toBe(String(count.teachers));
    const rtch = await ok<CensusRtch>(CALLS.censusRtch, {}, admin.token);
    await untilTrue("the Rt-Ch count", async () => (await page.getByTestId("census-rtch-total").getAttribute("data-value")) === String(rtch.total));
    expect(rtch.points.some((p) => p.id === course.id)).toBe(true);
    await page.getByTestId("census-rtch-chart").locator("canvas").waitFor();
    await page.getByTestId("census-modes-chart").locator("canvas").waitFor();
    await look("research-admin-05-census");
  }, 60_000);

  it("the precision report of a listened lesson on that video shows the AI comments c291 answers", async () => {
    const community = await ok<CommunityItem>(
      CALLS.communitySave,
      { name: "小学数学 AI 听评课", introduction: "课堂分析试点。", type: 1, level: 1, join_mode: 0 },
      teacher.token,
    );
    const schemes = await ok<{ list: { id: number }[] }>(CALLS.indicatorList, { status: 1 }, teacher.token);
    const now = Date.now();
    const record = await ok<ListenDetail>(
      CALLS.listenSave,
      {
        name: NAME,
        is_type: 2,
        my_video_id: course.video_id,
        community_id: community.id,
        open_model: 1,
        evaluation_type: 1,
        indicator_id: schemes.list[0]!.id,
        participation_account_ids: [],
        start_time: fmt(new Date(now - 3600_000)),
        end_time: fmt(new Date(now + 86400_000)),
        introduction: "",
      },
      teacher.token,
    );
    const info = await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id: record.id }, teacher.token);
    expect(info.available).toBe(true);
    expect(info.course_id).toBe(course.id);

    await switchUser();
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/precisionReport?id=${record.id}`);
    const ai = page.getByTestId("precision-ai");
    await ai
      .getByTestId("precision-ai-body")
      .waitFor({ timeout: 20_000 })
      .catch(async (e: unknown) => {
        await snap(page, "research-admin-06-precision-failed");
        throw e;
      });
    expect(await ai.getByTestId("precision-ai-comment").count()).toBe(info.comments.length);
    if (info.mode) expect(await ai.getByTestId("precision-ai-mode").textContent()).toBe(info.mode);
    expect(await ai.getByTestId("precision-ai-rtch").textContent()).toBe(`Rt ${info.rt!.toFixed(2)} · Ch ${info.ch!.toFixed(2)}`);
    expect(await ai.getByTestId("precision-ai-report").getAttribute("href")).toContain(`/report?id=${course.id}`);
    await ai.scrollIntoViewIfNeeded();
    await snap(page, "research-admin-06-precision");
    await ai.screenshot({ path: path.join(ARTIFACTS, "research-admin-06-precision-ai.png") });

    // A listened lesson without a video: the section says why there is nothing, in the wire's words.
    const plain = await ok<ListenDetail>(
      CALLS.listenSave,
      {
        name: "分数的初步认识（现场听课）",
        is_type: 3,
        community_id: community.id,
        open_model: 1,
        evaluation_type: 1,
        indicator_id: schemes.list[0]!.id,
        participation_account_ids: [],
        start_time: fmt(new Date(now - 3600_000)),
        end_time: fmt(new Date(now + 86400_000)),
      },
      teacher.token,
    );
    const none = await ok<AiListenCommentInfo>(CALLS.aiListenCommentInfo, { id: plain.id }, teacher.token);
    expect(none.available).toBe(false);
    expect(none.reason).toBeTruthy();
    await page.goto(`${server.url}/#/precisionReport?id=${plain.id}`);
    await expect.poll(() => page.getByTestId("precision-ai-unavailable").textContent(), { timeout: 15_000 }).toContain(none.reason!);
    expect(await page.getByTestId("precision-ai-comment").count()).toBe(0);
    await page.getByTestId("precision-ai").screenshot({ path: path.join(ARTIFACTS, "research-admin-06-precision-ai-unavailable.png") });
  }, 60_000);

  it("deleting asks first, then removes the lesson from the list and the wire", async () => {
    await switchUser();
    await signIn(page, server.url, "xiaoji", "Demo12345");
    await page.goto(`${server.url}/#/research/course`);
    const row = rowOf(course.id);
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId("analysis-delete").click();
    const ok1 = page.getByTestId("analysis-delete-ok");
    await ok1.waitFor();
    expect(await page.locator(".ant-modal-confirm").textContent()).toContain(`「${NAME}」`);
    await look("research-admin-07-delete-confirm");
    // Still there while the question is open.
    expect((await index(admin.token, "all")).list.some((r) => r.id === course.id)).toBe(true);
    await ok1.click();
    await row.waitFor({ state: "detached", timeout: 15_000 });
    expect((await index(admin.token, "all")).list.some((r) => r.id === course.id)).toBe(false);
    expect((await index(teacher.token, "mine")).list.some((r) => r.id === course.id)).toBe(false);
  }, 60_000);
});
