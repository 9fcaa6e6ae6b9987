/**
 * The MP4 codec check against real MP4 bytes made by ffmpeg: H.264 with moov at the end (ffmpeg's default) and at
 * the start (+faststart), HEVC (hvc1 and hev1), MPEG-4 part 2, not an MP4; and a 4.5 GB file (64-bit mdat size,
 * moov at the end) that is never read beyond its box headers and its moov.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODEC_MESSAGE, checkH264Mp4, legacyAvc1Hint, topLevelBoxes, type BlobLike } from "./mp4-codec";

const FFMPEG = "/usr/bin/ffmpeg";
const hasFfmpeg = existsSync(FFMPEG);
const encoders = hasFfmpeg ? execFileSync(FFMPEG, ["-hide_banner", "-encoders"], { encoding: "utf8" }) : "";
const hasX264 = /\blibx264\b/.test(encoders);
const hasX265 = /\blibx265\b/.test(encoders);

let dir = "";
const files: Record<string, Uint8Array> = {};

function make(name: string, args: string[], input = "testsrc=size=160x120:rate=10", seconds = 1) {
  const out = join(dir, `${name}.mp4`);
  execFileSync(FFMPEG, ["-v", "error", "-y", "-f", "lavfi", "-i", input, "-t", String(seconds), "-pix_fmt", "yuv420p", ...args, out]);
  files[name] = new Uint8Array(readFileSync(out));
}

/** Replaces the compatible brand 'avc1' of the ftyp box by 'mp42'. */
function phoneBrands(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const ftypSize = new DataView(out.buffer).getUint32(0);
  for (let i = 8; i + 4 <= ftypSize; i += 4) {
    if (String.fromCharCode(...out.subarray(i, i + 4)) === "avc1") out.set([0x6d, 0x70, 0x34, 0x32], i);
  }
  return out;
}

const blob = (name: string) => new Blob([files[name] as Uint8Array<ArrayBuffer>]);

describe.skipIf(!hasX264)("checkH264Mp4 (ffmpeg-made files)", () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "yanke-mp4-"));
    make("h264-end", ["-c:v", "libx264"]);
    make("h264-fast", ["-c:v", "libx264", "-movflags", "+faststart"]);
    // Noise at a high bit rate: an mdat well past 512 KB before the moov (a phone video's layout).
    make("h264-big-end", ["-c:v", "libx264", "-b:v", "8M", "-maxrate", "8M", "-bufsize", "1M"], "nullsrc=size=320x240:rate=25,geq=random(1)*255:128:128", 2);
    // ffmpeg lists 'avc1' among the ftyp's compatible brands; phone files (brands isom/mp42, 'qt  ') do not:
    // make this one look like a phone's.
    files["h264-big-end"] = phoneBrands(files["h264-big-end"]);
    if (hasX265) {
      make("hvc1", ["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error"]);
      make("hev1", ["-c:v", "libx265", "-x265-params", "log-level=error"]);
    }
    make("mpeg4", ["-c:v", "mpeg4"]);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("ffmpeg's default layout puts moov after mdat; +faststart puts it first", async () => {
    const end = (await topLevelBoxes(blob("h264-end"))).map((b) => b.type);
    const fast = (await topLevelBoxes(blob("h264-fast"))).map((b) => b.type);
    expect(end.indexOf("moov")).toBeGreaterThan(end.indexOf("mdat"));
    expect(fast.indexOf("moov")).toBeLessThan(fast.indexOf("mdat") === -1 ? Infinity : fast.indexOf("mdat"));
    // topLevelBoxes stops at moov: the faststart walk never reaches mdat
    expect(fast.at(-1)).toBe("moov");
  });

  it("accepts H.264 with moov at the end and at the start", async () => {
    for (const name of ["h264-end", "h264-fast"]) {
      const r = await checkH264Mp4(blob(name));
      expect(r, name).toMatchObject({ ok: true, reason: "" });
      expect(r.codecs[0]).toMatch(/^avc1\./);
    }
  });

  it("accepts a moov-at-end H.264 file that the 512 KB 'avc1' hint refuses", async () => {
    const b = blob("h264-big-end");
    const boxes = await topLevelBoxes(b);
    const moov = boxes.find((x) => x.type === "moov")!;
    expect(moov.start).toBeGreaterThan(512 * 1024);
    expect(await legacyAvc1Hint(b)).toBe(false);
    const r = await checkH264Mp4(b);
    expect(r.ok).toBe(true);
    // header reads plus ftyp and moov, nothing of the mdat
    expect(r.bytesRead).toBeLessThan(moov.size + 32 + 16 * boxes.length + 1);
  });

  it.skipIf(!hasX265)("refuses HEVC (hvc1 and hev1)", async () => {
    const a = await checkH264Mp4(blob("hvc1"));
    const b = await checkH264Mp4(blob("hev1"));
    expect(a).toMatchObject({ ok: false });
    expect(a.codecs[0]).toMatch(/^hvc1/);
    expect(b).toMatchObject({ ok: false });
    expect(b.codecs[0]).toMatch(/^hev1/);
  });

  it("refuses MPEG-4 part 2 in an MP4", async () => {
    const r = await checkH264Mp4(blob("mpeg4"));
    expect(r.ok).toBe(false);
    expect(r.codecs).toEqual(["mp4v"]);
  });

  it("refuses what is not an MP4, a truncated MP4 and an empty file", async () => {
    expect((await checkH264Mp4(new Blob(["RIFF....AVI LIST not an mp4 at all"]))).ok).toBe(false);
    expect((await checkH264Mp4(new Blob([]))).ok).toBe(false);
    const whole = files["h264-end"];
    const cut = await checkH264Mp4(new Blob([whole.slice(0, whole.length - 100)]));
    expect(cut.ok).toBe(false);
    // a file that only says 'avc1' somewhere is not an H.264 MP4
    expect((await checkH264Mp4(new Blob(["....ftypisomavc1 and more"]))).ok).toBe(false);
  });

  it("reads only box headers and the moov of a 4.5 GB file (64-bit mdat size, moov at the end)", async () => {
    const src = files["h264-end"];
    const boxes = await topLevelBoxes(blob("h264-end"));
    const ftyp = boxes[0];
    const moov = boxes.find((b) => b.type === "moov")!;
    const ftypBytes = src.slice(0, ftyp.size);
    const moovBytes = src.slice(moov.start, moov.start + moov.size);
    const mdatPayload = 4.5 * 1024 ** 3;
    const mdatHeader = new Uint8Array(16);
    const dv = new DataView(mdatHeader.buffer);
    dv.setUint32(0, 1);
    mdatHeader.set([0x6d, 0x64, 0x61, 0x74], 4);
    dv.setUint32(8, Math.floor((mdatPayload + 16) / 2 ** 32));
    dv.setUint32(12, (mdatPayload + 16) >>> 0);
    const big = new VirtualFile([ftypBytes, mdatHeader, mdatPayload, moovBytes]);
    expect(big.size).toBeGreaterThan(4 * 1024 ** 3);
    const r = await checkH264Mp4(big);
    expect(r).toMatchObject({ ok: true });
    expect(big.zeroBytesRead).toBe(0);
    expect(r.bytesRead).toBeLessThan(ftypBytes.length + moovBytes.length + 16 * 4);
  });

  it("the refusal message is the spec's", () => {
    expect(CODEC_MESSAGE).toBe("请上传正确的视频编码格式,H264-MPEG-4 AVC");
  });
});

/** A file of real parts and virtual zero runs (numbers), sliced without ever allocating the runs. */
class VirtualFile implements BlobLike {
  readonly size: number;
  zeroBytesRead = 0;
  private parts: { start: number; bytes: Uint8Array | null; length: number }[] = [];
  constructor(parts: (Uint8Array | number)[]) {
    let pos = 0;
    for (const p of parts) {
      const length = typeof p === "number" ? p : p.length;
      this.parts.push({ start: pos, bytes: typeof p === "number" ? null : p, length });
      pos += length;
    }
    this.size = pos;
  }
  slice(start = 0, end = this.size): Blob {
    const out: Uint8Array<ArrayBuffer>[] = [];
    for (const p of this.parts) {
      const a = Math.max(start, p.start);
      const b = Math.min(end, p.start + p.length);
      if (a >= b) continue;
      if (p.bytes) out.push(p.bytes.slice(a - p.start, b - p.start));
      else {
        this.zeroBytesRead += b - a;
        if (b - a > 1024 * 1024) throw new Error(`read ${b - a} bytes of the mdat`);
        out.push(new Uint8Array(b - a));
      }
    }
    return new Blob(out);
  }
}
