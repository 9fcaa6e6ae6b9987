import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownOutlined,
  ExportOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  SyncOutlined,
  TagOutlined,
} from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { CALLS, type CommandQueued, type EquipmentRow } from "@yanke/protocol";
import { App, Badge, Button, Card, Dropdown, Input, Select, Space, Table, Tag, Tooltip, Typography, type MenuProps, type TableColumnsType } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "../../api/toast";
import { usePermission } from "../../rbac/usePermission";
import { FIRST_PAGE, StatusSwitch, tablePagination, useScreenTitle, type PageState } from "../common";
import { downloadFile } from "../files";
import { SchoolSelect, useAllSchools, useDefaultSchool } from "../pickers";
import { CommandDrawer } from "./CommandDrawer";
import { CredentialsDialog, type CredentialsView } from "./CredentialsDialog";
import { DeviceForm } from "./DeviceForm";
import { ChangeClassDialog, IpStatusDialog, PositionDialog, RemarksDialog, succeeded, TargetVersionDialog, UpgradeDialog, WatchDialog } from "./dialogs";
import { equipmentApi, type Targets } from "./equipment-api";
import { BLANK_FILTERS, deviceName, filterPayload, hasFilters, singleOutcome, summarizeQueued, type EquipmentFilters } from "./equipment-view";

/** The list is read again this often, so that 在线 / 直播 follow the devices. */
const LIST_REFRESH_MS = 10_000;

const FLAG_FILTERS: { key: "heartbeat_state" | "status" | "liveStreamStatus" | "is_tour"; placeholder: string; yes: string; no: string; width: number }[] = [
  { key: "heartbeat_state", placeholder: "在线状态", yes: "在线", no: "离线", width: 104 },
  { key: "status", placeholder: "启用状态", yes: "启用", no: "停用", width: 104 },
  { key: "liveStreamStatus", placeholder: "直播状态", yes: "直播中", no: "未直播", width: 104 },
  { key: "is_tour", placeholder: "巡课", yes: "巡课", no: "不巡课", width: 96 },
];

const TEXT_FILTERS: { key: "code" | "position" | "host_ip" | "producer" | "new_class_name"; placeholder: string; width: number }[] = [
  { key: "code", placeholder: "设备编码", width: 130 },
  { key: "position", placeholder: "设备位置", width: 140 },
  { key: "host_ip", placeholder: "IP 地址", width: 130 },
  { key: "producer", placeholder: "厂商", width: 110 },
  { key: "new_class_name", placeholder: "班级名称", width: 120 },
];

type Batch = { ids: number[]; one?: EquipmentRow };

/** 设备管理 (/basic/device): the classroom devices (录播主机) of the schools the caller administers (docs/api/equipment.md). */
export function DevicePage() {
  const title = useScreenTitle("设备管理");
  const can = usePermission();
  const qc = useQueryClient();
  const { modal: appModal } = App.useApp();
  // Dialogs opened from this screen close with it.
  const opened = useRef<{ destroy: () => void }[]>([]);
  useEffect(
    () => () => {
      opened.current.forEach((m) => {
        m.destroy();
      });
    },
    [],
  );
  const modal = {
    confirm: (c: Parameters<typeof appModal.confirm>[0]) => void opened.current.push(appModal.confirm(c)),
    warning: (c: Parameters<typeof appModal.warning>[0]) => void opened.current.push(appModal.warning(c)),
  };

  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<EquipmentFilters>(BLANK_FILTERS);
  const [filters, setFilters] = useState<EquipmentFilters>(BLANK_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [known, setKnown] = useState<Map<number, EquipmentRow>>(new Map());
  const [editing, setEditing] = useState<EquipmentRow | "new" | null>(null);
  const [credentials, setCredentials] = useState<CredentialsView | null>(null);
  const [commandsFor, setCommandsFor] = useState<number | null>(null);
  const [remarksFor, setRemarksFor] = useState<EquipmentRow | null>(null);
  const [positionFor, setPositionFor] = useState<EquipmentRow | null>(null);
  const [classFor, setClassFor] = useState<EquipmentRow | null>(null);
  const [ipFor, setIpFor] = useState<EquipmentRow | null>(null);
  const [watchFor, setWatchFor] = useState<EquipmentRow | null>(null);
  const [versionFor, setVersionFor] = useState<Batch | null>(null);
  const [upgradeFor, setUpgradeFor] = useState<Batch | null>(null);
  const [exporting, setExporting] = useState(false);

  const list = useQuery({
    queryKey: ["equipment", "page", paging, filters],
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    queryFn: async () => {
      const page = await equipmentApi.list({ page: paging.page, limit: paging.limit, ...filterPayload(filters) });
      setKnown((m) => {
        const next = new Map(m);
        for (const r of page.list) next.set(r.id, r);
        return next;
      });
      return page;
    },
  });
  const rows = list.data?.list ?? [];
  const schools = useAllSchools();
  const ownSchool = useDefaultSchool();
  const newSchool = filters.school_id ?? (schools.length === 1 ? schools[0]?.value : ownSchool);
  const refresh = () => void qc.invalidateQueries({ queryKey: ["equipment"] });
  const nameOf = (id: number) => {
    const r = known.get(id);
    return r ? deviceName(r) : `#${id}`;
  };

  // 查询 reads the list again even when the filters did not change (online states move on their own).
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

  /** The outcome of a command call: one device → a toast; several → a toast, or the refusals listed. */
  const report = (action: string, answer: CommandQueued[], opts: { queues?: boolean } = {}) => {
    const queues = opts.queues ?? true;
    const s = summarizeQueued(answer);
    if (answer.length <= 1) {
      // A call that only stores (设置目标版本) has no command to speak of.
      const o = queues || s.failed.length ? singleOutcome(answer, action) : { type: "success" as const, text: `${action}：已保存` };
      toast[o.type](o.text);
      return;
    }
    const savedOnly = s.ok.length - s.queued.length;
    const done = queues ? `已向 ${s.queued.length} 台设备下发${savedOnly ? `，${savedOnly} 台已停用只保存设置` : ""}` : `已保存 ${s.ok.length} 台`;
    if (!s.failed.length) {
      toast.success(`${action}：${done}`);
      return;
    }
    modal.warning({
      title: `${action}：${done}，${s.failed.length} 台未执行`,
      content: (
        <ul data-testid="device-batch-failed" style={{ paddingInlineStart: 18, margin: 0 }}>
          {s.failed.map((f) => (
            <li key={f.id}>
              {nameOf(f.id)}：{f.msg || "未执行"}
            </li>
          ))}
        </ul>
      ),
      okText: "我知道了",
    });
  };

  /** Runs a command call; true when the server took it (refusals are shown by the API client). */
  const command = async (action: string, p: Promise<CommandQueued[]>, opts?: { queues?: boolean }): Promise<boolean> => {
    try {
      report(action, await p, opts);
      refresh();
      void qc.invalidateQueries({ queryKey: ["equipment-commands"] });
      return true;
    } catch {
      return false;
    }
  };

  const confirmCommand = (action: string, r: EquipmentRow, content: string, send: (t: Targets) => Promise<CommandQueued[]>, testId: string) =>
    modal.confirm({
      title: `${action}设备`,
      content,
      okText: action,
      cancelText: "取消",
      okButtonProps: { "data-testid": `${testId}-ok` },
      onOk: () => command(action, send({ id: r.id })),
    });

  const restart = (r: EquipmentRow) =>
    confirmCommand(
      "重启",
      r,
      `确定重启设备「${deviceName(r)}」吗？正在进行的推流和录制会中断，设备重启后自动恢复连接。`,
      equipmentApi.restart,
      "device-restart",
    );

  const resetSecret = (r: EquipmentRow) =>
    modal.confirm({
      title: "重置设备密钥",
      content: `确定重置「${deviceName(r)}」的密钥吗？旧密钥和旧推流地址立即失效，设备需要重新配置后才能连接。`,
      okText: "重置",
      okButtonProps: { danger: true, "data-testid": "device-reset-secret-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          const c = await equipmentApi.resetSecret(r.id);
          setCredentials({ ...c, reason: "reset" });
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const removeOne = (r: EquipmentRow) =>
    modal.confirm({
      title: "删除设备",
      content: `确定删除设备「${deviceName(r)}」吗？它的命令记录和推流密钥一并删除，删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "device-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await equipmentApi.remove(r.id);
          toast.success("删除成功");
          setSelected((s) => s.filter((id) => id !== r.id));
          if (rows.length === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const batchDelete = () => {
    const ids = [...selected];
    modal.confirm({
      title: "批量删除",
      content: `确定删除选中的 ${ids.length} 台设备吗？它们的命令记录和推流密钥一并删除，删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "device-batch-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          const s = summarizeQueued(await equipmentApi.batchRemove(ids));
          setSelected((cur) => cur.filter((id) => !s.ok.some((o) => o.id === id)));
          if (s.failed.length)
            modal.warning({
              title: `已删除 ${s.ok.length} 台，${s.failed.length} 台未删除`,
              content: (
                <ul data-testid="device-batch-failed" style={{ paddingInlineStart: 18, margin: 0 }}>
                  {s.failed.map((f) => (
                    <li key={f.id}>
                      {nameOf(f.id)}：{f.msg || "删除失败"}
                    </li>
                  ))}
                </ul>
              ),
              okText: "我知道了",
            });
          else toast.success(`已删除 ${s.ok.length} 台设备`);
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });
  };

  const exportList = async () => {
    setExporting(true);
    try {
      downloadFile(await equipmentApi.exportList(selected.length ? { ids: selected } : filterPayload(filters)), "设备列表.xlsx");
      toast.success("导出成功");
    } catch {
      /* shown by the API client */
    } finally {
      setExporting(false);
    }
  };

  // -------------------------------------------------------------------------------------------------------
  // Row actions

  const more = (r: EquipmentRow): MenuProps["items"] => {
    const item = (key: string, label: string, path: string | null, extra: { danger?: boolean; disabled?: boolean } = {}) =>
      path === null || can(path) ? [{ key, label: <span data-testid={`device-action-${key}`}>{label}</span>, ...extra }] : [];
    return [
      ...item("remarks", "备注", CALLS.equipmentSetRemarks),
      ...item("position", "位置", CALLS.equipmentSetPosition),
      ...item("class", "更换班级", CALLS.equipmentChangeClass),
      ...item("sync", "同步", CALLS.equipmentSendSync),
      ...item("allupload", "全部上传", CALLS.equipmentAllUpload),
      ...item("ip", "在线检测", CALLS.equipmentIpStatus),
      ...item("version", "设置目标版本", CALLS.equipmentUpgradeVersion),
      ...item("upgrade", "下发升级", CALLS.equipmentSendUpgrade),
      ...item("watch", "观看直播", null, { disabled: r.liveStreamStatus !== 1 }),
      { type: "divider" as const },
      ...item("secret", "重置密钥", CALLS.equipmentResetSecret, { danger: true }),
      ...item("delete", "删除", CALLS.equipmentDelete, { danger: true }),
    ];
  };
  const act = (key: string, r: EquipmentRow) => {
    switch (key) {
      case "remarks":
        return setRemarksFor(r);
      case "position":
        return setPositionFor(r);
      case "class":
        return setClassFor(r);
      case "sync":
        return void command("同步", equipmentApi.sendSync({ id: r.id }));
      case "allupload":
        return void command("全部上传", equipmentApi.allUpload({ id: r.id }));
      case "ip":
        return setIpFor(r);
      case "version":
        return setVersionFor({ ids: [r.id], one: r });
      case "upgrade":
        return setUpgradeFor({ ids: [r.id], one: r });
      case "watch":
        return setWatchFor(r);
      case "secret":
        return resetSecret(r);
      case "delete":
        return removeOne(r);
    }
  };

  const manySchools = schools.length > 1 || new Set(rows.map((r) => r.school_id)).size > 1;
  const small = { fontSize: 12 } as const;
  const columns: TableColumnsType<EquipmentRow> = [
    {
      title: "设备编码 / 厂商",
      dataIndex: "code",
      width: 132,
      fixed: "left",
      render: (v: string, r) => (
        <div>
          <b className="yk-mono" data-testid="device-row-code">
            {v}
          </b>
          <div className="yk-muted" style={small} data-testid="device-row-producer">
            {r.producer || "厂商未填"}
          </div>
        </div>
      ),
    },
    {
      title: "设备位置",
      dataIndex: "position",
      width: 130,
      ellipsis: true,
      render: (v: string, r) => (
        <Tooltip title={r.remarks ? `备注：${r.remarks}` : undefined}>
          <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
            <span data-testid="device-row-position">{v}</span>
            {r.remarks ? (
              <div className="yk-muted" style={{ ...small, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                {r.remarks}
              </div>
            ) : null}
          </div>
        </Tooltip>
      ),
    },
    {
      title: manySchools ? "学校 / 班级" : "班级",
      dataIndex: "new_class_name",
      width: manySchools ? 150 : 110,
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {manySchools ? <div data-testid="device-row-school">{r.school_name}</div> : null}
          <span className={manySchools ? "yk-muted" : undefined} style={manySchools ? small : undefined} data-testid="device-row-class">
            {v || "未绑定班级"}
          </span>
        </div>
      ),
    },
    {
      title: "在线",
      dataIndex: "heartbeat_state",
      width: 136,
      render: (v: number, r) => (
        <div data-testid="device-row-online" data-value={v}>
          <Badge status={v === 1 ? "success" : "default"} text={v === 1 ? "在线" : "离线"} />
          <div className="yk-muted" style={small} title={r.last_heartbeat_at ? `最后心跳 ${r.last_heartbeat_at}` : undefined}>
            {r.last_heartbeat_at ? `心跳 ${r.last_heartbeat_at.slice(5)}` : "从未连接"}
          </div>
        </div>
      ),
    },
    {
      title: "直播",
      dataIndex: "liveStreamStatus",
      width: 78,
      render: (v: number, r) =>
        v === 1 ? (
          <div data-testid="device-row-live" data-value={1}>
            <Badge color="red" text="直播中" />
            <div style={small}>
              <a onClick={() => setWatchFor(r)} data-testid="device-watch">
                <EyeOutlined /> 观看
              </a>
            </div>
          </div>
        ) : (
          <span className="yk-muted" data-testid="device-row-live" data-value={0}>
            未直播
          </span>
        ),
    },
    {
      title: "IP / 版本",
      dataIndex: "host_ip",
      width: 128,
      render: (v: string, r) => (
        <div>
          {v ? <span className="yk-mono">{v}</span> : <span className="yk-muted">IP 未知</span>}
          <div style={small}>
            <span className={r.version ? undefined : "yk-muted"} data-testid="device-row-version">
              {r.version ? `v${r.version}` : "版本未上报"}
            </span>
            {r.target_version && r.target_version !== r.version ? (
              <Tooltip title="目标版本：下发升级后设备上报新版本">
                <Tag color="gold" bordered={false} style={{ marginInlineStart: 4, fontSize: 11, lineHeight: "16px" }}>
                  → {r.target_version}
                </Tag>
              </Tooltip>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      title: "巡课",
      dataIndex: "is_tour",
      width: 60,
      render: (v: number, r) => (
        <StatusSwitch
          key={`${r.id}-${v}`}
          testId="device-tour"
          value={v}
          on="是"
          off="否"
          disabled={!can(CALLS.equipmentTour)}
          onToggle={async (next) => {
            const ok = await command(next ? "加入巡课" : "退出巡课", equipmentApi.tour({ id: r.id }, next));
            if (!ok) throw new Error("refused");
          }}
        />
      ),
    },
    {
      title: "录制",
      dataIndex: "is_record",
      width: 60,
      render: (v: number, r) => (
        <StatusSwitch
          key={`${r.id}-${v}`}
          testId="device-record"
          value={v}
          on="是"
          off="否"
          disabled={!can(CALLS.equipmentIsRecord)}
          onToggle={async (next) => {
            const ok = await command(next ? "开启录制" : "关闭录制", equipmentApi.isRecord({ id: r.id }, next));
            if (!ok) throw new Error("refused");
          }}
        />
      ),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 76,
      render: (v: number, r) => (
        <StatusSwitch
          key={`${r.id}-${v}`}
          testId="device-status"
          value={v}
          off="停用"
          disabled={!can(CALLS.equipmentUpdate)}
          onToggle={async (next) => {
            await equipmentApi.update({ id: r.id, status: next });
            toast.success(next ? "已启用" : "已停用，设备的心跳和推流将被拒绝");
            refresh();
          }}
        />
      ),
    },
    {
      title: "操作",
      key: "op",
      width: 196,
      fixed: "right",
      render: (_, r) => (
        <Space size={2} className="yk-row-actions">
          {can(CALLS.equipmentUpdate) ? (
            <a onClick={() => setEditing(r)} data-testid="device-edit">
              编辑
            </a>
          ) : null}
          {can(CALLS.equipmentRestart) ? (
            <a onClick={() => restart(r)} data-testid="device-restart">
              重启
            </a>
          ) : null}
          {can(CALLS.equipmentCommands) ? (
            <a onClick={() => setCommandsFor(r.id)} data-testid="device-commands">
              命令记录
            </a>
          ) : null}
          <Dropdown trigger={["click"]} menu={{ items: more(r), onClick: ({ key }) => act(key, r) }}>
            <a data-testid="device-more">
              更多 <DownOutlined style={{ fontSize: 10 }} />
            </a>
          </Dropdown>
        </Space>
      ),
    },
  ];

  const canBatch = [
    CALLS.equipmentBatchDelete,
    CALLS.equipmentTouchSync,
    CALLS.equipmentTour,
    CALLS.equipmentUpgradeVersion,
    CALLS.equipmentSendUpgrade,
    CALLS.equipmentExport,
  ].some((p) => can(p));
  const n = selected.length;
  const count = n ? `（${n}）` : "";
  const batchButton = (path: string, label: ReactNode, icon: ReactNode, onClick: () => void, testId: string, danger = false) =>
    can(path) ? (
      <Button danger={danger} icon={icon} disabled={!n} onClick={onClick} data-testid={testId}>
        {label}
        {count}
      </Button>
    ) : null;
  /** The rows of a batch's devices that this screen has seen (the upgrade dialogs check their models). */
  const rowsOf = (b: Batch | null): EquipmentRow[] =>
    b ? (b.one ? [b.one] : b.ids.map((id) => rows.find((r) => r.id === id) ?? known.get(id)).filter((r): r is EquipmentRow => !!r)) : [];
  const commandsDevice = commandsFor === null ? null : (rows.find((r) => r.id === commandsFor) ?? known.get(commandsFor) ?? null);

  return (
    <div className="yk-page" data-testid="device-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          <SchoolSelect testId="device-search-school" width={180} value={draft.school_id} onChange={(v) => setDraft((d) => ({ ...d, school_id: v }))} />
          {TEXT_FILTERS.map((t) => (
            <Input
              key={t.key}
              allowClear
              placeholder={t.placeholder}
              value={draft[t.key]}
              maxLength={60}
              onChange={(e) => setDraft((d) => ({ ...d, [t.key]: e.target.value }))}
              onPressEnter={search}
              style={{ width: t.width }}
              data-testid={`device-search-${t.key}`}
            />
          ))}
          {FLAG_FILTERS.map((f) => (
            <Select
              key={f.key}
              allowClear
              placeholder={f.placeholder}
              value={draft[f.key]}
              onChange={(v: number | undefined) => setDraft((d) => ({ ...d, [f.key]: v }))}
              options={[
                { value: 1, label: f.yes },
                { value: 0, label: f.no },
              ]}
              style={{ width: f.width }}
              data-testid={`device-search-${f.key}`}
            />
          ))}
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="device-search">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="device-search-reset">
            重置
          </Button>
        </div>
        <div className="yk-filter-bar">
          {can(CALLS.equipmentSave) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="device-add">
              新增设备
            </Button>
          ) : null}
          {batchButton(CALLS.equipmentBatchDelete, "批量删除", <DeleteOutlined />, batchDelete, "device-batch-delete", true)}
          {batchButton(
            CALLS.equipmentTouchSync,
            "同步",
            <SyncOutlined />,
            () => void command("同步", equipmentApi.touchSync([...selected])),
            "device-batch-sync",
          )}
          {can(CALLS.equipmentTour) ? (
            <Dropdown
              disabled={!n}
              trigger={["click"]}
              menu={{
                items: [
                  { key: "1", label: <span data-testid="device-batch-tour-on">加入巡课</span> },
                  { key: "0", label: <span data-testid="device-batch-tour-off">退出巡课</span> },
                ],
                onClick: ({ key }) => void command(key === "1" ? "加入巡课" : "退出巡课", equipmentApi.tour({ ids: [...selected] }, Number(key))),
              }}
            >
              <Button icon={<EyeOutlined />} disabled={!n} data-testid="device-batch-tour">
                巡课{count} <DownOutlined style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
          ) : null}
          {batchButton(CALLS.equipmentUpgradeVersion, "设置目标版本", <TagOutlined />, () => setVersionFor({ ids: [...selected] }), "device-batch-version")}
          {batchButton(CALLS.equipmentSendUpgrade, "下发升级", <CloudUploadOutlined />, () => setUpgradeFor({ ids: [...selected] }), "device-batch-upgrade")}
          <div className="yk-topbar-spacer" />
          {n ? (
            <Typography.Text type="secondary">
              已选 {n} 台 <a onClick={() => setSelected([])}>清除</a>
            </Typography.Text>
          ) : null}
          {can(CALLS.equipmentExport) ? (
            <Tooltip title={n ? `导出选中的 ${n} 台设备` : hasFilters(filters) ? "按当前筛选条件导出" : "导出全部设备"}>
              <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="device-export">
                导出{count}
              </Button>
            </Tooltip>
          ) : null}
        </div>
        <Table<EquipmentRow>
          rowKey="id"
          size="small"
          data-testid="device-table"
          loading={list.isFetching && !list.isRefetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: manySchools ? 1176 : 1136 }}
          locale={{ emptyText: hasFilters(filters) ? "没有符合条件的设备" : "还没有设备，点击“新增设备”登记录播主机" }}
          rowSelection={canBatch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true } : undefined}
          pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
        />
      </Card>

      <DeviceForm
        editing={editing}
        defaultSchool={newSchool}
        onClose={() => setEditing(null)}
        onCreated={(c) => {
          setEditing(null);
          setCredentials({ ...c, reason: "created" });
          refresh();
        }}
        onUpdated={() => {
          setEditing(null);
          refresh();
        }}
      />
      <CredentialsDialog view={credentials} onClose={() => setCredentials(null)} />
      <CommandDrawer device={commandsDevice} onClose={() => setCommandsFor(null)} />
      <RemarksDialog
        device={remarksFor}
        onClose={() => setRemarksFor(null)}
        save={async (remarks) => {
          const ok = await succeeded(equipmentApi.setRemarks(remarksFor?.id ?? 0, remarks));
          if (ok) {
            toast.success("备注已保存");
            refresh();
          }
          return ok;
        }}
      />
      <PositionDialog
        device={positionFor}
        onClose={() => setPositionFor(null)}
        save={async (position) => {
          const ok = await succeeded(equipmentApi.setPosition(positionFor?.id ?? 0, position));
          if (ok) {
            toast.success("位置已保存");
            refresh();
          }
          return ok;
        }}
      />
      <ChangeClassDialog
        device={classFor}
        onClose={() => setClassFor(null)}
        save={(classId) => command("更换班级", equipmentApi.changeClass(classFor?.id ?? 0, classId))}
      />
      <TargetVersionDialog
        target={versionFor}
        devices={rowsOf(versionFor)}
        onClose={() => setVersionFor(null)}
        save={(version) =>
          command("设置目标版本", equipmentApi.setTargetVersion(versionFor?.one ? { id: versionFor.one.id } : { ids: versionFor?.ids ?? [] }, version), {
            queues: false,
          })
        }
      />
      <UpgradeDialog
        target={upgradeFor}
        devices={rowsOf(upgradeFor)}
        onClose={() => setUpgradeFor(null)}
        send={(v) => command("下发升级", equipmentApi.sendUpgrade(upgradeFor?.one ? { id: upgradeFor.one.id } : { ids: upgradeFor?.ids ?? [] }, v))}
      />
      <IpStatusDialog
        device={ipFor}
        onClose={() => {
          setIpFor(null);
          refresh();
        }}
      />
      <WatchDialog device={watchFor} onClose={() => setWatchFor(null)} />
    </div>
  );
}
