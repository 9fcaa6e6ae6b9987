import { ReloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type EquipmentRow } from "@yanke/protocol";
import { Button, Card, Checkbox, Pagination, Segmented, Select, Space, Switch, Tooltip } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { useScreenTitle } from "../../admin/common";
import { SchoolSelect, useAllSchools } from "../../admin/pickers";
import { PatrolEnlarge } from "./PatrolEnlarge";
import { PatrolTile } from "./PatrolTile";
import {
  allListPayload,
  clampPage,
  keepStableUrls,
  LAYOUTS,
  layoutLabel,
  nextPage,
  pageAfterLayout,
  pageCount,
  pageTiles,
  PATROL_REFRESH_MS,
  patrolCounts,
  ROTATION_SECONDS,
  tilesPerPage,
  type Camera,
  type Layout,
  type Protocol,
} from "./patrol-view";
import "./patrol.css";

type RotationState = "off" | "running" | "paused" | "single";

/**
 * 直播巡课 (/device/live): the live classrooms of the schools the caller sees, as a grid of muted players (1×1, 2×2
 * or 3×3 a page), each the teacher camera unless switched; 自动轮巡 turns the pages; a tile opens both cameras.
 * The list (c060 allList) is read every 10 s; a player keeps its signed address while its stream stays the same.
 */
export function PatrolPage() {
  const title = useScreenTitle("直播巡课");
  const schools = useAllSchools();
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  const [tourOnly, setTourOnly] = useState(false);
  const [layout, setLayout] = useState<Layout>(2);
  const [page, setPage] = useState(1);
  const [cameras, setCameras] = useState<ReadonlyMap<number, Camera>>(new Map());
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const [hovering, setHovering] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [seconds, setSeconds] = useState<number>(20);
  const [left, setLeft] = useState<number>(20);

  // The addresses players were given, by device, and the ones whose player failed (renewed at the next read).
  const kept = useRef<Map<number, EquipmentRow>>(new Map());
  const failed = useRef<Set<string>>(new Set());

  const payload = allListPayload({ school_id: schoolId, tourOnly });
  const list = useQuery({
    queryKey: ["patrol", "allList", payload],
    placeholderData: keepPreviousData,
    refetchInterval: PATROL_REFRESH_MS,
    queryFn: async () => {
      const rows = await call(calls.equipmentAllList, payload);
      const stable = keepStableUrls(kept.current, Array.isArray(rows) ? rows : [], Date.now(), (id, field) => failed.current.delete(`${id}:${field}`));
      for (const r of stable) kept.current.set(r.id, r);
      return stable;
    },
  });
  const rows = list.data ?? [];
  const counts = patrolCounts(rows);
  const perPage = tilesPerPage(layout);
  const pages = pageCount(rows.length, perPage);
  const current = clampPage(page, pages);
  const tiles = pageTiles(rows, current, perPage);
  const enlargedRow = enlarged === null ? null : (rows.find((r) => r.id === enlarged) ?? kept.current.get(enlarged) ?? null);

  // The grid unmounts with an empty list: no mouseleave comes then.
  useEffect(() => {
    if (rows.length === 0) setHovering(false);
  }, [rows.length]);

  // A page beyond the end (the list shrank) comes back inside.
  useEffect(() => {
    if (page !== current) setPage(current);
  }, [page, current]);

  // 自动轮巡: a countdown per page, paused while the pointer is over the grid or a classroom is enlarged.
  const pausedBy = enlarged !== null ? "查看大图" : hovering ? "鼠标悬停" : "";
  const rotation: RotationState = !rotating ? "off" : pages <= 1 ? "single" : pausedBy ? "paused" : "running";
  useEffect(() => {
    if (rotation !== "running") return;
    const t = window.setInterval(() => setLeft((l) => l - 1), 1000);
    return () => window.clearInterval(t);
  }, [rotation]);
  useEffect(() => {
    if (left > 0) return;
    setPage((p) => nextPage(p, pages));
    setLeft(seconds);
  }, [left, pages, seconds]);

  const goTo = (p: number) => {
    setPage(p);
    setLeft(seconds);
  };
  const changeLayout = (n: Layout) => {
    setPage((p) => pageAfterLayout(p, tilesPerPage(layout), tilesPerPage(n)));
    setLayout(n);
    setLeft(seconds);
  };
  const changeFilters = (next: { school?: number | undefined; tour?: boolean }) => {
    if ("school" in next) setSchoolId(next.school);
    if (next.tour !== undefined) setTourOnly(next.tour);
    setPage(1);
    setLeft(seconds);
  };

  const onCamera = useCallback((id: number, cam: Camera) => setCameras((m) => new Map(m).set(id, cam)), []);
  const onEnlarge = useCallback((id: number) => setEnlarged(id), []);
  const onTileError = useCallback((id: number, cam: Camera) => failed.current.add(`${id}:${cam}StreamUrl`), []);
  const onEnlargeError = useCallback((id: number, cam: Camera, protocol: Protocol) => {
    failed.current.add(protocol === "flv" ? `${id}:${cam}FlvUrl` : `${id}:${cam}StreamUrl`);
  }, []);

  const rotationText =
    rotation === "running"
      ? `${left} 秒后切换到第 ${nextPage(current, pages)} 页`
      : rotation === "paused"
        ? `已暂停（${pausedBy}）`
        : rotation === "single"
          ? "只有一页，无需轮巡"
          : "";

  return (
    <div className="yk-page" data-testid="patrol-page" data-updated={list.dataUpdatedAt}>
      <Card
        variant="borderless"
        title={
          <Space size={16} wrap>
            <span data-testid="page-title">{title}</span>
            <span className="yk-patrol-count" data-testid="patrol-count" data-value={counts.patrol}>
              巡课设备在线 <b>{counts.patrol}</b> 台
            </span>
            <span
              className="yk-muted yk-patrol-summary"
              data-testid="patrol-summary"
              data-total={counts.total}
              data-online={counts.online}
              data-live={counts.live}
            >
              共 {counts.total} 台 · 在线 {counts.online} · 直播中 {counts.live}
            </span>
          </Space>
        }
        extra={
          <Tooltip
            title={
              list.dataUpdatedAt
                ? `更新于 ${new Date(list.dataUpdatedAt).toLocaleTimeString("zh-CN", { hour12: false })}，每 10 秒自动刷新`
                : "每 10 秒自动刷新"
            }
          >
            <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()} data-testid="patrol-refresh">
              刷新
            </Button>
          </Tooltip>
        }
      >
        <div className="yk-filter-bar yk-patrol-bar">
          {schools.length > 1 ? (
            <SchoolSelect testId="patrol-school" width={200} value={schoolId} onChange={(v) => changeFilters({ school: v })} placeholder="全部学校" />
          ) : null}
          <Checkbox checked={tourOnly} onChange={(e) => changeFilters({ tour: e.target.checked })} data-testid="patrol-tour-only">
            仅巡课设备
          </Checkbox>
          <div className="yk-topbar-spacer" />
          <Space size={6}>
            <span className="yk-muted">布局</span>
            <Segmented<Layout>
              value={layout}
              onChange={changeLayout}
              options={LAYOUTS.map((n) => ({ value: n, label: layoutLabel(n) }))}
              data-testid="patrol-layout"
            />
          </Space>
          <Space size={6} className="yk-patrol-rotation" data-testid="patrol-rotation" data-state={rotation}>
            <Switch
              checked={rotating}
              onChange={(on) => {
                setRotating(on);
                setLeft(seconds);
              }}
              data-testid="patrol-rotate"
            />
            <span>自动轮巡</span>
            <Select<number>
              value={seconds}
              onChange={(v) => {
                setSeconds(v);
                setLeft(v);
              }}
              options={ROTATION_SECONDS.map((s) => ({ value: s, label: `每 ${s} 秒` }))}
              style={{ width: 104 }}
              data-testid="patrol-rotate-seconds"
            />
            {rotationText ? (
              <span className={rotation === "running" ? "yk-patrol-rotation-text" : "yk-muted"} data-testid="patrol-rotation-status">
                {rotationText}
              </span>
            ) : null}
          </Space>
        </div>

        {rows.length === 0 ? (
          <EmptyState
            text={
              list.isPending
                ? "正在读取设备…"
                : tourOnly
                  ? "没有设为巡课的设备：在“设备管理”中把设备加入巡课"
                  : schoolId
                    ? "该学校还没有录播设备"
                    : "还没有录播设备：在“设备管理”中登记录播主机"
            }
          />
        ) : (
          <>
            <div
              className={`yk-patrol-grid yk-patrol-grid-${layout}`}
              data-testid="patrol-grid"
              data-layout={layout}
              data-page={current}
              data-pages={pages}
              onMouseEnter={() => setHovering(true)}
              onMouseLeave={() => setHovering(false)}
            >
              {tiles.map((r) => (
                <PatrolTile key={r.id} row={r} camera={cameras.get(r.id) ?? "teacher"} onCamera={onCamera} onEnlarge={onEnlarge} onPlayerError={onTileError} />
              ))}
            </div>
            <div className="yk-patrol-pager">
              <Pagination
                current={current}
                pageSize={perPage}
                total={rows.length}
                onChange={goTo}
                showSizeChanger={false}
                showTotal={(t) => <span data-testid="pagination-total">共 {t} 台</span>}
                size="small"
                hideOnSinglePage={false}
                data-testid="patrol-pagination"
              />
            </div>
          </>
        )}
      </Card>
      <PatrolEnlarge row={enlargedRow} onClose={() => setEnlarged(null)} onPlayerError={onEnlargeError} />
    </div>
  );
}
