import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { endProcess, type PushOptions, spawnPush } from "./push.js";

/**
 * `yanke device-sim`: classroom recording devices (录播主机) speaking docs/api/device-protocol.md — heartbeats with
 * code and secret, obeying every command, pushing real RTMP streams of both cameras.
 */

export type Camera = "teacher" | "student";
const CAMERAS: Camera[] = ["teacher", "student"];
const CAMERA_NAMES: Record<Camera, string> = { teacher: "教师", student: "学生" };
const TONES: Record<Camera, number> = { teacher: 440, student: 660 };

export interface SimDeviceSpec {
  code: string;
  secret: string;
  /** Firmware version reported (default "1.0.0"). */
  version?: string;
  /** IP reported (default 192.168.10.<21+index>). */
  ip?: string;
}

export interface SimulatorOptions {
  /** The platform's base address, e.g. http://127.0.0.1:8080. */
  server: string;
  devices: SimDeviceSpec[];
  ffmpegPath?: string;
  /** Camera picture WxH (default 640x360; 1280x720 for a realistic load). */
  size?: string;
  /** Frames per second (default 25; the keyframe interval is 2 s = 2 × fps frames). */
  fps?: number;
  /** libx264 preset (default veryfast). */
  preset?: string;
  videoBitrate?: string;
  /** Push both cameras at start and after each restart, without waiting for push_start (a demo classroom). */
  pushOnBoot?: boolean;
  /** Beats are paused this long by a restart (default 3000 ms). */
  restartPauseMs?: number;
  /** Heartbeat interval until the server says otherwise (default 5 s; the answer's interval_s wins). */
  intervalSeconds?: number;
  /** One line per event (default: none). */
  log?: (line: string) => void;
}

export interface SimCommandRecord {
  id: number;
  type: string;
  ok: boolean;
  result: string;
  at: number;
}

export interface SimDeviceState {
  code: string;
  /** idle, pushing, recording, upgrading or restarting. */
  state: string;
  version: string;
  ip: string;
  pushing: Record<Camera, boolean>;
  recording: boolean;
  tour: boolean;
  classId: number | null;
  syncInfo: unknown;
  /** The push addresses of the last heartbeat answer. */
  rtmp: Partial<Record<Camera, string>>;
  /** Heartbeats answered 200. */
  beats: number;
  /** The last heartbeat was answered 200. */
  online: boolean;
  /** The last refusal or network error ("" after a good beat). */
  lastError: string;
  restarts: number;
  /** Commands handled, oldest first (the last 100). */
  commands: SimCommandRecord[];
}

export interface Simulator {
  state(): SimDeviceState[];
  /** One device's state (undefined for an unknown code). */
  device(code: string): SimDeviceState | undefined;
  /** Stops beating and pushing; every ffmpeg child has exited when it resolves. */
  stop(): Promise<void>;
}

interface Ack {
  id: number;
  ok: boolean;
  result: string;
}

interface Command {
  id: number;
  type: string;
  payload?: Record<string, unknown>;
}

interface Envelope {
  code: number;
  msg: string;
  data?: { interval_s?: number; commands?: Command[]; rtmp?: Partial<Record<Camera, string>>; class_id?: number | null };
}

class SimDevice {
  readonly s: SimDeviceState;
  private readonly secret: string;
  private intervalMs: number;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private paused = false;
  private beating?: Promise<void>;
  private acks: Ack[] = [];
  private queue: Command[] = [];
  private working = false;
  private upgrading = false;
  private restarting = false;
  /** Cameras the device means to push (respawned if ffmpeg dies). */
  private readonly wanted = new Set<Camera>();
  private readonly pushes = new Map<Camera, { child: ChildProcess; url: string }>();
  private readonly retry = new Map<Camera, NodeJS.Timeout>();
  private readonly failures: Record<Camera, number> = { teacher: 0, student: 0 };

  constructor(
    spec: SimDeviceSpec,
    index: number,
    private readonly opts: Required<Omit<SimulatorOptions, "devices" | "log" | "videoBitrate">> & Pick<SimulatorOptions, "videoBitrate">,
    private readonly log: (line: string) => void,
  ) {
    this.secret = spec.secret;
    this.intervalMs = opts.intervalSeconds * 1000;
    this.s = {
      code: spec.code,
      state: "idle",
      version: spec.version ?? "1.0.0",
      ip: spec.ip ?? `192.168.10.${21 + index}`,
      pushing: { teacher: false, student: false },
      recording: false,
      tour: false,
      classId: null,
      syncInfo: null,
      rtmp: {},
      beats: 0,
      online: false,
      lastError: "",
      restarts: 0,
      commands: [],
    };
  }

  start(): void {
    if (this.opts.pushOnBoot) for (const c of CAMERAS) this.wanted.add(c);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const t of this.retry.values()) clearTimeout(t);
    this.wanted.clear();
    await this.beating;
    await Promise.all(CAMERAS.map((c) => this.stopPush(c)));
  }

  private refreshState(): void {
    this.s.pushing = { teacher: this.pushes.has("teacher"), student: this.pushes.has("student") };
    this.s.state = this.restarting
      ? "restarting"
      : this.upgrading
        ? "upgrading"
        : this.s.recording
          ? "recording"
          : this.s.pushing.teacher || this.s.pushing.student
            ? "pushing"
            : "idle";
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped || this.paused) return;
    this.timer = setTimeout(() => void this.beat(), ms);
  }

  /** One heartbeat (never two at once); the next is scheduled after it. */
  private beat(): Promise<void> {
    if (this.beating !== undefined) return this.beating;
    this.beating = this.doBeat().finally(() => {
      this.beating = undefined;
      // Acks produced meanwhile go out at once rather than after a whole interval.
      this.schedule(this.acks.length ? 50 : this.intervalMs);
    });
    return this.beating;
  }

  private async doBeat(): Promise<void> {
    if (this.stopped) return;
    this.refreshState();
    const acks = this.acks.splice(0);
    const body = {
      code: this.s.code,
      secret: this.secret,
      ip: this.s.ip,
      version: this.s.version,
      state: this.s.state,
      pushing: this.s.pushing,
      recording: this.s.recording,
      acks,
    };
    let env: Envelope;
    try {
      const res = await fetch(new URL("/device/v1/heartbeat", this.opts.server), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      env = (await res.json()) as Envelope;
    } catch (e) {
      this.acks.unshift(...acks); // not delivered: sent again with the next beat
      this.fail(`心跳失败：${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    if (env.code !== 200 || !env.data) {
      this.acks.unshift(...acks);
      this.fail(`心跳被拒绝：${env.code} ${env.msg}`);
      return;
    }
    const d = env.data;
    this.s.beats++;
    this.s.online = true;
    this.s.lastError = "";
    if (typeof d.interval_s === "number" && d.interval_s > 0) this.intervalMs = d.interval_s * 1000;
    if (d.class_id !== undefined) this.s.classId = d.class_id;
    const before = this.s.rtmp;
    this.s.rtmp = { ...(d.rtmp ?? {}) };
    for (const c of CAMERAS) {
      // A new key (resetSecret): push to the new address.
      if (this.pushes.has(c) && before[c] !== this.s.rtmp[c]) void this.restartPush(c);
      else if (this.wanted.has(c) && !this.pushes.has(c) && !this.retry.has(c)) this.startPush(c);
    }
    if (d.commands?.length) {
      this.queue.push(...d.commands);
      void this.work();
    }
  }

  private fail(msg: string): void {
    if (this.s.lastError !== msg) this.log(`[${this.s.code}] ${msg}`);
    this.s.online = false;
    this.s.lastError = msg;
  }

  /** Commands are carried out one at a time, in the order received; heartbeats go on meanwhile. */
  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      for (let cmd = this.queue.shift(); cmd && !this.stopped; cmd = this.queue.shift()) {
        let ack: Ack;
        try {
          ack = await this.obey(cmd);
        } catch (e) {
          ack = { id: cmd.id, ok: false, result: `执行失败：${e instanceof Error ? e.message : String(e)}` };
        }
        this.s.commands.push({ ...ack, type: cmd.type, at: Date.now() });
        if (this.s.commands.length > 100) this.s.commands.shift();
        this.log(`[${this.s.code}] 指令 #${cmd.id} ${cmd.type}：${ack.ok ? "成功" : "失败"}，${ack.result}`);
        this.refreshState();
        if (cmd.type === "restart" && ack.ok) {
          await this.restart(ack);
        } else {
          this.acks.push(ack);
          if (!this.beating) this.schedule(50);
        }
      }
    } finally {
      this.working = false;
    }
  }

  private cameras(payload: Record<string, unknown> | undefined): Camera[] {
    const c = payload?.camera;
    return c === "teacher" || c === "student" ? [c] : CAMERAS;
  }

  private async obey(cmd: Command): Promise<Ack> {
    const p = cmd.payload ?? {};
    const ack = (ok: boolean, result: string): Ack => ({ id: cmd.id, ok, result });
    switch (cmd.type) {
      case "restart":
        return ack(true, "已重启");
      case "upgrade":
        return this.upgrade(cmd.id, p);
      case "sync":
        this.s.syncInfo = p.info ?? p;
        return ack(true, "已同步");
      case "push_start": {
        const cams = this.cameras(p);
        const missing = cams.filter((c) => !this.s.rtmp[c]);
        if (missing.length) return ack(false, `没有${missing.map((c) => CAMERA_NAMES[c]).join("、")}机位的推流地址`);
        for (const c of cams) {
          this.wanted.add(c);
          this.failures[c] = 0;
          if (!this.pushes.has(c)) this.startPush(c);
        }
        return ack(true, `开始推流：${cams.map((c) => CAMERA_NAMES[c]).join("、")}`);
      }
      case "push_stop": {
        const cams = this.cameras(p);
        for (const c of cams) this.wanted.delete(c);
        await Promise.all(cams.map((c) => this.stopPush(c)));
        return ack(true, `停止推流：${cams.map((c) => CAMERA_NAMES[c]).join("、")}`);
      }
      case "record_start":
        this.s.recording = true;
        return ack(true, "已开始录制");
      case "record_stop":
        this.s.recording = false;
        return ack(true, "已停止录制");
      case "tour":
        this.s.tour = p.on === true;
        return ack(true, this.s.tour ? "已加入巡课" : "已退出巡课");
      case "change_class": {
        const id = Number(p.class_id);
        if (!Number.isSafeInteger(id) || id <= 0) return ack(false, "班级编号无效");
        this.s.classId = id;
        return ack(true, `已切换到班级 ${id}`);
      }
      case "allupload":
        return ack(true, "无待上传录像");
      default:
        return ack(false, `不支持的指令：${cmd.type}`);
    }
  }

  /** Downloads the package, checks its sha256, "installs" it (reports the new version from the next beat). */
  private async upgrade(id: number, p: Record<string, unknown>): Promise<Ack> {
    const version = typeof p.version === "string" ? p.version : "";
    const url = typeof p.url === "string" ? p.url : "";
    const want = typeof p.sha256 === "string" ? p.sha256.toLowerCase() : "";
    if (!version || !url || !/^[0-9a-f]{64}$/.test(want)) return { id, ok: false, result: "升级指令缺少版本、下载地址或 sha256" };
    this.upgrading = true;
    this.refreshState();
    try {
      let res: Response;
      try {
        res = await fetch(new URL(url, this.opts.server), { signal: AbortSignal.timeout(120_000) });
      } catch (e) {
        return { id, ok: false, result: `下载升级包失败：${e instanceof Error ? e.message : String(e)}` };
      }
      if (!res.ok || !res.body) return { id, ok: false, result: `下载升级包失败：HTTP ${res.status}` };
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      const got = hash.digest("hex");
      if (got !== want) return { id, ok: false, result: `升级包校验失败：sha256 不一致（应为 ${want.slice(0, 12)}…，实为 ${got.slice(0, 12)}…）` };
      const from = this.s.version;
      this.s.version = version;
      return { id, ok: true, result: `已从 ${from} 升级到 ${version}（${bytes} 字节）` };
    } finally {
      this.upgrading = false;
      this.refreshState();
    }
  }

  /** Acknowledges first, then stops pushing, beats no more for restartPauseMs, and comes back. */
  private async restart(ack: Ack): Promise<void> {
    this.acks.push(ack);
    await this.beating;
    await this.beat(); // the ack goes out before the restart
    this.restarting = true;
    this.paused = true;
    clearTimeout(this.timer);
    this.wanted.clear();
    await Promise.all(CAMERAS.map((c) => this.stopPush(c)));
    this.s.recording = false;
    this.refreshState();
    this.log(`[${this.s.code}] 重启中……`);
    await new Promise((r) => setTimeout(r, this.opts.restartPauseMs));
    if (this.stopped) return;
    this.restarting = false;
    this.paused = false;
    this.s.restarts++;
    if (this.opts.pushOnBoot) for (const c of CAMERAS) this.wanted.add(c);
    this.refreshState();
    this.log(`[${this.s.code}] 已重启`);
    this.schedule(0);
  }

  private startPush(c: Camera): void {
    const url = this.s.rtmp[c];
    if (!url || this.stopped || this.pushes.has(c)) return;
    const pushOpts: PushOptions = {
      ffmpegPath: this.opts.ffmpegPath,
      size: this.opts.size,
      fps: this.opts.fps,
      preset: this.opts.preset,
      videoBitrate: this.opts.videoBitrate,
    };
    const { child, stderr } = spawnPush(pushOpts, `${this.s.code} ${c}`, TONES[c], url);
    if (child.pid === undefined) {
      this.log(`[${this.s.code}] 无法启动 ffmpeg（${this.opts.ffmpegPath}）`);
      this.wanted.delete(c);
      return;
    }
    const entry = { child, url };
    this.pushes.set(c, entry);
    this.refreshState();
    this.log(`[${this.s.code}] ${CAMERA_NAMES[c]}机位开始推流`);
    const started = Date.now();
    child.once("exit", (code, signal) => {
      if (this.pushes.get(c) === entry) this.pushes.delete(c);
      this.refreshState();
      if (!this.wanted.has(c) || this.stopped) return;
      // Pushing ended by itself (refused key, server gone): try again, backing off up to 10 s.
      if (Date.now() - started > 10_000) this.failures[c] = 0;
      this.failures[c]++;
      const wait = Math.min(10_000, 1000 * 2 ** Math.min(this.failures[c] - 1, 4));
      this.log(
        `[${this.s.code}] ${CAMERA_NAMES[c]}机位推流中断（${code ?? signal}${stderr() ? `：${stderr().split("\n").pop()}` : ""}），${wait / 1000} 秒后重试`,
      );
      this.retry.set(
        c,
        setTimeout(() => {
          this.retry.delete(c);
          if (this.wanted.has(c)) this.startPush(c);
        }, wait),
      );
    });
  }

  private async stopPush(c: Camera): Promise<void> {
    const t = this.retry.get(c);
    if (t) {
      clearTimeout(t);
      this.retry.delete(c);
    }
    const entry = this.pushes.get(c);
    if (!entry) return;
    this.pushes.delete(c);
    this.refreshState();
    await endProcess(entry.child);
    this.log(`[${this.s.code}] ${CAMERA_NAMES[c]}机位停止推流`);
  }

  private async restartPush(c: Camera): Promise<void> {
    await this.stopPush(c);
    if (this.wanted.has(c)) this.startPush(c);
  }
}

/** Starts the simulated devices (the first heartbeat goes out at once). */
export function startSimulator(options: SimulatorOptions): Simulator {
  // An option given as undefined (an absent command-line flag) keeps its default.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as SimulatorOptions;
  const opts = {
    ffmpegPath: "ffmpeg",
    size: "640x360",
    fps: 25,
    preset: "veryfast",
    pushOnBoot: false,
    restartPauseMs: 3000,
    intervalSeconds: 5,
    ...given,
  };
  const log = options.log ?? (() => undefined);
  const codes = new Set<string>();
  for (const d of opts.devices) {
    if (!d.code || !d.secret) throw new Error("每台模拟设备都需要设备编码和密钥");
    if (codes.has(d.code)) throw new Error(`设备编码重复：${d.code}`);
    codes.add(d.code);
  }
  const devices = opts.devices.map((spec, i) => new SimDevice(spec, i, opts, log));
  for (const d of devices) d.start();
  const copy = (s: SimDeviceState): SimDeviceState => structuredClone(s);
  let stopping: Promise<void> | undefined;
  return {
    state: () => devices.map((d) => copy(d.s)),
    device: (code) => {
      const d = devices.find((x) => x.s.code === code);
      return d ? copy(d.s) : undefined;
    },
    stop: () => (stopping ??= Promise.all(devices.map((d) => d.stop())).then(() => undefined)),
  };
}
