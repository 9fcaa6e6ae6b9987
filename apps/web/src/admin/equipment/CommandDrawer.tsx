import { ReloadOutlined, SyncOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { CALLS, CAMERAS, COMMAND_ACK_TIMEOUT_SECONDS, type EquipmentCommandRow, type EquipmentRow } from "@yanke/protocol";
import { Badge, Button, Drawer, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useEffect, useRef, useState, type HTMLAttributes } from "react";
import { toast } from "../../api/toast";
import { usePermission } from "../../rbac/usePermission";
import { FIRST_PAGE, tablePagination, type PageState } from "../common";
import { equipmentApi } from "./equipment-api";
import { COMMAND_STATUS_COLORS, commandPayloadText, deviceName, hasPending, mayResend, singleOutcome } from "./equipment-view";

/** A later time of the same day as its command: the clock time only. */
const sameDay = (t: string, ref: string) => (t.slice(0, 10) === ref.slice(0, 10) ? t.slice(11) : t.slice(5));

/** How often the list is read again while a command is queued or delivered. */
export const COMMAND_POLL_MS = 2000;

/** The call that sends a command like `c` again, or undefined when the caller may not (or it cannot be re-sent). */
function resender(c: EquipmentCommandRow, device: EquipmentRow, can: (path: string) => boolean): (() => Promise<unknown>) | undefined {
  const p = c.payload ?? {};
  const id = { id: device.id };
  switch (c.type) {
    case "restart":
      return can(CALLS.equipmentRestart) ? () => equipmentApi.restart(id) : undefined;
    case "allupload":
      return can(CALLS.equipmentAllUpload) ? () => equipmentApi.allUpload(id) : undefined;
    case "sync":
      return can(CALLS.equipmentSendSync) ? () => equipmentApi.sendSync(id) : undefined;
    case "tour":
      return can(CALLS.equipmentTour) ? () => equipmentApi.tour(id, p.on ? 1 : 0) : undefined;
    case "record_start":
    case "record_stop":
      return can(CALLS.equipmentIsRecord) ? () => equipmentApi.isRecord(id, c.type === "record_start" ? 1 : 0) : undefined;
    case "change_class":
      return can(CALLS.equipmentChangeClass) ? () => equipmentApi.changeClass(device.id, Number(p.class_id) || 0) : undefined;
    case "upgrade":
      if (!can(CALLS.equipmentSendUpgrade) || typeof p.url !== "string" || typeof p.sha256 !== "string") return undefined;
      // A registry package (signed /files address, which expires): sent again by its version, freshly signed.
      if (/^\/files\/\d+\?.*sig=/.test(p.url) && typeof p.version === "string" && p.version) {
        const version = p.version;
        return () => equipmentApi.sendUpgrade(id, { version });
      }
      return () =>
        equipmentApi.sendUpgrade(id, {
          ...(typeof p.version === "string" && p.version ? { version: p.version } : {}),
          url: p.url as string,
          sha256: p.sha256 as string,
        });
    case "push_start":
      return () =>
        equipmentApi.pushStart(
          device.code,
          CAMERAS.find((c) => c === p.camera),
        );
    case "push_stop":
      return () =>
        equipmentApi.pushStop(
          device.code,
          CAMERAS.find((c) => c === p.camera),
        );
    default:
      return undefined;
  }
}

/**
 * 命令记录: the commands sent to one device, newest first, with their status (待下发 → 已下发 → 已完成 / 失败 /
 * 超时) and the device's result. Read again every 2 s while any shown is still queued or delivered; a failed or
 * timed-out command may be sent again.
 */
export function CommandDrawer({ device, onClose }: { device: EquipmentRow | null; onClose: () => void }) {
  const can = usePermission();
  const qc = useQueryClient();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [resending, setResending] = useState<number | null>(null);
  const id = device?.id ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger: another device's commands start on the first page.
  useEffect(() => setPaging(FIRST_PAGE), [id]);
  const q = useQuery({
    queryKey: ["equipment-commands", id, paging],
    enabled: device !== null,
    placeholderData: keepPreviousData,
    queryFn: () => equipmentApi.commands(id, paging.page, paging.limit),
    refetchInterval: (query) => (hasPending(query.state.data?.list ?? []) ? COMMAND_POLL_MS : false),
  });
  const rows = q.data?.list ?? [];
  const polling = hasPending(rows);
  // Once the last pending command is done, the device row (class, tour, version …) is read again.
  const wasPolling = useRef(false);
  useEffect(() => {
    if (wasPolling.current && !polling) void qc.invalidateQueries({ queryKey: ["equipment", "page"] });
    wasPolling.current = polling;
  }, [polling, qc]);

  const resend = async (c: EquipmentCommandRow) => {
    if (!device) return;
    const send = resender(c, device, can);
    if (!send) return;
    setResending(c.id);
    try {
      const answer = await send();
      const o = Array.isArray(answer) ? singleOutcome(answer, c.type_name) : { type: "success" as const, text: `${c.type_name}：命令已下发` };
      toast[o.type](o.text);
      setPaging((p) => ({ ...p, page: 1 }));
      void qc.invalidateQueries({ queryKey: ["equipment-commands", id] });
    } catch {
      /* shown by the API client */
    } finally {
      setResending(null);
    }
  };

  return (
    <Drawer
      title={
        <Space size={8}>
          <span>命令记录</span>
          {device ? <Typography.Text type="secondary">{deviceName(device)}</Typography.Text> : null}
        </Space>
      }
      open={device !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      data-testid="device-commands-drawer"
      extra={
        <Space>
          {polling ? (
            <Tag icon={<SyncOutlined spin />} color="processing" bordered={false} data-testid="device-commands-polling">
              等待设备执行，自动刷新中
            </Tag>
          ) : null}
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} loading={q.isFetching && !polling} onClick={() => void q.refetch()} data-testid="device-commands-refresh" />
          </Tooltip>
        </Space>
      }
    >
      {device ? (
        <Space orientation="vertical" size={12} style={{ width: "100%" }}>
          <Space size={16} wrap>
            <Badge status={device.heartbeat_state === 1 ? "success" : "default"} text={device.heartbeat_state === 1 ? "在线" : "离线"} />
            <span className="yk-muted">最后心跳：{device.last_heartbeat_at || "从未连接"}</span>
            <span className="yk-muted">命令在设备下次心跳时下发，{COMMAND_ACK_TIMEOUT_SECONDS} 秒内未确认记为超时。</span>
          </Space>
          <Table<EquipmentCommandRow>
            rowKey="id"
            size="small"
            data-testid="device-commands-table"
            dataSource={rows}
            loading={q.isLoading}
            locale={{ emptyText: "还没有向该设备发送过命令" }}
            pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
            onRow={(r) => ({ "data-status": r.status, "data-type": r.type }) as HTMLAttributes<HTMLElement>}
            columns={[
              { title: "编号", dataIndex: "id", width: 56 },
              {
                title: "命令",
                dataIndex: "type_name",
                width: 120,
                render: (v: string, r) => {
                  const detail = commandPayloadText(r.type, r.payload);
                  return (
                    <div>
                      <b>{v}</b>
                      {detail ? (
                        <div className="yk-muted" style={{ fontSize: 12, wordBreak: "break-all" }}>
                          {detail}
                        </div>
                      ) : null}
                    </div>
                  );
                },
              },
              {
                title: "状态",
                dataIndex: "status",
                width: 92,
                render: (v: EquipmentCommandRow["status"], r) => (
                  <Tag
                    color={COMMAND_STATUS_COLORS[v]}
                    icon={v === "queued" || v === "delivered" ? <SyncOutlined spin /> : undefined}
                    data-testid="device-command-status"
                  >
                    {r.status_name}
                  </Tag>
                ),
              },
              {
                title: "执行结果",
                dataIndex: "result",
                render: (v: string, r) =>
                  v ? (
                    <Typography.Text type={r.status === "failed" ? "danger" : undefined} data-testid="device-command-result">
                      {v}
                    </Typography.Text>
                  ) : (
                    <span className="yk-muted">—</span>
                  ),
              },
              { title: "发起人", dataIndex: "created_by_name", width: 90, render: (v: string) => v || <span className="yk-muted">系统</span> },
              {
                title: "时间",
                key: "times",
                width: 150,
                render: (_, r) => (
                  <div style={{ fontSize: 12, lineHeight: 1.6, whiteSpace: "nowrap" }}>
                    <div title={r.created_at}>发起 {r.created_at.slice(5)}</div>
                    {r.delivered_at ? (
                      <div className="yk-muted" title={r.delivered_at}>
                        下发 {sameDay(r.delivered_at, r.created_at)}
                      </div>
                    ) : null}
                    {r.acked_at ? (
                      <div className="yk-muted" title={r.acked_at}>
                        {r.status === "timeout" ? "超时" : "确认"} {sameDay(r.acked_at, r.created_at)}
                      </div>
                    ) : null}
                  </div>
                ),
              },
              ...(rows.some((r) => mayResend(r) && resender(r, device, can))
                ? [
                    {
                      title: "操作",
                      key: "op",
                      width: 84,
                      render: (_: unknown, r: EquipmentCommandRow) =>
                        mayResend(r) && resender(r, device, can) ? (
                          <Button type="link" size="small" loading={resending === r.id} onClick={() => void resend(r)} data-testid="device-command-resend">
                            重新发送
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
