/**
 * A bar of the video's length under the player with a mark at each time-stamped discussion message (orange) and voice
 * comment (green); clicking a mark seeks the player to it. The blue line is where the player is.
 */
import { Tooltip } from "antd";
import { useMemo } from "react";
import { clock } from "../../pages/video/source";
import { timelineMarks } from "./listen-rules";

export interface TimedItem {
  id: string;
  time: number | null;
  label: string;
  kind: "message" | "voice";
}

export function TimelineMarks({ items, duration, current, onSeek }: { items: TimedItem[]; duration: number; current: number; onSeek: (t: number) => void }) {
  const messages = useMemo(
    () =>
      timelineMarks(
        items.filter((i) => i.kind === "message"),
        duration,
      ),
    [items, duration],
  );
  const voices = useMemo(
    () =>
      timelineMarks(
        items.filter((i) => i.kind === "voice"),
        duration,
      ),
    [items, duration],
  );
  const ticks = duration > 0 ? [0, 0.25, 0.5, 0.75, 1].map((f) => f * duration) : [];
  return (
    <div className="yk-precise-marks" data-testid="precise-marks" data-duration={duration}>
      {duration > 0 ? <div className="yk-precise-now" style={{ left: `${Math.min(100, (current / duration) * 100)}%` }} /> : null}
      {[...messages.map((m) => ({ m, kind: "message" as const })), ...voices.map((m) => ({ m, kind: "voice" as const }))].map(({ m, kind }) => (
        <Tooltip
          key={`${kind}-${m.ids.join(",")}`}
          title={
            <div>
              <b>{clock(m.time)}</b> {kind === "voice" ? "语音点评" : "研讨"}
              {m.labels.slice(0, 5).map((l, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the labels in one tooltip are a fixed list (texts may repeat), never reordered.
                  key={i}
                  style={{ maxWidth: 260, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                >
                  {l}
                </div>
              ))}
              {m.labels.length > 5 ? <div>…共 {m.labels.length} 条</div> : null}
            </div>
          }
        >
          <button
            type="button"
            className={`yk-precise-mark${kind === "voice" ? " voice" : ""}`}
            style={{ left: `${m.left}%` }}
            onClick={() => onSeek(m.time)}
            data-testid={kind === "voice" ? "precise-voice-mark" : "precise-mark"}
            data-time={m.time}
            aria-label={`跳到 ${clock(m.time)}`}
          >
            {m.count > 1 ? m.count : ""}
          </button>
        </Tooltip>
      ))}
      <div className="yk-precise-ticks">
        {ticks.map((t) => (
          <span key={t} style={{ left: `${(t / duration) * 100}%` }}>
            {clock(t)}
          </span>
        ))}
      </div>
    </div>
  );
}
