import { CALLS } from "@yanke/protocol";
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls: { path: string; payload: unknown }[] = [];
const answers = new Map<string, () => unknown>();
const navigations: string[] = [];

vi.mock("../api/client", () => ({
  call: async ({ path }: { path: string }, payload: unknown) => {
    calls.push({ path, payload });
    const a = answers.get(path);
    if (!a) throw new Error("refused");
    return a();
  },
}));
vi.mock("../router/location", () => ({ navigateTo: (to: string) => navigations.push(to), markSilentLoginRedirect: () => {} }));

const { logout, completeSso, readSsoCallback, addressWithoutSsoParams } = await import("./auth");
const { getState, setSession, setState } = await import("./store");
const { storage, HOST_CODE_KEY, PUSHALLRTMP_CODE_KEY } = await import("./storage");

beforeEach(() => {
  calls.length = 0;
  navigations.length = 0;
  answers.clear();
  setSession({ token: "tok", account_id: 9, realname: "张老师", ident: 2, url: "/dashboard" });
  setState({ mode: [3, 4], modeName: "x", modeType: 1, tags: [{ path: "/a", title: "a", name: "A", affix: false }] });
  storage.setItem(HOST_CODE_KEY, "HC1");
  storage.setItem(PUSHALLRTMP_CODE_KEY, "PC1");
});

describe("logout (spec §4 order)", () => {
  it("host code record, pushallrtmp release, logout, full reset, then login", async () => {
    answers.set(CALLS.hostCodeRecord, () => null);
    answers.set(CALLS.stopAllRtmp, () => null);
    answers.set(CALLS.logout, () => ({ url: "" }));
    await logout();
    expect(calls.map((c) => c.path)).toEqual([CALLS.hostCodeRecord, CALLS.stopAllRtmp, CALLS.logout]);
    expect(calls[0]?.payload).toEqual({ code: "HC1", record_type: 2, account_id: 9 });
    expect(calls[1]?.payload).toEqual({ code: "PC1" });
    const s = getState();
    expect(s.session.token).toBe("");
    expect(s.session.realname).toBe("");
    expect(s.session.ident).toBe(0);
    expect(s.menuReload).toBe(true);
    expect(s.mode).toEqual([]);
    expect(s.modeName).toBe("");
    expect(s.modeType).toBe(2);
    expect(s.tags).toEqual([]);
    expect(storage.getItem(HOST_CODE_KEY)).toBeNull();
    expect(storage.getItem(PUSHALLRTMP_CODE_KEY)).toBeNull();
    expect(navigations).toEqual(["/login"]);
  });

  it("failing pre-steps do not block logout", async () => {
    answers.set(CALLS.logout, () => ({ url: "" }));
    await logout();
    expect(calls.map((c) => c.path)).toEqual([CALLS.hostCodeRecord, CALLS.stopAllRtmp, CALLS.logout]);
    expect(getState().session.token).toBe("");
    expect(navigations).toEqual(["/login"]);
  });

  it("no host code record without an account", async () => {
    setState({ session: { ...getState().session, account_id: 0 } });
    storage.removeItem(PUSHALLRTMP_CODE_KEY);
    answers.set(CALLS.logout, () => ({ url: "" }));
    await logout();
    expect(calls.map((c) => c.path)).toEqual([CALLS.logout]);
  });

  it("goes to the identity provider's end-session address when the server gives one", async () => {
    const location = { href: "http://app/" };
    vi.stubGlobal("window", { location });
    answers.set(CALLS.logout, () => ({ url: "https://idp/logout?id_token_hint=x" }));
    await logout();
    expect(location.href).toBe("https://idp/logout?id_token_hint=x");
    expect(navigations).toEqual([]);
    vi.unstubAllGlobals();
  });
});

describe("SSO start-up (spec §4 Single sign-on)", () => {
  it("reads code and state from the query string only when both are there", () => {
    expect(readSsoCallback("?code=c&state=s")).toEqual({ code: "c", state: "s" });
    expect(readSsoCallback("?code=c")).toBeNull();
    expect(addressWithoutSsoParams("http://h/?code=c&state=s&x=1#/a")).toBe("/?x=1#/a");
  });

  const info = {
    token: "sso-tok",
    url: "/dashboard",
    realname: "李老师",
    province_id: 1,
    city_id: 2,
    njy_area_id: 3,
    school_id: 4,
    period_id: 5,
    subject_id: 6,
    reputation: "一级",
    entry_year: 2019,
    identity: 2,
    identity_level: 1,
  };

  it("complete profile → home url; token and session stored; menus loaded", async () => {
    answers.set(CALLS.ssoCodeExchange, () => ({ token: "sso-tok", id_token: "idt" }));
    answers.set(CALLS.ssoUserInfo, () => info);
    answers.set(CALLS.menuTree, () => []);
    await expect(completeSso({ code: "c", state: "s" })).resolves.toBe("/dashboard");
    expect(calls.map((c) => c.path)).toEqual([CALLS.ssoCodeExchange, CALLS.ssoUserInfo, CALLS.menuTree]);
    expect(getState().session).toMatchObject({ token: "sso-tok", id_token: "idt", realname: "李老师" });
    expect(getState().menuReload).toBe(false);
  });

  it("incomplete profile → the personal settings page", async () => {
    answers.set(CALLS.ssoCodeExchange, () => ({ token: "sso-tok", id_token: "idt" }));
    answers.set(CALLS.ssoUserInfo, () => ({ ...info, entry_year: 0 }));
    answers.set(CALLS.menuTree, () => []);
    await expect(completeSso({ code: "c", state: "s" })).resolves.toBe("/NX/personalCenter/personalSettings");
  });

  it("a failed exchange → login", async () => {
    await expect(completeSso({ code: "c", state: "s" })).resolves.toBe("/login");
  });
});
