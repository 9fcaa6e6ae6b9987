import { CloudUploadOutlined, ReloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type VideoRow } from "@yanke/protocol";
import { Button, Card, Empty, Input, Pagination, Result, Space, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useScreenTitle } from "../../admin/common";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EditDialog, ShareDialog, UploadDialog } from "./myvideo/dialogs";
import { playerPath, VideoCard } from "./myvideo/VideoCard";
import "./myvideo/my-video.css";

const PAGE_SIZES = [12, 24, 48];

interface Query {
  page: number;
  limit: number;
  search: string;
}

/**
 * 我的视频 (/personalCenter/myVideo): the caller's videos (c092, newest first, searched by name) as cards — picture,
 * length, date, source, state and cameras; a card opens the player (/playVideos for two cameras); edit (name,
 * period, grade, subject), share
 * (link and QR code), delete, and upload a video (resumable upload, then /v2/my_video/save). Read again every 3 s
 * while a video is still being processed.
 */
export function MyVideoPage() {
  const title = useScreenTitle("我的视频");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [query, setQuery] = useState<Query>({ page: 1, limit: PAGE_SIZES[0]!, search: "" });
  const [draft, setDraft] = useState("");
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<VideoRow | null>(null);
  const [sharing, setSharing] = useState<VideoRow | null>(null);

  const q = useQuery({
    queryKey: ["myVideo", query],
    placeholderData: keepPreviousData,
    queryFn: () => call(calls.myVideoAll, { page: query.page, limit: query.limit, ...(query.search ? { search_name: query.search } : {}) }),
    refetchInterval: (s) => (s.state.data?.list.some((v) => v.status === "processing") ? 3000 : false),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["myVideo"] });
  const rows = q.data?.list ?? [];
  const total = q.data?.total ?? 0;

  const search = (v: string) => setQuery((s) => ({ ...s, page: 1, search: v.trim() }));
  const remove = async (v: VideoRow) => {
    try {
      await call(calls.myVideoDelete, { id: v.id });
      toast.success("删除成功");
      // The last card of a page gone: back one page.
      if (rows.length === 1 && query.page > 1) setQuery((s) => ({ ...s, page: s.page - 1 }));
      refresh();
    } catch {
      /* the API client showed the server's message */
    }
  };

  let body: ReactNode;
  if (q.isLoading) {
    body = (
      <div className="yk-myvideo-loading">
        <Spin tip="加载中…">
          <div style={{ width: 120, height: 40 }} />
        </Spin>
      </div>
    );
  } else if (q.isError && !q.data) {
    body = (
      <Result
        status="warning"
        title="视频列表加载失败"
        subTitle={q.error instanceof Error ? q.error.message : undefined}
        extra={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  } else if (!rows.length) {
    body = (
      <Empty
        data-testid="my-video-empty"
        style={{ padding: "48px 0" }}
        description={query.search ? `没有名称包含“${query.search}”的视频` : "还没有视频，课堂录制的视频和上传的视频都会出现在这里"}
      >
        {query.search ? (
          <Button
            onClick={() => {
              setDraft("");
              search("");
            }}
          >
            清除搜索
          </Button>
        ) : (
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
            上传视频
          </Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <>
        <div className="yk-myvideo-grid" data-testid="my-video-grid">
          {rows.map((v) => (
            <VideoCard
              key={v.id}
              video={v}
              onOpen={(x) => navigate(playerPath(x))}
              onRename={setRenaming}
              onShare={setSharing}
              onDelete={(x) => void remove(x)}
            />
          ))}
        </div>
        <div className="yk-myvideo-pager">
          <Pagination
            current={query.page}
            pageSize={query.limit}
            total={total}
            showTotal={(t) => <span data-testid="pagination-total">共 {t} 条</span>}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES}
            showQuickJumper
            onChange={(page, limit) => setQuery((s) => ({ ...s, page: limit !== s.limit ? 1 : page, limit }))}
          />
        </div>
      </>
    );
  }

  return (
    <div className="yk-page" data-testid="my-video-page">
      <Card
        variant="borderless"
        title={
          <Space size={8} align="baseline">
            <span data-testid="page-title">{title}</span>
            {q.data ? (
              <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
                共 <span data-testid="my-video-total">{total}</span> 个
              </Typography.Text>
            ) : null}
          </Space>
        }
        extra={
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)} data-testid="my-video-upload">
            上传视频
          </Button>
        }
      >
        <div className="yk-myvideo-toolbar">
          <Input.Search
            allowClear
            placeholder="按视频名称搜索"
            value={draft}
            maxLength={60}
            onChange={(e) => {
              setDraft(e.target.value);
              if (!e.target.value) search("");
            }}
            onSearch={search}
            enterButton="查询"
            style={{ width: 320 }}
            data-testid="my-video-search"
          />
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={q.isFetching && !q.isLoading}>
            刷新
          </Button>
        </div>
        {body}
      </Card>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onSaved={() => {
          setUploading(false);
          setDraft("");
          setQuery((s) => ({ ...s, page: 1, search: "" }));
          refresh();
        }}
      />
      <EditDialog
        video={renaming}
        onClose={() => setRenaming(null)}
        onSaved={() => {
          setRenaming(null);
          refresh();
        }}
      />
      <ShareDialog video={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}
