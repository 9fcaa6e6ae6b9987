/** Placeholder until the web-report helper lands the report pages. OWNER: web-report helper. */
import { Empty } from "antd";

const Soon = () => <Empty description="课堂分析报告建设中" />;
export const ReportPage = Soon;
export const ReportSecondPage = Soon;
export const ConfigurationReportPage = Soon;
export const ConfigurationReportThreePage = Soon;
export const ReportSinglePage = Soon;
export const NinxiaAiReportPage = Soon;
