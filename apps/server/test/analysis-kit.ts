/**
 * Fixtures of the analysis tests (#10): a server with the demo users signed in, media made with ffmpeg, files
 * adopted into the store as uploads of a user, and a wait for a job to end.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type AnalysisCourseDetail, CALLS, type Envelope, type SessionInfo } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { account } from "../src/modules/account/account.schema.js";
import { type TestServer, startTestServer } from "./harness.js";
import { TMP_DIR } from "./constants.js";

export const hasEspeak = spawnSync("espeak-ng", ["--version"]).status === 0;
export const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;

export const USERS = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi", "xiaoji", "quji", "pingtai"] as const;
export type User = (typeof USERS)[number];

export interface AKit {
  s: TestServer;
  who: Record<string, SessionInfo>;
  id: Record<string, number>;
  db: TestServer["database"]["db"];
  dir: string;
  call<T = unknown>(path: string, payload: Record<string, unknown>, user?: User): Promise<Envelope<T>>;
  ok<T>(path: string, payload: Record<string, unknown>, user?: User): Promise<T>;
  refused(path: string, payload: Record<string, unknown>, user: User | undefined, code: number, msg?: string | RegExp): Promise<void>;
  /** A local file adopted as `user`'s upload (the file is copied first); answers the stored_file id. */
  adopt(user: User, file: string, name: string): Promise<number>;
  /** Polls c137 until the job is done (2) or failed (3). */
  waitDone(id: number, user?: User, ms?: number): Promise<AnalysisCourseDetail>;
}

export async function startAnalysisKit(env: Record<string, string> = {}): Promise<AKit> {
  const s = await startTestServer({ ANALYSIS_RETRY_SECONDS: "0,0", ...env });
  const who: Record<string, SessionInfo> = {};
  const id: Record<string, number> = {};
  for (const u of USERS) {
    who[u] = await s.login(u, u.endsWith("laoshi") ? DEMO_TEACHER_PASSWORD : DEMO_ADMIN_PASSWORD);
    id[u] = (await s.database.db.select({ id: account.id }).from(account).where(eq(account.username, u)))[0]!.id;
  }
  const dir = mkdtempSync(path.join(TMP_DIR, "analysis-"));
  // The media made for the tests go with the server.
  const closeServer = s.close;
  s.close = async () => {
    await closeServer();
    rmSync(dir, { recursive: true, force: true });
  };
  const call = <T = unknown>(p: string, payload: Record<string, unknown>, user?: User) => s.call<T>(p, payload, user ? who[user]!.token : undefined);
  let n = 0;
  const kit: AKit = {
    s,
    who,
    id,
    db: s.database.db,
    dir,
    call,
    ok: async <T>(p: string, payload: Record<string, unknown>, user?: User) => {
      const r = await call<T>(p, payload, user);
      expect(r.code, `${p}: ${r.msg}`).toBe(200);
      return r.data;
    },
    refused: async (p, payload, user, code, msg) => {
      const r = await call(p, payload, user);
      expect(r.code, `${p} answered ${r.code} ${r.msg}`).toBe(code);
      if (typeof msg === "string") expect(r.msg).toContain(msg);
      else if (msg) expect(r.msg).toMatch(msg);
    },
    adopt: async (user, file, name) => {
      const copy = path.join(dir, `adopt-${++n}-${path.basename(file)}`);
      copyFileSync(file, copy);
      const rec = await s.services.files.adopt(id[user]!, copy, name, "chunk");
      return rec.id;
    },
    waitDone: async (courseId, user = "zhanglaoshi", ms = 240_000) => {
      const end = Date.now() + ms;
      for (;;) {
        const d = await kit.ok<AnalysisCourseDetail>(CALLS.courseDetail, { id: courseId }, user);
        if (d.status === 2 || d.status === 3) return d;
        if (Date.now() > end) throw new Error(`analysis ${courseId} still ${d.status_name} (${d.stage}) after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
  return kit;
}

/**
 * A short lesson made with ffmpeg: a small test picture and, in turns, a low tone (the "teacher") and a high, quieter
 * tone (a "student") with pauses between them. Not speech — enough for the pipeline's plumbing.
 */
export function toneLesson(dir: string, name = "tones.mp4", opts: { seconds?: number; audio?: boolean; video?: boolean } = {}): string {
  const seconds = opts.seconds ?? 40;
  const out = path.join(dir, name);
  // 10 s cycle: teacher 0–5 s, pause 5–6, student 6–9, pause 9–10.
  const expr = "if(lt(mod(t,10),5),0.5*sin(2*PI*140*t),if(between(mod(t,10),6,9),0.25*sin(2*PI*320*t),0))";
  const args = ["-hide_banner", "-loglevel", "error", "-y"];
  if (opts.video !== false) args.push("-f", "lavfi", "-i", `testsrc=size=160x120:rate=5:duration=${seconds}`);
  if (opts.audio !== false) args.push("-f", "lavfi", "-i", `aevalsrc=exprs='${expr}':s=16000:d=${seconds}`);
  if (opts.video !== false) args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
  if (opts.audio !== false) args.push("-c:a", "aac", "-b:a", "48k");
  args.push("-movflags", "+faststart", out);
  execFileSync("ffmpeg", args);
  return out;
}

/** An SRT of the tone lesson: the teacher asks in each cycle, a student answers, the teacher praises. */
export function toneSrt(dir: string, seconds = 40, name = "tones.srt"): string {
  const ts = (s: number) =>
    `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(Math.floor(s % 60)).padStart(2, "0")},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;
  const blocks: string[] = [];
  let i = 0;
  for (let c = 0; c + 10 <= seconds; c += 10) {
    blocks.push(`${++i}\n${ts(c)} --> ${ts(c + 2.5)}\n老师：同学们，为什么三角形的内角和是一百八十度？`);
    blocks.push(`${++i}\n${ts(c + 2.5)} --> ${ts(c + 5)}\n老师：大家先想一想。`);
    blocks.push(`${++i}\n${ts(c + 6)} --> ${ts(c + 9)}\n学生：因为可以把三个角拼成一个平角。`);
  }
  const out = path.join(dir, name);
  writeFileSync(out, `${blocks.join("\n\n")}\n`);
  return out;
}
