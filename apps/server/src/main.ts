#!/usr/bin/env -S npx tsx
import { ConfigError, DEV_APP_KEY, loadConfig } from "./config.js";
import { startServer } from "./server.js";

async function main(): Promise<void> {
  // `yanke device-sim …`: simulated classroom devices (docs/live.md), not the server.
  if (process.argv[2] === "device-sim") {
    const { deviceSimMain } = await import("./device-sim/index.js");
    process.exit(await deviceSimMain(process.argv.slice(3)));
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // `yanke worker`: analysis jobs only (#10; docs/decisions/1001-analysis-queue.md).
    if (process.argv[2] === "worker") {
      const { startWorker } = await import("./modules/analysis/worker.js");
      const worker = await startWorker(config);
      console.log(`研课分析工作进程已启动（${worker.kind === "bullmq" ? "BullMQ 队列" : "数据库队列"}，并发 ${worker.workers}）`);
      let closing = false;
      const stop = (signal: string) => {
        if (closing) return;
        closing = true;
        console.log(`收到 ${signal}，正在停止分析工作进程……`);
        worker.close().then(
          () => process.exit(0),
          (e: unknown) => {
            console.error("停止失败", e);
            process.exit(1);
          },
        );
      };
      process.on("SIGINT", () => stop("SIGINT"));
      process.on("SIGTERM", () => stop("SIGTERM"));
      return;
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const server = await startServer(config);
  const log = server.app.log;
  if (config.appKey === DEV_APP_KEY) log.warn("APP_KEY 使用开发默认值，生产环境请设置 APP_KEY");
  const shown = server.url.replace("127.0.0.1", "localhost");
  const lines = [`研课 Yanke 已启动：${shown}（数据库：${server.database.kind}${config.redisUrl ? "，Redis" : ""}，版本：${config.edition}）`];
  if (server.boot.admin) {
    lines.push(`首位管理员账号：admin  密码：${server.boot.admin.password}`);
    if (server.boot.admin.passwordFile) lines.push(`（密码只显示这一次，已写入 ${server.boot.admin.passwordFile}）`);
  }
  if (server.boot.demoSeeded) lines.push("已创建演示数据：教师账号 zhanglaoshi / lilaoshi / wanglaoshi，密码 Teacher123");
  // DEMO_DEVICES=1: two simulated classrooms of 银川市第一中学 heartbeat and push both cameras.
  let sim: { stop(): Promise<void> } | undefined;
  if (config.demoDevices) {
    const devices = await server.services.equipment.ensureDemoDevices(config.dataDir);
    if (devices.length > 0) {
      const { startSimulator } = await import("./device-sim/index.js");
      sim = await startSimulator({
        server: server.url,
        devices: devices.map((d) => ({ code: d.code, secret: d.secret })),
        ffmpegPath: config.uploads.ffmpeg,
        pushOnBoot: true,
      });
      lines.push(`演示设备：${devices.map((d) => d.code).join("、")} 正在推流（设备中心 → 直播巡课）`);
      // Their classes' lessons: a 3-minute 演示课 a minute from now, and this week's and next week's periods.
      const { demoLessons } = await import("./modules/recording/demo.js");
      const added = await server.services.media.timetables.ensureDemoTimetable(
        await demoLessons(
          server.database.db,
          devices.map((d) => d.id),
        ),
      );
      if (added) lines.push(`演示课表：已安排 ${added} 节课（基础管理 → 课表管理），一分钟后开始录制演示课`);
    } else {
      lines.push("DEMO_DEVICES=1 需要演示数据（SEED_DEMO=1），演示设备未启动");
    }
  }
  console.log(`\n${lines.join("\n")}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`收到 ${signal}，正在关闭……`);
    try {
      await sim?.stop();
      await server.close();
      process.exit(0);
    } catch (e) {
      console.error("关闭失败", e);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e: unknown) => {
  console.error("研课启动失败：", e instanceof Error ? e.message : e);
  process.exit(1);
});
