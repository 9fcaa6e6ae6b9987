/**
 * The route guard of platform.md §2 "Access rules" as one pure function.
 * See docs/decisions/0101-web-route-access.md for the readings taken.
 */
import { PROFILE_SETTINGS_PATH, type ClientConfig } from "@yanke/protocol";

/** Routes that need no login; entries match exactly (§2). /404 is added so a missing page is never a login wall. */
export const NO_LOGIN_WHITELIST: readonly string[] = [
  "/login",
  "/foreground",
  "/home",
  "/blog",
  "/blog/notice",
  "/blog/collectivePrepare/detailList",
  "/blog/listenToReviews",
  "/blog/discuss",
  "/teachingRresearch",
  "/lessonAnalysis",
  "/bulletin",
  "/foreground2_0/commentReport",
  "/teachingActivities",
  "/configurationReport",
  "/reportSingle",
  "/reportSecond",
  "/bigData",
  "/onlineTeacherDetails",
  "/editDetail",
  "/collectivePrepare/editDetail",
  "/404",
  // A questionnaire shared by link (#12): the page itself asks for a login when the author requires one.
  "/questionnaire/answer",
];

/** Front-site children that need login although /foreground is public: teaching activities and topic pages. */
export const FOREGROUND_LOGIN_CHILDREN: readonly string[] = ["teachEvents", "topicPage", "topicPageVideo"];

export const LOGIN_WARNING = "请登录后查看！！！";
export const NOT_FOUND_PATH = "/404";

export function normalizePath(path: string): string {
  const p = path.split(/[?#]/)[0] || "/";
  return p.length > 1 ? p.replace(/\/+$/, "") || "/" : p;
}

/**
 * True when `path` needs no token: an exact whitelist entry; or a child of /foreground
 * in the foreground edition (except teaching activities and topic pages); or a child of
 * /foreground whose short form (/bulletin …, as the spec writes the children) is whitelisted.
 */
export function isPublicPath(path: string, edition: ClientConfig["edition"]): boolean {
  const p = normalizePath(path);
  if (NO_LOGIN_WHITELIST.includes(p)) return true;
  const m = /^\/foreground\/([^/]+)(\/.*)?$/.exec(p);
  if (!m) return false;
  const child = m[1] ?? "";
  if (NO_LOGIN_WHITELIST.includes(`/${child}${m[2] ?? ""}`)) return true;
  return edition === "foreground" && !FOREGROUND_LOGIN_CHILDREN.includes(child);
}

export interface AccessInput {
  path: string;
  edition: ClientConfig["edition"];
  token: string;
  /** The user's home route (session.url). */
  homeUrl: string;
  /** Home route for anonymous visitors (/foreground or the whitelist home). */
  publicHome: string;
  /** Personal-centre urls of the user's menu tree. */
  personalCentreUrls: readonly string[];
  /** Menus of the signed-in user are loaded (the §4 load-menus flag is clear). */
  menusReady: boolean;
}

export type AccessDecision = { kind: "allow" } | { kind: "redirect"; to: string; warning?: string };

export function decideAccess(i: AccessInput): AccessDecision {
  const p = normalizePath(i.path);
  if (p === "/") {
    // '/' while logged in → the user's home; anonymous → the public home. (NINGXIA's '/' is its community home,
    // which is served at /foreground, see the edition table.)
    return { kind: "redirect", to: i.token ? i.homeUrl || i.publicHome : i.publicHome };
  }
  if (p === "/login" && i.token && i.menusReady) return { kind: "redirect", to: i.homeUrl || i.publicHome };
  if (isPublicPath(p, i.edition)) return { kind: "allow" };
  if (!i.token) return { kind: "redirect", to: "/login", warning: LOGIN_WARNING };
  // /redirect/<path> only re-navigates to <path>, which is checked in turn.
  if (p.startsWith("/redirect/")) return { kind: "allow" };
  if (p.includes("/personalCenter") && p !== PROFILE_SETTINGS_PATH && !i.personalCentreUrls.includes(p)) {
    return { kind: "redirect", to: NOT_FOUND_PATH };
  }
  return { kind: "allow" };
}
