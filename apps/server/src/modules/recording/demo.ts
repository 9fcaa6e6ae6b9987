/**
 * The demo timetable's lessons (DEMO_DEVICES=1, docs/demo-data.md): the classes of the demo devices, taught by the demo
 * teacher 张老师 (zhanglaoshi) in his subject, so that the recordings land in his 我的视频.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { account } from "../account/account.schema.js";
import { equipment } from "../equipment/equipment.schema.js";

export const DEMO_TEACHER = "zhanglaoshi";

export async function demoLessons(db: Db, equipmentIds: readonly number[]): Promise<{ class_id: number; account_id: number; subject_id: number }[]> {
  if (!equipmentIds.length) return [];
  const classes = await db
    .select({ class_id: equipment.new_class_id })
    .from(equipment)
    .where(inArray(equipment.id, [...equipmentIds]));
  const [teacher] = await db.select({ id: account.id, subject_id: account.subject_id }).from(account).where(eq(account.username, DEMO_TEACHER));
  return classes.filter((c) => c.class_id > 0).map((c) => ({ class_id: c.class_id, account_id: teacher?.id ?? 0, subject_id: teacher?.subject_id ?? 0 }));
}
