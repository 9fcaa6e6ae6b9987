import { BarChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { echartsTheme } from "../theme/constants";

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);
echarts.registerTheme("yanke", echartsTheme);

export type EChartOption = Parameters<echarts.ECharts["setOption"]>[0];

/** What a click on a data item reports. */
export interface ChartClick {
  seriesIndex?: number;
  dataIndex: number;
  data: unknown;
  value: unknown;
}

/** A4 portrait printable width in CSS pixels (210 mm less margins). */
const PRINT_WIDTH = 680;

/**
 * An ECharts chart in the 'yanke' theme (the 20 chart colours of §9), resized with its box and re-rendered to the A4
 * width before printing. Other chart types are registered by their callers (`echarts.use` from echarts/core). With
 * onClick, clicks on data items are reported (and the box shows a pointer). The instance is kept on the box as
 * `__ykChart` so browser tests can find a point's pixel and click it.
 */
export function EChart({
  option,
  height = 320,
  testId,
  className,
  onClick,
}: {
  option: EChartOption;
  height?: number;
  testId?: string;
  className?: string;
  onClick?: (p: ChartClick) => void;
}) {
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
  return <div ref={box} className={className} style={{ width: "100%", height, cursor: onClick ? "pointer" : undefined }} data-testid={testId} />;
}
