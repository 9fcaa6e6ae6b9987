/** Incremental mono MP3 encoding over @breezystack/lamejs (loaded on demand by mp3-recorder.ts). */
import { Mp3Encoder } from "@breezystack/lamejs";
import type { EncoderParams } from "./audio-encoding";
import { formatDuration } from "./upload-rules";

/** lamejs takes at most this many samples per call with good results (one MPEG-1 layer III frame). */
const FRAME = 1152;

/** Mono MP3 encoding fed buffer by buffer; `finish()` gives the whole file. */
export class Mp3Stream {
  private readonly encoder: Mp3Encoder;
  private readonly parts: Uint8Array[] = [];
  /** Samples encoded (at params.sampleRate). */
  samples = 0;

  constructor(readonly params: EncoderParams) {
    this.encoder = new Mp3Encoder(1, params.sampleRate, params.bitRate);
  }

  /** Samples at params.sampleRate. */
  push(pcm: Int16Array): void {
    for (let i = 0; i < pcm.length; i += FRAME) {
      const out = this.encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
      if (out.length > 0) this.parts.push(out.slice());
    }
    this.samples += pcm.length;
  }

  get seconds(): number {
    return this.samples / this.params.sampleRate;
  }

  /** mm:ss of what was pushed. */
  get duration(): string {
    return formatDuration(this.seconds);
  }

  finish(): Uint8Array {
    const tail = this.encoder.flush();
    if (tail.length > 0) this.parts.push(tail.slice());
    const size = this.parts.reduce((n, p) => n + p.length, 0);
    const out = new Uint8Array(size);
    let off = 0;
    for (const p of this.parts) {
      out.set(p, off);
      off += p.length;
    }
    return out;
  }
}
