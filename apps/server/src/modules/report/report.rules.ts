/**
 * Permission rules of the 报表 calls, under the ReportManage menu entry (报表统计): { MenuName: [[title, path]] } merged
 * into the seeded menu by rbac.seed (MODULE_RULES). Platform, district and school administrators hold them (seed);
 * the scope (scopeOf) still narrows what each sees (docs/api/report.md).
 */
import { REPORT_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  ReportManage: [
    ["报表维度与指标", C.reportMeta],
    ["查询报表", C.reportQuery],
    ["报表视图列表", C.reportViewList],
    ["保存报表视图", C.reportViewSave],
    ["修改报表视图", C.reportViewUpdate],
    ["删除报表视图", C.reportViewDelete],
    ["导出报表 Excel", C.reportExportXlsx],
    ["导出报表 PDF", C.reportExportPdf],
  ],
};
