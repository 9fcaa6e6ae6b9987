/**
 * Co-edited lesson plans (教案; issue #8; docs/api/lessonplan.md; docs/notes/0800): Yjs documents served by
 * Hocuspocus at /ws/collab (document name `lesson:<id>`), with named versions, compare, restore, .docx import and
 * .docx / PDF export. They replace the seeds' WPS office service, so the calls keep the wps names.
 *
 * Payload field names: `preparation_id` (the preparation), `id` (the plan, lesson_doc.id), `version_id` (a version,
 * lesson_doc_version.id), `file_id` (a stored upload of the caller, #5).
 */
import { z } from "zod";
import { zId } from "./common.js";
import { call } from "../contract.js";

export const LESSONPLAN_CALLS = {
  /** c241: import a .docx (a stored upload) as a new plan or over an existing one */ upWpsFile: "/v2/preparation/upWpsFile",
  /** c242: one plan, or one version, as html */ wpsDetailFile: "/v2/preparation/wpsDetailFile",
  /** c243: delete a plan or a version */ delWpsFile: "/v2/preparation/delWpsFile",
  /** c244: save a named version */ versionSaving: "/v2/preparation/versionSaving",
  /** c246: the plans of a preparation */ wpsFileList: "/v2/preparation/wpsFileList",
  /** c261: create a plan in a preparation (blank) */ wpsFilePreparation: "/v2/preparation/wpsFilePreparation",
  /** c262: the versions of a plan */ wpsFileVersion: "/v2/preparation/wpsFileVersion",
  /** new: compare two versions (or a version with the current text) */ lessonPlanCompare: "/v2/preparation/wpsFileCompare",
  /** new: restore a version (a forward change every editor sees) */ lessonPlanRestore: "/v2/preparation/wpsFileRestore",
  /** new: export as .docx or PDF (answers a signed download) */ lessonPlanExport: "/v2/preparation/wpsFileExport",
} as const;

/** The WebSocket path of the co-editing server (Hocuspocus); the document name is `lesson:<id>`. */
export const COLLAB_WS_PATH = "/ws/collab";
export const lessonDocName = (id: number): string => `lesson:${id}`;
/** The Y.XmlFragment the editor binds (Collaboration's default `field`). */
export const LESSON_PLAN_FIELD = "default";

/**
 * The editor's ProseMirror schema: node and mark names of StarterKit.configure({ undoRedo: false }) + TableKit +
 * Image. The server checks getSchema(its extensions) against it (unit test), and the web editor checks its own; a
 * node one side lacks would be silently dropped by the other.
 */
export const LESSON_PLAN_SCHEMA: { readonly nodes: readonly string[]; readonly marks: readonly string[] } = {
  nodes: [
    "doc",
    "paragraph",
    "text",
    "blockquote",
    "bulletList",
    "codeBlock",
    "hardBreak",
    "heading",
    "horizontalRule",
    "listItem",
    "orderedList",
    "table",
    "tableRow",
    "tableHeader",
    "tableCell",
    "image",
  ],
  marks: ["bold", "code", "italic", "link", "strike", "underline"],
};

/** The headings of the 教案 template (c261 template = true): one h2 each, an empty paragraph under it. */
export const LESSON_PLAN_TEMPLATE_HEADINGS = ["教学目标", "教学重难点", "教学过程", "板书设计", "作业布置", "教学反思"] as const;

/** Version kinds: manual 手动保存, import 导入前自动保存, restore 恢复前自动保存. */
export const LESSON_PLAN_VERSION_KINDS: Readonly<Record<string, string>> = { manual: "手动保存", import: "导入前自动保存", restore: "恢复前自动保存" };

const zFlag = (label: string) =>
  z
    .preprocess(
      (v) => (v === "1" || v === 1 || v === "true" ? true : v === "0" || v === 0 || v === "false" || v === "" || v === null ? false : v),
      z.boolean(`${label}只能是 true 或 false`),
    )
    .describe(label);
const zOptId = (label: string) => z.preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), zId(label).optional()).describe(label);
const zTitle = z.string("请输入教案标题").trim().min(1, "请输入教案标题").max(100, "教案标题不能超过 100 个字符").describe("教案标题");
const zPlanId = zId("教案编号");

/** c261 wpsFilePreparation: a new plan in a preparation (can_edit). template: start from the 教案 skeleton. */
export const LessonPlanCreatePayload = z.object({
  preparation_id: zId("集体备课编号"),
  title: zTitle,
  template: zFlag("使用教案模板").default(false),
});
export type LessonPlanCreatePayload = z.infer<typeof LessonPlanCreatePayload>;

/** c246 wpsFileList: the plans of a preparation (can_view). */
export const LessonPlanListPayload = z.object({ preparation_id: zId("集体备课编号") });
export type LessonPlanListPayload = z.infer<typeof LessonPlanListPayload>;

/** c242 wpsDetailFile: a plan's current html/text, or one version's (version_id). */
export const LessonPlanDetailPayload = z.object({ id: zPlanId, version_id: zOptId("版本编号") });
export type LessonPlanDetailPayload = z.infer<typeof LessonPlanDetailPayload>;

/** c244 versionSaving: a named snapshot of the current state; an empty name → "版本 N". */
export const LessonPlanVersionSavePayload = z.object({
  id: zPlanId,
  name: z.string("版本名称必须是文字").trim().max(60, "版本名称不能超过 60 个字符").default("").describe("版本名称"),
});
export type LessonPlanVersionSavePayload = z.infer<typeof LessonPlanVersionSavePayload>;

/** c262 wpsFileVersion: the versions of a plan, newest first. */
export const LessonPlanVersionListPayload = z.object({ id: zPlanId });
export type LessonPlanVersionListPayload = z.infer<typeof LessonPlanVersionListPayload>;

/** new wpsFileCompare: version_id (the older side, A) against other_version_id (B), or against the current text when B is left out. */
export const LessonPlanComparePayload = z.object({
  id: zPlanId,
  version_id: zId("版本编号"),
  other_version_id: zOptId("对比版本编号"),
});
export type LessonPlanComparePayload = z.infer<typeof LessonPlanComparePayload>;

/** new wpsFileRestore: restore a version (can_edit); a "恢复前 …" version is taken first. */
export const LessonPlanRestorePayload = z.object({ id: zPlanId, version_id: zId("版本编号") });
export type LessonPlanRestorePayload = z.infer<typeof LessonPlanRestorePayload>;

/**
 * c241 upWpsFile: import a .docx the caller uploaded (file_id, #5). With id: over that plan (a "导入前 …" version is
 * taken first); without: a new plan in preparation_id titled `title` (default: the file name without .docx).
 */
export const LessonPlanImportPayload = z.object({
  file_id: zId("文件编号"),
  id: zOptId("教案编号"),
  preparation_id: zOptId("集体备课编号"),
  title: z.string("教案标题必须是文字").trim().max(100, "教案标题不能超过 100 个字符").default("").describe("教案标题"),
});
export type LessonPlanImportPayload = z.infer<typeof LessonPlanImportPayload>;

/** new wpsFileExport: the plan (or one version) as .docx or PDF. */
export const LessonPlanExportPayload = z.object({
  id: zPlanId,
  version_id: zOptId("版本编号"),
  format: z.enum(["docx", "pdf"], { message: "导出格式只能是 docx 或 pdf" }).default("docx").describe("导出格式"),
});
export type LessonPlanExportPayload = z.infer<typeof LessonPlanExportPayload>;

/** c243 delWpsFile: with version_id that version, else the whole plan (soft delete). */
export const LessonPlanDeletePayload = z.object({ id: zPlanId, version_id: zOptId("版本编号") });
export type LessonPlanDeletePayload = z.infer<typeof LessonPlanDeletePayload>;

/** A lesson plan in a list (c246) and the head of a detail. Times Asia/Shanghai "YYYY-MM-DD HH:mm:ss". */
export interface LessonPlanRow {
  id: number;
  preparation_id: number;
  title: string;
  /** 1 = the plan the preparation page opens (the first one created). */
  main: number;
  /** The Hocuspocus document name, `lesson:<id>`. */
  doc_name: string;
  /** The .docx it was imported from (stored_file id), 0 = written here. */
  source_file_id: number;
  created_by: number;
  created_by_name: string;
  created_at: string;
  updated_by: number;
  updated_by_name: string;
  updated_at: string;
  /** Characters of plain text. */
  text_length: number;
  version_count: number;
  /** Editors connected to it now (open WebSocket connections, read-only viewers included). */
  editors: number;
  /** Their names (one per account, from the session each connected with). */
  editor_names: string[];
  /** The caller may delete it (author of the preparation, a manager or its creator). */
  can_delete: boolean;
}

/** c246 answer. */
export interface LessonPlanListAnswer {
  list: LessonPlanRow[];
  total: number;
  /** The caller may co-edit (the editor opens read-write), create and import. */
  can_edit: boolean;
}

/** A version (c262, c244 answer). */
export interface LessonPlanVersionRow {
  id: number;
  doc_id: number;
  name: string;
  /** LESSON_PLAN_VERSION_KINDS key. */
  kind: string;
  kind_name: string;
  created_by: number;
  created_by_name: string;
  created_at: string;
  /** Bytes of the stored Y state. */
  size: number;
  text_length: number;
  /** The caller may delete it (its creator or can_manage). */
  can_delete: boolean;
}

/** c262 answer. */
export interface LessonPlanVersionListAnswer {
  list: LessonPlanVersionRow[];
  total: number;
}

/** c242 answer: the current plan (from the live document when loaded), or one version (version not null). */
export interface LessonPlanDetail extends LessonPlanRow {
  html: string;
  text: string;
  version: LessonPlanVersionRow | null;
  /** The caller may co-edit (the editor opens read-write). */
  can_edit: boolean;
}

/** One block of a compare: a heading, paragraph, list item or table row (cells tab-joined) is one line. */
export type LessonPlanDiffPart =
  | { type: "same"; text: string }
  | { type: "added"; text: string }
  | { type: "removed"; text: string }
  /** A changed line: its words, each marked added / removed or kept. */
  | { type: "changed"; segments: { type: "same" | "added" | "removed"; text: string }[] };

/** new wpsFileCompare answer: A (version) → B (other version or the current text). */
export interface LessonPlanCompareAnswer {
  a: { version_id: number; name: string; created_at: string };
  /** version_id 0 = the current text. */
  b: { version_id: number; name: string; created_at: string };
  parts: LessonPlanDiffPart[];
  /** Lines added / removed / changed, and characters added / removed (inside changed lines too). */
  counts: { added: number; removed: number; changed: number; same: number; added_chars: number; removed_chars: number };
}

/** new wpsFileRestore answer. */
export interface LessonPlanRestoreAnswer {
  /** The automatic "恢复前 …" version (undo by restoring it). */
  backup: LessonPlanVersionRow;
  html: string;
  text: string;
}

/** c241 answer: the plan imported into, the "导入前 …" version when over an existing one, and mammoth's warnings. */
export interface LessonPlanImportAnswer {
  plan: LessonPlanRow;
  backup: LessonPlanVersionRow | null;
  /** Conversion warnings (e.g. unrecognised styles), as mammoth gives them. */
  warnings: string[];
}

/** new wpsFileExport answer: a download the browser fetches with GET (no token needed; the url is signed, short-lived). */
export interface LessonPlanExportAnswer {
  url: string;
  file_name: string;
  format: "docx" | "pdf";
  size: number;
  /** When the url stops working. */
  expires_at: string;
}

/** c243 answer. */
export interface LessonPlanDeleteAnswer {
  /** "plan" or "version". */
  deleted: string;
  id: number;
}

/** The calls of LESSONPLAN_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const LESSONPLAN = {
  upWpsFile: call<LessonPlanImportAnswer>()(LESSONPLAN_CALLS.upWpsFile, LessonPlanImportPayload),
  wpsDetailFile: call<LessonPlanDetail>()(LESSONPLAN_CALLS.wpsDetailFile, LessonPlanDetailPayload),
  delWpsFile: call<LessonPlanDeleteAnswer>()(LESSONPLAN_CALLS.delWpsFile, LessonPlanDeletePayload),
  versionSaving: call<LessonPlanVersionRow>()(LESSONPLAN_CALLS.versionSaving, LessonPlanVersionSavePayload),
  wpsFileList: call<LessonPlanListAnswer>()(LESSONPLAN_CALLS.wpsFileList, LessonPlanListPayload),
  wpsFilePreparation: call<LessonPlanRow>()(LESSONPLAN_CALLS.wpsFilePreparation, LessonPlanCreatePayload),
  wpsFileVersion: call<LessonPlanVersionListAnswer>()(LESSONPLAN_CALLS.wpsFileVersion, LessonPlanVersionListPayload),
  lessonPlanCompare: call<LessonPlanCompareAnswer>()(LESSONPLAN_CALLS.lessonPlanCompare, LessonPlanComparePayload),
  lessonPlanRestore: call<LessonPlanRestoreAnswer>()(LESSONPLAN_CALLS.lessonPlanRestore, LessonPlanRestorePayload),
  lessonPlanExport: call<LessonPlanExportAnswer>()(LESSONPLAN_CALLS.lessonPlanExport, LessonPlanExportPayload),
} as const;
