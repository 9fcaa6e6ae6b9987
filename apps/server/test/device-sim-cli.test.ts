/**
 * `yanke device-sim` as a user runs it (a child process of main.ts): with only --server and --device (no --ffmpeg,
 * no --preset: the defaults apply), the device comes online on a test server and both cameras go live; SIGINT
 * ends it cleanly. Bad arguments exit 2 with a Chinese message.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CALLS, type EquipmentCredentials, type EquipmentRow, type Page } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD } from "../src/db/bootstrap.js";
import { type TestServer, startTestServer } from "./harness.js";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const hasFfmpeg = existsSync("/usr/bin/ffmpeg") || existsSync("/usr/local/bin/ffmpeg");

function cli(args: string[]): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", main, "device-sim", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (s: string) => (out += s));
  child.stderr!.setEncoding("utf8").on("data", (s: string) => (out += s));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exit };
}

let s: TestServer;
let running: ChildProcess | undefined;

beforeAll(async () => {
  s = await startTestServer({ DEVICE_HEARTBEAT_SECONDS: "1" });
});
afterAll(async () => {
  running?.kill("SIGKILL");
  await s?.close();
});

describe("yanke device-sim", () => {
  // Each child compiles main.ts with tsx on start: seconds on an idle machine, far more beside other test files.
  it("refuses bad arguments with exit code 2", { timeout: 120_000 }, async () => {
    const none = cli([]);
    const bad = cli(["--device", "nocolon"]);
    expect(await none.exit).toBe(2);
    expect(none.output()).toContain("没有要模拟的设备");
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain("--device 应为 编码:密钥");
  });

  it.skipIf(!hasFfmpeg)("brings a registered device online and pushing with the default options; SIGINT stops it", { timeout: 120_000 }, async () => {
    const admin = await s.login("xiaoji", DEMO_ADMIN_PASSWORD);
    const saved = await s.call<EquipmentCredentials>(CALLS.equipmentSave, { position: "命令行模拟教室", producer: "模拟录播主机" }, admin.token);
    expect(saved.code, saved.msg).toBe(200);
    const sim = cli(["--server", s.url, "--device", `${saved.data.code}:${saved.data.secret}`, "--push", "--size", "320x180", "--fps", "10"]);
    running = sim.child;
    const end = Date.now() + 90_000;
    let row: EquipmentRow | undefined;
    while (Date.now() < end) {
      const list = await s.call<Page<EquipmentRow>>(CALLS.equipmentList, { page: 1, limit: 50 }, admin.token);
      row = list.data.list.find((r) => r.id === saved.data.id);
      if (row?.heartbeat_state === 1 && row.liveStreamStatus === 1 && s.services.equipment && sim.output().includes("推流")) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(row?.heartbeat_state, sim.output()).toBe(1);
    expect(row?.liveStreamStatus, sim.output()).toBe(1);
    sim.child.kill("SIGINT");
    expect(await sim.exit).toBe(0);
    expect(sim.output()).toContain("正在停止模拟设备");
    running = undefined;
  });
});
