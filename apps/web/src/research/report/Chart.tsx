/**
 * An ECharts chart of the lesson reports: the shared EChart pattern (echarts/core, 'yanke' theme, resized with its
 * box) plus a click handler (points seek the lesson video) and print sizing (re-rendered to the A4 width before
 * printing). The instance is kept on the box as `__ykChart` so browser tests can find a point's pixel and click it.
 */
import { BarChart, CustomChart, HeatmapChart, LineChart, PieChart, RadarChart, ScatterChart } from "echarts/charts";
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { echartsTheme } from "../../theme/constants";

echarts.use([
  BarChart,
  CustomChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);
echarts.registerTheme("yanke", echartsTheme);

export type ChartOption = Parameters<echarts.ECharts["setOption"]>[0];
export interface ChartClick {
  seriesIndex?: number;
  dataIndex: number;
  data: unknown;
  value: unknown;
}

/** A4 portrait printable width in CSS pixels (210 mm less margins). */
const PRINT_WIDTH = 680;

export function Chart({ option, height = 300, testId, onClick }: { option: ChartOption; height?: number; testId?: string; onClick?: (p: ChartClick) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, "yanke");
    chart.current = c;
    (el as unknown as { __ykChart?: echarts.ECharts }).__ykChart = c;
    c.on("click", (p) => click.current?.(p as unknown as ChartClick));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    const before = () => c.resize({ width: Math.min(PRINT_WIDTH, el.clientWidth || PRINT_WIDTH), animation: { duration: 0 } });
    const after = () => c.resize();
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      ro.disconnect();
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} className="yk-ar-chart" style={{ width: "100%", height, cursor: onClick ? "pointer" : undefined }} data-testid={testId} />;
}
