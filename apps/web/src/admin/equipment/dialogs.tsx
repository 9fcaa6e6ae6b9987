/** The small dialogs of the 设备管理 screen: 备注, 位置, 更换班级, 目标版本, 下发升级, 在线检测, 观看. */
import { useQuery } from "@tanstack/react-query";
import { EquipmentSendUpgrade, EquipmentSetPosition, EquipmentSetRemarks, EquipmentUpgradeVersion, type EquipmentRow } from "@yanke/protocol";
import { Alert, Badge, Button, Descriptions, Form, Input, Modal, Segmented, Select, Skeleton, Space, Typography } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { LivePlayer } from "../../components/player";
import { zodRule } from "../common";
import { useClasses } from "../pickers";
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
  const q = useQuery({ queryKey: ["equipment-remarks", device?.id ?? 0], enabled: device !== null, gcTime: 0, queryFn: () => equipmentApi.getRemarks(device?.id ?? 0) });
  return (
    <FormDialog<{ remarks: string }>
      open={device !== null}
      title={`备注 · ${device ? deviceName(device) : ""}`}
      testId="device-remarks"
      initial={{ remarks: device?.remarks ?? "" }}
      submit={(v) => save((v.remarks ?? "").trim())}
      onClose={onClose}
    >
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <RemarksField initial={q.data?.remarks} />
      )}
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
      <Form.Item name="position" label="设备位置" rules={[{ required: true, whitespace: true, message: "请输入设备位置" }, zodRule(EquipmentSetPosition.shape.position)]}>
        <Input maxLength={60} placeholder="如：教学楼 301 教室" data-testid="device-position-input" />
      </Form.Item>
    </FormDialog>
  );
}

const NO_CLASS = 0;

export function ChangeClassDialog({ device, onClose, save }: { device: EquipmentRow | null; onClose: () => void; save: (classId: number) => Promise<boolean> }) {
  const classes = useClasses(device?.school_id || undefined);
  const options = [{ value: NO_CLASS, label: "不绑定班级" }, ...classes];
  if (device?.new_class_id && !classes.some((c) => c.value === device.new_class_id)) options.push({ value: device.new_class_id, label: device.new_class_name || `班级 ${device.new_class_id}` });
  return (
    <FormDialog<{ new_class_id: number }>
      open={device !== null}
      title={`更换班级 · ${device ? deviceName(device) : ""}`}
      testId="device-class"
      initial={{ new_class_id: device?.new_class_id ?? NO_CLASS }}
      submit={(v) => save(v.new_class_id ?? NO_CLASS)}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {device?.school_name}的班级。更换后设备在下次心跳时收到新的班级，课表录制按新班级进行。
      </Typography.Paragraph>
      <Form.Item name="new_class_id" label="班级" rules={[{ required: true, message: "请选择班级" }]}>
        <Select showSearch={{ optionFilterProp: "label" }} options={options} notFoundContent="该学校还没有班级" data-testid="device-class-select" />
      </Form.Item>
    </FormDialog>
  );
}

/** How many devices a batch dialog addresses, in words. */
const targetsText = (n: number, one?: EquipmentRow) => (one ? deviceName(one) : `选中的 ${n} 台设备`);

export function TargetVersionDialog({
  target,
  onClose,
  save,
}: {
  target: { ids: number[]; one?: EquipmentRow } | null;
  onClose: () => void;
  save: (version: string) => Promise<boolean>;
}) {
  return (
    <FormDialog<{ version: string }>
      open={target !== null}
      title="设置目标版本"
      testId="device-version"
      initial={{ version: target?.one?.target_version ?? "" }}
      submit={(v) => save(v.version.trim())}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        为{target ? targetsText(target.ids.length, target.one) : ""}记录应运行的版本（只保存，不下发）；“下发升级”不填版本时按目标版本升级。
      </Typography.Paragraph>
      <Form.Item name="version" label="目标版本" rules={[{ required: true, whitespace: true, message: "请输入版本号" }, zodRule(EquipmentUpgradeVersion.shape.version)]}>
        <Input maxLength={40} placeholder="如：2.4.0" data-testid="device-version-input" />
      </Form.Item>
    </FormDialog>
  );
}

export interface UpgradeValues {
  version: string;
  url: string;
  sha256: string;
}

const u = EquipmentSendUpgrade.shape;

export function UpgradeDialog({
  target,
  onClose,
  send,
}: {
  target: { ids: number[]; one?: EquipmentRow } | null;
  onClose: () => void;
  send: (v: { version?: string; url: string; sha256: string }) => Promise<boolean>;
}) {
  return (
    <FormDialog<UpgradeValues>
      open={target !== null}
      title="下发升级"
      testId="device-upgrade"
      width={600}
      okText="下发"
      initial={{ version: target?.one?.target_version ?? "", url: "", sha256: "" }}
      submit={(v) => {
        const version = (v.version ?? "").trim();
        return send({ ...(version ? { version } : {}), url: v.url.trim(), sha256: v.sha256.trim() });
      }}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`向${target ? targetsText(target.ids.length, target.one) : ""}下发升级命令`}
        description="设备下载升级包并校验 SHA-256，一致才安装；结果在“命令记录”中查看。"
      />
      <Form.Item name="version" label="版本号" rules={[zodRule(u.version)]} extra="不填则使用各设备已设置的目标版本；填写的版本同时成为目标版本">
        <Input maxLength={40} placeholder="如：2.4.0" data-testid="device-upgrade-version" />
      </Form.Item>
      <Form.Item name="url" label="升级包地址" rules={[{ required: true, whitespace: true, message: "请输入升级包地址" }, zodRule(u.url)]}>
        <Input maxLength={1000} placeholder="https://… 或站内路径 /file/…" data-testid="device-upgrade-url" />
      </Form.Item>
      <Form.Item name="sha256" label="SHA-256 校验值" rules={[{ required: true, whitespace: true, message: "请输入升级包校验值" }, zodRule(u.sha256)]}>
        <Input className="yk-mono" maxLength={64} placeholder="64 位十六进制" data-testid="device-upgrade-sha256" />
      </Form.Item>
    </FormDialog>
  );
}

/** 在线检测 (c099): what the device's heartbeats say. */
export function IpStatusDialog({ device, onClose }: { device: EquipmentRow | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ["equipment-ip-status", device?.id ?? 0], enabled: device !== null, gcTime: 0, queryFn: () => equipmentApi.ipStatus(device?.id ?? 0) });
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
              children: <Badge status={s.online ? "success" : "default"} text={<span data-testid="device-ip-status-online">{s.online ? "在线" : "离线"}</span>} />,
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
  const has = (c: Cam) => Boolean(device && (c === "teacher" ? device.teacherStreamUrl || device.teacherFlvUrl : device.studentStreamUrl || device.studentFlvUrl));
  // The chosen camera while it is live, else the one that is.
  const cam: Cam = has(camera) ? camera : has("teacher") ? "teacher" : "student";
  const urls = device ? { teacher: { hls: device.teacherStreamUrl, flv: device.teacherFlvUrl }, student: { hls: device.studentStreamUrl, flv: device.studentFlvUrl } } : null;
  const src = urls ? urls[cam][proto] : "";
  return (
    <Modal
      title={`直播 · ${device ? deviceName(device) : ""}`}
      open={device !== null}
      onCancel={onClose}
      destroyOnHidden
      width={880}
      footer={null}
    >
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
