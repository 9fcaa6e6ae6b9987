/** The lazy pages of AI lesson analysis (#10). Report pages: research/report/* (web-report helper); admin screens: research/admin/* (web-admin helper). */
import { lazy } from "react";

/** /report, /reportSecond, /configurationReport, /configurationReportThree, /reportSingle, /ninxiaAiReport: one report page in variants. */
export const ReportPage = lazy(() => import("./report/ReportPage").then((m) => ({ default: m.ReportPage })));
export const ReportSecondPage = lazy(() => import("./report/ReportPage").then((m) => ({ default: m.ReportSecondPage })));
export const ConfigurationReportPage = lazy(() => import("./report/ReportPage").then((m) => ({ default: m.ConfigurationReportPage })));
export const ConfigurationReportThreePage = lazy(() => import("./report/ReportPage").then((m) => ({ default: m.ConfigurationReportThreePage })));
export const ReportSinglePage = lazy(() => import("./report/ReportPage").then((m) => ({ default: m.ReportSinglePage })));
export const NinxiaAiReportPage = lazy(() => import("./report/ReportPage").then((m) => ({ default: m.NinxiaAiReportPage })));
/** /charts: several lessons or teachers side by side. */
export const ChartsPage = lazy(() => import("./report/ChartsPage").then((m) => ({ default: m.ChartsPage })));

/** 教研管理 → 课堂分析 (AnalysisCourse) and 个人中心 → 我的课例分析 (MyAnalysis). */
export const AnalysisCoursePage = lazy(() => import("./admin/AnalysisCoursePage").then((m) => ({ default: m.AnalysisCoursePage })));
export const MyAnalysisPage = lazy(() => import("./admin/AnalysisCoursePage").then((m) => ({ default: m.MyAnalysisPage })));
/** 教研管理 → 分析统计 (AnalysisCensus). */
export const AnalysisCensusPage = lazy(() => import("./admin/AnalysisCensusPage").then((m) => ({ default: m.AnalysisCensusPage })));
