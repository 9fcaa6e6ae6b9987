import { describe, expect, it } from "vitest";
import { createPlaybackSigner } from "./playback-signer.js";

describe("playback signer", () => {
  let t = 1_700_000_000_000;
  const signer = createPlaybackSigner({ secret: "s", ttlSeconds: 60, now: () => t });

  it("one signature covers the camera's playlist, segments and FLV", () => {
    const url = signer.sign("/live/7/teacher/index.m3u8");
    expect(url).toMatch(/^\/live\/7\/teacher\/index\.m3u8\?exp=\d+&sig=[\w-]{32}$/);
    const q = url.slice(url.indexOf("?"));
    expect(signer.verify(url)).toBe(true);
    expect(signer.verify(`/live/7/teacher/seg123.ts${q}`)).toBe(true);
    expect(signer.verify(`/live/7/teacher.flv${q}`)).toBe(true);
  });

  it("refuses another camera, another device, a changed expiry, another secret and an expired address", () => {
    const q = signer.sign("/live/7/teacher.flv").split("?")[1];
    expect(signer.verify(`/live/7/student.flv?${q}`)).toBe(false);
    expect(signer.verify(`/live/8/teacher.flv?${q}`)).toBe(false);
    expect(signer.verify(`/live/7/teacher.flv?${q.replace(/exp=(\d+)/, (_, e: string) => `exp=${Number(e) + 1}`)}`)).toBe(false);
    expect(createPlaybackSigner({ secret: "other", now: () => t }).verify(`/live/7/teacher.flv?${q}`)).toBe(false);
    expect(signer.verify("/live/7/teacher.flv")).toBe(false);
    t += 61_000;
    expect(signer.verify(`/live/7/teacher.flv?${q}`)).toBe(false);
  });

  it("leaves other paths alone", () => {
    expect(signer.sign("/files/3")).toBe("/files/3");
    expect(signer.verify("/files/3?exp=1&sig=x")).toBe(false);
  });
});
