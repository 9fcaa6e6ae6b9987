/**
 * 创建社区 (c179) / 编辑社区 (c180): name, introduction, logo and banner (ImageUpload), type, level, period, subject,
 * join mode and the apply template (DocumentUpload). A level above 校级 waits for verification (需审核).
 */
import { useQuery } from "@tanstack/react-query";
import { calls, COMMUNITY_LEVELS, COMMUNITY_TYPES, JOIN_MODES, PAGE, type CommunityItem, type FileRecord, type MergeAnswer } from "@yanke/protocol";
import { Alert, Form, Input, Modal, Radio, Select } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../../api/toast";
import { DocumentUpload } from "../../components/upload/DocumentUpload";
import { ImageUpload } from "../../components/upload/ImageUpload";
import { useSession } from "../../session/store";
import { api } from "./common";

interface Values {
  name: string;
  introduction: string;
  type: number;
  level: number;
  join_mode: number;
  period_id?: number;
  subject_id?: number;
}

/** An image address as the one-image value of ImageUpload. */
function asImages(url: string | undefined, name: string): FileRecord[] {
  if (!url) return [];
  return [
    {
      id: 0,
      file_path: url,
      file_name: name,
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
    },
  ];
}

export function CommunityForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: CommunityItem | null;
  onClose: () => void;
  onSaved: (c: CommunityItem) => void;
}) {
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const [logo, setLogo] = useState<FileRecord[]>([]);
  const [banner, setBanner] = useState<FileRecord[]>([]);
  const [template, setTemplate] = useState<MergeAnswer[]>([]);
  const [templateUrl, setTemplateUrl] = useState("");
  const [saving, setSaving] = useState(false);
  const level = Form.useWatch("level", form) ?? 1;
  const periodId = Form.useWatch("period_id", form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTemplate([]);
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        introduction: editing.introduction,
        type: editing.type,
        level: editing.level,
        join_mode: editing.join_mode,
        period_id: editing.period_id || undefined,
        subject_id: editing.subject_id || undefined,
      });
      setLogo(asImages(editing.logo_url, "社区图标"));
      setBanner(asImages(editing.banner_url, "社区横幅"));
      setTemplateUrl(editing.apply_template_url);
    } else {
      form.setFieldsValue({ type: 1, level: 1, join_mode: 0 });
      setLogo([]);
      setBanner([]);
      setTemplateUrl("");
    }
  }, [open, editing, form]);

  const periods = useQuery({
    queryKey: ["community", "form", "periods", session.school_id],
    enabled: open,
    staleTime: 60_000,
    queryFn: () => api(calls.commonPeriodList, { page: 1, limit: PAGE.maxLimit }),
  });
  const subjects = useQuery({
    queryKey: ["community", "form", "subjects", periodId ?? 0],
    enabled: open && Boolean(periodId),
    staleTime: 60_000,
    queryFn: () => api(calls.commonCourseList, { period_id: periodId }),
  });

  /** The region of a level above 校级: the caller's own district, city or province. */
  const regionOf = (lv: number) => (lv === 2 ? session.area_id || session.njy_area_id : lv === 3 ? session.city_id : lv === 4 ? session.province_id : 0);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const tpl = template.length ? `/files/${template[template.length - 1].id}` : templateUrl;
    const common = {
      name: v.name,
      introduction: v.introduction ?? "",
      logo_url: logo[0]?.file_path ?? "",
      banner_url: banner[0]?.file_path ?? "",
      apply_template_url: tpl,
      type: v.type,
      join_mode: v.join_mode,
      period_id: v.period_id ?? 0,
      subject_id: v.subject_id ?? 0,
    };
    setSaving(true);
    try {
      const saved = editing
        ? await api(calls.communityUpdate, { community_id: editing.id, ...common })
        : await api(calls.communitySave, { ...common, level: v.level, ...(v.level > 1 ? { region_id: regionOf(v.level) } : {}) });
      toast.success(editing ? "修改成功" : saved.status === 0 ? "社区已提交，等待管理员审核" : "创建成功");
      onSaved(saved);
    } catch {
      /* the API client shows the refusal */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? "编辑社区" : "创建社区"}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={editing ? "保存" : "创建"}
      cancelText="取消"
      confirmLoading={saving}
      width={640}
      destroyOnHidden
      okButtonProps={{ "data-testid": "community-form-ok" } as Record<string, string>}
    >
      {/* antd's form styles show input[type=file] as a block even when hidden: keep the pickers' inputs hidden */}
      <style>{".yk-community-form input[type=file][hidden]{display:none!important}"}</style>
      <Form form={form} className="yk-community-form" layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} data-testid="community-form">
        <Form.Item
          name="name"
          label="社区名称"
          rules={[
            { required: true, whitespace: true, message: "请输入社区名称" },
            { max: 50, message: "社区名称不能超过 50 个字符" },
          ]}
        >
          <Input placeholder="例如：初中语文教研社区" data-testid="community-form-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="introduction" label="社区简介" rules={[{ max: 2000, message: "社区简介不能超过 2000 个字符" }]}>
          <Input.TextArea rows={3} placeholder="介绍社区的研究方向与活动" data-testid="community-form-introduction" />
        </Form.Item>
        <Form.Item label="社区图标">
          <ImageUpload value={logo} onChange={setLogo} max={1} multiple={false} size={80} />
        </Form.Item>
        <Form.Item label="社区横幅" extra="建议宽高比 4:1">
          <ImageUpload value={banner} onChange={setBanner} max={1} multiple={false} size={80} />
        </Form.Item>
        <Form.Item name="type" label="社区类型" rules={[{ required: true, message: "请选择社区类型" }]}>
          <Select data-testid="community-form-type" options={Object.entries(COMMUNITY_TYPES).map(([k, label]) => ({ value: Number(k), label }))} />
        </Form.Item>
        <Form.Item name="level" label="社区级别" rules={[{ required: true, message: "请选择社区级别" }]} extra={editing ? "级别创建后不能修改" : undefined}>
          <Radio.Group disabled={Boolean(editing)} data-testid="community-form-level">
            {Object.entries(COMMUNITY_LEVELS).map(([k, label]) => (
              <Radio key={k} value={Number(k)} data-testid={`community-level-${k}`}>
                {label}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {!editing && level > 1 ? (
          <Form.Item wrapperCol={{ offset: 5, span: 18 }}>
            <Alert
              type="warning"
              showIcon
              data-testid="community-form-verify"
              title={`${COMMUNITY_LEVELS[level]}社区需审核：提交后由管辖本人所在地区的管理员审核，通过后才能使用。`}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="period_id" label="学段">
          <Select
            allowClear
            placeholder="不限"
            options={(periods.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={() => form.setFieldValue("subject_id", undefined)}
            data-testid="community-form-period"
          />
        </Form.Item>
        <Form.Item name="subject_id" label="学科">
          <Select
            allowClear
            placeholder={periodId ? "不限" : "请先选择学段"}
            disabled={!periodId}
            options={(subjects.data ?? []).filter((s) => s.id > 0).map((s) => ({ value: s.id, label: s.name }))}
            data-testid="community-form-subject"
          />
        </Form.Item>
        <Form.Item name="join_mode" label="加入方式">
          <Radio.Group data-testid="community-form-join-mode">
            {Object.entries(JOIN_MODES).map(([k, label]) => (
              <Radio key={k} value={Number(k)}>
                {label}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="申请模板" extra="上传后，申请人需下载模板、填写并上传申请表才能加入">
          {templateUrl && !template.length ? (
            <div style={{ marginBottom: 8 }}>
              <a href={templateUrl} target="_blank" rel="noopener noreferrer">
                当前模板
              </a>
              <a style={{ marginLeft: 12, color: "#d4380d" }} onClick={() => setTemplateUrl("")}>
                移除
              </a>
            </div>
          ) : null}
          <DocumentUpload value={template} onChange={setTemplate} max={1} buttonText="上传申请模板" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
