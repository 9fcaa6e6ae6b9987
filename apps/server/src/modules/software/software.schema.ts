import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Software versions (软件版本; issue #12) of the classroom device software and the clients. product: a key of
 * SOFTWARE_PRODUCTS in the protocol (e.g. device 录播主机软件). The package is a file of #5 (file_id; sha256 and size
 * copied from it so a device can check what it downloads). models: the device models (equipment.producer) the
 * package fits; empty = every model. is_current: the version devices of that product should run (one per product).
 * status 1 available, 0 withdrawn (kept for the record, never offered).
 */
export const softwareVersion = pgTable(
  "software_version",
  {
    id: serial("id").primaryKey(),
    product: text("product").notNull(),
    version: text("version").notNull(),
    file_id: integer("file_id").notNull().default(0),
    file_name: text("file_name").notNull().default(""),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    sha256: text("sha256").notNull().default(""),
    notes: text("notes").notNull().default(""),
    models: jsonb("models").$type<string[]>().notNull().default([]),
    is_current: integer("is_current").notNull().default(0),
    status: integer("status").notNull().default(1),
    account_id: integer("account_id").notNull().default(0),
    released_at: timestamp("released_at", { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("software_version_uniq").on(t.product, t.version), index("software_version_current_idx").on(t.product, t.is_current)],
);
