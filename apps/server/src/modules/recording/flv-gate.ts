/**
 * Where a recording starts within the live stream (docs/decisions/0624). LiveIngest.subscribe answers the FLV headers
 * and the cached GOP from the last keyframe, then live tags. Copying without re-encoding must start at a keyframe:
 * either the cached one (the recording starts up to a GOP early) or the next one (up to a GOP late). The gate keeps
 * the cache when it spans at most half of `maxLeadMs`, else drops it and waits for the next keyframe: a start is off
 * by at most about half a GOP instead of a whole one.
 */
import { Transform, type TransformCallback } from "node:stream";

const HEADER = 13; // "FLV", version, flags, offset (9) + PreviousTagSize0
const TAG_HEADER = 11;

interface Tag {
  type: number;
  ts: number;
  /** The whole tag with its PreviousTagSize. */
  bytes: Buffer;
  /** A video keyframe (not a sequence header). */
  keyframe: boolean;
  /** Script data or an audio/video sequence header: always kept. */
  config: boolean;
}

function parseTags(buf: Buffer, from: number): { tags: Tag[]; used: number } {
  const tags: Tag[] = [];
  let at = from;
  while (buf.length - at >= TAG_HEADER) {
    const type = buf[at]! & 0x1f;
    const size = buf.readUIntBE(at + 1, 3);
    const total = TAG_HEADER + size + 4;
    if (buf.length - at < total) break;
    const ts = buf.readUIntBE(at + 4, 3) | (buf[at + 7]! << 24);
    const d0 = size > 0 ? buf[at + TAG_HEADER]! : 0;
    const d1 = size > 1 ? buf[at + TAG_HEADER + 1]! : 0xff;
    let keyframe = false;
    let config = type === 18;
    if (type === 9) {
      const enhanced = (d0 & 0x80) !== 0;
      const frameType = (d0 >> 4) & (enhanced ? 0x07 : 0x0f);
      // Legacy AVC/HEVC: byte 1 is the packet type (0 = sequence header); enhanced: the low nibble (0 = start).
      const sequence = enhanced ? (d0 & 0x0f) === 0 : (d0 & 0x0f) === 7 || (d0 & 0x0f) === 12 ? d1 === 0 : false;
      config = sequence || frameType === 5;
      keyframe = !config && frameType === 1;
    } else if (type === 8) {
      config = ((d0 >> 4) & 0x0f) === 10 && d1 === 0;
    }
    tags.push({ type, ts, bytes: buf.subarray(at, at + total), keyframe, config });
    at += total;
  }
  return { tags, used: at - from };
}

export class FlvStartGate extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private headerDone = false;
  private waiting = false;
  /** What the gate decided for the cached GOP (for the log). */
  decision: "kept" | "dropped" | "none" = "none";

  /** `burst`: what the subscription had buffered at once (headers and the cached GOP). */
  constructor(burst: Buffer | null, maxLeadMs = 1000) {
    super();
    if (!burst || burst.length < HEADER || burst.toString("latin1", 0, 3) !== "FLV") {
      if (burst) this.pending = burst;
      return;
    }
    const { tags } = parseTags(burst, HEADER);
    const media = tags.filter((t) => !t.config && (t.type === 8 || t.type === 9));
    const key = media.find((t) => t.keyframe);
    const lead = key && media.length ? Math.max(...media.map((t) => t.ts)) - key.ts : 0;
    if (key && lead > maxLeadMs) {
      // Keep the headers (and any bytes after the last whole tag); media from the cache goes.
      const parsedLen = HEADER + tags.reduce((n, t) => n + t.bytes.length, 0);
      this.pending = Buffer.concat([burst.subarray(0, HEADER), ...tags.filter((t) => t.config).map((t) => t.bytes)]);
      this.headerDone = true;
      this.waiting = true;
      this.decision = "dropped";
      this.push(this.pending);
      this.pending = burst.subarray(parsedLen);
    } else {
      this.decision = key ? "kept" : "none";
      this.pending = burst;
    }
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.flushPending();
    cb();
  }

  override _flush(cb: TransformCallback): void {
    this.flushPending();
    if (!this.waiting && this.pending.length) this.push(this.pending);
    cb();
  }

  /** Passes whole tags on (while waiting for a keyframe, media before it is dropped). */
  private flushPending(): void {
    if (!this.waiting) {
      // Not gating: everything passes as it comes.
      if (this.pending.length) this.push(this.pending);
      this.pending = Buffer.alloc(0);
      return;
    }
    if (!this.headerDone) return;
    const { tags, used } = parseTags(this.pending, 0);
    const out: Buffer[] = [];
    for (const t of tags) {
      if (this.waiting && t.keyframe) this.waiting = false;
      if (!this.waiting || t.config) out.push(t.bytes);
    }
    this.pending = this.pending.subarray(used);
    if (!this.waiting && this.pending.length) {
      out.push(this.pending);
      this.pending = Buffer.alloc(0);
    }
    if (out.length) this.push(Buffer.concat(out));
  }
}
