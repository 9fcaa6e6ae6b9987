import { describe, expect, it } from "vitest";
import { type DecodedAudio, assignRoles, detectSpeech, mergeRegions, teacherCluster, twoMeans, yinPitch } from "./audio.js";

const RATE = 16000;

/** a harmonic "voice" at f0 with amplitude amp (a few harmonics, like a vowel) */
function voice(f0: number, seconds: number, amp: number): Float32Array {
  const n = Math.round(seconds * RATE);
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    x[i] = (amp * (Math.sin(2 * Math.PI * f0 * t) + 0.5 * Math.sin(4 * Math.PI * f0 * t) + 0.25 * Math.sin(6 * Math.PI * f0 * t))) / 1.75;
  }
  return x;
}

function lesson(parts: Array<[number | null, number, number?]>): DecodedAudio {
  const chunks = parts.map(([f0, s, amp]) => (f0 === null ? new Float32Array(Math.round(s * RATE)) : voice(f0, s, amp ?? 0.3)));
  const pcm = new Float32Array(chunks.reduce((a, c) => a + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    pcm.set(c, o);
    o += c.length;
  }
  // a low deterministic noise floor
  let s = 12345;
  for (let i = 0; i < pcm.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    pcm[i]! += (s / 0x7fffffff - 0.5) * 0.004;
  }
  return { sampleRate: RATE, pcm, duration: pcm.length / RATE };
}

describe("audio stages (pure parts)", () => {
  it("YIN finds the fundamental of a harmonic tone and nothing in noise", () => {
    const lo = (f: number) => {
      const x = voice(f, 0.05, 0.3);
      const d = new Float32Array(x.length / 2);
      for (let i = 0; i < d.length; i++) d[i] = (x[2 * i]! + x[2 * i + 1]!) / 2;
      return yinPitch(d, 8000);
    };
    expect(lo(90)).toBeCloseTo(90, 0);
    expect(lo(220)).toBeCloseTo(220, -1);
    let s = 7;
    const noise = Float32Array.from({ length: 400 }, () => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s / 0x7fffffff - 0.5;
    });
    expect(yinPitch(noise, 8000)).toBeNull();
  });

  it("merges gaps under 0.3 s and drops regions under 0.2 s", () => {
    expect(
      mergeRegions(
        [
          { start: 0, end: 1 },
          { start: 1.2, end: 2 },
          { start: 3, end: 3.1 },
          { start: 4, end: 5 },
        ],
        0.3,
        0.2,
      ),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 5 },
    ]);
  });

  it("finds speech regions with their times, and none in silence", () => {
    const a = lesson([
      [null, 1],
      [100, 2],
      [null, 1.5],
      [250, 1],
      [null, 1],
    ]);
    const r = detectSpeech(a);
    expect(r.length).toBe(2);
    expect(r[0]!.start).toBeCloseTo(1, 1);
    expect(r[0]!.end).toBeGreaterThanOrEqual(2.98);
    expect(r[0]!.end).toBeLessThanOrEqual(3.15);
    expect(r[1]!.start).toBeCloseTo(4.5, 1);
    expect(detectSpeech(lesson([[null, 3]]))).toEqual([]);
  });

  it("2-means splits two groups; the teacher vote weighs duration, loudness and pitch", () => {
    expect(twoMeans([[0], [0.1], [5], [5.2], [0.2]])).toEqual([0, 0, 1, 1, 0]);
    // cluster 0 talks longer, is louder and lower → teacher
    expect(teacherCluster([100, 20], [-4, 14], [-20, -26])).toBe(0);
    // cluster 1 talks longer but is higher and quieter by 3 dB → still cluster 0
    expect(teacherCluster([40, 60], [-4, 14], [-22, -25])).toBe(0);
    // equal loudness: duration against pitch, pitch breaks the tie
    expect(teacherCluster([40, 60], [-4, 14], [-25, -25])).toBe(0);
    // the longer, louder cluster wins over a lower pitch
    expect(teacherCluster([40, 60], [-4, 14], [-28, -22])).toBe(1);
  });

  it("assigns the low dominant voice to the teacher and the high one to the students", () => {
    const a = lesson([
      [null, 0.5],
      [95, 4],
      [null, 1],
      [240, 1.5, 0.2],
      [null, 1],
      [95, 3],
      [null, 1],
      [260, 1.2, 0.2],
      [null, 0.5],
    ]);
    const segs = assignRoles(a, detectSpeech(a));
    const at = (t: number) => segs.find((s) => s.start <= t && t < s.end)?.role;
    expect(at(2)).toBe("T");
    expect(at(6.2)).toBe("S");
    expect(at(9)).toBe("T");
    expect(at(12.3)).toBe("S");
  });

  it("one voice only: everything is the teacher", () => {
    const a = lesson([
      [null, 0.5],
      [120, 2],
      [null, 1],
      [121, 2],
      [null, 0.5],
    ]);
    const segs = assignRoles(a, detectSpeech(a));
    expect(segs.length).toBeGreaterThan(0);
    expect(segs.every((s) => s.role === "T")).toBe(true);
    expect(assignRoles(a, [])).toEqual([]);
  });
});
