/** Where the personal centre's rows lead (pure: unit-tested in links.test.ts). */
import type { CollectRow, MessageRow } from "@yanke/protocol";
import { config } from "../../config";

/**
 * The community pages (/community/*, /blog/*, /meeting*) exist in the NINGXIA edition only; elsewhere (the personal
 * centre inside the admin shell) links to them are left out.
 */
export const hasCommunityRoutes = (edition: string = config.edition): boolean => edition === "NINGXIA";

/** Where a community's page is (null outside the NINGXIA edition). */
export const communityHref = (id: number, community = hasCommunityRoutes()): string | null =>
  community && id > 0 ? `/community/home?community_id=${id}` : null;
/** Where an activity is shown: its community's activity page (the activity id beside). */
export function activityHref(a: { id: number; community_id: number; type?: string; ref_id?: number }, community = hasCommunityRoutes()): string | null {
  if (!community) return null;
  // A preparation's activity opens the preparation itself.
  if (a.type === "preparation" && a.ref_id) return `/editDetail?id=${a.ref_id}`;
  return a.community_id > 0 ? `/community/community7?community_id=${a.community_id}&activity_id=${a.id}` : `/foreground/teachingActivities?activity_id=${a.id}`;
}

/** What a message is about, as a route (notice → its community's notices, community → its home, meeting → the meeting). */
export function messageHref(m: Pick<MessageRow, "source_type" | "source_id" | "community_id">, community = hasCommunityRoutes()): string | null {
  if (!community) return null;
  switch (m.source_type) {
    case "notice":
      return m.community_id > 0 ? `/community/notice?community_id=${m.community_id}&id=${m.source_id}` : "/foreground/bulletin";
    case "community":
      return communityHref(m.community_id || m.source_id, true);
    case "meeting":
      return m.source_id > 0 ? `/meetingdetail?id=${m.source_id}` : null;
    case "article":
      return m.source_id > 0 ? `/blog/acticle?id=${m.source_id}${m.community_id ? `&community_id=${m.community_id}` : ""}` : null;
    case "activity":
      return m.source_id > 0 ? activityHref({ id: m.source_id, community_id: m.community_id }, true) : null;
    default:
      return null;
  }
}

/** Where a collected target is (null when it is gone). */
export function collectHref(c: Pick<CollectRow, "exists" | "target_type" | "target_id" | "community_id">, community = hasCommunityRoutes()): string | null {
  if (!c.exists) return null;
  if (!community) return c.target_type === "video" ? `/playVideo?id=${c.target_id}` : null;
  switch (c.target_type) {
    case "community":
      return communityHref(c.target_id, true);
    case "article":
      return `/blog/acticle?id=${c.target_id}${c.community_id ? `&community_id=${c.community_id}` : ""}`;
    case "activity":
      return activityHref({ id: c.target_id, community_id: c.community_id }, true);
    case "video":
      return `/playVideo?id=${c.target_id}`;
    case "preparation":
      return `/editDetail?id=${c.target_id}`;
    default:
      return null;
  }
}
