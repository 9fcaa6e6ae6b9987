import { type PayloadOf, calls, type AccountSpace, isSpaceUnit, type RegionSpace, type SchoolSpace, type SpaceUnit } from "@yanke/protocol";
/** Quota visuals shared by the storage screens: the used/total bar and the set-quota dialog. */
import { Alert, Button, Form, InputNumber, Modal, Progress, Select, Space, Tooltip, Typography } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../api/toast";
import { call } from "../api/client";
import { bestUnit, formatBytes, progressStatus, quotaProblem, sizeIn, SPACE_UNITS, usageText, usedPercent, type QuotaLimits } from "./quota-view";

/** used / total with a progress bar (no bar, 不限, when the quota is not limited). */
export function QuotaBar({ used, quota, testId = "quota-bar", width = 220 }: { used: number; quota: number; testId?: string; width?: number }) {
  const percent = usedPercent(used, quota);
  return (
    <div style={{ width }} data-testid={testId} data-used={used} data-quota={quota}>
      {quota > 0 ? (
        <Tooltip title={`已用 ${formatBytes(used)}，共 ${formatBytes(quota)}，剩余 ${formatBytes(Math.max(0, quota - used))}`}>
          <Progress percent={percent} size="small" status={progressStatus(percent)} format={(p) => `${p}%`} />
        </Tooltip>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {usageText(used, quota)}
      </Typography.Text>
    </div>
  );
}

export interface QuotaTarget extends QuotaLimits {
  kind: "region" | "school" | "account";
  id: number;
  name: string;
  quota_bytes: number;
  used_bytes: number;
  space_size_type: string;
}

const KIND: Record<QuotaTarget["kind"], string> = { region: "区域", school: "学校", account: "账号" };

interface Values {
  size: number | null;
  unit: SpaceUnit;
}

/**
 * Set a quota: size + unit (MB/GB/TB), 0 = not limited. The allowed range (from the server's
 * figures) is shown and checked before sending; the server's own refusal is toasted by the client.
 */
export function QuotaDialog({
  target,
  onClose,
  onSaved,
  send,
}: {
  target: QuotaTarget | null;
  onClose: () => void;
  onSaved: () => void;
  send: (t: QuotaTarget, size: number, unit: SpaceUnit) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const size = Form.useWatch("size", form);
  const unit = Form.useWatch("unit", form);
  useEffect(() => {
    if (!target) return;
    const u: SpaceUnit = target.quota_bytes > 0 ? (isSpaceUnit(target.space_size_type) ? target.space_size_type : bestUnit(target.quota_bytes)) : "GB";
    form.setFieldsValue({ unit: u, size: target.quota_bytes > 0 ? sizeIn(target.quota_bytes, u) : 0 });
  }, [target, form]);
  const problem = target && unit ? quotaProblem(size, unit, target) : "";
  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields().catch(() => null);
    if (!v || v.size === null) return;
    const p = quotaProblem(v.size, v.unit, target);
    if (p) {
      form.setFields([{ name: "size", errors: [p] }]);
      return;
    }
    setSaving(true);
    try {
      await send(target, v.size, v.unit);
      toast.success("配额已设置");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={<span data-testid="quota-form-title">{target ? `设置${KIND[target.kind]}配额：${target.name}` : ""}</span>}
      open={target !== null}
      onCancel={onClose}
      maskClosable={false}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="quota-submit">
            保存
          </Button>
        </Space>
      }
    >
      {target ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="quota-range"
          title={
            <span>
              已使用 {formatBytes(target.used_bytes)}；可设置范围：不小于 {formatBytes(target.min_quota_bytes)}
              {target.max_quota_bytes !== null ? `，不超过 ${formatBytes(target.max_quota_bytes)}` : "，上级不限"}。填 0 表示不限。
            </span>
          }
        />
      ) : null}
      <Form form={form} layout="vertical" data-testid="quota-form">
        <Form.Item label="空间大小" required validateStatus={problem ? "error" : undefined} help={problem || undefined}>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="size" noStyle rules={[{ required: true, message: "请输入空间大小" }]}>
              <InputNumber min={0} precision={2} style={{ width: "70%" }} data-testid="quota-size" />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select style={{ width: "30%" }} options={SPACE_UNITS.map((u) => ({ value: u, label: u }))} data-testid="quota-unit" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The quota calls (docs/api/quota.md). */
export const quotaApi = {
  region: (id: number) => call(calls.regionSurplusSpace, { id }),
  school: (id: number) => call(calls.schoolSurplusSpace, { id }),
  account: (id: number) => call(calls.accountSurplusSpace, { id }),
  stats: (p: PayloadOf<typeof calls.accountSpaceStatistics>) => call(calls.accountSpaceStatistics, p),
  set: (t: QuotaTarget, space_size: number, space_size_type: SpaceUnit) =>
    call(t.kind === "region" ? calls.setRegionSpace : t.kind === "school" ? calls.setSchoolSpace : calls.setAccountSpace, {
      id: t.id,
      space_size,
      space_size_type,
    }),
};

export function quotaTarget(kind: QuotaTarget["kind"], name: string, f: RegionSpace | SchoolSpace | AccountSpace): QuotaTarget {
  return {
    kind,
    id: f.id,
    name,
    quota_bytes: f.quota_bytes,
    used_bytes: f.used_bytes,
    space_size_type: f.space_size_type,
    min_quota_bytes: f.min_quota_bytes,
    max_quota_bytes: f.max_quota_bytes,
  };
}
