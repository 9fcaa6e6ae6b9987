import { describe, expect, it } from "vitest";
import { clock, SYNC_SEEK_THRESHOLD, syncStep } from "./source";

describe("syncStep (the /playVideos follower)", () => {
  it("jumps to the leader past the threshold, either way", () => {
    expect(syncStep(10, 10 + SYNC_SEEK_THRESHOLD + 0.01)).toEqual({ seek: 10, rate: 1 });
    expect(syncStep(10, 9)).toEqual({ seek: 10, rate: 1 });
  });
  it("slows a follower that is ahead and speeds one that is behind, within ±10 %", () => {
    expect(syncStep(10, 10.05).rate).toBeCloseTo(0.95);
    expect(syncStep(10, 9.95).rate).toBeCloseTo(1.05);
    expect(syncStep(10, 10.25).rate).toBeCloseTo(0.9);
    expect(syncStep(10, 9.75).rate).toBeCloseTo(1.1);
    expect(syncStep(10, 10.2).seek).toBeUndefined();
  });
  it("leaves a tiny drift alone", () => {
    expect(syncStep(10, 10.02)).toEqual({ rate: 1 });
  });
});

describe("clock", () => {
  it("writes m:ss and h:mm:ss", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(75.9)).toBe("1:15");
    expect(clock(3725)).toBe("1:02:05");
    expect(clock(Number.NaN)).toBe("0:00");
  });
});
