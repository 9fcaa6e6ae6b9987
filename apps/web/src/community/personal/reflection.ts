/** Pure helpers of the reflections (教学反思, c388–c390) of the personal centre: unit-tested in reflection.test.ts. */
import { type calls, type PayloadOf, REFLECT_LIMITS, type ReflectRow } from "@yanke/protocol";
import { isEmptyRichText } from "../../components/editor/rich-text";

/** What the reflection dialog edits. */
export interface ReflectDraft {
  title: string;
  /** HTML of the editor ("" when empty). */
  content: string;
  /** The activity it is about (0 / undefined: none). */
  activity_id?: number | null;
}

/**
 * The c389 payload of a draft: a new reflection, or (row) the author's edit of it. An activity gives the community
 * (the server derives it); without an activity an edit keeps the community of a reflection written in a community,
 * while one taken off its activity becomes free-standing.
 */
export function reflectSavePayload(d: ReflectDraft, row: Pick<ReflectRow, "id" | "activity_id" | "community_id"> | null): PayloadOf<typeof calls.reflectSave> {
  const activityId = d.activity_id && d.activity_id > 0 ? d.activity_id : 0;
  return {
    title: d.title.trim(),
    content: isEmptyRichText(d.content) ? "" : d.content,
    activity_id: activityId,
    // undefined: not sent (a new reflection; no community to keep)
    id: row ? row.id : undefined,
    community_id: !activityId && row && !row.activity_id && row.community_id ? row.community_id : undefined,
  };
}

/** The dialog's own check of a draft, as the server words it (null when fine). */
export function reflectDraftError(d: ReflectDraft): string | null {
  const title = d.title.trim();
  if (!title) return "请输入反思标题";
  if (title.length > REFLECT_LIMITS.title) return `反思标题不能超过 ${REFLECT_LIMITS.title} 个字符`;
  if (d.content.length > REFLECT_LIMITS.content) return `反思内容不能超过 ${REFLECT_LIMITS.content} 个字符`;
  return null;
}

/** Where a reflection belongs, as the list shows it. */
export function reflectPlace(r: Pick<ReflectRow, "activity_name" | "community_name">): string {
  return [r.community_name, r.activity_name].filter(Boolean).join(" · ") || "个人反思";
}

/** "更新于 …" when the reflection was edited after it was written (the server's times, minute precision). */
export function reflectEdited(r: Pick<ReflectRow, "created_at" | "updated_at">): boolean {
  return r.updated_at.slice(0, 16) > r.created_at.slice(0, 16);
}
