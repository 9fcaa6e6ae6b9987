import { PlayCircleOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { SLOT_STATUS, type TimetableRow } from "@yanke/protocol";
import { Button, Checkbox, DatePicker, Input, Select, Space, Table, Tag, type TableColumnsType } from "antd";
import type { Dayjs } from "../../dayjs";
import { useState } from "react";
import { Link } from "react-router";
import { FIRST_PAGE, tablePagination, type PageState } from "../common";
import type { Option } from "../common";
import { timetableApi } from "./timetable-api";
import { clock, slotFlags, statusName, STATUS_COLORS, STATUS_OPTIONS, WEEKDAY_NAMES } from "./timetable-view";
import type { SlotActions } from "./WeekGrid";

interface ListFilters {
  class_id: number | undefined;
  status: number | undefined;
  range: [Dayjs | null, Dayjs | null] | null;
  course_name: string;
  to_record: boolean;
}
const BLANK: ListFilters = { class_id: undefined, status: undefined, range: null, course_name: "", to_record: false };

function listPayload(schoolId: number | undefined, f: ListFilters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (schoolId) out.school_id = schoolId;
  if (f.class_id) out.class_id = f.class_id;
  if (f.status !== undefined) out.status = f.status;
  if (f.range?.[0]) out.start_date = f.range[0].format("YYYY-MM-DD");
  if (f.range?.[1]) out.end_date = f.range[1].format("YYYY-MM-DD");
  if (f.course_name.trim()) out.course_name = f.course_name.trim();
  if (f.to_record) out.to_record = 1;
  return out;
}

/** 录制列表: the slots of the school (c124), newest first, with their recordings. */
export function RecordListTab({ schoolId, classes, actions }: { schoolId: number | undefined; classes: Option[]; actions: SlotActions }) {
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<ListFilters>(BLANK);
  const [filters, setFilters] = useState<ListFilters>(BLANK);
  const list = useQuery({
    queryKey: ["timetable", "list", schoolId ?? 0, paging, filters],
    placeholderData: keepPreviousData,
    enabled: Boolean(schoolId),
    queryFn: () => timetableApi.list({ page: paging.page, limit: paging.limit, ...listPayload(schoolId, filters) }),
  });
  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
    void list.refetch();
  };
  const reset = () => {
    setDraft(BLANK);
    setFilters(BLANK);
    setPaging(FIRST_PAGE);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(BLANK);

  const columns: TableColumnsType<TimetableRow> = [
    {
      title: "课程",
      dataIndex: "course_name",
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          <span data-testid="record-row-course">{v}</span>
          {r.chapter_name ? (
            <div className="yk-muted" style={{ fontSize: 12 }}>
              {r.chapter_name}
            </div>
          ) : null}
        </div>
      ),
    },
    { title: "班级", dataIndex: "class_name", width: 130, ellipsis: true },
    { title: "授课教师", dataIndex: "account_name", width: 96, ellipsis: true, render: (v: string) => v || <span className="yk-muted">未指定</span> },
    {
      title: "上课时间",
      key: "when",
      width: 170,
      render: (_, r) => (
        <div>
          <div>
            {r.currency_date} {WEEKDAY_NAMES[r.week]}
          </div>
          <div className="yk-muted" style={{ fontSize: 12 }}>
            {clock(r.start_date)}–{clock(r.end_date)}
          </div>
        </div>
      ),
    },
    {
      title: "状态",
      dataIndex: "status",
      width: 150,
      render: (v: number, r) => (
        <div>
          <Tag color={STATUS_COLORS[v]} bordered={false} data-testid="record-row-status" data-value={v}>
            {statusName(r)}
          </Tag>
          {r.note ? (
            <div className="yk-muted" style={{ fontSize: 12, whiteSpace: "normal" }}>
              {r.note}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: "选项",
      key: "flags",
      width: 130,
      render: (_, r) => {
        const flags = slotFlags(r);
        return flags.length ? (
          <Space size={[2, 2]} wrap>
            {flags.map((f) => (
              <Tag key={f.key} color={f.color} bordered={false} style={{ margin: 0 }}>
                {f.label}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="yk-muted">—</span>
        );
      },
    },
    {
      title: "操作",
      key: "op",
      width: 150,
      render: (_, r) => (
        <Space size={8} className="yk-row-actions">
          {r.video_id > 0 ? (
            <Link to={`/playVideo?id=${r.video_id}`} data-testid="record-row-play">
              <PlayCircleOutlined /> 播放
            </Link>
          ) : null}
          {actions.edit && r.kind === "timetable" ? (
            <a onClick={() => actions.edit?.(r)} data-testid="record-row-edit">
              编辑
            </a>
          ) : null}
          {actions.cancel && r.status === SLOT_STATUS.scheduled && r.kind === "timetable" ? (
            <a className="yk-tt-danger" onClick={() => actions.cancel?.(r)} data-testid="record-row-cancel">
              取消录制
            </a>
          ) : null}
          {actions.stop && r.status === SLOT_STATUS.recording ? (
            <a className="yk-tt-danger" onClick={() => actions.stop?.(r)} data-testid="record-row-stop">
              停止录制
            </a>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="record-list-tab">
      <div className="yk-filter-bar">
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder="全部班级"
          value={draft.class_id}
          onChange={(v: number | undefined) => setDraft((d) => ({ ...d, class_id: v }))}
          options={classes}
          style={{ width: 170 }}
          data-testid="record-search-class"
        />
        <Select
          allowClear
          placeholder="状态"
          value={draft.status}
          onChange={(v: number | undefined) => setDraft((d) => ({ ...d, status: v }))}
          options={STATUS_OPTIONS}
          style={{ width: 110 }}
          data-testid="record-search-status"
        />
        <DatePicker.RangePicker
          value={draft.range}
          onChange={(v) => setDraft((d) => ({ ...d, range: v }))}
          placeholder={["开始日期", "结束日期"]}
          style={{ width: 240 }}
          data-testid="record-search-range"
        />
        <Input
          allowClear
          placeholder="课程名称"
          value={draft.course_name}
          onChange={(e) => setDraft((d) => ({ ...d, course_name: e.target.value }))}
          onPressEnter={search}
          style={{ width: 150 }}
          data-testid="record-search-course"
        />
        <Checkbox checked={draft.to_record} onChange={(e) => setDraft((d) => ({ ...d, to_record: e.target.checked }))} data-testid="record-search-to-record">
          仅看待录制
        </Checkbox>
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="record-search">
          查询
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset} data-testid="record-search-reset">
          重置
        </Button>
      </div>
      <Table<TimetableRow>
        rowKey="id"
        size="small"
        data-testid="record-table"
        loading={list.isFetching && !list.isRefetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: !schoolId ? "请先选择学校" : filtered ? "没有符合条件的课程" : "还没有安排课程" }}
        pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
      />
    </div>
  );
}
