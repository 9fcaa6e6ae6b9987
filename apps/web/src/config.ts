import type { ClientConfig } from "@yanke/protocol";

/** Home route of every edition unless a whitelist home is configured (platform.md §2). */
export const DEFAULT_HOME = "/foreground";

const EDITIONS: readonly ClientConfig["edition"][] = ["foreground", "teachEvents", "NINGXIA"];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
const str = (v: unknown, d: string): string => (typeof v === "string" ? v : d);
const bool = (v: unknown, d: boolean): boolean => (typeof v === "boolean" ? v : d);

function edition(v: unknown): ClientConfig["edition"] {
  return EDITIONS.find((e) => e === v) ?? "foreground";
}

/**
 * Reads window.__YANKE_CONFIG__ (GET /config.js). Missing or malformed fields fall back
 * to safe defaults so the page still renders (e.g. `vite preview` without the server).
 */
export function parseClientConfig(raw: unknown): ClientConfig {
  const r = isRecord(raw) ? raw : {};
  const sso = isRecord(r.sso) ? r.sso : {};
  const paths = Array.isArray(r.fullScreenPaths) ? r.fullScreenPaths.filter((p): p is string => typeof p === "string") : [];
  return {
    appKey: str(r.appKey, ""),
    edition: edition(r.edition),
    historyMode: bool(r.historyMode, false),
    whitelistHome: str(r.whitelistHome, ""),
    sso: { enabled: bool(sso.enabled, false), authorizeUrl: str(sso.authorizeUrl, "/sso/start") },
    defaultPath: str(r.defaultPath, "") || DEFAULT_HOME,
    fullScreenPaths: paths,
    showVersionName: bool(r.showVersionName, false),
    platformName: str(r.platformName, "") || "研课",
    dataCockpitUrl: str(r.dataCockpitUrl, ""),
  };
}

export const config: ClientConfig = parseClientConfig(typeof window === "undefined" ? undefined : window.__YANKE_CONFIG__);

/** The route anonymous visitors land on and '/' falls back to. */
export function homeRoute(c: ClientConfig = config): string {
  return c.whitelistHome || DEFAULT_HOME;
}
