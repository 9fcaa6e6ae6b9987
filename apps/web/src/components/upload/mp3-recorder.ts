/**
 * The microphone → MP3 pipeline of the audio recorder (platform.md §4/§9), browser only:
 *
 *   getUserMedia → MediaStreamSource → Gain (initial volume 0.8) → ScriptProcessor (buffer 4096, mono)
 *   → resample to the chosen rate → 16-bit PCM → lamejs (128 kbps / 44100 Hz by default), encoded as it comes.
 *
 * The AudioContext runs at the device's own rate (some browsers refuse a microphone in a context of another
 * rate); the resampler converts. ScriptProcessor is deprecated but needs no separate module file and runs in
 * every browser the platform supports; its output stays silent (nothing is played back).
 */
import { AUDIO_RECORDER } from "@yanke/protocol";
import { Resampler, floatTo16, type EncoderParams } from "./audio-encoding";
import type { Mp3Stream } from "./mp3-stream";

export type RecorderState = "idle" | "recording" | "paused" | "stopped";

export interface Mp3RecorderOptions extends EncoderParams {
  /** Gain, 0–1 and above (default 0.8). */
  volume?: number;
  /** Called after each encoded buffer with the seconds recorded so far. */
  onTick?: (seconds: number) => void;
}

type WebkitWindow = typeof globalThis & { webkitAudioContext?: typeof AudioContext };

export class Mp3Recorder {
  state: RecorderState = "idle";
  private stream: MediaStream | null = null;
  private ctx: AudioContext | null = null;
  private gain: GainNode | null = null;
  private nodes: AudioNode[] = [];
  private mp3: Mp3Stream | null = null;

  constructor(private readonly o: Mp3RecorderOptions) {}

  /** Asks for the microphone and starts recording; rejects when the microphone cannot be had. */
  async start(): Promise<void> {
    if (this.state === "recording" || this.state === "paused") return;
    if (!navigator.mediaDevices?.getUserMedia) throw new Error("当前浏览器不支持录音");
    const { Mp3Stream } = await import("./mp3-stream");
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    const Ctx = globalThis.AudioContext ?? (globalThis as WebkitWindow).webkitAudioContext;
    if (!Ctx) {
      stream.getTracks().forEach((t) => {
        t.stop();
      });
      throw new Error("当前浏览器不支持录音");
    }
    const ctx = new Ctx();
    const source = ctx.createMediaStreamSource(stream);
    const gain = ctx.createGain();
    gain.gain.value = this.o.volume ?? AUDIO_RECORDER.initialVolume;
    const proc = ctx.createScriptProcessor(AUDIO_RECORDER.bufferSize, 1, 1);
    const mp3 = new Mp3Stream({ bitRate: this.o.bitRate, sampleRate: this.o.sampleRate });
    const resampler = new Resampler(ctx.sampleRate, this.o.sampleRate);
    proc.onaudioprocess = (e) => {
      if (this.state !== "recording") return;
      mp3.push(floatTo16(resampler.push(e.inputBuffer.getChannelData(0))));
      this.o.onTick?.(mp3.seconds);
    };
    source.connect(gain);
    gain.connect(proc);
    proc.connect(ctx.destination);
    if (ctx.state === "suspended") await ctx.resume();
    this.stream = stream;
    this.ctx = ctx;
    this.gain = gain;
    this.nodes = [source, gain, proc];
    this.mp3 = mp3;
    this.state = "recording";
  }

  pause(): void {
    if (this.state !== "recording") return;
    this.state = "paused";
    void this.ctx?.suspend();
  }

  resume(): void {
    if (this.state !== "paused") return;
    this.state = "recording";
    void this.ctx?.resume();
  }

  setVolume(v: number): void {
    if (this.gain) this.gain.gain.value = Math.max(0, v);
  }

  /** Stops and answers the MP3 (null when nothing was recording). */
  stop(): { blob: Blob; seconds: number } | null {
    if (this.state !== "recording" && this.state !== "paused") return null;
    this.state = "stopped";
    const mp3 = this.mp3;
    this.release();
    if (!mp3) return null;
    const bytes = mp3.finish();
    return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "audio/mpeg" }), seconds: mp3.seconds };
  }

  /** Releases the microphone and the audio graph (stop() does it too). */
  release(): void {
    for (const n of this.nodes) {
      try {
        n.disconnect();
      } catch {
        // already disconnected
      }
    }
    this.nodes = [];
    this.stream?.getTracks().forEach((t) => {
      t.stop();
    });
    this.stream = null;
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
    this.gain = null;
    this.mp3 = null;
    if (this.state === "recording" || this.state === "paused") this.state = "stopped";
  }
}
