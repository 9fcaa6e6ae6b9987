import { AUDIO_RECORDER } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import { DEFAULT_ENCODER, Resampler, floatTo16, mp3FileName, validateEncoderParams } from "./audio-encoding";
import { Mp3Stream } from "./mp3-stream";

/** MPEG audio frame header at `i`: version, layer, bit rate (kbps), sample rate (Hz), frame length (bytes). */
function frameAt(b: Uint8Array, i: number) {
  if (b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0) return null;
  const ver = (b[i + 1] >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
  const layer = (b[i + 1] >> 1) & 3; // 1 = layer III
  const bri = b[i + 2] >> 4;
  const sri = (b[i + 2] >> 2) & 3;
  const pad = (b[i + 2] >> 1) & 1;
  const rates = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<number, number[]>;
  const br1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const br2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const bitRate = (ver === 3 ? br1 : br2)[bri];
  const sampleRate = rates[ver]?.[sri];
  if (layer !== 1 || !bitRate || !sampleRate) return null;
  const samplesPerFrame = ver === 3 ? 1152 : 576;
  const length = Math.floor((samplesPerFrame / 8) * ((bitRate * 1000) / sampleRate)) + pad;
  return { ver, bitRate, sampleRate, length, samplesPerFrame };
}

/** Walks the MP3 frame by frame: frames, seconds. */
function walkMp3(b: Uint8Array) {
  let i = 0;
  let frames = 0;
  let seconds = 0;
  const seen = new Set<string>();
  while (i + 4 <= b.length) {
    const f = frameAt(b, i);
    if (!f) break;
    frames++;
    seconds += f.samplesPerFrame / f.sampleRate;
    seen.add(`${f.bitRate}/${f.sampleRate}`);
    i += f.length;
  }
  return { frames, seconds, end: i, seen: [...seen] };
}

function sine(seconds: number, rate: number, hz = 440): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) out[i] = 0.5 * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

describe("encoder parameters", () => {
  it("defaults: 128 kbps, 44100 Hz (§9)", () => {
    expect(DEFAULT_ENCODER).toEqual({ bitRate: 128, sampleRate: 44100 });
    expect(validateEncoderParams()).toEqual({ bitRate: 128, sampleRate: 44100, problems: [] });
    expect(AUDIO_RECORDER.initialVolume).toBe(0.8);
    expect(AUDIO_RECORDER.bufferSize).toBe(4096);
  });

  it("accepts 8–320 kbps and 8000–48000 Hz, bounds included", () => {
    expect(validateEncoderParams({ bitRate: 8, sampleRate: 8000 })).toMatchObject({ bitRate: 8, sampleRate: 8000, problems: [] });
    expect(validateEncoderParams({ bitRate: 320, sampleRate: 48000 })).toMatchObject({ bitRate: 320, sampleRate: 48000, problems: [] });
  });

  it("replaces out-of-range or fractional values by the defaults and says so", () => {
    const r = validateEncoderParams({ bitRate: 7, sampleRate: 96000 });
    expect(r).toMatchObject({ bitRate: 128, sampleRate: 44100 });
    expect(r.problems).toHaveLength(2);
    expect(validateEncoderParams({ bitRate: 321 }).bitRate).toBe(128);
    expect(validateEncoderParams({ sampleRate: 7999 }).sampleRate).toBe(44100);
    expect(validateEncoderParams({ bitRate: 64.5 }).bitRate).toBe(128);
    expect(validateEncoderParams({ bitRate: Number.NaN }).problems).toHaveLength(1);
  });

  it("file name record → record.mp3", () => {
    expect(mp3FileName()).toBe("record.mp3");
    expect(mp3FileName("课堂朗读")).toBe("课堂朗读.mp3");
    expect(mp3FileName("a.MP3")).toBe("a.MP3");
    expect(mp3FileName("  ")).toBe("record.mp3");
  });
});

describe("PCM helpers", () => {
  it("floatTo16 clips and scales", () => {
    expect(Array.from(floatTo16(Float32Array.from([0, 1, -1, 2, -2, 0.5])))).toEqual([0, 32767, -32768, 32767, -32768, 16384]);
  });

  it("Resampler: 48000 → 44100 keeps the length and the signal across 4096-sample buffers", () => {
    const input = sine(1, 48000);
    const r = new Resampler(48000, 44100);
    const parts: Float32Array[] = [];
    for (let i = 0; i < input.length; i += 4096) parts.push(r.push(input.subarray(i, i + 4096)));
    const total = parts.reduce((n, p) => n + p.length, 0);
    expect(Math.abs(total - 44100)).toBeLessThanOrEqual(2);
    const out = new Float32Array(total);
    let off = 0;
    for (const p of parts) {
      out.set(p, off);
      off += p.length;
    }
    const want = sine(1, 44100);
    let maxErr = 0;
    for (let i = 0; i < Math.min(out.length, want.length) - 1; i++) maxErr = Math.max(maxErr, Math.abs(out[i] - want[i]));
    expect(maxErr).toBeLessThan(0.01);
  });

  it("Resampler: same rate is a copy; 44100 → 8000 downsamples", () => {
    const x = sine(0.1, 44100);
    expect(new Resampler(44100, 44100).push(x)).toEqual(x);
    expect(Math.abs(new Resampler(44100, 8000).push(sine(1, 44100)).length - 8000)).toBeLessThanOrEqual(1);
  });
});

describe("Mp3Stream (lamejs)", () => {
  it("3 s at 128 kbps / 44100 Hz is an MPEG-1 layer III stream of about 3 s", () => {
    const s = new Mp3Stream(DEFAULT_ENCODER);
    const pcm = sine(3, 44100);
    for (let i = 0; i < pcm.length; i += 4096) s.push(floatTo16(pcm.subarray(i, i + 4096)));
    expect(s.duration).toBe("00:03");
    const mp3 = s.finish();
    const w = walkMp3(mp3);
    expect(w.end).toBe(mp3.length);
    expect(w.seen).toEqual(["128/44100"]);
    expect(w.seconds).toBeGreaterThan(2.9);
    expect(w.seconds).toBeLessThan(3.2);
    // 128 kbps × 3 s ≈ 48 KB
    expect(mp3.length).toBeGreaterThan(44_000);
    expect(mp3.length).toBeLessThan(52_000);
  });

  it("other §9 settings: 16000 Hz at 32 kbps", () => {
    const s = new Mp3Stream({ bitRate: 32, sampleRate: 16000 });
    s.push(floatTo16(sine(2, 16000)));
    const w = walkMp3(s.finish());
    expect(w.seen).toEqual(["32/16000"]);
    expect(w.seconds).toBeGreaterThan(1.9);
  });
});
