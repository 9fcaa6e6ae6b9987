/**
 * Co-editing across two server processes (docs/decisions/0810): with REDIS_URL set, two servers on one PostgreSQL
 * database relay a plan's updates through Redis (@hocuspocus/extension-redis), so editors connected to different
 * processes see each other's typing, and the stored plan has both. Runs in the PostgreSQL + Redis pass of .ci/run.
 */
import { CALLS, type LessonPlanDetail, type LessonPlanRow } from "@yanke/protocol";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { openDatabase } from "../src/db/client.js";
import { lessonDoc } from "../src/modules/lessonplan/lessonplan.schema.js";
import { type RunningServer, startServer } from "../src/server.js";
import { insertCommunity, startKit, type Kit } from "./activity-kit.js";
import { TMP_DIR } from "./constants.js";
import { appendParagraph, connect, contentOf, until } from "./lessonplan-kit.js";
import { insertPreparation } from "./prepare-kit.js";

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!shared)("co-editing on two server processes through Redis", () => {
  let k: Kit;
  let second: RunningServer;
  let dataDir = "";

  beforeAll(async () => {
    k = await startKit();
    dataDir = mkdtempSync(path.join(TMP_DIR, "lessonplan-redis-"));
    // The second process: same database, same Redis and key prefix, its own port and data directory.
    const config = loadConfig({
      PORT: "0",
      RTMP_PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_KEY: k.s.config.appKey,
      LOG_LEVEL: "silent",
      SEED_DEMO_CONTENT: "0",
      DATABASE_URL: k.s.config.databaseUrl!,
      REDIS_URL: k.s.config.redisUrl!,
      REDIS_PREFIX: k.s.config.redisPrefix,
    });
    second = await startServer(config, { database: await openDatabase({ databaseUrl: config.databaseUrl }) });
  });
  afterAll(async () => {
    await second?.close();
    await k?.s.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("editors on different processes see each other's edits, and the plan is stored once with both", async () => {
    const c = await insertCommunity(k.db, { name: "跨进程协同社区", owner: k.id.zhanglaoshi!, members: [k.id.lilaoshi!] });
    const prep = await insertPreparation(k.db, { theme: "跨进程协同备课", author: k.id.zhanglaoshi!, members: [k.id.lilaoshi!], community_id: c });
    const plan = await k.ok<LessonPlanRow>(CALLS.wpsFilePreparation, { preparation_id: prep, title: "跨进程教案" }, "zhanglaoshi");
    const li = await k.s.login("lilaoshi", DEMO_TEACHER_PASSWORD);
    const a = await connect(k.s.url, plan.id, k.who.zhanglaoshi!.token);
    const b = await connect(second.url, plan.id, li.token);
    expect([a.scope, b.scope]).toEqual(["read-write", "read-write"]);

    appendParagraph(a.doc, "张老师在一号进程写的");
    expect(await until(() => contentOf(b.doc).includes("张老师在一号进程写的"))).toBe(true);
    appendParagraph(b.doc, "李老师在二号进程写的");
    expect(await until(() => contentOf(a.doc).includes("李老师在二号进程写的"))).toBe(true);

    a.close();
    b.close();
    // Whichever process stores it (one at a time, under the Redis lock), the stored text has both.
    const stored = await until(async () => {
      const [row] = await k.db.select({ text: lessonDoc.text }).from(lessonDoc).where(eq(lessonDoc.id, plan.id));
      return Boolean(row?.text.includes("张老师在一号进程写的") && row.text.includes("李老师在二号进程写的"));
    }, 20_000);
    expect(stored).toBe(true);
    const d = await k.ok<LessonPlanDetail>(CALLS.wpsDetailFile, { id: plan.id }, "lilaoshi");
    expect(d.text).toContain("李老师在二号进程写的");
  });
});
