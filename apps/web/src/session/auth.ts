/**
 * Session flows of platform.md §4: login, menu loading, SSO callback, logout, password change.
 */
import { type Call, type PayloadOf, calls, PROFILE_SETTINGS_PATH, RECORD_TYPE_LOGOUT, isProfileComplete, type ChangePasswordPayload } from "@yanke/protocol";
import { call } from "../api/client";
import { markSilentLoginRedirect, navigateTo } from "../router/location";
import { normalizeMenus } from "../menu/menu";
import { clearToken, getState, resetSession, setMenus, setSession } from "./store";
import { HOST_CODE_KEY, PUSHALLRTMP_CODE_KEY, storage } from "./storage";
import type { StoredSession } from "./session-info";

/** Resets the router / query cache along with the session (bound by the app root). */
let resetAppCaches: () => void = () => {};
export function setAppCacheReset(fn: () => void): void {
  resetAppCaches = fn;
}

let menuLoad: Promise<void> | null = null;

/**
 * Loads the menu tree once (the load-menus flag). On failure the token is cleared and
 * the user returns to login (§4); the returned promise then rejects.
 */
export function loadMenus(): Promise<void> {
  if (menuLoad !== null) return menuLoad;
  menuLoad = call(calls.menuTree, {})
    .then((raw) => setMenus(normalizeMenus(raw)))
    .catch((e: unknown) => {
      if (getState().session.token) {
        markSilentLoginRedirect();
        clearToken();
        navigateTo("/login", true);
      }
      throw e;
    })
    .finally(() => {
      menuLoad = null;
    });
  return menuLoad;
}

/** c001 login; stores the session, loads menus, answers the home route. */
export async function login(username: string, password: string): Promise<string> {
  const info = await call(calls.login, { username, password });
  const s = setSession(info);
  await loadMenus();
  return s.url || "/";
}

export interface SsoCallback {
  code: string;
  state: string;
}

/** The provider's redirect back: `?code=…&state=…` before the hash. */
export function readSsoCallback(search: string): SsoCallback | null {
  const q = new URLSearchParams(search);
  const code = q.get("code");
  const state = q.get("state");
  return code && state ? { code, state } : null;
}

/** The address without code/state (and the provider's iss / session_state). */
export function addressWithoutSsoParams(href: string): string {
  const u = new URL(href);
  for (const k of ["code", "state", "iss", "session_state"]) u.searchParams.delete(k);
  return `${u.pathname}${u.search}${u.hash}`;
}

/**
 * SSO start-up (§4 Single sign-on): code exchange → token stored → user info → session
 * stored → menus → target: the home url when the profile is complete, else the
 * personal settings page. Answers the route to open (login on failure).
 */
export async function completeSso(cb: SsoCallback): Promise<string> {
  try {
    const ex = await call(calls.ssoCodeExchange, { code: cb.code, state: cb.state });
    setSession({ token: ex.token, id_token: ex.id_token });
    const info = await call(calls.ssoUserInfo, {});
    const s: StoredSession = setSession({ ...(typeof info === "object" && info !== null ? info : {}), token: ex.token, id_token: ex.id_token });
    await loadMenus();
    return isProfileComplete(s) ? s.url || "/" : PROFILE_SETTINGS_PATH;
  } catch {
    return "/login";
  }
}

/** Best-effort pre-logout call; never blocks logout. Answers whether it succeeded (code 200). */
async function tryCall<C extends Call>(c: C, payload: PayloadOf<C>): Promise<boolean> {
  try {
    await call(c, payload, { quiet: true });
    return true;
  } catch {
    return false;
  }
}

let loggingOut = false;

/**
 * Logout in the order of §4: host code record (c119, record_type 2) when a host_code is
 * stored and an account exists; pushallrtmp release (c118) when a pushallrtmp_code is
 * stored; /middle/logout; the full session reset; then the identity provider's
 * end-session address when the server gives one, else the login page.
 */
export async function logout(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    const { session } = getState();
    const hostCode = storage.getItem(HOST_CODE_KEY);
    if (hostCode && session.account_id) {
      if (await tryCall(calls.hostCodeRecord, { code: hostCode, record_type: RECORD_TYPE_LOGOUT, account_id: session.account_id })) {
        storage.removeItem(HOST_CODE_KEY);
      }
    }
    const pushCode = storage.getItem(PUSHALLRTMP_CODE_KEY);
    if (pushCode && (await tryCall(calls.stopAllRtmp, { code: pushCode }))) storage.removeItem(PUSHALLRTMP_CODE_KEY);
    let endSessionUrl = "";
    if (session.token) {
      try {
        const data = await call(calls.logout, {}, { quiet: true });
        if (typeof data === "object" && data !== null && "url" in data && typeof data.url === "string") endSessionUrl = data.url;
      } catch {
        /* an expired token is logged out already */
      }
    }
    markSilentLoginRedirect();
    resetSession();
    resetAppCaches();
    if (endSessionUrl) window.location.href = endSessionUrl;
    else navigateTo("/login", true);
  } finally {
    loggingOut = false;
  }
}

/** c017 change password; the caller shows '修改成功' and logs out. */
export async function changePassword(p: ChangePasswordPayload): Promise<void> {
  await call(calls.changePassword, { ...p });
}
