/** 资源中心 → 评课活动: the create / edit form of an activity (#11; docs/api/review.md). */
import { useQuery } from "@tanstack/react-query";
import { type PayloadOf, calls, REVIEW_ALLOCATE_MODES, ReviewSavePayload, type FileRecord, type ReviewActivityRow } from "@yanke/protocol";
import { Alert, Col, DatePicker, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Button } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { ImageUpload } from "../../components/upload/ImageUpload";
import { useSession } from "../../session/store";
import { zodRule } from "../common";
import { SchoolSelect, usePeriods } from "../pickers";

interface Values {
  title: string;
  cover: FileRecord[];
  introduce: string;
  scope: "school" | "region" | "platform";
  school_id?: number;
  period_id?: number;
  subject_id?: number;
  indicator_id?: number;
  dates: { signup?: [Dayjs | null, Dayjs | null] | null; submit_end?: Dayjs | null; review_end?: Dayjs | null };
  reviewers_per_work: number;
  allocate_mode: number;
}

const fmt = (d: Dayjs | null | undefined): string | null => (d ? d.format("YYYY-MM-DD HH:mm:ss") : null);
const parse = (s: string): Dayjs | null => (s ? dayjs(s) : null);

function initial(a: ReviewActivityRow | null, identity: number, schoolId: number): Values {
  const scope = a
    ? a.school_id
      ? "school"
      : a.region_code
        ? "region"
        : "platform"
    : identity === 3
      ? "region"
      : identity === 1 || identity === 5
        ? "platform"
        : "school";
  return {
    title: a?.title ?? "",
    cover: a?.cover_url
      ? [
          {
            id: 0,
            file_path: a.cover_url,
            file_name: "封面",
            file_type: "",
            type: "image",
            size: 0,
            mime: "",
            module: "image",
            account_id: 0,
            duration: null,
            codec: null,
            sha256: "",
            is_public: true,
            create_time: "",
          } as FileRecord,
        ]
      : [],
    introduce: a?.introduce ?? "",
    scope,
    school_id: a?.school_id || (scope === "school" ? schoolId || undefined : undefined),
    period_id: a?.period_id || undefined,
    subject_id: a?.subject_id || undefined,
    indicator_id: a?.indicator_id || undefined,
    dates: {
      signup: a ? [parse(a.signup_start), parse(a.signup_end)] : null,
      submit_end: a ? parse(a.submit_end) : null,
      review_end: a ? parse(a.review_end) : null,
    },
    reviewers_per_work: a?.reviewers_per_work ?? 2,
    allocate_mode: a?.allocate_mode ?? 2,
  };
}

export function ReviewActivityForm({
  open,
  activity,
  onClose,
  onSaved,
}: {
  open: boolean;
  activity: ReviewActivityRow | null;
  onClose: () => void;
  onSaved: (a: ReviewActivityRow) => void;
}) {
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const [saving, setSaving] = useState(false);
  const platform = session.identity === 1 || session.identity === 5;
  const district = session.identity === 3;
  const scope = Form.useWatch("scope", form);
  const schoolId = Form.useWatch("school_id", form);
  const periodId = Form.useWatch("period_id", form);
  const periods = usePeriods(scope === "school" ? schoolId : undefined, open && scope === "school" && Boolean(schoolId));
  const subjects = useQuery({
    queryKey: ["review", "subjects", schoolId ?? 0],
    enabled: open && scope === "school" && Boolean(schoolId),
    staleTime: 30_000,
    queryFn: () => call(calls.periodSubjectList, { school_id: schoolId }),
  });
  const subjectOptions = (Array.isArray(subjects.data) ? subjects.data : [])
    .filter((s) => !periodId || s.period_id === periodId)
    .map((s) => ({ value: s.id, label: s.name }));
  const schemes = useQuery({
    queryKey: ["review", "schemes"],
    enabled: open,
    staleTime: 30_000,
    queryFn: () => call(calls.indicatorList, { root_id: 0, status: 1 }),
  });
  const locked = Boolean(activity && activity.phase > 0);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial(activity, session.identity, session.school_id));
  }, [open, activity, form, session.identity, session.school_id]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const payload: PayloadOf<typeof calls.reviewSave> & Omit<PayloadOf<typeof calls.reviewUpdate>, "id"> = {
      title: v.title,
      introduce: v.introduce ?? "",
      cover_url: v.cover?.[0]?.file_path ?? "",
      period_id: v.period_id ?? 0,
      subject_id: v.subject_id ?? 0,
      indicator_id: v.indicator_id,
      signup_start: fmt(v.dates?.signup?.[0]),
      signup_end: fmt(v.dates?.signup?.[1]),
      submit_end: fmt(v.dates?.submit_end),
      review_end: fmt(v.dates?.review_end),
      reviewers_per_work: v.reviewers_per_work,
      allocate_mode: v.allocate_mode,
    };
    if (!locked) {
      payload.school_id = v.scope === "school" ? (v.school_id ?? 0) : 0;
      payload.region_code = v.scope === "region" ? session.region_code : "";
    }
    setSaving(true);
    try {
      const a = activity ? await call(calls.reviewUpdate, { id: activity.id, ...payload }) : await call(calls.reviewSave, payload);
      toast.success(activity ? "已保存" : "已创建（草稿），发布后教师可报名");
      onSaved(a);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={activity ? `编辑评课活动：${activity.title}` : "新建评课活动"}
      size="large"
      width={720}
      destroyOnHidden
      data-testid="review-form"
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="review-form-save">
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="title"
          label="活动名称"
          rules={[{ required: true, whitespace: true, message: "请输入活动名称" }, zodRule(ReviewSavePayload.shape.title)]}
        >
          <Input placeholder="如：2026年秋季“一师一优课”评选" maxLength={100} data-testid="review-title" />
        </Form.Item>
        <Form.Item name="cover" label="封面" valuePropName="value">
          <ImageUpload max={1} multiple={false} size={120} />
        </Form.Item>
        <Form.Item name="introduce" label="活动介绍">
          <Input.TextArea rows={4} maxLength={5000} showCount placeholder="活动目的、参与对象、作品要求" />
        </Form.Item>
        <Form.Item name="scope" label="活动范围" extra={locked ? "活动已发布，范围不能再修改" : undefined}>
          <Radio.Group disabled={locked}>
            <Radio value="school">学校</Radio>
            {district ? <Radio value="region">本区域</Radio> : null}
            {platform ? <Radio value="platform">全平台</Radio> : null}
          </Radio.Group>
        </Form.Item>
        {scope === "school" ? (
          <Form.Item name="school_id" label="学校" rules={[{ required: true, message: "请选择学校" }]}>
            <SchoolSelect testId="review-school" width="100%" allowClear={false} disabled={locked || (!platform && !district)} />
          </Form.Item>
        ) : null}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="period_id" label="学段">
              <Select allowClear placeholder={scope === "school" ? "不限" : "不限（选择学校后可选）"} options={periods} disabled={scope !== "school"} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="subject_id" label="学科">
              <Select allowClear showSearch optionFilterProp="label" placeholder="不限" options={subjectOptions} disabled={scope !== "school"} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="indicator_id"
          label="评价量表"
          rules={[{ required: true, message: "请选择评价量表" }]}
          extra={activity && activity.phase >= 3 ? "评审已开始，不能更换量表" : "评审专家按量表的评分项打分，按权重折算为百分制"}
        >
          <Select
            data-testid="review-scheme"
            placeholder="选择评价量表"
            loading={schemes.isLoading}
            disabled={Boolean(activity && activity.phase >= 3)}
            options={(schemes.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.school_name}，${s.item_count} 项）` }))}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name={["dates", "signup"]} label="报名时间">
              <DatePicker.RangePicker style={{ width: "100%" }} allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name={["dates", "submit_end"]} label="作品提交截止">
              <DatePicker style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name={["dates", "review_end"]} label="评审截止">
              <DatePicker style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="reviewers_per_work" label="每件作品评审人数" rules={[{ required: true, message: "请输入评审人数" }]}>
              <InputNumber min={1} max={20} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="allocate_mode" label="分配方式">
              <Radio.Group options={Object.entries(REVIEW_ALLOCATE_MODES).map(([value, label]) => ({ value: Number(value), label }))} />
            </Form.Item>
          </Col>
        </Row>
        <Alert type="info" showIcon message="新建的活动为草稿，在「阶段」中发布（进入报名）后教师才能看到。" />
      </Form>
    </Drawer>
  );
}
