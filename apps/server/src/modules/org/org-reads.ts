/**
 * The org module's reads for other modules (issue #20: a module's tables are its own): small lookups and SQL
 * fragments over regions and schools, so that other modules need not import org.schema.ts.
 */
import { type SQL, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { region, school } from "./org.schema.js";

/** The id of the region with this code (undefined when there is none). */
export async function regionIdByCode(db: Db, code: string): Promise<number | undefined> {
  const [r] = await db.select({ id: region.id }).from(region).where(eq(region.region_code, code));
  return r?.id;
}

/** The area, city and province codes of a school (undefined when it is gone). */
export async function schoolRegionCodes(db: Db, schoolId: number) {
  const [s] = await db.select({ area: school.area_code, city: school.city_code, province: school.province_code }).from(school).where(eq(school.id, schoolId));
  return s;
}

/** The ids of the schools of a region code (area, city or province), as a subquery. */
export const schoolIdsOfRegionSql = (code: string): SQL =>
  sql`(select ${school.id} from ${school} where ${school.area_code} = ${code} or ${school.city_code} = ${code} or ${school.province_code} = ${code})`;
