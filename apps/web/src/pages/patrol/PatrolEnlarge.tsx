import type { EquipmentRow } from "@yanke/protocol";
import { Badge, Modal, Segmented, Space, Typography } from "antd";
import { useState } from "react";
import { LivePlayer } from "../../components/player";
import { CAMERA_NAMES, cameraUrl, noSignalText, schoolClass, type Camera, type Protocol } from "./patrol-view";

const CAMERAS: Camera[] = ["teacher", "student"];

/** A classroom enlarged: both cameras side by side (HLS, or low-latency HTTP-FLV), with sound controls. */
export function PatrolEnlarge({
  row,
  onClose,
  onPlayerError,
}: {
  row: EquipmentRow | null;
  onClose: () => void;
  onPlayerError: (id: number, camera: Camera, protocol: Protocol) => void;
}) {
  const [protocol, setProtocol] = useState<Protocol>("hls");
  const online = row?.heartbeat_state === 1;
  const live = row?.liveStreamStatus === 1;
  return (
    <Modal
      open={row !== null}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width="min(1320px, 96vw)"
      centered
      title={
        row ? (
          <div className="yk-patrol-modal-title">
            <span data-testid="patrol-enlarge-title">{row.position}</span>
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              {schoolClass(row)}
            </Typography.Text>
          </div>
        ) : null
      }
    >
      {row ? (
        <div data-testid="patrol-enlarge" data-id={row.id}>
          <Space className="yk-patrol-modal-bar" wrap>
            <Space size={12} wrap>
              <Badge status={online ? "success" : "default"} text={online ? "在线" : "离线"} />
              {live ? <Badge color="red" text="直播中" /> : <span className="yk-muted">未直播</span>}
              <span className="yk-muted yk-mono">{row.code}</span>
              {row.host_ip ? <span className="yk-muted yk-mono">{row.host_ip}</span> : null}
              {row.last_heartbeat_at ? <span className="yk-muted">最后心跳 {row.last_heartbeat_at}</span> : null}
            </Space>
            <Segmented<Protocol>
              value={protocol}
              onChange={setProtocol}
              options={[
                { value: "hls", label: "HLS" },
                { value: "flv", label: "低延迟 FLV" },
              ]}
              data-testid="patrol-enlarge-protocol"
            />
          </Space>
          <div className="yk-patrol-pair">
            {CAMERAS.map((cam) => (
              <div key={cam} className="yk-patrol-pair-cell">
                <div className="yk-patrol-pair-label">{CAMERA_NAMES[cam]}</div>
                <LivePlayer
                  src={cameraUrl(row, cam, protocol)}
                  kind={protocol}
                  muted
                  testId={`patrol-enlarge-${cam}`}
                  emptyText={noSignalText(row, cam)}
                  onError={() => onPlayerError(row.id, cam, protocol)}
                />
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
