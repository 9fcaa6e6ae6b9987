/**
 * 个人中心 → 我的资源 (/personalCenter/personalCenter3; NINGXIA /NX/personalCenter/personalCenter3) and 资源中心 → 课程资源
 * (/resourceCenter/course): the caller's courses (c082; an administrator: those of his schools, with a school filter),
 * filtered by name, subject, type and status, as cards; 新建课程 (c084) and the course editor (ResourceEditor).
 */
import { AppstoreOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, CALLS, COURSE_TYPE_NAMES, PAGE, RESOURCE_STATUS_NAMES, type CourseResourceRow } from "@yanke/protocol";
import { App, Button, Card, ColorPicker, Empty, Form, Input, Modal, Pagination, Select, Space, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { coverColor } from "../../front/resource/resource-common";
import { useSession } from "../../session/store";
import { FIRST_PAGE, useScreenTitle, type PageState } from "../common";
import { SchoolSelect, useAllSchools } from "../pickers";
import { usePeriodChoices, usePeriodItems, ResourceEditor } from "./ResourceEditor";
import "./ResourceAdmin.css";

interface Filters {
  name: string;
  subject_id?: number;
  course_type?: number;
  status?: number;
  school_id?: number;
}

/** Every subject of the school's periods (c048 + c047), labelled with the period. */
function useSchoolSubjects(schoolId: number) {
  const periods = useQuery({
    queryKey: ["myResource", "periods", schoolId],
    staleTime: 60_000,
    queryFn: () => call(calls.commonPeriodList, { page: 1, limit: PAGE.maxLimit, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  const list = periods.data?.list ?? [];
  const subjects = useQueries({
    queries: list.map((p) => ({
      queryKey: ["myResource", CALLS.periodSubjectList, schoolId, p.id],
      staleTime: 60_000,
      queryFn: () => call(calls.periodSubjectList, { period_id: p.id, ...(schoolId ? { school_id: schoolId } : {}) }),
    })),
  });
  return list.flatMap((p, i) => (subjects[i]?.data ?? []).map((s) => ({ value: s.id, label: `${p.name} · ${s.name}` })));
}

function CreateDialog({
  open,
  school,
  admin,
  onClose,
  onCreated,
}: {
  open: boolean;
  school: number;
  admin: boolean;
  onClose: () => void;
  onCreated: (row: CourseResourceRow) => void;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const schoolId: number = Form.useWatch("school_id", form) ?? school;
  const periodId: number = Form.useWatch("period_id", form) ?? 0;
  const periods = usePeriodChoices(schoolId);
  const grades = usePeriodItems(calls.periodGrades, schoolId, periodId);
  const subjects = usePeriodItems(calls.periodSubjectList, schoolId, periodId);
  const submit = async () => {
    const v = (await form.validateFields()) as {
      name: string;
      course_type: number;
      school_id?: number;
      period_id?: number;
      grade_id?: number;
      subject_id?: number;
      color?: string;
    };
    setBusy(true);
    try {
      const row = await call(calls.resourceSave, { pid: 0, level: 1, ...v, school_id: v.school_id ?? school });
      toast.success("课程已创建，可以添加单元和课时了");
      form.resetFields();
      onCreated(row);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="新建课程"
      okText="创建"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "resource-create-ok" }}
      data-testid="resource-create-dialog"
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ course_type: 1, school_id: school || undefined, color: "#2f8f77" }}>
        <Form.Item
          name="name"
          label="课程名称"
          rules={[
            { required: true, whitespace: true, message: "请输入课程名称" },
            { max: 100, message: "名称不能超过 100 个字符" },
          ]}
        >
          <Input maxLength={100} placeholder="如：八年级数学 勾股定理" data-testid="resource-create-name" />
        </Form.Item>
        <Form.Item name="course_type" label="课程类型" rules={[{ required: true, message: "请选择课程类型" }]}>
          <Select options={Object.entries(COURSE_TYPE_NAMES).map(([value, label]) => ({ value: Number(value), label }))} data-testid="resource-create-type" />
        </Form.Item>
        {admin ? (
          <Form.Item name="school_id" label="所属学校" rules={[{ required: true, message: "请选择学校" }]}>
            <SchoolSelect
              testId="resource-create-school"
              width="100%"
              allowClear={false}
              onChange={() => form.setFieldsValue({ period_id: undefined, grade_id: undefined, subject_id: undefined })}
            />
          </Form.Item>
        ) : null}
        <div className="ykra-form-row">
          <Form.Item name="period_id" label="学段">
            <Select
              allowClear
              placeholder="请选择学段"
              options={periods}
              onChange={() => form.setFieldsValue({ grade_id: undefined, subject_id: undefined })}
              data-testid="resource-create-period"
            />
          </Form.Item>
          <Form.Item name="grade_id" label="年级">
            <Select
              allowClear
              disabled={!periodId}
              placeholder={periodId ? "请选择年级" : "请先选择学段"}
              options={grades}
              data-testid="resource-create-grade"
            />
          </Form.Item>
          <Form.Item name="subject_id" label="学科">
            <Select
              allowClear
              disabled={!periodId}
              placeholder={periodId ? "请选择学科" : "请先选择学段"}
              options={subjects}
              data-testid="resource-create-subject"
            />
          </Form.Item>
        </div>
        <Form.Item name="color" label="封面颜色" getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
          <ColorPicker disabledAlpha showText presets={[{ label: "推荐", colors: ["#2f8f77", "#3a7bd5", "#d08b2c", "#8a5cc2", "#c2554f", "#2c8fb5"] }]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CourseCard({ row, onEdit, onDelete, onToggle }: { row: CourseResourceRow; onEdit: () => void; onDelete: () => void; onToggle: () => void }) {
  const color = coverColor(row);
  return (
    <div className="ykra-card" data-testid="my-resource-card" data-resource-id={row.id} data-status={row.status}>
      <button
        type="button"
        className="ykra-card-cover"
        style={{ background: `linear-gradient(135deg, ${color} 0%, ${color}cc 100%)` }}
        onClick={onEdit}
        aria-label={`编辑 ${row.name}`}
      >
        {row.cover_url ? <img src={row.cover_url} alt="" loading="lazy" /> : <span className="ykra-card-letter">{row.name.slice(0, 1)}</span>}
        <Tag className="ykra-card-status" color={row.status === 1 ? "green" : "default"} data-testid="my-resource-status">
          {RESOURCE_STATUS_NAMES[row.status] ?? "草稿"}
        </Tag>
      </button>
      <div className="ykra-card-body">
        <div className="ykra-card-name" title={row.name} data-testid="my-resource-name">
          {row.name}
        </div>
        <div className="ykra-card-sub">
          {[COURSE_TYPE_NAMES[row.course_type], row.subject_name, row.grade_name].filter(Boolean).join(" · ") || "未设置学科"}
        </div>
        <div className="ykra-card-sub">{[row.school_name, row.account_name].filter(Boolean).join(" · ")}</div>
        <div className="ykra-card-stats">
          <span title="单元">
            <AppstoreOutlined /> {row.child_count} 单元
          </span>
          <span title="浏览">
            <EyeOutlined /> {row.view_count}
          </span>
        </div>
        <div className="ykra-card-actions">
          <Button size="small" type="primary" ghost icon={<EditOutlined />} onClick={onEdit} data-testid="my-resource-edit">
            编辑
          </Button>
          <Button size="small" onClick={onToggle} data-testid="my-resource-toggle">
            {row.status === 1 ? "取消发布" : "发布"}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete} aria-label={`删除 ${row.name}`} />
        </div>
      </div>
    </div>
  );
}

function ResourceScreen({ admin }: { admin: boolean }) {
  const title = useScreenTitle(admin ? "课程资源" : "我的资源");
  const session = useSession();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const schools = useAllSchools();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<Filters>({ name: "" });
  const [filters, setFilters] = useState<Filters>({ name: "" });
  const [editing, setEditing] = useState<CourseResourceRow | null>(null);
  const [creating, setCreating] = useState(false);
  const school = filters.school_id ?? draft.school_id ?? (admin ? (schools[0]?.value ?? session.school_id) : session.school_id);
  const subjects = useSchoolSubjects(draft.school_id ?? session.school_id);

  const payload = {
    page: paging.page,
    limit: paging.limit,
    ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
    ...(filters.subject_id ? { subject_id: filters.subject_id } : {}),
    ...(filters.course_type ? { course_type: filters.course_type } : {}),
    ...(filters.status !== undefined ? { status: filters.status } : {}),
    ...(filters.school_id ? { school_id: filters.school_id } : {}),
    ...(admin ? {} : { account_id: session.account_id }),
  };
  const list = useQuery({
    queryKey: ["myResource", "list", admin, payload],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.resourceList, payload),
  });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const refresh = () => void qc.invalidateQueries({ queryKey: ["myResource", "list"] });

  const toggle = async (r: CourseResourceRow) => {
    const status = r.status === 1 ? 0 : 1;
    try {
      await call(calls.resourceUpdate, { id: r.id, status });
      toast.success(status === 1 ? "已发布，前台课程资源可见" : "已取消发布");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remove = (r: CourseResourceRow) =>
    modal.confirm({
      title: "删除课程",
      content: `确定删除课程「${r.name}」吗？它的单元、课时和全部绑定一并删除（视频和文件本身保留），删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "my-resource-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await call(calls.resourceDelete, { id: r.id });
          toast.success("删除成功");
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  if (editing)
    return (
      <div className="yk-page" data-testid={admin ? "school-resource-page" : "my-resources-page"}>
        <Card variant="borderless">
          <ResourceEditor
            course={editing}
            onBack={() => {
              setEditing(null);
              refresh();
            }}
          />
        </Card>
      </div>
    );

  return (
    <div className="yk-page" data-testid={admin ? "school-resource-page" : "my-resources-page"}>
      <Card
        variant="borderless"
        title={
          <Space size={8} align="baseline">
            <span data-testid="page-title">{title}</span>
            {list.data ? (
              <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
                共 <span data-testid="my-resource-total">{total}</span> 门课程
              </Typography.Text>
            ) : null}
          </Space>
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="my-resource-create">
            新建课程
          </Button>
        }
      >
        <div className="ykra-filters">
          {admin ? (
            <SchoolSelect
              testId="my-resource-school"
              value={draft.school_id}
              onChange={(v) => setDraft((d) => ({ ...d, school_id: v, subject_id: undefined }))}
              placeholder="全部学校"
            />
          ) : null}
          <Input
            allowClear
            placeholder="课程名称"
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            onPressEnter={() => {
              setFilters(draft);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 180 }}
            maxLength={60}
            data-testid="my-resource-name-filter"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder="学科"
            value={draft.subject_id}
            onChange={(v?: number) => setDraft((d) => ({ ...d, subject_id: v }))}
            options={subjects}
            style={{ width: 160 }}
            data-testid="my-resource-subject"
          />
          <Select
            allowClear
            placeholder="课程类型"
            value={draft.course_type}
            onChange={(v?: number) => setDraft((d) => ({ ...d, course_type: v }))}
            options={Object.entries(COURSE_TYPE_NAMES).map(([value, label]) => ({ value: Number(value), label }))}
            style={{ width: 120 }}
            data-testid="my-resource-type"
          />
          <Select
            allowClear
            placeholder="状态"
            value={draft.status}
            onChange={(v?: number) => setDraft((d) => ({ ...d, status: v }))}
            options={Object.entries(RESOURCE_STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label }))}
            style={{ width: 100 }}
            data-testid="my-resource-status-filter"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => {
              setFilters(draft);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="my-resource-search"
          >
            查询
          </Button>
          <Button
            onClick={() => {
              setDraft({ name: "" });
              setFilters({ name: "" });
              setPaging(FIRST_PAGE);
            }}
          >
            重置
          </Button>
        </div>
        {list.isLoading ? (
          <Spin style={{ display: "block", margin: "48px auto" }} />
        ) : rows.length === 0 ? (
          <Empty
            data-testid="my-resource-empty"
            style={{ padding: "48px 0" }}
            description={admin ? "暂无数据" : "还没有课程，点“新建课程”开始建设你的第一门课"}
          />
        ) : (
          <div className="ykra-grid" data-testid="my-resource-grid">
            {rows.map((r) => (
              <CourseCard key={r.id} row={r} onEdit={() => setEditing(r)} onDelete={() => remove(r)} onToggle={() => void toggle(r)} />
            ))}
          </div>
        )}
        {total > 0 ? (
          <div className="ykra-pager">
            <Pagination
              current={paging.page}
              pageSize={paging.limit}
              total={total}
              showTotal={(t) => <span data-testid="pagination-total">共 {t} 条</span>}
              showSizeChanger
              pageSizeOptions={PAGE.limitChoices.map(String)}
              showQuickJumper
              onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
            />
          </div>
        ) : null}
      </Card>
      <CreateDialog
        open={creating}
        school={school ?? 0}
        admin={admin}
        onClose={() => setCreating(false)}
        onCreated={(row) => {
          setCreating(false);
          refresh();
          if (row && typeof row === "object" && "id" in row) setEditing(row);
        }}
      />
    </div>
  );
}

/** 个人中心 → 我的资源 */
export function MyResourcesPage() {
  return <ResourceScreen admin={false} />;
}

/** 资源中心 → 课程资源 */
export function SchoolResourcePage() {
  return <ResourceScreen admin />;
}
