/**
 * The textbook catalogue and its resources (community.md §3 Textbook resource, §4; issue #8; docs/api/textbook.md):
 * editions → books → catalogue nodes (catalogCode), resources attached to a code, the Tw sync between a community
 * and its activities, and 学科网 documents (getXkwDoc).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zCommunityId } from "./community.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const TEXTBOOK_CALLS = {
  /** c376 */ textbookResourceSave: "/v2/textbookResources/save",
  /** c377 */ textbookResourceUpdate: "/v2/textbookResources/update",
  /** c378 */ textbookResourceRead: "/v2/textbookResources/read",
  /** c379 */ textbookResourceList: "/v2/textbookResources/list",
  /** c380: check (status) */ textbookResourceCheck: "/v2/textbookResources/check",
  /** c381 */ textbookResourceDelete: "/v2/textbookResources/delete",
  /** c382 */ syncTwCommunityResources: "/v2/textbookResources/syncTwCommunityResources",
  /** c383 */ syncTwCommunityActivityResources: "/v2/textbookResources/syncTwCommunityActivityResources",
  /** c384 */ getTwCommunityResources: "/v2/textbookResources/getTwCommunityResources",
  /** c385 */ getTwCommunityActivityResources: "/v2/textbookResources/getTwCommunityActivityResources",
  /** c397 */ getXkwDoc: "/v2/book/getXkwDoc",
  /** new: editions */ textbookEditions: "/v2/textbook/editionList",
  /** new: books of an edition (filter by period, subject, grade) */ textbookBooks: "/v2/textbook/bookList",
  /** new: a book's catalogue tree */ textbookCatalog: "/v2/textbook/catalogTree",
} as const;

/** resource_type values (textbook_resource.resource_type). */
export const TEXTBOOK_RESOURCE_TYPES: Readonly<Record<number, string>> = { 1: "教学设计", 2: "课件", 3: "学案", 4: "习题", 5: "视频", 6: "素材" };
/** status values: 0 待审核, 1 已通过, 2 未通过 (check sets 1 or 2). */
export const TEXTBOOK_RESOURCE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const TEXTBOOK_RESOURCE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "待审核", 1: "已通过", 2: "未通过" };

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────────────

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
/** An optional non-negative integer filter ("" / null = absent). */
const zIdFilter = (label: string) =>
  z.preprocess(blankToUndefined, z.coerce.number(`${label}必须是数字`).int(`${label}必须是整数`).min(0, `${label}不能为负数`).optional()).describe(label);
const zText = (label: string, max: number) => z.string(`${label}应为文字`).trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zOptText = (label: string, max: number) => z.preprocess((v) => (v === null ? undefined : v), zText(label, max).optional()).describe(label);
const zResourceType = z.coerce
  .number("请选择资源类型")
  .int("资源类型必须是整数")
  .refine((v) => v in TEXTBOOK_RESOURCE_TYPES, "资源类型只能是 1 教学设计、2 课件、3 学案、4 习题、5 视频、6 素材")
  .describe("资源类型");
/** A catalogue code, e.g. "RJ-SX-7A-01-01". */
export const zCatalogCode = z.string("请选择教材目录").trim().min(1, "请选择教材目录").max(64, "目录编码不能超过 64 个字符").describe("目录编码");

// ── catalogue ────────────────────────────────────────────────────────────────────────────────────────────────────

/** new /v2/textbook/editionList: every edition (no payload fields; keyword narrows by name). */
export const TextbookEditionListPayload = z.object({ keyword: zOptText("版本名称", 30) });
export type TextbookEditionListPayload = z.infer<typeof TextbookEditionListPayload>;
/** new /v2/textbook/bookList: books, optionally of one edition / period / subject / grade. Not paged (a few dozen). */
export const TextbookBookListPayload = z.object({
  edition_id: zIdFilter("教材版本"),
  period_name: zOptText("学段", 20),
  subject_name: zOptText("学科", 20),
  grade_name: zOptText("年级", 20),
});
export type TextbookBookListPayload = z.infer<typeof TextbookBookListPayload>;
/** new /v2/textbook/catalogTree: a book's catalogue as a tree. */
export const TextbookCatalogTreePayload = z.object({ book_id: zId("教材") });
export type TextbookCatalogTreePayload = z.infer<typeof TextbookCatalogTreePayload>;

export interface TextbookEditionRow {
  id: number;
  name: string;
  sort: number;
  /** How many books the edition has. */
  book_count: number;
}
export interface TextbookBookRow {
  id: number;
  edition_id: number;
  edition_name: string;
  /** e.g. "数学 七年级上册". */
  name: string;
  period_name: string;
  subject_name: string;
  grade_name: string;
  cover_url: string;
  /** How many catalogue nodes the book has. */
  node_count: number;
}
/** A catalogue node (章 / 节 / 课) with its children. */
export interface TextbookCatalogNode {
  id: number;
  book_id: number;
  pid: number;
  /** catalogCode (unique in the whole catalogue). */
  code: string;
  name: string;
  level: number;
  sort: number;
  /** The terms a lesson on this node should mention (read by the AI diagnosis). */
  keywords: string[];
  /** Approved resources attached to this node itself (not its descendants). */
  resource_count: number;
  children: TextbookCatalogNode[];
}
export interface TextbookCatalogTreeAnswer {
  book: TextbookBookRow;
  tree: TextbookCatalogNode[];
}

// ── resources ────────────────────────────────────────────────────────────────────────────────────────────────────

const ResourceFields = {
  resource_type: zResourceType,
  /** Shown title; defaults to the uploaded file's name. */
  file_name: zOptText("资源名称", 100),
  /** The caller's own upload (#5) as "/files/<id>" (what /file/upload answers as file_path); or give file_id. */
  file_url: zOptText("资源文件", 1000),
  file_id: zIdFilter("资源文件"),
  author: zOptText("作者", 50),
  catalogCode: zCatalogCode,
  periodId: zIdFilter("学段"),
  subjectId: zIdFilter("学科"),
  gradeId: zIdFilter("年级"),
  /** The "版本/册/章/节" path; derived from the catalogue when absent. */
  njy_structure: zOptText("教材结构", 300),
  up_file_name: zOptText("原文件名", 200),
  introduction: zOptText("资源简介", 2000),
};

/**
 * c376: add a resource to a catalogue node. community_id (optional) puts it in a community (the caller must be able
 * to post there); activity_id (optional, with community_id) uploads it into one of that community's activities.
 */
export const TextbookResourceSave = z.object({
  ...ResourceFields,
  community_id: zIdFilter("社区"),
  activity_id: zIdFilter("活动"),
});
export type TextbookResourceSave = z.infer<typeof TextbookResourceSave>;
/** c377: change a resource (uploader or a checker); absent fields stay. A non-checker's change returns it to 待审核. */
export const TextbookResourceUpdate = z.object({
  id: zId("资源编号"),
  resource_type: zResourceType.optional(),
  file_name: ResourceFields.file_name,
  file_url: ResourceFields.file_url,
  file_id: ResourceFields.file_id,
  author: ResourceFields.author,
  catalogCode: zCatalogCode.optional(),
  periodId: ResourceFields.periodId,
  subjectId: ResourceFields.subjectId,
  gradeId: ResourceFields.gradeId,
  njy_structure: ResourceFields.njy_structure,
  up_file_name: ResourceFields.up_file_name,
  introduction: ResourceFields.introduction,
});
export type TextbookResourceUpdate = z.infer<typeof TextbookResourceUpdate>;
export const TextbookResourceIdPayload = z.object({ id: zId("资源编号") });
export type TextbookResourceIdPayload = z.infer<typeof TextbookResourceIdPayload>;
/**
 * c379: resources the caller may see (approved ones, plus his own and those he checks). catalogCode includes the
 * node's descendants. mine=1: only the caller's uploads; checking=1: only what the caller may check.
 */
export const TextbookResourceListPayload = z.object({
  page: zPage,
  limit: zLimit,
  catalogCode: zOptText("目录编码", 64),
  book_id: zIdFilter("教材"),
  edition_id: zIdFilter("教材版本"),
  resource_type: zIdFilter("资源类型"),
  community_id: zIdFilter("社区"),
  activity_id: zIdFilter("活动"),
  status: z
    .preprocess(
      blankToUndefined,
      z.coerce.number("状态必须是数字").int("状态必须是整数").min(0, "状态只能是 0、1 或 2").max(2, "状态只能是 0、1 或 2").optional(),
    )
    .describe("状态"),
  keyword: zOptText("关键词", 50),
  mine: zIdFilter("只看我的"),
  checking: zIdFilter("只看待我审核"),
});
export type TextbookResourceListPayload = z.infer<typeof TextbookResourceListPayload>;
/** c380: approve (1) or reject (2, reason required). */
export const TextbookResourceCheck = z
  .object({
    id: zId("资源编号"),
    status: z.coerce
      .number("请选择审核结果")
      .int("审核结果必须是整数")
      .refine((v) => v === 1 || v === 2, "审核结果只能是 1（通过）或 2（不通过）")
      .describe("审核结果"),
    reason: zText("审核意见", 500).default(""),
  })
  .refine((p) => p.status !== 2 || p.reason !== "", { message: "请填写不通过的原因", path: ["reason"] });
export type TextbookResourceCheck = z.infer<typeof TextbookResourceCheck>;

/** A textbook resource (community.md §3 field names) with names and what the caller may do. */
export interface TextbookResourceRow {
  id: number;
  resource_type: number;
  resource_type_name: string;
  file_name: string;
  /** Readable address (signed for private files). */
  file_url: string;
  file_id: number;
  file_type: string;
  size: number;
  up_file_name: string;
  author: string;
  account_id: number;
  account_name: string;
  catalogCode: string;
  catalog_id: number;
  catalog_name: string;
  book_id: number;
  book_name: string;
  edition_id: number;
  edition_name: string;
  periodId: number;
  subjectId: number;
  gradeId: number;
  community_id: number;
  community_name: string;
  activity_id: number;
  activity_name: string;
  /** The resource this row was copied from by the Tw sync (0 = an original). */
  source_id: number;
  /** Where the source lives: its activity (0 = the community level). */
  source_activity_id: number;
  source_activity_name: string;
  njy_structure: string;
  introduction: string;
  status: number;
  status_name: string;
  check_reason: string;
  can_edit: boolean;
  can_check: boolean;
  can_delete: boolean;
  created_at: string;
  updated_at: string;
}

// ── Tw sync (docs/decisions/0822) ────────────────────────────────────────────────────────────────────────────────

/** c382: copy the community's approved community-level resources into each of its activities (or one). */
export const SyncTwCommunityResourcesPayload = z.object({ community_id: zCommunityId, activity_id: zIdFilter("活动") });
export type SyncTwCommunityResourcesPayload = z.infer<typeof SyncTwCommunityResourcesPayload>;
/** c383: copy an activity's own approved resources (or every activity's, when activity_id is absent) to the community level. */
export const SyncTwCommunityActivityResourcesPayload = z.object({ community_id: zCommunityId, activity_id: zIdFilter("活动") });
export type SyncTwCommunityActivityResourcesPayload = z.infer<typeof SyncTwCommunityActivityResourcesPayload>;
/** What a sync did: created new copies, skipped ones that already existed; total = created + skipped. */
export interface TwSyncAnswer {
  created: number;
  skipped: number;
  total: number;
  /** The activities it touched. */
  activities: number;
}
/** c384: the community-level resources of a community (with the activity a copy came from). */
export const GetTwCommunityResourcesPayload = z.object({
  page: zPage,
  limit: zLimit,
  community_id: zCommunityId,
  resource_type: zIdFilter("资源类型"),
  keyword: zOptText("关键词", 50),
});
export type GetTwCommunityResourcesPayload = z.infer<typeof GetTwCommunityResourcesPayload>;
/** c385: an activity's resources (its own uploads and the copies from the community). */
export const GetTwCommunityActivityResourcesPayload = z.object({
  page: zPage,
  limit: zLimit,
  activity_id: zId("活动"),
  resource_type: zIdFilter("资源类型"),
  keyword: zOptText("关键词", 50),
});
export type GetTwCommunityActivityResourcesPayload = z.infer<typeof GetTwCommunityActivityResourcesPayload>;

// ── 学科网 documents (c397; docs/decisions/0823) ─────────────────────────────────────────────────────────────────

/**
 * c397: documents for a book (textbookid = textbook_book.id), a subject (courseid = subject.id, matched by the
 * subject's period and name) and a catalogue node (catalogid = textbook_catalog.id, its descendants included).
 */
export const GetXkwDocPayload = z.object({
  page: zPage,
  pagesize: z.coerce
    .number("每页条数必须是数字")
    .int("每页条数必须是整数")
    .min(1, "每页条数至少为 1")
    .max(50, "每页条数不能超过 50")
    .default(10)
    .describe("每页条数"),
  textbookid: zIdFilter("教材"),
  courseid: zIdFilter("学科"),
  catalogid: zIdFilter("教材目录"),
  keyword: zOptText("关键词", 50),
});
export type GetXkwDocPayload = z.infer<typeof GetXkwDocPayload>;
export interface XkwDoc {
  /** "local-<resource id>" or the remote document id. */
  id: string;
  title: string;
  type_name: string;
  course_name: string;
  textbook_name: string;
  catalog_name: string;
  catalog_code: string;
  /** Where to open it (signed local file, or the remote address). */
  url: string;
  file_type: string;
  size: number;
  author: string;
  date: string;
}
export interface XkwDocAnswer {
  list: XkwDoc[];
  total: number;
  page: number;
  pagesize: number;
  /** "local" or "remote". */
  provider: string;
}

/** The calls of TEXTBOOK_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const TEXTBOOK = {
  textbookResourceSave: call<TextbookResourceRow>()(TEXTBOOK_CALLS.textbookResourceSave, TextbookResourceSave),
  textbookResourceUpdate: call<TextbookResourceRow>()(TEXTBOOK_CALLS.textbookResourceUpdate, TextbookResourceUpdate),
  textbookResourceRead: call<TextbookResourceRow>()(TEXTBOOK_CALLS.textbookResourceRead, TextbookResourceIdPayload),
  textbookResourceList: call<Page<TextbookResourceRow>>()(TEXTBOOK_CALLS.textbookResourceList, TextbookResourceListPayload),
  textbookResourceCheck: call<TextbookResourceRow>()(TEXTBOOK_CALLS.textbookResourceCheck, TextbookResourceCheck),
  textbookResourceDelete: call<{ id: number; deleted: number }>()(TEXTBOOK_CALLS.textbookResourceDelete, TextbookResourceIdPayload),
  syncTwCommunityResources: call<TwSyncAnswer>()(TEXTBOOK_CALLS.syncTwCommunityResources, SyncTwCommunityResourcesPayload),
  syncTwCommunityActivityResources: call<TwSyncAnswer>()(TEXTBOOK_CALLS.syncTwCommunityActivityResources, SyncTwCommunityActivityResourcesPayload),
  getTwCommunityResources: call<Page<TextbookResourceRow>>()(TEXTBOOK_CALLS.getTwCommunityResources, GetTwCommunityResourcesPayload),
  getTwCommunityActivityResources: call<Page<TextbookResourceRow>>()(TEXTBOOK_CALLS.getTwCommunityActivityResources, GetTwCommunityActivityResourcesPayload),
  getXkwDoc: call<XkwDocAnswer>()(TEXTBOOK_CALLS.getXkwDoc, GetXkwDocPayload),
  textbookEditions: call<TextbookEditionRow[]>()(TEXTBOOK_CALLS.textbookEditions, TextbookEditionListPayload),
  textbookBooks: call<TextbookBookRow[]>()(TEXTBOOK_CALLS.textbookBooks, TextbookBookListPayload),
  textbookCatalog: call<TextbookCatalogTreeAnswer>()(TEXTBOOK_CALLS.textbookCatalog, TextbookCatalogTreePayload),
} as const;
