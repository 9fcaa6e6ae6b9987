/**
 * Permission rules of the 培训 calls, under the TrainingManage menu entry: { MenuName: [[title, path]] } merged into the
 * seeded menu by rbac.seed (MODULE_RULES). The management calls (/middle/training/*) are checked with defineCall's
 * `rule`; scope still applies (docs/api/training.md). The teachers' calls (/v2/training/*) need a session only.
 */
import { TRAINING_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  TrainingManage: [
    ["查看培训", C.trainingList],
    ["新增培训", C.trainingSave],
    ["修改培训", C.trainingUpdate],
    ["删除培训", C.trainingDelete],
    ["发布/结束培训", C.trainingSetStatus],
    ["培训详情", C.trainingDetail],
    ["新增培训课程", C.trainingItemSave],
    ["修改培训课程", C.trainingItemUpdate],
    ["删除培训课程", C.trainingItemDelete],
    ["培训课程排序", C.trainingItemSort],
    ["选择培训视频", C.trainingVideoOptions],
    ["学员进度", C.trainingEnrolList],
    ["导出学员进度", C.trainingEnrolExport],
  ],
};
