/** Decoding, voice activity, speaker roles (docs/analysis-method.md §Audio). OWNER: engine-media helper. */
import type { SpeechSegment } from "@yanke/protocol";

export interface DecodedAudio {
  sampleRate: number;
  /** mono samples −1…1 */
  pcm: Float32Array;
  duration: number;
}

/** ffmpeg → 16 kHz mono PCM; null when the file has no audio track. Throws with a Chinese message when ffmpeg fails. */
export async function decodeAudio(ffmpeg: string, file: string, signal?: AbortSignal): Promise<DecodedAudio | null> {
  void ffmpeg; void file; void signal;
  throw new Error("not implemented");
}

/** Speech regions by short-time energy with an adaptive noise floor (hangover, minimum lengths). */
export function detectSpeech(audio: DecodedAudio): Array<{ start: number; end: number }> {
  void audio;
  throw new Error("not implemented");
}

/** Teacher or student per region: pitch and loudness features, two clusters, the teacher = the dominant cluster. */
export function assignRoles(audio: DecodedAudio, regions: ReadonlyArray<{ start: number; end: number }>): SpeechSegment[] {
  void audio; void regions;
  throw new Error("not implemented");
}
