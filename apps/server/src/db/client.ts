import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (the per-run test template). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** A PGlite data directory dump (from dumpDataDir) to start from. */
  loadDataDir?: Blob;
}

/** PostgreSQL server when a URL is given, else embedded PGlite. The same schema and migrations serve both. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not bring the process down: the pool
    // replaces it on the next query.
    pool.on("error", (e) => console.warn(`PostgreSQL 连接中断：${e.message}`));
    // Surface a wrong URL at start, with its cause, rather than at the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    dumpDataDir: () => client.dumpDataDir("none"),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
