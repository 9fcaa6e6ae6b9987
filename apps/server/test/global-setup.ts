import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { bootstrap } from "../src/db/bootstrap.js";
import { openDatabase } from "../src/db/client.js";
import { TEST_ADMIN_PASSWORD, TMP_DIR } from "./constants.js";

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One migrated, bootstrapped database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(TMP_DIR, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await database.migrate();
    await bootstrap(database.db, { adminPassword: TEST_ADMIN_PASSWORD, seedDemo: true, demoContent: false });
    const dump = await database.dumpDataDir!();
    const file = path.join(TMP_DIR, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide("dbTemplate", { kind: "pglite", file });
    return async () => rmSync(file, { force: true });
  }
  const name = `yanke_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  await database.migrate();
  await bootstrap(database.db, { adminPassword: TEST_ADMIN_PASSWORD, seedDemo: true, demoContent: false });
  await database.close();
  project.provide("dbTemplate", { kind: "postgres", url, name });
  return async () => {
    const left = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`yanke_t_${process.pid}_%`]);
    for (const r of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
