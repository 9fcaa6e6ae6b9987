/**
 * The discussion pages (issue #9; docs/decisions/0940-discussion-pages.md):
 *
 * - /community/discuss (CommunityDiscussPage): the current community's discussions in three tabs — 集体备课研讨
 *   (its preparations, c233), 听评课研讨 (its listen records, c264) and 课后反思 (its reflections, AfterClassList) —
 *   each object a card with its message count and its two latest messages; 参与研讨 opens the thread in a drawer
 *   (DiscussionPanel, live), 全屏 opens /addYTDetail.
 * - /blog/discuss (BlogDiscussPage): the same for the public space (/blog): no login needed, the panel read-only for
 *   visitors and non-members.
 * - /addYTDetail?kind=&id= (DiscussDetailPage, 研讨详情): one thread full page with what is discussed above it.
 */
import { ArrowLeftOutlined, CommentOutlined, ExpandOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { calls, type ListenRow, type PreparationRow, type Call, type PayloadOf } from "@yanke/protocol";
import { Badge, Button, Card, Drawer, Pagination, Space, Spin, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { call } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { getState, useToken } from "../../session/store";
import { AfterClassList } from "../afterclass/AfterClassList";
import { BlogFrame, SpaceHeader as BlogSpaceHeader, type BlogTab, useBlogCommunityId } from "../blog/blog-common";
import { CommunityScreen, SpaceHeader } from "../space/common";
import { DiscussionPanel } from "./DiscussionPanel";
import { type DiscussKind, discussApi } from "./discuss-api";
import "./discuss.css";

export const DISCUSS_KIND_NAMES: Record<DiscussKind, string> = { preparation: "集体备课", listen: "听评课", after_class: "课后反思" };

/** One discussed object as the pages show it. */
export interface ThreadItem {
  kind: DiscussKind;
  id: number;
  title: string;
  meta: string[];
  tag?: string;
  count: number;
  time: string;
}

const quiet = <C extends Call>(c: C, payload: PayloadOf<C>) => call(c, payload, { quiet: getState().session.token === "" });

export function prepItem(p: PreparationRow): ThreadItem {
  return {
    kind: "preparation",
    id: p.id,
    title: p.theme || "未命名备课",
    meta: [p.account_name, [p.period_name, p.subject_name, p.grade_name].filter(Boolean).join(" · ")].filter(Boolean),
    tag: p.phase_name,
    count: p.discuss_count ?? 0,
    time: p.created_at,
  };
}

export function listenItem(r: ListenRow): ThreadItem {
  return {
    kind: "listen",
    id: r.id,
    title: r.name || "未命名听评课",
    meta: [r.teacher_name ? `授课 ${r.teacher_name}` : "", [r.period_name, r.subject_name, r.grade_name].filter(Boolean).join(" · ")].filter(Boolean),
    tag: r.is_type_name || r.phase_name,
    count: r.discuss_count ?? 0,
    time: r.record_date || r.created_at,
  };
}

/** The two latest messages of an object. */
function RecentMessages({ kind, id }: { kind: DiscussKind; id: number }) {
  const token = useToken();
  const q = useQuery({ queryKey: ["discuss", kind, id, "recent", token !== ""], queryFn: () => discussApi.list(kind, id, 1, 2), staleTime: 30_000 });
  const list = q.data && Array.isArray(q.data.list) ? q.data.list : [];
  if (q.isLoading) return <div className="yk-dp-recent yk-muted">加载中…</div>;
  if (!list.length) return <div className="yk-dp-recent yk-muted">{q.error && !token ? "登录后查看研讨" : "还没有研讨，来说两句吧"}</div>;
  return (
    <div className="yk-dp-recent" data-testid="dp-recent">
      {list.map((m) => (
        <div key={m.id} className="yk-dp-recent-line">
          <b>{m.account?.realname ?? "用户"}：</b>
          {m.deleted ? "该条研讨已删除" : m.content || (m.content_img?.length ? "[图片]" : "")}
        </div>
      ))}
    </div>
  );
}

function ThreadCard({ item, onOpen }: { item: ThreadItem; onOpen: () => void }) {
  return (
    <Card size="small" hoverable className="yk-dp-card" data-testid="dp-card" data-kind={item.kind} data-id={item.id} onClick={onOpen}>
      <div className="yk-dp-card-head">
        <Typography.Text strong ellipsis={{ tooltip: item.title }} style={{ flex: 1, minWidth: 0 }} data-testid="dp-title">
          {item.title}
        </Typography.Text>
        {item.tag ? <Tag style={{ marginInlineEnd: 0 }}>{item.tag}</Tag> : null}
      </div>
      <div className="yk-dp-meta">
        {item.meta.map((m) => (
          <span key={m}>{m}</span>
        ))}
        <span>{item.time?.slice(0, 16)}</span>
      </div>
      <RecentMessages kind={item.kind} id={item.id} />
      <div className="yk-dp-foot">
        <span className="yk-dp-count" data-testid="dp-count">
          <CommentOutlined /> {item.count} 条研讨
        </span>
        <Button size="small" type="primary" ghost>
          参与研讨
        </Button>
      </div>
    </Card>
  );
}

/** The drawer with one object's thread. */
export function ThreadDrawer({ item, onClose, readOnly }: { item: ThreadItem | null; onClose: () => void; readOnly?: boolean }) {
  const navigate = useNavigate();
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      width={720}
      destroyOnHidden
      title={
        item ? (
          <Space size={8} style={{ minWidth: 0 }}>
            <Tag color="green">{DISCUSS_KIND_NAMES[item.kind]}</Tag>
            <Typography.Text strong ellipsis style={{ maxWidth: 460 }} data-testid="dp-drawer-title">
              {item.title}
            </Typography.Text>
          </Space>
        ) : null
      }
      extra={
        item ? (
          <Button size="small" icon={<ExpandOutlined />} onClick={() => navigate(`/addYTDetail?kind=${item.kind}&id=${item.id}`)}>
            全屏
          </Button>
        ) : null
      }
      data-testid="dp-drawer"
    >
      {item ? <DiscussionPanel kind={item.kind} refId={item.id} status={readOnly ? 2 : undefined} /> : null}
    </Drawer>
  );
}

/** A paged grid of discussed objects of one kind. */
function ThreadGrid({ kind, communityId, readOnly }: { kind: "preparation" | "listen"; communityId: number; readOnly?: boolean }) {
  const token = useToken();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ThreadItem | null>(null);
  const limit = 9;
  const q = useQuery({
    queryKey: ["discuss-page", kind, communityId, page, token !== ""],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: async (): Promise<{ items: ThreadItem[]; total: number }> => {
      if (kind === "preparation") {
        const r = await quiet(calls.preparationIndex, { community_id: communityId, page, limit });
        return { items: (r.list ?? []).map(prepItem), total: r.total ?? 0 };
      }
      const r = await quiet(readOnly ? calls.listenWebListenList : calls.listenList, { community_id: communityId, page, limit });
      return { items: (r.list ?? []).map(listenItem), total: r.total ?? 0 };
    },
  });
  if (q.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  const items = q.data?.items ?? [];
  if (!items.length)
    return <EmptyState text={q.error ? (token ? "加载失败" : "登录后查看更多研讨") : kind === "preparation" ? "暂无集体备课研讨" : "暂无听评课研讨"} />;
  return (
    <>
      <div className="yk-dp-grid" data-testid={`dp-grid-${kind}`}>
        {items.map((it) => (
          <ThreadCard key={it.id} item={it} onOpen={() => setOpen(it)} />
        ))}
      </div>
      {(q.data?.total ?? 0) > limit ? (
        <Pagination
          style={{ marginTop: 12, textAlign: "right" }}
          current={page}
          pageSize={limit}
          total={q.data?.total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(t) => `共 ${t} 项`}
        />
      ) : null}
      <ThreadDrawer item={open} onClose={() => setOpen(null)} readOnly={readOnly} />
    </>
  );
}

function DiscussTabs({ communityId, readOnly }: { communityId: number; readOnly?: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") ?? "preparation";
  return (
    <Card styles={{ body: { paddingTop: 4 } }} data-testid="dp-tabs">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          const next = new URLSearchParams(params);
          next.set("tab", k);
          setParams(next, { replace: true });
        }}
        items={[
          { key: "preparation", label: "集体备课研讨", children: <ThreadGrid kind="preparation" communityId={communityId} readOnly={readOnly} /> },
          { key: "listen", label: "听评课研讨", children: <ThreadGrid kind="listen" communityId={communityId} readOnly={readOnly} /> },
          { key: "after_class", label: "课后反思", children: <AfterClassList communityId={communityId} readOnly={readOnly} /> },
        ]}
      />
    </Card>
  );
}

export function CommunityDiscussPage() {
  return (
    <CommunityScreen testId="CommunityDiscussPage" target="/community/discuss">
      {(id) => (
        <div className="yk-page" data-testid="CommunityDiscussPage">
          <SpaceHeader communityId={id} active="discuss" />
          <DiscussTabs communityId={id} />
        </div>
      )}
    </CommunityScreen>
  );
}

export function BlogDiscussPage() {
  const communityId = useBlogCommunityId();
  return (
    <div className="yk-page yk-blog" data-testid="BlogDiscussPage">
      <BlogFrame communityId={communityId}>
        {(info) => (
          <>
            <BlogSpaceHeader info={info} active={"discuss" as BlogTab} />
            <div style={{ marginTop: 16 }}>
              <DiscussTabs communityId={info.id} readOnly={!info.power.can_post} />
            </div>
          </>
        )}
      </BlogFrame>
    </div>
  );
}

const KINDS: readonly DiscussKind[] = ["preparation", "listen", "after_class"];

/** Where the discussed object's own page is. */
export function subjectHref(kind: DiscussKind, id: number): string {
  if (kind === "preparation") return `/editDetail?id=${id}`;
  if (kind === "listen") return `/addTPKDetail?id=${id}`;
  return "";
}

export function DiscussDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kindRaw = params.get("kind") ?? "preparation";
  const kind = (KINDS as readonly string[]).includes(kindRaw) ? (kindRaw as DiscussKind) : null;
  const id = Number(params.get("id") ?? "");
  const valid = kind !== null && Number.isInteger(id) && id > 0;
  const token = useToken();
  const subject = useQuery({
    queryKey: ["discuss", kind ?? "preparation", id, "index", token !== ""],
    queryFn: () => discussApi.index(kind ?? "preparation", id),
    enabled: valid,
    staleTime: 30_000,
  });
  const href = kind ? subjectHref(kind, id) : "";
  if (!valid) {
    return (
      <div className="yk-page" data-testid="DiscussDetailPage">
        <Card>
          <EmptyState text="研讨不存在或链接有误" />
        </Card>
      </div>
    );
  }
  return (
    <div className="yk-page" data-testid="DiscussDetailPage">
      <Card styles={{ body: { padding: 16 } }}>
        <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            返回
          </Button>
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            {DISCUSS_KIND_NAMES[kind]}研讨
          </Tag>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }} ellipsis data-testid="dd-title">
              {subject.data?.title || (subject.isLoading ? "…" : "研讨详情")}
            </Typography.Title>
            {subject.data ? (
              <div className="yk-muted" style={{ fontSize: 13 }} data-testid="dd-stats">
                {subject.data.count} 条研讨 · {subject.data.threads} 个话题 · {subject.data.participants} 人参与
              </div>
            ) : null}
          </div>
          {href ? (
            <Link to={href}>
              <Button>查看{DISCUSS_KIND_NAMES[kind]}</Button>
            </Link>
          ) : null}
        </div>
      </Card>
      <Card
        title={
          <span>
            <CommentOutlined /> 研讨
          </span>
        }
        extra={<Badge status="processing" text="实时" />}
      >
        <DiscussionPanel kind={kind} refId={id} pageSize={15} />
      </Card>
    </div>
  );
}
