import { describe, expect, it } from "vitest";
import { AVATAR_COLORS, CHART_COLORS, avatarColor, isProfileComplete, menuTitle } from "./constants.js";
import { ChangePasswordPayload, LoginPayload } from "./schemas/auth.js";
import { parsePayload } from "./validation.js";

describe("spec §9 constants", () => {
  it("has 20 chart and 20 avatar colours; avatar by id modulo 20", () => {
    expect(CHART_COLORS).toHaveLength(20);
    expect(AVATAR_COLORS).toHaveLength(20);
    expect(avatarColor(21)).toBe(AVATAR_COLORS[1]);
    expect(avatarColor(40)).toBe(AVATAR_COLORS[0]);
  });

  it("cuts menu titles at the first version suffix unless asked not to", () => {
    expect(menuTitle("应用管理2_0")).toBe("应用管理");
    expect(menuTitle("听课_zj记录3_0")).toBe("听课");
    expect(menuTitle("资源1_0")).toBe("资源");
    expect(menuTitle("应用管理2_0", true)).toBe("应用管理2_0");
    expect(menuTitle("学校管理")).toBe("学校管理");
  });

  it("profile completeness needs all ten fields", () => {
    const full = {
      province_id: 1,
      city_id: 2,
      njy_area_id: 3,
      school_id: 4,
      period_id: 5,
      subject_id: 6,
      reputation: "一级教师",
      entry_year: 2015,
      identity: 2,
      identity_level: 1,
    };
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, reputation: "" })).toBe(false);
    expect(isProfileComplete({ ...full, njy_area_id: 0 })).toBe(false);
  });
});

describe("payload validation messages", () => {
  it("names the field in Chinese", () => {
    const r = parsePayload(LoginPayload, { username: "admin" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe("密码(password): 必填");
    const r2 = parsePayload(LoginPayload, { username: "", password: "x" });
    if (!r2.ok) expect(r2.message).toBe("账号(username): 请输入账号");
    else throw new Error("expected failure");
  });

  it("change password: confirmation must match and the rule is explained", () => {
    const bad = parsePayload(ChangePasswordPayload, { old_password: "a", password: "abc12345", password_confirmation: "abc12346" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain("两次输入的新密码不一致");
    const weak = parsePayload(ChangePasswordPayload, { old_password: "a", password: "12345678", password_confirmation: "12345678" });
    if (!weak.ok) expect(weak.message).toContain("新密码(password)");
    else throw new Error("expected failure");
    expect(parsePayload(ChangePasswordPayload, { old_password: "a", password: "abc12345", password_confirmation: "abc12345" }).ok).toBe(true);
  });
});
