/**
 * Mode tabs (platform.md §2 Application shell, §4 Route change, §6) as pure rules.
 * See docs/decisions/0310 for the readings taken.
 */
import { MODES, ROLE, type ApplyIndexAnswer, type GetRulesAnswer, type MenuNode } from "@yanke/protocol";

export interface ModeTab {
  mode: number;
  name: string;
  rules: number[];
  firstUrl: string;
}

/** Personal research (apply_type 4): the community mode of the shell header (§2). */
export const COMMUNITY_MODE = 4;

/** True when the list holds a value twice. */
function hasDuplicate(values: readonly number[]): boolean {
  return new Set(values).size !== values.length;
}

/**
 * §6: application entries load only with a token and when the identity codes do not already
 * hold the administrator code (1) twice.
 */
export function shouldLoadEntries(token: string, identityCode: readonly number[]): boolean {
  return token !== "" && identityCode.filter((c) => c === ROLE.SF_ADMIN).length < 2;
}

/** §4: the SF_ADMIN marker plus the user's identity codes contain a duplicate → the mode is cleared. */
export function clearsModeForAdmin(identityCode: readonly number[]): boolean {
  return hasDuplicate([ROLE.SF_ADMIN, ...identityCode]);
}

/**
 * The tabs of the top bar in the order of §2 (个人研修 4, 设备中心 5, 教研管理 1, 设备管理 2,
 * 基础数据管理 3). A tab shows only when the server lists it and the user has at least one
 * application (entry) of that apply_type.
 */
export function visibleModeTabs(answer: ApplyIndexAnswer | null | undefined): ModeTab[] {
  if (!answer) return [];
  const entries = Array.isArray(answer.list) ? answer.list : [];
  const tabs = Array.isArray(answer.tabs) ? answer.tabs : [];
  const out: ModeTab[] = [];
  for (const m of MODES) {
    const tab = tabs.find((t) => Number(t.mode) === m.mode);
    if (!tab) continue;
    if (!entries.some((e) => Number(e.apply_type) === m.mode)) continue;
    out.push({
      mode: m.mode,
      name: m.name,
      rules: Array.isArray(tab.rules) ? tab.rules.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [],
      firstUrl: typeof tab.first_url === "string" ? tab.first_url : "",
    });
  }
  return out;
}

/** The store patch of choosing a tab: its rule ids are the active menu set, its apply_type the mode. */
export function chooseModePatch(tab: ModeTab): { mode: number[]; modeName: string; modeType: number } {
  return { mode: [...tab.rules], modeName: String(tab.mode), modeType: tab.mode };
}

/** The tab that is active for the stored mode name ('' or unknown → none). */
export function activeModeTab(tabs: readonly ModeTab[], modeName: string): ModeTab | undefined {
  return tabs.find((t) => String(t.mode) === modeName);
}

/**
 * The route meta pid of §4 for a menu route: the parent rule of the menu entry at `path`
 * (0 for a top-level entry or a path outside the menu tree).
 */
export function routePid(menus: readonly MenuNode[], path: string): number {
  for (const n of menus) {
    if (n.url === path) return n.pid;
    const sub = routePid(n.subnode, path);
    if (sub) return sub;
  }
  return 0;
}

/** §4: a route with a pid fetches its rules only while no mode name is set. */
export function needsRouteRules(pid: number, modeName: string): boolean {
  return pid > 0 && modeName === "";
}

/** The store patch of a c058 answer; an SF_ADMIN duplicate clears the mode (§4). */
export function routeRulesPatch(answer: GetRulesAnswer, identityCode: readonly number[]): { mode: number[]; modeName: string; modeType?: number } {
  const list = Array.isArray(answer.auth_rule_list) ? answer.auth_rule_list.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  const applyType = Number(answer.apply_type) || 0;
  return {
    mode: clearsModeForAdmin(identityCode) ? [] : list,
    modeName: String(applyType),
    ...(applyType > 0 ? { modeType: applyType } : {}),
  };
}
