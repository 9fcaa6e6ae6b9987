/** The frame and blocks of the dark big screens (评课大屏, 数据驾驶舱): header with clock, KPI tiles, panels, lists. */
import dayjs from "../../dayjs";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { EChart, type EChartOption } from "../../components/EChart";
import { config, homeRoute } from "../../config";
import "./portal.css";

function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const t = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return <span style={{ fontVariantNumeric: "tabular-nums" }}>{now.format("YYYY年MM月DD日 HH:mm:ss")}</span>;
}

function toggleFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

/** The full-viewport board: title centred, scope and clock on the left, actions on the right. */
export function ScreenShell({
  title,
  left,
  right,
  children,
  testId,
}: {
  title: string;
  left?: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="yks-screen" data-testid={testId}>
      <header className="yks-head">
        <div className="yks-head-left">
          <Clock />
          {left}
        </div>
        <h1 className="yks-title">{title}</h1>
        <div className="yks-head-right">
          {right}
          <button type="button" className="yks-btn" onClick={toggleFullscreen}>
            全屏
          </button>
          <Link className="yks-btn" to={homeRoute()}>
            返回首页
          </Link>
        </div>
      </header>
      {children}
      <div className="yks-foot">{config.platformName} · 数据每 60 秒自动刷新</div>
    </div>
  );
}

export interface Kpi {
  key: string;
  title: string;
  value: number | string | null | undefined;
  unit?: string;
}

export function KpiTiles({ items, testId }: { items: Kpi[]; testId?: string }) {
  return (
    <div className="yks-kpis" data-testid={testId}>
      {items.map((k) => (
        <div className="yks-kpi" key={k.key} data-testid={`kpi-${k.key}`}>
          <div className="yks-kpi-value">
            <span data-testid={`kpi-${k.key}-value`}>
              {k.value === null || k.value === undefined ? "—" : typeof k.value === "number" ? k.value.toLocaleString("zh-CN") : k.value}
            </span>
            {k.unit ? <small>{k.unit}</small> : null}
          </div>
          <div className="yks-kpi-title">{k.title}</div>
        </div>
      ))}
    </div>
  );
}

export function Panel({ title, extra, children, testId, grow = 1 }: { title: string; extra?: ReactNode; children: ReactNode; testId?: string; grow?: number }) {
  return (
    <section className={`yks-panel${grow === 0 ? " fixed" : ""}`} data-testid={testId} style={{ flexGrow: grow, flexShrink: grow === 0 ? 0 : 1 }}>
      <h2 className="yks-panel-title">
        {title}
        {extra ? <small>{extra}</small> : null}
      </h2>
      <div className="yks-panel-body">{children}</div>
    </section>
  );
}

/** A chart filling its panel (or 暂无数据 when `empty`). */
export function PanelChart({ option, empty, testId }: { option: EChartOption; empty?: boolean; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: empty is the trigger: it swaps the chart box in and out, and the observer must follow the new element.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(Math.floor(el.clientHeight)));
    ro.observe(el);
    setHeight(Math.floor(el.clientHeight));
    return () => ro.disconnect();
  }, [empty]);
  if (empty) return <div className="yks-empty">暂无数据</div>;
  return (
    <div className="yks-fill" ref={box}>
      {height > 0 ? <EChart option={option} height={height} testId={testId} /> : null}
    </div>
  );
}

/** A list that scrolls upward in a loop when it overflows (paused on hover; still with reduced motion). */
export function ScrollList({ rows, testId }: { rows: Array<{ key: string | number; main: ReactNode; side?: ReactNode; sub?: ReactNode }>; testId?: string }) {
  if (!rows.length) return <div className="yks-empty">暂无数据</div>;
  const loop = rows.length > 3;
  const items = loop ? [...rows, ...rows] : rows;
  return (
    <ul className="yks-list" data-testid={testId}>
      <div className={loop ? "yks-scroll" : undefined} style={{ ["--yks-dur" as string]: `${rows.length * 3}s` }}>
        {items.map((r, i) => (
          <li
            className="yks-row"
            // biome-ignore lint/suspicious/noArrayIndexKey: the looping list shows each row twice; the position tells the copies apart.
            key={`${r.key}-${i}`}
            aria-hidden={i >= rows.length ? true : undefined}
          >
            <span className="yks-row-main">{r.main}</span>
            <span className="yks-row-side">{r.side}</span>
            {r.sub ? <span className="yks-row-sub">{r.sub}</span> : null}
          </li>
        ))}
      </div>
    </ul>
  );
}

export function RankList({ rows, testId }: { rows: Array<{ key: string | number; name: ReactNode; value: ReactNode }>; testId?: string }) {
  if (!rows.length) return <div className="yks-empty">暂无数据</div>;
  return (
    <ol className="yks-rank" style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid={testId}>
      {rows.map((r, i) => (
        <li className="yks-rank-item" key={r.key}>
          <span className="yks-rank-no">{i + 1}</span>
          <span className="yks-rank-name">{r.name}</span>
          <span className="yks-rank-val">{r.value}</span>
        </li>
      ))}
    </ol>
  );
}
