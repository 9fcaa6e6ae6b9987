import { describe, expect, it } from "vitest";
import type { TagView } from "../session/store";
import { closeAllTags, closeOtherTags, closeTag, visitTag } from "./tags";

const v = (path: string, name = path): TagView => ({ path, title: path, name, affix: false });

describe("tags strip (spec §2)", () => {
  it("puts the affixed home tag first and adds visited views once", () => {
    let tags = visitTag([], v("/a"), "/dashboard");
    tags = visitTag(tags, v("/a"), "/dashboard");
    tags = visitTag(tags, v("/b"), "/dashboard");
    expect(tags.map((t) => [t.path, t.affix])).toEqual([
      ["/dashboard", true],
      ["/a", false],
      ["/b", false],
    ]);
    expect(tags[0]?.title).toBe("首页");
  });

  it("closing the active tag moves to its neighbour; affixed tags stay", () => {
    const tags = visitTag(visitTag([], v("/a"), "/h"), v("/b"), "/h");
    const c = closeTag(tags, "/b", "/b");
    expect(c.tags.map((t) => t.path)).toEqual(["/h", "/a"]);
    expect(c.goTo).toBe("/a");
    expect(closeTag(tags, "/h", "/h").tags).toHaveLength(3);
  });

  it("close others keeps the affixed and the chosen tag; close all keeps only affixed", () => {
    const tags = visitTag(visitTag([], v("/a", "IndicatorManage"), "/h"), v("/b"), "/h");
    const others = closeOtherTags(tags, "/b", "/a");
    expect(others.tags.map((t) => t.path)).toEqual(["/h", "/b"]);
    expect(others.goTo).toBe("/b");
    expect(others.evict).toEqual(["IndicatorManage"]);
    const all = closeAllTags(tags, "/b");
    expect(all.tags.map((t) => t.path)).toEqual(["/h"]);
    expect(all.goTo).toBe("/h");
  });
});
