import { PROFILE_SETTINGS_PATH } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestProvider, type TestUser, freePort, startOidcProvider } from "../apps/server/test/oidc-provider.js";
import { type TestServer, startTestServer } from "../apps/server/test/harness.js";
import { type BrowserHandle, hasChromium, launchBrowser, sessionToken, snap } from "./support.js";

const USER: TestUser = { sub: "idp-browser-0001", name: "孙丽", preferred_username: "sunli", phone_number: "+86 13900000001" };

let server: TestServer;
let provider: TestProvider;
let handle: BrowserHandle;
let yanke = "";

beforeAll(async () => {
  if (!hasChromium) return;
  const port = await freePort();
  yanke = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(
    { client_id: "yanke-web", client_secret: "browser-secret", redirect_uri: `${yanke}/`, post_logout_redirect_uri: `${yanke}/` },
    [USER],
  );
  server = await startTestServer({
    PORT: String(port),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: "yanke-web",
    OIDC_CLIENT_SECRET: "browser-secret",
    OIDC_REDIRECT_URI: `${yanke}/`,
  });
  handle = await launchBrowser();
});
afterAll(async () => {
  await handle?.close();
  await server?.close();
  await provider?.close();
});

describe.skipIf(!hasChromium)("browser: single sign-on against a real OpenID provider", () => {
  it("SSO button → provider login and consent → code exchange → incomplete profile lands on personal settings → logout at the provider", async () => {
    const context = await handle.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "zh-CN" });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().startsWith(yanke)) posts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${yanke}/#/login`);
    await page.getByTestId("login-sso").click();

    // The provider's own pages (oidc-provider's development interactions).
    await page.waitForURL((u) => u.toString().startsWith(provider.issuer));
    await page.locator('input[name="login"]').fill(USER.sub);
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent

    // Back at Yanke with ?code&state: exchanged, user info fetched, address cleaned, profile incomplete → settings.
    await page.waitForURL((u) => u.toString().startsWith(yanke));
    await page.getByTestId("personal-settings").waitFor();
    expect(new URL(page.url()).hash).toBe(`#${PROFILE_SETTINGS_PATH}`);
    expect(new URL(page.url()).search).toBe("");
    expect(posts).toEqual(expect.arrayContaining(["/middle/sso/codeExchange", "/middle/sso/userInfo"]));
    expect(await page.getByTestId("profile-completeness").getAttribute("data-complete")).toBe("0");
    await page.getByText(USER.name).first().waitFor();
    await snap(page, "10-sso-profile-settings");
    const acct = await server.services.accounts.bySsoSubject(USER.sub);
    expect(acct?.username).toBe(USER.preferred_username);

    const tokenBefore = await sessionToken(page);
    expect((await server.call("/middle/sso/userInfo", {}, tokenBefore)).code).toBe(200);

    // Logout goes through the provider's end-session page and returns to Yanke's root.
    await page.getByTestId("user-dropdown").click();
    await page.getByTestId("menu-logout").click();
    await page.waitForURL((u) => u.toString().startsWith(provider.issuer));
    expect(new URL(page.url()).searchParams.get("id_token_hint")).toBeTruthy();
    await snap(page, "11-sso-end-session");
    await page.locator('button[autofocus], button[type="submit"]').first().click();
    await page.waitForURL((u) => u.toString().startsWith(yanke));
    await page.waitForLoadState("networkidle");
    expect(await sessionToken(page)).toBe("");
    expect((await server.call("/middle/sso/userInfo", {}, tokenBefore)).code).toBe(1025);
    await context.close();
  });
});
