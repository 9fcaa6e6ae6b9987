/**
 * Recording and video on demand (#6), wired in one place:
 *
 *   const media = createMedia({ db, org, equipment, files, store, live, dataDir, ffprobe, signingKey });
 *   recordingRoutes(app, host, { ...media, accounts }); videoRoutes(app, host, { videos: media.videos, accounts });
 *   await media.start(log) … await media.stop()     (server.ts, with the RTMP ingest)
 */
import type { EquipmentRow } from "@yanke/protocol";
import type { Db } from "../../db/client.js";
import type { ObjectStore } from "../../infra/storage/index.js";
import type { FileService } from "../file/file.service.js";
import { probe } from "../file/media.js";
import type { OrgService } from "../org/org.service.js";
import type { Caller } from "../../http/caller.js";
import { VideoService } from "../video/video.service.js";
import { DeviceDirectory } from "./devices.js";
import { MediaJobs } from "./media-jobs.js";
import { type LiveFeed, Recorder } from "./recorder.js";
import { RecordingService } from "./recording.service.js";
import { TimetableService } from "./timetable.service.js";
import type { LiveLog } from "../live/live.types.js";

export { recordingRoutes } from "./recording.routes.js";
export { videoRoutes } from "../video/video.routes.js";

export interface MediaDeps {
  db: Db;
  org: OrgService;
  /** EquipmentService.allList: the devices a caller sees. */
  equipment: { allList(c: Caller, q: Record<string, unknown>): Promise<EquipmentRow[]> };
  files: FileService;
  store: ObjectStore;
  live: LiveFeed;
  dataDir: string;
  ffprobe: string;
  ffmpeg?: string;
  signingKey: Buffer;
}

export interface MediaServices {
  timetables: TimetableService;
  recordings: RecordingService;
  videos: VideoService;
  recorder: Recorder;
  jobs: MediaJobs;
  /** Starts the recorder (recovery, then a tick every second), logging to `log`. */
  start(log: LiveLog): Promise<void>;
  /** Stops capturing (parts closed; recordings resume at the next start) and the job in hand. */
  stop(): Promise<void>;
}

/** A logger that forwards to whatever is set later (the server's, once it starts). */
class LateLog implements LiveLog {
  target: LiveLog | undefined;
  debug(msg: string) {
    this.target?.debug(msg);
  }
  info(msg: string) {
    this.target?.info(msg);
  }
  warn(msg: string) {
    this.target?.warn(msg);
  }
  error(msg: string) {
    this.target?.error(msg);
  }
}

export function createMedia(d: MediaDeps): MediaServices {
  const log = new LateLog();
  const ffmpeg = d.ffmpeg ?? "ffmpeg";
  let recorderRef: Recorder | undefined;
  const now = () => recorderRef?.now() ?? new Date();
  const devices = new DeviceDirectory(d.db);
  const jobs = new MediaJobs(d.db, log, now);
  const timetables = new TimetableService({ db: d.db, org: d.org, now });
  const videos = new VideoService({
    db: d.db,
    org: d.org,
    store: d.store,
    files: d.files,
    ffmpeg,
    ffprobe: d.ffprobe,
    signingKey: d.signingKey,
    enqueue: (id) => jobs.enqueue("video.process", id),
    allDevices: (c, q) => d.equipment.allList(c, q),
    now,
  });
  const recorder = new Recorder({
    db: d.db,
    live: d.live,
    devices,
    timetables,
    jobs,
    dataDir: d.dataDir,
    ffmpeg,
    log,
    sink: {
      adopt: async (accountId, localPath, name) => (await d.files.adopt(accountId, localPath, name, "recording")).id,
      videoOf: (rec) => videos.fromRecording(rec),
      duration: async (file) => (await probe(d.ffprobe, file))?.duration ?? undefined,
    },
  });
  recorderRef = recorder;
  jobs.handle("recording.finalize", (id) => recorder.finalize(id));
  jobs.handle("video.process", (id) => videos.process(id));
  jobs.onFailed = async (type, id, error) => {
    if (type === "recording.finalize") await recorder.fail(id, error);
    else await videos.failed(id, error);
  };
  const recordings = new RecordingService({
    db: d.db,
    org: d.org,
    devices,
    timetables,
    recorder,
    allDevices: (c, q) => d.equipment.allList(c, q),
    removeVideo: async (c, id) => {
      await videos.remove(c, id);
    },
    removeFile: async (c, id) => {
      await d.files.remove(c, id).catch(() => undefined);
    },
  });
  return {
    timetables,
    recordings,
    videos,
    recorder,
    jobs,
    start: async (target) => {
      log.target = target;
      await recorder.start();
    },
    stop: () => recorder.stop(),
  };
}
