/** Routes of the report module (报表统计; issue #12; docs/api/report.md). Every call needs ReportManage's rules. */
import {
  type FileAnswer,
  REPORT_CALLS as C,
  ReportExportPayload,
  ReportQueryPayload,
  ReportViewIdPayload,
  ReportViewListPayload,
  ReportViewSavePayload,
  ReportViewUpdatePayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import { formatTime } from "../../http/time.js";
import { PDF_MIME } from "../../infra/pdf.js";
import { XLSX_MIME } from "../../infra/xlsx.js";
import type { AdminModuleDeps } from "../site-deps.js";
import { buildReportPdf, buildReportXlsx } from "./report-export.js";

const stamp = () => formatTime(new Date()).replace(/[-: ]/g, "").slice(0, 12);
const safe = (t: string) => t.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60) || "统计报表";

export function reportRoutes(app: FastifyInstance, host: CallHost, deps: AdminModuleDeps): void {
  const s = deps.admin.reports;

  defineCall(app, host, {
    id: "new",
    path: C.reportMeta,
    summary: "报表的维度、指标（中文名、口径、可组合的维度）与调用者管理范围内的筛选项（区域、学校、学科、学段）",
    access: "user",
    rule: C.reportMeta,
    schema: ReportViewListPayload,
    handler: async ({ caller }) => s.meta(s.reader(await caller())),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportQuery,
    summary: "查询报表：1–2 个维度 × 若干指标，时间范围必填（北京时间，最长 2 年）；每个指标一条分组 SQL，合计同句算出；管理范围外的学校/区域 403",
    access: "user",
    rule: C.reportQuery,
    schema: ReportQueryPayload,
    handler: async ({ payload, caller }) => s.query(s.reader(await caller()), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportViewList,
    summary: "保存的报表视图：调用者管理范围内的（本人范围及下级），editable 表示可修改",
    access: "user",
    rule: C.reportViewList,
    schema: ReportViewListPayload,
    handler: async ({ caller }) => s.viewList(s.reader(await caller())),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportViewSave,
    summary: "保存报表视图（只存配置，不存数据）：与创建者管理范围内的管理员共享",
    access: "user",
    rule: C.reportViewSave,
    schema: ReportViewSavePayload,
    message: "已保存",
    handler: async ({ payload, caller }) => s.viewSave(s.reader(await caller()), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportViewUpdate,
    summary: "修改报表视图（只改所传字段）：创建者或上级管理员",
    access: "user",
    rule: C.reportViewUpdate,
    schema: ReportViewUpdatePayload,
    message: "已保存",
    handler: async ({ payload, sent, caller }) => {
      await s.viewUpdate(s.reader(await caller()), payload, sent);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportViewDelete,
    summary: "删除报表视图：创建者或上级管理员",
    access: "user",
    rule: C.reportViewDelete,
    schema: ReportViewIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => {
      await s.viewDelete(s.reader(await caller()), payload.id);
      return null;
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportExportXlsx,
    summary: "导出报表 Excel：表格与合计行（数字为数值），另有“说明”页（标题、筛选条件、生成时间）",
    access: "user",
    rule: C.reportExportXlsx,
    schema: ReportExportPayload,
    handler: async ({ payload, caller }): Promise<FileAnswer> => {
      const a = await s.query(s.reader(await caller()), payload);
      const title = payload.title || "统计报表";
      const bytes = await buildReportXlsx(title, a, formatTime(new Date()));
      return { filename: `${safe(title)}_${stamp()}.xlsx`, mime: XLSX_MIME, file: bytes.toString("base64") };
    },
  });
  defineCall(app, host, {
    id: "new",
    path: C.reportExportPdf,
    summary: "导出报表 PDF：标题、筛选条件、生成时间、第一个指标的柱状图与表格（多页）；服务器无中文字体时 409",
    access: "user",
    rule: C.reportExportPdf,
    schema: ReportExportPayload,
    handler: async ({ payload, caller }): Promise<FileAnswer> => {
      const a = await s.query(s.reader(await caller()), payload);
      const title = payload.title || "统计报表";
      const bytes = await buildReportPdf(title, a, formatTime(new Date()));
      return { filename: `${safe(title)}_${stamp()}.pdf`, mime: PDF_MIME, file: bytes.toString("base64") };
    },
  });
}
