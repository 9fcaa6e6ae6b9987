/**
 * The charts of the lesson reports: the shared EChart (theme, resize, print sizing, clicks — points seek the lesson
 * video) with the chart types the reports draw.
 */
import { BarChart, CustomChart, HeatmapChart, LineChart, PieChart, RadarChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, RadarComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { type ChartClick, EChart, type EChartOption } from "../../components/EChart";

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

export type ChartOption = EChartOption;
export type { ChartClick };

export function Chart({ option, height = 300, testId, onClick }: { option: ChartOption; height?: number; testId?: string; onClick?: (p: ChartClick) => void }) {
  return <EChart option={option} height={height} testId={testId} onClick={onClick} className="yk-ar-chart" />;
}
