import { describe, expect, it } from "vitest";
import { activityHref, collectHref, communityHref, hasCommunityRoutes, messageHref } from "./links";

const msg = (source_type: string, source_id: number, community_id: number) => ({ source_type, source_id, community_id });
const collect = (target_type: string, target_id: number, community_id: number, exists = true) => ({ target_type, target_id, community_id, exists });

describe("personal centre links", () => {
  it("only the NINGXIA edition has community routes", () => {
    expect(hasCommunityRoutes("NINGXIA")).toBe(true);
    expect(hasCommunityRoutes("foreground")).toBe(false);
    expect(hasCommunityRoutes("teachEvents")).toBe(false);
  });

  it("a message opens what it is about", () => {
    expect(messageHref(msg("notice", 7, 3), true)).toBe("/community/notice?community_id=3&id=7");
    expect(messageHref(msg("community", 3, 3), true)).toBe("/community/home?community_id=3");
    expect(messageHref(msg("community", 5, 0), true)).toBe("/community/home?community_id=5");
    expect(messageHref(msg("meeting", 9, 3), true)).toBe("/meetingdetail?id=9");
    expect(messageHref(msg("article", 11, 3), true)).toBe("/blog/acticle?id=11&community_id=3");
    expect(messageHref(msg("activity", 4, 3), true)).toBe("/community/community7?community_id=3&activity_id=4");
    expect(messageHref(msg("system", 0, 0), true)).toBeNull();
    expect(messageHref(msg("meeting", 0, 3), true)).toBeNull();
  });

  it("outside the community edition messages and community targets lead nowhere", () => {
    expect(messageHref(msg("notice", 7, 3), false)).toBeNull();
    expect(messageHref(msg("meeting", 9, 3), false)).toBeNull();
    expect(communityHref(3, false)).toBeNull();
    expect(activityHref({ id: 4, community_id: 3 }, false)).toBeNull();
    expect(collectHref(collect("article", 11, 3), false)).toBeNull();
    expect(collectHref(collect("video", 8, 0), false)).toBe("/playVideo?id=8");
  });

  it("a collect opens its target; a removed one opens nothing", () => {
    expect(collectHref(collect("community", 3, 3), true)).toBe("/community/home?community_id=3");
    expect(collectHref(collect("article", 11, 3), true)).toBe("/blog/acticle?id=11&community_id=3");
    expect(collectHref(collect("activity", 4, 0), true)).toBe("/foreground/teachingActivities?activity_id=4");
    expect(collectHref(collect("video", 8, 0), true)).toBe("/playVideo?id=8");
    expect(collectHref(collect("article", 11, 3, false), true)).toBeNull();
    expect(collectHref(collect("preparation", 2, 3), true)).toBe("/editDetail?id=2");
    expect(activityHref({ id: 5, community_id: 3, type: "preparation", ref_id: 9 }, true)).toBe("/editDetail?id=9");
    expect(activityHref({ id: 5, community_id: 3, type: "research", ref_id: 0 }, true)).toBe("/community/community7?community_id=3&activity_id=5");
  });
});
