/**
 * What the demo seeders of the administration modules (admin-demo.ts) and the front site (portal/front.demo.ts) hand
 * to each module's *.demo.ts (types only: this file imports no module that could import it back).
 */
import type { Db } from "../db/client.js";
import type { FileService } from "./file/file.service.js";
import type { VideoService } from "./video/video.service.js";

export interface AdminDemoDeps {
  db: Db;
  files: FileService;
  videos: VideoService;
  dataDir: string;
}

export interface FrontDemoDeps {
  db: Db;
  files: FileService;
  videos: VideoService;
  ffmpeg: string;
  dataDir: string;
  /** Settles when the analysis demo (#10) has made its lessons: the topics collect the published one. */
  analysisSeeded?: Promise<unknown>;
}

/** A demo video the later steps may use. */
export interface DemoVideo {
  id: number;
  account_id: number;
  name: string;
  subject_id: number;
}
