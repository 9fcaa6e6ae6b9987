import { ReloadOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CALLS, type EquipmentRow, type SupervisionRow } from "@yanke/protocol";
import { App, Badge, Button, Calendar, Select, Spin, Table, Typography, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useState } from "react";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { StatusSwitch } from "../../admin/common";
import { SchoolSelect, useAllSchools } from "../../admin/pickers";
import { usePermission } from "../../rbac/usePermission";
import { recordApi } from "./record-api";
import { clockOf, durationOf, minutesText, splitBatch } from "./record-view";
import { PlayLink, StatusTag } from "./SupervisionTab";

/** Tab 全天录制: the devices with their all-day switch, and the month calendar of all-day recordings. */
export function AllDayTab() {
  const can = usePermission();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const schools = useAllSchools();
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [month, setMonth] = useState<string>(() => dayjs().format("YYYY-MM"));
  const [calendarDevice, setCalendarDevice] = useState<number | undefined>(undefined);
  const canSet = can(CALLS.allDaySet);

  const devices = useQuery({
    queryKey: ["record", "allday-devices", schoolId ?? 0],
    refetchInterval: 10_000,
    queryFn: () => recordApi.devices(schoolId ? { school_id: schoolId } : {}),
  });
  const rows = devices.data ?? [];
  const date = day.format("YYYY-MM-DD");
  const scope = { ...(schoolId ? { school_id: schoolId } : {}), ...(calendarDevice ? { equipment_id: calendarDevice } : {}) };
  // The day's hourly parts; its `devices` (without a device filter) are the switched-on ones.
  const today = useQuery({
    queryKey: ["record", "allday", "on", schoolId ?? 0],
    refetchInterval: 10_000,
    queryFn: () => recordApi.allDay(schoolId ? { school_id: schoolId } : {}),
  });
  const on = new Set((today.data?.devices ?? []).filter((d) => d.all_day === 1).map((d) => d.equipment_id));
  const status = useQuery({
    queryKey: ["record", "allday", "month", month, scope],
    refetchInterval: 30_000,
    queryFn: () => recordApi.allDayStatus({ month, ...scope }),
  });
  const detail = new Map((status.data?.detail ?? []).map((d) => [d.date, d]));
  const parts = useQuery({
    queryKey: ["record", "allday", "day", date, scope],
    refetchInterval: (q) => ((q.state.data?.list ?? []).some((r) => r.transcribe_status <= 1) ? 5_000 : false),
    queryFn: () => recordApi.allDay({ date, ...scope }),
  });
  const list = parts.data?.list ?? [];
  const refresh = () => void qc.invalidateQueries({ queryKey: ["record"] });

  const setAllDay = async (ids: number[], next: number): Promise<boolean> => {
    try {
      const s = splitBatch(await recordApi.allDaySet(ids, next));
      if (s.failed.length) {
        const name = (id: number) => rows.find((r) => r.id === id)?.position ?? `#${id}`;
        modal.warning({
          title: `${s.ok.length} 台已${next ? "开启" : "关闭"}，${s.failed.length} 台未设置`,
          content: (
            <ul data-testid="allday-failed" style={{ paddingInlineStart: 18, margin: 0 }}>
              {s.failed.map((f) => (
                <li key={f.id}>
                  {name(f.id)}：{f.msg}
                </li>
              ))}
            </ul>
          ),
          okText: "我知道了",
        });
      } else toast.success(ids.length > 1 ? `已${next ? "开启" : "关闭"} ${s.ok.length} 台设备的全天录制` : next ? "已开启全天录制" : "已关闭全天录制");
      refresh();
      return s.ok.length > 0;
    } catch {
      return false;
    }
  };
  const batch = (next: number) => {
    const ids = [...selected];
    if (next) return void setAllDay(ids, 1);
    modal.confirm({
      title: "关闭全天录制",
      content: `确定关闭选中的 ${ids.length} 台设备的全天录制吗？正在录制的这一小时会立即结束并生成录像。`,
      okText: "关闭",
      cancelText: "取消",
      okButtonProps: { "data-testid": "allday-batch-off-ok" },
      onOk: () => setAllDay(ids, 0),
    });
  };

  const small = { fontSize: 12 } as const;
  const columns: TableColumnsType<EquipmentRow> = [
    {
      title: "设备位置",
      dataIndex: "position",
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          <span data-testid="allday-row-position">{v}</span>
          <div className="yk-muted yk-mono" style={small}>
            {r.code}
          </div>
        </div>
      ),
    },
    {
      title: schools.length > 1 ? "学校 / 班级" : "班级",
      dataIndex: "new_class_name",
      width: 150,
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {schools.length > 1 ? <div style={small}>{r.school_name}</div> : null}
          <span>{v || "未绑定班级"}</span>
        </div>
      ),
    },
    {
      title: "状态",
      dataIndex: "heartbeat_state",
      width: 120,
      render: (v: number, r) => (
        <div style={small}>
          <Badge status={v === 1 ? "success" : "default"} text={v === 1 ? "在线" : "离线"} />
          <div>{r.liveStreamStatus === 1 ? <Badge color="red" text="推流中" /> : <span className="yk-muted">未推流</span>}</div>
        </div>
      ),
    },
    {
      title: "全天录制",
      key: "all_day",
      width: 96,
      render: (_, r) => {
        const v = on.has(r.id) ? 1 : 0;
        return (
          <StatusSwitch
            key={`${r.id}-${v}`}
            testId="allday-switch"
            value={v}
            on="开"
            off="关"
            disabled={!canSet}
            onToggle={async (next) => {
              if (!(await setAllDay([r.id], next))) throw new Error("refused");
            }}
          />
        );
      },
    },
  ];

  const n = selected.length;
  const dayTotal = detail.get(date);
  return (
    <div className="yk-record-allday" data-testid="allday-tab">
      <div className="yk-record-allday-devices">
        <div className="yk-filter-bar">
          {schools.length > 1 ? <SchoolSelect testId="allday-school" width={180} value={schoolId} onChange={(v) => setSchoolId(v)} /> : null}
          {canSet ? (
            <>
              <Button type="primary" disabled={!n} onClick={() => batch(1)} data-testid="allday-batch-on">
                批量开启{n ? `（${n}）` : ""}
              </Button>
              <Button disabled={!n} onClick={() => batch(0)} data-testid="allday-batch-off">
                批量关闭{n ? `（${n}）` : ""}
              </Button>
            </>
          ) : null}
          <div className="yk-topbar-spacer" />
          <Typography.Text type="secondary" data-testid="allday-on-count">
            {on.size} 台已开启全天录制
          </Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="allday-refresh">
            刷新
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
          开启后，设备推流期间按整点分段录制（每小时一段，教师与学生双机位），录像归开启人所有；关闭时结束当前这一小时的录制。
        </Typography.Paragraph>
        <Table<EquipmentRow>
          rowKey="id"
          size="small"
          data-testid="allday-table"
          loading={devices.isLoading || today.isLoading}
          columns={columns}
          dataSource={rows}
          onRow={(r) => ({ "data-testid": "allday-row", "data-id": r.id }) as React.HTMLAttributes<HTMLTableRowElement>}
          locale={{ emptyText: <EmptyState compact text="还没有录播设备，请先在“设备管理”中登记" /> }}
          rowSelection={canSet ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
          pagination={rows.length > 10 ? { pageSize: 10, size: "small", showTotal: (t) => `共 ${t} 台` } : false}
        />
      </div>
      <div className="yk-record-allday-calendar" data-testid="allday-calendar" data-month={month}>
        <div className="yk-record-hours-head" style={{ marginTop: 4 }}>
          <span>录像日历</span>
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder="全部设备"
            value={calendarDevice}
            onChange={(v: number | undefined) => setCalendarDevice(v)}
            options={rows.map((d) => ({ value: d.id, label: d.position }))}
            style={{ width: 200, fontWeight: 400 }}
            size="small"
            data-testid="allday-calendar-device"
          />
        </div>
        <Calendar
          fullscreen={false}
          value={day}
          onSelect={(d) => setDay(d)}
          onPanelChange={(d) => setMonth(d.format("YYYY-MM"))}
          fullCellRender={(current, info) => {
            if (info.type !== "date") return info.originNode;
            const key = current.format("YYYY-MM-DD");
            const has = detail.get(key);
            return (
              <div
                className={`ant-picker-cell-inner yk-record-day${has ? " has-record" : ""}`}
                data-testid="allday-day"
                data-date={key}
                data-has={has ? 1 : 0}
                title={has ? `${has.count} 段录像，${minutesText(has.minutes)}` : undefined}
              >
                {current.date()}
                {has ? <span className="yk-record-day-dot" /> : null}
              </div>
            );
          }}
        />
        <div className="yk-record-hours" data-testid="allday-hours" data-date={date}>
          <div className="yk-record-hours-head">
            <span>{day.format("M月D日")} 全天录像</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
              {dayTotal
                ? `${dayTotal.count} 段 · ${minutesText(dayTotal.minutes)}`
                : status.data?.days.length
                  ? `本月 ${status.data.days.length} 天有录像`
                  : "本月暂无录像"}
            </Typography.Text>
          </div>
          {parts.isLoading ? (
            <Spin size="small" style={{ display: "block", padding: 16 }} />
          ) : list.length === 0 ? (
            <EmptyState compact text="当天没有全天录像" />
          ) : (
            <div style={{ maxHeight: 260, overflowY: "auto" }}>
              {list.map((r: SupervisionRow) => (
                <div className="yk-record-hour" key={r.id} data-testid="allday-hour" data-id={r.id}>
                  <span className="yk-record-hour-time">
                    {clockOf(r.start_date)}–{clockOf(r.end_date)}
                  </span>
                  <span className="yk-record-hour-name" title={`${r.position} ${durationOf(r, Date.now())}`}>
                    {r.position || r.class_name}
                  </span>
                  <StatusTag row={r} />
                  <PlayLink videoId={r.video_id} testId="allday-play" />
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
