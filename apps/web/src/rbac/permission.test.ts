import type { MenuNode } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { isValidPermissionList, permissionAllows, userIdentityCodes } from "./identity-permission";
import { makeCan, permissionNames } from "./permission";

function rule(id: number, name: string, extra: Partial<MenuNode> = {}, subnode: MenuNode[] = []): MenuNode {
  return {
    id,
    name,
    title: name,
    pid: 0,
    level: 0,
    sort: 0,
    status: 1,
    url: "",
    is_menu: 1,
    componentsUrl: "",
    activeMenu: "",
    icon: "",
    redirect: "",
    subnode,
    ...extra,
  };
}

describe("can(path) from the c003 tree", () => {
  const tree = [
    rule(1, "RoleManage", {}, [rule(2, "/middle/auth_group/save", { is_menu: 0 }), rule(3, "/middle/auth_group/delete", { is_menu: 0, status: 0 })]),
    rule(4, "Off", { status: 0 }, [rule(5, "/middle/account/save", { is_menu: 0 })]),
  ];
  const can = makeCan(permissionNames(tree));

  it("grants the permission rules of the tree by call path", () => {
    expect(can("/middle/auth_group/save")).toBe(true);
    expect(can("/middle/auth_group/update")).toBe(false);
    expect(can("")).toBe(false);
  });

  it("a disabled rule, or one under a disabled menu, grants nothing", () => {
    expect(can("/middle/auth_group/delete")).toBe(false);
    expect(can("/middle/account/save")).toBe(false);
  });
});

describe("permission component rule (spec §5: only 1, 2, 3)", () => {
  it("shows for a matching identity code", () => {
    expect(permissionAllows([1], [1])).toBe(true);
    expect(permissionAllows([2, 3], [3])).toBe(true);
    expect(permissionAllows([1, 3], [2])).toBe(false);
  });

  it("any value other than 1, 2, 3 removes the element", () => {
    expect(permissionAllows([4], [4])).toBe(false);
    expect(permissionAllows([1, 5], [1])).toBe(false);
    expect(permissionAllows(["1"], [1])).toBe(false);
    expect(permissionAllows([], [1])).toBe(false);
    expect(isValidPermissionList([1, 2, 3])).toBe(true);
  });

  it("falls back to the single identity when the code list is empty", () => {
    expect(userIdentityCodes([], 2)).toEqual([2]);
    expect(userIdentityCodes([3], 2)).toEqual([3]);
    expect(userIdentityCodes([], 0)).toEqual([]);
  });
});
