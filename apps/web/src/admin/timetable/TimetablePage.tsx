import { CalendarOutlined, LeftOutlined, ReloadOutlined, RightOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CALLS, SLOT_STATUS_NAMES, type TimetableRow } from "@yanke/protocol";
import { Alert, App, Button, Card, DatePicker, Empty, Select, Space, Tabs, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "../../dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../api/toast";
import { usePermission } from "../../rbac/usePermission";
import { useScreenTitle } from "../common";
import { SchoolSelect, useAllSchools, useClasses, useDefaultSchool } from "../pickers";
import { RecordListTab } from "./RecordListTab";
import { ReservationTab } from "./ReservationTab";
import { SlotForm, type SlotTarget } from "./SlotForm";
import { timetableApi } from "./timetable-api";
import { blankWeek, classDevice, clock, mondayOf, STATUS_COLORS, ymd } from "./timetable-view";
import { WeekGrid, type SlotActions } from "./WeekGrid";
import "./timetable.css";

/** The device line above the grid: whether the class will be recorded at all (decision 0621). */
function DeviceNotice({ schoolId, classId }: { schoolId: number; classId: number }) {
  const q = useQuery({
    queryKey: ["timetable", "devices", schoolId],
    staleTime: 30_000,
    queryFn: () => timetableApi.devices(schoolId),
  });
  if (!q.data) return null;
  const d = classDevice(q.data, classId);
  if (d.state === "none")
    return (
      <Alert
        className="yk-tt-device"
        type="warning"
        showIcon
        data-testid="timetable-no-device"
        title={
          d.device
            ? "该班级的录播设备已停用，课程到时不会录制（记为未录制）"
            : "该班级还没有绑定录播设备，课程到时不会录制（记为未录制），请先在设备管理中为班级绑定设备"
        }
      />
    );
  if (d.state === "off")
    return (
      <Alert
        className="yk-tt-device"
        type="warning"
        showIcon
        data-testid="timetable-no-device"
        title={`该班级的录播设备「${d.device?.position ?? ""}」已关闭录制，课程到时不会录制`}
      />
    );
  const dev = d.device!;
  return (
    <div className="yk-tt-device" data-testid="timetable-device">
      <Typography.Text type="secondary">
        录播设备：{dev.position || dev.code}
        <Tag color={dev.heartbeat_state === 1 ? "green" : "default"} bordered={false} style={{ marginInlineStart: 8 }}>
          {dev.heartbeat_state === 1 ? "在线" : "离线"}
        </Tag>
        {dev.liveStreamStatus === 1 ? (
          <Tag color="red" bordered={false}>
            推流中
          </Tag>
        ) : null}
      </Typography.Text>
    </div>
  );
}

/** 课表管理 (/basic/timetable): a class's week of recorded lessons, the list of slots and the reservations (docs/api/recording.md). */
export function TimetablePage() {
  const title = useScreenTitle("课表管理");
  const can = usePermission();
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
  const confirm = (c: Parameters<typeof appModal.confirm>[0]) => void opened.current.push(appModal.confirm(c));

  const schools = useAllSchools();
  const ownSchool = useDefaultSchool();
  const [schoolId, setSchoolId] = useState<number | undefined>(ownSchool);
  useEffect(() => {
    if (schoolId === undefined && schools.length === 1) setSchoolId(schools[0]?.value);
  }, [schoolId, schools]);
  const classes = useClasses(schoolId);
  const [classId, setClassId] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (classes.length && (classId === undefined || !classes.some((c) => c.value === classId))) setClassId(classes[0]?.value);
  }, [classes, classId]);
  const className = classes.find((c) => c.value === classId)?.label ?? "";

  const [tab, setTab] = useState("week");
  const [anchor, setAnchor] = useState<Dayjs>(() => dayjs());
  const monday = mondayOf(anchor);
  const today = ymd(dayjs());
  const thisWeek = ymd(mondayOf(dayjs())) === ymd(monday);

  const week = useQuery({
    queryKey: ["timetable", "week", classId ?? 0, ymd(monday)],
    enabled: Boolean(classId),
    queryFn: () => timetableApi.week(classId!, ymd(monday)),
    // A lesson being recorded moves on by itself.
    refetchInterval: 15_000,
  });
  const days = useMemo(() => (week.data && week.data.class_id === classId ? week.data.days : blankWeek(monday)), [week.data, classId, monday]);

  const [target, setTarget] = useState<SlotTarget | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ["timetable"] });

  const actions: SlotActions = {
    edit: can(CALLS.timetableEditRecord) ? (r) => setTarget({ slot: r, date: r.currency_date }) : undefined,
    cancel: can(CALLS.timetableCancelRecord)
      ? (r: TimetableRow) =>
          confirm({
            title: "取消录制",
            content: `确定取消《${r.course_name}》（${r.currency_date} ${clock(r.start_date)}–${clock(r.end_date)}）的录制吗？取消后这节课不再录制，时间段可以重新安排。`,
            okText: "取消录制",
            okButtonProps: { danger: true, "data-testid": "slot-cancel-ok" },
            cancelText: "不取消",
            onOk: async () => {
              try {
                await timetableApi.cancel(r.id);
                toast.success("已取消录制");
                refresh();
              } catch {
                /* shown by the API client */
              }
            },
          })
      : undefined,
    stop: can(CALLS.timetableStopRecord)
      ? (r: TimetableRow) =>
          confirm({
            title: "停止录制",
            content: `确定现在停止《${r.course_name}》的录制吗？已录制的部分会生成视频。`,
            okText: "停止录制",
            okButtonProps: { danger: true, "data-testid": "slot-stop-ok" },
            cancelText: "继续录制",
            onOk: async () => {
              try {
                await timetableApi.stop(r.id);
                toast.success("已停止录制，录像正在处理");
                refresh();
              } catch {
                /* shown by the API client */
              }
            },
          })
      : undefined,
  };
  const mayCreate = can(CALLS.timetableNewRecord) && Boolean(classId);

  const many = schools.length > 1 || can(CALLS.schoolList);
  const weekTab = !schoolId ? (
    <Empty description="请先选择学校" style={{ padding: 48 }} />
  ) : !classes.length ? (
    <Empty description="该学校还没有班级，请先在班级管理中添加" style={{ padding: 48 }} />
  ) : (
    <>
      <div className="yk-tt-toolbar">
        <Space.Compact>
          <Button icon={<LeftOutlined />} onClick={() => setAnchor((a) => a.subtract(7, "day"))} data-testid="timetable-prev-week">
            上一周
          </Button>
          <Button onClick={() => setAnchor(dayjs())} disabled={thisWeek} data-testid="timetable-this-week">
            本周
          </Button>
          <Button onClick={() => setAnchor((a) => a.add(7, "day"))} data-testid="timetable-next-week">
            下一周 <RightOutlined />
          </Button>
        </Space.Compact>
        <DatePicker
          value={anchor}
          allowClear={false}
          onChange={(d) => d && setAnchor(d)}
          suffixIcon={<CalendarOutlined />}
          placeholder="选择日期"
          style={{ width: 150 }}
          data-testid="timetable-date"
        />
        <span className="yk-tt-week-label" data-testid="timetable-week-label">
          {monday.format("YYYY年M月D日")} – {monday.add(6, "day").format("M月D日")}
          {thisWeek ? (
            <Tag color="green" bordered={false} style={{ marginInlineStart: 8 }}>
              本周
            </Tag>
          ) : null}
        </span>
        <div className="yk-topbar-spacer" />
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={week.isFetching} data-testid="timetable-refresh">
          刷新
        </Button>
      </div>
      {classId && schoolId ? <DeviceNotice schoolId={schoolId} classId={classId} /> : null}
      {week.isError ? <Alert type="error" showIcon title="课表加载失败" style={{ marginBottom: 12 }} /> : null}
      <WeekGrid
        days={days}
        today={today}
        loading={week.isLoading}
        actions={actions}
        onCreate={mayCreate ? (date, time) => setTarget({ slot: null, date, time }) : undefined}
      />
      <div className="yk-tt-legend yk-muted">
        <span>状态：</span>
        {Object.entries(SLOT_STATUS_NAMES)
          .filter(([s]) => s !== "3")
          .map(([s, name]) => (
            <Tag key={s} color={STATUS_COLORS[Number(s)]} bordered={false}>
              {name}
            </Tag>
          ))}
        <span style={{ marginInlineStart: 8 }}>已取消的课程不在课表中显示，可在“录制列表”中查看。</span>
      </div>
    </>
  );

  return (
    <div className="yk-page" data-testid="timetable-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <div className="yk-filter-bar">
          {many ? (
            <SchoolSelect
              testId="timetable-school"
              width={200}
              allowClear={false}
              placeholder="请选择学校"
              value={schoolId}
              onChange={(v) => {
                setSchoolId(v);
                setClassId(undefined);
              }}
            />
          ) : null}
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder={schoolId ? "请选择班级" : "请先选择学校"}
            disabled={!schoolId}
            value={classId}
            onChange={(v: number) => setClassId(v)}
            options={classes}
            notFoundContent="该学校还没有班级"
            style={{ width: 200 }}
            data-testid="timetable-class"
          />
        </div>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: "week", label: <span data-testid="timetable-tab-week">课表</span>, children: weekTab },
            {
              key: "list",
              label: <span data-testid="timetable-tab-list">录制列表</span>,
              children: <RecordListTab schoolId={schoolId} classes={classes} actions={actions} />,
            },
            {
              key: "reservation",
              label: <span data-testid="timetable-tab-reservation">预约录制</span>,
              children: <ReservationTab classes={classes} classId={classId} />,
            },
          ]}
        />
      </Card>
      <SlotForm
        target={target}
        schoolId={schoolId}
        classId={target?.slot?.class_id ?? classId ?? 0}
        className={target?.slot?.class_name || className}
        onClose={() => setTarget(null)}
        onSaved={(row) => {
          setTarget(null);
          // Show the week of the lesson just saved.
          if (tab === "week" && row.class_id === classId) setAnchor(dayjs(row.currency_date));
          refresh();
        }}
      />
    </div>
  );
}
