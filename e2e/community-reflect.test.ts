import { CALLS, type ActivityDetail, type CommunityItem, type Page as Paged, type ReflectRow } from "@yanke/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_TEACHER_PASSWORD } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #7 reflections (教学反思, c388–c390) in the NINGXIA edition: lilaoshi writes a reflection on an ended activity from
 * 活动历史, finds it in 我的主页 → 我的反思, renames it and deletes it — every step checked over the wire.
 */

let server: TestServer;
let handle: BrowserHandle;
let context: BrowserContext;
let page: Page;
const token: Record<string, string> = {};
const accountId: Record<string, number> = {};
let community: CommunityItem;
let activity: ActivityDetail;
const TITLE = "期末复习课的三点反思";
const TITLE2 = "期末复习课的三点反思（修订）";

const ok = okOf(
  () => server,
  (user) => token[user] ?? "",
);

const mine = () => ok<Paged<ReflectRow>>(CALLS.reflectList, { page: 1, limit: 20 }, "lilaoshi");

/** Waits until no finite CSS animation or transition runs (modal zoom, tab ink bar), for screenshots. */
async function settled(): Promise<void> {
  const running = () => page.evaluate(() => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length);
  await expect.poll(running, { timeout: 5_000 }).toBe(0);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer({ EDITION: "NINGXIA" });
  for (const u of ["zhanglaoshi", "lilaoshi"]) {
    const s = await server.login(u, TEST_TEACHER_PASSWORD);
    token[u] = s.token;
    accountId[u] = s.account_id;
  }
  community = await ok<CommunityItem>(
    CALLS.communitySave,
    { name: "反思测试社区", introduction: "浏览器测试用的教研社区", type: 1, level: 1, join_mode: 0 },
    "zhanglaoshi",
  );
  await ok(CALLS.communityJoin, { community_id: community.id }, "lilaoshi");
  // An activity that ended three days ago (save takes past times), lilaoshi taking part.
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Shanghai" }).format(new Date(Date.now() - 3 * 24 * 3600_000));
  activity = await ok<ActivityDetail>(
    CALLS.activitySave,
    {
      community_id: community.id,
      name: "期末复习同课异构",
      introduction: "复习课研讨",
      start_time: `${day} 09:00:00`,
      end_time: `${day} 11:00:00`,
      participation_account_ids: [accountId.lilaoshi],
    },
    "zhanglaoshi",
  );
  expect(activity.phase).toBe("ended");
  // A free-standing reflection of his, written earlier: the list shows both kinds.
  await ok(CALLS.reflectSave, { title: "关于作业分层的随想", content: "<p>分层作业让基础薄弱的学生也能完成。</p>" }, "lilaoshi");
  handle = await launchBrowser();
  context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
  page = await context.newPage();
  await signIn(page, server.url, "lilaoshi", TEST_TEACHER_PASSWORD);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await handle?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)("browser: reflections of the personal centre (#7)", () => {
  it("写反思 on an ended activity of 活动历史 saves a reflection on that activity and its community", async () => {
    await page.goto(`${server.url}/#/personalCenter/eventHistory`);
    const row = page.getByTestId("history-row").filter({ hasText: activity.name });
    await row.waitFor();
    await expect.poll(() => row.getByTestId("history-reflect-count").getAttribute("data-count")).toBe("0");
    await row.getByTestId("history-reflect-write").click();
    await page.getByTestId("reflect-form").waitFor();
    expect(await page.getByTestId("reflect-activity").textContent()).toContain(activity.name);
    await inputOf(page, "reflect-title").fill(TITLE);
    await page.locator('[data-testid="reflect-content-editor"] .ProseMirror').click();
    await page.keyboard.type("一、复习课要以学生的错题为起点。");
    await page.keyboard.press("Enter");
    await page.getByTestId("rte-bold").click();
    await page.keyboard.type("二、同课异构让我看到了不同的梳理方式。");
    await page.mouse.move(1300, 780); // no toolbar tooltip in the picture
    await settled();
    await snap(page, "113-reflection-editor");
    await page.getByTestId("reflect-save").click();
    await page.getByTestId("reflect-form").waitFor({ state: "detached" });

    const wire = await mine();
    expect(wire.total).toBe(2);
    const r = wire.list.find((x) => x.title === TITLE);
    expect(r).toMatchObject({
      activity_id: activity.id,
      activity_name: activity.name,
      community_id: community.id,
      community_name: community.name,
      can_delete: true,
    });
    expect(r!.content).toContain("<strong>二、同课异构让我看到了不同的梳理方式。</strong>");
    // The row now counts it and opens it.
    await expect.poll(() => row.getByTestId("history-reflect-count").getAttribute("data-count")).toBe("1");
    await row.getByTestId("history-reflect-count").click();
    await page.locator(".ant-drawer").getByTestId("reflect-row").filter({ hasText: TITLE }).waitFor();
    expect(await page.locator(".ant-drawer").getByTestId("reflect-row").count()).toBe(1);
    await page.keyboard.press("Escape");
  });

  it("我的主页 → 我的反思 lists both; the content unfolds; the title is edited; delete removes it", async () => {
    await page.goto(`${server.url}/#/personalCenter/myPersonalCenter`);
    await page.getByTestId("pc-tab-reflect").click();
    const rows = page.getByTestId("reflect-row");
    await expect.poll(() => rows.count()).toBe(2);
    const wire = await mine();
    expect(await rows.getByTestId("reflect-title-text").allTextContents()).toEqual(wire.list.map((x) => x.title));
    const row = rows.filter({ hasText: TITLE });
    expect(await row.getByTestId("reflect-activity-name").textContent()).toBe(activity.name);
    await row.getByTestId("reflect-toggle").click();
    expect(await row.getByTestId("reflect-content").locator("strong").textContent()).toBe("二、同课异构让我看到了不同的梳理方式。");
    await expect.poll(() => page.locator(".ant-message-notice").count(), { timeout: 10_000 }).toBe(0); // 保存成功 gone
    await settled();
    await snap(page, "112-reflection-list");

    // Title search narrows the list (c388 title).
    await page.getByTestId("reflect-search").locator("input").fill("作业");
    await page.getByTestId("reflect-search").locator("input").press("Enter");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.getByTestId("reflect-title-text").textContent()).toBe("关于作业分层的随想");
    await page.getByTestId("reflect-search").locator("input").fill("");
    await page.getByTestId("reflect-search").locator("input").press("Enter");
    await expect.poll(() => rows.count()).toBe(2);

    // Edit the title.
    await row.getByTestId("reflect-edit").click();
    const title = inputOf(page, "reflect-title");
    await expect.poll(() => title.inputValue()).toBe(TITLE);
    await title.fill(TITLE2);
    await page.getByTestId("reflect-save").click();
    await page.getByTestId("reflect-form").waitFor({ state: "detached" });
    await rows.filter({ hasText: TITLE2 }).waitFor();
    const edited = (await mine()).list.find((x) => x.activity_id === activity.id);
    expect(edited).toMatchObject({ title: TITLE2, activity_id: activity.id, community_id: community.id });
    expect(edited!.content).toContain("一、复习课要以学生的错题为起点。");

    // Delete it (confirmed).
    await rows.filter({ hasText: TITLE2 }).getByTestId("reflect-delete").click();
    await page.locator(".ant-popconfirm .ant-popconfirm-buttons button").last().click();
    await expect.poll(async () => (await mine()).list.map((x) => x.title)).toEqual(["关于作业分层的随想"]);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.getByTestId("reflect-title-text").textContent()).toBe("关于作业分层的随想");

    // A new reflection starts empty (not from the values of the edit before).
    await page.getByTestId("reflect-new").click();
    await expect.poll(() => inputOf(page, "reflect-title").inputValue()).toBe("");
    expect(await page.locator('[data-testid="reflect-content-editor"] .ProseMirror').textContent()).toBe("");
    await page.keyboard.press("Escape");
    await page.getByTestId("reflect-form").waitFor({ state: "detached" });
  });
});
