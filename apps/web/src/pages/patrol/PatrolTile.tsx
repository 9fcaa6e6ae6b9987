import { ExpandOutlined } from "@ant-design/icons";
import type { EquipmentRow } from "@yanke/protocol";
import { Segmented, Tooltip } from "antd";
import { memo } from "react";
import { LivePlayer } from "../../components/player";
import { CAMERA_NAMES, cameraUrl, hasCamera, noSignalText, schoolClass, shownCamera, type Camera } from "./patrol-view";

export interface PatrolTileProps {
  row: EquipmentRow;
  /** The camera chosen for this tile (teacher by default). */
  camera: Camera;
  onCamera: (id: number, camera: Camera) => void;
  onEnlarge: (id: number) => void;
  /** The player failed for good: the next list read gives it a freshly signed address. */
  onPlayerError: (id: number, camera: Camera) => void;
}

/** One classroom of the patrol grid: the chosen camera (muted HLS), its place, school and class, online and live. */
export const PatrolTile = memo(function PatrolTile({ row, camera, onCamera, onEnlarge, onPlayerError }: PatrolTileProps) {
  const cam = shownCamera(row, camera);
  const src = cameraUrl(row, cam, "hls");
  const online = row.heartbeat_state === 1;
  const live = row.liveStreamStatus === 1;
  return (
    <div
      className={`yk-patrol-tile${live ? " is-live" : ""}`}
      data-testid="patrol-tile"
      data-id={row.id}
      data-code={row.code}
      data-camera={cam}
      data-online={online ? 1 : 0}
      data-live={live ? 1 : 0}
      data-src={src}
    >
      <div className="yk-patrol-tile-head">
        <div className="yk-patrol-tile-name">
          <div className="yk-patrol-tile-line">
            <b title={row.position} data-testid="patrol-tile-position">
              {row.position}
            </b>
            <span className={`yk-patrol-badge${online ? " is-online" : ""}`} data-testid="patrol-tile-online">
              <i className="yk-patrol-dot" />
              {online ? "在线" : "离线"}
            </span>
            {live ? (
              <span className="yk-patrol-badge is-live" data-testid="patrol-tile-live">
                <i className="yk-patrol-dot" />
                直播中
              </span>
            ) : null}
            {row.is_tour === 1 ? (
              <span className="yk-patrol-badge is-tour" data-testid="patrol-tile-tour">
                巡课
              </span>
            ) : null}
          </div>
          <span className="yk-muted yk-patrol-tile-school" title={schoolClass(row)} data-testid="patrol-tile-school">
            {schoolClass(row)}
          </span>
        </div>
        <Segmented<Camera>
          size="small"
          value={cam}
          onChange={(v) => onCamera(row.id, v)}
          options={[
            { value: "teacher", label: "教师", disabled: !hasCamera(row, "teacher") },
            { value: "student", label: "学生", disabled: !hasCamera(row, "student") },
          ]}
          data-testid="patrol-tile-camera"
        />
      </div>
      <div
        className="yk-patrol-tile-body"
        role="button"
        tabIndex={0}
        aria-label={`放大查看 ${row.position}`}
        onClick={() => onEnlarge(row.id)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onEnlarge(row.id);
          }
        }}
        data-testid="patrol-tile-body"
      >
        <LivePlayer
          src={src}
          kind="hls"
          muted
          controls={false}
          testId="patrol-tile-player"
          emptyText={noSignalText(row, cam)}
          onError={() => onPlayerError(row.id, cam)}
        />
        {live ? <div className="yk-patrol-caption">{CAMERA_NAMES[cam]}</div> : null}
        <Tooltip title="放大查看两个机位">
          <span className="yk-patrol-expand" aria-hidden="true">
            <ExpandOutlined />
          </span>
        </Tooltip>
      </div>
    </div>
  );
});
