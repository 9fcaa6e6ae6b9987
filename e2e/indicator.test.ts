/**
 * #9 听课指标管理 in the browser, as the platform administrator (pingtai; the 校级管理员 role has no 教研管理 menu in the seed): build a scheme with two dimensions and their
 * items, see the weight check warn and clear as the weights are set, compare the tree with the list over the wire,
 * and add a listen target in the second tab.
 */
import { CALLS, type IndicatorListAnswer, type ListenTargetListAnswer } from "@yanke/protocol";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD } from "../apps/server/src/db/bootstrap.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, sessionToken, signIn, snap } from "./support.js";

let server: TestServer;
let handle: BrowserHandle;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  handle = await launchBrowser();
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
});

/** Fills and saves the node dialog. */
async function node(page: Page, name: string, weight?: number, range?: [number, number]): Promise<void> {
  await page.locator(".ant-modal-wrap:visible").waitFor();
  await inputOf(page, "indicator-node-name").fill(name);
  if (weight !== undefined) await inputOf(page, "indicator-node-weight").fill(String(weight));
  if (range) {
    await inputOf(page, "indicator-node-min").fill(String(range[0]));
    await inputOf(page, "indicator-node-max").fill(String(range[1]));
  }
  await page.getByTestId("indicator-node-ok").click();
  try {
    await poll(() => page.locator(".ant-modal-wrap:visible").count()).toBe(0);
  } catch (e) {
    await snap(page, "indicator-dialog-stuck");
    throw e;
  }
}

/** expect.poll with room for a save, a read-back and the dialog's closing motion on a slow machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

const warnings = (page: Page) => page.getByTestId("indicator-warning").allTextContents();

describe.skipIf(!hasChromium)("browser: 听课指标管理", () => {
  it("the platform admin builds a scheme; the weight check warns and clears; the wire agrees", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, "pingtai", DEMO_ADMIN_PASSWORD);
    await page.goto(`${server.url}/#/research/indicator`);
    await page.getByTestId("indicator-page").waitFor();
    // The platform's default scheme is there, balanced.
    await page.getByTestId("indicator-scheme").filter({ hasText: "课堂教学评价量表" }).waitFor();
    await page.getByTestId("indicator-detail").waitFor();
    await poll(() => page.getByTestId("indicator-weight-check").getAttribute("data-ok")).toBe("1");
    await page.getByTestId("indicator-weight-chart").locator("canvas").first().waitFor();
    await snap(page, "indicator-platform");

    // A new platform scheme.
    await page.getByTestId("indicator-add-scheme").click();
    await node(page, "语文听课量表");
    await poll(() => page.getByTestId("indicator-detail-name").textContent()).toBe("语文听课量表");
    await poll(() => warnings(page)).toEqual(["「语文听课量表」下还没有维度"]);

    await page.getByTestId("indicator-add-dimension").click();
    await node(page, "教学设计", 60);
    await page.getByTestId("indicator-add-dimension").click();
    await node(page, "课堂实施", 30);
    await poll(() => warnings(page)).toEqual(["「语文听课量表」下各维度权重合计 90%，应为 100%", "「教学设计」下还没有评分项", "「课堂实施」下还没有评分项"]);
    const addItem = async (dim: string, name: string, weight: number, range?: [number, number]) => {
      await page
        .locator("tr")
        .filter({ has: page.getByTestId("indicator-row-name").getByText(dim, { exact: true }) })
        .getByTestId("indicator-row-add")
        .click();
      await node(page, name, weight, range);
    };
    await addItem("教学设计", "目标设计", 50, [0, 5]);
    await addItem("教学设计", "活动设计", 50);
    await addItem("课堂实施", "课堂互动", 60);
    await addItem("课堂实施", "课堂小结", 40);
    await poll(() => warnings(page)).toEqual(["「语文听课量表」下各维度权重合计 90%，应为 100%"]);
    await snap(page, "indicator-warning");

    // Set 课堂实施 to 40 inline: the check clears.
    const weight = page
      .locator("tr")
      .filter({ has: page.getByTestId("indicator-row-name").getByText("课堂实施", { exact: true }) })
      .getByTestId("indicator-row-weight");
    const weightInput = weight.locator("input").or(weight).first();
    await weightInput.fill("40");
    await weightInput.press("Enter");
    await poll(() => page.getByTestId("indicator-weight-check").getAttribute("data-ok")).toBe("1");
    // Move 课堂实施 above 教学设计.
    await page
      .locator("tr")
      .filter({ has: page.getByTestId("indicator-row-name").getByText("课堂实施", { exact: true }) })
      .getByTestId("indicator-row-up")
      .click();
    await poll(() => page.getByTestId("indicator-tree").getByTestId("indicator-row-name").allTextContents()).toEqual([
      "课堂实施",
      "课堂互动",
      "课堂小结",
      "教学设计",
      "目标设计",
      "活动设计",
    ]);
    await poll(() => page.getByTestId("indicator-preview").textContent()).toContain("目标设计 · 50%");
    await snap(page, "indicator-balanced");

    // The wire agrees.
    const token = await sessionToken(page);
    const schemes = await server.call<IndicatorListAnswer>(CALLS.indicatorList, { scope: "platform" }, token);
    const mine = schemes.data.list.find((s) => s.name === "语文听课量表")!;
    expect(mine).toMatchObject({ dimension_count: 2, item_count: 4, warning_count: 0, editable: true });
    const tree = (await server.call<IndicatorListAnswer>(CALLS.indicatorList, { root_id: mine.id }, token)).data;
    expect(tree.warnings).toEqual([]);
    expect(tree.tree!.children.map((d) => [d.name, d.weight, d.children.map((i) => [i.name, i.weight, i.min_score, i.max_score])])).toEqual([
      [
        "课堂实施",
        40,
        [
          ["课堂互动", 60, 0, 10],
          ["课堂小结", 40, 0, 10],
        ],
      ],
      [
        "教学设计",
        60,
        [
          ["目标设计", 50, 0, 5],
          ["活动设计", 50, 0, 10],
        ],
      ],
    ]);

    // Delete an item: its dimension warns again.
    await page
      .locator("tr")
      .filter({ has: page.getByTestId("indicator-row-name").getByText("课堂小结", { exact: true }) })
      .getByTestId("indicator-row-delete")
      .click();
    await page.getByTestId("indicator-row-delete-ok").click();
    await poll(() => warnings(page)).toEqual(["「课堂实施」下各评分项权重合计 60%，应为 100%"]);

    // Listen targets: the platform admin adds one of the platform's.
    await page.getByTestId("indicator-tab-target").click();
    await page.getByTestId("target-row-name").filter({ hasText: "课堂提问" }).waitFor();
    await page.getByTestId("target-add").click();
    await inputOf(page, "target-name").fill("作业设计");
    await page.getByTestId("target-ok").click();
    await page.getByTestId("target-row-name").filter({ hasText: "作业设计" }).waitFor();
    await poll(() => page.locator(".ant-modal-wrap:visible").count()).toBe(0);
    expect((await page.getByTestId("target-row-name").allTextContents()).at(-1)).toBe("作业设计");
    await snap(page, "indicator-targets");
    const targets = (await server.call<ListenTargetListAnswer>(CALLS.listenTargetList, { keyword: "作业" }, token)).data.list;
    expect(targets.map((t) => [t.name, t.editable])).toEqual([["作业设计", true]]);
    await context.close();
  });
});
