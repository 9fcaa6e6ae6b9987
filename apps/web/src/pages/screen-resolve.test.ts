import { describe, expect, it } from "vitest";
import { normalizeComponentKey, resolveScreen, type ScreenRegistry } from "./screen-resolve";

const reg: ScreenRegistry<string> = {
  byComponent: { "permission/role": "Role" },
  byName: { AccountManage: "Account" },
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

  it("entries without componentsUrl and without a known view name get a placeholder", () => {
    expect(resolveScreen(reg, "", "Unknown")).toEqual({ kind: "placeholder" });
  });

  it("an unknown componentsUrl is a module-not-found page, never blank", () => {
    expect(resolveScreen(reg, "nowhere/page", "Unknown")).toEqual({ kind: "missing", componentsUrl: "nowhere/page" });
  });
});
