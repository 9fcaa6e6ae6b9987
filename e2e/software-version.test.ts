import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CALLS, type EquipmentCredentials, type HeartbeatAnswer, type IssuedCodes, type SoftwareListAnswer } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TMP_DIR } from "../apps/server/test/constants.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { demoPackage, seedSoftwareDemo } from "../apps/server/src/modules/software/software.demo.js";
import { type BrowserHandle, hasChromium, inputOf, launchBrowser, okOf, signIn, snap } from "./support.js";

/**
 * #12 软件版本 in the browser, as the platform administrator (pingtai): the demo registry (3.2.0 withdrawn, 3.4.1,
 * 3.5.0 current), upload 3.6.0 (package through FileUpload, models, notes), set it current; then 设备管理: 下发升级
 * to a device with the registry version preselected, and the `upgrade` command (signed package address, its sha256)
 * in the device's 命令记录.
 */

let server: TestServer;
let handle: BrowserHandle;
let admin = "";
let dev: EquipmentCredentials;
const ok = okOf(
  () => server,
  () => admin,
);
const DIR = path.join(TMP_DIR, `software-e2e-${process.pid}`);
const MODEL = "研课模拟录播";

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startTestServer();
  await seedSoftwareDemo({ db: server.database.db, files: server.services.files, videos: server.services.media.videos, dataDir: DIR });
  admin = (await server.login()).token;
  const school = (await server.services.org.schoolIdByCode("640104001"))!;
  const { codes } = await ok<IssuedCodes>(CALLS.codeUuid, { number: 1 });
  dev = await ok<EquipmentCredentials>(CALLS.equipmentSave, { code: codes[0], position: "八年级3班教室", producer: MODEL, school_id: school });
  // The device reports 3.4.1.
  const res = await fetch(`${server.url}/device/v1/heartbeat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: dev.code, secret: dev.secret, ip: "10.0.0.31", version: "3.4.1", state: "idle" }),
  });
  expect(((await res.json()) as { code: number; data: HeartbeatAnswer }).code).toBe(200);
  handle = await launchBrowser();
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
  rmSync(DIR, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)("browser: 软件版本 (the platform administrator)", () => {
  it("uploads 3.6.0 and sets it current, then sends the upgrade to a device from 设备管理", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN", acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, server.url, "pingtai", "Demo12345");
    await page.goto(`${server.url}/#/platform/version`);
    await page.getByTestId("software-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("软件版本");
    const table = page.getByTestId("software-table");
    const rowOf = (v: string) => table.locator("tr.ant-table-row", { has: page.getByTestId("software-row-version").getByText(v, { exact: true }) });
    await rowOf("3.5.0").getByTestId("software-current-badge").waitFor();
    await rowOf("3.2.0").getByText("已下架").waitFor();
    await page.getByTestId("software-chart").waitFor();

    // 上传新版本: the protocol's message for a bad number, then the package, models and notes.
    mkdirSync(DIR, { recursive: true });
    const pkg = path.join(DIR, "yanke-recorder-3.6.0.pkg");
    writeFileSync(pkg, demoPackage("yanke-recorder-3.6.0.pkg", 9000));
    await page.getByTestId("software-add").click();
    const form = page.getByTestId("software-form");
    await inputOf(page, "software-form-version").fill("3.6");
    await page.getByTestId("software-form-submit").click();
    await form.getByText("请上传安装包").waitFor();
    await page.locator('input[data-testid="file-upload-input"]').setInputFiles(pkg);
    await form.getByText("yanke-recorder-3.6.0.pkg").first().waitFor();
    await inputOf(page, "software-form-version").fill("3.6.0");
    await page.getByTestId("software-form-models").click();
    await page.keyboard.type(MODEL);
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: MODEL }).first().click();
    await page.keyboard.press("Escape");
    await inputOf(page, "software-form-notes").fill("新增：\n- 课堂互动数据上报\n修复：\n- 学生机位偶发黑屏");
    await snap(page, "s3-software-upload");
    await page.getByTestId("software-form-submit").click();
    await rowOf("3.6.0").waitFor();
    await expect.poll(() => page.getByTestId("software-form").count()).toBe(0);

    // 设为当前: one current version.
    await rowOf("3.6.0").getByTestId("software-set-current").click();
    await page.locator(".ant-popover:visible").getByRole("button", { name: "设为当前" }).click();
    await rowOf("3.6.0").getByTestId("software-current-badge").waitFor();
    await expect.poll(() => table.getByTestId("software-current-badge").count()).toBe(1);
    const reg = await ok<SoftwareListAnswer>(CALLS.softwareList, { product: "device" });
    expect(reg.current).toBe("3.6.0");
    const row = reg.list.find((r) => r.version === "3.6.0")!;
    expect(row).toMatchObject({ file_name: "yanke-recorder-3.6.0.pkg", size: 9000, models: [MODEL] });
    await rowOf("3.6.0").locator(".ant-table-row-expand-icon").click();
    await page.getByTestId("software-notes").getByText("课堂互动数据上报", { exact: false }).waitFor();
    await snap(page, "s3-software-page");
    // The clients' tabs: Windows has the demo's 2.1.0 (no models, no device columns); Android none yet.
    await page.getByTestId("software-tab-windows").click();
    await rowOf("2.1.0").getByTestId("software-current-badge").waitFor();
    expect(await page.getByTestId("software-chart-row").count()).toBe(0);
    await snap(page, "s3-software-windows");
    await page.getByTestId("software-tab-android").click();
    await table.getByText("暂无数据").waitFor();

    // 设备管理 → 下发升级: the current version preselected, its notes shown, the model checked.
    await page.goto(`${server.url}/#/basic/device`);
    const drow = page.getByTestId("device-table").locator("tr.ant-table-row", { hasText: dev.code });
    await drow.waitFor();
    await drow.locator(".ant-checkbox-input").check();
    // 设置目标版本 offers the registry's versions; an unregistered one is refused by the server.
    await page.getByTestId("device-batch-version").click();
    await inputOf(page, "device-version-input").fill("9.9.9");
    await page.getByTestId("device-version-submit").click();
    await page.getByText("版本 9.9.9 不在软件版本库中").first().waitFor();
    await inputOf(page, "device-version-input").fill("3.6.0");
    await page.getByTestId("device-upgrade-facts").getByText("型号检查通过").waitFor();
    await snap(page, "s3-device-target-version");
    await page.keyboard.press("Escape");
    await page
      .getByRole("button", { name: "取 消" })
      .or(page.getByRole("button", { name: "取消" }))
      .first()
      .click();
    await expect.poll(() => page.getByTestId("device-version-input").count()).toBe(0);
    await page.getByTestId("device-batch-upgrade").click();
    const dialog = page.getByTestId("device-upgrade");
    await dialog.getByTestId("device-upgrade-version-select").getByText("3.6.0（当前版本）").waitFor();
    await dialog.getByTestId("device-upgrade-notes").getByText("学生机位偶发黑屏", { exact: false }).waitFor();
    await dialog.getByTestId("device-upgrade-fit").waitFor();
    await snap(page, "s3-device-upgrade");
    await page.getByTestId("device-upgrade-submit").click();
    await expect.poll(() => page.getByTestId("device-upgrade").count()).toBe(0);

    // The command in the device's 命令记录, carrying the package's signed address and sha256.
    await drow.getByTestId("device-commands").click();
    const drawer = page.getByTestId("device-commands-drawer");
    await drawer.getByTestId("device-commands-table").getByText("升级").first().waitFor();
    const cmds = await ok<{ list: { type: string; payload: Record<string, unknown> }[] }>(CALLS.equipmentCommands, { id: dev.id });
    const up = cmds.list.find((c) => c.type === "upgrade")!;
    expect(up.payload).toMatchObject({ version: "3.6.0", sha256: row.sha256, size: 9000 });
    const bytes = Buffer.from(await (await fetch(new URL(String(up.payload.url), server.url))).arrayBuffer());
    expect(bytes.length).toBe(9000);
    await snap(page, "s3-device-commands");
    await context.close();
  });
});
