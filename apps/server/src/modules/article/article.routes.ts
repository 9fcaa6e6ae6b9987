/**
 * Routes of community articles and the message board (issue #7; docs/api/article.md): c218–c227, list,
 * articleCommentDelete, messageBoard/list.
 */
import {
  ARTICLE_CALLS as C,
  ArticleCommentIdPayload,
  ArticleCommentListPayload,
  ArticleCommentSave,
  ArticleIdPayload,
  ArticleListPayload,
  ArticleSave,
  ArticleUpdate,
  MessageBoardIdPayload,
  MessageBoardListPayload,
  MessageBoardSave,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import { GUEST } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function articleRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const articles = built.articles;

  defineCall(app, host, {
    id: "new",
    path: C.articleList,
    summary: "社区文章列表：最新在前，按标题搜索，分页（需能查看该社区；未登录可看正常且展示的社区；隐藏的文章仅作者与管理者可见）",
    access: "public",
    schema: ArticleListPayload,
    handler: async ({ payload, caller }) => articles.list((await caller()) ?? GUEST, payload),
  });
  defineCall(app, host, {
    id: "c218",
    path: C.articleRead,
    summary: "文章详情：作者、计数、本人是否点赞与收藏；每次调用阅读数加一",
    access: "user",
    schema: ArticleIdPayload,
    handler: async ({ payload, caller }) => articles.read(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c219",
    path: C.articleSave,
    summary: "发表文章：社区成员发表标题、富文本内容（服务器过滤）与封面",
    access: "user",
    schema: ArticleSave,
    message: "发表成功",
    handler: async ({ payload, caller }) => articles.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c220",
    path: C.articleUpdate,
    summary: "修改文章：作者修改标题、内容、封面（只改传入的字段）；作者或社区管理者以 status 隐藏或显示",
    access: "user",
    schema: ArticleUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => articles.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c221",
    path: C.articleDelete,
    summary: "删除文章：作者或社区管理者，连同评论、点赞与收藏",
    access: "user",
    schema: ArticleIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => articles.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c222",
    path: C.articleCommentSave,
    summary: "评论文章：社区成员评论或回复（pid）同一文章的评论，纯文本",
    access: "user",
    schema: ArticleCommentSave,
    message: "评论成功",
    handler: async ({ payload, caller }) => articles.commentSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c223",
    path: C.articleCommentList,
    summary: "文章评论列表：顶层评论最新在前、分页，回复按时间列在 children",
    access: "user",
    schema: ArticleCommentListPayload,
    handler: async ({ payload, caller }) => articles.commentList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.articleCommentDelete,
    summary: "删除评论：评论作者或社区管理者，连同其回复",
    access: "user",
    schema: ArticleCommentIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => articles.commentDelete(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c224",
    path: C.articleReadingNum,
    summary: "文章计数：阅读数、点赞数、评论数（不计阅读）",
    access: "user",
    schema: ArticleIdPayload,
    handler: async ({ payload, caller }) => articles.readingNum(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c225",
    path: C.articleLikeNum,
    summary: "点赞 / 取消点赞（切换）：每人每篇一次，答本人是否已赞与点赞数",
    access: "user",
    schema: ArticleIdPayload,
    handler: async ({ payload, caller }) => articles.like(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c226",
    path: C.messageBoardSave,
    summary: "留言：社区成员在留言板留言或回复（pid），纯文本",
    access: "user",
    schema: MessageBoardSave,
    message: "留言成功",
    handler: async ({ payload, caller }) => articles.boardSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c227",
    path: C.messageBoardDelete,
    summary: "删除留言：留言作者或社区管理者，连同其回复",
    access: "user",
    schema: MessageBoardIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => articles.boardDelete(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.messageBoardList,
    summary: "留言板：顶层留言最新在前、分页，回复按时间列在 children（需能查看该社区；未登录可看正常且展示的社区）",
    access: "public",
    schema: MessageBoardListPayload,
    handler: async ({ payload, caller }) => articles.boardList((await caller()) ?? GUEST, payload),
  });
}
