import { index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The local teacher directory (本地教师名册): the default regional directory when no ES_DIRECTORY_URL is set
 * (docs/decisions/0443-local-teacher-directory.md). A district keeps its official roster here; sync (c035)
 * creates platform accounts from it and bind (c036) checks a teacher's roster password, exactly as the remote
 * directory of docs/api/es-directory.md would. Its directory id is `local-<id>`.
 */
export const directoryTeacher = pgTable(
  "directory_teacher",
  {
    id: serial("id").primaryKey(),
    /** Login name in the directory (unique). */
    account: text("account").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    school_code: text("school_code").notNull().default(""),
    subject: text("subject").notNull().default(""),
    /** argon2id of the roster password the district issued. */
    password_hash: text("password_hash").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("directory_teacher_account_uq").on(t.account), index("directory_teacher_school_idx").on(t.school_code)],
);
