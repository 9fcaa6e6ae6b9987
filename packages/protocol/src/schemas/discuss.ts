/**
 * Discussion (研讨; community.md §3 Discussion message, §4 discussion panel, §5; platform.md §5 Discussion; issue #9;
 * docs/api/discuss.md): threaded messages on a preparation, a listen-evaluate record or an after-class record; every
 * message saved is also pushed to the socket group of its target (workman.ts).
 */
export const DISCUSS_CALLS = {
  /** c315 */ discussSave: "/v2/discuss_comment/save",
  /** c316: fold or unfold a thread */ discussSetExpandStatus: "/v2/discuss_comment/setExpandStatus",
  /** c317 */ discussList: "/v2/discuss_comment/list",
  /** c318: the panel's state (status 1 read-write / 2 read-only, counts, the chat key's listen targets) */ discussIndex: "/v2/discuss_comment/index",
  /** c319: only the author */ discussDelete: "/v2/discuss_comment/delete",
  /** c320: like toggle */ discussLikeNums: "/v2/discuss_comment/likeNums",
} as const;
