import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Signed playback addresses for <video> elements (which cannot send the TOKEN header): `?exp=<unix s>&sig=<hmac>`
 * over the camera's scope `/live/<id>/<camera>`, so one signature covers its HLS playlist, its segments (the
 * playlist route carries the query onto them) and its .flv. The secret must stay on the server (APP_KEY does not:
 * browsers receive it): the server secret's "live" key (infra/server-secret.ts deriveKey); without one a random
 * secret per process, so signatures end with a restart.
 */
export interface PlaybackSigner {
  /** `/live/7/teacher/index.m3u8` → `/live/7/teacher/index.m3u8?exp=…&sig=…` (other paths are returned as they are). */
  sign(path: string): string;
  /** Whether a request URL (path and query) carries a valid, unexpired signature for its camera. */
  verify(url: string): boolean;
}

const SCOPE = /^\/live\/(\d{1,15})\/(teacher|student)(?:\.flv$|\/)/;

export function createPlaybackSigner(opts: { secret?: string | Buffer; ttlSeconds?: number; now?: () => number } = {}): PlaybackSigner {
  const secret = opts.secret ?? randomBytes(32);
  const ttl = opts.ttlSeconds ?? 6 * 3600;
  const now = opts.now ?? Date.now;
  const mac = (scope: string, exp: number) => createHmac("sha256", secret).update(`live:${scope}:${exp}`).digest("base64url").slice(0, 32);
  const scopeOf = (path: string) => {
    const m = SCOPE.exec(path);
    return m ? `/live/${m[1]}/${m[2]}` : undefined;
  };
  return {
    sign(path) {
      const scope = scopeOf(path);
      if (!scope) return path;
      const exp = Math.floor(now() / 1000) + ttl;
      return `${path}${path.includes("?") ? "&" : "?"}exp=${exp}&sig=${mac(scope, exp)}`;
    },
    verify(url) {
      const u = new URL(url, "http://x");
      const scope = scopeOf(u.pathname);
      const exp = u.searchParams.get("exp") ?? "";
      const sig = u.searchParams.get("sig") ?? "";
      if (!scope || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now()) return false;
      const want = Buffer.from(mac(scope, Number(exp)));
      const got = Buffer.from(sig);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
