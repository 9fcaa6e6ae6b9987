/**
 * A co-edited lesson plan survives a server stop (issue #8, docs/decisions/0810): an edit typed less than the store
 * debounce before the server closes is stored on close (connections closed, documents stored and unloaded before
 * the database closes), and a second server on the same database serves it to a new editor.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { CALLS, type LessonPlanDetail, type LessonPlanRow, type SessionInfo, postCall } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { account } from "../src/modules/account/account.schema.js";
import { type RunningServer, startServer } from "../src/server.js";
import { TEST_APP_KEY, TMP_DIR } from "./constants.js";
import { clonePostgres } from "./harness.js";
import { appendParagraph, connect, contentOf, until } from "./lessonplan-kit.js";
import { insertPreparation } from "./prepare-kit.js";

let dataDir = "";
let config: Config;
let server: RunningServer | undefined;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function database(first: boolean): Promise<Database> {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const dir = path.join(dataDir, "pglite");
  if (!first) return openDatabase({ dataDir: dir });
  const tpl = inject("dbTemplate");
  if (tpl.kind !== "pglite") throw new Error("unexpected template");
  return openDatabase({ dataDir: dir, loadDataDir: new Blob([readFileSync(tpl.file)]) });
}
const login = async () => {
  const r = await postCall<SessionInfo>(
    CALLS.login,
    { username: "zhanglaoshi", password: DEMO_TEACHER_PASSWORD },
    { baseUrl: server!.url, appKey: TEST_APP_KEY },
  );
  expect(r.code, r.msg).toBe(200);
  return r.data.token;
};
const ok = async <T>(p: string, payload: Record<string, unknown>, token: string): Promise<T> => {
  const r = await postCall<T>(p, payload, { baseUrl: server!.url, appKey: TEST_APP_KEY, token });
  expect(r.code, `${p}: ${r.msg}`).toBe(200);
  return r.data;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(TMP_DIR, "lessonplan-restart-"));
  const tpl = inject("dbTemplate");
  if (tpl.kind === "postgres") {
    const clone = await clonePostgres(tpl, "lp");
    databaseUrl = clone.databaseUrl;
    dropDatabase = clone.drop;
  }
  config = loadConfig({
    PORT: "0",
    RTMP_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_KEY: TEST_APP_KEY,
    LOG_LEVEL: "silent",
    SEED_DEMO_CONTENT: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
});
afterAll(async () => {
  await server?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a server stop while a plan is being edited", () => {
  it("stores the last edit on close and serves it after the restart", async () => {
    server = await startServer(config, { database: await database(true) });
    let token = await login();
    const [me] = await server.database.db.select({ id: account.id }).from(account).where(eq(account.username, "zhanglaoshi"));
    const prep = await insertPreparation(server.database.db, { theme: "重启测试备课", author: me!.id });
    const plan = await ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "重启前的教案" }, token);
    const a = await connect(server.url, plan.id, token);
    expect(a.scope).toBe("read-write");
    appendParagraph(a.doc, "关机前最后一句");
    // Wait until the server holds it (the live document answers), not until it is stored (debounced 2 s).
    expect(await until(async () => (await ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: plan.id }, token)).text.includes("关机前最后一句"))).toBe(true);
    await server.close();
    a.close();
    server = undefined;

    server = await startServer(config, { database: await database(false) });
    token = await login();
    const d = await ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: plan.id }, token);
    expect(d.text).toContain("关机前最后一句");
    expect(d.updated_by).toBe(me!.id);
    const b = await connect(server.url, plan.id, token);
    expect(contentOf(b.doc)).toContain("关机前最后一句");
    b.close();
  });
});
