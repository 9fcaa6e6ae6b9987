import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type Services } from "./app.js";
import type { Config } from "./config.js";
import { type BootstrapResult, bootstrap } from "./db/bootstrap.js";
import { type Database, openDatabase } from "./db/client.js";
import { type CounterStore, openCounterStore } from "./infra/counter.js";
import { loadServerSecret } from "./infra/server-secret.js";
import { type ObjectStore, openStore } from "./infra/storage/index.js";

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  database: Database;
  url: string;
  boot: BootstrapResult;
  close(): Promise<void>;
}

/**
 * Opens the database (PGlite in DATA_DIR/pglite unless DATABASE_URL), migrates, bootstraps,
 * and listens. `database` may be given already opened (tests pass a clone of the migrated template).
 */
export async function startServer(config: Config, opts: { database?: Database; listen?: boolean } = {}): Promise<RunningServer> {
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") }));
  let counters: CounterStore | undefined;
  let files: ObjectStore | undefined;
  let ingest: { stop(): Promise<void> } | undefined;
  let recorder: { stop(): Promise<void> } | undefined;
  try {
    await database.migrate();
    const boot = await bootstrap(database.db, {
      adminPassword: config.adminPassword,
      seedDemo: config.seedDemo,
      demoContent: config.seedDemoContent,
      dataDir: config.dataDir,
    });
    counters = await openCounterStore(config.redisUrl, config.redisPrefix);
    files = await openStore({ dataDir: config.dataDir, s3: config.s3 });
    const serverSecret = await loadServerSecret(database.db);
    const { app, services, live } = await buildApp({ config, database, counters, store: files, serverSecret });
    ingest = live;
    // RTMP ingest (#6): nothing publishes before it starts, so live flags a crash left behind go first.
    await services.equipment.clearLive();
    try {
      services.equipment.rtmpPort = await live.start({
        rtmpPort: config.devices.rtmpPort,
        host: config.host,
        dataDir: config.dataDir,
        authority: services.equipment,
        ffmpegPath: config.uploads.ffmpeg,
        log: app.log,
      });
    } catch (err) {
      // A taken port must not keep the platform down; devices cannot push until it is fixed (logged loudly).
      app.log.error({ err }, `RTMP 端口 ${config.devices.rtmpPort} 无法监听，设备推流不可用：请释放该端口或设置 RTMP_PORT`);
    }
    // The recorder (#6): recovers what a stop or crash left, then records the timetable from the ingest's streams.
    recorder = services.media;
    await services.media.start(app.log);
    // Abandoned partial uploads go after UPLOAD_TTL_HOURS (checked hourly, and once at start).
    const sweep = () => void services.files.sweep().catch((err: unknown) => app.log.warn({ err }, "upload sweep failed"));
    const sweeper = setInterval(sweep, Math.min(3600_000, config.uploads.ttlMs));
    sweeper.unref();
    sweep();
    let url = "";
    if (opts.listen !== false) {
      await app.listen({ port: config.port, host: config.host });
      const addr = app.server.address();
      const port = typeof addr === "object" && addr ? addr.port : config.port;
      url = `http://127.0.0.1:${port}`;
    } else {
      await app.ready();
    }
    // Demo lessons of AI lesson analysis (#10; decision 1004), generated once with the demo content, in the background
    // 10 s after the server is up (espeak-ng, ffmpeg and their analysis need not slow the start); the queue analyses
    // them. A stop before then skips it (the next start tries again); a stop during it waits for it.
    let analysisDemo: Promise<unknown> | undefined;
    let demoTimer: NodeJS.Timeout | undefined;
    let frontDemo: Promise<unknown> | undefined;
    let frontTimer: NodeJS.Timeout | undefined;
    // Settled when the analysis demo has made its lessons, or skipped (the front demo's topics wait for it).
    let analysisSeeded: () => void = () => undefined;
    const analysisDone = new Promise<void>((r) => (analysisSeeded = r));
    if (config.seedDemo && config.seedDemoContent) {
      demoTimer = setTimeout(() => {
        analysisDemo = import("./modules/analysis/demo.js")
          .then(({ seedAnalysisDemo }) =>
            seedAnalysisDemo({
              db: database.db,
              files: services.files,
              videos: services.media.videos,
              ffmpeg: config.uploads.ffmpeg,
              dataDir: config.dataDir,
              enqueue: (id) => services.analysis!.queue.enqueue(id),
            }),
          )
          .catch((err: unknown) => app.log.warn({ err }, "课堂分析演示课例生成失败"))
          .finally(analysisSeeded);
      }, 10_000);
      demoTimer.unref();
      // The front site's demo (#11): clips, courses, review activities and topics, 2 s after the start.
      frontTimer = setTimeout(() => {
        frontDemo = import("./modules/portal/front.demo.js")
          .then(({ seedFrontDemo }) =>
            seedFrontDemo({
              db: database.db,
              files: services.files,
              videos: services.media.videos,
              ffmpeg: config.uploads.ffmpeg,
              dataDir: config.dataDir,
              analysisSeeded: analysisDone,
            }),
          )
          .catch((err: unknown) => app.log.warn({ err }, "前台演示内容生成失败"))
          // The administration modules' demo (#12) after it: the training programme uses the front demo's clips.
          .then(() => import("./modules/admin-demo.js"))
          .then(({ seedAdminDemo }) => seedAdminDemo({ db: database.db, files: services.files, videos: services.media.videos, dataDir: config.dataDir }))
          .catch((err: unknown) => app.log.warn({ err }, "管理模块演示内容生成失败"));
      }, 2_000);
      frontTimer.unref();
    }
    let closing: Promise<void> | undefined;
    const store = counters;
    const objects = files;
    return {
      app,
      services,
      database,
      url,
      boot,
      close: () =>
        (closing ??= (async () => {
          clearInterval(sweeper);
          clearTimeout(demoTimer);
          clearTimeout(frontTimer);
          analysisSeeded();
          await analysisDemo;
          await frontDemo;
          await app.close();
          await recorder?.stop().catch(() => undefined);
          await ingest?.stop().catch(() => undefined);
          await store.close();
          await objects.close();
          await database.close();
        })()),
    };
  } catch (e) {
    await recorder?.stop().catch(() => undefined);
    await ingest?.stop().catch(() => undefined);
    await counters?.close().catch(() => undefined);
    await files?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw e;
  }
}
