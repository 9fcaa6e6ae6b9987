import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { school } from "./org.schema.js";

export interface SchoolSummary {
  id: number;
  title: string;
  area_code: string;
  school_type: string;
  school_index_name: string;
  school_index_logo: string;
}

export class OrgService {
  constructor(private readonly db: Db) {}

  async schoolSummary(id: number): Promise<SchoolSummary | undefined> {
    if (!id) return undefined;
    const [row] = await this.db
      .select({
        id: school.id,
        title: school.title,
        area_code: school.area_code,
        school_type: school.school_type,
        school_index_name: school.school_index_name,
        school_index_logo: school.school_index_logo,
      })
      .from(school)
      .where(eq(school.id, id));
    return row;
  }
}
