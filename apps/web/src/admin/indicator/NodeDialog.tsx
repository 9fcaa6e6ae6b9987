/** The dialog that creates or edits one indicator: a scheme (名称、说明), a dimension (+ 权重) or an item (+ 分值范围). */
import { INDICATOR_LEVELS, type IndicatorRow } from "@yanke/protocol";
import { Form, Input, InputNumber, Modal, Space } from "antd";
import { useEffect, useState } from "react";
import { indicatorApi } from "./indicator-api";

export type NodeDialogState = { mode: "new"; level: number; pid: number; parentName?: string; suggestWeight?: number } | { mode: "edit"; row: IndicatorRow };

interface Values {
  name: string;
  description: string;
  weight: number;
  min_score: number;
  max_score: number;
}

export function NodeDialog({
  state,
  onClose,
  onSaved,
}: {
  state: NodeDialogState | null;
  onClose: () => void;
  onSaved: (row: IndicatorRow) => void | Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const level = state ? (state.mode === "new" ? state.level : state.row.level) : 1;
  const what = INDICATOR_LEVELS[level] ?? "指标";

  useEffect(() => {
    if (!state) return;
    if (state.mode === "edit") {
      const r = state.row;
      form.setFieldsValue({ name: r.name, description: r.description, weight: r.weight, min_score: r.min_score, max_score: r.max_score });
    } else {
      form.resetFields();
      form.setFieldsValue({ name: "", description: "", weight: state.suggestWeight ?? 0, min_score: 0, max_score: 10 });
    }
  }, [state, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = {
        name: v.name,
        description: v.description ?? "",
        ...(level > 1 ? { weight: v.weight ?? 0 } : {}),
        ...(level === 3 ? { min_score: v.min_score, max_score: v.max_score } : {}),
      };
      const row = state!.mode === "new" ? await indicatorApi.save({ pid: state!.pid, ...body }) : await indicatorApi.update({ id: state!.row.id, ...body });
      await onSaved(row);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  const title = state?.mode === "edit" ? `编辑${what}` : state?.parentName ? `在「${state.parentName}」下添加${what}` : `新建${what}`;
  return (
    <Modal
      open={!!state}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      okButtonProps={{ "data-testid": "indicator-node-ok" }}
    >
      <Form form={form} layout="vertical" requiredMark preserve={false}>
        <Form.Item
          name="name"
          label={`${what}名称`}
          rules={[
            { required: true, whitespace: true, message: "请输入指标名称" },
            { max: 50, message: "指标名称不能超过 50 个字符" },
          ]}
        >
          <Input
            placeholder={level === 1 ? "如：课堂教学评价量表" : level === 2 ? "如：教学目标" : "如：目标明确具体"}
            maxLength={50}
            data-testid="indicator-node-name"
          />
        </Form.Item>
        {level > 1 ? (
          <Form.Item name="weight" label="权重（%，同级合计应为 100）" rules={[{ required: true, message: "请输入权重" }]}>
            <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: 180 }} data-testid="indicator-node-weight" />
          </Form.Item>
        ) : null}
        {level === 3 ? (
          <Form.Item label="分值范围" required>
            <Space>
              <Form.Item name="min_score" noStyle rules={[{ required: true, message: "请输入最低分" }]}>
                <InputNumber min={0} max={1000} precision={2} placeholder="最低分" data-testid="indicator-node-min" />
              </Form.Item>
              <span>至</span>
              <Form.Item
                name="max_score"
                noStyle
                dependencies={["min_score"]}
                rules={[
                  { required: true, message: "请输入最高分" },
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: number) => {
                      if (v !== undefined && v !== null && !(Number(getFieldValue("min_score")) < v)) throw new Error("最低分应小于最高分");
                    },
                  }),
                ]}
              >
                <InputNumber min={0} max={1000} precision={2} placeholder="最高分" data-testid="indicator-node-max" />
              </Form.Item>
              <span>分</span>
            </Space>
          </Form.Item>
        ) : null}
        <Form.Item name="description" label="说明" rules={[{ max: 500, message: "说明不能超过 500 个字符" }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="评价要点（选填）" data-testid="indicator-node-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
