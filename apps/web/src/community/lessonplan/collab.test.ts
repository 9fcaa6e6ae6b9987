import { avatarColor } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { authFailureMessage, caretUser, collabUrl, presentUsers, saveState } from "./collab";

describe("co-editing helpers", () => {
  it("addresses the socket on the page's own host, wss under https", () => {
    expect(collabUrl({ protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/ws/collab");
    expect(collabUrl({ protocol: "https:", host: "yanke.example.cn" })).toBe("wss://yanke.example.cn/ws/collab");
  });

  it("labels the caret with the real name and the avatar colour of the account", () => {
    expect(caretUser({ account_id: 21, realname: "张老师", username: "zhanglaoshi" })).toEqual({ name: "张老师", color: avatarColor(21), accountId: 21 });
    expect(caretUser({ account_id: 3, realname: " ", username: "lilaoshi" }).name).toBe("lilaoshi");
    expect(caretUser({ account_id: 1, realname: "张老师", username: "zhanglaoshi" }).color).not.toBe(
      caretUser({ account_id: 2, realname: "李老师", username: "lilaoshi" }).color,
    );
  });

  it("lists each account once, itself first, the others in pinyin order, and leaves out connections without a user", () => {
    const states: [number, unknown][] = [
      [7, { user: { name: "王老师", color: "#1677ff", accountId: 9 } }],
      [5, { user: { name: "张老师", color: "#f56a00", accountId: 3 } }],
      [6, { user: { name: "张老师", color: "#f56a00", accountId: 3 } }],
      [8, {}],
      [9, { user: { name: "李老师", color: "javascript:alert(1)", accountId: 4 } }],
    ];
    const people = presentUsers(states, 9);
    expect(people.map((p) => [p.name, p.tabs, p.self])).toEqual([
      ["李老师", 1, true],
      ["王老师", 1, false],
      ["张老师", 2, false],
    ]);
    expect(people[0].color).toBe("#8a9690");
  });

  it("says offline, connecting, saving or saved", () => {
    expect(saveState({ status: "connecting", synced: false, unsynced: 0, everConnected: false })).toBe("connecting");
    expect(saveState({ status: "connected", synced: false, unsynced: 0, everConnected: true })).toBe("connecting");
    expect(saveState({ status: "connected", synced: true, unsynced: 2, everConnected: true })).toBe("saving");
    expect(saveState({ status: "connected", synced: true, unsynced: 0, everConnected: true })).toBe("saved");
    expect(saveState({ status: "disconnected", synced: true, unsynced: 1, everConnected: true })).toBe("offline");
    expect(saveState({ status: "connecting", synced: true, unsynced: 0, everConnected: true })).toBe("offline");
  });

  it("words a refused connection in Chinese", () => {
    expect(authFailureMessage("permission-denied", false)).toBe("请先登录后再参与协同编辑");
    expect(authFailureMessage("permission-denied", true)).toMatch(/没有权限/);
    expect(authFailureMessage("token expired", true)).toMatch(/登录已过期/);
    expect(authFailureMessage("该教案已删除", true)).toBe("该教案已删除");
  });
});
