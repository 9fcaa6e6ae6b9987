import { describe, expect, it } from "vitest";
import { guessStreamKind, resolveUrl } from "./stream-kind";

describe("guessStreamKind", () => {
  it("reads the path, not the signature", () => {
    expect(guessStreamKind("/live/7/teacher/index.m3u8?exp=1&sig=abc")).toBe("hls");
    expect(guessStreamKind("/live/7/teacher.flv?exp=1&sig=x.m3u8")).toBe("flv");
    expect(guessStreamKind("https://cdn.example.com/a/B.FLV#t=3")).toBe("flv");
    expect(guessStreamKind("/live/7/student/index.m3u8")).toBe("hls");
  });
  it("takes an unknown address as HLS", () => {
    expect(guessStreamKind("/stream/7")).toBe("hls");
  });
});

describe("resolveUrl", () => {
  it("resolves site paths against the page and keeps absolute addresses", () => {
    expect(resolveUrl("/live/1/teacher.flv?sig=a", "http://host:8080/#/basic/device")).toBe("http://host:8080/live/1/teacher.flv?sig=a");
    expect(resolveUrl("https://x.example/a.flv", "http://host/")).toBe("https://x.example/a.flv");
  });
});
