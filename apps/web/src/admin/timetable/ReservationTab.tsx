import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { RECORD_MODELS, ReservationSave, SLOT_STATUS, type TimetableRow } from "@yanke/protocol";
import { Alert, App, Button, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Table, Tag, TimePicker, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "../../api/toast";
import { FIRST_PAGE, tablePagination, zodRule, type Option, type PageState } from "../common";
import { formRefusal, timetableApi } from "./timetable-api";
import { clock, statusName, STATUS_COLORS, STATUS_OPTIONS, WEEKDAY_NAMES } from "./timetable-view";

const MODELS = Object.entries(RECORD_MODELS).map(([v, label]) => ({ value: Number(v), label }));
const f = ReservationSave.shape;

interface ReservationValues {
  class_id: number | undefined;
  course_name: string;
  chapter_name?: string;
  date: Dayjs;
  start: Dayjs;
  end: Dayjs;
  record_model: number;
  is_ai: boolean;
}

function ReservationDialog({
  open,
  classes,
  classId,
  onClose,
  onSaved,
}: {
  open: boolean;
  classes: Option[];
  classId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ReservationValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let v: ReservationValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await timetableApi.reservationSave({
        class_id: v.class_id ?? 0,
        course_name: v.course_name.trim(),
        chapter_name: (v.chapter_name ?? "").trim(),
        currency_date: v.date.format("YYYY-MM-DD"),
        start_date: v.start.format("HH:mm"),
        end_date: v.end.format("HH:mm"),
        record_model: v.record_model,
        is_ai: v.is_ai ? 1 : 0,
      });
      toast.success("预约成功");
      onSaved();
    } catch (e) {
      const msg = formRefusal(e);
      if (msg === null) onClose();
      else setError(msg);
    } finally {
      setSaving(false);
    }
  };
  useEffect(() => {
    if (!open) return;
    const tomorrow = dayjs().add(1, "day");
    setError(null);
    form.resetFields();
    form.setFieldsValue({
      class_id: classId,
      course_name: "",
      chapter_name: "",
      date: tomorrow,
      start: tomorrow.hour(10).minute(0).second(0),
      end: tomorrow.hour(10).minute(45).second(0),
      record_model: 1,
      is_ai: false,
    });
  }, [open, classId, form]);
  return (
    <Modal
      open={open}
      title="新增预约录制"
      onCancel={onClose}
      onOk={submit}
      okText="预约"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "reservation-submit" }}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="reservation-form" requiredMark={false}>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="reservation-form-error" /> : null}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="班级" name="class_id" rules={[{ required: true, message: "请选择班级" }]}>
              <Select showSearch={{ optionFilterProp: "label" }} placeholder="请选择班级" options={classes} data-testid="reservation-form-class" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="课程名称" name="course_name" rules={[{ required: true, whitespace: true, message: "请输入课程名称" }, zodRule(f.course_name)]}>
              <Input maxLength={100} data-testid="reservation-form-course" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="章节名称" name="chapter_name" rules={[zodRule(f.chapter_name)]}>
              <Input maxLength={100} placeholder="选填" data-testid="reservation-form-chapter" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label="日期" name="date" rules={[{ required: true, message: "请选择日期" }]}>
              <DatePicker
                style={{ width: "100%" }}
                allowClear={false}
                disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
                data-testid="reservation-form-date"
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item label="开始时间" name="start" rules={[{ required: true, message: "请选择开始时间" }]}>
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} allowClear={false} style={{ width: "100%" }} data-testid="reservation-form-start" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item label="结束时间" name="end" rules={[{ required: true, message: "请选择结束时间" }]}>
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} allowClear={false} style={{ width: "100%" }} data-testid="reservation-form-end" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item label="录制模式" name="record_model">
              <Select options={MODELS} data-testid="reservation-form-model" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label=" " name="is_ai" valuePropName="checked">
              <Checkbox data-testid="reservation-form-ai">AI 分析</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** 预约录制: one-off recordings booked for a class (the booker's own video). */
export function ReservationTab({ classes, classId }: { classes: Option[]; classId: number | undefined }) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [classFilter, setClassFilter] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: ["timetable", "reservations", paging, classFilter ?? 0, status ?? -1],
    placeholderData: keepPreviousData,
    queryFn: () =>
      timetableApi.reservationList({
        page: paging.page,
        limit: paging.limit,
        ...(classFilter ? { class_id: classFilter } : {}),
        ...(status !== undefined ? { status } : {}),
      }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["timetable"] });
  const rows = list.data?.list ?? [];

  const remove = (r: TimetableRow) =>
    modal.confirm({
      title: "删除预约",
      content: `确定删除预约《${r.course_name}》（${r.currency_date} ${clock(r.start_date)}–${clock(r.end_date)}）吗？${r.video_id ? "已录制的视频会保留。" : ""}`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": "reservation-delete-ok" },
      cancelText: "取消",
      onOk: async () => {
        try {
          await timetableApi.reservationDelete(r.id);
          toast.success("删除成功");
          if ((list.data?.list.length ?? 0) === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const columns: TableColumnsType<TimetableRow> = [
    {
      title: "课程",
      dataIndex: "course_name",
      ellipsis: true,
      render: (v: string, r) => (
        <div style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          <span data-testid="reservation-row-course">{v}</span>
          {r.chapter_name ? (
            <div className="yk-muted" style={{ fontSize: 12 }}>
              {r.chapter_name}
            </div>
          ) : null}
        </div>
      ),
    },
    { title: "班级", dataIndex: "class_name", width: 140, ellipsis: true },
    { title: "预约人", dataIndex: "account_name", width: 100, ellipsis: true },
    {
      title: "录制时间",
      key: "when",
      width: 180,
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
    { title: "录制模式", dataIndex: "record_model", width: 150, render: (v: number) => RECORD_MODELS[v as 1 | 2 | 3] ?? "—" },
    {
      title: "状态",
      dataIndex: "status",
      width: 130,
      render: (v: number, r) => (
        <div>
          <Tag color={STATUS_COLORS[v]} bordered={false} data-testid="reservation-row-status">
            {statusName(r)}
          </Tag>
          {r.is_ai ? (
            <Tag color="geekblue" bordered={false}>
              AI
            </Tag>
          ) : null}
          {r.note ? (
            <div className="yk-muted" style={{ fontSize: 12, whiteSpace: "normal" }}>
              {r.note}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: "操作",
      key: "op",
      width: 120,
      render: (_, r) => (
        <Space size={8}>
          {r.video_id > 0 ? (
            <Link to={`/playVideo?id=${r.video_id}`}>
              <PlayCircleOutlined /> 播放
            </Link>
          ) : null}
          {r.status !== SLOT_STATUS.recording ? (
            <a className="yk-tt-danger" onClick={() => remove(r)} data-testid="reservation-delete">
              <DeleteOutlined /> 删除
            </a>
          ) : (
            <span className="yk-muted">录制中</span>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="reservation-tab">
      <div className="yk-filter-bar">
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder="全部班级"
          value={classFilter}
          onChange={(v: number | undefined) => {
            setClassFilter(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={classes}
          style={{ width: 170 }}
          data-testid="reservation-search-class"
        />
        <Select
          allowClear
          placeholder="状态"
          value={status}
          onChange={(v: number | undefined) => {
            setStatus(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={STATUS_OPTIONS}
          style={{ width: 110 }}
          data-testid="reservation-search-status"
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          刷新
        </Button>
        <div className="yk-topbar-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={!classes.length} data-testid="reservation-add">
          新增预约
        </Button>
      </div>
      <Table<TimetableRow>
        rowKey="id"
        size="small"
        data-testid="reservation-table"
        loading={list.isFetching && !list.isRefetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 960 }}
        locale={{ emptyText: classFilter || status !== undefined ? "没有符合条件的预约" : "还没有预约录制，点击“新增预约”预约一节课的录制" }}
        pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
      />
      <ReservationDialog
        open={adding}
        classes={classes}
        classId={classId}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          refresh();
        }}
      />
    </div>
  );
}
