/**
 * AI lesson analysis (#10), wired in one place:
 *
 *   const analysis = createAnalysis({ db, org, store, videos, discuss, config, log });   // app.ts
 *   analysisRoutes(app, host, analysis, accounts);   // starts the queue when the app is ready, stops it on close
 *   createAnalysisWorker({ db, store, config, log })  // `yanke worker`: the queue's workers only
 */
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { ObjectStore } from "../../infra/storage/index.js";
import type { DiscussService } from "../discuss/discuss.service.js";
import type { OrgService } from "../org/org.service.js";
import type { VideoService } from "../video/video.service.js";
import { AnalysisAccess } from "./analysis-access.js";
import { AnalysisService } from "./analysis.service.js";
import { FlowLive } from "./flowlive.js";
import { type PipelineDeps, runPipeline } from "./pipeline.js";
import { type AnalysisQueue, type QueueLog, createAnalysisQueue } from "./queue.js";

export interface AnalysisModule {
  access: AnalysisAccess;
  service: AnalysisService;
  queue: AnalysisQueue;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface AnalysisWorkerDeps {
  db: Db;
  store: ObjectStore;
  config: Config;
  log?: QueueLog;
  now?: () => Date;
  /** Overrides config.analysis.workers (`yanke worker` runs at least one). */
  workers?: number;
}

/** The queue with the pipeline as its runner. */
export function createAnalysisWorker(d: AnalysisWorkerDeps): AnalysisQueue {
  const pipelineDeps: PipelineDeps = {
    db: d.db,
    store: d.store,
    ffmpeg: d.config.uploads.ffmpeg,
    ffprobe: d.config.uploads.ffprobe,
    now: d.now,
    vad: d.config.analysis.vad,
  };
  return createAnalysisQueue({
    db: d.db,
    run: async (courseId, signal) => {
      await runPipeline(pipelineDeps, courseId, signal);
    },
    retrySeconds: d.config.analysis.retrySeconds,
    redisUrl: d.config.redisUrl,
    redisPrefix: d.config.redisPrefix,
    workers: d.workers ?? d.config.analysis.workers,
    // PGlite is one process's; on PostgreSQL a `yanke worker` may be running jobs beside the server.
    shared: Boolean(d.config.databaseUrl),
    log: d.log,
    now: d.now,
  });
}

export function createAnalysis(d: AnalysisWorkerDeps & { org: OrgService; videos: VideoService; discuss: DiscussService }): AnalysisModule {
  const access = new AnalysisAccess(d.db, d.org);
  const queue = createAnalysisWorker(d);
  const flowLive = new FlowLive({ db: d.db, access, dataDir: d.config.dataDir, ffmpeg: d.config.uploads.ffmpeg });
  const service = new AnalysisService({ db: d.db, access, videos: d.videos, discuss: d.discuss, queue: () => queue, flowLive, now: d.now });
  // An is_ai recording's video, once processed, becomes an analysis course (video.service.ts process()).
  d.videos.onAnalysisReady = (videoId) => service.fromVideo(videoId);
  let started = false;
  return {
    access,
    service,
    queue,
    start: async () => {
      if (started) return;
      started = true;
      await queue.start();
    },
    stop: async () => {
      if (!started) return;
      started = false;
      await queue.stop();
    },
  };
}
