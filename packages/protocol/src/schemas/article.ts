/**
 * Community articles and the message board (community.md §3 Community article; issue #7; docs/api/article.md,
 * docs/decisions/0703).
 */
import { z } from "zod";
import { zId, zLimit, zPage } from "./common.js";
import { zCommunityId } from "./community.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const ARTICLE_CALLS = {
  /** c218: one article (counts a reading) */ articleRead: "/v2/community_article/read",
  /** c219 */ articleSave: "/v2/community_article/save",
  /** c220 */ articleUpdate: "/v2/community_article/update",
  /** c221 */ articleDelete: "/v2/community_article/delete",
  /** c222 */ articleCommentSave: "/v2/community_article/articleCommentSave",
  /** c223 */ articleCommentList: "/v2/community_article/articleCommentList",
  /** c224 */ articleReadingNum: "/v2/community_article/readingNum",
  /** c225: like / unlike (toggles) */ articleLikeNum: "/v2/community_article/likeNum",
  /** new: a community's articles (paged) */ articleList: "/v2/community_article/list",
  /** new: a comment's author or a community manager removes it */ articleCommentDelete: "/v2/community_article/articleCommentDelete",
  /** c226 */ messageBoardSave: "/v2/messageBoard/save",
  /** c227 */ messageBoardDelete: "/v2/messageBoard/delete",
  /** new */ messageBoardList: "/v2/messageBoard/list",
} as const;

/** Limits of articles, comments and board entries. */
export const ARTICLE_LIMITS = {
  title: 100,
  /** Characters of the rich text as sent (before sanitizing). */
  content: 200_000,
  coverUrl: 500,
  /** Characters of the plain-text summary kept with the article. */
  summary: 120,
  comment: 1000,
  board: 500,
} as const;

/** status of an article. */
export const ARTICLE_STATUS = { hidden: 0, published: 1 } as const;
export const ARTICLE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "已隐藏", 1: "已发布" };

/** The message of a comment or board entry with no text (community.md §5). */
export const EMPTY_CONTENT = "请先输入内容";
/** A comment by someone who may not post in the community (community.md §5). */
export const JOIN_BEFORE_COMMENT = "请先加入空间后评论！";

const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zSearch = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zTitle = z.string().trim().min(1, "请输入文章标题").max(ARTICLE_LIMITS.title, `文章标题不能超过 ${ARTICLE_LIMITS.title} 个字符`).describe("文章标题");
const zContent = z
  .string({ message: "请输入文章内容" })
  .max(ARTICLE_LIMITS.content, `文章内容不能超过 ${ARTICLE_LIMITS.content} 个字符`)
  .describe("文章内容（富文本，服务器过滤）");
/** An http(s) address or one of our own files (/files/<id>…); "" = none. */
const zCoverUrl = z
  .string()
  .trim()
  .max(ARTICLE_LIMITS.coverUrl, `封面地址不能超过 ${ARTICLE_LIMITS.coverUrl} 个字符`)
  .refine((v) => v === "" || /^https?:\/\/[^\s"'<>]+$/i.test(v) || /^\/files\/\d+[^\s"'<>]*$/.test(v), "封面地址只能是 http(s) 地址或本站文件地址")
  .describe("封面地址");
/** Plain text: stored as sent (trimmed), never interpreted as HTML. */
const zPlain = (max: number, label: string) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ message: EMPTY_CONTENT }).trim().min(1, EMPTY_CONTENT).max(max, `${label}不能超过 ${max} 个字符`),
    )
    .describe(label);
const zPid = z
  .preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v), z.coerce.number().int("必须是整数").min(0, "不能为负数"))
  .describe("回复的上级编号（0 为顶层）");

/** new: a community's articles, newest first; title search. Hidden ones only for their author and managers. */
export const ArticleListPayload = z.object({
  community_id: zCommunityId,
  page: zPage,
  limit: zLimit,
  title: opt(zSearch("文章标题", 100)),
});
export const ArticleIdPayload = z.object({ id: zId("文章编号") });
/** c219: a member of the community publishes. */
export const ArticleSave = z.object({
  community_id: zCommunityId,
  title: zTitle,
  content: zContent,
  cover_url: zCoverUrl.default(""),
});
/** c220: the author changes title, content, cover (only the fields sent); status 0/1 hides / shows (author or manager). */
export const ArticleUpdate = z.object({
  id: zId("文章编号"),
  title: opt(zTitle),
  content: opt(zContent),
  cover_url: opt(zCoverUrl),
  status: z
    .preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce
        .number()
        .int("必须是整数")
        .refine((v) => v === 0 || v === 1, "状态只能是 0（隐藏）或 1（发布）")
        .optional(),
    )
    .describe("状态（0 隐藏，1 发布）"),
});
/** c222: a comment, or a reply (pid) to a comment of the same article. */
export const ArticleCommentSave = z.object({
  article_id: zId("文章编号"),
  pid: zPid,
  content: zPlain(ARTICLE_LIMITS.comment, "评论内容"),
});
/** c223: top-level comments, newest first, each with its replies (oldest first). */
export const ArticleCommentListPayload = z.object({ article_id: zId("文章编号"), page: zPage, limit: zLimit });
export const ArticleCommentIdPayload = z.object({ id: zId("评论编号") });
/** c226: a board entry, or a reply (pid) to an entry of the same community. */
export const MessageBoardSave = z.object({
  community_id: zCommunityId,
  pid: zPid,
  content: zPlain(ARTICLE_LIMITS.board, "留言内容"),
});
export const MessageBoardIdPayload = z.object({ id: zId("留言编号") });
export const MessageBoardListPayload = z.object({ community_id: zCommunityId, page: zPage, limit: zLimit });

// ---------------------------------------------------------------------------------------------------------
// Answers

/** An article in a list (no content). */
export interface ArticleRow {
  id: number;
  community_id: number;
  community_name: string;
  account_id: number;
  account_name: string;
  head_portrait_url: string;
  title: string;
  /** Plain text start of the content (about 120 characters). */
  summary: string;
  cover_url: string;
  reading_num: number;
  like_num: number;
  comment_num: number;
  /** 1 published, 0 hidden. */
  status: number;
  status_name: string;
  /** Whether the caller liked / collected it. */
  is_like: boolean;
  is_collect: boolean;
  /** The caller is its author (edits it). */
  can_edit: boolean;
  /** The author or a community manager (hides, deletes). */
  can_delete: boolean;
  created_at: string;
  updated_at: string;
}

/** c218: one article with its sanitized rich text. */
export interface ArticleDetail extends ArticleRow {
  content: string;
}

/** c224: the counts of an article. */
export interface ArticleCounts {
  id: number;
  reading_num: number;
  like_num: number;
  comment_num: number;
}

/** c225: the caller's like after the toggle, and the article's count. */
export interface ArticleLikeAnswer {
  id: number;
  is_like: boolean;
  like_num: number;
}

/** A comment (c223) or a board entry (messageBoard/list), with its replies in children. */
export interface ArticleCommentRow {
  id: number;
  /** article_id of a comment; community_id of a board entry. */
  target_id: number;
  pid: number;
  content: string;
  account_id: number;
  account_name: string;
  head_portrait_url: string;
  /** The name of the author of the entry replied to ("" for a top-level one). */
  reply_person: string;
  /** The author or a community manager. */
  can_delete: boolean;
  created_at: string;
  children: ArticleCommentRow[];
}

/** Answer of the comment and board saves. */
export interface ArticleCommentSaved {
  id: number;
  /** The article's comment count after the save (0 for a board entry). */
  comment_num: number;
}

/** A message board entry (messageBoard/list): the same shape, target_id = community_id. */
export type MessageBoardRow = ArticleCommentRow;

/** The calls of ARTICLE_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const ARTICLE = {
  articleRead: call<ArticleDetail>()(ARTICLE_CALLS.articleRead, ArticleIdPayload),
  articleSave: call<ArticleDetail>()(ARTICLE_CALLS.articleSave, ArticleSave),
  articleUpdate: call<ArticleDetail>()(ARTICLE_CALLS.articleUpdate, ArticleUpdate),
  articleDelete: call<null>()(ARTICLE_CALLS.articleDelete, ArticleIdPayload),
  articleCommentSave: call<ArticleCommentSaved>()(ARTICLE_CALLS.articleCommentSave, ArticleCommentSave),
  articleCommentList: call<Page<ArticleCommentRow>>()(ARTICLE_CALLS.articleCommentList, ArticleCommentListPayload),
  articleReadingNum: call<ArticleCounts>()(ARTICLE_CALLS.articleReadingNum, ArticleIdPayload),
  articleLikeNum: call<ArticleLikeAnswer>()(ARTICLE_CALLS.articleLikeNum, ArticleIdPayload),
  articleList: call<Page<ArticleRow>>()(ARTICLE_CALLS.articleList, ArticleListPayload),
  articleCommentDelete: call<{ comment_num: number }>()(ARTICLE_CALLS.articleCommentDelete, ArticleCommentIdPayload),
  messageBoardSave: call<{ id: number }>()(ARTICLE_CALLS.messageBoardSave, MessageBoardSave),
  messageBoardDelete: call<null>()(ARTICLE_CALLS.messageBoardDelete, MessageBoardIdPayload),
  messageBoardList: call<Page<MessageBoardRow>>()(ARTICLE_CALLS.messageBoardList, MessageBoardListPayload),
} as const;
