/**
 * The discussion panel's calls (c315–c320 /v2/discuss_comment, docs/api/discuss.md) and the pure patches the live
 * socket's pushes make to a loaded page (discuss-model.test.ts).
 */
import {
  calls,
  type DiscussDeleteAnswer,
  type DiscussExpandAnswer,
  type DiscussIndexAnswer,
  type DiscussLikeAnswer,
  type DiscussMessage,
  type DiscussPage,
  type Call,
  type PayloadOf,
  type AnswerOf,
} from "@yanke/protocol";
import { call } from "../../api/client";
import { getState } from "../../session/store";

export type DiscussKind = "preparation" | "listen" | "after_class";

export interface DiscussSaveInput {
  pid: number;
  reply_person: number;
  content: string;
  content_img: string[];
  target_id: number;
  video_time: number | null;
  wps_file_key?: string;
}

/** Anonymous visitors' failures stay quiet (public pages); members see the server's message. */
const dcall = <C extends Call>(c: C, payload: PayloadOf<C>): Promise<AnswerOf<C>> => call(c, payload, { quiet: getState().session.token === "" });

/** The discussed object as the calls name it (docs/decisions/0920-discuss-target.md). */
export function discussRef(kind: DiscussKind, refId: number): Record<string, number> {
  if (kind === "preparation") return { preparation_id: refId };
  if (kind === "listen") return { reservation_record_id: refId };
  return { after_class_id: refId };
}

export const discussApi = {
  index: (kind: DiscussKind, refId: number): Promise<DiscussIndexAnswer> => dcall(calls.discussIndex, discussRef(kind, refId)),
  list: (kind: DiscussKind, refId: number, page: number, limit: number): Promise<DiscussPage> =>
    dcall(calls.discussList, { ...discussRef(kind, refId), page, limit }),
  save: (kind: DiscussKind, refId: number, input: DiscussSaveInput): Promise<DiscussMessage> => {
    const payload: PayloadOf<typeof calls.discussSave> = { ...discussRef(kind, refId), ...input };
    if (input.video_time === null) delete payload.video_time;
    if (!input.target_id) delete payload.target_id;
    return dcall(calls.discussSave, payload);
  },
  remove: (id: number): Promise<DiscussDeleteAnswer> => dcall(calls.discussDelete, { id }),
  like: (id: number): Promise<DiscussLikeAnswer> => dcall(calls.discussLikeNums, { id }),
  expand: (id: number, expand_status: number): Promise<DiscussExpandAnswer> => dcall(calls.discussSetExpandStatus, { id, expand_status }),
};

// ---------------------------------------------------------------------------------------------------------
// Pure patches of a loaded page

/** The top-level message a reply belongs under (its pid may name a reply: then that reply's thread). */
function topIndexFor(list: DiscussMessage[], pid: number): number {
  return list.findIndex((t) => t.id === pid || t.children.some((c) => c.id === pid));
}

const contains = (list: DiscussMessage[], id: number) => list.some((t) => t.id === id || t.children.some((c) => c.id === id));

/**
 * A message saved (pushed or just answered): a new thread goes on top of page 1, a reply at the end of its thread.
 * Unchanged when already there (the author's own answer and its push) or when its thread is not on this page.
 */
export function addMessage(page: DiscussPage, m: DiscussMessage, myId: number): DiscussPage {
  if (contains(page.list, m.id)) return page;
  const msg: DiscussMessage = {
    ...m,
    children: m.children ?? [],
    can_delete: m.account_id === myId && myId > 0,
    is_like: m.account_id === myId ? !!m.is_like : false,
  };
  if (!msg.pid) {
    if (page.page !== 1) return { ...page, total: page.total + 1, count: page.count + 1 };
    return { ...page, list: [msg, ...page.list], total: page.total + 1, count: page.count + 1 };
  }
  const i = topIndexFor(page.list, msg.pid);
  if (i < 0) return { ...page, count: page.count + 1 };
  const list = page.list.slice();
  const top = list[i]!;
  list[i] = { ...top, expand_status: 1, children: [...top.children, { ...msg, children: [] }] };
  return { ...page, list, count: page.count + 1 };
}

/** A message deleted: dropped, or kept as '该条研讨已删除' while it has replies. */
export function removeMessage(page: DiscussPage, id: number): DiscussPage {
  if (!contains(page.list, id)) return page;
  const list: DiscussMessage[] = [];
  let droppedTop = false;
  for (const t of page.list) {
    if (t.id === id) {
      if (t.children.length) list.push({ ...t, deleted: true, can_delete: false, content_img: [] });
      else droppedTop = true;
      continue;
    }
    list.push(t.children.some((c) => c.id === id) ? { ...t, children: t.children.filter((c) => c.id !== id) } : t);
  }
  return { ...page, list, total: droppedTop ? Math.max(0, page.total - 1) : page.total, count: Math.max(0, page.count - 1) };
}

/** Changes one message wherever it is. */
export function patchMessage(page: DiscussPage, id: number, patch: (m: DiscussMessage) => Partial<DiscussMessage>): DiscussPage {
  if (!contains(page.list, id)) return page;
  const one = (m: DiscussMessage): DiscussMessage => (m.id === id ? { ...m, ...patch(m) } : m);
  return { ...page, list: page.list.map((t) => ({ ...one(t), children: t.children.map(one) })) };
}

/** mm:ss (h:mm:ss past an hour) of a video time in seconds. */
export function formatVideoTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
