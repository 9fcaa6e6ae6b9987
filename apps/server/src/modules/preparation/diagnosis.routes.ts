/**
 * Routes of the AI diagnosis of lesson plans (issue #8; docs/api/diagnosis.md, docs/diagnosis-method.md):
 * c252 preparationDiagnosisAi starts a job, c253 getAiResult polls it. The jobs run in this process
 * (DiagnosisService): recovered when the server is ready, drained when it closes.
 */
import { DIAGNOSIS_CALLS as C, DiagnosisResultPayload, DiagnosisStartPayload } from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import { DiagnosisService } from "./diagnosis.service.js";

export function diagnosisRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps): DiagnosisService {
  const service = new DiagnosisService(deps.db, deps.preparations, { llm: deps.config.llm, now: deps.now, log: app.log });
  app.addHook("onReady", async () => {
    await service.recover();
  });
  app.addHook("onClose", async () => {
    await service.stop();
  });

  defineCall(app, host, {
    id: "c252",
    path: C.preparationDiagnosisAi,
    summary:
      "AI 诊断教案：对集体备课的教案（默认主教案，否则最新的教案）发起诊断任务，按规则评分（配置了大模型时再由模型补充建议）；同一教案已有排队或进行中的任务时返回该任务；备课参与人或管理员",
    access: "user",
    schema: DiagnosisStartPayload,
    message: "已开始诊断",
    handler: async ({ payload, caller }) => service.start(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c253",
    path: C.getAiResult,
    summary: "AI 诊断结果：按任务编号，或集体备课（可指定教案）的最近一次诊断，返回状态、进度、诊断报告或失败原因；能查看该集体备课的人",
    access: "user",
    schema: DiagnosisResultPayload,
    handler: async ({ payload, caller }) => service.result(await caller(), payload),
  });
  return service;
}
