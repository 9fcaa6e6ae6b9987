/**
 * 教研管理 → 课堂分析 (/research/course, scope all) and 个人中心 → 我的课例分析 (/personalCenter/myAnalysis, scope mine):
 * the analysed lessons the caller may see (/research/course/index — the server decides the scope), counts at the top
 * (/research/course/census), filters, live progress of queued and running jobs (polled while any is in hand), the
 * teaching mode with Rt/Ch once done, publishing (setStatus), the report in a new tab, 重新分析, 重新上传, 删除, and a
 * 上传分析 dialog (/research/local).
 */
import { CloudUploadOutlined, DownOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ANALYSIS_STATUS, TEACHING_MODES, type AnalysisCourseRow, type TeachingMode } from "@yanke/protocol";
import { App, Button, Card, DatePicker, Dropdown, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "../../dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../api/toast";
import { FIRST_PAGE, StatusSwitch, tablePagination, useScreenTitle, type PageState } from "../../admin/common";
import { SchoolSelect, useAllSchools } from "../../admin/pickers";
import { isRunning, researchApi } from "../api";
import { censusCards } from "./admin-model";
import { clockOf, JobStatus, ModeCell, openReport } from "./admin-view";
import { AnalyseAgainDialog, ReUploadDialog, UploadAnalysisDialog } from "./UploadDialogs";

/** While any row is queued or running the list is read this often. */
const POLL_MS = 2_000;

interface Filters {
  name: string;
  teacher: string;
  school_id?: number;
  subject_id?: number;
  status?: number;
  mode?: TeachingMode;
  range: [Dayjs | null, Dayjs | null] | null;
}
const BLANK: Filters = { name: "", teacher: "", range: null };

function filterPayload(f: Filters) {
  return {
    ...(f.name.trim() ? { name: f.name.trim() } : {}),
    ...(f.teacher.trim() ? { teacher: f.teacher.trim() } : {}),
    ...(f.school_id ? { school_id: f.school_id } : {}),
    ...(f.subject_id ? { subject_id: f.subject_id } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.mode ? { mode: f.mode } : {}),
    ...(f.range?.[0] ? { start_date: f.range[0].format("YYYY-MM-DD") } : {}),
    ...(f.range?.[1] ? { end_date: f.range[1].format("YYYY-MM-DD") } : {}),
  };
}
const hasFilters = (f: Filters) => Object.keys(filterPayload(f)).length > 0;

export function AnalysisCoursePage() {
  return <CourseList scope="all" fallbackTitle="课堂分析" />;
}

export function MyAnalysisPage() {
  return <CourseList scope="mine" fallbackTitle="我的课例分析" />;
}

function CourseList({ scope, fallbackTitle }: { scope: "all" | "mine"; fallbackTitle: string }) {
  const title = useScreenTitle(fallbackTitle);
  const qc = useQueryClient();
  const { modal: appModal } = App.useApp();
  const opened = useRef<{ destroy: () => void }[]>([]);
  useEffect(
    () => () => {
      opened.current.forEach((m) => {
        m.destroy();
      });
    },
    [],
  );

  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<Filters>(BLANK);
  const [filters, setFilters] = useState<Filters>(BLANK);
  const [uploading, setUploading] = useState(false);
  const [againFor, setAgainFor] = useState<AnalysisCourseRow | null>(null);
  const [reUploadFor, setReUploadFor] = useState<AnalysisCourseRow | null>(null);
  const schools = useAllSchools();

  const payload = useMemo(() => ({ scope, page: paging.page, limit: paging.limit, ...filterPayload(filters) }), [scope, paging, filters]);
  const list = useQuery({
    queryKey: ["research", "index", payload],
    placeholderData: keepPreviousData,
    queryFn: () => researchApi.index(payload),
    refetchInterval: (q) => (q.state.data?.list.some((r) => isRunning(r.status)) ? POLL_MS : false),
  });
  const rows = list.data?.list ?? [];
  const anyRunning = rows.some((r) => isRunning(r.status));
  // The counts follow the filters except status and mode (they are what is counted).
  const censusPayload = useMemo(() => {
    const { status: _s, mode: _m, ...rest } = filterPayload(filters) as ReturnType<typeof filterPayload> & { status?: number; mode?: string };
    return { scope, ...rest };
  }, [scope, filters]);
  const census = useQuery({
    queryKey: ["research", "course-census", censusPayload],
    queryFn: () => researchApi.census(censusPayload),
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: anyRunning ? POLL_MS * 2 : false,
  });
  const cards = censusCards(census.data);
  const subjects = useQuery({
    queryKey: ["research", "subjects"],
    staleTime: 60_000,
    retry: false,
    queryFn: () => researchApi.subjects(),
  });
  // c157 lists a subject once per period: one choice per subject.
  const subjectOptions = useMemo(() => {
    const m = new Map<number, string>();
    for (const s of Array.isArray(subjects.data) ? subjects.data : []) if (s.subject_id > 0 && !m.has(s.subject_id)) m.set(s.subject_id, s.subject_name);
    return [...m.entries()].map(([value, label]) => ({ value, label }));
  }, [subjects.data]);

  const refresh = () => void qc.invalidateQueries({ queryKey: ["research"] });
  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
    refresh();
  };
  const reset = () => {
    setDraft(BLANK);
    setFilters(BLANK);
    setPaging(FIRST_PAGE);
  };

  const remove = (r: AnalysisCourseRow) =>
    opened.current.push(
      appModal.confirm({
        title: "删除课堂分析",
        content: `确定删除「${r.name}」的课堂分析吗？分析报告、人工修正的编码和讨论一并删除，删除后不能恢复。`,
        okText: "删除",
        okButtonProps: { danger: true, "data-testid": "analysis-delete-ok" },
        cancelText: "取消",
        onOk: async () => {
          try {
            await researchApi.remove(r.id);
            toast.success("删除成功");
            refresh();
          } catch {
            /* shown by the API client */
          }
        },
      }),
    );
  const eliminate = (r: AnalysisCourseRow) =>
    opened.current.push(
      appModal.confirm({
        title: "移出我的课例",
        content: `将「${r.name}」移出我的课例分析？学校的课堂分析列表仍保留它。`,
        okText: "移出",
        cancelText: "取消",
        onOk: async () => {
          try {
            await researchApi.eliminateMy(r.id);
            toast.success("已移出");
            refresh();
          } catch {
            /* shown by the API client */
          }
        },
      }),
    );

  const small = { fontSize: 12 } as const;
  const columns: TableColumnsType<AnalysisCourseRow> = [
    {
      title: "课程",
      dataIndex: "name",
      ellipsis: { showTitle: false },
      render: (v: string, r) => (
        <div style={{ minWidth: 0 }}>
          <Tooltip title={v}>
            <Typography.Text strong ellipsis style={{ maxWidth: "100%" }} data-testid="analysis-row-name">
              {v}
            </Typography.Text>
          </Tooltip>
          <div className="yk-muted" style={small}>
            {r.created_at ? r.created_at.slice(0, 16) : ""}
            {r.grade_name ? ` · ${r.grade_name}` : ""}
          </div>
        </div>
      ),
    },
    { title: "授课教师", dataIndex: "account_name", width: 96, ellipsis: true },
    { title: "学校", dataIndex: "school_name", width: 140, ellipsis: true, render: (v: string) => v || <span className="yk-muted">—</span> },
    { title: "学科", dataIndex: "subject_name", width: 76, ellipsis: true, render: (v: string) => v || <span className="yk-muted">—</span> },
    {
      title: "来源",
      dataIndex: "source",
      width: 68,
      render: (v: AnalysisCourseRow["source"]) =>
        v === "recording" ? (
          <Tag color="cyan" bordered={false}>
            录制
          </Tag>
        ) : (
          <Tag bordered={false}>上传</Tag>
        ),
    },
    {
      title: "时长",
      dataIndex: "duration",
      width: 70,
      render: (v: number) => (v > 0 ? <span className="yk-mono">{clockOf(v)}</span> : <span className="yk-muted">—</span>),
    },
    { title: "分析状态", key: "status", width: 180, render: (_, r) => <JobStatus row={r} /> },
    { title: "教学模式", key: "mode", width: 132, render: (_, r) => <ModeCell row={r} /> },
    {
      title: "公开",
      dataIndex: "publish_status",
      width: 84,
      render: (v: number, r) => (
        <Tooltip title={r.status !== 2 ? "分析完成后才能公开" : r.can_manage ? "公开后在前台、社区和免登录报告页可见" : "无权修改"}>
          <span>
            <StatusSwitch
              key={`${r.id}-${v}`}
              testId="analysis-publish"
              value={v}
              on="公开"
              off="不公开"
              disabled={!r.can_manage || r.status !== 2}
              onToggle={async (next) => {
                await researchApi.setStatus(r.id, next ? 1 : 0);
                toast.success(next ? "报告已公开" : "报告已取消公开");
                refresh();
              }}
            />
          </span>
        </Tooltip>
      ),
    },
    {
      title: "操作",
      key: "op",
      width: 168,
      fixed: "right",
      render: (_, r) => {
        const more = [
          ...(r.can_manage ? [{ key: "again", label: <span data-testid="analysis-again">重新分析</span>, disabled: isRunning(r.status) }] : []),
          ...(r.can_manage ? [{ key: "reupload", label: <span data-testid="analysis-reupload">重新上传</span>, disabled: isRunning(r.status) }] : []),
          ...(scope === "mine" ? [{ key: "eliminate", label: <span data-testid="analysis-eliminate">移出我的课例</span> }] : []),
        ];
        return (
          <Space size={2} className="yk-row-actions">
            <Tooltip title={r.status === 2 ? undefined : "分析完成后可查看报告"}>
              <Button
                type="link"
                size="small"
                style={{ padding: "0 4px" }}
                disabled={r.status !== 2}
                onClick={() => openReport(r.id)}
                data-testid="analysis-open-report"
              >
                查看报告
              </Button>
            </Tooltip>
            {r.can_manage ? (
              <a onClick={() => remove(r)} data-testid="analysis-delete" style={{ color: "#cf1322" }}>
                删除
              </a>
            ) : null}
            {more.length ? (
              <Dropdown
                trigger={["click"]}
                menu={{
                  items: more,
                  onClick: ({ key }) => (key === "again" ? setAgainFor(r) : key === "reupload" ? setReUploadFor(r) : eliminate(r)),
                }}
              >
                <a data-testid="analysis-more">
                  更多 <DownOutlined style={{ fontSize: 10 }} />
                </a>
              </Dropdown>
            ) : null}
          </Space>
        );
      },
    },
  ];

  // Research calls carry no button rules: whoever has the screen may upload; the server decides each row (can_manage).
  const canUpload = true;
  return (
    <div className="yk-page" data-testid={scope === "mine" ? "my-analysis-page" : "analysis-course-page"}>
      <Card
        variant="borderless"
        title={<span data-testid="page-title">{title}</span>}
        extra={
          canUpload ? (
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)} data-testid="analysis-upload">
              上传分析
            </Button>
          ) : null
        }
      >
        <div data-testid="analysis-counts" style={{ display: "flex", flexWrap: "wrap", gap: 10, marginBottom: 14 }}>
          {census.isError ? (
            <Typography.Text type="secondary">统计暂不可用</Typography.Text>
          ) : (
            cards.map((c) => (
              <div
                key={c.key}
                data-testid={`analysis-count-${c.key}`}
                data-value={c.value}
                style={{ padding: "8px 16px", minWidth: 96, borderRadius: 8, background: "#f5f8f7", border: "1px solid #e3ebe8" }}
              >
                <div className="yk-muted" style={small}>
                  {c.label}
                </div>
                <div style={{ fontSize: 20, fontWeight: 600, color: c.color ?? "#1f2d28" }}>{c.value}</div>
              </div>
            ))
          )}
        </div>
        <div className="yk-filter-bar">
          <Input
            allowClear
            placeholder="课程名称"
            value={draft.name}
            maxLength={100}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            onPressEnter={search}
            style={{ width: 140 }}
            data-testid="analysis-search-name"
          />
          {scope === "all" && schools.length > 1 ? (
            <SchoolSelect testId="analysis-search-school" width={150} value={draft.school_id} onChange={(v) => setDraft((d) => ({ ...d, school_id: v }))} />
          ) : null}
          {scope === "all" ? (
            <Input
              allowClear
              placeholder="授课教师"
              value={draft.teacher}
              maxLength={50}
              onChange={(e) => setDraft((d) => ({ ...d, teacher: e.target.value }))}
              onPressEnter={search}
              style={{ width: 110 }}
              data-testid="analysis-search-teacher"
            />
          ) : null}
          <Select
            allowClear
            placeholder="学科"
            value={draft.subject_id}
            options={subjectOptions}
            onChange={(v?: number) => setDraft((d) => ({ ...d, subject_id: v }))}
            style={{ width: 100 }}
            data-testid="analysis-search-subject"
          />
          <Select
            allowClear
            placeholder="分析状态"
            value={draft.status}
            options={Object.entries(ANALYSIS_STATUS).map(([k, v]) => ({ value: Number(k), label: v }))}
            onChange={(v?: number) => setDraft((d) => ({ ...d, status: v }))}
            style={{ width: 104 }}
            data-testid="analysis-search-status"
          />
          <Select
            allowClear
            placeholder="教学模式"
            value={draft.mode}
            options={TEACHING_MODES.map((m) => ({ value: m, label: m }))}
            onChange={(v?: TeachingMode) => setDraft((d) => ({ ...d, mode: v }))}
            style={{ width: 104 }}
            data-testid="analysis-search-mode"
          />
          <DatePicker.RangePicker
            value={draft.range}
            onChange={(v) => setDraft((d) => ({ ...d, range: v as Filters["range"] }))}
            style={{ width: 220 }}
            data-testid="analysis-search-range"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="analysis-search">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
        </div>
        <Table<AnalysisCourseRow>
          rowKey="id"
          size="small"
          data-testid="analysis-table"
          loading={list.isFetching && !list.isRefetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 1180 }}
          onRow={(r) => ({ "data-row-id": r.id, "data-testid": "analysis-row" }) as React.HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: list.isError
              ? "课堂分析列表加载失败"
              : hasFilters(filters)
                ? "没有符合条件的课堂分析"
                : canUpload
                  ? "还没有课堂分析，点击“上传分析”上传一节课的视频"
                  : "还没有课堂分析",
          }}
          pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
        />
      </Card>
      <UploadAnalysisDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onCreated={() => {
          setUploading(false);
          setPaging((p) => ({ ...p, page: 1 }));
          refresh();
        }}
      />
      <AnalyseAgainDialog
        row={againFor}
        onClose={() => setAgainFor(null)}
        onDone={() => {
          setAgainFor(null);
          refresh();
        }}
      />
      <ReUploadDialog
        row={reUploadFor}
        onClose={() => setReUploadFor(null)}
        onDone={() => {
          setReUploadFor(null);
          refresh();
        }}
      />
    </div>
  );
}
