/**
 * 培训管理 → the editor of one programme (#12): the form (cover, introduction, scope, hours, pass ratio, times), then
 * its items — lesson videos picked from the caller's scope (trainingVideoOptions) and uploaded documents —, their
 * order, required flag and done ratio, and publishing. A new programme is saved as a draft first; the items follow.
 */
import { ArrowDownOutlined, ArrowUpOutlined, FileTextOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PayloadOf,
  calls,
  TrainingSavePayload,
  type FileRecord,
  type MergeAnswer,
  type TrainingItemRow,
  type TrainingRow,
  type TrainingVideoOption,
} from "@yanke/protocol";
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from "antd";
import dayjs, { type Dayjs } from "../dayjs";
import { useEffect, useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { FIRST_PAGE, tablePagination, zodRule, type PageState } from "../admin/common";
import { SchoolSelect } from "../admin/pickers";
import { EmptyState } from "../components/EmptyState";
import { ChunkedUploader } from "../components/upload/ChunkedUploader";
import { DOCUMENT_EXTS, acceptOf, checkDocument } from "../components/upload/upload-rules";
import { ImageUpload } from "../components/upload/ImageUpload";
import { useSession } from "../session/store";
import { clock, StatusTag } from "./training-parts";

interface Values {
  title: string;
  cover: FileRecord[];
  introduce: string;
  scope: "school" | "region" | "platform";
  school_id?: number;
  hours: number;
  pass_ratio: number;
  enrol?: [Dayjs | null, Dayjs | null] | null;
  study?: [Dayjs | null, Dayjs | null] | null;
}

const fmt = (d: Dayjs | null | undefined): string | null => (d ? d.format("YYYY-MM-DD HH:mm:ss") : null);
const parse = (s: string): Dayjs | null => (s ? dayjs(s) : null);

function coverOf(url: string): FileRecord[] {
  return url
    ? [
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
        } as unknown as FileRecord,
      ]
    : [];
}

function initial(t: TrainingRow | null, identity: number, schoolId: number): Values {
  const scope = t
    ? t.school_id
      ? "school"
      : t.region_code
        ? "region"
        : "platform"
    : identity === 3
      ? "region"
      : identity === 1 || identity === 5
        ? "platform"
        : "school";
  return {
    title: t?.title ?? "",
    cover: coverOf(t?.cover_url ?? ""),
    introduce: t?.introduce ?? "",
    scope,
    school_id: t?.school_id || (scope === "school" ? schoolId || undefined : undefined),
    hours: t?.hours ?? 2,
    pass_ratio: t?.pass_ratio ?? 100,
    enrol: t ? [parse(t.enrol_start), parse(t.enrol_end)] : null,
    study: t ? [parse(t.start_time), parse(t.end_time)] : null,
  };
}

export function TrainingEditor({
  open,
  id,
  onClose,
  onCreated,
  onChanged,
}: {
  open: boolean;
  id: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
  onChanged: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const [pickingDocs, setPickingDocs] = useState(false);
  const platform = session.identity === 1 || session.identity === 5;
  const district = session.identity === 3;
  const scope = Form.useWatch("scope", form);
  const q = useQuery({ queryKey: ["training", "detail", id], enabled: open && id !== null, queryFn: () => call(calls.trainingDetail, { id }) });
  const t = id !== null ? (q.data ?? null) : null;
  const locked = Boolean(t && t.status !== 0);
  const itemsLocked = Boolean(t && t.status !== 0 && t.enrol_count > 0);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["training"] });
    onChanged();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the drawer opens or another programme is loaded, not on every refetch (the form keeps edits).
  useEffect(() => {
    if (!open) return;
    if (id !== null && !q.data) return;
    form.resetFields();
    form.setFieldsValue(initial(id !== null ? (q.data ?? null) : null, session.identity, session.school_id));
  }, [open, id, q.data?.id, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const payload: PayloadOf<typeof calls.trainingSave> & Omit<PayloadOf<typeof calls.trainingUpdate>, "id"> = {
      title: v.title,
      introduce: v.introduce ?? "",
      cover_url: v.cover?.[0]?.file_path ?? "",
      hours: v.hours ?? 0,
      pass_ratio: v.pass_ratio ?? 100,
      enrol_start: fmt(v.enrol?.[0]),
      enrol_end: fmt(v.enrol?.[1]),
      start_time: fmt(v.study?.[0]),
      end_time: fmt(v.study?.[1]),
    };
    if (!locked) {
      payload.school_id = v.scope === "school" ? (v.school_id ?? 0) : 0;
      payload.region_code = v.scope === "region" ? session.region_code : "";
    }
    setSaving(true);
    try {
      if (id !== null) {
        await call(calls.trainingUpdate, { id, ...payload });
        toast.success("已保存");
        refresh();
      } else {
        const created = await call(calls.trainingSave, payload);
        toast.success("已创建（草稿），请添加课程后发布");
        refresh();
        onCreated(created.id);
      }
    } finally {
      setSaving(false);
    }
  };

  const items = t?.items ?? [];
  const move = async (index: number, by: number) => {
    const ids = items.map((i) => i.id);
    const [x] = ids.splice(index, 1);
    ids.splice(index + by, 0, x!);
    await call(calls.trainingItemSort, { training_id: id, item_ids: ids });
    refresh();
  };
  const addDocs = async (docs: MergeAnswer[]) => {
    for (const d of docs) await call(calls.trainingItemSave, { training_id: id, item_type: 2, file_id: d.id });
    if (docs.length) toast.success(`已添加 ${docs.length} 个文档`);
    refresh();
  };
  const publish = () =>
    modal.confirm({
      title: `发布「${t?.title ?? ""}」？`,
      content: "发布后范围内的教师即可报名学习；有学员报名后课程与完成要求不能再增删修改。",
      okText: "发布",
      cancelText: "取消",
      onOk: async () => {
        await call(calls.trainingSetStatus, { id, status: 1 });
        toast.success("已发布");
        refresh();
      },
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={id !== null ? `编辑培训：${t?.title ?? ""}` : "新建培训"}
      size={Math.min(900, window.innerWidth)}
      destroyOnHidden
      data-testid="training-editor"
      extra={
        <Space>
          {t ? <StatusTag status={t.status} /> : null}
          <Button onClick={onClose}>关闭</Button>
          <Button loading={saving} type={t && t.status === 0 ? "default" : "primary"} onClick={() => void submit()} data-testid="training-form-save">
            {id === null ? "保存并添加课程" : "保存信息"}
          </Button>
          {t && t.status === 0 ? (
            <Button type="primary" onClick={publish} disabled={!items.length} data-testid="training-publish">
              发布
            </Button>
          ) : null}
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="title"
              label="培训名称"
              rules={[{ required: true, whitespace: true, message: "请输入培训名称" }, zodRule(TrainingSavePayload.shape.title)]}
            >
              <Input placeholder="如：新课标下的课堂观察与评价" maxLength={100} data-testid="training-title" />
            </Form.Item>
            <Form.Item name="introduce" label="培训介绍">
              <Input.TextArea rows={4} maxLength={5000} showCount placeholder="培训目标、对象、学习要求" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="cover" label="封面" valuePropName="value">
              <ImageUpload max={1} multiple={false} size={150} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="scope" label="培训范围" extra={locked ? "培训已发布，范围不能再修改" : undefined}>
          <Radio.Group disabled={locked}>
            <Radio value="school">学校</Radio>
            {district ? <Radio value="region">本区域</Radio> : null}
            {platform ? <Radio value="platform">全平台</Radio> : null}
          </Radio.Group>
        </Form.Item>
        {scope === "school" ? (
          <Form.Item name="school_id" label="学校" rules={[{ required: true, message: "请选择学校" }]}>
            <SchoolSelect testId="training-school" width="100%" allowClear={false} disabled={locked || (!platform && !district)} />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="hours" label="学时" rules={[{ required: true, message: "请输入学时" }]}>
              <InputNumber min={0} max={999} step={0.5} precision={1} style={{ width: "100%" }} data-testid="training-hours" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="pass_ratio"
              label="合格比例（%）"
              tooltip="完成必修课程的比例达到该值即结业并发放证书"
              rules={[{ required: true, message: "请输入合格比例" }]}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: "100%" }} disabled={Boolean(t && t.enrol_count > 0)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="enrol" label="报名时间">
              <DatePicker.RangePicker
                showTime={{ format: "HH:mm" }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: "100%" }}
                allowEmpty={[true, true]}
                placeholder={["不限", "不限"]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="study" label="培训时间">
              <DatePicker.RangePicker style={{ width: "100%" }} allowEmpty={[true, true]} placeholder={["开始日期", "结束日期"]} />
            </Form.Item>
          </Col>
        </Row>
      </Form>

      <Divider titlePlacement="start">课程</Divider>
      {id === null ? (
        <Alert type="info" showIcon message="请先填写培训信息并点击「保存并添加课程」，再添加视频与文档课程。" />
      ) : (
        <>
          {itemsLocked ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="已有学员报名：课程不能再增删，完成要求不能再修改（可调整顺序与名称）。" />
          ) : null}
          <Space wrap style={{ marginBottom: 12 }}>
            <Button icon={<PlayCircleOutlined />} onClick={() => setPicking(true)} disabled={itemsLocked} data-testid="training-add-video">
              添加视频
            </Button>
            <Button icon={<FileTextOutlined />} onClick={() => setPickingDocs(true)} disabled={itemsLocked} data-testid="training-pick-doc">
              从我的文件选择
            </Button>
            {!itemsLocked ? (
              <ChunkedUploader
                type="all"
                accept={acceptOf(DOCUMENT_EXTS)}
                check={checkDocument}
                buttonText="上传文档"
                onSuccess={(doc) => void addDocs([doc])}
              />
            ) : null}
          </Space>
          <Table<TrainingItemRow>
            rowKey="id"
            size="small"
            loading={q.isFetching && !q.data}
            dataSource={items}
            pagination={false}
            scroll={{ x: 700 }}
            locale={{ emptyText: <EmptyState compact text="暂无课程，请添加视频或文档" /> }}
            data-testid="training-items"
            columns={[
              { title: "序号", width: 60, render: (_: unknown, _r, i) => i + 1 },
              {
                title: "课程",
                dataIndex: "title",
                render: (v: string, r) => (
                  <Space>
                    {r.item_type === 1 ? <PlayCircleOutlined style={{ color: "#1f8a70" }} /> : <FileTextOutlined style={{ color: "#d48806" }} />}
                    <Typography.Text
                      editable={{
                        onChange: async (title) => {
                          if (!title.trim() || title === v) return;
                          await call(calls.trainingItemUpdate, { id: r.id, title });
                          refresh();
                        },
                      }}
                    >
                      {v}
                    </Typography.Text>
                  </Space>
                ),
              },
              { title: "类型", width: 70, render: (_: unknown, r) => <Tag color={r.item_type === 1 ? "blue" : "gold"}>{r.item_type_name}</Tag> },
              { title: "时长", width: 80, render: (_: unknown, r) => (r.item_type === 1 ? clock(r.duration_seconds) : r.file_type.toUpperCase() || "—") },
              {
                title: "完成要求",
                width: 130,
                render: (_: unknown, r) =>
                  r.item_type === 1 ? (
                    <InputNumber
                      size="small"
                      min={10}
                      max={100}
                      precision={0}
                      disabled={itemsLocked}
                      value={r.done_ratio}
                      addonAfter="%"
                      style={{ width: 100 }}
                      onBlur={async (e) => {
                        const n = Number((e.target as HTMLInputElement).value);
                        if (!Number.isFinite(n) || n === r.done_ratio || n < 10 || n > 100) return;
                        await call(calls.trainingItemUpdate, { id: r.id, done_ratio: n });
                        refresh();
                      }}
                    />
                  ) : (
                    "打开并标记已读"
                  ),
              },
              {
                title: "必修",
                width: 70,
                render: (_: unknown, r) => (
                  <Switch
                    size="small"
                    checked={r.required === 1}
                    disabled={itemsLocked}
                    onChange={async (on) => {
                      await call(calls.trainingItemUpdate, { id: r.id, required: on ? 1 : 0 });
                      refresh();
                    }}
                  />
                ),
              },
              {
                title: "操作",
                width: 130,
                render: (_: unknown, r, i) => (
                  <Space size={0}>
                    <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => void move(i, -1)} aria-label="上移" />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === items.length - 1}
                      onClick={() => void move(i, 1)}
                      aria-label="下移"
                    />
                    <Popconfirm
                      title="删除该课程？"
                      description="学员在该课程上的进度一并删除。"
                      okText="删除"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        await call(calls.trainingItemDelete, { id: r.id });
                        toast.success("已删除");
                        refresh();
                      }}
                    >
                      <Button type="link" size="small" danger disabled={itemsLocked}>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      <VideoPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={async (videos) => {
          for (const v of videos) await call(calls.trainingItemSave, { training_id: id, item_type: 1, video_id: v.id });
          toast.success(`已添加 ${videos.length} 个视频`);
          setPicking(false);
          refresh();
        }}
      />
      <DocPicker
        open={pickingDocs}
        onClose={() => setPickingDocs(false)}
        onPick={async (files) => {
          for (const f of files) await call(calls.trainingItemSave, { training_id: id, item_type: 2, file_id: f.id });
          toast.success(`已添加 ${files.length} 个文档`);
          setPickingDocs(false);
          refresh();
        }}
      />
    </Drawer>
  );
}

const DOC_KINDS = new Set(["office", "pdf", "text"]);

/** A paged, searchable table in a dialog from which several rows are chosen (documents, videos). */
function TablePicker<T extends { id: number }>(props: {
  open: boolean;
  onClose: () => void;
  onPick: (rows: T[]) => Promise<void>;
  title: string;
  noun: string;
  width: number;
  placeholder: string;
  testId: string;
  queryKey: string;
  load: (payload: Record<string, unknown>) => Promise<{ list: T[]; total: number }>;
  columns: TableColumnsType<T>;
  empty?: string;
  disabled?: (row: T) => boolean;
  scrollX?: number;
}) {
  const { open, onClose, onPick } = props;
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState("");
  const [chosen, setChosen] = useState<T[]>([]);
  const [busy, setBusy] = useState(false);
  const payload = { ...paging, ...(keyword ? { keyword } : {}) };
  const q = useQuery({ queryKey: ["training", props.queryKey, payload], enabled: open, placeholderData: keepPreviousData, queryFn: () => props.load(payload) });
  useEffect(() => {
    if (open) setChosen([]);
  }, [open]);
  return (
    <Modal
      open={open}
      title={props.title}
      width={props.width}
      onCancel={onClose}
      okText={chosen.length ? `添加 ${chosen.length} 个${props.noun}` : "添加"}
      cancelText="取消"
      okButtonProps={{ disabled: !chosen.length, loading: busy, "data-testid": `${props.testId}-ok` } as never}
      onOk={async () => {
        setBusy(true);
        try {
          await onPick(chosen);
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={props.placeholder}
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Table<T>
        rowKey="id"
        data-testid={`${props.testId}-table`}
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact {...(props.empty ? { text: props.empty } : {})} /> }}
        pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
        rowSelection={{
          selectedRowKeys: chosen.map((c) => c.id),
          preserveSelectedRowKeys: true,
          onChange: (_k, rows) => setChosen(rows.filter(Boolean)),
          ...(props.disabled ? { getCheckboxProps: (r: T) => ({ disabled: props.disabled!(r) }) } : {}),
        }}
        {...(props.scrollX ? { scroll: { x: props.scrollX } } : {})}
        columns={props.columns}
      />
    </Modal>
  );
}

/** Picks documents from the caller's own files (我的文件: Office, PDF and text files). */
function DocPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (f: FileRecord[]) => Promise<void> }) {
  return (
    <TablePicker<FileRecord>
      open={open}
      onClose={onClose}
      onPick={onPick}
      title="从我的文件选择文档"
      noun="文档"
      width={760}
      placeholder="文件名"
      testId="training-doc"
      queryKey="myFiles"
      load={(p) => call(calls.fileList, p)}
      disabled={(r) => !DOC_KINDS.has(r.type)}
      columns={[
        { title: "文件名", dataIndex: "file_name", ellipsis: true },
        { title: "类型", dataIndex: "file_type", width: 80, render: (t: string) => t.toUpperCase() },
        {
          title: "大小",
          dataIndex: "size",
          width: 100,
          render: (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`),
        },
        { title: "上传时间", dataIndex: "create_time", width: 120, render: (s: string) => (s ?? "").slice(0, 10) },
      ]}
    />
  );
}

/** Picks lesson videos from the caller's own and his scope's schools' (ready) videos. */
function VideoPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (v: TrainingVideoOption[]) => Promise<void> }) {
  return (
    <TablePicker<TrainingVideoOption>
      open={open}
      onClose={onClose}
      onPick={onPick}
      title="选择课例视频"
      noun="视频"
      width={820}
      placeholder="视频名称"
      testId="training-video"
      queryKey="videos"
      load={(p) => call(calls.trainingVideoOptions, p)}
      empty="暂无可选视频（仅列出已处理完成的视频）"
      scrollX={640}
      columns={[
        {
          title: "视频",
          dataIndex: "name",
          render: (v: string, r: TrainingVideoOption) => (
            <Space>
              {r.thumbnail_url ? <img src={r.thumbnail_url} alt="" style={{ width: 64, height: 36, objectFit: "cover", borderRadius: 4 }} /> : null}
              <span>{v}</span>
            </Space>
          ),
        },
        { title: "时长", dataIndex: "duration", width: 80, render: (d: number) => clock(d) },
        { title: "教师", dataIndex: "account_name", width: 100 },
        { title: "学校", dataIndex: "school_name", width: 150 },
        { title: "上传时间", dataIndex: "created_at", width: 120, render: (s: string) => s.slice(0, 10) },
      ]}
    />
  );
}
