/**
 * Permission rules of this module's calls, by the menu entry (rbac.seed BASE_MENU name) they sit under:
 * { MenuName: [["中文标题", "/middle/x/verb"], …] }. Merged into the seeded menu; roles that hold the menu entry's
 * subtree hold these rules.
 */
export const RULES: Record<string, [string, string][]> = {};
