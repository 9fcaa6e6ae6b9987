import { PlayCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { SLOT_STATUS, type TimetableRow, type WeekDay } from "@yanke/protocol";
import { Spin, Tag, Tooltip } from "antd";
import { Link } from "react-router";
import { clock, dayOpen, slotFlags, slotsAt, statusName, STATUS_COLORS, timeRows, WEEKDAY_NAMES } from "./timetable-view";

export interface SlotActions {
  edit?: (r: TimetableRow) => void;
  cancel?: (r: TimetableRow) => void;
  stop?: (r: TimetableRow) => void;
}

function SlotCard({ r, actions }: { r: TimetableRow; actions: SlotActions }) {
  const flags = slotFlags(r);
  const title = [r.course_name, r.chapter_name].filter(Boolean).join(" · ");
  return (
    <div
      className={`yk-tt-card yk-tt-card-s${r.status}`}
      data-testid="timetable-slot"
      data-id={r.id}
      data-status={r.status}
      data-date={r.currency_date}
      onClick={(e) => {
        e.stopPropagation();
        actions.edit?.(r);
      }}
      role={actions.edit ? "button" : undefined}
    >
      <Tooltip title={r.note ? `${title}（${r.note}）` : title} mouseEnterDelay={0.4}>
        <div className="yk-tt-card-title" data-testid="timetable-slot-course">
          {r.course_name}
        </div>
      </Tooltip>
      {r.chapter_name ? <div className="yk-tt-card-line yk-muted">{r.chapter_name}</div> : null}
      <div className="yk-tt-card-line">
        <span className="yk-tt-time">
          {clock(r.start_date)}–{clock(r.end_date)}
        </span>
        {r.account_name ? <span className="yk-muted"> · {r.account_name}</span> : null}
      </div>
      {r.subject_name ? <div className="yk-tt-card-line yk-muted">{r.subject_name}</div> : null}
      <div className="yk-tt-card-tags">
        <Tag color={STATUS_COLORS[r.status]} bordered={false} data-testid="timetable-slot-status">
          {statusName(r)}
        </Tag>
        {flags.map((f) => (
          <Tag key={f.key} color={f.color} bordered={false}>
            {f.label}
          </Tag>
        ))}
      </div>
      {r.status === SLOT_STATUS.missed && r.note ? <div className="yk-tt-card-line yk-missing">{r.note}</div> : null}
      <div className="yk-tt-card-actions" onClick={(e) => e.stopPropagation()}>
        {actions.edit ? (
          <a onClick={() => actions.edit?.(r)} data-testid="timetable-slot-edit">
            编辑
          </a>
        ) : null}
        {actions.cancel && r.status === SLOT_STATUS.scheduled ? (
          <a className="yk-tt-danger" onClick={() => actions.cancel?.(r)} data-testid="timetable-slot-cancel">
            取消录制
          </a>
        ) : null}
        {actions.stop && r.status === SLOT_STATUS.recording ? (
          <a className="yk-tt-danger" onClick={() => actions.stop?.(r)} data-testid="timetable-slot-stop">
            停止录制
          </a>
        ) : null}
        {r.video_id > 0 ? (
          <Link to={`/playVideo?id=${r.video_id}`} data-testid="timetable-slot-play">
            <PlayCircleOutlined /> 播放
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** A class's week: Monday–Sunday columns, one row per lesson time; a day that has not passed takes new lessons. */
export function WeekGrid({
  days,
  today,
  loading,
  actions,
  onCreate,
}: {
  days: WeekDay[];
  today: string;
  loading: boolean;
  actions: SlotActions;
  /** Absent: the caller may not add lessons. */
  onCreate?: (date: string, time?: { start: string; end: string }) => void;
}) {
  const rows = timeRows(days);
  const empty = rows.length === 0;
  return (
    <Spin spinning={loading} tip="正在加载课表…">
      <div className="yk-tt-grid" data-testid="timetable-grid">
        <div className="yk-tt-head yk-tt-corner">时间</div>
        {days.map((d) => (
          <div key={d.date} className={`yk-tt-head${d.date === today ? " yk-tt-today" : ""}`} data-testid="timetable-day" data-date={d.date}>
            <div className="yk-tt-head-name">
              {WEEKDAY_NAMES[d.week]}
              {d.date === today ? (
                <Tag color="green" bordered={false} style={{ marginInlineStart: 6 }}>
                  今天
                </Tag>
              ) : null}
            </div>
            <div className="yk-tt-head-date">{`${d.date.slice(5).replace("-", "月")}日`}</div>
          </div>
        ))}

        {rows.map((row) => [
          <div key={`t-${row.key}`} className="yk-tt-time-cell">
            <b>{row.start}</b>
            <span className="yk-muted">{row.end}</span>
          </div>,
          ...days.map((d) => {
            const list = slotsAt(d, row);
            const open = Boolean(onCreate) && dayOpen(d.date, today);
            return (
              <div
                key={`${row.key}-${d.date}`}
                className={`yk-tt-cell${list.length === 0 && open ? " yk-tt-cell-open" : ""}${d.date === today ? " yk-tt-today-col" : ""}`}
                data-testid="timetable-cell"
                data-date={d.date}
                data-time={row.key}
                onClick={list.length === 0 && open ? () => onCreate?.(d.date, row) : undefined}
                title={list.length === 0 && open ? `在 ${d.date} ${row.start}–${row.end} 添加课程` : undefined}
              >
                {list.map((r) => (
                  <SlotCard key={r.id} r={r} actions={actions} />
                ))}
                {list.length === 0 && open ? (
                  <span className="yk-tt-cell-plus">
                    <PlusOutlined />
                  </span>
                ) : null}
              </div>
            );
          }),
        ])}

        <div className="yk-tt-time-cell yk-tt-add-label">{empty ? "本周暂无课程" : "添加"}</div>
        {days.map((d) => {
          const open = Boolean(onCreate) && dayOpen(d.date, today);
          return (
            <div key={`add-${d.date}`} className={`yk-tt-cell yk-tt-add${empty ? " yk-tt-add-tall" : ""}${d.date === today ? " yk-tt-today-col" : ""}`}>
              {open ? (
                <button type="button" className="yk-tt-add-btn" onClick={() => onCreate?.(d.date)} data-testid={`timetable-add-${d.date}`}>
                  <PlusOutlined /> 添加课程
                </button>
              ) : (
                <span className="yk-muted yk-tt-past">{onCreate ? "已过去" : ""}</span>
              )}
            </div>
          );
        })}
      </div>
    </Spin>
  );
}
