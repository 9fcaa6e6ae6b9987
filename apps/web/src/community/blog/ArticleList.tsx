/** A community's articles (/v2/community_article/list): title search, paged, each with cover, summary and counts. */
import { EyeOutlined, LikeOutlined, MessageOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type ArticleRow } from "@yanke/protocol";
import { Input, Pagination, Spin, Tag } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { UserAvatar, blogHref } from "./blog-common";

export function ArticleList({ communityId, pageSize = 10, compact = false }: { communityId: number; pageSize?: number; compact?: boolean }) {
  const token = useToken();
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState("");
  const q = useQuery({
    queryKey: ["blog", "articles", communityId, page, pageSize, title, token !== ""],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.articleList, { community_id: communityId, page, limit: pageSize, ...(title ? { title } : {}) }, { quiet: token === "" }),
  });
  const data = q.data;
  return (
    <div data-testid="blog-article-list">
      <div className="yk-blog-list-tools">
        <Input.Search
          allowClear
          placeholder="搜索文章标题"
          maxLength={100}
          style={{ width: compact ? 220 : 280 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setPage(1);
          }}
          data-testid="blog-article-search"
        />
        {data ? <span className="yk-muted">共 {data.total} 篇</span> : null}
      </div>
      {q.isLoading ? (
        <Spin style={{ display: "block", margin: "32px auto" }} />
      ) : !data || data.list.length === 0 ? (
        <EmptyState
          text={q.error ? (token ? "加载失败" : "登录后查看空间文章") : title ? "没有找到相关文章" : "暂无数据"}
          extra={q.error && !token ? <Link to="/login">去登录</Link> : undefined}
        />
      ) : (
        <>
          {data.list.map((a) => (
            <ArticleItem key={a.id} a={a} />
          ))}
          {data.total > pageSize ? (
            <Pagination
              style={{ marginTop: 16, textAlign: "right" }}
              current={page}
              pageSize={pageSize}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
              showTotal={(t) => `共 ${t} 篇`}
              size="small"
            />
          ) : null}
        </>
      )}
    </div>
  );
}

function ArticleItem({ a }: { a: ArticleRow }) {
  const href = blogHref("/blog/acticle", a.community_id, { id: a.id });
  return (
    <div className="yk-blog-article" data-testid="blog-article-item" data-id={a.id}>
      {a.cover_url ? (
        <Link to={href} className="yk-blog-article-cover">
          <img src={a.cover_url} alt="" />
        </Link>
      ) : null}
      <div className="yk-blog-article-main">
        <Link to={href} className="yk-blog-article-title" data-testid="blog-article-title">
          {a.title}
          {a.status === 0 ? (
            <Tag color="default" style={{ marginLeft: 8 }}>
              已隐藏
            </Tag>
          ) : null}
        </Link>
        <div className="yk-blog-article-summary">{a.summary || "（图片）"}</div>
        <div className="yk-blog-article-meta">
          <span className="yk-blog-author">
            <UserAvatar id={a.account_id} name={a.account_name} url={a.head_portrait_url} size={22} />
            {a.account_name}
          </span>
          <span className="yk-muted">{a.created_at}</span>
          <span className="yk-blog-article-stats yk-muted">
            <span title="阅读">
              <EyeOutlined /> {a.reading_num}
            </span>
            <span title="点赞">
              <LikeOutlined /> {a.like_num}
            </span>
            <span title="评论">
              <MessageOutlined /> {a.comment_num}
            </span>
          </span>
        </div>
      </div>
    </div>
  );
}
