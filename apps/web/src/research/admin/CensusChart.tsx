/** A chart of 分析统计: the shared EChart with the chart types it draws; clicks on data points report the point's data (the Rt-Ch scatter opens a report). */
import { BarChart, LineChart, PieChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { EChart, type EChartOption } from "../../components/EChart";

echarts.use([BarChart, LineChart, PieChart, ScatterChart, GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent, CanvasRenderer]);

export function CensusChart({
  option,
  height = 300,
  testId,
  onPointClick,
}: {
  option: EChartOption;
  height?: number;
  testId?: string;
  onPointClick?: (data: unknown) => void;
}) {
  return <EChart option={option} height={height} testId={testId} onClick={onPointClick ? (p) => onPointClick(p.data) : undefined} />;
}
