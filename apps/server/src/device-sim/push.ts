import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { FFMPEG_QUIET } from "../infra/ffmpeg-args.js";

/** How a simulated camera encodes (CPU: 320x180 ultrafast for tests, 640x360 / 1280x720 veryfast for demos). */
export interface PushOptions {
  ffmpegPath: string;
  /** WxH, e.g. 640x360 or 1280x720. */
  size: string;
  fps: number;
  /** libx264 preset. */
  preset: string;
  /** Video bitrate, e.g. "800k" (default: by size). */
  videoBitrate?: string;
}

const FONT_CANDIDATES = [
  "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
  "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
  "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
];

let fontCache: string | null | undefined;

/** A font file for the burned-in clock: WenQuanYi Micro Hei or DejaVu when installed, else whatever fontconfig has. */
export function findFont(): string | undefined {
  if (fontCache !== undefined) return fontCache ?? undefined;
  fontCache = FONT_CANDIDATES.find((f) => existsSync(f)) ?? null;
  if (!fontCache) {
    try {
      const f = execFileSync("fc-match", ["-f", "%{file}", "monospace"], { encoding: "utf8", timeout: 3000 }).trim();
      fontCache = f && existsSync(f) ? f : null;
    } catch {
      fontCache = null;
    }
  }
  return fontCache ?? undefined;
}

/** The ffmpeg arguments of one simulated camera: testsrc with the device, camera and wall clock burned in, a tone. */
export function pushArgs(opts: PushOptions, label: string, toneHz: number, url: string): string[] {
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(opts.size);
  if (!m) throw new Error(`画面尺寸应为 宽x高，例如 640x360：${opts.size}`);
  const height = Number(m[2]);
  const font = findFont();
  // Text goes inside '…' in the filter graph: keep it to characters that need no escaping there.
  const safe = label.replace(/[^A-Za-z0-9 _.-]/g, "");
  const filters = font
    ? [
        `drawtext=fontfile=${font}:text='${safe} %{localtime}':fontsize=${Math.max(10, Math.round(height / 14))}` +
          ":fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4:x=8:y=8",
      ]
    : [];
  const bitrate = opts.videoBitrate ?? (height >= 720 ? "2000k" : height >= 360 ? "800k" : "300k");
  return [
    ...FFMPEG_QUIET,
    "-re",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${opts.size}:rate=${opts.fps}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${toneHz}:sample_rate=44100`,
    ...(filters.length ? ["-vf", filters.join(",")] : []),
    "-c:v",
    "libx264",
    "-preset",
    opts.preset,
    "-tune",
    "zerolatency",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    bitrate,
    // A keyframe every 2 s: HLS segments of 2 s and a first playlist ~3 s after publish.
    "-g",
    String(opts.fps * 2),
    "-keyint_min",
    String(opts.fps * 2),
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-b:a",
    "64k",
    "-f",
    "flv",
    url,
  ];
}

/** Spawns one camera push; stderr's tail is kept for the failure reason. */
export function spawnPush(opts: PushOptions, label: string, toneHz: number, url: string): { child: ChildProcess; stderr: () => string } {
  const child = spawn(opts.ffmpegPath, pushArgs(opts, label, toneHz, url), {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, TZ: "Asia/Shanghai" },
  });
  let tail = "";
  child.stderr?.setEncoding("utf8").on("data", (s: string) => {
    tail = (tail + s).slice(-1000);
  });
  child.on("error", (e) => {
    tail += `\n${e.message}`;
  });
  return { child, stderr: () => tail.trim() };
}

/** Ends a process: SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
export async function endProcess(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}
