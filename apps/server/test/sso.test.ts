import { createHash, randomUUID } from "node:crypto";
import { CALLS, Code, GET_ROUTES, PROFILE_SETTINGS_PATH, isProfileComplete } from "@yanke/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account } from "../src/modules/account/account.schema.js";
import { ssoState } from "../src/modules/auth/auth.schema.js";
import type { SsoUserInfo } from "../src/modules/auth/auth.service.js";
import { type TestServer, startTestServer } from "./harness.js";
import { CookieJar, type TestProvider, type TestUser, browseToCallback, freePort, hop, parseForm, startOidcProvider } from "./oidc-provider.js";

/**
 * Single sign-on (platform.md §4) against a real OpenID provider on loopback: /sso/start, the provider's
 * login and consent, c175 code exchange, c176 user info with the profile-completeness rule (§3), binding
 * by subject, the refusals, logout to the end-session address, and a provider that is down.
 */

const CLIENT_ID = "yanke-web";
const CLIENT_SECRET = "yanke-web-secret-0123456789abcdef";
const ALICE: TestUser = { sub: "idp-alice-0001", name: "赵敏", preferred_username: "zhaomin", phone_number: "+86 13800000001" };
/** Her preferred_username is the login name of a seeded local teacher, which she must not take over. */
const BOB: TestUser = { sub: "idp-bob-0002", name: "钱伟", preferred_username: "zhanglaoshi", phone_number: "+86 13800000002" };
const CHINESE = /[\u4e00-\u9fff]/;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  end_session_endpoint: string;
}
interface Exchanged {
  token: string;
  id_token: string;
}

let provider: TestProvider | undefined;
let server: TestServer;
let spare: TestServer | undefined;
let yanke = "";
let redirectUri = "";
let discovery: Discovery;

function jwtPayload(jwt: string): Record<string, unknown> {
  const part = jwt.split(".")[1];
  if (!part) throw new Error(`not a JWT: ${jwt}`);
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/** GET /sso/start as a browser would; answers the provider address it redirects to. */
async function ssoStart(base = yanke): Promise<URL> {
  const res = await fetch(`${base}${GET_ROUTES.ssoStart}`, { redirect: "manual" });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`/sso/start answered ${res.status}: ${await res.text()}`);
  return new URL(location);
}

/** /sso/start, then through the provider until it redirects back with code and state. */
async function toCallback(jar: CookieJar, user: TestUser): Promise<{ start: URL; callback: URL; prompts: string[] }> {
  const start = await ssoStart();
  const { callback, prompts } = await browseToCallback(jar, start.toString(), redirectUri, user.sub);
  return { start, callback, prompts };
}

function exchangePayload(callback: URL): Record<string, string> {
  const payload: Record<string, string> = { code: callback.searchParams.get("code") ?? "", state: callback.searchParams.get("state") ?? "" };
  const iss = callback.searchParams.get("iss");
  if (iss) payload.iss = iss;
  return payload;
}

/** The whole sign-in: provider, c175, c176. */
async function signIn(jar: CookieJar, user: TestUser): Promise<{ exchanged: Exchanged; info: SsoUserInfo; prompts: string[] }> {
  const { callback, prompts } = await toCallback(jar, user);
  const ex = await server.call<Exchanged>(CALLS.ssoCodeExchange, exchangePayload(callback));
  expect(ex.code, ex.msg).toBe(Code.OK);
  const info = await server.call<SsoUserInfo>(CALLS.ssoUserInfo, {}, ex.data.token);
  expect(info.code, info.msg).toBe(Code.OK);
  return { exchanged: ex.data, info: info.data, prompts };
}

/** Where the web app sends the user after c176 (platform.md §4). */
function ssoTarget(info: SsoUserInfo): string {
  return isProfileComplete(info) ? info.url : PROFILE_SETTINGS_PATH;
}

beforeAll(async () => {
  // The redirect URI is the Yanke server's own address: reserve its port first, then start the provider, then Yanke on it.
  const port = await freePort();
  yanke = `http://127.0.0.1:${port}`;
  redirectUri = `${yanke}/`;
  provider = await startOidcProvider({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: redirectUri, post_logout_redirect_uri: redirectUri }, [
    ALICE,
    BOB,
  ]);
  server = await startTestServer({
    PORT: String(port),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_REDIRECT_URI: redirectUri,
  });
  expect(server.url).toBe(yanke);
  discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
});

afterAll(async () => {
  await provider?.close();
  await spare?.close();
  await server?.close();
});

describe("SSO sign-in through a real OpenID provider", () => {
  it("/sso/start redirects to the authorization endpoint with state, nonce, PKCE S256 and the redirect URI", async () => {
    const a = await ssoStart();
    const b = await ssoStart();
    expect(`${a.origin}${a.pathname}`).toBe(discovery.authorization_endpoint);
    const q = a.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(redirectUri);
    expect(q.get("scope")?.split(" ")).toContain("openid");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(q.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(q.get("nonce")).toMatch(/^[\w-]{20,}$/);
    for (const k of ["state", "nonce", "code_challenge"]) expect(b.searchParams.get(k)).not.toBe(q.get(k));

    // The server kept what it needs for the exchange: the challenge is S256 of the stored verifier.
    const [row] = await server.database.db
      .select()
      .from(ssoState)
      .where(eq(ssoState.state, q.get("state") ?? ""));
    expect(row).toBeDefined();
    expect(row?.nonce).toBe(q.get("nonce"));
    expect(
      createHash("sha256")
        .update(row?.code_verifier ?? "")
        .digest("base64url"),
    ).toBe(q.get("code_challenge"));
  });

  it("first sign-in: login and consent, code exchange, user info → new teacher with an incomplete profile", async () => {
    const jar = new CookieJar();
    const { start, callback, prompts } = await toCallback(jar, ALICE);
    expect(prompts).toEqual(["login", "consent"]);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe(start.searchParams.get("state"));
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(callback.searchParams.get("iss")).toBe(provider?.issuer);

    const ex = await server.call<Exchanged>(CALLS.ssoCodeExchange, exchangePayload(callback));
    expect(ex.code, ex.msg).toBe(Code.OK);
    expect(ex.data.token).toMatch(/^\S{20,}$/);
    const idt = jwtPayload(ex.data.id_token);
    expect(idt.sub).toBe(ALICE.sub);
    expect(idt.aud).toBe(CLIENT_ID);
    expect(idt.iss).toBe(provider?.issuer);
    expect(idt.nonce).toBe(start.searchParams.get("nonce"));

    const info = await server.call<SsoUserInfo>(CALLS.ssoUserInfo, {}, ex.data.token);
    expect(info.code, info.msg).toBe(Code.OK);
    expect(info.data.realname).toBe(ALICE.name);
    expect(info.data.identity).toBe(2);
    expect(info.data.token).toBe(ex.data.token);
    expect(info.data.id_token).toBe(ex.data.id_token);
    expect(info.data.access_token).toBeTruthy();
    expect(info.data.profile_complete).toBe(false);
    expect(isProfileComplete(info.data)).toBe(false);
    expect(ssoTarget(info.data)).toBe(PROFILE_SETTINGS_PATH);

    const acct = await server.services.accounts.bySsoSubject(ALICE.sub);
    expect(acct?.id).toBe(info.data.account_id);
    expect(acct?.realname).toBe(ALICE.name);
    // The login name comes from the provider's preferred_username (via userinfo), the phone from the phone scope.
    expect(acct?.username).toBe(ALICE.preferred_username);
    expect(acct?.telephone).toBe(ALICE.phone_number);
    expect(acct?.identity).toBe(2);
    expect(acct?.status).toBe(1);
  });

  it("a second sign-in of the same provider user rides the provider session and maps to the same account", async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, ALICE);
    const again = await signIn(jar, ALICE);
    expect(again.prompts).toEqual([]); // no login, no consent: the provider's session and grant are reused
    expect(again.info.account_id).toBe(first.info.account_id);
    expect(again.exchanged.token).not.toBe(first.exchanged.token);
    const bound = await server.database.db.select({ id: account.id }).from(account).where(eq(account.sso_subject, ALICE.sub));
    expect(bound).toEqual([{ id: first.info.account_id }]);
    // Both sessions stay valid (SINGLE_SESSION is off).
    expect((await server.call(CALLS.ssoUserInfo, {}, first.exchanged.token)).code).toBe(Code.OK);
  });

  it("once the profile is complete, the next sign-in goes to the home url", async () => {
    const acct = await server.services.accounts.bySsoSubject(ALICE.sub);
    const model = await server.services.accounts.byUsername("zhanglaoshi");
    if (!acct || !model) throw new Error("accounts missing");
    await server.database.db
      .update(account)
      .set({
        province_id: model.province_id,
        city_id: model.city_id,
        area_id: model.area_id,
        njy_area_id: model.njy_area_id,
        school_id: model.school_id,
        period_id: model.period_id,
        subject_id: model.subject_id,
        reputation: model.reputation,
        entry_year: model.entry_year,
        identity_level: model.identity_level,
      })
      .where(eq(account.id, acct.id));

    const { info } = await signIn(new CookieJar(), ALICE);
    expect(info.account_id).toBe(acct.id);
    expect(info.profile_complete).toBe(true);
    expect(isProfileComplete(info)).toBe(true);
    expect(info.url).toBe("/foreground");
    expect(ssoTarget(info)).toBe("/foreground");
    expect(info.school_id).toBe(model.school_id);
  });

  it("another provider user gets an account of their own and never takes over a local login name", async () => {
    const local = await server.services.accounts.byUsername(BOB.preferred_username);
    const alice = await server.services.accounts.bySsoSubject(ALICE.sub);
    const { info } = await signIn(new CookieJar(), BOB);
    expect(info.realname).toBe(BOB.name);
    expect(info.account_id).not.toBe(local?.id);
    expect(info.account_id).not.toBe(alice?.id);
    expect(info.profile_complete).toBe(false);
    const after = await server.services.accounts.byUsername(BOB.preferred_username);
    expect(after?.sso_subject ?? null).toBeNull();
    expect(after?.realname).toBe(local?.realname);
    const bob = await server.services.accounts.bySsoSubject(BOB.sub);
    expect(bob?.id).toBe(info.account_id);
    expect(bob?.username).toBe(`sso_${BOB.sub}`);
  });
});

describe("SSO refusals", () => {
  it("a code cannot be exchanged twice", async () => {
    const { callback } = await toCallback(new CookieJar(), ALICE);
    const payload = exchangePayload(callback);
    expect((await server.call(CALLS.ssoCodeExchange, payload)).code).toBe(Code.OK);
    const again = await server.call(CALLS.ssoCodeExchange, payload);
    expect(again.code).toBe(Code.BAD_INPUT);
    expect(again.msg).toMatch(CHINESE);
    expect(again.data).toBeNull();
  });

  it("an unknown state is refused and does not burn the pending sign-in", async () => {
    const { callback } = await toCallback(new CookieJar(), ALICE);
    const payload = exchangePayload(callback);
    const forged = await server.call(CALLS.ssoCodeExchange, { ...payload, state: `forged-${randomUUID()}` });
    expect(forged.code).toBe(Code.BAD_INPUT);
    expect(forged.msg).toMatch(CHINESE);
    expect(forged.msg).toContain("state");
    const real = await server.call<Exchanged>(CALLS.ssoCodeExchange, payload);
    expect(real.code, real.msg).toBe(Code.OK);
  });

  it("a code presented with another pending state fails PKCE (授权码) at the provider", async () => {
    const { callback } = await toCallback(new CookieJar(), ALICE);
    const other = await ssoStart();
    const crossed = await server.call(CALLS.ssoCodeExchange, { ...exchangePayload(callback), state: other.searchParams.get("state") ?? "" });
    expect(crossed.code).toBe(Code.BAD_INPUT);
    expect(crossed.msg).toContain("授权码");
    // The provider checks the verifier before consuming the code, so the legitimate pair still works.
    const real = await server.call<Exchanged>(CALLS.ssoCodeExchange, exchangePayload(callback));
    expect(real.code, real.msg).toBe(Code.OK);
  });

  it("an expired state (over 10 minutes) is refused", async () => {
    const { callback } = await toCallback(new CookieJar(), ALICE);
    const payload = exchangePayload(callback);
    await server.database.db
      .update(ssoState)
      .set({ created_at: sql`now() - interval '11 minutes'` })
      .where(eq(ssoState.state, payload.state ?? ""));
    const r = await server.call(CALLS.ssoCodeExchange, payload);
    expect(r.code).toBe(Code.BAD_INPUT);
    expect(r.msg).toMatch(CHINESE);
  });

  it("a missing or empty code or state is a 400 naming the field", async () => {
    const start = await ssoStart();
    const state = start.searchParams.get("state") ?? "";
    for (const payload of [{ state }, { state, code: "" }]) {
      const r = await server.call(CALLS.ssoCodeExchange, payload);
      expect(r.code).toBe(Code.BAD_INPUT);
      expect(r.msg).toContain("授权码");
    }
    const noState = await server.call(CALLS.ssoCodeExchange, { code: "abc" });
    expect(noState.code).toBe(Code.BAD_INPUT);
    expect(noState.msg).toContain("state");
  });

  it("c176 without a valid token answers 1025", async () => {
    expect((await server.call(CALLS.ssoUserInfo, {})).code).toBe(Code.SESSION_INVALID);
    expect((await server.call(CALLS.ssoUserInfo, {}, `bogus-${randomUUID()}`)).code).toBe(Code.SESSION_INVALID);
  });
});

describe("SSO logout", () => {
  it("answers the provider's end-session address with id_token_hint and post_logout_redirect_uri, and revokes the token", async () => {
    const jar = new CookieJar();
    const { exchanged } = await signIn(jar, ALICE);
    const out = await server.call<{ url: string }>(CALLS.logout, {}, exchanged.token);
    expect(out.code, out.msg).toBe(Code.OK);
    const end = new URL(out.data.url);
    expect(`${end.origin}${end.pathname}`).toBe(discovery.end_session_endpoint);
    expect(end.searchParams.get("id_token_hint")).toBe(exchanged.id_token);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(redirectUri);
    expect(end.searchParams.get("client_id")).toBe(CLIENT_ID);

    expect((await server.call(CALLS.ssoUserInfo, {}, exchanged.token)).code).toBe(Code.SESSION_INVALID);
    expect((await server.call(CALLS.logout, {}, exchanged.token)).code).toBe(Code.SESSION_INVALID);

    // The provider accepts the address (valid hint, registered redirect): confirm page, then back to Yanke.
    const page = await hop(jar, end.toString());
    expect(page.status).toBe(200);
    const form = parseForm(page.body, end.toString());
    const confirmed = await hop(jar, form.action, { ...form.fields, logout: "yes" });
    expect(confirmed.status).toBeGreaterThanOrEqual(300);
    expect(confirmed.status).toBeLessThan(400);
    expect(confirmed.location.startsWith(redirectUri)).toBe(true);

    // The provider session is over: the next sign-in with the same browser asks for the login again.
    const next = await toCallback(jar, ALICE);
    expect(next.prompts[0]).toBe("login");
  });
});

describe("SSO with the provider down", () => {
  it("answers clear errors instead of crashing, and discovers again once the provider is back", async () => {
    // A sign-in that reached the callback, then the provider goes away.
    const pending = await toCallback(new CookieJar(), ALICE);
    const issuerPort = Number(new URL(provider?.issuer ?? "").port);
    await provider?.close();
    provider = undefined;

    const ex = await server.call(CALLS.ssoCodeExchange, exchangePayload(pending.callback));
    // The user's code is not blamed: the provider could not be reached.
    expect(ex).toEqual({ code: 503, msg: "统一身份认证服务暂不可用，请稍后再试", data: null });

    // A server that has not discovered the provider yet: /sso/start is an envelope 503, not a redirect or a 500.
    spare = await startTestServer({
      OIDC_ISSUER: `http://127.0.0.1:${issuerPort}`,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: redirectUri,
    });
    const res = await fetch(`${spare.url}${GET_ROUTES.ssoStart}`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(body.code).toBe(Code.UNAVAILABLE);
    expect(body.msg).toContain("统一身份认证");
    expect((await spare.call(CALLS.login, { username: "zhanglaoshi", password: "wrong-password" })).code).toBe(Code.BAD_INPUT);

    // The failed discovery is not cached: with the provider back on the same address, /sso/start redirects.
    provider = await startOidcProvider(
      { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: redirectUri, post_logout_redirect_uri: redirectUri },
      [ALICE, BOB],
      issuerPort,
    );
    const back = await ssoStart(spare.url);
    expect(`${back.origin}${back.pathname}`).toBe(discovery.authorization_endpoint);
  });
});
