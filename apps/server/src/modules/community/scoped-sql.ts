/**
 * Visibility rules in SQL shared by the objects that live in a community — or, in none, in a school: preparations
 * (#8), listen-evaluate records and after-class reflections (#9). Each access class keeps its own power() in JS and
 * builds its list filter (visibleSql) from these pieces, so the three read the same way:
 *
 *   const managed = await scopedSql.managedCommunities(db, c, cols);   // "all" for platform administrators
 *   or(member, and(ne(cols.community_id, 0), managed), await scopedSql.managedLoose(db, c, cols), open)
 *
 * The community side matches CommunityAccess.power's can_manage (owner or administrator of a normal community, or the
 * administrator of its school or region); the loose side matches CommunityAccess.manages on the object's own school,
 * city and area.
 */
import { COMMUNITY_STATUS, MEMBER_ROLES, MEMBER_STATUS } from "@yanke/protocol";
import { type SQL, and, eq, ne, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { regionIdByCode, schoolIdsOfRegionSql } from "../org/org-reads.js";
import type { Caller } from "../../http/caller.js";
import { scopeOf } from "../rbac/permission.js";
import { community, communityMember } from "./community.schema.js";

/** The columns of such an object's table. */
export interface ScopedColumns {
  community_id: PgColumn;
  school_id: PgColumn;
  area_id: PgColumn;
  city_id: PgColumn;
}

/** Objects in the communities the caller manages; "all" for platform administrators. */
export async function managedCommunities(db: Db, c: Caller, cols: ScopedColumns): Promise<SQL | "all"> {
  const sc = scopeOf(c);
  if (sc.kind === "all") return "all";
  const own = sql`${community.id} in (select ${communityMember.community_id} from ${communityMember} where ${communityMember.account_id} = ${c.id} and ${communityMember.status} = ${MEMBER_STATUS.joined} and ${communityMember.role} in (${MEMBER_ROLES.owner}, ${MEMBER_ROLES.admin})) and ${community.status} = ${COMMUNITY_STATUS.normal}`;
  let byScope: SQL = sql`false`;
  if (sc.kind === "school") byScope = sql`${community.school_id} <> 0 and ${community.school_id} = ${sc.schoolId}`;
  if (sc.kind === "region") {
    const rid = await regionIdByCode(db, sc.code);
    if (rid)
      byScope = sql`(${community.province_id} = ${rid} or ${community.city_id} = ${rid} or ${community.area_id} = ${rid} or (${community.school_id} <> 0 and ${community.school_id} in ${schoolIdsOfRegionSql(sc.code)}))`;
  }
  return sql`${cols.community_id} in (select ${community.id} from ${community} where (${own}) or (${byScope}))`;
}

/** Objects in no community whose school or region the caller administers. */
export async function managedLoose(db: Db, c: Caller, cols: ScopedColumns): Promise<SQL | undefined> {
  const sc = scopeOf(c);
  if (sc.kind === "school") return and(eq(cols.community_id, 0), ne(cols.school_id, 0), eq(cols.school_id, sc.schoolId));
  if (sc.kind === "region") {
    const rid = await regionIdByCode(db, sc.code);
    if (!rid) return undefined;
    return and(
      eq(cols.community_id, 0),
      or(eq(cols.city_id, rid), eq(cols.area_id, rid), sql`(${cols.school_id} <> 0 and ${cols.school_id} in ${schoolIdsOfRegionSql(sc.code)})`),
    );
  }
  return undefined;
}

/** 社区内 insiders: the joined members of its community; in no community, the teachers of its school. */
export function insiders(c: Caller, cols: ScopedColumns): SQL | undefined {
  if (!c.id) return undefined;
  return or(
    sql`${cols.community_id} in (select ${communityMember.community_id} from ${communityMember} where ${communityMember.account_id} = ${c.id} and ${communityMember.status} = ${MEMBER_STATUS.joined})`,
    c.school_id ? and(eq(cols.community_id, 0), ne(cols.school_id, 0), eq(cols.school_id, c.school_id)) : undefined,
  );
}
