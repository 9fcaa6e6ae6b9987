import { PROFILE_SETTINGS_PATH } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { decideAccess, isPublicPath, LOGIN_WARNING, type AccessInput } from "./access";

const base: AccessInput = {
  path: "/",
  edition: "foreground",
  token: "",
  homeUrl: "",
  publicHome: "/foreground",
  personalCentreUrls: [],
  menusReady: true,
};
const anon = (path: string, edition: AccessInput["edition"] = "foreground") => decideAccess({ ...base, path, edition });
const user = (path: string, extra: Partial<AccessInput> = {}) => decideAccess({ ...base, token: "t", homeUrl: "/dashboard", path, ...extra });

describe("route access (spec §2 Access rules)", () => {
  it("whitelist entries match exactly", () => {
    expect(isPublicPath("/blog/notice", "NINGXIA")).toBe(true);
    expect(isPublicPath("/blog/notice/", "NINGXIA")).toBe(true);
    expect(isPublicPath("/blog/home", "NINGXIA")).toBe(false);
    expect(isPublicPath("/reportSingle", "foreground")).toBe(true);
    expect(isPublicPath("/report", "foreground")).toBe(false);
  });

  it("front-site children are public in the foreground edition, except teaching activities and topic pages", () => {
    expect(isPublicPath("/foreground/courseResource", "foreground")).toBe(true);
    expect(isPublicPath("/foreground/schoolBulletin", "foreground")).toBe(true);
    for (const p of ["/foreground/teachEvents", "/foreground/topicPage", "/foreground/topicPageVideo"]) {
      expect(isPublicPath(p, "foreground")).toBe(false);
      expect(anon(p)).toEqual({ kind: "redirect", to: "/login", warning: LOGIN_WARNING });
    }
  });

  it("NINGXIA community-home children are public through their whitelisted short forms", () => {
    expect(isPublicPath("/foreground/bulletin", "NINGXIA")).toBe(true);
    expect(isPublicPath("/foreground/lessonAnalysis", "NINGXIA")).toBe(true);
    expect(isPublicPath("/foreground/courseResource", "teachEvents")).toBe(false);
  });

  it("a protected route without a token: warning then login", () => {
    expect(anon("/dashboard")).toEqual({ kind: "redirect", to: "/login", warning: LOGIN_WARNING });
  });

  it("'/' goes to the user's home when logged in, else the public home", () => {
    expect(user("/")).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(anon("/")).toEqual({ kind: "redirect", to: "/foreground" });
  });

  it("/login while logged in (menus loaded) goes home", () => {
    expect(user("/login")).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(user("/login", { menusReady: false })).toEqual({ kind: "allow" });
  });

  it("/personalCenter paths only when in the personal-centre menu, else /404", () => {
    expect(user("/personalCenter/message")).toEqual({ kind: "redirect", to: "/404" });
    expect(user("/personalCenter/message", { personalCentreUrls: ["/personalCenter/message"] })).toEqual({ kind: "allow" });
  });

  it("the SSO profile target is reachable without a menu entry", () => {
    expect(user(PROFILE_SETTINGS_PATH)).toEqual({ kind: "allow" });
    expect(anon(PROFILE_SETTINGS_PATH).kind).toBe("redirect");
  });

  it("/404 is public", () => {
    expect(anon("/404")).toEqual({ kind: "allow" });
  });

  it("/redirect/<path> re-navigates (refresh, period switch); the target is checked afterwards", () => {
    expect(user("/redirect/personalCenter/message")).toEqual({ kind: "allow" });
    expect(anon("/redirect/personalCenter/message").kind).toBe("redirect");
  });
});
