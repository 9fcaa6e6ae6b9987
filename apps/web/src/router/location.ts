/**
 * Route location helpers usable outside components (the API client, SSO start-up).
 * The router binds its navigate function once created.
 */
import { config } from "../config";

let navigateImpl: ((to: string, replace: boolean) => void) | null = null;

export function bindNavigate(fn: (to: string, replace: boolean) => void): void {
  navigateImpl = fn;
}

/** Current route path: location.pathname in history mode, the hash path otherwise. */
export function currentPath(): string {
  if (typeof window === "undefined") return "/";
  if (config.historyMode) return window.location.pathname || "/";
  const hash = window.location.hash.replace(/^#/, "");
  const path = hash.split("?")[0] ?? "";
  return path.startsWith("/") ? path : "/";
}

/** Route URL as an href for this router mode (for links opened in a new tab). */
export function routeHref(path: string): string {
  return config.historyMode ? path : `/#${path}`;
}

export function navigateTo(to: string, replace = false): void {
  if (navigateImpl) navigateImpl(to, replace);
  else if (config.historyMode) window.location.assign(to);
  else window.location.hash = `#${to}`;
}

/**
 * Set when the session ends on purpose (logout, 1025/1028): the guard then sends the user
 * to login without its '请登录后查看！！！' warning. Cleared once the login page shows.
 */
let silentLoginRedirect = false;
export function markSilentLoginRedirect(): void {
  silentLoginRedirect = true;
}
export function isSilentLoginRedirect(): boolean {
  return silentLoginRedirect;
}
export function clearSilentLoginRedirect(): void {
  silentLoginRedirect = false;
}
