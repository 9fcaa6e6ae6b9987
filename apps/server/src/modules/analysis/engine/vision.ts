/** Behaviour from sampled frames: frame difference motion, teacher position, heatmap (docs/analysis-method.md §Behaviour). OWNER: engine-media helper. */
import type { BehaviorSection, Unavailable } from "@yanke/protocol";

/** Samples a frame every `interval` seconds (small greyscale frames via ffmpeg); Unavailable when there is no video stream. */
export async function analyseFrames(ffmpeg: string, file: string, opts: { interval: number; duration: number; signal?: AbortSignal }): Promise<(BehaviorSection & { available: true }) | Unavailable> {
  void ffmpeg; void file; void opts;
  throw new Error("not implemented");
}
