/**
 * The chunked upload's video check (platform.md §5, issue #5; docs/decisions/0502-mp4-codec-check.md):
 * an MP4 whose video is H.264 (sample entry avc1 or avc3) passes; HEVC (hvc1/hev1), any other codec and
 * anything that is not an MP4 are refused with '请上传正确的视频编码格式,H264-MPEG-4 AVC'.
 *
 * The spec's check (an 'avc1' marker in the first 512 KB) refuses every phone video whose moov box sits at the
 * end of the file and accepts an HEVC file that merely says 'avc1' somewhere. Instead the top-level box headers
 * are walked (8 or 16 bytes read per box, 64-bit sizes included) to find the moov box wherever it is, then only
 * ftyp and moov are handed to mp4box, slice by slice: a 5 GB file costs a few reads and the size of its moov.
 */
import type { Movie } from "mp4box";
import { MSG } from "./messages";

/** What the check needs of a File. */
export interface BlobLike {
  readonly size: number;
  slice(start?: number, end?: number): Blob;
}

export const CODEC_MESSAGE = MSG.codec;

/** Top-level boxes that may appear before moov in an ISO-BMFF/MP4 file. */
const TOP_LEVEL = new Set([
  "ftyp",
  "styp",
  "moov",
  "mdat",
  "free",
  "skip",
  "wide",
  "pdin",
  "uuid",
  "meta",
  "moof",
  "mfra",
  "sidx",
  "ssix",
  "prft",
  "emsg",
  "jumb",
  "junk",
  "pnot",
]);

/** A moov this large is not a real file's (an hour of 60 fps video has a moov of a few MB). */
export const MAX_MOOV_BYTES = 256 * 1024 * 1024;
/** mp4box is fed at most this much at a time. */
export const FEED_BYTES = 1024 * 1024;
const MAX_BOXES = 10_000;

export interface BoxHeader {
  type: string;
  start: number;
  size: number;
  headerSize: number;
}

export interface CodecCheck {
  ok: boolean;
  /** The video codecs found (e.g. ['avc1.64000d']), empty when none. */
  codecs: string[];
  /** Why it was refused (for logs and tests; the user sees CODEC_MESSAGE). */
  reason: string;
  /** Bytes read from the file. */
  bytesRead: number;
}

class Reader {
  bytesRead = 0;
  constructor(readonly file: BlobLike) {}
  async read(start: number, end: number): Promise<Uint8Array> {
    const buf = new Uint8Array(await this.file.slice(start, Math.min(end, this.file.size)).arrayBuffer());
    this.bytesRead += buf.length;
    return buf;
  }
}

const isFourCC = (s: string) => /^[\x20-\x7e]{4}$/.test(s);

async function boxAt(r: Reader, start: number): Promise<BoxHeader | string> {
  const h = await r.read(start, start + 16);
  if (h.length < 8) return `truncated box header at ${start}`;
  const dv = new DataView(h.buffer, h.byteOffset, h.byteLength);
  const size32 = dv.getUint32(0);
  const type = String.fromCharCode(h[4], h[5], h[6], h[7]);
  if (!isFourCC(type)) return `not a box at ${start}`;
  let size = size32;
  let headerSize = 8;
  if (size32 === 1) {
    if (h.length < 16) return `truncated 64-bit size at ${start}`;
    size = dv.getUint32(8) * 0x1_0000_0000 + dv.getUint32(12);
    headerSize = 16;
  } else if (size32 === 0) {
    size = r.file.size - start;
  }
  if (size < headerSize) return `bad size ${size} of ${type} at ${start}`;
  return { type, start, size, headerSize };
}

/**
 * The top-level boxes up to and including moov (or to the end of the file). Throws a reason when the bytes are
 * not an ISO-BMFF box sequence.
 */
export async function topLevelBoxes(file: BlobLike, r = new Reader(file)): Promise<BoxHeader[]> {
  const boxes: BoxHeader[] = [];
  let off = 0;
  while (off < file.size && boxes.length < MAX_BOXES) {
    const b = await boxAt(r, off);
    if (typeof b === "string") throw new Error(b);
    if (boxes.length === 0 && !TOP_LEVEL.has(b.type)) throw new Error(`not an MP4 (starts with '${b.type}')`);
    boxes.push(b);
    if (b.type === "moov") break;
    off += b.size;
  }
  return boxes;
}

/** The video codecs of the moov, parsed by mp4box from ftyp + moov fed slice by slice. */
async function videoCodecs(r: Reader, ftyp: BoxHeader | undefined, moov: BoxHeader): Promise<string[]> {
  // mp4box is large: loaded when a video is checked, not with the page
  const { createFile, MP4BoxBuffer } = await import("mp4box");
  const mp4 = createFile();
  let info: Movie | null = null;
  let error = "";
  mp4.onReady = (m) => {
    info = m;
  };
  mp4.onError = (_module, message) => {
    error = message;
  };
  // The file as mp4box sees it: ftyp then moov, contiguous (positions inside mdat are never needed for codecs).
  const ranges = (ftyp ? [ftyp] : []).concat(moov);
  let pos = 0;
  for (const box of ranges) {
    for (let off = 0; off < box.size && !info && !error; off += FEED_BYTES) {
      const bytes = await r.read(box.start + off, box.start + Math.min(box.size, off + FEED_BYTES));
      const ab = MP4BoxBuffer.fromArrayBuffer(bytes.slice().buffer, pos);
      pos += bytes.length;
      mp4.appendBuffer(ab);
    }
  }
  mp4.flush();
  if (error) throw new Error(error);
  const movie = info as Movie | null;
  if (!movie) throw new Error("moov not parsed");
  return movie.videoTracks.map((t) => t.codec);
}

export function isH264Codec(codec: string): boolean {
  return /^avc[13]/i.test(codec);
}

/**
 * Walks the file's boxes and tells whether it is an H.264 MP4. Every video track must be H.264 (there is at
 * least one); audio tracks are not looked at.
 */
export async function checkH264Mp4(file: BlobLike): Promise<CodecCheck> {
  const r = new Reader(file);
  const refuse = (reason: string, codecs: string[] = []): CodecCheck => ({ ok: false, codecs, reason, bytesRead: r.bytesRead });
  try {
    const boxes = await topLevelBoxes(file, r);
    const moov = boxes.find((b) => b.type === "moov");
    if (!moov) return refuse("no moov box");
    if (moov.size > MAX_MOOV_BYTES) return refuse(`moov of ${moov.size} bytes`);
    if (moov.start + moov.size > file.size) return refuse("moov truncated");
    const ftyp = boxes[0]?.type === "ftyp" ? boxes[0] : undefined;
    const codecs = await videoCodecs(r, ftyp, moov);
    if (codecs.length === 0) return refuse("no video track");
    const bad = codecs.find((c) => !isH264Codec(c));
    if (bad) return refuse(`video codec ${bad}`, codecs);
    return { ok: true, codecs, reason: "", bytesRead: r.bytesRead };
  } catch (e) {
    return refuse(e instanceof Error ? e.message : String(e));
  }
}

/** The spec's original hint, kept for comparison in tests and the decision record: 'avc1' in the first 512 KB. */
export async function legacyAvc1Hint(file: BlobLike, bytes = 512 * 1024): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, bytes).arrayBuffer());
  for (let i = 0; i + 4 <= head.length; i++) {
    if (head[i] === 0x61 && head[i + 1] === 0x76 && head[i + 2] === 0x63 && head[i + 3] === 0x31) return true;
  }
  return false;
}
