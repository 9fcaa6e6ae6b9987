import ExcelJS from "exceljs";
import {
  CALLS,
  type ActivityDetail,
  type CommunityItem,
  type ListenDetail,
  type Page as ListPage,
  type QuestionnaireDetail,
  type QuestionnaireResults,
  type QuestionnaireRow,
} from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #12 questionnaires in the browser: 张老师 builds a questionnaire (a single choice whose second option ends the
 * questionnaire, a rating, a text question) for his community and publishes it; 李老师 answers on a phone-sized page
 * (autosave survives a reload, the required text is asked for, then submitted), 王老师 takes the skip path (the other
 * questions disappear); the author reads the charts and counts and exports the workbook.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
const token: Record<string, string> = {};
let community: CommunityItem;
let qn: QuestionnaireDetail;
const COMMUNITY = `问卷测试社区${Date.now() % 100000}`;
const TITLE = "本学期社区教研活动反馈";
const LISTEN = "七年级 有理数的加法 听评课";
const ACTIVITY = "期中质量分析教研活动";
let listenId = 0;

const ok = okOf(
  () => server,
  (user) => token[user] ?? "",
);

async function become(user: string): Promise<void> {
  if (page.url().startsWith(server.url)) await page.evaluate(() => localStorage.clear());
  await page.goto("about:blank");
  await signIn(page, server.url, user, TEST_TEACHER_PASSWORD);
}

const open = (route: string) => page.goto(`${server.url}/#${route}`);

async function choose(testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first();
  await option.click();
  await expect.poll(() => page.locator(".ant-select-dropdown:visible").count()).toBe(0);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {});
  for (const u of ["zhanglaoshi", "lilaoshi", "wanglaoshi"]) token[u] = (await server.login(u, TEST_TEACHER_PASSWORD)).token;
  community = await ok<CommunityItem>(
    CALLS.communitySave,
    { name: COMMUNITY, introduction: "问卷浏览器测试用的社区", type: 1, level: 1, join_mode: 0 },
    "zhanglaoshi",
  );
  await ok(CALLS.communityJoin, { community_id: community.id }, "lilaoshi");
  await ok(CALLS.communityJoin, { community_id: community.id }, "wanglaoshi");
  // A listen record and a research activity he organised, for the builder's pickers (audiences 4 and 3).
  const wire = (ms: number) => new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
  listenId = (
    await ok<ListenDetail>(
      CALLS.listenSave,
      { name: LISTEN, community_id: community.id, evaluation_type: 2, start_time: wire(-3600_000), end_time: wire(86400_000) },
      "zhanglaoshi",
    )
  ).id;
  await ok<ActivityDetail>(
    CALLS.activitySave,
    { community_id: community.id, name: ACTIVITY, start_time: wire(86400_000), end_time: wire(90000_000) },
    "zhanglaoshi",
  );
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN", acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await snap(page, `questionnaire-failure-${ctx.task.name.split(" ")[1] ?? "x"}`).catch(() => undefined);
});

afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: questionnaires", () => {
  it("the author builds a questionnaire with a skip rule for his community and publishes it", async () => {
    await become("zhanglaoshi");
    await open("/personalCenter/myQuestionnaire");
    await page.getByRole("tab", { name: "我创建的" }).click();
    await page.getByTestId("qn-new").click();
    await page.getByTestId("qb-title").fill(TITLE);
    await page.getByTestId("qb-introduce").fill("请根据本学期参加社区活动的情况如实填写，约需 1 分钟。");
    await choose("qb-audience-type", "社区成员");
    await choose("qb-audience-community", COMMUNITY);

    await page.getByTestId("qb-add-single").click();
    await page.getByTestId("qb-q-0-title").fill("您参加过本学期的社区教研活动吗？");
    await page.getByTestId("qb-q-0-opt-0").fill("参加过");
    await page.getByTestId("qb-q-0-opt-1").fill("没有参加");
    await page.getByTestId("qb-add-rating").click();
    await page.getByTestId("qb-q-1-title").fill("您对活动组织的满意度");
    await page.getByTestId("qb-add-text").click();
    await page.getByTestId("qb-q-2-title").fill("您对下次活动有什么建议？");
    // 没有参加 → 结束问卷 (a jump backwards is not offered; an empty option label is reported before saving).
    await choose("qb-q-0-skip-1", "结束问卷");
    await page.getByTestId("qb-q-0-opt-1").fill("");
    await expect.poll(() => page.getByTestId("qb-problem").textContent()).toContain("第 1 题");
    await page.getByTestId("qb-q-0-opt-1").fill("没有参加");
    await expect.poll(() => page.getByTestId("qb-problem").count()).toBe(0);
    // The preview answers as a respondent would: choosing 没有参加 hides the later questions.
    const preview = page.getByTestId("qb-preview");
    await expect.poll(() => preview.locator("[data-testid^=qn-q-]").count()).toBe(3);
    await preview.getByText("没有参加").click();
    await expect.poll(() => preview.locator("[data-testid^=qn-q-]").count()).toBe(1);
    await snap(page, "questionnaire-builder-1440");
    await page.getByTestId("qb-save").click();

    await page.getByTestId("qn-row-title").filter({ hasText: TITLE }).waitFor();
    await page.getByTestId("qn-publish").first().click();
    await page.getByTestId("qn-publish-ok").click();
    await expect.poll(() => page.getByTestId("qn-row-status").first().textContent()).toBe("已发布");

    const list = await ok<ListPage<QuestionnaireRow>>(CALLS.questionnaireList, { keyword: TITLE }, "zhanglaoshi");
    expect(list.list).toHaveLength(1);
    qn = await ok<QuestionnaireDetail>(CALLS.questionnaireDetail, { id: list.list[0]!.id }, "zhanglaoshi");
    expect(qn.audience_type).toBe(1);
    expect(qn.audience_id).toBe(community.id);
    expect(qn.questions.map((q) => q.type)).toEqual(["single", "rating", "text"]);
    expect(qn.questions[0]!.skip).toEqual([{ option_id: qn.questions[0]!.options[1]!.id, goto: "end" }]);
  }, 60_000);

  it("two members answer on a phone: autosave survives a reload, the skip path hides the rest", async () => {
    const [single, rating, text] = qn.questions as [
      QuestionnaireDetail["questions"][0],
      QuestionnaireDetail["questions"][0],
      QuestionnaireDetail["questions"][0],
    ];
    const [yes, no] = single.options;
    await page.setViewportSize({ width: 375, height: 760 });
    await become("lilaoshi");
    await open(`/questionnaire/answer?id=${qn.id}`);
    await page.getByTestId("qn-title").waitFor();
    await page.getByTestId(`qn-opt-${single.id}-${yes!.id}`).click();
    await page.getByTestId(`qn-rate-${rating.id}-4`).click();
    await expect.poll(() => page.getByTestId("qn-saved").textContent()).toMatch(/^已自动保存 \d{2}:\d{2}:\d{2}$/);
    await page.reload();
    await page.getByTestId("qn-title").waitFor();
    await expect.poll(() => inputOf(page, `qn-opt-${single.id}-${yes!.id}`).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId(`qn-rate-${rating.id}-4`).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByTestId("qn-progress").textContent()).toContain("2/3");
    // The required text question is asked for before anything is sent.
    await page.getByTestId("qn-submit").click();
    await expect.poll(() => page.getByTestId(`qn-q-${text.id}`).getByTestId("qn-error").textContent()).toBe("此题为必答题");
    await page.getByTestId(`qn-text-${text.id}`).fill("希望多安排同课异构和课后研讨的时间");
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "questionnaire-answer-375");
    await page.getByTestId("qn-submit").click();
    await page.getByTestId("qn-submit-ok").click();
    await page.getByTestId("qn-thanks").waitFor();
    await page.reload();
    await page.getByTestId("qn-already").waitFor();

    await become("wanglaoshi");
    await open(`/questionnaire/answer?id=${qn.id}`);
    await page.getByTestId("qn-title").waitFor();
    await expect.poll(() => page.locator("[data-testid^=qn-q-]").count()).toBe(3);
    await page.getByTestId(`qn-opt-${single.id}-${no!.id}`).click();
    await expect.poll(() => page.locator("[data-testid^=qn-q-]").count()).toBe(1);
    await expect.poll(() => page.getByTestId("qn-progress").textContent()).toContain("1/1");
    await page.getByTestId("qn-submit").click();
    await page.getByTestId("qn-submit-ok").click();
    await page.getByTestId("qn-thanks").waitFor();

    const r = await ok<QuestionnaireResults>(CALLS.questionnaireResults, { id: qn.id }, "zhanglaoshi");
    expect(r.response_count).toBe(2);
    expect(r.questions.find((q) => q.question_id === rating.id)?.answered).toBe(1);
  }, 60_000);

  it("the author reads the charts and exports the responses", async () => {
    const [single, rating, text] = qn.questions as [
      QuestionnaireDetail["questions"][0],
      QuestionnaireDetail["questions"][0],
      QuestionnaireDetail["questions"][0],
    ];
    await page.setViewportSize({ width: 1440, height: 900 });
    await become("zhanglaoshi");
    await open("/personalCenter/myQuestionnaire");
    await page.getByRole("tab", { name: "我创建的" }).click();
    await page.getByTestId("qn-row-title").filter({ hasText: TITLE }).waitFor();
    await expect.poll(() => page.getByTestId("qn-row-responses").first().textContent()).toBe("2");
    await snap(page, "questionnaire-list-1440");
    await page.getByTestId("qn-results-open").first().click();
    const drawer = page.getByTestId("qn-results");
    await drawer.getByTestId(`qn-chart-${single.id}`).locator("canvas").waitFor();
    expect(await drawer.getByTestId(`qn-count-${single.id}-${single.options[0]!.id}`).textContent()).toBe("1");
    expect(await drawer.getByTestId(`qn-count-${single.id}-${single.options[1]!.id}`).textContent()).toBe("1");
    expect(await drawer.getByTestId(`qn-count-${rating.id}-4`).textContent()).toBe("1");
    expect(await drawer.getByTestId(`qn-mean-${rating.id}`).textContent()).toBe("4.00");
    expect(await drawer.getByTestId(`qn-result-${text.id}`).getByTestId("qn-text-count").textContent()).toBe("1");
    await snap(page, "questionnaire-results-1440");

    const [download] = await Promise.all([page.waitForEvent("download"), drawer.getByTestId("qn-export").click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.getWorksheet("答卷明细");
    expect(sheet).toBeDefined();
    const rows: string[][] = [];
    sheet!.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
    });
    expect(rows).toHaveLength(2);
    const li = rows.find((r) => r[1] === "李老师");
    const wang = rows.find((r) => r[1] === "王老师");
    expect(li?.slice(4)).toEqual(["参加过", "4", "希望多安排同课异构和课后研讨的时间"]);
    expect(wang?.[4]).toBe("没有参加");
    expect(wang?.slice(5).every((v) => v === "")).toBe(true);

    // The text answers with their words, and a cross-tabulation of the choice and the rating.
    await drawer.getByTestId(`qn-text-open-${text.id}`).click();
    const modal = page.getByTestId("qn-text-modal");
    await expect.poll(() => modal.locator(".ant-table-row").first().textContent()).toContain("希望多安排同课异构");
    await snap(page, "questionnaire-text-1440");
    await page.keyboard.press("Escape");
    await drawer.getByRole("tab", { name: "交叉分析" }).click();
    // Only 李老师's response has both answers: one count under 4 分, the total 1.
    await expect.poll(() => drawer.getByTestId("qn-crosstab").locator("tr").last().textContent()).toBe("合计000101");
    await snap(page, "questionnaire-cross-1440");
  }, 60_000);

  it("the builder picks a listen record and an activity by name, and shows the record's name when editing", async () => {
    await open("/personalCenter/myQuestionnaire");
    await page.reload();
    await page.getByRole("tab", { name: "我创建的" }).click();
    await page.getByTestId("qn-new").click();
    await page.getByTestId("qb-title").fill("听评课问卷评价");
    await choose("qb-audience-type", "社区成员");
    await choose("qb-audience-type", "活动成员");
    await page.getByTestId("qb-audience-activity").click();
    const options = page.locator(".ant-select-dropdown:visible [data-testid=qb-audience-activity-option]");
    // His research activity and the listen record's own activity (type 听评课), searched by name on the server.
    await expect.poll(() => options.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(ACTIVITY), expect.stringContaining(LISTEN)]));
    await snap(page, "questionnaire-pick-activity-1440");
    await page.keyboard.type("期中");
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringMatching(new RegExp(`^${ACTIVITY}教研活动未开始${COMMUNITY}`))]);
    await page.keyboard.press("Escape");

    await choose("qb-audience-type", "听评课参与人");
    await page.getByTestId("qb-audience-listen").click();
    const listen = page.locator(".ant-select-dropdown:visible [data-testid=qb-audience-listen-option]");
    await expect.poll(() => listen.allTextContents()).toEqual([expect.stringContaining(`${LISTEN}现场听评课进行中`)]);
    expect(await listen.first().textContent()).toContain(COMMUNITY);
    await snap(page, "questionnaire-pick-listen-1440");
    await listen.first().click();
    await expect.poll(() => page.getByTestId("qb-audience-listen-chosen").textContent()).toBe(LISTEN);
    await page.getByTestId("qb-add-rating").click();
    await page.getByTestId("qb-save").click();
    await page.getByTestId("qn-row-title").filter({ hasText: "听评课问卷评价" }).waitFor();
    const rows = await ok<ListPage<QuestionnaireRow>>(CALLS.questionnaireList, { keyword: "听评课问卷评价" }, "zhanglaoshi");
    expect(rows.list[0]).toMatchObject({ audience_type: 4, audience_id: listenId, audience_name: LISTEN });

    // Editing shows the chosen record by name.
    await page.locator(".ant-table-row").filter({ hasText: "听评课问卷评价" }).getByTestId("qn-edit").click();
    await expect.poll(() => page.getByTestId("qb-audience-listen-chosen").textContent()).toBe(LISTEN);
  }, 60_000);
});
