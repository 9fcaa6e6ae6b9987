/**
 * The course editor of 我的资源 / 课程资源 (#11): the tree (course → units → lessons, c087) with add, reorder (sort,
 * c086) and delete (c085); the selected node's form (c086: name, type, grade and subject via c083 / c047, colour,
 * cover, introduction, 教学设计 and 教学总结 in the rich-text editor); its bindings; publish / unpublish (status).
 * Edits of a course that is not the caller's are refused by the server (403, shown as the toast).
 */
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, FolderAddOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PayloadOf,
  calls,
  COURSE_TYPE_NAMES,
  PAGE,
  RESOURCE_LEVEL_NAMES,
  RESOURCE_STATUS_NAMES,
  type CourseResourceRow,
  type FileRecord,
} from "@yanke/protocol";
import { App, Button, ColorPicker, Empty, Form, Input, Modal, Select, Space, Spin, Tag, Tree } from "antd";
import { useEffect, useMemo, useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { RichTextEditor } from "../../components/editor/RichTextEditor";
import { ImageUpload } from "../../components/upload";
import { ResourceBindPanel } from "./ResourceBindPanel";

/** A list answer that may come as an array or as a page. */
export function asList<T>(v: unknown): T[] {
  if (Array.isArray(v)) return v as T[];
  if (v && typeof v === "object" && Array.isArray((v as { list?: unknown }).list)) return (v as { list: T[] }).list;
  return [];
}

const bySort = (a: CourseResourceRow, b: CourseResourceRow) => a.sort - b.sort || a.id - b.id;

/** Periods of a school (c048), and the grades (c083) and subjects (c047) of one period. */
export function usePeriodChoices(schoolId: number) {
  const q = useQuery({
    queryKey: ["myResource", "periods", schoolId],
    staleTime: 60_000,
    queryFn: () => call(calls.commonPeriodList, { page: 1, limit: PAGE.maxLimit, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  return (q.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }));
}
export function usePeriodItems(c: typeof calls.periodGrades | typeof calls.periodSubjectList, schoolId: number, periodId: number) {
  const q = useQuery({
    queryKey: ["myResource", c.path, schoolId, periodId],
    enabled: periodId > 0,
    staleTime: 60_000,
    queryFn: () => call(c, { period_id: periodId, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  return (q.data ?? []).map((x) => ({ value: x.id, label: x.name }));
}

interface TreeState {
  units: CourseResourceRow[];
  lessons: Map<number, CourseResourceRow[]>;
}

function useCourseTree(courseId: number) {
  return useQuery({
    queryKey: ["myResource", "tree", courseId],
    queryFn: async (): Promise<TreeState> => {
      const units = (await call(calls.resourceChild, { pid: courseId })).sort(bySort);
      const lessons = new Map<number, CourseResourceRow[]>();
      await Promise.all(units.map(async (u) => lessons.set(u.id, (await call(calls.resourceChild, { pid: u.id })).sort(bySort))));
      return { units, lessons };
    },
  });
}

interface FormValues {
  name: string;
  course_type?: number;
  period_id?: number;
  grade_id?: number;
  subject_id?: number;
  color?: string;
  cover?: FileRecord[];
  course_introduce?: string;
  teaching_design?: string;
  teaching_summary?: string;
}

function coverRecord(url: string): FileRecord[] {
  if (!url) return [];
  const id = Number(/\/files\/(\d+)/.exec(url)?.[1] ?? 0);
  return [
    {
      id,
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

function NodeForm({ node, onSaved }: { node: CourseResourceRow; onSaved: (row: CourseResourceRow) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const isCourse = node.level === 1;
  const periodId = Form.useWatch("period_id", form) ?? 0;
  const periods = usePeriodChoices(node.school_id);
  const grades = usePeriodItems(calls.periodGrades, node.school_id, periodId);
  const subjects = usePeriodItems(calls.periodSubjectList, node.school_id, periodId);
  const withOwn = (opts: { value: number; label: string }[], id: number, name: string) =>
    id && !opts.some((o) => o.value === id) && periodId === node.period_id ? [{ value: id, label: name || `#${id}` }, ...opts] : opts;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after a save (updated_at moves) or for another node, not when the tree is re-read for a binding: typing is kept.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      name: node.name,
      course_type: node.course_type || undefined,
      period_id: node.period_id || undefined,
      grade_id: node.grade_id || undefined,
      subject_id: node.subject_id || undefined,
      color: node.color || undefined,
      cover: coverRecord(node.cover_url),
      course_introduce: node.course_introduce,
      teaching_design: node.teaching_design,
      teaching_summary: node.teaching_summary,
    });
  }, [node.id, node.updated_at, form]);

  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      const payload: PayloadOf<typeof calls.resourceUpdate> = {
        id: node.id,
        name: v.name,
        course_introduce: v.course_introduce ?? "",
        teaching_design: v.teaching_design ?? "",
        teaching_summary: v.teaching_summary ?? "",
      };
      if (isCourse) {
        Object.assign(payload, {
          course_type: v.course_type,
          grade_id: v.grade_id ?? 0,
          subject_id: v.subject_id ?? 0,
          color: v.color ?? "",
          cover_url: v.cover?.[0]?.file_path ?? "",
        });
      }
      const row = await call(calls.resourceUpdate, payload);
      toast.success("保存成功");
      onSaved(row && typeof row === "object" && "id" in row ? row : { ...node, name: v.name });
    } catch {
      /* shown by the API client (403: 只有作者可以编辑) */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={save} className="ykra-form" data-testid="resource-node-form" requiredMark="optional">
      <Form.Item
        name="name"
        label={`${RESOURCE_LEVEL_NAMES[node.level] ?? "节点"}名称`}
        rules={[
          { required: true, whitespace: true, message: "请输入名称" },
          { max: 100, message: "名称不能超过 100 个字符" },
        ]}
      >
        <Input maxLength={100} data-testid="resource-node-name" />
      </Form.Item>
      {isCourse ? (
        <>
          <div className="ykra-form-row">
            <Form.Item name="course_type" label="课程类型" rules={[{ required: true, message: "请选择课程类型" }]}>
              <Select options={Object.entries(COURSE_TYPE_NAMES).map(([value, label]) => ({ value: Number(value), label }))} data-testid="resource-node-type" />
            </Form.Item>
            <Form.Item name="period_id" label="学段">
              <Select
                allowClear
                options={withOwn(periods, node.period_id, node.period_name)}
                onChange={() => form.setFieldsValue({ grade_id: undefined, subject_id: undefined })}
                placeholder="请选择学段"
              />
            </Form.Item>
          </div>
          <div className="ykra-form-row">
            <Form.Item name="grade_id" label="年级">
              <Select
                allowClear
                disabled={!periodId}
                placeholder={periodId ? "请选择年级" : "请先选择学段"}
                options={withOwn(grades, node.grade_id, node.grade_name)}
              />
            </Form.Item>
            <Form.Item name="subject_id" label="学科">
              <Select
                allowClear
                disabled={!periodId}
                placeholder={periodId ? "请选择学科" : "请先选择学段"}
                options={withOwn(subjects, node.subject_id, node.subject_name)}
              />
            </Form.Item>
          </div>
          <div className="ykra-form-row">
            <Form.Item name="color" label="封面颜色" getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
              <ColorPicker disabledAlpha presets={[{ label: "推荐", colors: ["#2f8f77", "#3a7bd5", "#d08b2c", "#8a5cc2", "#c2554f", "#2c8fb5"] }]} showText />
            </Form.Item>
            <Form.Item name="cover" label="封面图片（优先于颜色）" valuePropName="value">
              <ImageUpload max={1} multiple={false} size={88} />
            </Form.Item>
          </div>
        </>
      ) : null}
      <Form.Item name="course_introduce" label="简介" rules={[{ max: 2000, message: "简介不能超过 2000 个字符" }]}>
        <Input.TextArea rows={3} maxLength={2000} showCount data-testid="resource-node-intro" />
      </Form.Item>
      <Form.Item name="teaching_design" label="教学设计">
        <RichTextEditor minHeight={140} placeholder="请输入教学设计" />
      </Form.Item>
      <Form.Item name="teaching_summary" label="教学总结">
        <RichTextEditor minHeight={120} placeholder="请输入教学总结" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="resource-node-save">
        保存
      </Button>
    </Form>
  );
}

export function ResourceEditor({ course: initial, onBack }: { course: CourseResourceRow; onBack: () => void }) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [course, setCourse] = useState(initial);
  const [selected, setSelected] = useState(initial.id);
  const [adding, setAdding] = useState<{ pid: number; level: 2 | 3 } | null>(null);
  const [newName, setNewName] = useState("");
  const [busy, setBusy] = useState(false);
  const tree = useCourseTree(course.id);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["myResource", "tree", course.id] });
    void qc.invalidateQueries({ queryKey: ["myResource", "list"] });
  };

  const nodes = useMemo(() => {
    const m = new Map<number, CourseResourceRow>([[course.id, course]]);
    for (const u of tree.data?.units ?? []) m.set(u.id, u);
    for (const ls of tree.data?.lessons.values() ?? []) for (const l of ls) m.set(l.id, l);
    return m;
  }, [course, tree.data]);
  const node = nodes.get(selected) ?? course;
  const siblings = node.level === 2 ? (tree.data?.units ?? []) : node.level === 3 ? (tree.data?.lessons.get(node.pid) ?? []) : [];
  const at = siblings.findIndex((s) => s.id === node.id);

  const treeData = [
    {
      key: course.id,
      title: <span className="ykra-tree-course">{course.name}</span>,
      children: (tree.data?.units ?? []).map((u) => ({
        key: u.id,
        title: <span data-testid="resource-tree-unit">{u.name}</span>,
        children: (tree.data?.lessons.get(u.id) ?? []).map((l) => ({
          key: l.id,
          isLeaf: true,
          title: <span data-testid="resource-tree-lesson">{l.name}</span>,
        })),
      })),
    },
  ];

  const create = async () => {
    if (!adding) return;
    const name = newName.trim();
    if (!name) return toast.error("请输入名称");
    setBusy(true);
    try {
      const row = await call(calls.resourceSave, {
        name,
        pid: adding.pid,
        level: adding.level,
        top_id: course.id,
        school_id: course.school_id,
      });
      toast.success(`已添加${RESOURCE_LEVEL_NAMES[adding.level]}「${name}」`);
      setAdding(null);
      setNewName("");
      refresh();
      if (row && typeof row === "object" && "id" in row) setSelected(row.id);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  const move = async (dir: -1 | 1) => {
    const j = at + dir;
    if (at < 0 || j < 0 || j >= siblings.length) return;
    const order = [...siblings];
    [order[at], order[j]] = [order[j]!, order[at]!];
    setBusy(true);
    try {
      // Sort becomes the position (1, 2, …); only the nodes whose sort changes are written.
      for (const [i, s] of order.entries()) if (s.sort !== i + 1) await call(calls.resourceUpdate, { id: s.id, sort: i + 1 });
      refresh();
    } catch {
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const remove = () =>
    modal.confirm({
      title: `删除${RESOURCE_LEVEL_NAMES[node.level] ?? "节点"}`,
      content: `确定删除「${node.name}」吗？其下的单元、课时和绑定一并删除（视频和文件本身保留），删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "resource-node-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await call(calls.resourceDelete, { id: node.id });
          toast.success("删除成功");
          if (node.level === 1) {
            void qc.invalidateQueries({ queryKey: ["myResource", "list"] });
            onBack();
            return;
          }
          setSelected(node.pid);
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const publish = async () => {
    const status = course.status === 1 ? 0 : 1;
    try {
      const row = await call(calls.resourceUpdate, { id: course.id, status });
      setCourse((c) => (row && typeof row === "object" && "id" in row ? row : { ...c, status }));
      toast.success(status === 1 ? "已发布，前台课程资源可见" : "已取消发布");
      void qc.invalidateQueries({ queryKey: ["myResource", "list"] });
    } catch {
      /* shown by the API client */
    }
  };

  const addUnit = () => setAdding({ pid: course.id, level: 2 });
  const unitOf = node.level === 2 ? node.id : node.level === 3 ? node.pid : 0;

  return (
    <div className="ykra-editor" data-testid="resource-editor" data-course-id={course.id}>
      <div className="ykra-editor-head">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="resource-editor-back">
          返回列表
        </Button>
        <h2 className="ykra-editor-title" data-testid="resource-editor-title">
          {course.name}
        </h2>
        <Tag color={course.status === 1 ? "green" : "default"} data-testid="resource-editor-status">
          {RESOURCE_STATUS_NAMES[course.status] ?? "草稿"}
        </Tag>
        <span style={{ flex: 1 }} />
        <Button type={course.status === 1 ? "default" : "primary"} onClick={() => void publish()} data-testid="resource-publish">
          {course.status === 1 ? "取消发布" : "发布"}
        </Button>
      </div>
      <div className="ykra-editor-grid">
        <aside className="ykra-panel" aria-label="课程目录">
          <div className="ykra-subtitle">课程目录</div>
          <Space wrap size={6} style={{ marginBottom: 8 }}>
            <Button size="small" icon={<FolderAddOutlined />} onClick={addUnit} data-testid="resource-add-unit">
              添加单元
            </Button>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={!unitOf}
              onClick={() => setAdding({ pid: unitOf, level: 3 })}
              data-testid="resource-add-lesson"
              title={unitOf ? undefined : "请先选择一个单元"}
            >
              添加课时
            </Button>
          </Space>
          <Space size={4} style={{ marginBottom: 8 }}>
            <Button size="small" icon={<ArrowUpOutlined />} disabled={busy || at <= 0} onClick={() => void move(-1)} aria-label="上移" />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={busy || at < 0 || at >= siblings.length - 1}
              onClick={() => void move(1)}
              aria-label="下移"
            />
            <Button size="small" danger icon={<DeleteOutlined />} onClick={remove} data-testid="resource-node-delete">
              删除
            </Button>
          </Space>
          {tree.isLoading ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              key={`${tree.dataUpdatedAt}`}
              selectedKeys={[node.id]}
              treeData={treeData}
              onSelect={(keys) => keys[0] !== undefined && setSelected(Number(keys[0]))}
              data-testid="resource-editor-tree"
            />
          )}
          {!tree.isLoading && (tree.data?.units.length ?? 0) === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有单元，点“添加单元”开始" />
          ) : null}
        </aside>
        <section className="ykra-panel ykra-node" aria-label="节点内容">
          <div className="ykra-node-title">
            <Tag color="green">{RESOURCE_LEVEL_NAMES[node.level] ?? "节点"}</Tag>
            <span data-testid="resource-node-title">{node.name}</span>
          </div>
          <ResourceBindPanel nodeId={node.id} onChanged={refresh} />
          <NodeForm
            key={node.id}
            node={node}
            onSaved={(row) => {
              if (row.id === course.id) setCourse(row);
              refresh();
            }}
          />
        </section>
      </div>
      <Modal
        open={adding !== null}
        title={adding?.level === 2 ? "添加单元" : "添加课时"}
        okText="添加"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void create()}
        onCancel={() => setAdding(null)}
        destroyOnHidden
        okButtonProps={{ "data-testid": "resource-add-ok" }}
      >
        <Input
          autoFocus
          maxLength={100}
          placeholder={adding?.level === 2 ? "单元名称，如：第一单元 勾股定理" : "课时名称，如：第1课时 勾股定理的证明"}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={() => void create()}
          data-testid="resource-add-name"
        />
      </Modal>
    </div>
  );
}
