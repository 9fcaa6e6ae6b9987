import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { FIXTURE_DIR } from "./constants.js";

/**
 * Media made by the test itself (nothing binary is committed): ffmpeg for video, audio and images, LibreOffice for
 * a .docx. Each is made once, into FIXTURE_DIR under a name that carries a hash of how it is made, and shared from
 * there by every file and every later run (the global set-up makes the slow ones before the files start). Treat
 * them as read-only: copy one before handing it to something that moves or changes it.
 */
const run = promisify(execFile);
const made = new Map<string, Promise<string>>();

function once(name: string, make: (file: string, work: string) => Promise<void>): Promise<string> {
  let p = made.get(name);
  if (!p) {
    const tag = createHash("sha256").update(`${name}\n${make.toString()}`).digest("hex").slice(0, 12);
    const file = path.join(FIXTURE_DIR, `${tag}-${name}`);
    p = (async () => {
      if (existsSync(file)) return file;
      mkdirSync(FIXTURE_DIR, { recursive: true });
      // Made in a folder of its own and renamed into place: another file's worker sees it whole or not at all.
      const work = mkdtempSync(path.join(FIXTURE_DIR, ".making-"));
      try {
        const out = path.join(work, name);
        await make(out, work);
        renameSync(out, file);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      return file;
    })();
    made.set(name, p);
    // A failure is not remembered: the next call tries again.
    p.catch(() => made.delete(name));
  }
  return p;
}

const ffmpeg = (args: string[]) => run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { timeout: 120_000 });

/** H.264 MP4 with its moov box at the end (ffmpeg's default, like a phone recording). */
export const h264Mp4 = (seconds = 2, size = "320x240") =>
  once(`h264-${seconds}-${size}.mp4`, (f) =>
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=${size}:rate=25`,
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440",
      "-t",
      String(seconds),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      f,
    ]).then(() => undefined),
  );

/** An H.264 MP4 of roughly `mb` megabytes (noise compresses badly, so the size is reached quickly). */
export const bigH264Mp4 = (mb: number) =>
  once(`h264-big-${mb}.mp4`, (f) =>
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "nullsrc=size=640x360:rate=25",
      "-vf",
      "geq=random(1)*255:128:128",
      "-t",
      String(Math.max(2, Math.ceil(mb / 2))),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-b:v",
      "16M",
      "-maxrate",
      "16M",
      "-bufsize",
      "4M",
      "-pix_fmt",
      "yuv420p",
      f,
    ]).then(() => undefined),
  );

export const hevcMp4 = () =>
  once("hevc.mp4", (f) =>
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=320x240:rate=25",
      "-t",
      "1",
      "-c:v",
      "libx265",
      "-preset",
      "ultrafast",
      "-tag:v",
      "hvc1",
      "-x265-params",
      "log-level=error",
      f,
    ]).then(() => undefined),
  );

export const png = (size = "64x48") =>
  once(`image-${size}.png`, (f) => ffmpeg(["-f", "lavfi", "-i", `testsrc=size=${size}`, "-frames:v", "1", f]).then(() => undefined));

export const mp3 = (seconds = 3) =>
  once(`tone-${seconds}.mp3`, (f) =>
    ffmpeg(["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-c:a", "libmp3lame", "-b:a", "128k", "-ar", "44100", f]).then(() => undefined),
  );

export const wav = () => once("tone.wav", (f) => ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", f]).then(() => undefined));

export const hasSoffice = ["/usr/bin/soffice", "/usr/local/bin/soffice", "/usr/lib/libreoffice/program/soffice"].some((p) => existsSync(p));

/** A .docx written by LibreOffice from a text (needs soffice). */
export const docx = () =>
  once("lesson.docx", async (f, work) => {
    const src = path.join(work, "lesson.txt");
    writeFileSync(src, "第一课 春\n盼望着，盼望着，东风来了，春天的脚步近了。\n");
    const profile = `file://${path.join(work, "lo-profile")}`;
    await run("soffice", ["--headless", "--norestore", `-env:UserInstallation=${profile}`, "--convert-to", "docx", "--outdir", work, src], {
      timeout: 120_000,
    });
    if (!existsSync(f)) throw new Error("LibreOffice did not write lesson.docx");
  });

/** A one-page PDF written by hand (objects and cross-reference table computed), with a line of text. */
export function tinyPdf(text = "Yanke lesson plan"): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    (() => {
      const stream = `BT /F1 28 Tf 72 760 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
