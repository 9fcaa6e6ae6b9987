/**
 * The few device facts the recorder reads (docs/decisions/0621): which device records a class, a device's school and
 * position. Read-only queries on the equipment registry's table; every change of a device stays with
 * EquipmentService.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { equipment } from "../equipment/equipment.schema.js";

export interface DeviceFacts {
  id: number;
  school_id: number;
  new_class_id: number;
  position: string;
  status: number;
  is_record: number;
}

const facts = {
  id: equipment.id,
  school_id: equipment.school_id,
  new_class_id: equipment.new_class_id,
  position: equipment.position,
  status: equipment.status,
  is_record: equipment.is_record,
};

export class DeviceDirectory {
  constructor(private readonly db: Db) {}

  async byId(id: number): Promise<DeviceFacts | undefined> {
    const [row] = await this.db.select(facts).from(equipment).where(eq(equipment.id, id));
    return row;
  }

  async byIds(ids: readonly number[]): Promise<Map<number, DeviceFacts>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select(facts)
      .from(equipment)
      .where(inArray(equipment.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The enabled device of a class (the lowest id when a class has several), undefined when none. */
  async forClass(classId: number): Promise<DeviceFacts | undefined> {
    if (!classId) return undefined;
    const [row] = await this.db
      .select(facts)
      .from(equipment)
      .where(and(eq(equipment.new_class_id, classId), eq(equipment.status, 1)))
      .orderBy(asc(equipment.id))
      .limit(1);
    return row;
  }
}
