/**
 * Lesson plans (issue #8; docs/api/lessonplan.md): create, list, read, versions, compare, restore, .docx import,
 * export and delete. Who may: deps.preparations.power of the plan's preparation — can_view reads, can_edit writes;
 * deleting a plan: the preparation's author, a manager or the plan's creator; deleting a version: its creator or
 * can_manage. Content changes to a plan go through the co-editing server (LessonCollab) so connected editors see
 * them at once.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { JSONContent } from "@tiptap/core";
import {
  FILE_GET_PREFIX,
  LESSON_PLAN_VERSION_KINDS,
  type LessonPlanCompareAnswer,
  type LessonPlanComparePayload,
  type LessonPlanCreatePayload,
  type LessonPlanDeleteAnswer,
  type LessonPlanDeletePayload,
  type LessonPlanDetail,
  type LessonPlanDetailPayload,
  type LessonPlanImportAnswer,
  type LessonPlanImportPayload,
  type LessonPlanListAnswer,
  type LessonPlanRestoreAnswer,
  type LessonPlanRow,
  type LessonPlanVersionListAnswer,
  type LessonPlanVersionRow,
  type LessonPlanVersionSavePayload,
  lessonDocName,
} from "@yanke/protocol";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { badInput, conflict, forbidden, isUniqueViolation, notFound } from "../../http/errors.js";
import { formatTime } from "../../http/time.js";
import { account } from "../account/account.schema.js";
import type { AccountRow } from "../account/account.service.js";
import type { CommunityDeps } from "../community-deps.js";
import { FILE_MESSAGES } from "../file/file.service.js";
import type { PreparationPower, PreparationRow } from "../preparation/preparation-access.js";
import type { LessonCollab } from "./lessonplan.collab.js";
import { compareLines } from "./lessonplan.diff.js";
import { DOCX_UNREADABLE, docxToPdf, exportDocx, type ImageSource, importDocx } from "./lessonplan.docx.js";
import { EMPTY_DOC, derive, docToJSON, jsonToState, stateToJSON, templateDoc } from "./lessonplan.editor.js";
import { lessonDoc, lessonDocVersion } from "./lessonplan.schema.js";

type DocRow = typeof lessonDoc.$inferSelect;
type VersionRow = typeof lessonDocVersion.$inferSelect;

export const LESSON_PLAN_MESSAGES = {
  planGone: "教案不存在或已删除",
  versionGone: "版本不存在或已删除",
  versionName: (name: string) => `版本名称“${name}”已存在，请换一个名称`,
  deletePlan: "只有主备人、管理员或教案创建人可以删除该教案",
  deleteVersion: "只有版本的保存人、主备人或管理员可以删除该版本",
  notOwnFile: "只能导入自己上传的文件",
  importTarget: "请选择要导入到的集体备课(preparation_id)或教案(id)",
  tooLarge: "Word 文件不能超过 20MB",
} as const;

const IMPORT_MAX = 20 * 1024 * 1024;
const IMAGE_EXTS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/jpg": "jpg", "image/gif": "gif", "image/webp": "webp" };
const DOCX_IMAGE_TYPES: Record<string, "png" | "jpg" | "gif" | "bmp"> = { png: "png", jpg: "jpg", jpeg: "jpg", gif: "gif", bmp: "bmp" };

/** The bytes of an export and the name it downloads under. */
export interface ExportFile {
  data: Buffer;
  fileName: string;
  mime: string;
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const b = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
    size += b.length;
    if (size > max) {
      stream.destroy();
      throw badInput(LESSON_PLAN_MESSAGES.tooLarge);
    }
    parts.push(b);
  }
  return Buffer.concat(parts);
}

/** A file name without characters Windows or browsers refuse. */
export function safeFileName(name: string): string {
  return (
    name
      .replace(/[\\/:*?"<>|\r\n\t]+/g, "_")
      .trim()
      .slice(0, 80) || "教案"
  );
}

export class LessonPlanService {
  private readonly db: Db;

  constructor(
    private readonly deps: CommunityDeps,
    private readonly collab: LessonCollab,
  ) {
    this.db = deps.db;
  }

  // ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────────

  private async plan(id: number): Promise<DocRow> {
    const [row] = await this.db
      .select()
      .from(lessonDoc)
      .where(and(eq(lessonDoc.id, id), isNull(lessonDoc.deleted_at)));
    if (!row) throw notFound(LESSON_PLAN_MESSAGES.planGone);
    return row;
  }

  /** The plan, its preparation and the caller's power (403 without the ability). */
  private async access(c: AccountRow, id: number, ability: "can_view" | "can_edit"): Promise<{ doc: DocRow; prep: PreparationRow; power: PreparationPower }> {
    const doc = await this.plan(id);
    const { prep, power } = await this.deps.preparations.require(c, doc.preparation_id, ability);
    return { doc, prep, power };
  }

  private async version(docId: number, versionId: number): Promise<VersionRow> {
    const [v] = await this.db
      .select()
      .from(lessonDocVersion)
      .where(and(eq(lessonDocVersion.id, versionId), eq(lessonDocVersion.doc_id, docId)));
    if (!v) throw notFound(LESSON_PLAN_MESSAGES.versionGone);
    return v;
  }

  private async names(ids: number[]): Promise<Map<number, string>> {
    const want = [...new Set(ids.filter((i) => i > 0))];
    if (!want.length) return new Map();
    const rows = await this.db
      .select({ id: account.id, realname: account.realname, username: account.username })
      .from(account)
      .where(inArray(account.id, want));
    return new Map(rows.map((r) => [r.id, r.realname || r.username]));
  }

  private async log(tx: Db | Tx, prep: PreparationRow, c: AccountRow, action: string, targetId: number, content: string): Promise<void> {
    if (!prep.community_id) return;
    await this.deps.access.log(tx, { community_id: prep.community_id, account_id: c.id, action, target_type: "lesson_plan", target_id: targetId, content });
  }

  private mayDeletePlan(c: AccountRow, doc: DocRow, power: PreparationPower): boolean {
    return power.is_author || power.is_manager || (doc.created_by === c.id && power.can_view);
  }

  private async rows(c: AccountRow, docs: DocRow[], power: PreparationPower): Promise<LessonPlanRow[]> {
    if (!docs.length) return [];
    const ids = docs.map((d) => d.id);
    const counts = await this.db
      .select({ doc_id: lessonDocVersion.doc_id, n: count() })
      .from(lessonDocVersion)
      .where(inArray(lessonDocVersion.doc_id, ids))
      .groupBy(lessonDocVersion.doc_id);
    const byDoc = new Map(counts.map((r) => [r.doc_id, Number(r.n)]));
    const editing = new Map(docs.map((d) => [d.id, this.collab.editorIds(d.id)]));
    const names = await this.names([...docs.flatMap((d) => [d.created_by, d.updated_by]), ...[...editing.values()].flat()]);
    return docs.map((d) => ({
      id: d.id,
      preparation_id: d.preparation_id,
      title: d.title,
      main: d.main,
      doc_name: lessonDocName(d.id),
      source_file_id: d.source_file_id,
      created_by: d.created_by,
      created_by_name: names.get(d.created_by) ?? "",
      created_at: formatTime(d.created_at),
      updated_by: d.updated_by,
      updated_by_name: names.get(d.updated_by) ?? "",
      updated_at: formatTime(d.updated_at),
      text_length: d.text.replace(/\s/g, "").length,
      version_count: byDoc.get(d.id) ?? 0,
      editors: this.collab.editors(d.id),
      editor_names: (editing.get(d.id) ?? []).map((a) => names.get(a) ?? "").filter(Boolean),
      can_delete: this.mayDeletePlan(c, d, power),
    }));
  }

  private async versionRows(
    c: AccountRow,
    rows: Omit<VersionRow, "state" | "html">[],
    sizes: Map<number, number>,
    power: PreparationPower,
  ): Promise<LessonPlanVersionRow[]> {
    const names = await this.names(rows.map((r) => r.created_by));
    return rows.map((v) => ({
      id: v.id,
      doc_id: v.doc_id,
      name: v.name,
      kind: v.kind,
      kind_name: LESSON_PLAN_VERSION_KINDS[v.kind] ?? v.kind,
      created_by: v.created_by,
      created_by_name: names.get(v.created_by) ?? "",
      created_at: formatTime(v.created_at),
      size: sizes.get(v.id) ?? 0,
      text_length: v.text.replace(/\s/g, "").length,
      can_delete: v.created_by === c.id || power.can_manage,
    }));
  }

  /** The current JSON of a plan: the live document's when loaded, else the stored state. */
  private currentJSON(doc: DocRow): JSONContent {
    const live = this.collab.live(doc.id);
    return live ? docToJSON(live) : stateToJSON(doc.state);
  }

  /** The current html and text: derived from the live document when loaded, else the stored columns. */
  private current(doc: DocRow): { html: string; text: string } {
    const live = this.collab.live(doc.id);
    return live ? derive(docToJSON(live)) : { html: doc.html, text: doc.text };
  }

  /** A version of the current state (name made unique with " (2)", " (3)"… when automatic). */
  private async snapshot(c: AccountRow, doc: DocRow, name: string, kind: string, exact: boolean): Promise<VersionRow> {
    const state = this.collab.currentState(doc.id, doc.state) ?? jsonToState(EMPTY_DOC);
    const { html, text } = derive(stateToJSON(state));
    for (let attempt = 1; attempt <= 20; attempt++) {
      const n = attempt === 1 ? name : `${name} (${attempt})`;
      const [taken] = await this.db
        .select({ id: lessonDocVersion.id })
        .from(lessonDocVersion)
        .where(and(eq(lessonDocVersion.doc_id, doc.id), eq(lessonDocVersion.name, n)));
      if (taken) {
        if (exact) throw conflict(LESSON_PLAN_MESSAGES.versionName(name));
        continue;
      }
      try {
        const [row] = await this.db
          .insert(lessonDocVersion)
          .values({ doc_id: doc.id, name: n, kind, state, html, text, created_by: c.id, created_at: this.deps.now() })
          .returning();
        return row!;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        if (exact) throw conflict(LESSON_PLAN_MESSAGES.versionName(name));
      }
    }
    throw conflict(LESSON_PLAN_MESSAGES.versionName(name));
  }

  private async oneVersionRow(c: AccountRow, v: VersionRow, power: PreparationPower): Promise<LessonPlanVersionRow> {
    const [row] = await this.versionRows(c, [v], new Map([[v.id, v.state.length]]), power);
    return row!;
  }

  private async insertPlan(c: AccountRow, prep: PreparationRow, title: string, json: JSONContent, sourceFileId: number): Promise<DocRow> {
    const state = jsonToState(json);
    const { html, text } = derive(json);
    const now = this.deps.now();
    return this.db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(lessonDoc)
        .where(and(eq(lessonDoc.preparation_id, prep.id), isNull(lessonDoc.deleted_at), eq(lessonDoc.main, 1)));
      const [row] = await tx
        .insert(lessonDoc)
        .values({
          preparation_id: prep.id,
          title,
          main: Number(n) === 0 ? 1 : 0,
          state,
          html,
          text,
          source_file_id: sourceFileId,
          created_by: c.id,
          updated_by: c.id,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await this.log(tx, prep, c, "lessonplan.save", row!.id, `创建了教案「${title}」`);
      return row!;
    });
  }

  private async rowOf(c: AccountRow, id: number, power: PreparationPower): Promise<LessonPlanRow> {
    const [r] = await this.rows(c, [await this.plan(id)], power);
    return r!;
  }

  // ── calls ────────────────────────────────────────────────────────────────────────────────────────────────────

  /** c261: a blank plan (or the 教案 template) in a preparation; the first one is the main plan. */
  async create(c: AccountRow, p: LessonPlanCreatePayload): Promise<LessonPlanRow> {
    const { prep, power } = await this.deps.preparations.require(c, p.preparation_id, "can_edit");
    const row = await this.insertPlan(c, prep, p.title, p.template ? templateDoc(p.title) : EMPTY_DOC, 0);
    return this.rowOf(c, row.id, power);
  }

  /** c246: the plans of a preparation, the main one first. */
  async list(c: AccountRow, preparationId: number): Promise<LessonPlanListAnswer> {
    const { power } = await this.deps.preparations.require(c, preparationId, "can_view");
    const docs = await this.db
      .select()
      .from(lessonDoc)
      .where(and(eq(lessonDoc.preparation_id, preparationId), isNull(lessonDoc.deleted_at)))
      .orderBy(desc(lessonDoc.main), asc(lessonDoc.id));
    const list = await this.rows(c, docs, power);
    return { list, total: list.length, can_edit: power.can_edit };
  }

  /** c242: the current html/text (live when loaded) or one version's. */
  async detail(c: AccountRow, p: LessonPlanDetailPayload): Promise<LessonPlanDetail> {
    const { doc, power } = await this.access(c, p.id, "can_view");
    const [row] = await this.rows(c, [doc], power);
    if (p.version_id) {
      const v = await this.version(doc.id, p.version_id);
      return { ...row!, html: v.html, text: v.text, version: await this.oneVersionRow(c, v, power), can_edit: power.can_edit };
    }
    return { ...row!, ...this.current(doc), version: null, can_edit: power.can_edit };
  }

  /** c244: a named version of the current state; an empty name → "版本 N". */
  async saveVersion(c: AccountRow, p: LessonPlanVersionSavePayload): Promise<LessonPlanVersionRow> {
    const { doc, prep, power } = await this.access(c, p.id, "can_edit");
    let name = p.name;
    let exact = true;
    if (!name) {
      const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(lessonDocVersion).where(eq(lessonDocVersion.doc_id, doc.id));
      name = `版本 ${Number(n) + 1}`;
      exact = false;
    }
    const v = await this.snapshot(c, doc, name, "manual", exact);
    await this.log(this.db, prep, c, "lessonplan.version", doc.id, `保存了教案「${doc.title}」的版本「${v.name}」`);
    return this.oneVersionRow(c, v, power);
  }

  /** c262: the versions of a plan, newest first. */
  async versions(c: AccountRow, id: number): Promise<LessonPlanVersionListAnswer> {
    const { doc, power } = await this.access(c, id, "can_view");
    const rows = await this.db
      .select({
        id: lessonDocVersion.id,
        doc_id: lessonDocVersion.doc_id,
        name: lessonDocVersion.name,
        kind: lessonDocVersion.kind,
        text: lessonDocVersion.text,
        created_by: lessonDocVersion.created_by,
        created_at: lessonDocVersion.created_at,
        size: sql<number>`octet_length(${lessonDocVersion.state})`,
      })
      .from(lessonDocVersion)
      .where(eq(lessonDocVersion.doc_id, doc.id))
      .orderBy(desc(lessonDocVersion.id));
    const list = await this.versionRows(c, rows, new Map(rows.map((r) => [r.id, Number(r.size)])), power);
    return { list, total: list.length };
  }

  /** new: version A against version B (or the current text). */
  async compare(c: AccountRow, p: LessonPlanComparePayload): Promise<LessonPlanCompareAnswer> {
    const { doc } = await this.access(c, p.id, "can_view");
    const a = await this.version(doc.id, p.version_id);
    const b = p.other_version_id ? await this.version(doc.id, p.other_version_id) : undefined;
    const bText = b ? b.text : this.current(doc).text;
    const lines = (t: string) => (t ? t.split("\n") : []);
    const { parts, counts } = compareLines(lines(a.text), lines(bText));
    return {
      a: { version_id: a.id, name: a.name, created_at: formatTime(a.created_at) },
      b: b
        ? { version_id: b.id, name: b.name, created_at: formatTime(b.created_at) }
        : { version_id: 0, name: "当前内容", created_at: formatTime(doc.updated_at) },
      parts,
      counts,
    };
  }

  /** new: restore a version as a forward change; a "恢复前 …" version is taken first. */
  async restore(c: AccountRow, p: { id: number; version_id: number }): Promise<LessonPlanRestoreAnswer> {
    const { doc, prep, power } = await this.access(c, p.id, "can_edit");
    const v = await this.version(doc.id, p.version_id);
    const backup = await this.snapshot(c, doc, `恢复前 ${formatTime(this.deps.now())}`, "restore", false);
    const json = stateToJSON(v.state);
    await this.collab.replace(doc.id, json, c.id);
    await this.log(this.db, prep, c, "lessonplan.restore", doc.id, `将教案「${doc.title}」恢复到版本「${v.name}」`);
    return { backup: await this.oneVersionRow(c, backup, power), ...derive(json) };
  }

  /** c241: import a .docx the caller uploaded, as a new plan or over an existing one ("导入前 …" version first). */
  async import(c: AccountRow, p: LessonPlanImportPayload): Promise<LessonPlanImportAnswer> {
    const file = await this.deps.files.fileRow(p.file_id);
    if (!file) throw notFound(FILE_MESSAGES.fileGone);
    if (file.account_id !== c.id) throw forbidden(LESSON_PLAN_MESSAGES.notOwnFile);
    let target: { doc?: DocRow; prep: PreparationRow; power: PreparationPower };
    if (p.id) target = await this.access(c, p.id, "can_edit");
    else if (p.preparation_id) target = await this.deps.preparations.require(c, p.preparation_id, "can_edit");
    else throw badInput(LESSON_PLAN_MESSAGES.importTarget);
    // The bytes decide (mammoth); a zip counts too: file-type reads 4 KB and calls a .docx whose first entries are
    // not Word's (e.g. written by a library, images first) a zip.
    if (!(file.file_type === "docx" || file.file_type === "zip" || /\.docx$/i.test(file.real_file_name))) throw badInput(DOCX_UNREADABLE);
    if (file.size > IMPORT_MAX) throw badInput(LESSON_PLAN_MESSAGES.tooLarge);
    const bytes = await readAll(await this.deps.files.readObject(file.storage_key), IMPORT_MAX);
    const { json, warnings } = await importDocx(bytes, (data, type) => this.storeImage(c, data, type));
    const { doc, prep, power } = target;
    if (!doc) {
      const title = (p.title || file.real_file_name.replace(/\.docx$/i, "")).trim().slice(0, 100) || "导入的教案";
      const row = await this.insertPlan(c, prep, title, json, file.id);
      return { plan: await this.rowOf(c, row.id, power), backup: null, warnings };
    }
    const backup = await this.snapshot(c, doc, `导入前 ${formatTime(this.deps.now())}`, "import", false);
    await this.collab.replace(doc.id, json, c.id);
    await this.db
      .update(lessonDoc)
      .set({ source_file_id: file.id, ...(p.title ? { title: p.title.slice(0, 100) } : {}) })
      .where(eq(lessonDoc.id, doc.id));
    await this.log(this.db, prep, c, "lessonplan.import", doc.id, `向教案「${doc.title}」导入了 Word 文件「${file.real_file_name}」`);
    return { plan: await this.rowOf(c, doc.id, power), backup: await this.oneVersionRow(c, backup, power), warnings };
  }

  /** An image of an imported .docx → a public "editor" upload of the importer; "" (skipped) when refused. */
  private async storeImage(c: AccountRow, data: Buffer, contentType: string): Promise<string> {
    const ext = IMAGE_EXTS[contentType.toLowerCase()];
    if (!ext) return "";
    const dir = await mkdtemp(path.join(this.deps.files.tmpDir, "docx-img-"));
    try {
      const file = path.join(dir, `image.${ext}`);
      await writeFile(file, data);
      const rec = await this.deps.files.upload(c.id, "editor", `教案图片.${ext}`, { path: file, size: data.length, filename: `image.${ext}` });
      return `${FILE_GET_PREFIX}/${rec.id}`;
    } catch {
      return "";
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** new: the plan (or a version) as .docx or PDF bytes. */
  async exportFile(c: AccountRow, p: { id: number; version_id?: number; format: "docx" | "pdf" }): Promise<ExportFile> {
    const { doc } = await this.access(c, p.id, "can_view");
    const v = p.version_id ? await this.version(doc.id, p.version_id) : undefined;
    const json = v ? stateToJSON(v.state) : this.currentJSON(doc);
    const base = safeFileName(v ? `${doc.title}（${v.name}）` : doc.title);
    const docx = await exportDocx(json, doc.title, this.imageSource(c));
    if (p.format === "pdf") {
      const pdf = await docxToPdf(this.deps.config.uploads.soffice, this.deps.files.tmpDir, docx);
      return { data: pdf, fileName: `${base}.pdf`, mime: "application/pdf" };
    }
    return { data: docx, fileName: `${base}.docx`, mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" };
  }

  /** Images of an export: our stored files the caller may read (public editor uploads), others as "[图片]". */
  private imageSource(c: AccountRow): ImageSource {
    return async (src) => {
      const m = new RegExp(`^${FILE_GET_PREFIX}/(\\d{1,12})(?:[?#].*)?$`).exec(src);
      if (!m) return undefined;
      const file = await this.deps.files.fileRow(Number(m[1]));
      if (!file || !(await this.deps.files.mayRead(c, file))) return undefined;
      const type = DOCX_IMAGE_TYPES[file.file_type];
      if (!type || file.size > 10 * 1024 * 1024) return undefined;
      return { data: await readAll(await this.deps.files.readObject(file.storage_key), 10 * 1024 * 1024), type };
    };
  }

  /** c243: a version (its creator or can_manage) or the whole plan (soft delete; live connections closed). */
  async remove(c: AccountRow, p: LessonPlanDeletePayload): Promise<LessonPlanDeleteAnswer> {
    const doc = await this.plan(p.id);
    const { prep, power } = await this.deps.preparations.require(c, doc.preparation_id, "can_view");
    if (p.version_id) {
      const v = await this.version(doc.id, p.version_id);
      if (!(v.created_by === c.id || power.can_manage)) throw forbidden(LESSON_PLAN_MESSAGES.deleteVersion);
      await this.db.delete(lessonDocVersion).where(eq(lessonDocVersion.id, v.id));
      await this.log(this.db, prep, c, "lessonplan.version_delete", doc.id, `删除了教案「${doc.title}」的版本「${v.name}」`);
      return { deleted: "version", id: v.id };
    }
    if (!this.mayDeletePlan(c, doc, power)) throw forbidden(LESSON_PLAN_MESSAGES.deletePlan);
    await this.db.transaction(async (tx) => {
      await tx.update(lessonDoc).set({ deleted_at: this.deps.now(), main: 0 }).where(eq(lessonDoc.id, doc.id));
      if (doc.main === 1) {
        const [next] = await tx
          .select({ id: lessonDoc.id })
          .from(lessonDoc)
          .where(and(eq(lessonDoc.preparation_id, doc.preparation_id), isNull(lessonDoc.deleted_at)))
          .orderBy(asc(lessonDoc.id))
          .limit(1);
        if (next) await tx.update(lessonDoc).set({ main: 1 }).where(eq(lessonDoc.id, next.id));
      }
      await this.log(tx, prep, c, "lessonplan.delete", doc.id, `删除了教案「${doc.title}」`);
    });
    this.collab.close(doc.id);
    return { deleted: "plan", id: doc.id };
  }
}
