import { describe, expect, it } from "vitest";
import { POSE_UNAVAILABLE, VISION_H, VISION_W, behaviourFromFrames, locate, motionShare, zoneOf } from "./vision.js";

/** a dark frame with a bright 6×16 figure centred at (cx, cy) in pixels; null: no figure */
function frame(cx: number | null, cy = 40): Uint8Array {
  const f = new Uint8Array(VISION_W * VISION_H).fill(40);
  if (cx === null) return f;
  for (let y = cy - 8; y < cy + 8; y++) for (let x = cx - 3; x < cx + 3; x++) f[y * VISION_W + x] = 220;
  return f;
}

describe("vision (pure parts)", () => {
  it("locates the bright blob's centre against the background, and nothing in an empty frame", () => {
    const bg = frame(null);
    const hit = locate(frame(80, 40), bg)!;
    expect(hit.x).toBeCloseTo(80 / VISION_W, 3);
    expect(hit.y).toBeCloseTo(40 / VISION_H, 3);
    expect(hit.size).toBe(96);
    expect(locate(bg, bg)).toBeNull();
  });

  it("motion is the changed share of the frame", () => {
    expect(motionShare(frame(null), frame(null))).toBe(0);
    expect(motionShare(frame(null), frame(50))).toBeCloseTo(96 / (VISION_W * VISION_H), 6);
  });

  it("zones by height: board above a third, front to 0.55, then among the students", () => {
    expect(zoneOf(0.2)).toBe("board");
    expect(zoneOf(0.45)).toBe("front");
    expect(zoneOf(0.8)).toBe("among_students");
  });

  it("tracks a figure walking left to right, holds short gaps, and builds heatmap, zones and movement", () => {
    // 20 samples 1 s apart: x from 20 to 134 px at y 40; samples 10–11 the figure is gone (held), 15–19 gone (dropped after 3)
    const frames: Uint8Array[] = [];
    for (let i = 0; i < 20; i++) frames.push(i === 10 || i === 11 || i >= 15 ? frame(null) : frame(20 + i * 6, 40));
    const b = behaviourFromFrames(frames, 1);
    expect(b.positions[0]!.x).toBeCloseTo(20 / VISION_W, 3);
    expect(b.positions[9]!.x).toBeCloseTo(74 / VISION_W, 3);
    expect(b.positions[10]!.x).toBe(b.positions[9]!.x);
    expect(b.positions[11]!.x).toBe(b.positions[9]!.x);
    expect(b.positions[12]!.x).toBeCloseTo(92 / VISION_W, 3);
    expect(b.positions.slice(15, 18).every((p) => p !== null)).toBe(true);
    expect(b.positions.slice(18)).toEqual([null, null]);
    const tracked = b.positions.filter(Boolean).length;
    expect(b.heatmap.cells.reduce((a, c) => a + c, 0)).toBe(tracked);
    expect(b.heatmap.cols * b.heatmap.rows).toBe(b.heatmap.cells.length);
    expect(b.zones).toEqual({ board: 0, front: 1, among_students: 0 });
    // 6 px a second = 6/160 frame widths a second = 2.25 frame widths a minute while walking
    expect(b.movement).toBeGreaterThan(1);
    expect(b.movement).toBeLessThan(2.5);
    expect(b.heads_up).toEqual({ available: false, reason: POSE_UNAVAILABLE });
  });
});
