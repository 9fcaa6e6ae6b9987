import type { ApplyIndexAnswer, MenuNode, OccupationApplyRow } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { activeModeTab, chooseModePatch, clearsModeForAdmin, needsRouteRules, routePid, routeRulesPatch, shouldLoadEntries, visibleModeTabs } from "./modes";

const app = (id: number, apply_type: number): OccupationApplyRow => ({
  id,
  name: `a${id}`,
  icon: "",
  rules: [],
  group_ids: [],
  type: 1,
  is_display: 1,
  apply_type,
});
const tab = (mode: number, rules: number[] = [mode * 10], first_url = `/m${mode}`) => ({ mode, name: `server-${mode}`, rules, first_url });

describe("mode tabs (spec §2, §6)", () => {
  it("orders tabs 个人研修, 设备中心, 教研管理, 设备管理, 基础数据管理 whatever the server's order", () => {
    const answer: ApplyIndexAnswer = { list: [1, 2, 3, 4, 5].map((t) => app(t, t)), tabs: [1, 2, 3, 4, 5].map((m) => tab(m)) };
    expect(visibleModeTabs(answer).map((t) => [t.mode, t.name])).toEqual([
      [4, "个人研修"],
      [5, "设备中心"],
      [1, "教研管理"],
      [2, "设备管理"],
      [3, "基础数据管理"],
    ]);
  });

  it("shows a tab only when the user has an application of its type", () => {
    const answer: ApplyIndexAnswer = { list: [app(1, 4), app(2, 7)], tabs: [tab(4), tab(1)] };
    expect(visibleModeTabs(answer).map((t) => t.mode)).toEqual([4]);
    expect(visibleModeTabs({ list: [], tabs: [tab(4)] })).toEqual([]);
    expect(visibleModeTabs(null)).toEqual([]);
  });

  it("choosing a tab stores its rule ids as the mode and its type as the mode name", () => {
    const [t] = visibleModeTabs({ list: [app(1, 2)], tabs: [tab(2, [7, 8], "/basic/device")] });
    if (!t) throw new Error("tab expected");
    expect(t.firstUrl).toBe("/basic/device");
    expect(chooseModePatch(t)).toEqual({ mode: [7, 8], modeName: "2", modeType: 2 });
    expect(activeModeTab([t], "2")).toBe(t);
    expect(activeModeTab([t], "")).toBeUndefined();
  });

  it("entries load only with a token and without the admin code twice", () => {
    expect(shouldLoadEntries("", [2])).toBe(false);
    expect(shouldLoadEntries("tok", [2])).toBe(true);
    expect(shouldLoadEntries("tok", [1])).toBe(true);
    expect(shouldLoadEntries("tok", [1, 1])).toBe(false);
  });
});

function node(id: number, pid: number, url: string, subnode: MenuNode[] = []): MenuNode {
  return {
    id,
    pid,
    url,
    name: `n${id}`,
    title: `t${id}`,
    level: pid ? 1 : 0,
    sort: 0,
    status: 1,
    is_menu: 1,
    componentsUrl: "",
    activeMenu: "",
    icon: "",
    redirect: "",
    subnode,
  };
}

describe("route change (spec §4)", () => {
  const menus = [node(1, 0, "/dashboard"), node(2, 0, "/permission", [node(3, 2, "/permission/role")])];

  it("the route's pid is the parent rule of its menu entry", () => {
    expect(routePid(menus, "/permission/role")).toBe(2);
    expect(routePid(menus, "/dashboard")).toBe(0);
    expect(routePid(menus, "/elsewhere")).toBe(0);
  });

  it("fetches rules only for a pid while no mode name is set", () => {
    expect(needsRouteRules(2, "")).toBe(true);
    expect(needsRouteRules(2, "3")).toBe(false);
    expect(needsRouteRules(0, "")).toBe(false);
  });

  it("stores the rules and apply_type; the SF_ADMIN duplicate clears the mode", () => {
    expect(routeRulesPatch({ auth_rule_list: [2, 3], apply_type: 3 }, [2])).toEqual({ mode: [2, 3], modeName: "3", modeType: 3 });
    expect(routeRulesPatch({ auth_rule_list: [2, 3], apply_type: 3 }, [1])).toEqual({ mode: [], modeName: "3", modeType: 3 });
    expect(routeRulesPatch({ auth_rule_list: [2], apply_type: 0 }, [4])).toEqual({ mode: [2], modeName: "0" });
    expect(clearsModeForAdmin([2, 2])).toBe(true);
    expect(clearsModeForAdmin([2, 4])).toBe(false);
  });
});
