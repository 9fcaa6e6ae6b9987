import { useQuery } from "@tanstack/react-query";
import { CALLS, RECORD_MODELS, SLOT_STATUS, TimetableSave, type TimetableRow } from "@yanke/protocol";
import { Alert, Button, Checkbox, Col, DatePicker, Drawer, Form, Input, Row, Select, Space, Tag, TimePicker, Typography } from "antd";
import dayjs from "../../dayjs";
import { useEffect, useState } from "react";
import { toast } from "../../api/toast";
import { usePermission } from "../../rbac/usePermission";
import { rbacApi } from "../api";
import { DRAWER_WIDTH, zodRule } from "../common";
import { formRefusal, timetableApi } from "./timetable-api";
import { createPayload, FLAG_KEYS, FLAG_LABELS, formValues, statusName, STATUS_COLORS, updatePayload, type SlotFormValues } from "./timetable-view";

const f = TimetableSave.shape;
const RESOLUTIONS = ["1080P", "720P", "480P"].map((v) => ({ value: v, label: v }));
const MODELS = Object.entries(RECORD_MODELS).map(([v, label]) => ({ value: Number(v), label }));

export interface SlotTarget {
  /** The slot edited, or null for a new one. */
  slot: TimetableRow | null;
  /** A new slot's day ("YYYY-MM-DD") and, when a time row was clicked, its time. */
  date: string;
  time?: { start: string; end: string };
}

/** 新增课程 / 编辑课程: the §3 Timetable record fields (c062 / c063) in a drawer. */
export function SlotForm({
  target,
  schoolId,
  classId,
  className,
  onClose,
  onSaved,
}: {
  target: SlotTarget | null;
  schoolId: number | undefined;
  classId: number;
  className: string;
  onClose: () => void;
  onSaved: (row: TimetableRow) => void;
}) {
  const [form] = Form.useForm<SlotFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const can = usePermission();
  const slot = target?.slot ?? null;
  const started = slot !== null && slot.status !== SLOT_STATUS.scheduled;

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(formValues(target.slot, target.date, target.time));
  }, [target, form]);

  const teachers = useQuery({
    queryKey: ["accounts", "teachers", schoolId ?? 0],
    enabled: Boolean(target && schoolId) && can(CALLS.accountList),
    staleTime: 30_000,
    queryFn: () => rbacApi.accountList({ page: 1, limit: 100, school_id: schoolId, identity: 2 }),
  });
  const teacherOptions = (teachers.data?.list ?? []).map((t) => ({ value: t.id, label: t.realname ? `${t.realname}（${t.username}）` : t.username }));
  if (slot?.account_id && !teacherOptions.some((o) => o.value === slot.account_id))
    teacherOptions.unshift({ value: slot.account_id, label: slot.account_name || `教师 ${slot.account_id}` });

  // c047 (a session call): the subjects of the class's school, every period.
  const subjects = useQuery({
    queryKey: ["subjects", "period-subjects", schoolId ?? 0],
    enabled: Boolean(target && schoolId),
    staleTime: 30_000,
    queryFn: () => timetableApi.subjects(schoolId!),
  });
  const subjectOptions = (Array.isArray(subjects.data) ? subjects.data : []).map((s) => ({ value: s.id, label: s.name }));
  if (slot?.subject_id && !subjectOptions.some((o) => o.value === slot.subject_id))
    subjectOptions.unshift({ value: slot.subject_id, label: slot.subject_name || `学科 ${slot.subject_id}` });

  const submit = async () => {
    let v: SlotFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    setSaving(true);
    try {
      if (slot) {
        const changes = updatePayload(slot, classId, v);
        if (!Object.keys(changes).length) {
          toast.info("没有修改");
          onClose();
          return;
        }
        const row = await timetableApi.update({ id: slot.id, ...changes });
        toast.success("保存成功");
        onSaved(row);
      } else {
        const row = await timetableApi.create(createPayload(classId, v));
        toast.success("添加成功");
        onSaved(row);
      }
    } catch (e) {
      const msg = formRefusal(e);
      if (msg === null) onClose();
      else setError(msg);
    } finally {
      setSaving(false);
    }
  };

  const today = dayjs().startOf("day");
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={DRAWER_WIDTH}
      destroyOnHidden
      title={slot ? "编辑课程" : "新增课程"}
      extra={slot ? <Tag color={STATUS_COLORS[slot.status]}>{statusName(slot)}</Tag> : null}
      footer={
        <Space style={{ display: "flex", justifyContent: "flex-end" }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="slot-submit">
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="slot-form" onFinish={submit}>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          班级：<b data-testid="slot-form-class">{className}</b>
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="slot-form-error" /> : null}
        {started ? <Alert type="info" showIcon title="该课程已开始录制或已结束，只能修改名称和选项，不能修改时间" style={{ marginBottom: 16 }} /> : null}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="课程名称" name="course_name" rules={[{ required: true, whitespace: true, message: "请输入课程名称" }, zodRule(f.course_name)]}>
              <Input maxLength={100} placeholder="如：函数的图像" data-testid="slot-form-course" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="章节名称" name="chapter_name" rules={[zodRule(f.chapter_name)]}>
              <Input maxLength={100} placeholder="选填，如：第三章 第二节" data-testid="slot-form-chapter" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="学科" name="subject_id">
              <Select
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                placeholder="选填"
                options={subjectOptions}
                loading={subjects.isLoading}
                notFoundContent="该学校还没有学科"
                data-testid="slot-form-subject"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="授课教师" name="account_id" tooltip="录像归该教师所有并占用其存储空间；不选则归创建人">
              <Select
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                placeholder="选填"
                options={teacherOptions}
                loading={teachers.isLoading}
                notFoundContent="该学校还没有教师账号"
                data-testid="slot-form-teacher"
              />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label="上课日期" name="date" rules={[{ required: true, message: "请选择上课日期" }]}>
              <DatePicker
                style={{ width: "100%" }}
                disabled={started}
                allowClear={false}
                disabledDate={(d) => d.isBefore(today)}
                data-testid="slot-form-date"
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item label="开始时间" name="start" rules={[{ required: true, message: "请选择开始时间" }]}>
              <TimePicker
                format="HH:mm"
                minuteStep={5}
                needConfirm={false}
                style={{ width: "100%" }}
                disabled={started}
                allowClear={false}
                data-testid="slot-form-start"
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item
              label="结束时间"
              name="end"
              dependencies={["start"]}
              rules={[
                { required: true, message: "请选择结束时间" },
                ({ getFieldValue }) => ({
                  validator: async (_r, value: dayjs.Dayjs | undefined) => {
                    const start = getFieldValue("start") as dayjs.Dayjs | undefined;
                    if (!value || !start) return;
                    const minutes = value.hour() * 60 + value.minute() - (start.hour() * 60 + start.minute());
                    if (minutes <= 0) throw new Error("结束时间必须晚于开始时间");
                    if (minutes > 240) throw new Error("一节课最长 240 分钟");
                  },
                }),
              ]}
            >
              <TimePicker
                format="HH:mm"
                minuteStep={5}
                needConfirm={false}
                style={{ width: "100%" }}
                disabled={started}
                allowClear={false}
                data-testid="slot-form-end"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="分辨率" name="resolution" tooltip="录制按设备自身的画面设置进行，此项仅作记录">
              <Select options={RESOLUTIONS} data-testid="slot-form-resolution" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="录制模式" name="record_model">
              <Select options={MODELS} data-testid="slot-form-model" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="封面地址" name="cover_url" rules={[zodRule(f.cover_url)]}>
              <Input maxLength={500} placeholder="选填，图片地址" data-testid="slot-form-cover" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="选项" style={{ marginBottom: 0 }}>
              <Row gutter={[8, 4]}>
                {FLAG_KEYS.map((k) => (
                  <Col span={8} key={k}>
                    <Form.Item name={k} valuePropName="checked" noStyle>
                      <Checkbox data-testid={`slot-form-${k}`}>{FLAG_LABELS[k]}</Checkbox>
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
