/**
 * #8 collective preparation pages (NINGXIA): a teacher creates a preparation in his community through the form (with a
 * participant, open to everyone), finds it in the community's list, opens the detail, likes it and posts a discussion
 * message; the participant sees it and replies (reply target set and cleared, the empty-message refusal); an anonymous
 * visitor opens the space's public list and the detail read-only. What the pages show is checked over the wire.
 */
import {
  CALLS,
  type CommunityItem,
  type DiscussPage,
  type LessonPlanRow,
  type Page as ListPage,
  type PreparationFileRow,
  type PreparationDetail,
  type PreparationRow,
  type SessionInfo,
} from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { eq } from "drizzle-orm";
import { preparation } from "../apps/server/src/modules/preparation/preparation.schema.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, hashRoute, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;
let page: Page;
let li: SessionInfo;
let communityId = 0;
let prepId = 0;
const THEME = "七年级上册 有理数 集体备课";
const MESSAGE = "建议在导入环节用温度计引出负数。";
const REPLY = "同意，可以再加一个海拔的例子。";
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const ok = okOf(() => server);

async function signInAs(username: string): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto("about:blank");
  await signIn(page, server.url, username, TEST_TEACHER_PASSWORD);
}

async function open(route: string): Promise<void> {
  await page.goto(`${server.url}/#${route}`);
}

/** A screenshot from the top, once the toasts have gone. */
async function look(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.locator(".ant-message-notice").count(), { timeout: 10_000 }).toBe(0);
  await snap(page, name);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA", ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
  const zhang = await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
  li = await server.login("lilaoshi", TEST_TEACHER_PASSWORD);
  communityId = (
    await ok<CommunityItem>(
      CALLS.communitySave,
      { name: "初中数学集体备课社区", introduction: "每周一次集体备课。", type: 1, level: 1, join_mode: 0 },
      zhang.token,
    )
  ).id;
  await ok(CALLS.communityJoin, { community_id: communityId }, li.token);
  handle = await launchBrowser();
  const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await snap(page, "prepare-failure").catch(() => undefined);
});

afterAll(async () => {
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: collective preparation (NINGXIA)", () => {
  it("a teacher creates a preparation through the form with a participant and finds it in the community's list", async () => {
    await signInAs("zhanglaoshi");
    await open(`/community/collectivePrepare?community_id=${communityId}`);
    await page.getByTestId("prep-create").click();
    await page.getByTestId("prep-form").waitFor();
    // Chinese validation: nothing typed yet.
    await page.getByTestId("prep-form-submit").click();
    await page.getByText("请输入备课主题").waitFor();
    await inputOf(page, "prep-form-theme").fill(THEME);
    await page.getByTestId("prep-form-open").getByText("公开", { exact: true }).click();
    await page.getByTestId("prep-form-members").click();
    await page.locator(".ant-select-item-option").filter({ hasText: "李老师" }).click();
    await page.getByTestId("prep-form-intro").click(); // closes the dropdown
    await page.getByTestId("prep-form-intro").fill("分工：张老师主备，李老师准备练习。");
    await look("prepare-form");
    await page.getByTestId("prep-form-submit").click();
    await expect.poll(() => hashRoute(page), { timeout: 15_000 }).toMatch(/^\/editDetail\?id=\d+/);
    prepId = Number(new URLSearchParams(hashRoute(page).split("?")[1]).get("id"));

    const d = await ok<PreparationDetail>(CALLS.preparationDetail, { id: prepId }, li.token);
    expect(d).toMatchObject({ theme: THEME, community_id: communityId, open_model: 1, type: 1 });
    expect(d.members.map((m) => m.realname).sort()).toEqual(["张老师", "李老师"].sort());
    await expect.poll(() => page.getByTestId("prep-theme").textContent()).toBe(THEME);
    // 编辑 opens the form with what was saved.
    await page.getByTestId("prep-edit").click();
    await expect.poll(() => inputOf(page, "prep-form-theme").inputValue()).toBe(THEME);
    expect(await page.getByTestId("prep-form-members").textContent()).toContain("李老师");

    await open(`/community/collectivePrepare?community_id=${communityId}`);
    const card = page.getByTestId("prep-card").filter({ hasText: THEME });
    await card.waitFor();
    const listed = await ok<ListPage<PreparationRow>>(CALLS.preparationIndex, { community_id: communityId }, li.token);
    expect(listed.list.map((r) => r.theme)).toEqual([THEME]);
    expect(await card.getByTestId("prep-phase").textContent()).toBe(listed.list[0].phase_name);
    expect(await card.textContent()).toContain("张老师");
    await look("prepare-list");

    // The owner moderates from the card: 不通过 needs a reason; 通过 again; 展示 off and on.
    const verifyStatus = async () =>
      (await server.database.db.select({ v: preparation.verify_status, d: preparation.is_display }).from(preparation).where(eq(preparation.id, prepId)))[0]!;
    await card.getByTestId("prep-reject").click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "不通过" });
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await page.locator(".ant-message-notice").filter({ hasText: "请填写不通过的原因" }).waitFor();
    await page.getByTestId("prep-reject-reason").fill("请补充教学目标");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(async () => (await verifyStatus()).v, { timeout: 10_000 }).toBe(2);
    await card.getByTestId("prep-approve").click();
    await page
      .locator(".ant-popconfirm")
      .getByRole("button", { name: /通\s*过/ })
      .click();
    await expect.poll(async () => (await verifyStatus()).v, { timeout: 10_000 }).toBe(1);
    await card.getByTestId("prep-display").click();
    await expect.poll(async () => (await verifyStatus()).d, { timeout: 10_000 }).toBe(0);
    await card.getByTestId("prep-display").click();
    await expect.poll(async () => (await verifyStatus()).d, { timeout: 10_000 }).toBe(1);

    await page.getByTestId("prep-tab-stats").click();
    await page.getByTestId("prep-chart-month").waitFor();
    await look("prepare-stats");
  });

  it("the author sees the plans and files, likes it and starts a discussion; the participant sees it and replies", async () => {
    // A plan written by the participant (over the wire), previewed read-only on the detail.
    const plan = await ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prepId, title: "有理数 第一课时", template: true }, li.token);
    await open(`/editDetail?id=${prepId}`);
    const planRow = page.getByTestId("prep-plan").filter({ hasText: "有理数 第一课时" });
    await planRow.waitFor();
    expect(await planRow.getByTestId("prep-plan-link").getAttribute("href")).toBe(`#/collectivePrepare/editDetail?id=${prepId}&doc=${plan.id}`);
    await page.getByTestId("prep-plan-preview").getByText("教学目标").waitFor();
    // A file uploaded on the 备课文件 tab.
    await page.getByTestId("prep-tab-files").click();
    await page
      .getByTestId("prep-files")
      .getByTestId("file-upload-input")
      .setInputFiles({ name: "有理数练习.txt", mimeType: "text/plain", buffer: Buffer.from("1. 写出三个负数。\n") });
    await page.getByTestId("prep-files").getByText("有理数练习.txt").waitFor();
    const files = await ok<ListPage<PreparationFileRow>>(CALLS.preparationFileList, { preparation_id: prepId }, li.token);
    expect(files.list.map((f) => [f.file_name, f.account_name])).toEqual([["有理数练习.txt", "张老师"]]);
    await page.getByTestId("prep-tab-plans").click();
    await look("prepare-detail-plans");

    await page.getByTestId("prep-like").click();
    await expect.poll(() => page.getByTestId("prep-like-count").textContent()).toBe("1");
    expect((await ok<PreparationDetail>(CALLS.preparationDetail, { id: prepId }, li.token)).like_count).toBe(1);

    await page.getByTestId("prep-tab-discuss").click();
    await page.getByTestId("disc-input").press("Enter");
    await page.getByText("请先输入内容").waitFor();
    await page.getByTestId("disc-input").fill(MESSAGE);
    await page.getByTestId("disc-input").press("Enter");
    await page.getByTestId("disc-text").filter({ hasText: MESSAGE }).waitFor();
    // The push may show the message before the call has answered; the box clears once it has.
    await expect.poll(() => page.getByTestId("disc-input").inputValue(), { timeout: 5000 }).toBe("");
    await look("prepare-detail");

    await signInAs("lilaoshi");
    await open(`/editDetail?id=${prepId}`);
    await page.getByTestId("prep-tab-discuss").click();
    const first = page.getByTestId("disc-item").filter({ hasText: MESSAGE }).first();
    await first.waitFor();
    // Not his: no delete link.
    expect(await first.getByTestId("disc-delete").count()).toBe(0);
    await first.getByTestId("disc-reply").first().click();
    expect(await page.getByTestId("disc-reply-target").textContent()).toContain("张老师");
    await page.getByTestId("disc-reply-clear").click();
    expect(await page.getByTestId("disc-reply-target").count()).toBe(0);
    await first.getByTestId("disc-reply").first().click();
    // Images: png / jpg / jpeg only; a good one shows before sending.
    await page.getByTestId("disc-image-input").setInputFiles({ name: "板书.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByText("评论图片只能是 png、jpg 或 jpeg 格式").waitFor();
    await page.getByTestId("disc-image-input").setInputFiles({ name: "板书.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    await page.getByTestId("disc-box").locator(".yk-disc-pending img").waitFor();
    await page.getByTestId("disc-input").fill(REPLY);
    await page.getByTestId("disc-send").click();
    await first.getByTestId("disc-text").filter({ hasText: REPLY }).waitFor();
    expect(await page.getByTestId("disc-reply-target").count()).toBe(0);
    // His own reply carries a delete link.
    expect(await first.locator(".yk-disc-child").getByTestId("disc-delete").count()).toBe(1);

    const zhang = await server.login("zhanglaoshi", TEST_TEACHER_PASSWORD);
    const thread = await ok<DiscussPage>(CALLS.preparationDiscussList, { preparation_id: prepId }, zhang.token);
    expect(thread.list.map((m) => m.content)).toEqual([MESSAGE]);
    expect(thread.list[0].children.map((c) => [c.content, c.account.realname, c.reply_person_name, c.content_img.length])).toEqual([
      [REPLY, "李老师", "张老师", 1],
    ]);
    await first.locator(".yk-disc-child .yk-disc-imgs img").waitFor();
    await look("prepare-detail-discussion");
  });

  it("an anonymous visitor opens the space's public list and the detail read-only", async () => {
    await page.evaluate(() => localStorage.clear());
    await open(`/blog/collectivePrepare/detailList?community_id=${communityId}`);
    await page.reload();
    const card = page.getByTestId("prep-card").filter({ hasText: THEME });
    await card.waitFor();
    await look("prepare-blog-list");
    await card.getByTestId("prep-card-title").click();
    await expect
      .poll(() =>
        page
          .getByTestId("prep-theme")
          .textContent()
          .catch(() => ""),
      )
      .toBe(THEME);
    expect(await page.getByTestId("prep-like").count()).toBe(0);
    expect(await page.getByTestId("prep-edit").count()).toBe(0);
    expect(await page.getByTestId("prep-delete").count()).toBe(0);
    expect(await page.getByTestId("prep-like-count-static").textContent()).toContain("1");
    await page.getByTestId("prep-plan-preview").getByText("教学目标").waitFor();
    expect(await page.getByTestId("prep-plan-create").count()).toBe(0);
    await page.getByTestId("prep-tab-discuss").click();
    await page.getByTestId("disc-closed").getByText("请先加入空间后评论！").waitFor();
    expect(await page.getByTestId("disc-input").count()).toBe(0);
    await look("prepare-detail-anonymous");
  });
});
