/**
 * #10 lesson report in Chromium, on lessons the real pipeline analysed: a generated 60 s lesson (espeak-ng voices, a
 * moving figure, its SRT) uploaded over the wire and sent to /research/local twice — with the transcript (5 s S-T
 * samples) and without it. Clicking a point of the S-T curve seeks the video to that sample's moment; flipping three
 * samples moves the agreement figure to the percent and κ computed here from the samples; the lesson without a
 * transcript shows the reason of its unavailable sections; print media hides the controls; /charts draws both lessons.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import {
  CALLS,
  type AnalysisCourseDetail,
  type ContentRow,
  type ContentStatistical,
  type CourseReport,
  type ScoringSection,
  type Page as ListPage,
  type StCode,
  type StSection,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD, TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { polling, until } from "../apps/server/test/poll.js";
import { generateLesson } from "../apps/server/src/modules/analysis/truth/gen-lesson.js";
import { type BrowserHandle, chartStill, hasChromium, launchBrowser, okOf, signIn, snap, upload } from "./support.js";

const hasEspeak = spawnSync("espeak-ng", ["--version"]).status === 0;

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
let token = "";
let work = "";
/** with transcript (interval 5 s) and without */
let withText: AnalysisCourseDetail;
let noText: AnalysisCourseDetail;

const ok = okOf(
  () => server,
  () => token,
);

async function waitDone(id: number): Promise<AnalysisCourseDetail> {
  const d = await until(
    `analysis ${id}`,
    () => ok<AnalysisCourseDetail>(CALLS.courseDetail, { id }),
    (d) => d.status === 2 || d.status === 3,
    150_000,
  );
  if (d.status === 3) throw new Error(`analysis ${id} failed: ${d.error}`);
  return d;
}

const { untilTrue } = polling({ ms: 15_000, every: 50 });

/** Percent agreement and Cohen's κ of two T/S codings, as the report shows them. */
function agreementOf(a: readonly StCode[], b: readonly StCode[]): { percent: string; kappa: string } {
  const n = a.length;
  const agree = a.filter((c, i) => c === b[i]).length;
  const po = agree / n;
  const share = (xs: readonly StCode[], c: StCode) => xs.filter((x) => x === c).length / n;
  const pe = share(a, "T") * share(b, "T") + share(a, "S") * share(b, "S");
  const kappa = pe === 1 ? null : (po - pe) / (1 - pe);
  return { percent: `${((agree / n) * 100).toFixed(1)}%`, kappa: kappa === null ? "—（只有一类编码）" : kappa.toFixed(2) };
}

/** The page pixel of a data point of the chart in `testId` (the chart instance is kept on its box). */
async function pointPixel(testId: string, seriesIndex: number, value: [number, number]): Promise<{ x: number; y: number }> {
  const box = page.getByTestId(testId);
  const rect = (await box.boundingBox())!;
  const px = await box.evaluate(
    (el, a) =>
      (el as unknown as { __ykChart: { convertToPixel(f: object, v: number[]): number[] } }).__ykChart.convertToPixel({ seriesIndex: a.seriesIndex }, a.value),
    { seriesIndex, value },
  );
  return { x: rect.x + px[0]!, y: rect.y + px[1]! };
}

const report = (id: number) => ok<CourseReport>(CALLS.courseReport, { id });

describe.skipIf(!hasChromium || !hasEspeak)("lesson report (#10)", () => {
  beforeAll(async () => {
    mkdirSync(TMP_DIR, { recursive: true });
    work = mkdtempSync(path.join(TMP_DIR, "e2e-report-"));
    const lesson = await generateLesson({ dir: work, seconds: 60, seed: 3 });
    server = await startTestServer();
    token = (await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
    // One video file makes one lesson: the same clip is uploaded twice.
    const [video, video2, srt] = await Promise.all([
      upload(server, token, lesson.video, "video", "分数的意义.mp4"),
      upload(server, token, lesson.video, "video", "分数的意义（无实录）.mp4"),
      upload(server, token, lesson.srt, "any", "分数的意义.srt"),
    ]);
    const a = await ok<AnalysisCourseDetail>(CALLS.researchLocal, { file_id: video.id, name: "分数的意义", transcript_file_id: srt.id, interval: 5 });
    const b = await ok<AnalysisCourseDetail>(CALLS.researchLocal, { file_id: video2.id, name: "分数的意义（无实录）", interval: 10 });
    withText = await waitDone(a.id);
    noText = await waitDone(b.id);
    handle = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
    context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    page = await context.newPage();
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await handle?.close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("a click on the S-T curve seeks the video to the sample's moment", async () => {
    const r = await report(withText.id);
    const st = r.result!.st as StSection & { available: true };
    expect(st.available).toBe(true);
    expect(st.interval).toBe(5);
    await page.goto(`${server.url}/#/report?id=${withText.id}`);
    await page.getByTestId("chart-st").waitFor();
    await expect.poll(() => page.getByTestId("report-video").evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    // Curve point k is after sample k − 1, which codes the moment (k − 0.5) × interval.
    const k = Math.min(7, st.n);
    const expected = (k - 0.5) * st.interval;
    // A click while the chart's first animation still moves the point can miss it: click once it is still.
    await chartStill(page, "chart-st");
    const at = await pointPixel("chart-st", 0, st.curve[k]!);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.getByTestId("report-video").getAttribute("data-seek")).toBe(String(expected));
    await untilTrue("the video at the sample's time", async () => {
      const t = await page.getByTestId("report-video").evaluate((v: HTMLVideoElement) => v.currentTime);
      return Math.abs(t - expected) <= 1;
    });
    await page.getByTestId("report-video").evaluate((v: HTMLVideoElement) => v.pause());
    await page.mouse.move(0, 0);
    await snap(page, "research-report");
  });

  it("flipping three samples changes the agreement to the value of the samples", async () => {
    const before = await report(withText.id);
    const machine = (before.result!.st as StSection).samples;
    expect(before.st_human).toBeNull();
    await expect(page.getByTestId("st-agreement").getAttribute("data-percent")).resolves.toBe("");
    const human = [...machine];
    for (const i of [1, 4, 6]) {
      const next: StCode = human[i] === "T" ? "S" : "T";
      human[i] = next;
      await page.getByTestId(`st-cell-${i}`).click();
      await page.locator(`[data-testid=st-cell-${i}][data-code=${next}]:not([disabled])`).waitFor();
    }
    const want = agreementOf(machine, human);
    await expect.poll(() => page.getByTestId("st-agreement-percent").textContent()).toBe(want.percent);
    await expect(page.getByTestId("st-agreement-kappa").textContent()).resolves.toBe(want.kappa);
    // The wire keeps both versions.
    const after = await report(withText.id);
    expect(after.st_human?.samples).toEqual(human);
    expect((after.result!.st as StSection).samples).toEqual(machine);
    // 恢复机器编码 on one of them: two corrections left.
    human[4] = machine[4]!;
    await page.getByTestId("st-restore-4").click();
    const two = agreementOf(machine, human);
    await expect.poll(() => page.getByTestId("st-agreement-percent").textContent()).toBe(two.percent);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await snap(page, "research-report-coding");
  });

  it("the classroom record lists the transcript, a time seeks the video, exports .xlsx; a deleted line is gone and recounted", async () => {
    const first = await ok<ListPage<ContentRow>>(CALLS.courseContent, { id: withText.id, page: 1, limit: 10 });
    const stats = await ok<ContentStatistical>(CALLS.contentStatistical, { id: withText.id });
    expect(first.total).toBeGreaterThan(1);
    const sec = page.getByTestId("section-content");
    await sec.scrollIntoViewIfNeeded();
    await expect.poll(() => sec.getByTestId("content-row").count()).toBe(first.list.length);
    expect(await sec.getByTestId("content-lines").textContent()).toBe(String(stats.lines));
    expect(await sec.getByTestId("content-text").nth(1).textContent()).toContain(first.list[1]!.text);
    // A line's time seeks the video there.
    await sec.getByTestId("content-time").nth(1).click();
    await expect.poll(() => page.getByTestId("report-video").getAttribute("data-seek")).toBe(String(first.list[1]!.start));
    await page.getByTestId("report-video").evaluate((v: HTMLVideoElement) => v.pause());
    // 导出 Excel downloads the record.
    const [download] = await Promise.all([page.waitForEvent("download"), sec.getByTestId("content-export").click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // Deleting a line: asked first, then gone from the page and the wire, and the statistics count one line less.
    const target = first.list[0]!;
    await sec.locator(`[data-testid=content-row][data-id="${target.id}"]`).getByTestId("content-delete").click();
    await page.getByTestId("content-delete-ok").click();
    await expect.poll(() => sec.getByTestId("content-lines").textContent(), { timeout: 10_000 }).toBe(String(stats.lines - 1));
    const after = await ok<ListPage<ContentRow>>(CALLS.courseContent, { id: withText.id, page: 1, limit: 10 });
    expect(after.total).toBe(first.total - 1);
    expect(after.list.some((r) => r.id === target.id)).toBe(false);
    await expect.poll(() => sec.locator(`[data-testid=content-row][data-id="${target.id}"]`).count()).toBe(0);
    await page.mouse.move(0, 0);
    await sec.screenshot({ path: path.join("e2e", "artifacts", "research-report-content.png") });
  });

  it("scores the lesson against another scheme of the school (c170) from the scoring section", async () => {
    // 校级管理员 builds a one-item scheme for his school (#9's indicator calls).
    const admin = (await server.login("xiaoji", "Demo12345")).token;
    const save = async (p: Record<string, unknown>) => {
      const r = await server.call<{ id: number }>(CALLS.indicatorSave, p, admin);
      if (r.code !== 200) throw new Error(`indicatorSave: ${r.msg}`);
      return r.data.id;
    };
    const scheme = await save({ name: "课堂互动评价（校本）" });
    const dim = await save({ pid: scheme, name: "师生互动", weight: 100 });
    await save({ pid: dim, name: "师生互动有效", weight: 100, max_score: 10 });
    const wire = await ok<ScoringSection & { available: true }>(CALLS.aiScoring, { id: withText.id, scheme_id: scheme });
    expect(wire.scheme_name).toBe("课堂互动评价（校本）");
    expect(wire.items.filter((i) => i.score !== null || i.basis).length).toBeGreaterThan(0);

    await page.goto(`${server.url}/#/report?id=${withText.id}`);
    await page.reload(); // the schemes the page read before this one existed
    const sec = page.getByTestId("section-scoring");
    await sec.scrollIntoViewIfNeeded();
    await sec.getByTestId("scoring-scheme").click();
    await page.locator(".ant-select-item-option").filter({ hasText: "课堂互动评价（校本）" }).click();
    await expect.poll(() => sec.getByTestId("scoring-total").textContent()).toBe(`${+wire.total.toFixed(1)} / ${+wire.full.toFixed(1)}`);
    await expect.poll(() => sec.getByTestId("scoring-table").locator("tbody tr.ant-table-row").count()).toBe(wire.items.length);
    await page.mouse.move(0, 0);
    await sec.screenshot({ path: path.join("e2e", "artifacts", "research-report-scheme.png") });
  });

  it("a lesson without a transcript shows why its sections are unavailable; print hides the controls", async () => {
    const r = await report(noText.id);
    const talk = r.result!.talk;
    expect(talk.available).toBe(false);
    const reason = talk.available ? "" : talk.reason;
    expect(reason).toContain("未导入课堂实录");
    await page.goto(`${server.url}/#/report?id=${noText.id}`);
    const questions = page.getByTestId("section-questions");
    await expect.poll(() => questions.getByTestId("section-unavailable").textContent()).toContain(reason);
    expect(await questions.locator("canvas").count()).toBe(0);
    await expect(page.getByTestId("section-fias").getByTestId("section-unavailable").textContent()).resolves.toContain(reason);
    // The discussion: an empty post is refused with the §5 message; a post shows in the list.
    await page.getByTestId("report-discussion-submit").click();
    await page.getByText("请先输入内容").first().waitFor();
    await page.getByTestId("report-discussion-input").fill("没有实录时，提问分析无法进行。");
    await page.getByTestId("report-discussion-submit").click();
    await page.getByTestId("report-discussion-item").filter({ hasText: "没有实录时" }).waitFor();
    await snap(page, "research-report-no-transcript");
    // Printing: the controls and the site header go, the report stays.
    expect(await page.getByTestId("report-print").isVisible()).toBe(true);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("report-print").isVisible()).toBe(false);
    expect(await page.getByTestId("report-discussion-input").isVisible()).toBe(false);
    expect(await page.locator(".yk-frame-header").isVisible()).toBe(false);
    expect(await page.getByTestId("section-st").isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });
  });

  it("/charts draws both lessons on the Rt-Ch chart", async () => {
    const [a, b] = await Promise.all([report(withText.id), report(noText.id)]);
    await page.goto(`${server.url}/#/charts?ids=${withText.id},${noText.id}`);
    await page.getByTestId("charts-rtch").waitFor();
    await expect.poll(() => page.getByTestId("charts-table").locator("tbody tr.ant-table-row").count()).toBe(2);
    const points = await page.getByTestId("charts-rtch").evaluate((el) => {
      const c = (el as unknown as { __ykChart: { getOption(): { series: Array<{ data: Array<{ value: number[]; id: number }> }> } } }).__ykChart;
      return c.getOption().series[0]!.data.map((d) => ({ id: d.id, value: d.value }));
    });
    const round = (n: number) => Math.round(n * 100) / 100;
    const stOf = (r: CourseReport) => r.result!.st as StSection;
    expect(points).toEqual([
      { id: withText.id, value: [round(stOf(a).rt), round(stOf(a).ch)] },
      { id: noText.id, value: [round(stOf(b).rt), round(stOf(b).ch)] },
    ]);
    // Both are drawn inside the plot.
    const rect = (await page.getByTestId("charts-rtch").boundingBox())!;
    for (const p of points) {
      const at = await pointPixel("charts-rtch", 0, p.value as [number, number]);
      expect(at.x).toBeGreaterThan(rect.x);
      expect(at.x).toBeLessThan(rect.x + rect.width);
      expect(at.y).toBeGreaterThan(rect.y);
      expect(at.y).toBeLessThan(rect.y + rect.height);
    }
    await snap(page, "research-charts");
  });

  it("a published report opens without login in the configured variant", async () => {
    await ok(CALLS.courseSetStatus, { id: withText.id, status: 1 });
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/#/configurationReport?id=${withText.id}&sections=rtch,st`);
    await page.reload();
    await page.getByTestId("section-rtch").waitFor();
    await page.getByTestId("section-st").waitFor();
    expect(await page.getByTestId("section-talk").count()).toBe(0);
    // The chosen order, and no correction controls for a visitor.
    const order = await page
      .locator("[data-testid^=section-]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")).filter((t) => t !== "section-unavailable"));
    expect(order).toEqual(["section-rtch", "section-st"]);
    expect(await page.getByTestId("st-coding").count()).toBe(0);
    await snap(page, "research-report-configured");
  });
});
