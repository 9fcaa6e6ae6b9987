import { menuTitle } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { assignableIdentities, beyond, effectiveRules, scopeOf, withAncestors } from "./permission.js";

const apps = new Map<number, number[]>([
  [1, [10, 11, 12]],
  [2, [20, 21]],
]);
const group = { status: 1, rules: [10, 11, 20], rules_special: [], apply_auth_list: [] };

describe("effective rules", () => {
  it("SF_ADMIN gets every rule whatever the role says", () => {
    expect(effectiveRules({ identity: 1, group: undefined, rules_special: [], apply_auth_list: [], applicationRules: apps })).toEqual({ all: true });
  });

  it("role rules ∪ account special rules", () => {
    const e = effectiveRules({ identity: 2, group, rules_special: [30], apply_auth_list: [], applicationRules: apps });
    expect(e.all).toBe(false);
    if (!e.all) expect([...e.ids].sort()).toEqual([10, 11, 20, 30]);
  });

  it("limited by the account's apply_auth_list, else the role's", () => {
    const e = effectiveRules({ identity: 2, group, rules_special: [12, 30], apply_auth_list: [1], applicationRules: apps });
    if (e.all) throw new Error("not all");
    expect([...e.ids].sort()).toEqual([10, 11, 12]);
    const viaRole = effectiveRules({ identity: 2, group: { ...group, apply_auth_list: [2] }, rules_special: [], apply_auth_list: [], applicationRules: apps });
    if (viaRole.all) throw new Error("not all");
    expect([...viaRole.ids]).toEqual([20]);
  });

  it("a disabled role grants nothing; special rules still count", () => {
    const e = effectiveRules({ identity: 4, group: { ...group, status: 0 }, rules_special: [11], apply_auth_list: [], applicationRules: apps });
    if (e.all) throw new Error("not all");
    expect([...e.ids]).toEqual([11]);
  });

  it("an unknown application limits to nothing", () => {
    const e = effectiveRules({ identity: 2, group, rules_special: [], apply_auth_list: [99], applicationRules: apps });
    if (e.all) throw new Error("not all");
    expect(e.ids.size).toBe(0);
  });

  it("ancestors are kept for granted children", () => {
    const rows = [
      { id: 1, pid: 0 },
      { id: 2, pid: 1 },
      { id: 3, pid: 2 },
      { id: 4, pid: 0 },
    ];
    expect([...withAncestors(rows, new Set([3]))].sort()).toEqual([1, 2, 3]);
  });

  it("beyond() lists what a caller may not grant", () => {
    const e = effectiveRules({ identity: 4, group, rules_special: [], apply_auth_list: [], applicationRules: apps });
    expect(beyond(e, [10, 99, 20, 7])).toEqual([99, 7]);
    expect(beyond({ all: true }, [99])).toEqual([]);
  });
});

describe("scope and identities", () => {
  it("maps identities to what they manage", () => {
    expect(scopeOf({ identity: 1, school_id: 0, region_code: "" })).toEqual({ kind: "all" });
    expect(scopeOf({ identity: 5, school_id: 0, region_code: "" })).toEqual({ kind: "all" });
    expect(scopeOf({ identity: 3, school_id: 0, region_code: "640104" })).toEqual({ kind: "region", code: "640104" });
    expect(scopeOf({ identity: 4, school_id: 7, region_code: "" })).toEqual({ kind: "school", schoolId: 7 });
    expect(scopeOf({ identity: 2, school_id: 7, region_code: "" })).toEqual({ kind: "none" });
    expect(scopeOf({ identity: 4, school_id: 0, region_code: "" })).toEqual({ kind: "none" });
  });

  it("never lets a caller give an identity above his own", () => {
    expect(assignableIdentities(4)).toEqual([2, 4]);
    expect(assignableIdentities(3)).not.toContain(5);
    expect(assignableIdentities(5)).not.toContain(1);
    expect(assignableIdentities(2)).toEqual([]);
  });

  it("menu titles drop version suffixes", () => {
    expect(menuTitle("菜单分组1_0")).toBe("菜单分组");
  });
});
