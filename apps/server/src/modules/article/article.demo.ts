/**
 * Demo articles (issue #7): for each given community that is open (status normal), articles by its joined members
 * spread over the last four months, with comments (and replies), likes, readings and a few message-board entries,
 * plus the community_log rows the calls would have written (article.save, article.comment, board.save).
 * Deterministic (seeded PRNG); bulk inserts.
 *
 *   await seedDemoArticles(db, demo.ids);   // after seedDemoCommunities
 */
import { COMMUNITY_STATUS, MEMBER_STATUS } from "@yanke/protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prng } from "../../db/demo-org.js";
import { community, communityLog, communityMember } from "../community/community.schema.js";
import { articleComment, articleLike, communityArticle, messageBoard } from "./article.schema.js";
import { summaryOf } from "./sanitize.js";

export interface DemoArticles {
  articles: number;
  comments: number;
  likes: number;
  board: number;
}

const TITLES = [
  "整本书阅读教学的三个抓手",
  "问题链设计：让课堂思维看得见",
  "一节公开课的三次磨课记录",
  "作业分层设计的实践与反思",
  "大单元教学设计的几点体会",
  "低成本实验走进物理课堂",
  "从学生错题看概念教学",
  "课堂提问的有效性研究",
  "跨学科主题学习案例分享",
  "信息技术与学科教学深度融合",
  "新课标背景下的评价改革",
  "班级读书会的组织与实施",
  "如何上好一节复习课",
  "小组合作学习的常见误区",
  "听评课记录：《背影》教学",
  "数学建模活动的设计思路",
  "英语读后续写教学策略",
  "实验探究课的课堂组织",
  "家校沟通中的几点经验",
  "青年教师基本功训练心得",
  "校本教研的选题与推进",
  "课堂观察量表的使用方法",
  "AI 辅助备课的尝试",
  "期中质量分析与教学改进",
];

const PARAGRAPHS = [
  "本学期我们围绕这一主题开展了多轮研讨，从课标要求出发，梳理了教学目标与学习任务之间的关系。",
  "在课堂实施中，我们尝试把学习活动设计成层层递进的任务，让学生在解决问题的过程中建构知识。",
  "课后通过学生访谈与作业分析发现，多数学生能够完成基础任务，但在迁移应用上仍有困难。",
  "教研组建议在后续教学中增加变式练习，并利用课堂观察量表记录学生的参与情况。",
  "这次实践让我们认识到，教学设计要以学生的真实学习为起点，而不是以教材内容的呈现为终点。",
  "欢迎各位老师在评论区分享各自的做法，我们下次活动将围绕大家提出的问题继续深入。",
];

const POINTS = ["明确核心问题", "设计驱动任务", "嵌入过程评价", "关注差异指导", "组织反思交流"];

const COMMENTS = [
  "写得很实在，学习了！",
  "问题链的设计思路很有启发，下周我也试试。",
  "请问课堂观察量表可以分享一下吗？",
  "我们组也遇到了类似的问题，感谢分享经验。",
  "第三部分的反思很到位。",
  "建议再补充一些学生作品的例子。",
  "已收藏，备课时参考。",
  "这个做法在我们班效果也不错。",
];

const REPLIES = ["谢谢老师的建议！", "量表已上传到社区文件里了。", "好的，下次补充。", "欢迎交流～"];

const BOARD = [
  "各位老师好，新学期请大家按时参加周三的教研活动。",
  "本周的听课安排已经发到群里，请注意查收。",
  "期待下次线下研讨！",
  "社区资料区新增了单元作业设计模板，欢迎下载使用。",
  "感谢各位老师的积极参与，本月社区活跃度排名第一！",
];

const DAY = 86_400_000;
const HOUR = 3_600_000;

function contentOf(r: () => number, title: string): string {
  const paras = [...PARAGRAPHS].sort(() => r() - 0.5).slice(0, 3);
  const points = POINTS.slice(0, 3 + Math.floor(r() * 3));
  return [
    `<h2>${title}</h2>`,
    `<p>${paras[0]}</p>`,
    `<p><strong>主要做法：</strong></p>`,
    `<ol>${points.map((p) => `<li>${p}</li>`).join("")}</ol>`,
    `<p>${paras[1]}</p>`,
    `<blockquote>${paras[2]}</blockquote>`,
  ].join("");
}

export async function seedDemoArticles(db: Db, communityIds: number[], now: Date = new Date()): Promise<DemoArticles> {
  const out: DemoArticles = { articles: 0, comments: 0, likes: 0, board: 0 };
  if (!communityIds.length) return out;
  const r = prng(7033);
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const communities = await db
    .select({ id: community.id, created_at: community.created_at, status: community.status })
    .from(community)
    .where(inArray(community.id, communityIds))
    .orderBy(asc(community.id));
  const members = await db
    .select({
      community_id: communityMember.community_id,
      account_id: communityMember.account_id,
      joined_at: communityMember.joined_at,
      created_at: communityMember.created_at,
    })
    .from(communityMember)
    .where(and(inArray(communityMember.community_id, communityIds), eq(communityMember.status, MEMBER_STATUS.joined)))
    .orderBy(asc(communityMember.community_id), asc(communityMember.id));

  const start = now.getTime() - 120 * DAY;
  interface PlannedComment {
    account_id: number;
    content: string;
    at: Date;
    replies: { account_id: number; content: string; at: Date }[];
  }
  interface PlannedArticle {
    row: typeof communityArticle.$inferInsert;
    comments: PlannedComment[];
    likers: number[];
  }
  const planned: PlannedArticle[] = [];
  const boardTops: { row: typeof messageBoard.$inferInsert; reply?: { account_id: number; content: string; at: Date } }[] = [];

  for (const c of communities) {
    if (c.status !== COMMUNITY_STATUS.normal) continue;
    const joined = members.filter((m) => m.community_id === c.id).map((m) => ({ id: m.account_id, since: (m.joined_at ?? m.created_at).getTime() }));
    if (!joined.length) continue;
    const from = Math.max(start, c.created_at.getTime());
    const span = now.getTime() - HOUR - from;
    if (span <= 0) continue;
    const at = (after: number) => new Date(after + int(Math.max(1, Math.min(now.getTime() - HOUR - after, 20 * DAY))));
    /** A member who had joined by `t` (the first member otherwise). */
    const memberAt = (t: number) => {
      const ok = joined.filter((m) => m.since <= t);
      return (ok.length ? pick(ok) : joined[0]!).id;
    };
    const n = Math.min(12, 3 + Math.floor(joined.length / 2) + int(3));
    for (let i = 0; i < n; i++) {
      const created = new Date(from + int(span));
      const title = pick(TITLES);
      const content = contentOf(r, title);
      const comments: PlannedComment[] = [];
      for (let k = int(5); k > 0; k--) {
        const when = at(created.getTime());
        const cm: PlannedComment = { account_id: memberAt(when.getTime()), content: pick(COMMENTS), at: when, replies: [] };
        if (r() < 0.35) {
          const rw = at(when.getTime());
          cm.replies.push({ account_id: memberAt(rw.getTime()), content: pick(REPLIES), at: rw });
        }
        comments.push(cm);
      }
      const likers = [...new Set(joined.filter(() => r() < 0.4).map((m) => m.id))];
      const commentNum = comments.reduce((s, x) => s + 1 + x.replies.length, 0);
      planned.push({
        row: {
          community_id: c.id,
          account_id: memberAt(created.getTime()),
          title,
          content,
          summary: summaryOf(content),
          cover_url: "",
          reading_num: likers.length * 3 + commentNum * 2 + int(80),
          like_num: likers.length,
          comment_num: commentNum,
          created_at: created,
          updated_at: created,
        },
        comments,
        likers,
      });
    }
    for (let k = 2 + int(3); k > 0; k--) {
      const when = new Date(from + int(span));
      const top = {
        row: { community_id: c.id, account_id: memberAt(when.getTime()), content: pick(BOARD), created_at: when } as typeof messageBoard.$inferInsert,
        reply: undefined as undefined | { account_id: number; content: string; at: Date },
      };
      if (r() < 0.4) {
        const rw = at(when.getTime());
        top.reply = { account_id: memberAt(rw.getTime()), content: pick(REPLIES), at: rw };
      }
      boardTops.push(top);
    }
  }
  if (!planned.length && !boardTops.length) return out;

  await db.transaction(async (tx) => {
    const logs: (typeof communityLog.$inferInsert)[] = [];
    if (planned.length) {
      const ids = await tx
        .insert(communityArticle)
        .values(planned.map((p) => p.row))
        .returning({ id: communityArticle.id });
      out.articles = ids.length;
      const tops: (typeof articleComment.$inferInsert)[] = [];
      const likes: (typeof articleLike.$inferInsert)[] = [];
      planned.forEach((p, i) => {
        const id = ids[i]!.id;
        logs.push({
          community_id: p.row.community_id,
          account_id: p.row.account_id,
          action: "article.save",
          target_type: "article",
          target_id: id,
          content: `发表文章《${p.row.title}》`,
          created_at: p.row.created_at,
        });
        for (const c of p.comments) tops.push({ article_id: id, account_id: c.account_id, content: c.content, created_at: c.at });
        for (const a of p.likers) likes.push({ article_id: id, account_id: a, created_at: new Date(p.row.created_at!.getTime() + HOUR) });
      });
      if (likes.length) await tx.insert(articleLike).values(likes);
      out.likes = likes.length;
      if (tops.length) {
        const topIds = await tx.insert(articleComment).values(tops).returning({ id: articleComment.id });
        const replies: (typeof articleComment.$inferInsert)[] = [];
        let j = 0;
        planned.forEach((p, i) => {
          for (const c of p.comments) {
            const parent = topIds[j++]!.id;
            logs.push({
              community_id: p.row.community_id,
              account_id: c.account_id,
              action: "article.comment",
              target_type: "article_comment",
              target_id: parent,
              content: `评论文章《${p.row.title}》`,
              created_at: c.at,
            });
            for (const rp of c.replies)
              replies.push({ article_id: ids[i]!.id, account_id: rp.account_id, pid: parent, content: rp.content, created_at: rp.at });
          }
        });
        if (replies.length) await tx.insert(articleComment).values(replies);
        out.comments = tops.length + replies.length;
      }
    }
    if (boardTops.length) {
      const ids = await tx
        .insert(messageBoard)
        .values(boardTops.map((b) => b.row))
        .returning({ id: messageBoard.id });
      const replies: (typeof messageBoard.$inferInsert)[] = [];
      boardTops.forEach((b, i) => {
        logs.push({
          community_id: b.row.community_id,
          account_id: b.row.account_id,
          action: "board.save",
          target_type: "message_board",
          target_id: ids[i]!.id,
          content: "发表留言",
          created_at: b.row.created_at,
        });
        if (b.reply)
          replies.push({ community_id: b.row.community_id, account_id: b.reply.account_id, pid: ids[i]!.id, content: b.reply.content, created_at: b.reply.at });
      });
      if (replies.length) await tx.insert(messageBoard).values(replies);
      out.board = ids.length + replies.length;
    }
    for (let i = 0; i < logs.length; i += 1000) await tx.insert(communityLog).values(logs.slice(i, i + 1000));
  });
  return out;
}
