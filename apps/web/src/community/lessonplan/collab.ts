/**
 * Pure pieces of the co-editing page (no React, no DOM): the socket address, the caret user, who is editing now
 * (from the awareness states), the save indicator, and the Chinese words for a refused connection.
 */
import { COLLAB_WS_PATH, avatarColor } from "@yanke/protocol";

/** ws(s)://<same host>/ws/collab: the Hocuspocus server inside our own process (Vite proxies /ws in dev). */
export function collabUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}${COLLAB_WS_PATH}`;
}

/** What this browser shares in the awareness `user` field (the caret label and the avatars of the others). */
export interface CaretUser {
  name: string;
  color: string;
  accountId: number;
}

export function caretUser(s: { account_id: number; realname: string; username: string }): CaretUser {
  return { name: s.realname.trim() || s.username.trim() || "未命名用户", color: avatarColor(s.account_id), accountId: s.account_id };
}

/** A person editing now: one entry per account (two tabs of one teacher are one person), `self` first. */
export interface Present {
  accountId: number;
  name: string;
  color: string;
  /** Open connections (tabs) of this account. */
  tabs: number;
  self: boolean;
}

function readUser(state: unknown): CaretUser | null {
  if (typeof state !== "object" || state === null) return null;
  const u = (state as { user?: unknown }).user;
  if (typeof u !== "object" || u === null) return null;
  const { name, color, accountId } = u as Record<string, unknown>;
  if (typeof name !== "string" || name === "") return null;
  return {
    name,
    color: typeof color === "string" && /^#[0-9a-f]{3,8}$/i.test(color) ? color : "#8a9690",
    accountId: typeof accountId === "number" ? accountId : 0,
  };
}

/**
 * Who is editing, from provider.awareness.getStates(): states without a `user` (a connection still starting) are
 * left out; people are grouped by account (an unknown account, 0, by name); this browser's own person comes first,
 * then the others by name.
 */
export function presentUsers(states: Iterable<[number, unknown]>, selfClientId: number): Present[] {
  const byKey = new Map<string, Present>();
  for (const [clientId, state] of states) {
    const u = readUser(state);
    if (!u) continue;
    const key = u.accountId > 0 ? `a${u.accountId}` : `n${u.name}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.tabs += 1;
      seen.self ||= clientId === selfClientId;
    } else {
      byKey.set(key, { accountId: u.accountId, name: u.name, color: u.color, tabs: 1, self: clientId === selfClientId });
    }
  }
  return [...byKey.values()].sort((a, b) => (a.self === b.self ? a.name.localeCompare(b.name, "zh-CN") : a.self ? -1 : 1));
}

export type SaveState = "connecting" | "offline" | "saving" | "saved";

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  connecting: "连接中…",
  offline: "离线，修改将在恢复连接后同步",
  saving: "保存中…",
  saved: "已保存",
};

/**
 * The indicator: offline when the socket is down (after it had connected once), connecting before the first
 * sync, saving while the server has not yet confirmed local changes, else saved.
 */
export function saveState(s: { status: "connecting" | "connected" | "disconnected"; synced: boolean; unsynced: number; everConnected: boolean }): SaveState {
  if (s.status !== "connected") return s.everConnected || s.status === "disconnected" ? "offline" : "connecting";
  if (!s.synced) return "connecting";
  return s.unsynced > 0 ? "saving" : "saved";
}

/** onAuthenticationFailed's reason, in Chinese (the server's own Chinese reason is kept). */
export function authFailureMessage(reason: string, loggedIn: boolean): string {
  if (!loggedIn) return "请先登录后再参与协同编辑";
  if (/[\u4e00-\u9fff]/.test(reason)) return reason;
  if (/token|expired|login|unauth/i.test(reason)) return "登录已过期，请重新登录后再编辑";
  if (/not.?found|deleted/i.test(reason)) return "教案不存在或已删除";
  return "没有权限打开该教案（只有备课参与人可以协同编辑）";
}
