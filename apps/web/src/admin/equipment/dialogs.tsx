/** The small dialogs of the 设备管理 screen: 备注, 位置, 更换班级, 目标版本, 下发升级, 在线检测, 观看. */
import { useQuery } from "@tanstack/react-query";
import {
  DEVICE_PRODUCT,
  EquipmentSendUpgrade,
  EquipmentSetPosition,
  EquipmentSetRemarks,
  type EquipmentRow,
  type SoftwareVersionRow,
  zSoftwareVersion,
} from "@yanke/protocol";
import { Alert, AutoComplete, Badge, Button, Descriptions, Form, Input, Modal, Segmented, Select, Skeleton, Space, Tag, Typography } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { LivePlayer } from "../../components/player";
import { zodRule } from "../common";
import { useClasses } from "../pickers";
import { formatBytes, softwareApi } from "../software/software-api";
import { equipmentApi } from "./equipment-api";
import { deviceName } from "./equipment-view";

/** A dialog with one form: `submit` answers true to close (false: a refusal, already shown by the API client). */
function FormDialog<V extends object>({
  open,
  title,
  testId,
  width = 480,
  initial,
  submit,
  onClose,
  okText = "保存",
  children,
}: {
  open: boolean;
  title: ReactNode;
  testId: string;
  width?: number;
  initial: Partial<V>;
  submit: (v: V) => Promise<boolean>;
  onClose: () => void;
  okText?: string;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      if (await submit(v)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      width={width}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={ok} data-testid={`${testId}-submit`}>
            {okText}
          </Button>
        </Space>
      }
    >
      {open ? (
        <Form<V> form={form} layout="vertical" autoComplete="off" initialValues={initial} data-testid={testId}>
          {children}
        </Form>
      ) : null}
    </Modal>
  );
}

/** Wraps a call for FormDialog: true when it went through. */
export async function succeeded(p: Promise<unknown>): Promise<boolean> {
  try {
    await p;
    return true;
  } catch {
    return false;
  }
}

export function RemarksDialog({ device, onClose, save }: { device: EquipmentRow | null; onClose: () => void; save: (remarks: string) => Promise<boolean> }) {
  // c100: the stored remarks (the list row may be older).
  const q = useQuery({
    queryKey: ["equipment-remarks", device?.id ?? 0],
    enabled: device !== null,
    gcTime: 0,
    queryFn: () => equipmentApi.getRemarks(device?.id ?? 0),
  });
  return (
    <FormDialog<{ remarks: string }>
      open={device !== null}
      title={`备注 · ${device ? deviceName(device) : ""}`}
      testId="device-remarks"
      initial={{ remarks: device?.remarks ?? "" }}
      submit={(v) => save((v.remarks ?? "").trim())}
      onClose={onClose}
    >
      {q.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : <RemarksField initial={q.data?.remarks} />}
    </FormDialog>
  );
}

function RemarksField({ initial }: { initial: string | undefined }) {
  const form = Form.useFormInstance<{ remarks: string }>();
  useEffect(() => {
    if (initial !== undefined) form.setFieldsValue({ remarks: initial });
  }, [form, initial]);
  return (
    <Form.Item name="remarks" label="备注" rules={[zodRule(EquipmentSetRemarks.shape.remarks)]}>
      <Input.TextArea rows={4} maxLength={500} showCount placeholder="如：设备维修记录、联系人" data-testid="device-remarks-input" />
    </Form.Item>
  );
}

export function PositionDialog({ device, onClose, save }: { device: EquipmentRow | null; onClose: () => void; save: (position: string) => Promise<boolean> }) {
  return (
    <FormDialog<{ position: string }>
      open={device !== null}
      title={`修改位置 · ${device?.code ?? ""}`}
      testId="device-position"
      initial={{ position: device?.position ?? "" }}
      submit={(v) => save(v.position.trim())}
      onClose={onClose}
    >
      <Form.Item
        name="position"
        label="设备位置"
        rules={[{ required: true, whitespace: true, message: "请输入设备位置" }, zodRule(EquipmentSetPosition.shape.position)]}
      >
        <Input maxLength={60} placeholder="如：教学楼 301 教室" data-testid="device-position-input" />
      </Form.Item>
    </FormDialog>
  );
}

const NO_CLASS = 0;

export function ChangeClassDialog({
  device,
  onClose,
  save,
}: {
  device: EquipmentRow | null;
  onClose: () => void;
  save: (classId: number) => Promise<boolean>;
}) {
  const classes = useClasses(device?.school_id || undefined);
  const options = [{ value: NO_CLASS, label: "不绑定班级" }, ...classes];
  if (device?.new_class_id && !classes.some((c) => c.value === device.new_class_id))
    options.push({ value: device.new_class_id, label: device.new_class_name || `班级 ${device.new_class_id}` });
  return (
    <FormDialog<{ new_class_id: number }>
      open={device !== null}
      title={`更换班级 · ${device ? deviceName(device) : ""}`}
      testId="device-class"
      initial={{ new_class_id: device?.new_class_id ?? NO_CLASS }}
      submit={(v) => save(v.new_class_id ?? NO_CLASS)}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{device?.school_name}的班级。更换后设备在下次心跳时收到新的班级，课表录制按新班级进行。</Typography.Paragraph>
      <Form.Item name="new_class_id" label="班级" rules={[{ required: true, message: "请选择班级" }]}>
        <Select showSearch={{ optionFilterProp: "label" }} options={options} notFoundContent="该学校还没有班级" data-testid="device-class-select" />
      </Form.Item>
    </FormDialog>
  );
}

/** How many devices a batch dialog addresses, in words. */
const targetsText = (n: number, one?: EquipmentRow) => (one ? deviceName(one) : `选中的 ${n} 台设备`);

/** The available device versions of the registry (软件版本), newest first; the current one flagged. */
function useDeviceVersions(enabled: boolean) {
  return useQuery({
    queryKey: ["software", "list", DEVICE_PRODUCT, "available"],
    queryFn: () => softwareApi.list({ product: DEVICE_PRODUCT, status: 1, limit: 100 }),
    enabled,
    staleTime: 10_000,
  });
}

/** Devices (of those the dialog addresses) whose model the version does not fit. */
function misfits(v: SoftwareVersionRow | undefined, devices: readonly EquipmentRow[]): EquipmentRow[] {
  if (!v || v.models.length === 0) return [];
  return devices.filter((d) => !v.models.includes(d.producer));
}

/** A registry version: package, models, release notes; a warning naming the devices it does not fit. */
function VersionFacts({ v, devices }: { v: SoftwareVersionRow; devices: readonly EquipmentRow[] }) {
  const off = misfits(v, devices);
  return (
    <div data-testid="device-upgrade-facts">
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="安装包">
          {v.file_name}（{formatBytes(v.size)}）
        </Descriptions.Item>
        <Descriptions.Item label="SHA-256">
          <Typography.Text className="yk-mono" copyable={{ text: v.sha256 }}>
            {v.sha256.slice(0, 16)}…
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="适用型号">
          {v.models.length ? (
            v.models.map((m) => (
              <Tag key={m} color="blue">
                {m}
              </Tag>
            ))
          ) : (
            <Typography.Text type="secondary">全部型号</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="更新说明">
          <div style={{ whiteSpace: "pre-wrap", maxHeight: 160, overflow: "auto" }} data-testid="device-upgrade-notes">
            {v.notes || "（无）"}
          </div>
        </Descriptions.Item>
      </Descriptions>
      {off.length ? (
        <Alert
          type="warning"
          showIcon
          data-testid="device-upgrade-misfit"
          title={`以下设备的型号不在适用型号中，将被拒绝：${off
            .slice(0, 5)
            .map((d) => `${d.position}（${d.producer || "型号未填"}）`)
            .join("、")}${off.length > 5 ? ` 等 ${off.length} 台` : ""}`}
        />
      ) : devices.length ? (
        <Alert type="success" showIcon title={`型号检查通过（${devices.length} 台设备）`} data-testid="device-upgrade-fit" />
      ) : null}
    </div>
  );
}

const versionOptions = (list: readonly SoftwareVersionRow[]) =>
  list.map((v) => ({ value: v.id, label: `${v.version}${v.is_current ? "（当前版本）" : ""}`, version: v.version }));

export function TargetVersionDialog({
  target,
  devices = [],
  onClose,
  save,
}: {
  target: { ids: number[]; one?: EquipmentRow } | null;
  /** The rows of the devices addressed, when known (model check). */
  devices?: readonly EquipmentRow[];
  onClose: () => void;
  save: (version: string) => Promise<boolean>;
}) {
  const versions = useDeviceVersions(target !== null);
  const list = versions.data?.list ?? [];
  const [typed, setTyped] = useState("");
  useEffect(() => setTyped(target?.one?.target_version ?? ""), [target]);
  const chosen = list.find((v) => v.version === typed.trim());
  return (
    <FormDialog<{ version: string }>
      open={target !== null}
      title="设置目标版本"
      testId="device-version"
      width={560}
      initial={{ version: target?.one?.target_version ?? "" }}
      submit={(v) => save(v.version.trim())}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        为{target ? targetsText(target.ids.length, target.one) : ""}记录应运行的版本（只保存，不下发）；版本须已在“软件版本”中登记且适用于设备型号。
      </Typography.Paragraph>
      <Form.Item name="version" label="目标版本" rules={[{ required: true, whitespace: true, message: "请选择版本" }, zodRule(zSoftwareVersion)]}>
        <AutoComplete
          options={list.map((v) => ({ value: v.version, label: `${v.version}${v.is_current ? "（当前版本）" : ""}` }))}
          onChange={(v: string) => setTyped(v ?? "")}
          filterOption={(input, o) => String(o?.value ?? "").includes(input.trim())}
        >
          <Input maxLength={40} placeholder={list.length ? "选择已登记的版本" : "软件版本中还没有可用的版本"} data-testid="device-version-input" />
        </AutoComplete>
      </Form.Item>
      {chosen ? <VersionFacts v={chosen} devices={devices} /> : null}
    </FormDialog>
  );
}

export interface UpgradeValues {
  mode: "registry" | "custom";
  version_id?: number;
  version: string;
  url: string;
  sha256: string;
}

/** c104 from the dialog: a registry version ({version_id}) or a package given by address ({version?, url, sha256}). */
export type UpgradeSend = { version_id: number } | { version?: string; url: string; sha256: string };

const u = EquipmentSendUpgrade.shape;

export function UpgradeDialog({
  target,
  devices = [],
  onClose,
  send,
}: {
  target: { ids: number[]; one?: EquipmentRow } | null;
  /** The rows of the devices addressed, when known (model check). */
  devices?: readonly EquipmentRow[];
  onClose: () => void;
  send: (v: UpgradeSend) => Promise<boolean>;
}) {
  const versions = useDeviceVersions(target !== null);
  const list = versions.data?.list ?? [];
  const ready = !versions.isLoading;
  // Preselected: the device's target when it is an available version, else the current version.
  const preset = list.find((v) => target?.one?.target_version && v.version === target.one.target_version) ?? list.find((v) => v.is_current === 1) ?? list[0];
  const [mode, setMode] = useState<"registry" | "custom">("registry");
  const [versionId, setVersionId] = useState<number | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: preset once per opened dialog, when the versions have loaded; a later refetch of the list must not overwrite the user's choice.
  useEffect(() => {
    if (target === null || !ready) return;
    setMode(list.length ? "registry" : "custom");
    setVersionId(preset?.id);
  }, [target, ready]);
  const chosen = list.find((v) => v.id === versionId);
  return (
    <Modal open={target !== null} title="下发升级" width={640} destroyOnHidden maskClosable={false} onCancel={onClose} footer={null}>
      {!ready ? (
        <Skeleton active />
      ) : (
        <UpgradeForm
          key={`${mode}-${versionId ?? 0}`}
          mode={mode}
          setMode={setMode}
          list={list}
          versionId={versionId}
          setVersionId={setVersionId}
          chosen={chosen}
          devices={devices}
          target={target}
          send={send}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function UpgradeForm({
  mode,
  setMode,
  list,
  versionId,
  setVersionId,
  chosen,
  devices,
  target,
  send,
  onClose,
}: {
  mode: "registry" | "custom";
  setMode: (m: "registry" | "custom") => void;
  list: readonly SoftwareVersionRow[];
  versionId: number | undefined;
  setVersionId: (id: number | undefined) => void;
  chosen: SoftwareVersionRow | undefined;
  devices: readonly EquipmentRow[];
  target: { ids: number[]; one?: EquipmentRow } | null;
  send: (v: UpgradeSend) => Promise<boolean>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<UpgradeValues>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (mode === "registry") {
      if (!chosen) return;
      setBusy(true);
      try {
        if (await send({ version_id: chosen.id })) onClose();
      } finally {
        setBusy(false);
      }
      return;
    }
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const version = (v.version ?? "").trim();
      if (await send({ ...(version ? { version } : {}), url: v.url.trim(), sha256: v.sha256.trim() })) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="device-upgrade">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`向${target ? targetsText(target.ids.length, target.one) : ""}下发升级命令`}
        description="设备下载升级包并校验 SHA-256，一致才安装；结果在“命令记录”中查看。下发的版本同时成为目标版本。"
      />
      <Segmented
        block
        style={{ marginBottom: 16 }}
        value={mode}
        onChange={(m) => setMode(m as "registry" | "custom")}
        options={[
          { value: "registry", label: <span data-testid="device-upgrade-mode-registry">软件版本库</span> },
          { value: "custom", label: <span data-testid="device-upgrade-mode-custom">自定义升级包地址</span> },
        ]}
      />
      {mode === "registry" ? (
        list.length ? (
          <>
            <Form layout="vertical">
              <Form.Item label="版本" required>
                <Select
                  value={versionId}
                  onChange={setVersionId}
                  options={versionOptions(list)}
                  placeholder="选择版本"
                  data-testid="device-upgrade-version-select"
                  showSearch={{ optionFilterProp: "version" }}
                />
              </Form.Item>
            </Form>
            {chosen ? <VersionFacts v={chosen} devices={devices} /> : null}
          </>
        ) : (
          <Alert
            type="warning"
            showIcon
            title="软件版本中还没有可用的录播主机软件版本"
            description="请先在“平台管理 → 软件版本”上传，或改用自定义升级包地址。"
          />
        )
      ) : (
        <Form<UpgradeValues> form={form} layout="vertical" preserve={false} initialValues={{ version: target?.one?.target_version ?? "", url: "", sha256: "" }}>
          <Form.Item name="version" label="版本号" rules={[zodRule(u.version)]} extra="不填则使用各设备已设置的目标版本；填写的版本同时成为目标版本">
            <Input maxLength={40} placeholder="如：2.4.0" data-testid="device-upgrade-version" />
          </Form.Item>
          <Form.Item name="url" label="升级包地址" rules={[{ required: true, whitespace: true, message: "请输入升级包地址" }, zodRule(u.url)]}>
            <Input maxLength={1000} placeholder="https://… 或站内路径 /file/…" data-testid="device-upgrade-url" />
          </Form.Item>
          <Form.Item name="sha256" label="SHA-256 校验值" rules={[{ required: true, whitespace: true, message: "请输入升级包校验值" }, zodRule(u.sha256)]}>
            <Input className="yk-mono" maxLength={64} placeholder="64 位十六进制" data-testid="device-upgrade-sha256" />
          </Form.Item>
        </Form>
      )}
      <div style={{ display: "flex", justifyContent: "flex-end", gap: 8, marginTop: 8 }}>
        <Button onClick={onClose}>取消</Button>
        <Button
          type="primary"
          loading={busy}
          disabled={mode === "registry" && (!chosen || (misfits(chosen, devices).length === devices.length && devices.length > 0))}
          onClick={ok}
          data-testid="device-upgrade-submit"
        >
          下发
        </Button>
      </div>
    </div>
  );
}

/** 在线检测 (c099): what the device's heartbeats say. */
export function IpStatusDialog({ device, onClose }: { device: EquipmentRow | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ["equipment-ip-status", device?.id ?? 0],
    enabled: device !== null,
    gcTime: 0,
    queryFn: () => equipmentApi.ipStatus(device?.id ?? 0),
  });
  const s = q.data;
  return (
    <Modal
      title={`在线检测 · ${device ? deviceName(device) : ""}`}
      open={device !== null}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      footer={
        <Space>
          <Button loading={q.isFetching} onClick={() => void q.refetch()} data-testid="device-ip-status-again">
            重新检测
          </Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      {s ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          data-testid="device-ip-status"
          items={[
            {
              key: "state",
              label: "在线状态",
              children: (
                <Badge status={s.online ? "success" : "default"} text={<span data-testid="device-ip-status-online">{s.online ? "在线" : "离线"}</span>} />
              ),
            },
            { key: "ip", label: "设备 IP", children: s.ip || <span className="yk-muted">未上报</span> },
            { key: "remote", label: "心跳来源地址", children: s.remote_ip || <span className="yk-muted">—</span> },
            { key: "last", label: "最后心跳", children: s.last_heartbeat_at || <span className="yk-muted">从未连接</span> },
            {
              key: "since",
              label: "距今",
              children: s.seconds_since === null ? <span className="yk-muted">—</span> : `${s.seconds_since} 秒`,
            },
          ]}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Modal>
  );
}

type Cam = "teacher" | "student";

/** 观看: one camera of a live device, HLS (default) or the low-latency HTTP-FLV. */
export function WatchDialog({ device, onClose }: { device: EquipmentRow | null; onClose: () => void }) {
  const [camera, setCamera] = useState<Cam>("teacher");
  const [proto, setProto] = useState<"hls" | "flv">("hls");
  const has = (c: Cam) =>
    Boolean(device && (c === "teacher" ? device.teacherStreamUrl || device.teacherFlvUrl : device.studentStreamUrl || device.studentFlvUrl));
  // The chosen camera while it is live, else the one that is.
  const cam: Cam = has(camera) ? camera : has("teacher") ? "teacher" : "student";
  const urls = device
    ? { teacher: { hls: device.teacherStreamUrl, flv: device.teacherFlvUrl }, student: { hls: device.studentStreamUrl, flv: device.studentFlvUrl } }
    : null;
  const src = urls ? urls[cam][proto] : "";
  return (
    <Modal title={`直播 · ${device ? deviceName(device) : ""}`} open={device !== null} onCancel={onClose} destroyOnHidden width={880} footer={null}>
      <Space style={{ marginBottom: 12, width: "100%", justifyContent: "space-between" }} wrap>
        <Segmented<Cam>
          value={cam}
          onChange={setCamera}
          options={[
            { value: "teacher", label: "教师机位", disabled: !has("teacher") },
            { value: "student", label: "学生机位", disabled: !has("student") },
          ]}
          data-testid="device-watch-camera"
        />
        <Segmented<"hls" | "flv">
          value={proto}
          onChange={setProto}
          options={[
            { value: "hls", label: "HLS" },
            { value: "flv", label: "低延迟 FLV" },
          ]}
          data-testid="device-watch-protocol"
        />
      </Space>
      {device ? <LivePlayer key={`${device.id}-${cam}-${proto}`} src={src} kind={proto} testId="device-watch-player" /> : null}
    </Modal>
  );
}
