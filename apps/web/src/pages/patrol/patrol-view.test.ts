import type { EquipmentRow } from "@yanke/protocol";
import { describe, expect, it } from "vitest";
import {
  allListPayload,
  clampPage,
  keepStableUrls,
  nextPage,
  noSignalText,
  pageAfterLayout,
  pageCount,
  pageTiles,
  patrolCounts,
  shownCamera,
  signedExpiry,
  streamPath,
} from "./patrol-view";

const NOW = 1_800_000_000_000;
const exp = (offsetS: number) => Math.floor(NOW / 1000) + offsetS;
const signed = (path: string, e: number, sig = "s") => `${path}?exp=${e}&sig=${sig}`;

function row(id: number, over: Partial<EquipmentRow> = {}): EquipmentRow {
  const live = over.liveStreamStatus ?? 1;
  const e = exp(6 * 3600);
  return {
    id,
    code: `YK-0000000${id}`,
    position: `${id}号教室`,
    producer: "",
    host_ip: "",
    school_id: 1,
    school_name: "银川市第一中学",
    new_class_id: 0,
    new_class_name: "",
    area_id: 640104,
    teacherStreamUrl: live ? signed(`/live/${id}/teacher/index.m3u8`, e) : "",
    studentStreamUrl: live ? signed(`/live/${id}/student/index.m3u8`, e) : "",
    liveStream_url: live ? signed(`/live/${id}/teacher/index.m3u8`, e) : "",
    teacherFlvUrl: live ? signed(`/live/${id}/teacher.flv`, e) : "",
    studentFlvUrl: live ? signed(`/live/${id}/student.flv`, e) : "",
    remarks: "",
    is_record: 1,
    heartbeat_state: 1,
    heartbeat_state_name: "在线",
    status: 1,
    liveStreamStatus: live,
    is_tour: 0,
    version: "",
    target_version: "",
    state: "",
    pushing: { teacher: Boolean(live), student: Boolean(live) },
    recording: false,
    last_heartbeat_at: "",
    created_at: "",
    updated_at: "",
    ...over,
  } as EquipmentRow;
}

/** The same row as the server answers it a moment later: every address signed again (a new exp and signature). */
function resigned(r: EquipmentRow, e = exp(6 * 3600 + 10)): EquipmentRow {
  const re = (u: string) => (u ? signed(streamPath(u), e, "t") : "");
  return {
    ...r,
    teacherStreamUrl: re(r.teacherStreamUrl),
    studentStreamUrl: re(r.studentStreamUrl),
    liveStream_url: re(r.liveStream_url),
    teacherFlvUrl: re(r.teacherFlvUrl),
    studentFlvUrl: re(r.studentFlvUrl),
    last_heartbeat_at: "2026-01-01 08:00:10",
  };
}

describe("stream addresses", () => {
  it("compares paths without the query and reads the signature's expiry", () => {
    expect(streamPath("/live/7/teacher/index.m3u8?exp=1&sig=x")).toBe("/live/7/teacher/index.m3u8");
    expect(streamPath("/live/7/teacher.flv")).toBe("/live/7/teacher.flv");
    expect(streamPath(undefined)).toBe("");
    expect(signedExpiry("/live/7/teacher.flv?exp=1700000000&sig=x")).toBe(1_700_000_000_000);
    expect(signedExpiry("/live/7/teacher.flv")).toBeNull();
  });
});

describe("keepStableUrls", () => {
  it("keeps the previous signed address while the stream stays the same (the player is not restarted)", () => {
    const first = row(1);
    const prev = new Map([[1, first]]);
    const [next] = keepStableUrls(prev, [resigned(first)], NOW);
    expect(next!.teacherStreamUrl).toBe(first.teacherStreamUrl);
    expect(next!.studentFlvUrl).toBe(first.studentFlvUrl);
    // Everything else comes from the new read.
    expect(next!.last_heartbeat_at).toBe("2026-01-01 08:00:10");
  });

  it("takes the new address when liveStreamStatus changed, the path changed, or the camera stopped", () => {
    const first = row(1);
    const prev = new Map([[1, first]]);
    const wentAway = keepStableUrls(prev, [row(1, { liveStreamStatus: 0 })], NOW)[0]!;
    expect(wentAway.teacherStreamUrl).toBe("");

    const offline = new Map([[1, row(1, { liveStreamStatus: 0 })]]);
    const back = resigned(first);
    expect(keepStableUrls(offline, [back], NOW)[0]!.teacherStreamUrl).toBe(back.teacherStreamUrl);

    const moved = { ...resigned(first), teacherStreamUrl: signed("/live/1/teacher/other.m3u8", exp(7 * 3600)) };
    expect(keepStableUrls(prev, [moved], NOW)[0]!.teacherStreamUrl).toBe(moved.teacherStreamUrl);

    const studentStopped = { ...resigned(first), studentStreamUrl: "", studentFlvUrl: "" };
    const out = keepStableUrls(prev, [studentStopped], NOW)[0]!;
    expect(out.studentStreamUrl).toBe("");
    expect(out.teacherStreamUrl).toBe(first.teacherStreamUrl);
  });

  it("re-signs an address about to expire and one whose player failed", () => {
    const soon = row(1, { teacherStreamUrl: signed("/live/1/teacher/index.m3u8", exp(60)) });
    const fresh = resigned(soon);
    expect(keepStableUrls(new Map([[1, soon]]), [fresh], NOW)[0]!.teacherStreamUrl).toBe(fresh.teacherStreamUrl);

    const first = row(2);
    const failed = new Set(["2:studentStreamUrl"]);
    const out = keepStableUrls(new Map([[2, first]]), [resigned(first)], NOW, (id, f) => failed.delete(`${id}:${f}`))[0]!;
    expect(out.studentStreamUrl).not.toBe(first.studentStreamUrl);
    expect(out.teacherStreamUrl).toBe(first.teacherStreamUrl);
    expect(failed.size).toBe(0);
  });

  it("answers a new device's row as it came", () => {
    const r = row(3);
    expect(keepStableUrls(new Map(), [r], NOW)[0]).toBe(r);
  });
});

describe("tiles, pages and the tour", () => {
  it("pages the tiles and loops back to the first page", () => {
    const rows = [1, 2, 3, 4, 5].map((id) => row(id));
    expect(pageCount(5, 4)).toBe(2);
    expect(pageCount(0, 9)).toBe(1);
    expect(pageTiles(rows, 2, 4).map((r) => r.id)).toEqual([5]);
    expect(pageTiles(rows, 9, 4).map((r) => r.id)).toEqual([5]);
    expect(nextPage(1, 2)).toBe(2);
    expect(nextPage(2, 2)).toBe(1);
    expect(nextPage(1, 1)).toBe(1);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(7, 3)).toBe(3);
    // 2×2 page 3 starts with tile 9, which a 3×3 grid shows on page 1; 1×1 on page 9.
    expect(pageAfterLayout(3, 4, 9)).toBe(1);
    expect(pageAfterLayout(3, 4, 1)).toBe(9);
  });

  it("counts patrol devices (巡课 and online) from the list", () => {
    const rows = [row(1, { is_tour: 1 }), row(2, { is_tour: 1, heartbeat_state: 0, liveStreamStatus: 0 }), row(3)];
    expect(patrolCounts(rows)).toEqual({ total: 3, online: 2, live: 2, patrol: 1 });
  });

  it("shows the chosen camera while it publishes, else the other one", () => {
    const r = row(1, { studentStreamUrl: "", studentFlvUrl: "" });
    expect(shownCamera(r, "student")).toBe("teacher");
    expect(shownCamera(row(1), "student")).toBe("student");
    expect(shownCamera(row(1, { liveStreamStatus: 0 }), "student")).toBe("student");
  });

  it("says why a tile has no picture", () => {
    expect(noSignalText(row(1, { status: 0 }), "teacher")).toBe("设备已停用");
    expect(noSignalText(row(1, { heartbeat_state: 0, liveStreamStatus: 0 }), "teacher")).toBe("设备离线");
    expect(noSignalText(row(1, { liveStreamStatus: 0 }), "teacher")).toBe("设备在线，未推流");
    expect(noSignalText(row(1), "student")).toBe("学生机位暂无直播信号");
  });

  it("sends is_tour only when 仅巡课设备 is on", () => {
    expect(allListPayload({ tourOnly: false })).toEqual({});
    expect(allListPayload({ school_id: 4, tourOnly: true })).toEqual({ school_id: 4, is_tour: 1 });
  });
});
