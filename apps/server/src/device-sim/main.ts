import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type SimDeviceSpec, startSimulator } from "./simulator.js";

export const DEVICE_SIM_USAGE = `用法：yanke device-sim [选项]
  模拟教室录播主机：按 docs/api/device-protocol.md 发送心跳、执行平台下发的指令、推送教师和学生机位的 RTMP 流。

  --server URL        平台地址（默认 $YANKE_SERVER 或 http://127.0.0.1:8080）
  --device 编码:密钥   一台设备（可重复）；编码和密钥在“设备管理”登记设备时得到
  --devices 文件       设备列表 JSON：[{"code":"…","secret":"…","version":"1.0.0"}]
  --size 宽x高         画面尺寸（默认 640x360；1280x720 更接近真实负载）
  --fps 帧率           默认 25（关键帧间隔 2 秒）
  --preset 预设        libx264 预设（默认 veryfast）
  --push              启动和重启后立即推两路流（不等 push_start 指令）
  --ffmpeg 路径        ffmpeg 可执行文件（默认 $FFMPEG_PATH 或 ffmpeg）
  --quiet             不打印事件
  -h, --help          显示本说明`;

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      server: { type: "string" },
      device: { type: "string", multiple: true },
      devices: { type: "string" },
      size: { type: "string" },
      fps: { type: "string" },
      preset: { type: "string" },
      push: { type: "boolean" },
      ffmpeg: { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}

/**
 * The `yanke device-sim` command: runs until SIGINT/SIGTERM; resolves with the exit code
 * (2 for bad arguments). main.ts calls it with the arguments after "device-sim".
 */
export async function deviceSimMain(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  try {
    ({ values } = parse(argv));
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n\n${DEVICE_SIM_USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(DEVICE_SIM_USAGE);
    return 0;
  }
  const devices: SimDeviceSpec[] = [];
  for (const d of values.device ?? []) {
    const i = d.indexOf(":");
    if (i <= 0 || i === d.length - 1) {
      console.error(`--device 应为 编码:密钥：${d}`);
      return 2;
    }
    devices.push({ code: d.slice(0, i), secret: d.slice(i + 1) });
  }
  if (values.devices) {
    try {
      const list = JSON.parse(readFileSync(values.devices, "utf8")) as unknown;
      if (!Array.isArray(list)) throw new Error("应为数组");
      for (const x of list as Record<string, unknown>[]) {
        if (typeof x?.code !== "string" || typeof x?.secret !== "string") throw new Error("每项都需要 code 和 secret");
        devices.push({ code: x.code, secret: x.secret, version: typeof x.version === "string" ? x.version : undefined });
      }
    } catch (e) {
      console.error(`设备列表 ${values.devices} 无法读取：${e instanceof Error ? e.message : String(e)}`);
      return 2;
    }
  }
  if (!devices.length) {
    console.error(`没有要模拟的设备（--device 或 --devices）\n\n${DEVICE_SIM_USAGE}`);
    return 2;
  }
  const server = values.server ?? process.env.YANKE_SERVER ?? "http://127.0.0.1:8080";
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) {
    console.error(`--server 应为 http:// 或 https:// 开头的地址：${server}`);
    return 2;
  }
  const fps = values.fps === undefined ? 25 : Number(values.fps);
  if (!Number.isInteger(fps) || fps < 1 || fps > 60) {
    console.error("--fps 应为 1–60 的整数");
    return 2;
  }
  const size = values.size ?? "640x360";
  if (!/^\d{2,5}x\d{2,5}$/.test(size)) {
    console.error("--size 应为 宽x高，例如 640x360 或 1280x720");
    return 2;
  }
  let sim: ReturnType<typeof startSimulator>;
  try {
    sim = startSimulator({
      server,
      devices,
      size,
      fps,
      preset: values.preset,
      ffmpegPath: values.ffmpeg ?? process.env.FFMPEG_PATH ?? "ffmpeg",
      pushOnBoot: values.push ?? false,
      log: values.quiet ? undefined : (line) => console.log(`${new Date().toLocaleTimeString("zh-CN", { hour12: false })} ${line}`),
    });
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  console.log(`模拟 ${devices.length} 台设备 → ${server}（${size}，${fps} fps${values.push ? "，启动即推流" : ""}），Ctrl+C 结束`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  console.log("正在停止模拟设备……");
  await sim.stop();
  return 0;
}
