import { describe, expect, it } from "vitest";
import { normalizeComponentKey, resolveScreen, type ScreenRegistry } from "./screen-resolve";

const reg: ScreenRegistry<string> = {
  byComponent: { "permission/role": "Role" },
  byName: { AccountManage: "Account" },
  planned: { SchoolManage: 4 },
};

describe("menu entry → screen (module-not-found, §8)", () => {
  it("normalises component paths", () => {
    expect(normalizeComponentKey("views/permission/role/index.vue")).toBe("permission/role");
    expect(normalizeComponentKey("@/views/permission/role")).toBe("permission/role");
    expect(normalizeComponentKey(" /permission/role/ ")).toBe("permission/role");
  });

  it("finds screens by componentsUrl, then by view name", () => {
    expect(resolveScreen(reg, "permission/role/index", "X")).toEqual({ kind: "screen", screen: "Role" });
    expect(resolveScreen(reg, "", "AccountManage")).toEqual({ kind: "screen", screen: "Account" });
  });

  it("entries without componentsUrl get a placeholder; planned screens name their issue", () => {
    expect(resolveScreen(reg, "", "Unknown")).toEqual({ kind: "placeholder" });
    expect(resolveScreen(reg, "", "SchoolManage")).toEqual({ kind: "planned", issue: 4 });
  });

  it("an unknown componentsUrl is a module-not-found page, never blank", () => {
    expect(resolveScreen(reg, "nowhere/page", "Unknown")).toEqual({ kind: "missing", componentsUrl: "nowhere/page" });
  });
});
