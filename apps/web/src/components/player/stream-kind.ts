/** Which player a live address needs (pure; unit-tested in stream-kind.test.ts). */
export type StreamKind = "hls" | "flv";

/**
 * The kind of a playback address from its path: `.flv` → HTTP-FLV (mpegts.js), `.m3u8` → HLS; anything else is
 * taken as HLS (the equipment list's default addresses). The query string (a signed address) and the fragment are
 * ignored.
 */
export function guessStreamKind(src: string): StreamKind {
  const path = src.split(/[?#]/, 1)[0]?.toLowerCase() ?? "";
  if (path.endsWith(".flv")) return "flv";
  return "hls";
}

/** The MIME type browsers answer canPlayType for when they play HLS themselves (Safari, iOS, some Chrome builds). */
export const HLS_MIME = "application/vnd.apple.mpegurl";

/** An absolute address (mpegts.js loads through fetch/XHR workers: resolve site paths against the page). */
export function resolveUrl(src: string, base: string): string {
  try {
    return new URL(src, base).toString();
  } catch {
    return src;
  }
}
