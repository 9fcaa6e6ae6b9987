/**
 * 发起 / 编辑听评课 (c266 listenSave, c267 listenUpdate) in a modal: name, type (远程: a classroom device the caller
 * sees, c060; 精准: one of the caller's videos, c333; 现场), the preparation (c260), the teacher and the evaluators
 * (community members), the time window, the evaluation type with its indicator scheme and the open model.
 */
import { useQuery } from "@tanstack/react-query";
import { type PayloadOf, calls } from "@yanke/protocol";
import { DatePicker, Form, Input, Modal, Radio, Select } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { useMemberOptions } from "../space/common";
import { QuestionnaireMultiSelect } from "../../questionnaire/ListenQuestionnaires";
import { LISTEN_EVALUATION_TYPES, LISTEN_OPEN_MODELS, LISTEN_TYPES, type ListenRow } from "./listen-common";

const FMT = "YYYY-MM-DD HH:mm:ss";

interface Values {
  name: string;
  is_type: number;
  equiment_id?: number;
  my_video_id?: number;
  preparation_id?: number;
  teacher_account_id?: number;
  participation_account_ids: number[];
  window?: [Dayjs, Dayjs];
  evaluation_type: number;
  indicator_id?: number;
  open_model: number;
  introduction?: string;
  questionnaire_ids?: number[];
}

/** The editable fields of a record, as ListenForm pre-fills them. */
export type ListenFormRecord = Pick<
  ListenRow,
  | "id"
  | "name"
  | "is_type"
  | "equiment_id"
  | "my_video_id"
  | "preparation_id"
  | "teacher_account_id"
  | "start_time"
  | "end_time"
  | "evaluation_type"
  | "indicator_id"
  | "open_model"
> & {
  participation_account_ids?: number[];
  introduction?: string;
  questionnaire_ids?: number[];
};

export function ListenForm({
  open,
  communityId,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  communityId: number;
  editing?: ListenFormRecord | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const isType = Form.useWatch("is_type", form);
  const evaluationType = Form.useWatch("evaluation_type", form);
  const members = useMemberOptions(communityId, open);
  const devices = useQuery({
    queryKey: ["listen", "form", "devices"],
    enabled: open && isType === 1,
    queryFn: () => call(calls.equipmentAllList, {}),
  });
  const deviceList = devices.data ?? [];
  const videos = useQuery({
    queryKey: ["listen", "form", "videos"],
    enabled: open && isType === 2,
    queryFn: () => call(calls.myVideoList, { page: 1, limit: 100 }),
  });
  const preps = useQuery({
    queryKey: ["listen", "form", "preps", communityId],
    enabled: open,
    queryFn: () => call(calls.selPreparation, { community_id: communityId, limit: 200 }),
  });
  const prepList = preps.data ?? [];
  const schemes = useQuery({
    queryKey: ["listen", "form", "schemes"],
    enabled: open,
    queryFn: () => call(calls.indicatorList, { root_id: 0, status: 1 }),
  });

  useEffect(() => {
    if (!open) return;
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        is_type: editing.is_type,
        equiment_id: editing.equiment_id || undefined,
        my_video_id: editing.my_video_id || undefined,
        preparation_id: editing.preparation_id || undefined,
        teacher_account_id: editing.teacher_account_id || undefined,
        participation_account_ids: editing.participation_account_ids ?? [],
        window: [dayjs(editing.start_time), dayjs(editing.end_time)],
        evaluation_type: editing.evaluation_type,
        indicator_id: editing.indicator_id || undefined,
        open_model: editing.open_model,
        introduction: editing.introduction ?? "",
        questionnaire_ids: editing.questionnaire_ids ?? [],
      });
    } else {
      form.resetFields();
      const start = dayjs().add(1, "hour").startOf("hour");
      form.setFieldsValue({ is_type: 2, evaluation_type: 1, open_model: 2, participation_account_ids: [], window: [start, start.add(45, "minute")] });
    }
  }, [open, editing, form]);

  // The platform's default scheme, once the list is there.
  useEffect(() => {
    if (!open || editing || form.getFieldValue("indicator_id")) return;
    const first = schemes.data?.list?.[0];
    if (first) form.setFieldValue("indicator_id", first.id);
  }, [open, editing, schemes.data, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const [from, to] = v.window ?? [];
    if (!from || !to) return; // the window is a required field: validateFields has checked it
    const payload: PayloadOf<typeof calls.listenSave> = {
      name: v.name.trim(),
      community_id: communityId,
      is_type: v.is_type,
      equiment_id: v.is_type === 1 ? (v.equiment_id ?? 0) : 0,
      my_video_id: v.is_type === 2 ? (v.my_video_id ?? 0) : 0,
      preparation_id: v.preparation_id ?? 0,
      teacher_account_id: v.teacher_account_id ?? 0,
      participation_account_ids: v.participation_account_ids ?? [],
      start_time: from.format(FMT),
      end_time: to.format(FMT),
      evaluation_type: v.evaluation_type,
      indicator_id: v.evaluation_type === 1 ? (v.indicator_id ?? 0) : 0,
      open_model: v.open_model,
      introduction: v.introduction ?? "",
      questionnaire_ids: v.evaluation_type === 3 ? (v.questionnaire_ids ?? []) : [],
    };
    setSaving(true);
    try {
      const answer = await call(editing ? calls.listenUpdate : calls.listenSave, editing ? { id: editing.id, ...payload } : payload);
      toast.success(editing ? "已保存" : "听评课已创建");
      onSaved(answer?.id ?? editing?.id ?? 0);
    } catch {
      // the client showed the refusal
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={editing ? "编辑听评课" : "发起听评课"}
      open={open}
      width={720}
      okText={editing ? "保存" : "创建"}
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: "96px" }} data-testid="listen-form">
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: "请输入听评课名称" },
            { max: 100, message: "名称不能超过 100 个字符" },
          ]}
        >
          <Input placeholder="如：《背影》精准听评课" maxLength={100} data-testid="listen-form-name" />
        </Form.Item>
        <Form.Item name="is_type" label="类型" rules={[{ required: true, message: "请选择类型" }]}>
          <Radio.Group data-testid="listen-form-type" options={Object.entries(LISTEN_TYPES).map(([k, label]) => ({ value: Number(k), label }))} />
        </Form.Item>
        {isType === 1 ? (
          <Form.Item name="equiment_id" label="教室设备" rules={[{ required: true, message: "请选择远程听课的教室设备" }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="选择教室设备"
              loading={devices.isLoading}
              notFoundContent={devices.isLoading ? "加载中…" : "没有可用的教室设备"}
              options={deviceList.map((d) => ({
                value: d.id,
                label: `${d.position || d.code}${d.school_name ? `（${d.school_name}）` : ""}${d.heartbeat_state === 1 ? "" : " · 离线"}`,
              }))}
              data-testid="listen-form-device"
            />
          </Form.Item>
        ) : null}
        {isType === 2 ? (
          <Form.Item name="my_video_id" label="课堂视频" rules={[{ required: true, message: "请选择精准听评课的课堂视频" }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="选择我的视频"
              loading={videos.isLoading}
              notFoundContent={videos.isLoading ? "加载中…" : "暂无视频，可先在“我的视频”上传"}
              options={(videos.data?.list ?? []).map((v) => ({ value: v.id, label: `${v.name}${v.status !== "ready" ? "（处理中）" : ""}` }))}
              data-testid="listen-form-video"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="preparation_id" label="关联备课">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="可选：关联一个集体备课"
            options={prepList.map((p) => ({ value: p.id, label: p.theme }))}
            data-testid="listen-form-prep"
          />
        </Form.Item>
        <Form.Item name="teacher_account_id" label="授课教师" rules={[{ required: true, message: "请选择授课教师" }]}>
          <Select showSearch optionFilterProp="label" placeholder="社区成员" options={members} data-testid="listen-form-teacher" />
        </Form.Item>
        <Form.Item name="participation_account_ids" label="评课人">
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            placeholder="选择参与评课的社区成员"
            options={members}
            maxTagCount="responsive"
            data-testid="listen-form-evaluators"
          />
        </Form.Item>
        <Form.Item name="window" label="听课时间" rules={[{ required: true, message: "请选择听课时间" }]}>
          <DatePicker.RangePicker
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            placeholder={["开始时间", "结束时间"]}
            style={{ width: "100%" }}
            data-testid="listen-form-window"
          />
        </Form.Item>
        <Form.Item name="evaluation_type" label="评价方式">
          <Radio.Group options={Object.entries(LISTEN_EVALUATION_TYPES).map(([k, label]) => ({ value: Number(k), label }))} />
        </Form.Item>
        {evaluationType === 1 ? (
          <Form.Item name="indicator_id" label="评课量表" rules={[{ required: true, message: "请选择评课量表" }]}>
            <Select
              placeholder="选择评课量表"
              loading={schemes.isLoading}
              options={(schemes.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.school_name}，${s.item_count} 项）` }))}
              data-testid="listen-form-scheme"
            />
          </Form.Item>
        ) : null}
        {evaluationType === 3 ? (
          <Form.Item name="questionnaire_ids" label="评价问卷" rules={[{ required: true, type: "array", min: 1, message: "请选择至少一份问卷" }]}>
            <QuestionnaireMultiSelect enabled={open} />
          </Form.Item>
        ) : null}
        <Form.Item name="open_model" label="公开范围">
          <Radio.Group options={Object.entries(LISTEN_OPEN_MODELS).map(([k, label]) => ({ value: Number(k), label }))} />
        </Form.Item>
        <Form.Item name="introduction" label="说明">
          <Input.TextArea rows={2} maxLength={500} showCount placeholder="可选" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
