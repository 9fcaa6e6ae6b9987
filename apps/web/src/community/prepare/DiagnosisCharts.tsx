/** The AI diagnosis charts (issue #8): the overall score gauge and the dimension radar, through the shared EChart. */
import type { DiagnosisDimensionScore } from "@yanke/protocol";
import { GaugeChart, RadarChart } from "echarts/charts";
import { RadarComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { useMemo } from "react";
import { EChart, type EChartOption } from "../../components/EChart";
import { gaugeOption, radarOption } from "./diagnosis-view";

echarts.use([GaugeChart, RadarChart, RadarComponent]);

export function ScoreGauge({ score, grade }: { score: number; grade: string }) {
  const option = useMemo(() => gaugeOption(score, grade) as EChartOption, [score, grade]);
  return <EChart option={option} height={190} testId="diagnosis-gauge" />;
}

export function DimensionRadar({ dims }: { dims: readonly DiagnosisDimensionScore[] }) {
  const option = useMemo(() => radarOption(dims) as EChartOption, [dims]);
  return <EChart option={option} height={240} testId="diagnosis-radar" />;
}
