import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { bootstrap } from "../src/db/bootstrap.js";
import { openDatabase } from "../src/db/client.js";
import { DEMO_CACHE_DIR, TEST_ADMIN_PASSWORD, TMP_DIR } from "./constants.js";

/** The budget of the media made before the files start (a cold machine: espeak-ng lessons, LibreOffice's first start). */
const MEDIA_BUDGET_MS = 10 * 60_000;

/**
 * The expensive media, made once per machine before any file starts (decision 1300), so that no test's own time-out
 * pays for them: the demo's clips and analysis lessons into the demo media cache (every server with demo content
 * copies them from there), and the slow fixtures of media-fixtures.ts. Whatever fails here is only logged: the test
 * that needs it makes it itself, and fails there with its own message.
 */
async function warmMedia(): Promise<void> {
  const has = (cmd: string, arg: string) => spawnSync(cmd, [arg]).status === 0;
  if (!has("ffmpeg", "-version")) return;
  const scratch = mkdtempSync(path.join(TMP_DIR, "warm-"));
  try {
    const { demoClips } = await import("../src/modules/resource/resource.demo.js");
    const { demoLessonMedia } = await import("../src/modules/analysis/demo.js");
    const { sweepDemoMediaCache } = await import("../src/modules/file/demo-media.js");
    const fixtures = await import("./media-fixtures.js");
    await sweepDemoMediaCache();
    const steps: Array<[string, () => Promise<unknown>]> = [
      ["demo clips", () => demoClips("ffmpeg", path.join(scratch, "clips"))],
      ["demo tone lesson", () => demoLessonMedia("ffmpeg", "no-such-espeak-binary", path.join(scratch, "tones"))],
      ["demo espeak-ng lessons", () => demoLessonMedia("ffmpeg", "espeak-ng", path.join(scratch, "lessons"))],
      ["fixture h264", () => fixtures.h264Mp4()],
      ["fixture hevc", () => fixtures.hevcMp4()],
      ...(fixtures.hasSoffice ? ([["fixture docx", () => fixtures.docx()]] as Array<[string, () => Promise<unknown>]>) : []),
    ];
    for (const [what, step] of steps) {
      const t0 = Date.now();
      try {
        await step();
      } catch (e) {
        console.warn(`[global-setup] ${what} not made ahead (${Date.now() - t0} ms): ${e instanceof Error ? e.message : e}`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** warmMedia() within its budget; past it, the files start and whatever is missing is made where it is needed. */
async function warmMediaWithin(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[global-setup] media still being made after ${ms} ms; the tests make what is missing themselves`);
      resolve();
    }, ms);
  });
  try {
    await Promise.race([warmMedia(), late]);
  } finally {
    clearTimeout(timer);
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One migrated, bootstrapped database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(TMP_DIR, { recursive: true });
  process.env.YANKE_DEMO_CACHE ??= DEMO_CACHE_DIR;
  // Made while the template database is built (the two mostly wait on different things).
  const media = warmMediaWithin(MEDIA_BUDGET_MS);
  try {
    return await buildTemplate(project);
  } finally {
    await media;
  }
}

async function buildTemplate(project: TestProject): Promise<() => Promise<void>> {
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
