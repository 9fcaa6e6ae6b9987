import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CALLS, type Envelope, type FileRecord } from "@yanke/protocol";
import { type Browser, type Page, chromium } from "playwright-core";
import type { TestServer } from "../apps/server/test/harness.js";
import { untilTrue } from "../apps/server/test/poll.js";

export const CHROMIUM = "/usr/bin/chromium";
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

/** Browser tests need Debian's chromium; locally they skip with a notice, under CI they fail (docs/decisions/0108). */
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  const note = `浏览器测试需要 ${CHROMIUM}：apt-get install chromium fonts-wqy-microhei`;
  if (process.env.CI) throw new Error(note);
  console.warn(`[e2e] 跳过：${note}`);
}

export interface BrowserHandle {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<BrowserHandle> {
  // Playwright starts Chromium with a fresh temporary --user-data-dir of its own on every launch.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

/**
 * Waits until the page is still: its fonts loaded, its eager images loaded, every CSS animation and transition that
 * ends has ended (antd's zoom, fade and slide; endless ones such as a spinner are left running) and every chart's
 * animation has finished (EChart keeps its instance on its box as `__ykChart`).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () => {
      type Zr = { animation: { isFinished(): boolean } };
      type Chart = { isDisposed(): boolean; getZr(): Zr };
      const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
      if (moving) return false;
      if ([...document.images].some((i) => i.loading !== "lazy" && !i.complete)) return false;
      return [...document.querySelectorAll("div")].every((el) => {
        const c = (el as unknown as { __ykChart?: Chart }).__ykChart;
        return !c || c.isDisposed() || c.getZr().animation.isFinished();
      });
    },
    undefined,
    { polling: 50, timeout: 20_000 },
  );
}

/**
 * Saves a full-page screenshot under e2e/artifacts/ once the page is still (settled). A page that never stills — a
 * live chart growing with each poll (实时分析) — is pictured as it is after settled's budget: the picture is for people
 * to look at, not an assertion, so it must not fail the test.
 */
export async function snap(page: Page, name: string): Promise<string> {
  await settled(page).catch((e: unknown) => {
    if (!(e instanceof Error && e.name === "TimeoutError")) throw e;
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The session token the web app keeps in localStorage ("" when signed out). */
export function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("yanke.session");
    if (!raw) return "";
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && "token" in parsed && typeof parsed.token === "string" ? parsed.token : "";
  });
}

/** The hash route the page shows ("/login", "/dashboard" …). */
export const hashRoute = (page: Page): string => new URL(page.url()).hash.replace(/^#/, "");

/** An antd input by test id (the input inside a wrapper, or the element itself). */
export const inputOf = (page: Page, id: string) => page.getByTestId(id).locator("input").or(page.getByTestId(id)).first();

/** Signs in through the login page of `baseUrl` and waits until the app has left it. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await inputOf(page, "login-username").fill(username);
  await inputOf(page, "login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await untilTrue(`sign-in of ${username} to leave the login page`, () => hashRoute(page) !== "/login", 15_000, 50);
}

/**
 * The `ok(path, payload, who)` of a test file: one call through the real wire that must answer 200 — its data, or it
 * throws "<path>: <code> <msg>". `server` is read at each call (files start theirs in beforeAll); `tokenOf` turns `who`
 * into the session token: by default `who` is the token, a file may look a user name up or always use one session.
 */
export function okOf(server: () => Pick<TestServer, "call">, tokenOf: (who: string) => string | Promise<string> = (who) => who) {
  return async <T = unknown>(path: string, payload: Record<string, unknown> = {}, who = ""): Promise<T> => {
    const r = await server().call<T>(path, payload, await tokenOf(who));
    if (r.code !== 200) throw new Error(`${path}: ${r.code} ${r.msg}`);
    return r.data;
  };
}

/** Uploads a file from disk through the real /file/upload call (multipart, as `name` into `module`); the stored file's record, or it throws. */
export async function upload(server: Pick<TestServer, "url">, token: string, file: string, module: string, name: string): Promise<FileRecord> {
  const fd = new FormData();
  fd.append("module", module);
  fd.append("file", new Blob([readFileSync(file)]), name);
  const res = await fetch(`${server.url}${CALLS.fileUpload}`, { method: "POST", body: fd, headers: { TOKEN: token } });
  const env = (await res.json()) as Envelope<FileRecord>;
  if (env.code !== 200) throw new Error(`upload ${name}: ${env.code} ${env.msg}`);
  return env.data;
}

/** One series of an ECharts chart as its option holds it. */
export interface ChartSeries {
  name?: string;
  type?: string;
  data: unknown[];
}

/**
 * The series (name, type, data) of the chart drawn in the box `testId` — EChart keeps its instance there as
 * `__ykChart` — or [] while none is drawn there yet. Waits for the box like any locator.
 */
export function chartSeries(page: Page, testId: string): Promise<ChartSeries[]> {
  return page.getByTestId(testId).evaluate((el) => {
    type Opt = { series?: { name?: string; type?: string; data?: unknown[] }[] };
    const c = (el as unknown as { __ykChart?: { getOption(): Opt } }).__ykChart;
    const series = c?.getOption().series ?? [];
    return series.map((s) => ({ name: s.name, type: s.type, data: s.data ?? [] }));
  });
}

/** Waits until the box `testId` holds a chart with its series set and its animation finished: its points stay put. */
export async function chartStill(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).elementHandle({ timeout: 20_000 });
  await page.waitForFunction(
    (el) => {
      type Chart = { isDisposed(): boolean; getOption(): { series?: unknown[] }; getZr(): { animation: { isFinished(): boolean } } };
      const c = (el as unknown as { __ykChart?: Chart } | null)?.__ykChart;
      return !!c && !c.isDisposed() && (c.getOption().series?.length ?? 0) > 0 && c.getZr().animation.isFinished();
    },
    box,
    { polling: 50, timeout: 20_000 },
  );
}
