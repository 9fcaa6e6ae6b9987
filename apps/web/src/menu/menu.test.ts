import type { MenuNode } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { buildSideMenu, externalHref, menuTrail, normalizeMenus, personalCentreUrls } from "./menu";

let nextId = 1;
function node(title: string, url: string, extra: Partial<MenuNode> = {}, subnode: MenuNode[] = []): MenuNode {
  return {
    id: nextId++,
    name: title,
    title,
    pid: 0,
    level: 0,
    sort: 0,
    status: 1,
    url,
    is_menu: 1,
    componentsUrl: "",
    activeMenu: "",
    icon: "",
    redirect: "",
    subnode,
    ...extra,
  };
}

const tree = [
  node("工作台", "/dashboard"),
  node("基础管理", "/basic", { icon: "DatabaseOutlined" }, [node("学校管理", "/basic/school"), node("隐藏", "/basic/hidden", { is_menu: 0 })]),
  node("权限管理", "/permission", {}, [node("角色管理", "/permission/role"), node("应用管理2_0", "/permission/ability")]),
  node("个人中心", "/personalCenter", {}, [node("个人设置", "/personalCenter/personalSettings"), node("我的消息", "/personalCenter/message")]),
  node("驾驶舱", "https://example.invalid/cockpit?x=1"),
  node("按钮权限", "", { is_menu: 0 }),
];
const opts = { mode: [], showVersionName: false };

describe("side menu (spec §2)", () => {
  it("hides non-menu items and collapses a single visible child into one entry", () => {
    const items = buildSideMenu(tree, opts);
    expect(items.map((i) => i.title)).toEqual(["工作台", "学校管理", "权限管理", "个人中心", "驾驶舱"]);
    const school = items[1];
    expect(school?.url).toBe("/basic/school");
    expect(school?.icon).toBe("DatabaseOutlined");
    expect(school?.children).toBeUndefined();
  });

  it("cuts titles at the first version suffix unless the version-name flag is set", () => {
    const perm = buildSideMenu(tree, opts)[2];
    expect(perm?.children?.map((c) => c.title)).toEqual(["角色管理", "应用管理"]);
    const withVersion = buildSideMenu(tree, { ...opts, showVersionName: true })[2];
    expect(withVersion?.children?.[1]?.title).toBe("应用管理2_0");
  });

  it("marks external links and appends token and account id", () => {
    const ext = buildSideMenu(tree, opts)[4];
    expect(ext?.external).toBe(true);
    const href = new URL(externalHref(ext?.url ?? "", "tok", 7));
    expect(href.searchParams.get("x")).toBe("1");
    expect(href.searchParams.get("token")).toBe("tok");
    expect(href.searchParams.get("account_id")).toBe("7");
  });

  it("with a mode set only shows the items whose id is in it", () => {
    const first = tree[0];
    const items = buildSideMenu(tree, { ...opts, mode: first ? [first.id] : [] });
    expect(items.map((i) => i.title)).toEqual(["工作台"]);
  });

  it("with a mode holding children but not their group, the group still shows them", () => {
    const perm = tree[2];
    const role = perm?.subnode[0];
    const items = buildSideMenu(tree, { ...opts, mode: role ? [role.id] : [] });
    expect(items.map((i) => i.title)).toEqual(["角色管理"]);
  });

  it("lists personal-centre urls and finds breadcrumb trails", () => {
    expect(personalCentreUrls(tree)).toEqual(["/personalCenter", "/personalCenter/personalSettings", "/personalCenter/message"]);
    expect(menuTrail(tree, "/basic/school").map((n) => n.title)).toEqual(["基础管理", "学校管理"]);
    expect(menuTrail(tree, "/nowhere")).toEqual([]);
  });

  it("reads an untrusted answer defensively", () => {
    const m = normalizeMenus([{ id: "3", title: "学校", url: "/s", is_menu: 1, subnode: [null, { id: 4, title: "子" }] }, 5]);
    expect(m).toHaveLength(1);
    expect(m[0]?.id).toBe(3);
    expect(m[0]?.subnode).toHaveLength(1);
    expect(normalizeMenus({})).toEqual([]);
  });
});
