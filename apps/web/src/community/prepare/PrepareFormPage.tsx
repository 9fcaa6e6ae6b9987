/**
 * 发起集体备课 / 编辑集体备课 (/addBKDetail): create (?community_id=) or edit (?id=) a preparation — theme, type,
 * open_model, cover, time window, participants (the chosen community's members from c248, or the school's for a
 * preparation in no community), period / subject / grade, introduction, the textbook binding (TextbookPicker) and
 * files (fileArr). One call saves everything: c235 preparationSave or c236 preparationUpdate (the binding and fileArr
 * are fields of both); then the detail page (/editDetail?id=).
 */
import { DeleteOutlined, PaperClipOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, PAGE, PREPARATION_FILE_TYPES, PREPARATION_OPEN_MODELS, PREPARATION_TYPES, type FileRecord, type PreparationDetail } from "@yanke/protocol";
import { Alert, Button, Card, DatePicker, Form, Input, Radio, Result, Select, Space, Spin } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { FileUpload } from "../../components/upload/FileUpload";
import { ImageUpload } from "../../components/upload/ImageUpload";
import { useSession } from "../../session/store";
import { LoginHint } from "../common/util";
import { TextbookPicker, type TextbookBinding } from "./TextbookPicker";
import { bytes, checkWindow, gradeNamesFor, prepDetailHref, prepListHref } from "./prepare-common";

const FMT = "YYYY-MM-DD HH:mm:ss";

interface Values {
  theme: string;
  type: number;
  open_model: number;
  community_id: number;
  window?: [Dayjs, Dayjs];
  accountIds: number[];
  period_id?: number;
  subject_id?: number;
  grade_name?: string;
  introduction?: string;
}

/** A file of the form: one kept from the preparation (file_id of its stored file) or a new upload. */
interface FormFile {
  key: string;
  file_id: number;
  file_name: string;
  size: number;
  type: number;
}

const EMPTY_BINDING: TextbookBinding = { editon_id: 0, bookId: 0, book_catalog_id: 0, catalogCode: "", catalogCodeIds: [], njy_structure: "" };

function coverRecord(url: string): FileRecord[] {
  if (!url) return [];
  return [
    {
      id: 0,
      file_path: url,
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
    },
  ];
}

export function PrepareFormPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? "") || 0;
  const communityId = Number(params.get("community_id") ?? "") || 0;
  const detail = useQuery({
    staleTime: 0,
    queryKey: ["prepare", "detail", id, "form"],
    enabled: id > 0 && session.token !== "",
    retry: false,
    queryFn: () => call(calls.preparationDetail, { id }),
  });
  let body: ReactNode;
  if (!session.token)
    body = (
      <Card>
        <LoginHint text="登录后发起集体备课" />
      </Card>
    );
  else if (id > 0 && detail.isLoading) body = <Spin style={{ display: "block", margin: "80px auto" }} />;
  else if (id > 0 && !detail.data) body = <Result status="warning" title="集体备课不存在或已删除" />;
  else if (detail.data && !detail.data.power.can_manage) body = <Result status="403" title="只有主备人或管理员可以编辑" />;
  else
    body = <PrepareForm key={detail.data?.id ?? `new-${communityId}`} editing={detail.data ?? null} communityId={detail.data?.community_id ?? communityId} />;
  return (
    <div className="yk-page" data-testid="PrepareFormPage" style={{ maxWidth: 1000, margin: "0 auto" }}>
      {body}
    </div>
  );
}

function PrepareForm({ editing, communityId }: { editing: PreparationDetail | null; communityId: number }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const session = useSession();
  const [cover, setCover] = useState<FileRecord[]>(coverRecord(editing?.cover_url ?? ""));
  const [binding, setBinding] = useState<TextbookBinding>(
    editing
      ? {
          editon_id: editing.editon_id,
          bookId: editing.bookId,
          book_catalog_id: editing.book_catalog_id,
          catalogCode: editing.catalogCode,
          catalogCodeIds: editing.catalogCodeIds,
          njy_structure: editing.njy_structure,
        }
      : EMPTY_BINDING,
  );
  const [files, setFiles] = useState<FormFile[]>(
    (editing?.fileArr ?? []).map((f) => ({ key: `old-${f.id}`, file_id: f.file_id, file_name: f.file_name, size: f.size, type: f.type })),
  );
  const [fileType, setFileType] = useState(1);
  const [saving, setSaving] = useState(false);
  const chosenCommunity = Form.useWatch("community_id", form);
  const periodId = Form.useWatch("period_id", form);

  const identity = useQuery({
    staleTime: 0,
    queryKey: ["prepare", "identity"],
    queryFn: () => call(calls.preparationIdentityAndCommunityList, {}),
  });
  const periods = useQuery({
    queryKey: ["prepare", "form", "periods", session.school_id],
    staleTime: 60_000,
    queryFn: () => call(calls.commonPeriodList, { page: 1, limit: PAGE.maxLimit }),
  });
  const subjects = useQuery({
    queryKey: ["prepare", "form", "subjects", periodId ?? 0],
    enabled: Boolean(periodId),
    staleTime: 60_000,
    queryFn: () => call(calls.commonCourseList, { period_id: periodId }),
  });

  const communities = identity.data?.communities ?? [];
  const community = communities.find((c) => c.id === chosenCommunity);
  const memberOptions = useMemo(() => {
    const pool = chosenCommunity ? (community?.members ?? []) : (identity.data?.school_members ?? []);
    const self = editing?.account_id ?? session.account_id;
    const opts = pool.filter((m) => m.account_id !== self).map((m) => ({ value: m.account_id, label: m.realname }));
    // Participants kept from the preparation who are not in the pool any more stay choosable.
    for (const m of editing?.members ?? [])
      if (m.account_id !== self && !opts.some((o) => o.value === m.account_id)) opts.push({ value: m.account_id, label: m.realname });
    return opts;
  }, [chosenCommunity, community, identity.data, editing, session.account_id]);
  const periodName = periods.data?.list.find((p) => p.id === periodId)?.name;

  useEffect(() => {
    if (editing) {
      form.setFieldsValue({
        theme: editing.theme,
        type: editing.type,
        open_model: editing.open_model,
        community_id: editing.community_id,
        window: [dayjs(editing.start_time), dayjs(editing.end_time)],
        accountIds: editing.accountIds.filter((a) => a !== editing.account_id),
        period_id: editing.period_id || undefined,
        subject_id: editing.subject_id || undefined,
        grade_name: editing.grade_name || undefined,
        introduction: editing.introduction,
      });
    } else {
      const start = dayjs().add(1, "hour").startOf("hour");
      form.setFieldsValue({ type: 1, open_model: 2, community_id: communityId, accountIds: [], window: [start, start.add(7, "day")] });
    }
  }, [editing, communityId, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const start = v.window?.[0]?.format(FMT);
    const end = v.window?.[1]?.format(FMT);
    const bad = checkWindow(start, end);
    if (bad) {
      form.setFields([{ name: "window", errors: [bad] }]);
      return;
    }
    if (!start || !end) return; // the window is a required field: validateFields has checked it
    const fileArr = files.map((f) => ({ file_id: f.file_id, file_name: f.file_name, type: f.type }));
    const payload = {
      theme: v.theme.trim(),
      type: v.type,
      open_model: v.open_model,
      cover_url: cover[0]?.file_path ?? "",
      community_id: v.community_id ?? 0,
      accountIds: v.accountIds ?? [],
      start_time: start,
      end_time: end,
      period_id: v.period_id ?? 0,
      subject_id: v.subject_id ?? 0,
      grade_name: v.grade_name ?? "",
      introduction: (v.introduction ?? "").trim(),
      editon_id: binding.editon_id,
      bookId: binding.bookId,
      book_catalog_id: binding.book_catalog_id,
      catalogCode: binding.catalogCode,
      catalogCodeIds: binding.catalogCodeIds,
      njy_structure: binding.njy_structure,
      fileArr,
    };
    setSaving(true);
    try {
      const saved = editing ? await call(calls.preparationUpdate, { id: editing.id, ...payload }) : await call(calls.preparationSave, payload);
      toast.success(editing ? "修改成功" : saved.verify_status === 0 ? "已提交，等待管理员审核" : "创建成功");
      await qc.invalidateQueries({ queryKey: ["prepare"] });
      void navigate(prepDetailHref(saved.id));
    } catch {
      /* the client showed the refusal */
    } finally {
      setSaving(false);
    }
  };

  const back = () => navigate(editing ? prepDetailHref(editing.id) : prepListHref(communityId));
  const communityOptions = [
    ...communities.map((c) => ({ value: c.id, label: `${c.name}（${c.level_name}）` })),
    // A preparation's own community stays shown even when the caller may no longer post there.
    ...(editing?.community_id && !communities.some((c) => c.id === editing.community_id)
      ? [{ value: editing.community_id, label: editing.community_name }]
      : []),
    { value: 0, label: `不属于社区（${identity.data?.school_name || "本校"}）` },
  ];

  return (
    <Card title={editing ? "编辑集体备课" : "发起集体备课"} data-testid="prep-form">
      <Form form={form} layout="horizontal" labelCol={{ flex: "110px" }} wrapperCol={{ flex: 1 }} onFinish={() => void submit()} requiredMark>
        <Form.Item
          label="备课主题"
          name="theme"
          rules={[
            { required: true, whitespace: true, message: "请输入备课主题" },
            { max: 100, message: "备课主题不能超过 100 个字符" },
          ]}
        >
          <Input placeholder="例如：七年级上册 第一章 有理数 集体备课" maxLength={100} showCount data-testid="prep-form-theme" />
        </Form.Item>
        <Form.Item label="所属社区" name="community_id" rules={[{ required: true, message: "请选择所属社区" }]}>
          <Select
            options={communityOptions}
            loading={identity.isLoading}
            onChange={() => form.setFieldValue("accountIds", [])}
            data-testid="prep-form-community"
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        {community?.needs_verify ? (
          <Alert type="info" showIcon style={{ marginBottom: 16, marginLeft: 110 }} message="在该社区发起的集体备课需管理员审核通过后才对他人展示。" />
        ) : null}
        <Form.Item label="备课类型" name="type">
          <Radio.Group options={Object.entries(PREPARATION_TYPES).map(([k, label]) => ({ value: Number(k), label }))} data-testid="prep-form-type" />
        </Form.Item>
        <Form.Item label="公开范围" name="open_model" extra="公开：任何人（含未登录访客）可查看；社区内：社区成员可查看；仅参与人：只有参与人和管理员可查看。">
          <Radio.Group options={Object.entries(PREPARATION_OPEN_MODELS).map(([k, label]) => ({ value: Number(k), label }))} data-testid="prep-form-open" />
        </Form.Item>
        <Form.Item label="备课时间" name="window" rules={[{ required: true, message: "请选择备课时间" }]}>
          <DatePicker.RangePicker
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            placeholder={["开始时间", "结束时间"]}
            data-testid="prep-form-window"
          />
        </Form.Item>
        <Form.Item label="参与人" name="accountIds" extra="主备人（发起人）自动参与；集体备课的参与人可共同编辑教案。">
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={memberOptions.length ? "选择参与的教师" : "暂无可选的成员"}
            options={memberOptions}
            loading={identity.isLoading}
            data-testid="prep-form-members"
          />
        </Form.Item>
        <Form.Item label="学段 / 学科">
          <Space wrap>
            <Form.Item name="period_id" noStyle>
              <Select
                allowClear
                placeholder="学段"
                style={{ width: 140 }}
                options={(periods.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
                onChange={() => form.setFieldsValue({ subject_id: undefined, grade_name: undefined })}
                data-testid="prep-form-period"
              />
            </Form.Item>
            <Form.Item name="subject_id" noStyle>
              <Select
                allowClear
                placeholder={periodId ? "学科" : "请先选择学段"}
                disabled={!periodId}
                style={{ width: 140 }}
                options={(subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                data-testid="prep-form-subject"
              />
            </Form.Item>
            <Form.Item name="grade_name" noStyle>
              <Select
                allowClear
                placeholder="年级"
                style={{ width: 120 }}
                options={gradeNamesFor(periodName).map((g) => ({ value: g, label: g }))}
                data-testid="prep-form-grade"
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item label="教材目录" extra="绑定教材章节后，AI 诊断会对照该章节的知识点。">
          <TextbookPicker value={binding} onChange={setBinding} />
        </Form.Item>
        <Form.Item label="封面" extra="选填，png / jpg，不超过 5M">
          <ImageUpload value={cover} onChange={setCover} max={1} multiple={false} size={120} />
        </Form.Item>
        <Form.Item label="备课说明" name="introduction" rules={[{ max: 5000, message: "备课说明不能超过 5000 个字符" }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount placeholder="备课目标、分工、进度安排……" data-testid="prep-form-intro" />
        </Form.Item>
        <Form.Item label="备课文件">
          <div data-testid="prep-form-files">
            <Space wrap style={{ marginBottom: 8 }}>
              <Select
                size="middle"
                style={{ width: 120 }}
                value={fileType}
                onChange={setFileType}
                options={Object.entries(PREPARATION_FILE_TYPES).map(([k, label]) => ({ value: Number(k), label }))}
              />
              <FileUpload
                kind="any"
                value={[]}
                showList={false}
                buttonText="上传文件"
                onSuccess={(rec) =>
                  setFiles((fs) => [...fs, { key: `new-${rec.id}`, file_id: rec.id, file_name: rec.file_name, size: rec.size, type: fileType }])
                }
              />
            </Space>
            {files.length === 0 ? (
              <div className="yk-muted" style={{ fontSize: 12 }}>
                选填：备课资料、课件、教学设计等
              </div>
            ) : (
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {files.map((f) => (
                  <FileLine
                    key={f.key}
                    f={f}
                    onType={(t) => setFiles(files.map((x) => (x.key === f.key ? { ...x, type: t } : x)))}
                    onRemove={() => setFiles(files.filter((x) => x.key !== f.key))}
                  />
                ))}
              </ul>
            )}
          </div>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="prep-form-submit">
              {editing ? "保存修改" : "发起备课"}
            </Button>
            <Button onClick={back}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

function FileLine({ f, onType, onRemove }: { f: FormFile; onType: (t: number) => void; onRemove: () => void }) {
  return (
    <li style={{ display: "flex", alignItems: "center", gap: 8, padding: "4px 0" }} data-testid="prep-form-file">
      <PaperClipOutlined style={{ color: "#8a9690" }} />
      <span style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{f.file_name}</span>
      <span className="yk-muted" style={{ fontSize: 12 }}>
        {bytes(f.size)}
      </span>
      <Select
        size="small"
        style={{ width: 110 }}
        value={f.type}
        onChange={onType}
        options={Object.entries(PREPARATION_FILE_TYPES).map(([k, label]) => ({ value: Number(k), label }))}
      />
      <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="移除" />
    </li>
  );
}
