/**
 * The audio recorder's pure parts (platform.md §4/§9): encoder parameters, resampling from the microphone's rate
 * to the chosen one, float → 16-bit PCM (the MP3 encoder itself is mp3-stream.ts, loaded with the recorder).
 * No Web Audio here: mp3-recorder.ts feeds these from the microphone; node tests feed them a sine.
 */
import { AUDIO_RECORDER } from "@yanke/protocol";

export interface EncoderParams {
  /** kbps, 8–320 (default 128) */
  bitRate: number;
  /** Hz, 8000–48000 (default 44100) */
  sampleRate: number;
}

export const DEFAULT_ENCODER: EncoderParams = { bitRate: AUDIO_RECORDER.bitRate, sampleRate: AUDIO_RECORDER.sampleRate };

/**
 * The parameters to record with: each value outside its §9 range (or not a whole number) is replaced by its
 * default, and `problems` says which (for a console warning; the user sees nothing).
 */
export function validateEncoderParams(p: Partial<EncoderParams> = {}): EncoderParams & { problems: string[] } {
  const problems: string[] = [];
  const pick = (v: number | undefined, [lo, hi]: readonly [number, number], d: number, label: string): number => {
    if (v === undefined) return d;
    if (!Number.isInteger(v) || v < lo || v > hi) {
      problems.push(`${label} ${v} 超出范围 ${lo}–${hi}，改用 ${d}`);
      return d;
    }
    return v;
  };
  return {
    bitRate: pick(p.bitRate, AUDIO_RECORDER.bitRates, DEFAULT_ENCODER.bitRate, "bitRate"),
    sampleRate: pick(p.sampleRate, AUDIO_RECORDER.sampleRates, DEFAULT_ENCODER.sampleRate, "sampleRate"),
    problems,
  };
}

/** The recorder's file name: 'record' → 'record.mp3' (an existing .mp3 is kept). */
export function mp3FileName(name: string = AUDIO_RECORDER.fileName): string {
  const n = name.trim() || AUDIO_RECORDER.fileName;
  return /\.mp3$/i.test(n) ? n : `${n}.${AUDIO_RECORDER.format}`;
}

/** Float samples (−1…1) → 16-bit PCM, clipped. */
export function floatTo16(input: Float32Array): Int16Array {
  const out = new Int16Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i]));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/**
 * Linear resampler that keeps its phase across buffers (the microphone gives 4096-sample buffers at the
 * context's rate, e.g. 48000; the encoder wants `to`, e.g. 44100).
 */
export class Resampler {
  private readonly step: number;
  /** Position of the next output sample, in input samples relative to the current buffer's start. */
  private pos = 0;
  private last = 0;
  private hasLast = false;

  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    this.step = from / to;
  }

  push(input: Float32Array): Float32Array {
    if (this.from === this.to) return input.slice();
    const out: number[] = [];
    // sample at fractional index x of [last, ...input] where index -1 is `last`
    const at = (x: number) => {
      const i = Math.floor(x);
      const f = x - i;
      const a = i < 0 ? (this.hasLast ? this.last : input[0]) : input[i];
      const b = i + 1 < input.length ? input[i + 1] : input[input.length - 1];
      return a + (b - a) * f;
    };
    let x = this.pos;
    while (x <= input.length - 1) {
      out.push(at(x));
      x += this.step;
    }
    this.pos = x - input.length;
    if (input.length > 0) {
      this.last = input[input.length - 1];
      this.hasLast = true;
    }
    return Float32Array.from(out);
  }
}

/** The §3 recording object. */
export interface RecordingObject {
  /** Timestamp (ms) at stop. */
  id: number;
  blob: Blob;
  /** An object URL of the blob (revoked by the recorder when it unmounts). */
  url: string;
  /** mm:ss */
  duration: string;
}
