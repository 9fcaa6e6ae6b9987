/**
 * 空间首页 (/blog, /blog/home): the community's public space — header (c200 webIndex), its articles, the message
 * board (members write; others read with the join hint), a notices teaser (c201) and its members.
 */
import { useQuery } from "@tanstack/react-query";
import { calls, ARTICLE_LIMITS, type CommunityInfo, type CommunityWebIndex } from "@yanke/protocol";
import { Card, Col, Row, Spin, Tag } from "antd";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { ArticleList } from "./ArticleList";
import {
  ChooseCommunity,
  CommunityRefusal,
  JoinHint,
  SpaceHeader,
  UserAvatar,
  blogHref,
  rememberCommunity,
  useBlogCommunityId,
  useWebIndex,
} from "./blog-common";
import { CommentThread } from "./CommentThread";

export function BlogHomePage() {
  const communityId = useBlogCommunityId();
  const q = useWebIndex(communityId);
  useEffect(() => {
    if (q.data) rememberCommunity(q.data.community.id, q.data.community.name);
  }, [q.data]);
  let body: ReactNode;
  if (communityId <= 0) body = <ChooseCommunity />;
  else if (q.isLoading) body = <Spin style={{ display: "block", margin: "80px auto" }} />;
  else if (q.error || !q.data) body = <CommunityRefusal error={q.error} />;
  else body = <Home idx={q.data} />;
  return (
    <div className="yk-page yk-blog" data-testid="BlogHomePage">
      {body}
    </div>
  );
}

function Home({ idx }: { idx: CommunityWebIndex }) {
  const info = idx.community;
  return (
    <>
      <SpaceHeader info={info} active="home" />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card className="yk-blog-card" title="文章" extra={<Link to={blogHref("/blog/acticle", info.id)}>全部文章</Link>}>
            <ArticleList communityId={info.id} pageSize={8} compact />
          </Card>
          <Card className="yk-blog-card" title="留言板" style={{ marginTop: 16 }} data-testid="blog-board-card">
            <MessageBoard info={info} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <NoticeTeaser communityId={info.id} />
          <Members idx={idx} />
          <Logs idx={idx} />
        </Col>
      </Row>
    </>
  );
}

function MessageBoard({ info }: { info: CommunityInfo }) {
  const token = useToken();
  return (
    <CommentThread
      testId="blog-board"
      queryKey={["blog", "board", info.id, token !== ""]}
      fetchPage={(page, limit) => call(calls.messageBoardList, { community_id: info.id, page, limit }, { quiet: token === "" })}
      save={(content, pid) => call(calls.messageBoardSave, { community_id: info.id, content, pid })}
      remove={(id) => call(calls.messageBoardDelete, { id })}
      canPost={token !== "" && info.power.can_post}
      closedHint={<JoinHint info={info} />}
      placeholder="给空间留言，与成员交流……"
      maxLength={ARTICLE_LIMITS.board}
      noun="留言"
      pageSize={5}
    />
  );
}

function NoticeTeaser({ communityId }: { communityId: number }) {
  const token = useToken();
  const q = useQuery({
    queryKey: ["blog", "notices", communityId, 1, 5, "", token !== ""],
    queryFn: () => call(calls.communityIndexNoticeList, { community_id: communityId, page: 1, limit: 5 }, { quiet: true }),
  });
  return (
    <Card className="yk-blog-card" title="通知公告" extra={<Link to={blogHref("/blog/notice", communityId)}>更多</Link>} data-testid="blog-notice-teaser">
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.list.length ? (
        <EmptyState compact />
      ) : (
        <ul className="yk-blog-notice-mini">
          {q.data.list.map((n) => (
            <li key={n.id}>
              <Link to={blogHref("/blog/notice", communityId, { notice_id: n.id })} title={n.name}>
                <Tag color={n.notice_type === 1 ? "blue" : "green"}>{n.notice_type === 1 ? "活动" : "公告"}</Tag>
                {n.name}
              </Link>
              <span className="yk-muted">{n.created_at.slice(0, 10)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Members({ idx }: { idx: CommunityWebIndex }) {
  const managers = [...(idx.owner ? [idx.owner] : []), ...idx.admins];
  const ids = new Set(managers.map((m) => m.account_id));
  const others = idx.latest_members.filter((m) => !ids.has(m.account_id));
  return (
    <Card className="yk-blog-card" title={`成员（${idx.community.counts.members}）`} style={{ marginTop: 16 }} data-testid="blog-members">
      {managers.map((m) => (
        <div key={m.account_id} className="yk-blog-member-row">
          <UserAvatar id={m.account_id} name={m.realname} url={m.head_portrait_url} size={36} />
          <div>
            <b>{m.realname}</b> <Tag color={m.role === 1 ? "gold" : "blue"}>{m.role_name}</Tag>
            <div className="yk-muted" style={{ fontSize: 12 }}>
              {m.school_name}
            </div>
          </div>
        </div>
      ))}
      {others.length ? (
        <div className="yk-blog-member-grid">
          {others.map((m) => (
            <div key={m.account_id} className="yk-blog-member" title={`${m.realname}${m.school_name ? ` · ${m.school_name}` : ""}`}>
              <UserAvatar id={m.account_id} name={m.realname} url={m.head_portrait_url} size={36} />
              <span>{m.realname}</span>
            </div>
          ))}
        </div>
      ) : managers.length ? null : (
        <EmptyState compact />
      )}
    </Card>
  );
}

function Logs({ idx }: { idx: CommunityWebIndex }) {
  if (!idx.latest_logs.length) return null;
  return (
    <Card className="yk-blog-card" title="空间动态" style={{ marginTop: 16 }}>
      <ul className="yk-blog-logs">
        {idx.latest_logs.map((l) => (
          <li key={l.id}>
            <b>{l.account_name}</b> {l.content}
            <div className="yk-muted">{l.created_at}</div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
