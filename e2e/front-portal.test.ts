import { type AnalysisResult, type BigData, CALLS, type EvaluationScreen, type TeacherPortrait } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../apps/server/src/modules/account/account.schema.js";
import { analysisCourse } from "../apps/server/src/modules/analysis/analysis.schema.js";
import { lectureIndicator, listenEvaluation, listenScore } from "../apps/server/src/modules/listen/listen.schema.js";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { insertListen, insertScheme } from "../apps/server/test/listen-kit.js";
import { holds, until } from "../apps/server/test/poll.js";
import { type BrowserHandle, hasChromium, launchBrowser, signIn, snap } from "./support.js";

/**
 * #11 big screens and portraits in Chromium (teachEvents edition): the public data cockpit shows the API's numbers in
 * its KPI tiles and draws its charts; 张老师's 评课大屏 shows c061's totals; his portrait shows his counts and charts.
 * Fixtures (listen records, evaluations with item scores, analyses) are written straight into the tables.
 */

let server: TestServer;
let handle: BrowserHandle;
let page: Page;
let token = "";

const text = async (p: Page, testId: string) => ((await p.getByTestId(testId).first().textContent()) ?? "").trim();
const num = (n: number) => n.toLocaleString("zh-CN");

/** Waits until the tile shows a number (not the loading dash). */
async function tile(p: Page, testId: string): Promise<string> {
  await p.getByTestId(testId).first().waitFor({ timeout: 30_000 });
  return until(
    `${testId} to show a number`,
    () => text(p, testId),
    (t) => t !== "—" && t !== "",
    30_000,
    100,
  );
}

/** Charts drew: the box holds a canvas of non-zero size. */
async function drawn(p: Page, testId: string): Promise<void> {
  const canvas = p.getByTestId(testId).locator("canvas").first();
  await canvas.waitFor({ timeout: 30_000 });
  const box = await canvas.boundingBox();
  expect(box && box.width > 50 && box.height > 50, `${testId} canvas`).toBe(true);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "teachEvents" });
  const db = server.database.db;
  const id = async (u: string) =>
    (await db.select({ id: account.id, school_id: account.school_id, subject_id: account.subject_id }).from(account).where(eq(account.username, u)))[0]!;
  const [zhang, li, wang] = [await id("zhanglaoshi"), await id("lilaoshi"), await id("wanglaoshi")];
  const scheme = await insertScheme(db, "课堂教学评价量表（测试）");
  const items = await db.select().from(lectureIndicator).where(eq(lectureIndicator.root_id, scheme));
  const item = (n: string) => items.find((i) => i.name === n)!.id;
  const now = Date.now();
  const lessons = [
    {
      name: "《春》朗读教学",
      teacher: zhang.id,
      evaluators: [li.id, wang.id],
      is_type: 2,
      scores: [
        [8, 9, 4, 86],
        [7, 8, 3, 74],
      ],
    },
    { name: "古诗二首", teacher: zhang.id, evaluators: [li.id], is_type: 1, scores: [[9, 9, 5, 95]] },
    { name: "一元一次方程", teacher: li.id, evaluators: [zhang.id], is_type: 3, scores: [[6, 7, 3, 65]] },
  ];
  for (const [i, l] of lessons.entries()) {
    const rec = await insertListen(db, {
      name: l.name,
      organiser: l.teacher,
      teacher: l.teacher,
      evaluators: l.evaluators,
      school_id: zhang.school_id,
      subject_id: zhang.subject_id,
      is_type: l.is_type,
      open_model: 1,
      indicator_id: scheme,
      start_time: new Date(now - (i + 1) * 86400_000),
    });
    for (const [j, [a, b, c, total]] of l.scores.entries()) {
      const [ev] = await db
        .insert(listenEvaluation)
        .values({ record_id: rec, account_id: l.evaluators[j]!, total_score: total!, status: 1, updated_at: new Date(now - (i + 1) * 86400_000 + 3600_000) })
        .returning({ id: listenEvaluation.id });
      await db.insert(listenScore).values([
        { evaluation_id: ev!.id, indicator_id: item("目标明确"), score: a! },
        { evaluation_id: ev!.id, indicator_id: item("重难点突出"), score: b! },
        { evaluation_id: ev!.id, indicator_id: item("环节紧凑"), score: c! },
      ]);
    }
  }
  const st = (rt: number, ch: number, mode: string) =>
    ({
      version: 1,
      duration: 2400,
      st: { available: true, interval: 30, samples: [], n: 80, nt: 0, ns: 0, runs: 1, rt, ch, mode, curve: [[0, 0]] },
    }) as unknown as AnalysisResult;
  for (const [n, r] of [
    [1, st(0.25, 0.3, "练习型")],
    [2, st(0.55, 0.5, "对话型")],
    [3, st(0.8, 0.2, "讲授型")],
  ] as const)
    await db.insert(analysisCourse).values({
      video_id: 880000 + n,
      name: `分析课例${n}`,
      account_id: zhang.id,
      creator_id: zhang.id,
      school_id: zhang.school_id,
      subject_id: zhang.subject_id,
      source: "local",
      status: 2,
      publish_status: 1,
      result: r,
      finished_at: new Date(),
    });
  token = (await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD)).token;
  handle = await launchBrowser();
  page = await handle.browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: "zh-CN", timezoneId: "Asia/Shanghai" });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("#11 big screens and portraits", () => {
  it("an anonymous visitor's /bigData shows the API's numbers and draws its charts", async () => {
    const api = (await server.call<BigData>(CALLS.bigData, {})).data;
    await page.goto(`${server.url}/#/bigData`);
    expect(await tile(page, "kpi-listen-value")).toBe(num(api.kpi.listen_records));
    expect(await tile(page, "kpi-analysed-value")).toBe(num(api.kpi.analysed));
    expect(await tile(page, "kpi-teachers-value")).toBe(num(api.kpi.teachers));
    expect(api.kpi.listen_records).toBe(3);
    await drawn(page, "chart-months");
    await drawn(page, "chart-modes");
    await drawn(page, "chart-schools");
    await snap(page, "portal-bigdata-1920");
  });

  it("张老师's 评课大屏 shows c061's totals at 1920×1080 and 1366×768", async () => {
    await signIn(page, server.url, "zhanglaoshi", TEST_TEACHER_PASSWORD);
    await page.goto(`${server.url}/#/foreground/classroomReview`);
    await page.getByRole("button", { name: "全部" }).click();
    const api = (await server.call<EvaluationScreen>(CALLS.evaluationScreen, {}, token)).data;
    await holds(() => text(page, "kpi-evaluations-value").then((t) => t === num(api.totals.evaluations)), 30_000, 100);
    expect(await text(page, "kpi-records-value")).toBe(num(api.totals.records));
    expect(await text(page, "kpi-evaluations-value")).toBe(num(api.totals.evaluations));
    expect(await text(page, "kpi-mean-value")).toBe(api.totals.mean_score!.toFixed(1));
    expect(await text(page, "screen-scope")).toBe("范围：银川市第一中学");
    await drawn(page, "chart-trend");
    await drawn(page, "chart-subject");
    await drawn(page, "chart-scores");
    await expect.poll(() => page.getByTestId("screen-latest").textContent()).toContain(api.latest[0]!.record_name);
    await snap(page, "portal-review-1920");
    await page.setViewportSize({ width: 1366, height: 768 });
    await snap(page, "portal-review-1366");
  });

  it("张老师 opens his portrait (1440 and 375 wide)", async () => {
    const api = (await server.call<TeacherPortrait>(CALLS.teacherPortrait, {}, token)).data;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/#/foreground/personalPortrait`);
    await page.getByTestId("teacher-portrait").waitFor({ timeout: 30_000 });
    expect(await text(page, "portrait-name")).toBe("张老师");
    expect(await text(page, "stat-received-value")).toBe(num(api.counts.evaluations_received));
    expect(await text(page, "stat-analysed-value")).toBe(num(api.counts.analysed));
    expect(api.counts.analysed).toBe(3);
    await drawn(page, "portrait-radar");
    await drawn(page, "portrait-rtch");
    await snap(page, "portal-portrait-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    // Once the page has reflowed to the phone's width (the charts resize on their ResizeObserver), nothing sticks out sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 10_000 }).toBeLessThanOrEqual(1);
    await snap(page, "portal-portrait-375");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/#/foreground/schoolPortrait`);
    await page.getByTestId("school-portrait").waitFor({ timeout: 30_000 });
    await drawn(page, "portrait-subjects");
    await snap(page, "portal-school-1440");
    await page.goto(`${server.url}/#/foreground/evaluationClass`);
    await page.getByTestId("evaluation-cards").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("evaluation-card").count()).toBe(3);
    await snap(page, "portal-evaluation-class-1440");
    await page.goto(`${server.url}/#/onlineTeacherDetails`);
    await page.getByTestId("online-by-school").waitFor({ timeout: 30_000 });
    await snap(page, "portal-online-1440");
  });
});
