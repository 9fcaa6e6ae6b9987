import { DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined, SearchOutlined, VideoCameraOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { CALLS, RECORD_TYPE_NAMES, TRANSCRIBE_STATUS_NAMES, type EquipmentRow, type SupervisionRow } from "@yanke/protocol";
import { Alert, App, Button, DatePicker, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { FIRST_PAGE, tablePagination, type PageState } from "../../admin/common";
import { SchoolSelect, useAllSchools, useClasses, useDefaultSchool } from "../../admin/pickers";
import { usePermission } from "../../rbac/usePermission";
import { recordApi } from "./record-api";
import { FlowLiveDrawer } from "../../research/live/FlowLiveDrawer";
import {
  BLANK_FILTERS,
  durationOf,
  filterPayload,
  hasFilters,
  IDLE_REFRESH_MS,
  LIVE_REFRESH_MS,
  needsRefresh,
  splitBatch,
  STATUS_COLORS,
  type SupervisionFilters,
} from "./record-view";

/** The status tag: 录制中 pulses; a failure says why. */
export function StatusTag({ row }: { row: Pick<SupervisionRow, "transcribe_status" | "transcribe_status_name" | "error"> }) {
  const name = row.transcribe_status_name || TRANSCRIBE_STATUS_NAMES[row.transcribe_status] || "未知";
  if (row.transcribe_status === 0)
    return (
      <Tag color="red" className="yk-record-live-tag" data-testid="record-status" data-value={0}>
        <span className="yk-record-dot" />
        {name}
      </Tag>
    );
  const tag = (
    <Tag color={STATUS_COLORS[row.transcribe_status] ?? "default"} data-testid="record-status" data-value={row.transcribe_status}>
      {name}
    </Tag>
  );
  return row.transcribe_status === 3 && row.error ? <Tooltip title={row.error}>{tag}</Tooltip> : tag;
}

/** The play link of a recording whose video is made (opens /playVideo in a new tab). */
export function PlayLink({ videoId, testId = "record-play" }: { videoId: number; testId?: string }) {
  return videoId > 0 ? (
    <a href={`#/playVideo?id=${videoId}`} target="_blank" rel="noreferrer" data-testid={testId}>
      <PlayCircleOutlined /> 播放
    </a>
  ) : (
    <Typography.Text type="secondary" data-testid={`${testId}-none`}>
      播放
    </Typography.Text>
  );
}

const deviceLabel = (d: EquipmentRow) => `${d.position}${d.new_class_name ? ` · ${d.new_class_name}` : ""}`;

/** 手动录制: start or stop a manual recording (c127) of an online device now. */
function ManualRecord({ devices, recordingIds, onDone }: { devices: EquipmentRow[]; recordingIds: ReadonlySet<number>; onDone: () => void }) {
  const [deviceId, setDeviceId] = useState<number | undefined>(undefined);
  const [course, setCourse] = useState("");
  const [busy, setBusy] = useState<"start" | "stop" | null>(null);
  const [result, setResult] = useState<{ type: "success" | "error"; text: string } | null>(null);
  const online = devices.filter((d) => d.heartbeat_state === 1);
  const chosen = online.find((d) => d.id === deviceId);
  // A device that went offline leaves the picker.
  useEffect(() => {
    if (deviceId !== undefined && devices.length && !online.some((d) => d.id === deviceId)) setDeviceId(undefined);
  }, [devices, deviceId, online]);

  const send = async (status: 0 | 1) => {
    if (!chosen) return;
    setBusy(status ? "start" : "stop");
    setResult(null);
    try {
      const name = course.trim();
      const a = await recordApi.startOrStop({ equipment_id: chosen.id, status, ...(status && name ? { course_name: name } : {}) });
      const text = status
        ? `「${chosen.position}」已开始录制（录制编号 ${a.record_id}），最长录制 120 分钟`
        : `「${chosen.position}」已停止录制，录像处理完成后即可播放`;
      setResult({ type: "success", text });
      toast.success(status ? "已开始录制" : "已停止录制");
      if (status) setCourse("");
      onDone();
    } catch (e) {
      setResult({ type: "error", text: e instanceof ApiError || e instanceof Error ? e.message : "操作失败" });
    } finally {
      setBusy(null);
    }
  };

  const isRecording = chosen ? recordingIds.has(chosen.id) : false;
  return (
    <div className="yk-record-manual" data-testid="manual-record">
      <span className="yk-record-manual-title">
        <VideoCameraOutlined /> 手动录制
      </span>
      <Select
        showSearch={{ optionFilterProp: "label" }}
        allowClear
        placeholder={online.length ? "选择在线设备" : "暂无在线设备"}
        value={deviceId}
        onChange={(v: number | undefined) => {
          setDeviceId(v);
          setResult(null);
        }}
        style={{ width: 260 }}
        data-testid="manual-device"
        notFoundContent="暂无在线设备"
        options={online.map((d) => ({
          value: d.id,
          label: deviceLabel(d),
          title: deviceLabel(d),
        }))}
        optionRender={(o) => {
          const d = online.find((x) => x.id === o.value);
          return (
            <span style={{ display: "flex", justifyContent: "space-between", gap: 8 }} data-testid="manual-device-option">
              <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{o.label}</span>
              {d && recordingIds.has(d.id) ? (
                <Tag color="red" bordered={false}>
                  录制中
                </Tag>
              ) : d?.liveStreamStatus === 1 ? (
                <Tag color="green" bordered={false}>
                  推流中
                </Tag>
              ) : (
                <Tag bordered={false}>未推流</Tag>
              )}
            </span>
          );
        }}
      />
      <Input
        placeholder="课程名称（选填）"
        value={course}
        maxLength={100}
        onChange={(e) => setCourse(e.target.value)}
        style={{ width: 220 }}
        data-testid="manual-course"
        disabled={isRecording}
      />
      <Button
        type="primary"
        icon={<PlayCircleOutlined />}
        disabled={!chosen || isRecording}
        loading={busy === "start"}
        onClick={() => void send(1)}
        data-testid="manual-start"
      >
        开始录制
      </Button>
      <Button
        danger
        icon={<PauseCircleOutlined />}
        disabled={!chosen || !isRecording}
        loading={busy === "stop"}
        onClick={() => void send(0)}
        data-testid="manual-stop"
      >
        停止录制
      </Button>
      {chosen ? (
        <Typography.Text type="secondary" data-testid="manual-device-state">
          {isRecording ? "该设备正在录制" : chosen.liveStreamStatus === 1 ? "设备正在推流，可以开始录制" : "设备未推流，需先开始推流才能录制"}
        </Typography.Text>
      ) : null}
      {result ? (
        <Alert
          className="yk-record-manual-result"
          type={result.type}
          showIcon
          closable
          onClose={() => setResult(null)}
          message={result.text}
          data-testid="manual-result"
          data-type={result.type}
        />
      ) : null}
    </div>
  );
}

/** Tab 录制监管: the recordings (c126) with filters, play, delete; 手动录制 on top. */
export function SupervisionTab() {
  const can = usePermission();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<SupervisionFilters>(BLANK_FILTERS);
  const [filters, setFilters] = useState<SupervisionFilters>(BLANK_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [now, setNow] = useState(() => Date.now());
  // 实时 S-T of a lesson being recorded (#10, c154).
  const [flow, setFlow] = useState<SupervisionRow | null>(null);
  const schools = useAllSchools();
  const ownSchool = useDefaultSchool();
  const classes = useClasses(draft.school_id ?? ownSchool);

  const devices = useQuery({
    queryKey: ["record", "devices"],
    refetchInterval: 10_000,
    queryFn: () => recordApi.devices({}),
  });
  const deviceRows = devices.data ?? [];
  // What records now, whatever the filters (the manual panel and the refresh need it).
  const active = useQuery({
    queryKey: ["record", "active"],
    // Often while something records, else now and then (a timetable slot may start by itself).
    refetchInterval: (q) => ((q.state.data?.list.length ?? 0) > 0 ? LIVE_REFRESH_MS : IDLE_REFRESH_MS),
    queryFn: () => recordApi.supervision({ page: 1, limit: 100, transcribe_status: 0 }),
  });
  const activeRows = active.data?.list ?? [];
  const recordingIds = new Set(activeRows.map((r) => r.equipment_id));

  const list = useQuery({
    queryKey: ["record", "supervision", paging, filters],
    placeholderData: keepPreviousData,
    queryFn: () => recordApi.supervision({ page: paging.page, limit: paging.limit, ...filterPayload(filters) }),
    refetchInterval: (q) => (needsRefresh(q.state.data?.list ?? []) || activeRows.length > 0 ? LIVE_REFRESH_MS : false),
  });
  const rows = list.data?.list ?? [];
  const live = needsRefresh(rows) || activeRows.length > 0;
  // The 时长 of a recording in progress counts up.
  useEffect(() => {
    if (!rows.some((r) => r.transcribe_status === 0)) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [rows]);

  const refresh = () => void qc.invalidateQueries({ queryKey: ["record"] });
  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
    refresh();
  };
  const reset = () => {
    setDraft(BLANK_FILTERS);
    setFilters(BLANK_FILTERS);
    setPaging(FIRST_PAGE);
  };

  const remove = (ids: number[], what: string) =>
    modal.confirm({
      title: "删除录制记录",
      content: `确定删除${what}吗？录像视频和文件一并删除，删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "record-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          const s = splitBatch(await recordApi.remove(ids));
          setSelected((cur) => cur.filter((id) => !s.ok.includes(id)));
          if (s.failed.length) {
            const name = (id: number) => rows.find((r) => r.id === id)?.course_name ?? `#${id}`;
            modal.warning({
              title: s.ok.length ? `已删除 ${s.ok.length} 条，${s.failed.length} 条未删除` : "未能删除",
              content: (
                <ul data-testid="record-delete-failed" style={{ paddingInlineStart: 18, margin: 0 }}>
                  {s.failed.map((f) => (
                    <li key={f.id}>
                      {name(f.id)}：{f.msg || "删除失败"}
                    </li>
                  ))}
                </ul>
              ),
              okText: "我知道了",
            });
          } else toast.success(`已删除 ${s.ok.length} 条录制记录`);
          if (rows.length <= s.ok.length && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const stop = (r: SupervisionRow) =>
    modal.confirm({
      title: "停止录制",
      content: `确定停止录制「${r.course_name}」吗？已录制的内容会生成录像。`,
      okText: "停止录制",
      okButtonProps: { danger: true, "data-testid": "record-stop-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await recordApi.startOrStop({ equipment_id: r.equipment_id, status: 0 });
          toast.success("已停止录制");
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const retry = async (r: SupervisionRow) => {
    try {
      await recordApi.retry(r.id);
      toast.success(`「${r.course_name}」已重新开始处理`);
      refresh();
    } catch {
      /* shown by the API client */
    }
  };

  const manySchools = schools.length > 1 || new Set(rows.map((r) => r.school_id)).size > 1;
  const canDelete = can(CALLS.supervisionDelete);
  const canStop = can(CALLS.supervisionStartOrStop);
  const canRetry = can(CALLS.supervisionRetry);
  const small = { fontSize: 12 } as const;
  const columns: TableColumnsType<SupervisionRow> = [
    {
      title: "课程名称",
      dataIndex: "course_name",
      width: 200,
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden" }}>
          <Tooltip title={v}>
            <div style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} data-testid="record-row-course">
              {v}
            </div>
          </Tooltip>
          <div className="yk-muted" style={small}>
            {r.account_name || "—"}
          </div>
        </div>
      ),
    },
    {
      title: manySchools ? "学校 / 班级 / 设备" : "班级 / 设备",
      dataIndex: "class_name",
      width: 170,
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {manySchools ? <div style={small}>{r.school_name}</div> : null}
          <div>{v || "未绑定班级"}</div>
          <div className="yk-muted" style={small} data-testid="record-row-device">
            {r.position || `设备 #${r.equipment_id}`}
          </div>
        </div>
      ),
    },
    {
      title: "类型",
      dataIndex: "record_type",
      width: 92,
      render: (v: number, r) => (
        <Tag bordered={false} color={v === 2 ? "blue" : v === 3 ? "purple" : v === 4 ? "cyan" : "green"} data-testid="record-row-type">
          {r.record_type_name || RECORD_TYPE_NAMES[v] || "—"}
        </Tag>
      ),
    },
    {
      title: "开始 / 结束",
      dataIndex: "start_date",
      width: 150,
      render: (v: string, r) => (
        <div style={small}>
          <div>{v}</div>
          <div className="yk-muted">{r.transcribe_status === 0 ? `计划至 ${r.end_date.slice(11, 16)}` : r.end_date}</div>
        </div>
      ),
    },
    {
      title: "时长",
      dataIndex: "duration",
      width: 80,
      render: (_: number, r) => (
        <span className="yk-mono" data-testid="record-row-duration">
          {durationOf(r, now)}
        </span>
      ),
    },
    {
      title: "状态",
      dataIndex: "transcribe_status",
      width: 96,
      render: (_: number, r) => (
        <div>
          <StatusTag row={r} />
          {r.note ? (
            <Tooltip title={r.note}>
              <div className="yk-muted" style={{ ...small, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: 84 }}>
                {r.note}
              </div>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    {
      title: "机位",
      dataIndex: "capturing",
      width: 104,
      render: (v: SupervisionRow["capturing"], r) =>
        r.transcribe_status === 0 ? (
          <Tooltip title={v.length ? "正在采集的机位" : "设备推流中断，恢复后继续录制"}>
            <span className="yk-record-cams" data-testid="record-row-cams" data-value={v.join(",")}>
              <span className={`yk-record-cam${v.includes("teacher") ? " is-on" : ""}`}>教师</span>
              <span className={`yk-record-cam${v.includes("student") ? " is-on" : ""}`}>学生</span>
            </span>
          </Tooltip>
        ) : (
          <span className="yk-muted" style={small}>
            {r.record_type === 1 || r.record_type === 4 ? "按课表" : "双机位"}
          </span>
        ),
    },
    {
      title: "操作",
      key: "op",
      width: 196,
      fixed: "right",
      render: (_, r) => (
        <Space size={10} className="yk-row-actions">
          {r.transcribe_status === 0 ? (
            <a onClick={() => setFlow(r)} data-testid="record-flowlive">
              实时分析
            </a>
          ) : null}
          {r.transcribe_status === 0 && canStop ? (
            <a className="yk-danger-link" onClick={() => stop(r)} data-testid="record-stop">
              停止
            </a>
          ) : r.transcribe_status === 3 && canRetry ? (
            <Tooltip title={r.error ? `失败原因：${r.error}。释放空间或排除问题后可重新处理` : "用保留的录像片段重新合成"}>
              <a onClick={() => void retry(r)} data-testid="record-retry">
                重新处理
              </a>
            </Tooltip>
          ) : (
            <PlayLink videoId={r.video_id} />
          )}
          {canDelete ? (
            r.transcribe_status <= 1 ? (
              <Tooltip title={r.transcribe_status === 0 ? "正在录制，请先停止录制" : "正在处理录像，请稍后再删除"}>
                <Typography.Text type="secondary" data-testid="record-delete-disabled">
                  删除
                </Typography.Text>
              </Tooltip>
            ) : (
              <a className="yk-danger-link" onClick={() => remove([r.id], `「${r.course_name}」`)} data-testid="record-delete">
                删除
              </a>
            )
          ) : null}
        </Space>
      ),
    },
  ];

  const n = selected.length;
  const setRange = (v: [Dayjs | null, Dayjs | null] | null) =>
    setDraft((d) => ({ ...d, range: v?.[0] && v[1] ? [v[0].format("YYYY-MM-DD"), v[1].format("YYYY-MM-DD")] : undefined }));

  return (
    <div data-testid="supervision-tab" data-live={live ? 1 : 0}>
      {canStop ? <ManualRecord devices={deviceRows} recordingIds={recordingIds} onDone={refresh} /> : null}
      <div className="yk-filter-bar">
        {schools.length > 1 ? (
          <SchoolSelect
            testId="record-search-school"
            width={170}
            value={draft.school_id}
            onChange={(v) => setDraft((d) => ({ ...d, school_id: v, class_id: undefined }))}
          />
        ) : null}
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder="班级"
          value={draft.class_id}
          onChange={(v: number | undefined) => setDraft((d) => ({ ...d, class_id: v }))}
          options={classes}
          notFoundContent={(draft.school_id ?? ownSchool) ? "暂无班级" : "请先选择学校"}
          style={{ width: 128 }}
          data-testid="record-search-class"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder="设备"
          value={draft.equipment_id}
          onChange={(v: number | undefined) => setDraft((d) => ({ ...d, equipment_id: v }))}
          options={deviceRows.filter((d) => !draft.school_id || d.school_id === draft.school_id).map((d) => ({ value: d.id, label: deviceLabel(d) }))}
          style={{ width: 150 }}
          data-testid="record-search-device"
        />
        <Select
          allowClear
          placeholder="录制类型"
          value={draft.record_type}
          onChange={(v: number | undefined) => setDraft((d) => ({ ...d, record_type: v }))}
          options={Object.entries(RECORD_TYPE_NAMES).map(([k, v]) => ({ value: Number(k), label: v }))}
          style={{ width: 104 }}
          data-testid="record-search-type"
        />
        <Select
          allowClear
          placeholder="处理状态"
          value={draft.transcribe_status}
          onChange={(v: number | undefined) => setDraft((d) => ({ ...d, transcribe_status: v }))}
          options={Object.entries(TRANSCRIBE_STATUS_NAMES).map(([k, v]) => ({ value: Number(k), label: v }))}
          style={{ width: 104 }}
          data-testid="record-search-status"
        />
        <Input
          allowClear
          placeholder="课程名称"
          value={draft.course_name}
          maxLength={60}
          onChange={(e) => setDraft((d) => ({ ...d, course_name: e.target.value }))}
          onPressEnter={search}
          style={{ width: 120 }}
          data-testid="record-search-course"
        />
        <DatePicker.RangePicker
          placeholder={["开始日期", "结束日期"]}
          onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
          style={{ width: 224 }}
          data-testid="record-search-range"
          key={draft.range ? "range" : "no-range"}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="record-search">
          查询
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset} data-testid="record-search-reset">
          重置
        </Button>
      </div>
      <div className="yk-filter-bar">
        {canDelete ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!n}
            onClick={() => remove([...selected], `选中的 ${n} 条录制记录`)}
            data-testid="record-batch-delete"
          >
            批量删除{n ? `（${n}）` : ""}
          </Button>
        ) : null}
        {activeRows.length ? (
          <Tag color="red" bordered={false} className="yk-record-live-tag" data-testid="record-live-count">
            <span className="yk-record-dot" />
            {activeRows.length} 路正在录制 · 每 {LIVE_REFRESH_MS / 1000} 秒自动刷新
          </Tag>
        ) : null}
        <div className="yk-topbar-spacer" />
        {n ? (
          <Typography.Text type="secondary">
            已选 {n} 条 <a onClick={() => setSelected([])}>清除</a>
          </Typography.Text>
        ) : null}
        <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="record-refresh">
          刷新
        </Button>
      </div>
      <Table<SupervisionRow>
        rowKey="id"
        size="small"
        data-testid="record-table"
        loading={list.isFetching && !list.isRefetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1020 }}
        rowClassName={(r) => (r.transcribe_status === 0 ? "yk-record-row-live" : "")}
        onRow={(r) => ({ "data-testid": "record-row", "data-id": r.id, "data-status": r.transcribe_status }) as React.HTMLAttributes<HTMLTableRowElement>}
        locale={{
          emptyText: <EmptyState compact text={hasFilters(filters) ? "没有符合条件的录制记录" : "还没有录制记录：按课表自动录制，或在上方手动录制"} />,
        }}
        rowSelection={
          canDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r) => ({ disabled: r.transcribe_status <= 1 }),
              }
            : undefined
        }
        pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
      />
      <FlowLiveDrawer recordingId={flow?.id ?? null} title={flow?.course_name ?? ""} onClose={() => setFlow(null)} />
    </div>
  );
}
