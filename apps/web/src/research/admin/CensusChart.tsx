/** An ECharts chart of 分析统计 (the 'yanke' theme) that also reports clicks on data points (the Rt-Ch scatter). */
import { BarChart, LineChart, PieChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import type { EChartOption } from "../../components/EChart";
import { echartsTheme } from "../../theme/constants";

echarts.use([BarChart, LineChart, PieChart, ScatterChart, GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent, CanvasRenderer]);
echarts.registerTheme("yanke", echartsTheme);

export function CensusChart({ option, height = 300, testId, onPointClick }: { option: EChartOption; height?: number; testId?: string; onPointClick?: (data: unknown) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onPointClick);
  click.current = onPointClick;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, "yanke");
    chart.current = c;
    c.on("click", (p) => click.current?.((p as { data?: unknown }).data));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} style={{ width: "100%", height }} data-testid={testId} />;
}
