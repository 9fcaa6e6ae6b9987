/**
 * The ffmpeg argument prefixes the media code shares: quiet, never reading the keyboard, and (for the live HLS
 * packager and the recorder's capture) an FLV stream on stdin copied without re-encoding.
 */

/** Global options of every ffmpeg we run: no banner, no keyboard, only errors on stderr (kept for messages). */
export const FFMPEG_QUIET = ["-hide_banner", "-nostdin", "-loglevel", "error"] as const;

/**
 * Input and codec options for a live FLV fed on stdin, copied (-c copy). `quickStart` shortens ffmpeg's stream
 * analysis (the FLV headers come first, so the default 5 s wait before writing is not needed).
 * -nostdin only stops ffmpeg reading the keyboard; pipe:0 is still the input.
 */
export function flvPipeCopy(opts: { quickStart?: boolean } = {}): string[] {
  return [...FFMPEG_QUIET, ...(opts.quickStart ? ["-analyzeduration", "1000000", "-probesize", "500000"] : []), "-f", "flv", "-i", "pipe:0", "-c", "copy"];
}
