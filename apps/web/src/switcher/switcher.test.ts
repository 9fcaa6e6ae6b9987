import { describe, expect, it } from "vitest";
import { ALL_COURSES, courseOptions, currentSchoolEntry, normalizeSchoolEntries, periodSwitchPatch, schoolSwitchPatch } from "./switcher";

const raw = [
  {
    id: 1,
    url: "/dashboard",
    ident: 2,
    title: "一中",
    period_arr: [
      { id: 11, name: "初中" },
      { id: 12, name: "高中" },
    ],
    info: { realname: "张老师", account_school_user_id: 5, type: 2 },
  },
  { id: "2", url: "/foreground", ident: 4, title: "二中", period_arr: [], info: { realname: "张主任", account_school_user_id: "9", type: 4 } },
  { id: 0, title: "bad" },
  "junk",
];

describe("school identity switcher (spec §3, §4)", () => {
  const entries = normalizeSchoolEntries(raw);

  it("reads the c046 answer defensively", () => {
    expect(entries.map((e) => e.id)).toEqual([1, 2]);
    expect(entries[1]?.info.account_school_user_id).toBe(9);
    expect(normalizeSchoolEntries(null)).toEqual([]);
  });

  it("switching stores school, real name, identity, account-school-user id, url and identity code; top period = first period", () => {
    const [first] = entries;
    if (!first) throw new Error("entry expected");
    const p = schoolSwitchPatch(first);
    expect(p.periodIndex).toBe(0);
    expect(p.session).toMatchObject({
      school_id: 1,
      realname: "张老师",
      identity: 2,
      account_school_user_id: 5,
      url: "/dashboard",
      identityCode: [2],
      period_id_top: 11,
      period_id: 11,
    });
  });

  it("a school without periods sets the top period to 0", () => {
    const second = entries[1];
    if (!second) throw new Error("entry expected");
    const p = schoolSwitchPatch(second);
    expect(p.session.period_id_top).toBe(0);
    expect(p.session.identityCode).toEqual([4]);
    expect(p.session.identity).toBe(4);
    expect(p.session.url).toBe("/foreground");
  });

  it("a root or empty school url keeps the current home url", () => {
    const [e] = normalizeSchoolEntries([{ id: 3, url: "/", ident: 2, info: { type: 2 } }]);
    if (!e) throw new Error("entry expected");
    expect("url" in schoolSwitchPatch(e).session).toBe(false);
  });

  it("finds the current entry by account-school-user id, then by school", () => {
    expect(currentSchoolEntry(entries, { school_id: 1, account_school_user_id: 9 })?.id).toBe(2);
    expect(currentSchoolEntry(entries, { school_id: 1, account_school_user_id: 0 })?.id).toBe(1);
    expect(currentSchoolEntry(entries, { school_id: 7, account_school_user_id: 0 })).toBeUndefined();
  });

  it("switching period stores the id and its index", () => {
    expect(periodSwitchPatch(entries[0], 12)).toEqual({ session: { period_id: 12 }, periodIndex: 1 });
    expect(periodSwitchPatch(undefined, 3)).toEqual({ session: { period_id: 3 }, periodIndex: 0 });
  });
});

describe("course filter (spec §3)", () => {
  it("starts with the synthetic 全部 entry", () => {
    expect(courseOptions([])).toEqual([ALL_COURSES]);
    expect(ALL_COURSES).toEqual({ id: 0, name: "全部" });
    expect(
      courseOptions({
        list: [
          { id: 3, name: "语文" },
          { id: 3, name: "dup" },
          { id: 0, name: "x" },
          { id: 4, title: "数学" },
        ],
      }),
    ).toEqual([ALL_COURSES, { id: 3, name: "语文" }, { id: 4, name: "数学" }]);
  });
});
