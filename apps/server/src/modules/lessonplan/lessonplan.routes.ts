/**
 * Routes of the lesson plans, versions and the co-editing server (issue #8; docs/api/lessonplan.md): c261 create,
 * c246 list, c242 detail, c244 save a version, c262 versions, compare, restore, c241 .docx import, export, c243
 * delete; Hocuspocus at /ws/collab (lessonplan.collab.ts); GET LESSON_PLAN_DOWNLOAD_PATH serves exports.
 *
 * Export downloads (docs/decisions/0814): the export call builds the file (so a refusal such as "LibreOffice not
 * installed" is the call's answer) and answers a signed address valid 10 minutes, HMAC of (plan, version, format,
 * account, expiry) with a key derived from the server secret. The GET route serves the bytes built by the call from
 * a small in-memory cache, or (another process, a restart, the cache expired) rebuilds them after checking that the
 * signing account may still view the plan. No token is needed on the GET, so a plain <a href> or window.open works.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  LESSONPLAN_CALLS as C,
  LessonPlanComparePayload,
  LessonPlanCreatePayload,
  LessonPlanDeletePayload,
  LessonPlanDetailPayload,
  type LessonPlanExportAnswer,
  LessonPlanExportPayload,
  LessonPlanImportPayload,
  LessonPlanListPayload,
  LessonPlanRestorePayload,
  LessonPlanVersionListPayload,
  LessonPlanVersionSavePayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import { AppError } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { deriveKey, loadServerSecret } from "../../infra/server-secret.js";
import type { AccountRow } from "../account/account.service.js";
import type { CommunityDeps } from "../community-deps.js";
import { LessonCollab } from "./lessonplan.collab.js";
import { type ExportFile, LessonPlanService } from "./lessonplan.service.js";

/** GET: an export's bytes (signed address from wpsFileExport). */
export const LESSON_PLAN_DOWNLOAD_PATH = "/v2/preparation/wpsFileDownload";
const EXPORT_TTL_S = 600;
const CACHE_MAX = 32;

const ANONYMOUS: AccountRow = { id: 0, identity: 0, school_id: 0, region_code: "", period_id: 0 } as unknown as AccountRow;

/** The co-editing server of an app (tests and the bench reach it here). */
export const collabOf = new WeakMap<FastifyInstance, LessonCollab>();

export function lessonPlanRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps): void {
  const collab = new LessonCollab(app, host, deps);
  collabOf.set(app, collab);
  const plans = new LessonPlanService(deps, collab);
  /** The account a signed download address names (not a session: GET downloads carry no TOKEN). */
  const accountOf = (id: number): Promise<AccountRow> => deps.accounts.subject(id);

  let signingKey: Promise<Buffer> | undefined;
  const key = () => (signingKey ??= loadServerSecret(deps.db).then((s) => deriveKey(s, "lessonplan-export")));
  const sign = async (q: { id: number; v: number; f: string; a: number; exp: number }) =>
    createHmac("sha256", await key())
      .update(`${q.id}.${q.v}.${q.f}.${q.a}.${q.exp}`)
      .digest("base64url")
      .slice(0, 32);
  const cache = new Map<string, { file: ExportFile; until: number }>();
  const remember = (sig: string, file: ExportFile, until: number) => {
    const now = Date.now();
    for (const [k, e] of cache) if (e.until < now) cache.delete(k);
    while (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(sig, { file, until });
  };

  defineCall(app, host, {
    id: "c261",
    path: C.wpsFilePreparation,
    summary:
      "新建教案：在集体备课中新建空白教案（template 为 true 时用教案模板：教学目标、教学重难点、教学过程、板书设计、作业布置、教学反思），首个教案为主教案；备课参与人或管理员",
    access: "user",
    schema: LessonPlanCreatePayload,
    message: "教案已创建",
    handler: async ({ payload, caller }) => plans.create(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c246",
    path: C.wpsFileList,
    summary: "教案列表：集体备课的教案（主教案在前），含最后编辑人、版本数与正在编辑的人数；能查看该备课的人",
    access: "public",
    schema: LessonPlanListPayload,
    handler: async ({ payload, caller }) => plans.list((await caller()) ?? ANONYMOUS, payload.preparation_id),
  });
  defineCall(app, host, {
    id: "c242",
    path: C.wpsDetailFile,
    summary: "教案内容：教案当前的 html 与纯文本（正在协同编辑时取实时内容），或某个版本（version_id）的内容；能查看该备课的人",
    access: "public",
    schema: LessonPlanDetailPayload,
    handler: async ({ payload, caller }) => plans.detail((await caller()) ?? ANONYMOUS, payload),
  });
  defineCall(app, host, {
    id: "c244",
    path: C.versionSaving,
    summary: "保存版本：保存教案当前内容为命名版本（同一教案内名称不能重复，不填为“版本 N”）；备课参与人或管理员",
    access: "user",
    schema: LessonPlanVersionSavePayload,
    message: "版本已保存",
    handler: async ({ payload, caller }) => plans.saveVersion(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c262",
    path: C.wpsFileVersion,
    summary: "版本列表：教案的版本（手动保存、导入前、恢复前），新的在前；能查看该备课的人",
    access: "user",
    schema: LessonPlanVersionListPayload,
    handler: async ({ payload, caller }) => plans.versions(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.lessonPlanCompare,
    summary: "版本对比：版本 A 与版本 B（不填则与当前内容）逐段对比，修改的段落再逐词对比；能查看该备课的人",
    access: "user",
    schema: LessonPlanComparePayload,
    handler: async ({ payload, caller }) => plans.compare(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.lessonPlanRestore,
    summary: "恢复版本：把教案恢复到某个版本（先自动保存“恢复前”版本，可再恢复回来），正在编辑的人立即看到；备课参与人或管理员",
    access: "user",
    schema: LessonPlanRestorePayload,
    message: "已恢复到该版本",
    handler: async ({ payload, caller }) => plans.restore(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c241",
    path: C.upWpsFile,
    summary:
      "导入 Word：把本人上传的 .docx（file_id）导入为新教案（preparation_id），或覆盖已有教案（id，先自动保存“导入前”版本）；图片存入文件库；备课参与人或管理员",
    access: "user",
    schema: LessonPlanImportPayload,
    message: "导入成功",
    handler: async ({ payload, caller }) => plans.import(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.lessonPlanExport,
    summary: "导出教案：把教案（或某个版本）导出为 Word（.docx）或 PDF，答复 10 分钟内有效的下载地址；能查看该备课的人",
    access: "user",
    schema: LessonPlanExportPayload,
    handler: async ({ payload, caller }): Promise<LessonPlanExportAnswer> => {
      const who = await caller();
      const file = await plans.exportFile(who, payload);
      const exp = Math.floor(Date.now() / 1000) + EXPORT_TTL_S;
      const q = { id: payload.id, v: payload.version_id ?? 0, f: payload.format, a: who.id, exp };
      const sig = await sign(q);
      remember(sig, file, exp * 1000);
      const url = `${LESSON_PLAN_DOWNLOAD_PATH}?id=${q.id}&v=${q.v}&f=${q.f}&a=${q.a}&exp=${exp}&sig=${sig}`;
      return { url, file_name: file.fileName, format: payload.format, size: file.data.length, expires_at: formatTime(new Date(exp * 1000)) };
    },
  });
  defineCall(app, host, {
    id: "c243",
    path: C.delWpsFile,
    summary: "删除教案或版本：带 version_id 删除该版本（保存人、主备人或管理员），否则删除整个教案（主备人、管理员或教案创建人；正在编辑的人被断开）",
    access: "user",
    schema: LessonPlanDeletePayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => plans.remove(await caller(), payload),
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(LESSON_PLAN_DOWNLOAD_PATH, async (req, res) => {
    const q = req.query;
    const nums = ["id", "v", "a", "exp"].map((k) => (q[k] && /^\d{1,12}$/.test(q[k]!) ? Number(q[k]) : Number.NaN));
    const [id, v, a, exp] = nums as [number, number, number, number];
    const f = q.f === "pdf" ? "pdf" : q.f === "docx" ? "docx" : "";
    const refuse = (code: number, msg: string) => res.code(code).type("text/plain; charset=utf-8").send(msg);
    if (nums.some((n) => Number.isNaN(n)) || !f || !q.sig) return refuse(400, "下载地址无效");
    const want = Buffer.from(await sign({ id, v, f, a, exp }));
    const got = Buffer.from(q.sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return refuse(403, "下载地址无效");
    if (exp * 1000 < Date.now()) return refuse(403, "下载地址已过期，请重新导出");
    let file = cache.get(q.sig)?.file;
    if (!file) {
      try {
        file = await plans.exportFile(await accountOf(a), { id, version_id: v || undefined, format: f });
      } catch (e) {
        if (e instanceof AppError) return refuse(e.code === 404 ? 404 : e.code === 403 ? 403 : 400, e.message);
        throw e;
      }
      remember(q.sig, file, exp * 1000);
    }
    const ascii = f === "pdf" ? "lessonplan.pdf" : "lessonplan.docx";
    return res
      .header("content-type", file.mime)
      .header("content-length", String(file.data.length))
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .send(file.data);
  });
}
