import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CALLS, type EquipmentCredentials, type EquipmentRow, type Page } from "@yanke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD } from "../src/db/bootstrap.js";
import { type Simulator, startSimulator } from "../src/device-sim/index.js";
import { type TestServer, startTestServer } from "./harness.js";
import { until } from "./poll.js";

/**
 * The whole loop of #6 in one process: a device registered over the wire, the simulator signing in with its code and
 * secret, pushing both cameras to the server's own RTMP ingest, the registry showing it online and live, the HLS
 * address playable (ffprobe), a command round trip, and everything flipping back when the device goes away.
 */
const run = promisify(execFile);
let s: TestServer;
let sim: Simulator | undefined;
let token = "";

beforeAll(async () => {
  s = await startTestServer({ DEVICE_HEARTBEAT_SECONDS: "1", DEVICE_OFFLINE_AFTER_SECONDS: "3" });
  token = (await s.login("xiaoji", DEMO_ADMIN_PASSWORD)).token;
});
afterAll(async () => {
  await sim?.stop();
  await s?.close();
});

async function row(id: number): Promise<EquipmentRow> {
  const r = await s.call<Page<EquipmentRow>>(CALLS.equipmentList, { page: 1, limit: 50 }, token);
  const found = r.data.list.find((e) => e.id === id);
  if (!found) throw new Error(`device ${id} not listed`);
  return found;
}

describe("device → server → player", () => {
  it("a simulated classroom comes online, goes live, plays as HLS, obeys a restart, and goes offline when stopped", async () => {
    const saved = await s.call<EquipmentCredentials>(CALLS.equipmentSave, { position: "初二(1)班教室", producer: "模拟录播主机" }, token);
    expect(saved.code).toBe(200);
    const { id, code, secret } = saved.data;
    expect((await row(id)).heartbeat_state).toBe(0);

    sim = await startSimulator({ server: s.url, devices: [{ code, secret }], size: "320x180", fps: 10, preset: "ultrafast", pushOnBoot: true });
    const live = await until(
      "online and live",
      () => row(id),
      (e) => e.heartbeat_state === 1 && e.liveStreamStatus === 1 && e.teacherStreamUrl !== "" && e.studentStreamUrl !== "",
    );
    // Playback addresses never carry the publish key; they are signed for players that cannot send TOKEN.
    expect(live.teacherStreamUrl).toMatch(new RegExp(`^/live/${id}/teacher/index\\.m3u8\\?exp=\\d+&sig=`));
    const probe = await run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", `${s.url}${live.teacherStreamUrl}`], {
      timeout: 30_000,
    });
    expect(probe.stdout).toContain("h264");
    // Without the signature and without a session: refused.
    const bare = await fetch(`${s.url}/live/${id}/teacher/index.m3u8`);
    expect(bare.status).toBe(403);

    // A restart sent from the screen reaches the device once and comes back acknowledged.
    const sent = await s.call(CALLS.equipmentRestart, { ids: [id] }, token);
    expect(sent.code).toBe(200);
    await until(
      "restart handled",
      async () => sim!.device(code)!,
      (d) => d.restarts === 1,
    );
    const cmds = await until(
      "restart acknowledged",
      () => s.call<Page<{ type: string; status: string; result: string }>>(CALLS.equipmentCommands, { id, page: 1, limit: 20 }, token),
      (r) => r.data.list.some((c) => c.type === "restart" && c.status === "acked"),
    );
    expect(cmds.data.list.filter((c) => c.type === "restart")).toHaveLength(1);

    await sim.stop();
    sim = undefined;
    const gone = await until(
      "offline and not live",
      () => row(id),
      (e) => e.heartbeat_state === 0 && e.liveStreamStatus === 0,
      20_000,
    );
    expect(gone.teacherStreamUrl).toBe("");
  }, 120_000);
});
