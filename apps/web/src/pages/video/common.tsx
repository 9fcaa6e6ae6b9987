import { calls, type VideoCamera, type VideoRow } from "@yanke/protocol";
import { useQuery } from "@tanstack/react-query";
import { Descriptions, Tag } from "antd";
import { useEffect, useState, type RefObject } from "react";
import { call } from "../../api/client";
import { clock } from "./source";

/** One video with its playback addresses; polled while it is still being processed. */
export function useVideo(id: number, share?: string) {
  return useQuery({
    queryKey: ["video", id, share ?? ""],
    queryFn: () => (share !== undefined ? call(calls.myVideoShared, { id, token: share }) : call(calls.myVideoRead, { id })),
    enabled: id > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === "processing" ? 3000 : false),
  });
}

export interface Playback {
  current: number;
  duration: number;
  buffered: number;
  paused: boolean;
  muted: boolean;
}

/** The state of a <video> element, followed through its events. */
export function usePlayback(ref: RefObject<HTMLVideoElement | null>, key: unknown): Playback {
  const [s, setS] = useState<Playback>({ current: 0, duration: 0, buffered: 0, paused: true, muted: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger: a new source (camera) is followed from its first events.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const b = el.buffered.length ? el.buffered.end(el.buffered.length - 1) : 0;
      setS({ current: el.currentTime, duration: Number.isFinite(el.duration) ? el.duration : 0, buffered: b, paused: el.paused, muted: el.muted });
    };
    const events = ["timeupdate", "durationchange", "loadedmetadata", "play", "pause", "progress", "seeking", "volumechange", "ended"];
    for (const e of events) el.addEventListener(e, read);
    read();
    return () => {
      for (const e of events) el.removeEventListener(e, read);
    };
  }, [ref, key]);
  return s;
}

/** Sprite frame height: 160 px wide frames keep the video's aspect (even heights, as ffmpeg's scale=160:-2). */
export function frameHeightOf(el: HTMLVideoElement | null): number {
  if (!el?.videoWidth || !el.videoHeight) return 90;
  return Math.round((160 * el.videoHeight) / el.videoWidth / 2) * 2;
}

export function cameraOf(v: VideoRow | undefined, key: string | null): VideoCamera | undefined {
  if (!v) return undefined;
  return v.cameras.find((c) => c.camera === key) ?? v.cameras[0];
}

/** Title, teacher, school, grade / subject, date and length of a video. */
export function VideoInfo({ video, column = 4 }: { video: VideoRow; column?: number }) {
  return (
    <Descriptions
      size="small"
      column={column}
      data-testid="video-info"
      items={[
        { key: "teacher", label: "授课教师", children: video.account_name || "—" },
        { key: "school", label: "学校", children: video.school_name || "—" },
        {
          key: "class",
          label: "年级学科",
          children: [video.period_name, video.grade_name, video.subject_name].filter(Boolean).join(" · ") || "—",
        },
        { key: "date", label: "日期", children: video.created_at ? video.created_at.slice(0, 16) : "—" },
        { key: "duration", label: "时长", children: clock(video.duration) },
        { key: "source", label: "来源", children: <Tag>{video.source === "recording" ? "课堂录制" : "上传"}</Tag> },
      ]}
    />
  );
}
