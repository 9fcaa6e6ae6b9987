/**
 * Discussion (研讨; community.md §3 Discussion message, §4 discussion panel, §5; platform.md §5 Discussion; issue #9;
 * docs/api/discuss.md): threaded messages on a preparation, a listen-evaluate record or an after-class record; every
 * message saved is also pushed to the socket group of its target (workman.ts).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { DiscussMessage, DiscussPage } from "./preparation.js";

export const DISCUSS_CALLS = {
  /** c315 */ discussSave: "/v2/discuss_comment/save",
  /** c316: fold or unfold a thread */ discussSetExpandStatus: "/v2/discuss_comment/setExpandStatus",
  /** c317 */ discussList: "/v2/discuss_comment/list",
  /** c318: the panel's state (status 1 read-write / 2 read-only, counts, the chat key's listen targets) */ discussIndex: "/v2/discuss_comment/index",
  /** c319: only the author */ discussDelete: "/v2/discuss_comment/delete",
  /** c320: like toggle */ discussLikeNums: "/v2/discuss_comment/likeNums",
} as const;

/**
 * The discussed object (docs/decisions/0920-discuss-target.md): exactly one of preparation_id, reservation_record_id
 * (a listen-evaluate record, as /workman/send names it) or after_class_id — the fields /workman/send carries.
 */
export const DISCUSS_KINDS = { preparation: "集体备课", listen: "听评课", after_class: "课后反思" } as const;
export type DiscussKind = keyof typeof DISCUSS_KINDS;

const zRefFilter = (label: string) =>
  z
    .preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), z.coerce.number().int("必须是整数").positive("必须大于 0").optional())
    .describe(label);
const TargetFields = {
  preparation_id: zRefFilter("集体备课id"),
  reservation_record_id: zRefFilter("听评课id"),
  after_class_id: zRefFilter("课后反思id"),
};
type TargetShape = { preparation_id?: number; reservation_record_id?: number; after_class_id?: number };
const oneTarget = (t: TargetShape) => [t.preparation_id, t.reservation_record_id, t.after_class_id].filter((x) => x !== undefined).length === 1;
const ONE_TARGET = { message: "请指定研讨对象（preparation_id、reservation_record_id 或 after_class_id 其中之一）" };

/** The target of a payload as (kind, ref_id). */
export function discussTargetOf(t: TargetShape): { kind: DiscussKind; ref_id: number } {
  if (t.preparation_id) return { kind: "preparation", ref_id: t.preparation_id };
  if (t.reservation_record_id) return { kind: "listen", ref_id: t.reservation_record_id };
  return { kind: "after_class", ref_id: t.after_class_id ?? 0 };
}

const zImages = z
  .preprocess(
    (v) =>
      typeof v === "string"
        ? v.trim() === ""
          ? []
          : v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
        : v === null || v === undefined
          ? []
          : v,
    z.array(z.string().max(500, "图片地址过长")).max(9, "最多 9 张图片"),
  )
  .describe("研讨图片");
/** Seconds into the lesson video (≥ 0); "" / null = none. */
export const zVideoTime = z
  .preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : v),
    z.coerce.number({ message: "视频时间应为秒数" }).min(0, "视频时间不能为负数").max(9_999_999, "视频时间过大").nullable(),
  )
  .describe("视频时间（秒）");

/** The message fields of c315 (and c310, c280). */
export const DiscussMessageFields = {
  pid: z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe("上级研讨"),
  content: z.string().max(5000, "研讨内容不能超过 5000 个字符").default("").describe("研讨内容"),
  /** Images the caller uploaded ("/files/<id>", a list or "a,b"): png / jpg / jpeg ≤ 100 MB. */
  content_img: zImages,
  reply_person: z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe("回复对象"),
  /** A listen target (listen_target.id): only on a listen record's discussion (the TPK chat key). */
  target_id: z.coerce.number().int("必须是整数").min(0, "不能为负数").default(0).describe("听课维度"),
  wps_file_key: z.string().trim().max(100, "教案不能超过 100 个字符").default("").describe("教案"),
  video_time: zVideoTime.default(null),
};

/** c315: write a message on the target. */
export const DiscussSavePayload = z.object({ ...TargetFields, ...DiscussMessageFields }).refine(oneTarget, ONE_TARGET);
export type DiscussSavePayload = z.infer<typeof DiscussSavePayload>;
/** c316: fold (0) or unfold (1) a thread: its author or a manager of the target. */
export const DiscussSetExpandPayload = z.object({
  id: zId("研讨编号"),
  expand_status: z.coerce.number().int("必须是整数").min(0, "只能是 0（折叠）或 1（展开）").max(1, "只能是 0（折叠）或 1（展开）").describe("展开状态"),
});
/** c317: top-level threads paged (newest first, or by video_time), each with its replies nested (children). */
export const DiscussListPayload = z
  .object({
    ...TargetFields,
    page: zPage,
    limit: zLimit,
    target_id: z
      .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional())
      .describe("听课维度"),
    wps_file_key: z.string().trim().max(100, "教案不能超过 100 个字符").optional().describe("教案"),
    order: z.enum(["newest", "video_time"], { message: "只能是 newest 或 video_time" }).default("newest").describe("排序"),
  })
  .refine(oneTarget, ONE_TARGET);
export type DiscussListPayload = z.infer<typeof DiscussListPayload>;
/** c318: the panel's state for the caller. */
export const DiscussIndexPayload = z.object(TargetFields).refine(oneTarget, ONE_TARGET);
export type DiscussIndexPayload = z.infer<typeof DiscussIndexPayload>;
/** c319: the author deletes his message (soft; the replies stay). */
export const DiscussDeletePayload = z.object({ id: zId("研讨编号") });
/** c320: toggles the caller's like of a message. */
export const DiscussLikePayload = z.object({ id: zId("研讨编号") });

// ---------------------------------------------------------------------------------------------------------
// Answers (c315 answers a DiscussMessage, c317 a DiscussPage — preparation.ts)

/** c316 */
export interface DiscussExpandAnswer {
  id: number;
  expand_status: number;
}
/** c319 */
export interface DiscussDeleteAnswer {
  id: number;
}
/** c320: the count after the toggle and whether the caller now likes it. */
export interface DiscussLikeAnswer {
  id: number;
  like_count: number;
  is_like: boolean;
}
/** A listen target offered as a tag (TPK chat key). */
export interface DiscussTargetOption {
  id: number;
  name: string;
}
/** c318: the discussion panel's state. */
export interface DiscussIndexAnswer {
  kind: DiscussKind;
  ref_id: number;
  /** The object's title (preparation theme, record name, reflection title). */
  title: string;
  community_id: number;
  /** 1 read-write, 2 read-only for the caller. */
  status: number;
  /** Messages not deleted (replies included) / top-level threads / distinct authors. */
  count: number;
  threads: number;
  participants: number;
  /** The caller may fold / unfold any thread (a manager of the target). */
  can_manage: boolean;
  /** The chat key: "TPK" for a listen record (listen-target tags offered), else "". */
  chat_key: string;
  /** The listen targets (TPK only; the record's school's and the platform's). */
  targets: DiscussTargetOption[];
  /** The live socket group to bind (c398). */
  group: string;
}

/** The calls of DISCUSS_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const DISCUSS = {
  discussSave: call<DiscussMessage>()(DISCUSS_CALLS.discussSave, DiscussSavePayload),
  discussSetExpandStatus: call<DiscussExpandAnswer>()(DISCUSS_CALLS.discussSetExpandStatus, DiscussSetExpandPayload),
  discussList: call<DiscussPage>()(DISCUSS_CALLS.discussList, DiscussListPayload),
  discussIndex: call<DiscussIndexAnswer>()(DISCUSS_CALLS.discussIndex, DiscussIndexPayload),
  discussDelete: call<DiscussDeleteAnswer>()(DISCUSS_CALLS.discussDelete, DiscussDeletePayload),
  discussLikeNums: call<DiscussLikeAnswer>()(DISCUSS_CALLS.discussLikeNums, DiscussLikePayload),
} as const;
