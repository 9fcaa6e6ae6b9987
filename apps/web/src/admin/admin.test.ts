import type { MenuNode } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { accountFormValues, accountSavePayload, accountUpdatePayload, schemaFieldErrors, type AccountFormValues } from "./account-form";
import { applyGroupList, readTreeAndChecked } from "./api";
import { base64ToBytes, bytesToBase64, importFileProblem, safeFileName } from "./files";
import { ancestorsOf, checkedLeaves, filterMenuTree, menuRows, parentOptions, rulesFromChecks } from "./tree";

function n(id: number, pid: number, title: string, subnode: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id,
    pid,
    title,
    name: title,
    url: `/${title}`,
    level: pid ? 1 : 0,
    sort: 0,
    status: 1,
    is_menu: 1,
    componentsUrl: "",
    activeMenu: "",
    icon: "",
    redirect: "",
    subnode,
    ...extra,
  };
}

const tree = [n(1, 0, "perm", [n(2, 1, "role", [n(4, 2, "/save", [], { is_menu: 0 })]), n(3, 1, "menu", [], { sort: -1 })]), n(5, 0, "home")];

describe("rule tree helpers", () => {
  it("hands a non-strict tree only the checked leaves", () => {
    expect(checkedLeaves(tree, [1, 2, 4, 5])).toEqual([4, 5]);
    expect(checkedLeaves(tree, [1, 99])).toEqual([]);
  });

  it("stores checked plus half-checked parents, sorted and unique", () => {
    expect(rulesFromChecks([4, 3], [2, 1, 2])).toEqual([1, 2, 3, 4]);
    expect(ancestorsOf(tree, [4])).toEqual([1, 2]);
  });

  it("menu rows: sorted by sort, leaves without a children array", () => {
    const rows = menuRows(tree);
    expect(rows[0]?.children?.map((r) => r.id)).toEqual([3, 2]);
    expect(rows[1]?.children).toBeUndefined();
    expect("subnode" in (rows[1] ?? {})).toBe(false);
  });

  it("filters by keyword keeping ancestors", () => {
    const f = filterMenuTree(tree, "SAVE");
    expect(f.map((x) => x.id)).toEqual([1]);
    expect(f[0]?.subnode[0]?.subnode[0]?.id).toBe(4);
  });

  it("parent choices: 顶级 plus menus, the rule's own subtree disabled", () => {
    const opts = parentOptions(tree, 2);
    expect(opts[0]).toEqual({ value: 0, title: "顶级菜单" });
    const perm = opts[1];
    expect(perm?.children?.find((c) => c.value === 2)?.disabled).toBe(true);
    expect(perm?.children?.find((c) => c.value === 3)?.disabled).toBeUndefined();
  });

  it("reads {tree, checked} and grouped application answers defensively", () => {
    expect(readTreeAndChecked({ tree: [{ id: 1, title: "a" }], checked: [1, "2", "x"] })).toMatchObject({ checked: [1, 2] });
    expect(readTreeAndChecked(null)).toEqual({ tree: [], checked: [] });
    expect(applyGroupList({ list4: [{ id: 3, name: "个人研修", apply_type: 4, rules: [1] }] }, 4)[0]).toMatchObject({ id: 3, rules: [1], group_ids: [] });
    expect(applyGroupList(undefined, 4)).toEqual([]);
  });
});

describe("account form ↔ protocol payloads", () => {
  const values: AccountFormValues = {
    username: " teacher01 ",
    realname: "王老师",
    identity: 2,
    group_id: 5,
    school_id: 1,
    status: true,
    password: "abc12345",
    password_confirmation: "abc12345",
  };

  it("builds a save payload the protocol accepts", () => {
    const p = accountSavePayload(values);
    expect(p).toMatchObject({ username: "teacher01", status: 1, group_id: 5, period_id: 0, entry_year: 0 });
    expect(schemaFieldErrors(p, true)).toEqual({ fields: [], other: [] });
  });

  it("maps the protocol's issues onto form fields", () => {
    const bad = accountSavePayload({ ...values, username: "a", password: "short", password_confirmation: "other" });
    const names = schemaFieldErrors(bad, true).fields.map((f) => f.name);
    expect(names).toContain("username");
    expect(names).toContain("password");
    const mismatch = accountSavePayload({ ...values, password_confirmation: "abc123456" });
    expect(schemaFieldErrors(mismatch, true).fields).toEqual([{ name: "password_confirmation", errors: ["两次输入的密码不一致"] }]);
  });

  it("sends passwords on update only when changing them", () => {
    expect("password" in accountUpdatePayload(3, values)).toBe(false);
    const p = accountUpdatePayload(3, { ...values, changePassword: true });
    expect(p).toMatchObject({ id: 3, password: "abc12345" });
    expect(schemaFieldErrors(p, false).fields).toEqual([]);
  });

  it("form values of a row", () => {
    const v = accountFormValues({
      id: 3,
      username: "u1",
      realname: "r",
      telephone: "",
      head_portrait_url: "",
      status: 0,
      group_id: 0,
      group_title: "",
      school_id: 2,
      school_name: "",
      period_id: 0,
      subject_id: 0,
      community_level: 1,
      region_code: "",
      reputation: "",
      rules: [],
      rules_special: [],
      apply_auth_list: [],
      entry_year: 0,
      identity: 4,
      identity_name: "",
      identity_level: 0,
      identity_area_id: 0,
      province_id: 0,
      city_id: 0,
      area_id: 0,
      njy_area_id: 0,
      es_account_id: "",
      school_list: [],
      created_at: "",
    });
    expect(v).toMatchObject({ status: false, group_id: undefined, identity: 4, entry_year: null, changePassword: false });
  });
});

describe("import and export files", () => {
  it("round-trips bytes through base64", () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 80, 75]);
    expect([...base64ToBytes(bytesToBase64(bytes))]).toEqual([...bytes]);
    expect([...base64ToBytes(`data:application/x;base64,${bytesToBase64(bytes)}`)]).toEqual([...bytes]);
  });

  it("accepts only .xlsx up to 5 MB", () => {
    expect(importFileProblem("a.xlsx", 10)).toBe("");
    expect(importFileProblem("a.xls", 10)).toContain(".xlsx");
    expect(importFileProblem("a.XLSX", 6 * 1024 * 1024)).toBe("文件不能超过 5MB");
    expect(importFileProblem("a.xlsx", 0)).toBe("文件内容为空");
  });

  it("cleans download names", () => {
    expect(safeFileName("账号/列表.xlsx", "x.xlsx")).toBe("账号_列表.xlsx");
    expect(safeFileName("  ", "x.xlsx")).toBe("x.xlsx");
  });
});
