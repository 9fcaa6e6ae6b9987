import { ThunderboltOutlined } from "@ant-design/icons";
import { CALLS, EquipmentSave, type EquipmentCredentials, type EquipmentRow } from "@yanke/protocol";
import { Button, Col, Form, Input, Modal, Row, Select, Space, Switch, type FormInstance } from "antd";
import { useState } from "react";
import { toast } from "../../api/toast";
import { usePermission } from "../../rbac/usePermission";
import { zodRule } from "../common";
import { useAllSchools, useClasses } from "../pickers";
import { equipmentApi } from "./equipment-api";
import { formValues, savePayload, updatePayload, type EquipmentFormValues } from "./equipment-view";

const f = EquipmentSave.shape;

function Fields({ form, row }: { form: FormInstance<EquipmentFormValues>; row: EquipmentRow | null }) {
  const can = usePermission();
  const schoolId = Form.useWatch("school_id", form);
  const schools = useAllSchools(row ? [{ id: row.school_id, name: row.school_name }] : []);
  const classes = useClasses(schoolId);
  // The device's class before the school's classes have loaded (or a class since disabled).
  if (row?.new_class_id && schoolId === row.school_id && !classes.some((c) => c.value === row.new_class_id))
    classes.unshift({ value: row.new_class_id, label: row.new_class_name || `班级 ${row.new_class_id}` });
  const [issuing, setIssuing] = useState(false);
  const issue = async () => {
    setIssuing(true);
    try {
      const code = await equipmentApi.issueCode();
      form.setFieldsValue({ code });
      void form.validateFields(["code"]);
    } catch {
      /* shown by the API client */
    } finally {
      setIssuing(false);
    }
  };
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label="设备编码" required={false} extra={row ? "设备编码注册后不能修改" : "点击“生成编码”获取本平台发放的编码；留空则保存时自动生成"}>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="code" noStyle rules={[zodRule(f.code)]}>
              <Input className="yk-mono" placeholder="YK-XXXXXXXX" maxLength={11} disabled={row !== null} data-testid="device-form-code" />
            </Form.Item>
            {row === null && can(CALLS.codeUuid) ? (
              <Button icon={<ThunderboltOutlined />} loading={issuing} onClick={issue} data-testid="device-form-generate">
                生成编码
              </Button>
            ) : null}
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="学校" name="school_id" rules={[{ required: true, message: "请选择学校" }]}>
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder="请选择学校"
            options={schools}
            // A school administrator's devices always go to his school.
            disabled={schools.length === 1 && schoolId === schools[0]?.value}
            onChange={() => form.setFieldsValue({ new_class_id: undefined })}
            data-testid="device-form-school"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="绑定班级" name="new_class_id">
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder={schoolId ? "选填，设备所在教室的班级" : "请先选择学校"}
            disabled={!schoolId}
            options={classes}
            notFoundContent="该学校还没有班级"
            data-testid="device-form-class"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="设备位置" name="position" rules={[{ required: true, whitespace: true, message: "请输入设备位置" }, zodRule(f.position)]}>
          <Input maxLength={60} placeholder="如：教学楼 301 教室" data-testid="device-form-position" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="厂商" name="producer" rules={[zodRule(f.producer)]}>
          <Input maxLength={60} placeholder="选填" data-testid="device-form-producer" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="IP 地址" name="host_ip" rules={[zodRule(f.host_ip)]} extra="选填；设备上线后以心跳上报的地址为准">
          <Input maxLength={45} placeholder="如：192.168.10.21" data-testid="device-form-ip" />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item label="录制" name="is_record" valuePropName="checked">
          <Switch data-testid="device-form-record" />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item label="巡课" name="is_tour" valuePropName="checked">
          <Switch data-testid="device-form-tour" />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item label="启用" name="status" valuePropName="checked">
          <Switch data-testid="device-form-status" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="备注" name="remarks" rules={[zodRule(f.remarks)]}>
          <Input.TextArea rows={2} maxLength={500} showCount placeholder="选填" data-testid="device-form-remarks" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * 新增 / 编辑设备. A new device answers its credentials (secret and stream addresses, shown once by the caller);
 * an edit sends only the changed fields.
 */
export function DeviceForm({
  editing,
  defaultSchool,
  onClose,
  onCreated,
  onUpdated,
}: {
  editing: EquipmentRow | "new" | null;
  defaultSchool: number | undefined;
  onClose: () => void;
  onCreated: (c: EquipmentCredentials) => void;
  onUpdated: () => void;
}) {
  const [form] = Form.useForm<EquipmentFormValues>();
  const [saving, setSaving] = useState(false);
  const row = editing && editing !== "new" ? editing : null;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      if (row) {
        const payload = updatePayload(row, v);
        if (Object.keys(payload).length > 1) {
          const answer = await equipmentApi.update(payload);
          toast.success(answer.command_ids.length ? "保存成功，变更已下发到设备" : "保存成功");
        } else toast.info("没有修改");
        onUpdated();
      } else {
        const credentials = await equipmentApi.save(savePayload(v));
        toast.success("添加成功");
        onCreated(credentials);
      }
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={<span data-testid="device-form-title">{row ? "编辑设备" : "新增设备"}</span>}
      open={editing !== null}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} data-testid="device-cancel">
            取消
          </Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="device-submit">
            保存
          </Button>
        </Space>
      }
    >
      {editing !== null ? (
        <Form<EquipmentFormValues>
          key={row ? row.id : "new"}
          form={form}
          layout="vertical"
          autoComplete="off"
          data-testid="device-form"
          initialValues={formValues(row, { school_id: defaultSchool })}
        >
          <Fields form={form} row={row} />
        </Form>
      ) : null}
    </Modal>
  );
}
