import { describe, expect, it } from "vitest";
import { blankSession, normalizeSession } from "./session-info";

describe("session normalisation (spec §3 Session)", () => {
  it("a blank session has ident 0 and the §3 defaults", () => {
    const s = blankSession();
    expect(s.token).toBe("");
    expect(s.ident).toBe(0);
    expect(s.school_type).toBe("MOSHI_k12");
    expect(s.community_level).toBe(1);
  });

  it("keeps known fields with the right types and drops the rest", () => {
    const s = normalizeSession({ token: "t", account_id: "12", identityCode: [1, "5"], isFullScreen: 1, extra: "x", realname: 7 });
    expect(s.token).toBe("t");
    expect(s.account_id).toBe(12);
    expect(s.identityCode).toEqual([1, 5]);
    expect(s.isFullScreen).toBe(1);
    expect(s.realname).toBe("7");
    expect(Object.keys(s)).not.toContain("extra");
  });

  it("merges on top of a base (SSO: token first, user info second)", () => {
    const first = normalizeSession({ token: "t", id_token: "i" });
    const s = normalizeSession({ realname: "张老师", entry_year: 2019 }, first);
    expect(s).toMatchObject({ token: "t", id_token: "i", realname: "张老师", entry_year: 2019 });
  });

  it("garbage in, blank out", () => {
    expect(normalizeSession("nope")).toEqual(blankSession());
    expect(normalizeSession(null)).toEqual(blankSession());
  });
});
