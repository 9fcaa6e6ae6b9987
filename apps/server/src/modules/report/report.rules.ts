/**
 * Permission rules of the 报表 calls, under the ReportManage menu entry: { MenuName: [[title, path]] } merged into the seeded
 * menu by rbac.seed (MODULE_RULES). Calls listed here are checked with defineCall's `rule`; the module's owner fills
 * the list.
 */
export const RULES: Record<string, [string, string][]> = {
  ReportManage: [],
};
