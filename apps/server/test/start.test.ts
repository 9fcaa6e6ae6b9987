import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CALLS, type SessionInfo, postCall } from "@yanke/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_CACHE_DIR, TMP_DIR } from "./constants.js";
import { spawnTracked } from "./harness.js";
import { holds } from "./poll.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm start` as a process: main.ts in node with tsx's loader — one process, so a signal reaches main.ts's own handler
 * (the tsx command relays signals to its child and kills it when the child does not answer within 30 ms, which a
 * loaded machine misses). In a process group of its own, killed when the test ends, even when it times out. The demo
 * media come from the cache the global set-up filled (decision 1300).
 */
function run(env: Record<string, string>): Proc {
  const child = spawnTracked(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      YANKE_DEMO_CACHE: process.env.YANKE_DEMO_CACHE ?? DEMO_CACHE_DIR,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, out: () => out, exited };
}

/**
 * Waits until the process prints `text`; throws with its output when it exits or `ms` pass first. The budget is a
 * cold machine's (tsx compiling the server, PGlite creating and migrating a database), within the test's own.
 */
async function waitFor(p: Proc, text: string, ms = 180_000): Promise<void> {
  await holds(() => p.out().includes(text) || p.child.exitCode !== null, ms, 100);
  if (!p.out().includes(text)) throw new Error(`did not see ${text}:\n${p.out()}`);
}

function port(p: Proc): string {
  const m = /http:\/\/localhost:(\d+)/.exec(p.out());
  if (!m?.[1]) throw new Error(p.out());
  return m[1];
}

// These start the real process on a fresh embedded database, so they run on PGlite whatever DATABASE_URL says.
describe("npm start on an empty embedded database", () => {
  it("creates admin with a random password printed once and written to DATA_DIR, seeds demo data, and stops cleanly", async () => {
    const dataDir = mkdtempSync(path.join(TMP_DIR, "start-"));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, PORT: "0", RTMP_PORT: "0", APP_KEY: "start-test-app-key-123" };
    const a = run(env);
    await waitFor(a, "研课 Yanke 已启动");
    const m = /首位管理员账号：admin {2}密码：(\S+)/.exec(a.out());
    expect(m, a.out()).not.toBeNull();
    const password = m![1]!;
    expect(readFileSync(path.join(dataDir, "admin-password.txt"), "utf8")).toBe(`admin\n${password}\n`);
    expect(a.out()).toContain("已创建演示数据");
    const base = `http://127.0.0.1:${port(a)}`;
    const first = await postCall<SessionInfo>(CALLS.login, { username: "admin", password }, { baseUrl: base, appKey: env.APP_KEY });
    expect(first.code).toBe(200);
    expect((await postCall(CALLS.login, { username: "zhanglaoshi", password: "Teacher123" }, { baseUrl: base, appKey: env.APP_KEY })).code).toBe(200);

    a.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);

    // Restart: the password is not printed again, the data is there, and the database was closed cleanly
    // (an unclean stop makes PGlite's sequences jump by 32 on recovery).
    const b = run(env);
    await waitFor(b, "研课 Yanke 已启动");
    expect(b.out()).not.toContain("首位管理员账号");
    expect(b.out()).not.toContain("已创建演示数据");
    const again = await postCall<SessionInfo>(CALLS.login, { username: "admin", password }, { baseUrl: `http://127.0.0.1:${port(b)}`, appKey: env.APP_KEY });
    expect(again.code).toBe(200);
    const { hashToken } = await import("../src/modules/auth/token.js");
    b.child.kill("SIGINT");
    expect(await b.exited).toBe(0);
    const { openDatabase } = await import("../src/db/client.js");
    const { session } = await import("../src/modules/auth/auth.schema.js");
    const { eq } = await import("drizzle-orm");
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const [s1] = await db.db
        .select()
        .from(session)
        .where(eq(session.token_hash, hashToken(first.data.token)));
      const [s3] = await db.db
        .select()
        .from(session)
        .where(eq(session.token_hash, hashToken(again.data.token)));
      expect(s3!.id - s1!.id).toBe(2);
    } finally {
      await db.close();
    }
  }, 420_000); // two cold starts and stops on a loaded machine (a budget: nothing here asserts a duration)

  it("uses ADMIN_PASSWORD, and SEED_DEMO=0 leaves the demo out", async () => {
    const dataDir = mkdtempSync(path.join(TMP_DIR, "start-"));
    dirs.push(dataDir);
    const p = run({ DATA_DIR: dataDir, PORT: "0", RTMP_PORT: "0", ADMIN_PASSWORD: "Chosen123", SEED_DEMO: "0", APP_KEY: "start-test-app-key-123" });
    await waitFor(p, "研课 Yanke 已启动");
    expect(p.out()).toContain("密码：Chosen123");
    expect(p.out()).not.toContain("已创建演示数据");
    expect(existsSync(path.join(dataDir, "admin-password.txt"))).toBe(false);
    const base = `http://127.0.0.1:${port(p)}`;
    expect((await postCall(CALLS.login, { username: "admin", password: "Chosen123" }, { baseUrl: base, appKey: "start-test-app-key-123" })).code).toBe(200);
    expect((await postCall(CALLS.login, { username: "zhanglaoshi", password: "Teacher123" }, { baseUrl: base, appKey: "start-test-app-key-123" })).code).toBe(
      400,
    );
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  }, 240_000);

  it("refuses a bad setting with a clear message and exit code 2", async () => {
    const p = run({ PORT: "nope", DATA_DIR: path.join(TMP_DIR, "never") });
    expect(await p.exited).toBe(2);
    expect(p.out()).toContain("配置错误，服务未启动");
    expect(p.out()).toContain("PORT");
  }, 180_000);
});
