/**
 * Permission rules of the teacher directory calls, by menu entry (see org/class.rules.ts for the format).
 * The local roster sits under TeacherManage beside the sync (c035), which rbac.seed declares itself.
 */
import { ROSTER_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  TeacherManage: [
    ["查看教师名册", C.rosterList],
    ["登记名册教师", C.rosterSave],
    ["修改名册教师", C.rosterUpdate],
    ["删除名册教师", C.rosterDelete],
  ],
};
