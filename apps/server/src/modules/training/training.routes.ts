/**
 * Routes of the training module (issue #12; docs/api/training.md): management under /middle/training/* (rule
 * TrainingManage and scope), a teacher's side under /v2/training/*.
 */
import {
  TRAINING_CALLS as C,
  TrainingAvailablePayload,
  TrainingEnrolListPayload,
  TrainingIdPayload,
  TrainingItemIdPayload,
  TrainingItemSavePayload,
  TrainingItemSortPayload,
  TrainingItemUpdatePayload,
  TrainingListPayload,
  TrainingProgressPayload,
  TrainingReadPayload,
  TrainingSavePayload,
  TrainingSetStatusPayload,
  TrainingUpdatePayload,
  TrainingVideoOptionsPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { AdminModuleDeps } from "../site-deps.js";

export function trainingRoutes(app: FastifyInstance, host: CallHost, deps: AdminModuleDeps): void {
  const s = deps.admin.training;

  // ── management ──
  defineCall(app, host, {
    id: "new",
    path: C.trainingList,
    summary: "培训列表（管理）：创建者本人的及管理范围（本校、本区域、全平台）内的培训，含草稿；按状态、关键词、学科、学段筛选",
    access: "user",
    rule: C.trainingList,
    schema: TrainingListPayload,
    handler: async ({ payload, caller }) => s.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingSave,
    summary: "创建培训（草稿）：范围为学校、区域或全平台（默认创建者所在的学校或区域），须在管理范围内",
    access: "user",
    rule: C.trainingSave,
    schema: TrainingSavePayload,
    message: "已创建",
    handler: async ({ payload, caller }) => s.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingUpdate,
    summary: "修改培训（只改所传字段）：范围仅草稿可改；有学员报名后不能改合格比例",
    access: "user",
    rule: C.trainingUpdate,
    schema: TrainingUpdatePayload,
    message: "已保存",
    handler: async ({ payload, sent, caller }) => s.update(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingDelete,
    summary: "删除培训：草稿，或无人报名的培训（连同课程）；已有报名 409",
    access: "user",
    rule: C.trainingDelete,
    schema: TrainingIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingSetStatus,
    summary: "切换状态：0 草稿 → 1 已发布（至少一个必修课程）→ 2 已结束；已结束可重新发布；无人报名时可撤回为草稿",
    access: "user",
    rule: C.trainingSetStatus,
    schema: TrainingSetStatusPayload,
    handler: async ({ payload, caller }) => s.setStatus(await caller(), payload.id, payload.status),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingDetail,
    summary: "培训详情（管理）：培训信息及课程（按顺序）",
    access: "user",
    rule: C.trainingDetail,
    schema: TrainingIdPayload,
    handler: async ({ payload, caller }) => s.detail(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingItemSave,
    summary: "新增课程：视频（#6 的课例视频，时长取自视频）或文档（#5 的文件）；有学员报名后不能增删",
    access: "user",
    rule: C.trainingItemSave,
    schema: TrainingItemSavePayload,
    message: "已添加",
    handler: async ({ payload, caller }) => s.itemSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingItemUpdate,
    summary: "修改课程（只改所传字段）：名称随时可改；完成比例、是否必修在有学员报名后不能改",
    access: "user",
    rule: C.trainingItemUpdate,
    schema: TrainingItemUpdatePayload,
    message: "已保存",
    handler: async ({ payload, sent, caller }) => s.itemUpdate(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingItemDelete,
    summary: "删除课程（连同学员在该课程上的进度）；有学员报名后不能删除",
    access: "user",
    rule: C.trainingItemDelete,
    schema: TrainingItemIdPayload,
    message: "已删除",
    handler: async ({ payload, caller }) => s.itemDelete(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingItemSort,
    summary: "课程排序：给出该培训全部课程编号的新顺序",
    access: "user",
    rule: C.trainingItemSort,
    schema: TrainingItemSortPayload,
    message: "已保存",
    handler: async ({ payload, caller }) => s.itemSort(await caller(), payload.training_id, payload.item_ids),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingVideoOptions,
    summary: "可选视频：调用者本人及其管理范围内学校的已处理完成的课例视频，按关键词筛选",
    access: "user",
    rule: C.trainingVideoOptions,
    schema: TrainingVideoOptionsPayload,
    handler: async ({ payload, caller }) => s.videoOptions(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingEnrolList,
    summary: "学员进度：报名教师的进度（%）、观看时长、已完成课程、完成时间、证书编号，及完成/学习中/未开始人数",
    access: "user",
    rule: C.trainingEnrolList,
    schema: TrainingEnrolListPayload,
    handler: async ({ payload, caller }) => s.enrolList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingEnrolExport,
    summary: "导出学员进度（.xlsx，FileAnswer）",
    access: "user",
    rule: C.trainingEnrolExport,
    schema: TrainingIdPayload,
    handler: async ({ payload, caller }) => s.enrolExport(await caller(), payload.id),
  });

  // ── teachers ──
  defineCall(app, host, {
    id: "new",
    path: C.trainingAvailable,
    summary: "可参加的培训：范围覆盖调用者学校（全平台、所在区域、本校）的已发布培训，附我的报名状态",
    access: "user",
    schema: TrainingAvailablePayload,
    handler: async ({ payload, caller }) => s.available(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingStudy,
    summary: "学习页：培训信息、课程及我的进度；已报名者得到视频播放地址与文档地址",
    access: "user",
    schema: TrainingIdPayload,
    handler: async ({ payload, caller }) => s.study(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingEnrol,
    summary: "报名（已发布、在报名时间内、范围内的教师；重复报名无副作用）",
    access: "user",
    schema: TrainingIdPayload,
    message: "报名成功",
    handler: async ({ payload, caller }) => s.enrol(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingMine,
    summary: "我的培训：已报名的培训及进度，最近学习的在前",
    access: "user",
    schema: TrainingAvailablePayload,
    handler: async ({ payload, caller }) => s.mine(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingProgress,
    summary: "学习心跳：视频课程按观看时长计（每次至多计上次心跳以来的实际时间 + 3 秒，不超过视频时长），达到完成比例即完成；文档课程记为已打开",
    access: "user",
    schema: TrainingProgressPayload,
    handler: async ({ payload, caller }) => s.progress(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingRead,
    summary: "标记文档已读（须先打开）",
    access: "user",
    schema: TrainingReadPayload,
    message: "已标记为已读",
    handler: async ({ payload, caller }) => s.read(await caller(), payload.item_id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.trainingCertificate,
    summary: "培训证书（PDF，FileAnswer）：完成后可下载；未完成 403",
    access: "user",
    schema: TrainingIdPayload,
    handler: async ({ payload, caller }) => s.certificate(await caller(), payload.id),
  });
}
