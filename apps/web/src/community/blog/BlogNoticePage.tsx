/**
 * 通知公告 (/blog/notice): the community's published notices (c201, public for a displayed community), searched by
 * name and paged; one opens (c202) beside the list, its content sanitized here (notices are stored as given).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { Card, Col, Descriptions, Input, Pagination, Row, Spin, Tag } from "antd";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { BlogFrame, RichHtml, SpaceHeader, sanitizeHtml, useBlogCommunityId } from "./blog-common";

export function BlogNoticePage() {
  const communityId = useBlogCommunityId();
  return (
    <div className="yk-page yk-blog" data-testid="BlogNoticePage">
      <BlogFrame communityId={communityId}>
        {(info) => (
          <>
            <SpaceHeader info={info} active="notice" />
            <Notices communityId={info.id} />
          </>
        )}
      </BlogFrame>
    </div>
  );
}

const KIND_COLOR: Record<number, string> = { 1: "blue", 2: "green", 3: "purple", 4: "orange" };

function Notices({ communityId }: { communityId: number }) {
  const token = useToken();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [name, setName] = useState("");
  const limit = 10;
  const list = useQuery({
    queryKey: ["blog", "notices", communityId, page, limit, name, token !== ""],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.communityIndexNoticeList, { community_id: communityId, page, limit, ...(name ? { name } : {}) }, { quiet: token === "" }),
  });
  const picked = Number(params.get("notice_id") ?? "") || list.data?.list[0]?.id || 0;
  const open = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("notice_id", String(id));
    setParams(next, { replace: true });
  };
  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      <Col xs={24} lg={9}>
        <Card className="yk-blog-card" title="通知公告" data-testid="blog-notice-list">
          <Input.Search
            allowClear
            placeholder="搜索公告名称"
            maxLength={100}
            onSearch={(v) => {
              setName(v.trim());
              setPage(1);
            }}
            style={{ marginBottom: 12 }}
            data-testid="blog-notice-search"
          />
          {list.isLoading ? (
            <Spin style={{ display: "block", margin: "24px auto" }} />
          ) : !list.data?.list.length ? (
            <EmptyState compact text={list.error instanceof ApiError ? list.error.message : "暂无数据"} />
          ) : (
            <>
              <ul className="yk-blog-notice-list">
                {list.data.list.map((n) => (
                  <li key={n.id} className={n.id === picked ? "active" : ""} onClick={() => open(n.id)} data-testid="blog-notice-item" data-id={n.id}>
                    <div className="yk-blog-notice-name">
                      <Tag color={KIND_COLOR[n.notice_type] ?? "default"}>{n.notice_type_name}</Tag>
                      <span>{n.name}</span>
                    </div>
                    <div className="yk-muted">
                      {n.account_name} · {n.created_at}
                    </div>
                  </li>
                ))}
              </ul>
              {list.data.total > limit ? (
                <Pagination
                  size="small"
                  style={{ marginTop: 12, textAlign: "right" }}
                  current={page}
                  pageSize={limit}
                  total={list.data.total}
                  onChange={setPage}
                  showSizeChanger={false}
                />
              ) : null}
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <NoticeDetail id={picked} />
      </Col>
    </Row>
  );
}

function NoticeDetail({ id }: { id: number }) {
  const token = useToken();
  const q = useQuery({
    queryKey: ["blog", "notice", id, token !== ""],
    enabled: id > 0,
    retry: false,
    queryFn: () => call(calls.communityIndexNoticeInfo, { id }, { quiet: token === "" }),
  });
  const html = useMemo(() => (q.data ? sanitizeHtml(q.data.message_content) : ""), [q.data]);
  const n = q.data;
  return (
    <Card className="yk-blog-card yk-notice-detail" data-testid="blog-notice-detail">
      {id <= 0 ? (
        <EmptyState text="暂无数据" />
      ) : q.isLoading ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : !n ? (
        <EmptyState text={q.error instanceof ApiError ? q.error.message : "暂无数据"} />
      ) : (
        <>
          <h2 className="yk-article-title" data-testid="blog-notice-title">
            {n.name}
          </h2>
          <div className="yk-muted" style={{ marginBottom: 12 }}>
            <Tag color={KIND_COLOR[n.notice_type] ?? "default"}>{n.notice_type_name}</Tag>
            {n.type_name ? <Tag>{n.type_name}</Tag> : null}
            发布人：{n.account_name}　发布时间：{n.created_at}
          </div>
          {n.start_time || n.end_time ? (
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="开始时间">{n.start_time || "—"}</Descriptions.Item>
              <Descriptions.Item label="结束时间">{n.end_time || "—"}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {html ? <RichHtml html={html} testId="blog-notice-content" /> : <div className="yk-muted">（无正文）</div>}
        </>
      )}
    </Card>
  );
}
