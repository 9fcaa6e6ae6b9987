import { BankOutlined, BookOutlined, CalendarOutlined } from "@ant-design/icons";
import { calls, ROLE_NAMES, TIMING } from "@yanke/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Select, Tooltip } from "antd";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { normalizePath } from "../router/access";
import { getState, patchSession, setState, useAppState } from "../session/store";
import { emitAppRefresh } from "./events";
import { courseOptions, currentSchoolEntry, periodSwitchPatch, schoolEntryKey, schoolSwitchPatch } from "./switcher";
import { useSchoolEntries } from "./useSchoolEntries";

/** The period's courses for the course filter (c049 /middle/common/courseList {period_id}; 全部 first). */
function fetchCourses(periodId: number): Promise<unknown> {
  return call(calls.commonCourseList, { period_id: periodId });
}

function refreshDetail(reason: "school" | "period" | "course") {
  const s = getState();
  return { reason, school_id: s.session.school_id, period_id: s.session.period_id, course_id: s.courseId };
}

function identityLabel(code: number): string {
  return ROLE_NAMES[code] ?? "";
}

/** §4 Switching school identity: store the identity, emit, reload the app at the host root after 500 ms. */
export function SchoolSwitcher() {
  const q = useSchoolEntries();
  const session = useAppState((s) => s.session);
  const [switching, setSwitching] = useState(false);
  const entries = q.data ?? [];
  if (!entries.length) return null;
  const current = currentSchoolEntry(entries, session);
  const label = (e: (typeof entries)[number]) => {
    const who = identityLabel(e.info.type || e.ident);
    return `${e.title || `学校 ${e.id}`}${who ? ` · ${who}` : ""}`;
  };
  const onChange = (key: string) => {
    const e = entries.find((x) => schoolEntryKey(x) === key);
    if (!e || (current && schoolEntryKey(current) === key)) return;
    const patch = schoolSwitchPatch(e);
    setSwitching(true);
    patchSession(patch.session);
    setState({ periodIndex: patch.periodIndex, courseId: 0 });
    emitAppRefresh(refreshDetail("school"));
    toast.info(`正在切换到 ${label(e)}…`, "school-switch");
    setTimeout(() => window.location.assign(`${window.location.origin}/`), TIMING.schoolSwitchReloadMs);
  };
  return (
    <Tooltip title="切换学校身份" placement="bottom">
      <Select
        className="yk-switcher"
        data-testid="school-switcher"
        size="small"
        variant="filled"
        prefix={<BankOutlined />}
        popupMatchSelectWidth={false}
        value={current ? schoolEntryKey(current) : undefined}
        placeholder="选择学校"
        loading={switching}
        disabled={switching || (entries.length === 1 && current !== undefined)}
        onChange={onChange}
        options={entries.map((e) => ({
          value: schoolEntryKey(e),
          label: (
            <span data-testid="school-option" data-school={e.id}>
              {label(e)}
            </span>
          ),
          title: label(e),
        }))}
        style={{ maxWidth: 180 }}
      />
    </Tooltip>
  );
}

/** §4 Switching period: store the period id, emit, reload the route. */
export function PeriodSwitcher() {
  const q = useSchoolEntries();
  const session = useAppState((s) => s.session);
  const navigate = useNavigate();
  const path = normalizePath(useLocation().pathname);
  const queryClient = useQueryClient();
  const entry = currentSchoolEntry(q.data ?? [], session);
  const periods = entry?.period_arr ?? [];
  if (!periods.length) return null;
  const onChange = (id: number) => {
    const patch = periodSwitchPatch(entry, id);
    patchSession(patch.session);
    setState({ periodIndex: patch.periodIndex, courseId: 0 });
    emitAppRefresh(refreshDetail("period"));
    void queryClient.invalidateQueries();
    void navigate(`/redirect${path}`, { replace: true });
  };
  const known = periods.some((p) => p.id === session.period_id);
  return (
    <Tooltip title="切换学段" placement="bottom">
      <Select
        className="yk-switcher"
        data-testid="period-switcher"
        size="small"
        variant="filled"
        prefix={<CalendarOutlined />}
        popupMatchSelectWidth={false}
        value={known ? session.period_id : undefined}
        placeholder="学段"
        onChange={onChange}
        options={periods.map((p) => ({
          value: p.id,
          label: (
            <span data-testid="period-option" data-period={p.id}>
              {p.name || `学段 ${p.id}`}
            </span>
          ),
        }))}
        style={{ maxWidth: 110 }}
      />
    </Tooltip>
  );
}

/** Course filter of the top bar: 全部 first, then the period's courses (c049, #4). */
export function CourseFilter() {
  const periodId = useAppState((s) => s.session.period_id);
  const token = useAppState((s) => s.session.token);
  const courseId = useAppState((s) => s.courseId);
  const q = useQuery({
    queryKey: ["courseList", token, periodId],
    enabled: token !== "" && periodId > 0,
    queryFn: () => fetchCourses(periodId),
    staleTime: 5 * 60_000,
  });
  if (periodId <= 0) return null;
  const options = courseOptions(q.data);
  const value = options.some((o) => o.id === courseId) ? courseId : 0;
  return (
    <Tooltip title="课程筛选" placement="bottom">
      <Select
        className="yk-switcher"
        data-testid="course-filter"
        size="small"
        variant="filled"
        prefix={<BookOutlined />}
        popupMatchSelectWidth={false}
        value={value}
        onChange={(id: number) => {
          setState({ courseId: id });
          emitAppRefresh(refreshDetail("course"));
        }}
        options={options.map((o) => ({
          value: o.id,
          label: (
            <span data-testid="course-option" data-course={o.id}>
              {o.name}
            </span>
          ),
        }))}
        style={{ maxWidth: 110 }}
      />
    </Tooltip>
  );
}
