/**
 * What the community demo seeds (preparations #8, listen records #9) start from: the usable (open) communities among
 * the seeded ones, their joined members in a stable order, who those members are, and the subjects with their periods.
 */
import { MEMBER_STATUS } from "@yanke/protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { account } from "../account/account.schema.js";
import { period, subject } from "../org/org.schema.js";
import { community, communityMember } from "./community.schema.js";

export interface DemoCommunities {
  /** the seeded communities, by id */
  all: (typeof community.$inferSelect)[];
  usable: (typeof community.$inferSelect)[];
  /** joined members by community, role, account */
  members: { cid: number; id: number; role: number }[];
  who: Map<number, { id: number; identity: number; school_id: number }>;
  subjects: { id: number; name: string; period_id: number; period_name: string }[];
}

/** null when none of the communities is open. */
export async function loadDemoCommunities(db: Db, communityIds: readonly number[]): Promise<DemoCommunities | null> {
  const comms = await db
    .select()
    .from(community)
    .where(inArray(community.id, [...communityIds]))
    .orderBy(asc(community.id));
  const usable = comms.filter((c) => c.status === 1);
  if (!usable.length) return null;
  const members = await db
    .select({ cid: communityMember.community_id, id: communityMember.account_id, role: communityMember.role })
    .from(communityMember)
    .where(
      and(
        inArray(
          communityMember.community_id,
          usable.map((c) => c.id),
        ),
        eq(communityMember.status, MEMBER_STATUS.joined),
      ),
    )
    .orderBy(asc(communityMember.community_id), asc(communityMember.role), asc(communityMember.account_id));
  const people = await db
    .select({ id: account.id, identity: account.identity, school_id: account.school_id })
    .from(account)
    .where(inArray(account.id, [...new Set(members.map((m) => m.id))]));
  const who = new Map(people.map((p) => [p.id, p]));
  const subjects = await db
    .select({ id: subject.id, name: subject.name, period_id: subject.period_id, period_name: period.name })
    .from(subject)
    .innerJoin(period, eq(period.id, subject.period_id))
    .orderBy(asc(subject.id));
  return { all: comms, usable, members, who, subjects };
}
