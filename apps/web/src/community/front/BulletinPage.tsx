import { useQuery, keepPreviousData } from "@tanstack/react-query";
import { calls, type Call } from "@yanke/protocol";
import { Input, Pagination, Skeleton, Tabs } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { Empty, NoticeKindTag, plainText } from "../common";
import { NoticeDrawer, PageHead, Section } from "./parts";

type Tab = "platform" | "web" | "community";
const SOURCES = {
  platform: { label: "平台公告", call: calls.platformNoticeList },
  web: { label: "网站公告", call: calls.webNoticeList },
  community: { label: "社区公告", call: calls.communityIndexCommunityNoticeList },
} satisfies Record<Tab, { label: string; call: Call }>;

/**
 * 公告 (/foreground/bulletin, public): platform notices (c337), web notices (c336) and the published notices of every
 * public community (c217), searchable by title, paged; a notice opens in a drawer (c202).
 */
export function BulletinPage() {
  const [tab, setTab] = useState<Tab>("platform");
  const [name, setName] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ["front", "bulletin", tab, name, paging],
    placeholderData: keepPreviousData,
    queryFn: () => call(SOURCES[tab].call, { ...paging, ...(name ? { name } : {}) }),
  });
  const rows = q.data?.list ?? [];
  return (
    <div className="yk-page ykf-page" data-testid="BulletinPage">
      <PageHead title="公告" sub="平台公告、网站公告与各社区发布的公告" />
      <Section
        title={SOURCES[tab].label}
        testId="bulletin-list"
        extra={
          <Input.Search
            allowClear
            placeholder="按标题搜索"
            style={{ width: 240 }}
            data-testid="bulletin-search"
            onSearch={(v) => {
              setName(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        }
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as Tab);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          items={(Object.keys(SOURCES) as Tab[]).map((k) => ({ key: k, label: SOURCES[k].label }))}
          style={{ marginTop: -8 }}
        />
        {q.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : rows.length ? (
          <div>
            {rows.map((n) => (
              <div key={n.id} className="ykf-dyn" style={{ cursor: "pointer" }} onClick={() => setOpenId(n.id)} data-testid="bulletin-row">
                <div className="ykf-dyn-body">
                  <div className="ykf-dyn-line" style={{ display: "flex", alignItems: "center", gap: 8 }}>
                    <NoticeKindTag kind={n.notice_type} name={n.notice_type_name} />
                    <b className="ykf-notice-name" title={n.name} data-testid="bulletin-row-name">
                      {n.name}
                    </b>
                  </div>
                  <div className="ykf-dyn-content" style={{ marginTop: 4 }}>
                    {plainText(n.message_content) || "（无正文）"}
                  </div>
                  <div className="ykf-note" style={{ marginTop: 4 }}>
                    {n.community_name ? `${n.community_name} · ` : ""}
                    {n.account_name}
                  </div>
                </div>
                <span className="ykf-dyn-time">{n.created_at.slice(0, 16)}</span>
              </div>
            ))}
            <div className="ykf-pager">
              <Pagination
                size="small"
                current={paging.page}
                pageSize={paging.limit}
                total={q.data?.total ?? 0}
                showTotal={(t) => <span data-testid="pagination-total">共 {t} 条</span>}
                showSizeChanger
                pageSizeOptions={["10", "20", "50"]}
                onChange={(page, limit) => setPaging({ page: limit !== paging.limit ? 1 : page, limit })}
              />
            </div>
          </div>
        ) : (
          <Empty compact={false} />
        )}
      </Section>
      <NoticeDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
