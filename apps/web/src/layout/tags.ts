/** Pure operations of the tags strip of visited views (§2). Affixed tags (home) are never closed. */
import type { TagView } from "../session/store";

export const HOME_TAG_TITLE = "首页";

/** Ensures the affixed home tag leads, then adds or retitles the visited view. */
export function visitTag(tags: readonly TagView[], view: TagView, home: string, homeName = ""): TagView[] {
  const homeTag: TagView = { path: home, title: HOME_TAG_TITLE, name: homeName, affix: true };
  let out = tags.filter((t) => !t.affix || t.path === home);
  if (!out.some((t) => t.path === home)) out = [homeTag, ...out];
  else out = out.map((t) => (t.path === home ? { ...t, affix: true, title: HOME_TAG_TITLE } : t));
  if (view.path === home) return out;
  const i = out.findIndex((t) => t.path === view.path);
  if (i < 0) return [...out, { ...view, affix: false }];
  const cur = out[i];
  if (cur && (cur.title !== view.title || cur.name !== view.name)) {
    const copy = [...out];
    copy[i] = { ...cur, title: view.title, name: view.name };
    return copy;
  }
  return out;
}

export interface TagsChange {
  tags: TagView[];
  /** Where to go when the active view was closed. */
  goTo?: string;
  /** View names whose cache must be dropped. */
  evict: string[];
}

export function closeTag(tags: readonly TagView[], path: string, active: string): TagsChange {
  const i = tags.findIndex((t) => t.path === path);
  const tag = tags[i];
  if (!tag || tag.affix) return { tags: [...tags], evict: [] };
  const next = tags.filter((t) => t.path !== path);
  let goTo: string | undefined;
  if (path === active) goTo = (next[i - 1] ?? next[i] ?? next.at(-1))?.path;
  return { tags: next, goTo, evict: [tag.name] };
}

export function closeOtherTags(tags: readonly TagView[], path: string, active: string): TagsChange {
  const keep = tags.filter((t) => t.affix || t.path === path);
  const evict = tags.filter((t) => !keep.includes(t)).map((t) => t.name);
  return { tags: keep, goTo: active === path ? undefined : path, evict };
}

export function closeAllTags(tags: readonly TagView[], active: string): TagsChange {
  const keep = tags.filter((t) => t.affix);
  const evict = tags.filter((t) => !t.affix).map((t) => t.name);
  const stays = keep.some((t) => t.path === active);
  return { tags: keep, goTo: stays ? undefined : keep.at(-1)?.path, evict };
}
