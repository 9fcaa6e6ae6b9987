import { VideoCameraOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Badge, Button, Tooltip } from "antd";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { call } from "../api/client";
import { findMenuByPath } from "../menu/menu";
import { setState, useAppState } from "../session/store";

const PATROL_PATH = "/device/live";

/**
 * The patrol count of the top bar (c073 getPatrolNum, kept in the app state as patrolCount): classrooms on patrol and
 * online, with how many push now; a click opens 直播巡课. Shown only to users whose menu holds 直播巡课.
 */
export function PatrolBadge() {
  const navigate = useNavigate();
  const menus = useAppState((s) => s.menus);
  const allowed = Boolean(findMenuByPath(menus, PATROL_PATH));
  const q = useQuery({
    queryKey: ["patrolNum"],
    queryFn: () => call(calls.patrolNum, {}, { quiet: true }),
    enabled: allowed,
    refetchInterval: 30_000,
  });
  useEffect(() => {
    if (q.data) setState({ patrolCount: q.data.num });
  }, [q.data]);
  if (!allowed || !q.data) return null;
  return (
    <Tooltip title={`巡课设备在线 ${q.data.num} 台，其中 ${q.data.live} 台正在直播`} placement="bottom">
      <Button type="text" onClick={() => navigate(PATROL_PATH)} data-testid="patrol-badge" data-num={q.data.num} data-live={q.data.live} aria-label="直播巡课">
        <Badge count={q.data.live} size="small" offset={[6, -2]} color="#f5222d" showZero={false}>
          <VideoCameraOutlined />
        </Badge>
        <span className="yk-patrol-badge-text">巡课 {q.data.num}</span>
      </Button>
    </Tooltip>
  );
}
