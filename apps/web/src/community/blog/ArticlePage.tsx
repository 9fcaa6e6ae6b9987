/**
 * 文章 (/blog/acticle): with ?id= one article (c218, counts a reading) — title, author, time, the sanitized HTML,
 * like (c225) and collect (c391) toggles, edit / delete for who may, and its comments (c223 / c222 /
 * articleCommentDelete; members write). Without ?id= the community's article list.
 */
import { DeleteOutlined, EditOutlined, EyeOutlined, LikeFilled, LikeOutlined, MessageOutlined, StarFilled, StarOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, ARTICLE_LIMITS, type ArticleDetail, type CommunityInfo } from "@yanke/protocol";
import { Breadcrumb, Button, Card, Popconfirm, Result, Space, Spin, Tag } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, call } from "../../api/client";
import { toast } from "../../api/toast";
import { useToken } from "../../session/store";
import { ArticleList } from "./ArticleList";
import { BlogFrame, JoinHint, RichHtml, SpaceHeader, UserAvatar, blogHref, rememberCommunity, useBlogCommunityId, useCommunityInfo } from "./blog-common";
import { CommentThread } from "./CommentThread";

export function ArticlePage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? "");
  const communityId = useBlogCommunityId();
  return (
    <div className="yk-page yk-blog" data-testid="ArticlePage">
      {Number.isInteger(id) && id > 0 ? (
        <ArticleView id={id} />
      ) : (
        <BlogFrame communityId={communityId}>
          {(info) => (
            <>
              <SpaceHeader info={info} active="acticle" />
              <Card className="yk-blog-card" title="全部文章" style={{ marginTop: 16 }}>
                <ArticleList communityId={info.id} />
              </Card>
            </>
          )}
        </BlogFrame>
      )}
    </div>
  );
}

function ArticleView({ id }: { id: number }) {
  const token = useToken();
  const qc = useQueryClient();
  // c218 counts one reading per call: read once per visit, never again in the background.
  const q = useQuery({
    queryKey: ["blog", "article", id, token !== ""],
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    queryFn: () => call(calls.articleRead, { id }, { quiet: token === "" }),
  });
  const a = q.data;
  const info = useCommunityInfo(a?.community_id ?? 0);
  useEffect(() => {
    if (a) rememberCommunity(a.community_id, a.community_name);
  }, [a]);

  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.error || !a) {
    const msg = q.error instanceof ApiError ? q.error.message : "加载失败";
    return (
      <Card className="yk-blog-card" data-testid="article-missing">
        <Result
          status={q.error instanceof ApiError && q.error.code === 403 ? "403" : "404"}
          title={msg || "文章不存在或已删除"}
          extra={
            <Link to="/blog">
              <Button>返回空间</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  const patch = (p: Partial<ArticleDetail>) => qc.setQueryData<ArticleDetail>(["blog", "article", id, token !== ""], (old) => (old ? { ...old, ...p } : old));
  return (
    <div className="yk-article-layout">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={blogHref("/blog", a.community_id)}>{a.community_name}</Link> },
          { title: <Link to={blogHref("/blog/acticle", a.community_id)}>文章</Link> },
          { title: a.title },
        ]}
      />
      <Card className="yk-blog-card yk-article-card">
        <Article a={a} patch={patch} />
      </Card>
      <Card className="yk-blog-card" title={`评论（${a.comment_num}）`} style={{ marginTop: 16 }} data-testid="article-comments-card">
        {info.data ? <Comments a={a} info={info.data} onCount={(n) => patch({ comment_num: n })} /> : info.isLoading ? <Spin /> : null}
      </Card>
    </div>
  );
}

function Article({ a, patch }: { a: ArticleDetail; patch: (p: Partial<ArticleDetail>) => void }) {
  const token = useToken();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<"" | "like" | "collect" | "delete">("");
  const run = async (what: "like" | "collect" | "delete", fn: () => Promise<void>) => {
    if (!token) {
      toast.warning("请先登录");
      return;
    }
    setBusy(what);
    try {
      await fn();
    } catch {
      /* the client showed the refusal */
    } finally {
      setBusy("");
    }
  };
  const like = () =>
    run("like", async () => {
      const r = await call(calls.articleLikeNum, { id: a.id });
      patch({ is_like: r.is_like, like_num: r.like_num });
    });
  const collect = () =>
    run("collect", async () => {
      const r = await call(calls.collectSave, { target_type: "article", target_id: a.id });
      patch({ is_collect: r.is_collect });
      toast.success(r.is_collect ? "已收藏" : "已取消收藏");
    });
  const remove = () =>
    run("delete", async () => {
      await call(calls.articleDelete, { id: a.id });
      toast.success("删除成功");
      await qc.invalidateQueries({ queryKey: ["blog"] });
      void navigate(blogHref("/blog", a.community_id));
    });
  return (
    <article data-testid="article-view" data-id={a.id}>
      {a.cover_url ? <img className="yk-article-cover" src={a.cover_url} alt="" /> : null}
      <h1 className="yk-article-title" data-testid="article-title">
        {a.title}
        {a.status === 0 ? <Tag style={{ marginLeft: 10, verticalAlign: "middle" }}>已隐藏</Tag> : null}
      </h1>
      <div className="yk-article-byline">
        <UserAvatar id={a.account_id} name={a.account_name} url={a.head_portrait_url} size={40} />
        <div>
          <b data-testid="article-author">{a.account_name}</b>
          <div className="yk-muted">
            发布于 {a.created_at}
            {a.updated_at !== a.created_at ? `　更新于 ${a.updated_at}` : ""}
          </div>
        </div>
        <div className="yk-article-byline-stats yk-muted">
          <span title="阅读">
            <EyeOutlined /> <span data-testid="article-reading">{a.reading_num}</span>
          </span>
          <span title="评论">
            <MessageOutlined /> {a.comment_num}
          </span>
        </div>
      </div>
      <RichHtml html={a.content} testId="article-content" />
      <div className="yk-article-actions">
        <Button
          shape="round"
          type={a.is_like ? "primary" : "default"}
          icon={a.is_like ? <LikeFilled /> : <LikeOutlined />}
          loading={busy === "like"}
          onClick={like}
          data-testid="article-like"
          data-liked={a.is_like ? "1" : "0"}
        >
          {a.is_like ? "已赞" : "点赞"} <span data-testid="article-like-num">{a.like_num}</span>
        </Button>
        <Button
          shape="round"
          icon={a.is_collect ? <StarFilled style={{ color: "#faad14" }} /> : <StarOutlined />}
          loading={busy === "collect"}
          onClick={collect}
          data-testid="article-collect"
        >
          {a.is_collect ? "已收藏" : "收藏"}
        </Button>
      </div>
      {a.can_edit || a.can_delete ? (
        <Space className="yk-article-manage">
          {a.can_edit ? (
            <Link to={blogHref("/blog/add", a.community_id, { id: a.id })}>
              <Button size="small" icon={<EditOutlined />} data-testid="article-edit">
                编辑
              </Button>
            </Link>
          ) : null}
          {a.can_delete ? (
            <Popconfirm title="确定删除这篇文章吗？它的评论和点赞会一并删除。" okText="删除" cancelText="取消" onConfirm={remove}>
              <Button size="small" danger icon={<DeleteOutlined />} loading={busy === "delete"} data-testid="article-delete">
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ) : null}
    </article>
  );
}

function Comments({ a, info, onCount }: { a: ArticleDetail; info: CommunityInfo; onCount: (n: number) => void }) {
  const token = useToken();
  return (
    <CommentThread
      testId="article-comments"
      queryKey={["blog", "comments", a.id, token !== ""]}
      fetchPage={(page, limit) => call(calls.articleCommentList, { article_id: a.id, page, limit }, { quiet: token === "" })}
      save={async (content, pid) => {
        const r = await call(calls.articleCommentSave, { article_id: a.id, content, pid });
        onCount(r.comment_num);
        toast.success(pid ? "回复成功" : "评论成功");
      }}
      remove={async (id) => {
        const r = await call(calls.articleCommentDelete, { id });
        onCount(r.comment_num);
        toast.success("删除成功");
      }}
      canPost={token !== "" && info.power.can_post}
      closedHint={<JoinHint info={info} />}
      placeholder="写下你的评论……"
      maxLength={ARTICLE_LIMITS.comment}
      noun="评论"
    />
  );
}
