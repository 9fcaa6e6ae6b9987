/**
 * The session store: the §3 Session plus the "Other state" (mode list, modeType, modeName,
 * menu-reload flag, open tags, sidebar collapse, platform information, patrol count).
 * A tiny external store read through useSyncExternalStore; persisted in localStorage
 * and kept in step across tabs through the storage event.
 */
import { useSyncExternalStore } from "react";
import { DEFAULT_MODE_TYPE, type MenuNode } from "@yanke/protocol";
import { blankSession, normalizeSession, type StoredSession } from "./session-info";
import { HOST_CODE_KEY, PUSHALLRTMP_CODE_KEY, readJson, storage, writeJson } from "./storage";

export interface TagView {
  path: string;
  title: string;
  /** View name: the keep-alive key (only IndicatorManage is cached). */
  name: string;
  /** Affixed tags (the home) cannot be closed. */
  affix: boolean;
}

export interface PlatformInfo {
  name: string;
  logo_url: string;
  host: string;
  support: string;
  phone: string;
  work_time: string;
  icp: string;
}

export interface AppState {
  session: StoredSession;
  /** Server menu tree of the signed-in user (loaded once per start, not persisted). */
  menus: MenuNode[];
  /** The load-menus flag of §4: true = menus must be (re)loaded before protected routes show. */
  menuReload: boolean;
  /** Active menu set (rule ids) of the chosen mode tab; [] = all. */
  mode: number[];
  modeType: number;
  modeName: string;
  tags: TagView[];
  sidebarCollapsed: boolean;
  platformInfo: PlatformInfo | null;
  patrolCount: number;
  /** "data-use list" of §4 logout; filled by later issues. */
  dataUseList: readonly unknown[];
  /** Index of the selected period in the current school's period list (reset on a school switch, §4). */
  periodIndex: number;
  /** Course filter of the top bar (0 = 全部). */
  courseId: number;
  /** The community of community mode (§2 header); set by #7, null = 未设置. */
  community: CommunityRef | null;
}

export interface CommunityRef {
  community_id: number;
  community_name: string;
}

function readCommunity(v: unknown): CommunityRef | null {
  if (!isRecord(v) || typeof v.community_id !== "number") return null;
  return { community_id: v.community_id, community_name: typeof v.community_name === "string" ? v.community_name : "" };
}

export const SESSION_KEY = "yanke.session";
export const UI_KEY = "yanke.ui";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readTags(v: unknown): TagView[] {
  if (!Array.isArray(v)) return [];
  const out: TagView[] = [];
  for (const t of v) {
    if (isRecord(t) && typeof t.path === "string" && typeof t.title === "string") {
      out.push({ path: t.path, title: t.title, name: typeof t.name === "string" ? t.name : "", affix: t.affix === true });
    }
  }
  return out;
}

function initialState(): AppState {
  const ui = readJson(UI_KEY);
  const u = isRecord(ui) ? ui : {};
  return {
    session: normalizeSession(readJson(SESSION_KEY)),
    menus: [],
    menuReload: true,
    mode: Array.isArray(u.mode) ? u.mode.filter((m): m is number => typeof m === "number") : [],
    modeType: typeof u.modeType === "number" ? u.modeType : DEFAULT_MODE_TYPE,
    modeName: typeof u.modeName === "string" ? u.modeName : "",
    tags: readTags(u.tags),
    sidebarCollapsed: u.sidebarCollapsed === true,
    platformInfo: null,
    patrolCount: 0,
    dataUseList: [],
    periodIndex: typeof u.periodIndex === "number" ? u.periodIndex : 0,
    courseId: typeof u.courseId === "number" ? u.courseId : 0,
    community: readCommunity(u.community),
  };
}

let state: AppState = initialState();
const listeners = new Set<() => void>();

function persist(s: AppState): void {
  writeJson(SESSION_KEY, s.session);
  writeJson(UI_KEY, {
    mode: s.mode,
    modeType: s.modeType,
    modeName: s.modeName,
    tags: s.tags,
    sidebarCollapsed: s.sidebarCollapsed,
    periodIndex: s.periodIndex,
    courseId: s.courseId,
    community: s.community,
  });
}

function emit(): void {
  for (const l of listeners) l();
}

export function getState(): AppState {
  return state;
}

export function setState(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
  const p = typeof patch === "function" ? patch(state) : patch;
  state = { ...state, ...p };
  persist(state);
  emit();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads a slice of the store; the selector must return a stable value (a field, not a new object). */
export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(state),
  );
}

export const useSession = (): StoredSession => useAppState((s) => s.session);
export const useToken = (): string => useAppState((s) => s.session.token);

export function isLoggedIn(): boolean {
  return state.session.token !== "";
}

/** Stores a fresh login (or SSO user info) answer; menus must load next. */
export function setSession(info: unknown): StoredSession {
  const session = normalizeSession(info, state.session.token ? state.session : blankSession());
  setState({ session, menuReload: true, menus: [] });
  return session;
}

export function setMenus(menus: MenuNode[]): void {
  setState({ menus, menuReload: false });
}

/** Merges fields into the stored session (school or period switch). */
export function patchSession(patch: Partial<StoredSession>): void {
  setState((s) => ({ session: normalizeSession(patch, s.session) }));
}

/** Toggles the sidebar (persisted). */
export function toggleSidebar(): void {
  setState((s) => ({ sidebarCollapsed: !s.sidebarCollapsed }));
}

/** Drops the token only (menu load failure: back to login). */
export function clearToken(): void {
  setState((s) => ({ session: { ...s.session, token: "" }, menus: [], menuReload: true }));
}

/**
 * The full reset of §4 logout (also used on 1025/1028): all user fields blank, ident 0,
 * menu-reload flag set, stored codes and data-use list cleared, mode [], mode name '',
 * mode type 2, tags cleared. The caller resets the router / query cache.
 */
export function resetSession(): void {
  storage.removeItem(HOST_CODE_KEY);
  storage.removeItem(PUSHALLRTMP_CODE_KEY);
  setState({
    session: blankSession(),
    menus: [],
    menuReload: true,
    mode: [],
    modeName: "",
    modeType: DEFAULT_MODE_TYPE,
    tags: [],
    dataUseList: [],
    patrolCount: 0,
    periodIndex: 0,
    courseId: 0,
    community: null,
  });
}

// Another tab logged in or out: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key !== SESSION_KEY && e.key !== null) return;
    const next = normalizeSession(readJson(SESSION_KEY));
    if (next.token === state.session.token) return;
    state = { ...state, session: next, menus: [], menuReload: true };
    emit();
  });
}
