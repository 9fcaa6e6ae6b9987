/** Reflections and collections of the personal centre (issue #7; docs/api/collect.md, docs/decisions/0703). */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const COLLECT_CALLS = {
  /** c388 */ reflectList: "/v2/reflect/list",
  /** c389 */ reflectSave: "/v2/reflect/save",
  /** c390 */ reflectDelete: "/v2/reflect/delete",
  /** c391: collect / uncollect (toggles) */ collectSave: "/v2/collect/save",
  /** c392 */ collectList: "/v2/collect/list",
} as const;

/** What may be collected. */
export const COLLECT_TARGETS: Readonly<Record<string, string>> = {
  community: "社区",
  article: "文章",
  activity: "活动",
  video: "视频",
  preparation: "集体备课",
};
/** Target types that can be collected. */
export const COLLECTABLE_TYPES = ["community", "article", "activity", "video", "preparation"] as const;
export type CollectTargetType = (typeof COLLECTABLE_TYPES)[number];

export const REFLECT_LIMITS = { title: 100, content: 50_000 } as const;

const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v), z.coerce.number().int("必须是整数").min(0, "不能为负数")).describe(label);
const zTargetType = z
  .string({ message: "请选择收藏类型" })
  .trim()
  .refine((v) => v in COLLECT_TARGETS, `收藏类型只能是 ${Object.keys(COLLECT_TARGETS).join("、")}`)
  .describe("收藏类型（community / article / activity / video / preparation）");

/**
 * c388: the caller's reflections, newest first (title search, by activity or community). With activity_id, a
 * manager of the activity's community (or its creator) sees every teacher's reflections on it (all = 1).
 */
export const ReflectListPayload = z.object({
  page: zPage,
  limit: zLimit,
  title: z.string().trim().max(100, "标题不能超过 100 个字符").optional().describe("标题"),
  activity_id: zIdFilter("活动"),
  community_id: zIdFilter("社区"),
  all: z.coerce.number().int().min(0).max(1, "all 只能是 0 或 1").default(0).describe("所有人的反思（需管理该活动）"),
});
/** c389: a new reflection, or (id) the author's edit of his own. */
export const ReflectSave = z.object({
  id: zIdFilter("反思编号"),
  title: z
    .string({ message: "请输入反思标题" })
    .trim()
    .min(1, "请输入反思标题")
    .max(REFLECT_LIMITS.title, `反思标题不能超过 ${REFLECT_LIMITS.title} 个字符`)
    .describe("标题"),
  content: z.string().max(REFLECT_LIMITS.content, `反思内容不能超过 ${REFLECT_LIMITS.content} 个字符`).default("").describe("内容（富文本，服务器过滤）"),
  activity_id: zIdFilter("活动"),
  community_id: zIdFilter("社区"),
});
export const ReflectIdPayload = z.object({ id: zId("反思编号") });
/** c391: toggles the caller's collect of a target. */
export const CollectSave = z.object({ target_type: zTargetType, target_id: zId("收藏对象编号") });
/** c392: the caller's collects, newest first. */
export const CollectListPayload = z.object({
  page: zPage,
  limit: zLimit,
  target_type: z.preprocess((v) => (v === "" || v === null ? undefined : v), zTargetType.optional()).describe("收藏类型"),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface ReflectRow {
  id: number;
  account_id: number;
  account_name: string;
  title: string;
  /** Sanitized rich text. */
  content: string;
  /** Plain text start of the content. */
  summary: string;
  activity_id: number;
  activity_name: string;
  community_id: number;
  community_name: string;
  /** Only the author deletes. */
  can_delete: boolean;
  created_at: string;
  updated_at: string;
}

/** c391: the caller's collect after the toggle. */
export interface CollectSaveAnswer {
  target_type: string;
  target_id: number;
  is_collect: boolean;
}

/** c392: a collect with what the web needs to show and open its target. */
export interface CollectRow {
  id: number;
  target_type: string;
  target_type_name: string;
  target_id: number;
  /** The target's name or title; "该内容已删除" when it is gone (exists false). */
  title: string;
  cover_url: string;
  /** The community it belongs to (a community: itself; a video: 0). */
  community_id: number;
  community_name: string;
  /** Author or creator of the target. */
  account_name: string;
  exists: boolean;
  /** When collected. */
  created_at: string;
}

/** The calls of COLLECT_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const COLLECT = {
  reflectList: call<Page<ReflectRow>>()(COLLECT_CALLS.reflectList, ReflectListPayload),
  reflectSave: call<ReflectRow>()(COLLECT_CALLS.reflectSave, ReflectSave),
  reflectDelete: call<null>()(COLLECT_CALLS.reflectDelete, ReflectIdPayload),
  collectSave: call<CollectSaveAnswer>()(COLLECT_CALLS.collectSave, CollectSave),
  collectList: call<Page<CollectRow>>()(COLLECT_CALLS.collectList, CollectListPayload),
} as const;
