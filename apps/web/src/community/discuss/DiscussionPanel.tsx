/**
 * The discussion panel (研讨; platform.md §4 Discussion panel, §5 Discussion; community.md §3 Discussion message;
 * issue #9), used wherever something is discussed: a preparation (#8), a listen-evaluate record, an after-class
 * reflection.
 *
 * - c318 index: read-write (status 1) or read-only (status 2, '请先加入空间后评论！' instead of the box), the chat key's
 *   listen targets (the TPK tag); c317 list: top-level messages newest first, paged, each with its replies.
 * - c315 save: Enter sends, Shift+Enter a new line; '请先输入内容'; images png / jpg / jpeg ≤ 100 MB
 *   ('上传文件大小限制：100MB'); a reply target set by 回复 and cleared by its ×; the player's time when watching.
 * - c320 likes, c316 fold / unfold a thread, c319 删除 on one's own messages after '是否确认删除该条研讨?'.
 * - Live: the page's shared socket (live-socket.ts) bound to liveGroup(kind, refId); pushed saves, deletions, likes
 *   and folds change the loaded page in place (no polling); after a reconnect the page is fetched again.
 */
import { CloseOutlined, DownOutlined, LikeFilled, LikeOutlined, PictureOutlined, PlayCircleOutlined, UpOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  avatarColor,
  CALLS,
  DISCUSS_IMAGE_MAX_COUNT,
  DISCUSS_MESSAGES,
  type DiscussMessage,
  type DiscussPage,
  type FileRecord,
  liveGroup,
} from "@yanke/protocol";
import { Avatar, Button, Image, Input, Pagination, Popconfirm, Progress, Select, Spin, Tag, Tooltip } from "antd";
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { xhrMultipart } from "../../components/upload/multipart";
import { sessionAccountId, sessionToken } from "../../components/upload/session";
import { toastUploadFailure } from "../../components/upload/upload-feedback";
import { useSession } from "../../session/store";
import { checkDiscussImage, checkDiscussMessage } from "../prepare/prepare-rules";
import "../prepare/prepare.css";
import { addMessage, discussApi, formatVideoTime, patchMessage, removeMessage } from "./discuss-api";
import { LIVE_BOUND, LIVE_LOST, LIVE_RECONNECTED, useLiveGroup } from "./live-socket";

export interface DiscussionPanelProps {
  /** What is discussed: a preparation, a listen-evaluate record or an after-class record. */
  kind: "preparation" | "listen" | "after_class";
  refId: number;
  /** 1 read-write, 2 read-only (platform.md §4 Discussion panel); default: what the server's index answers. */
  status?: 1 | 2;
  /** The chat key: "TPK" offers the listen-target tag. */
  chatKey?: string;
  /** The player's current time (seconds), stamped on a message written while watching. */
  videoTime?: () => number | undefined;
  /** Clicking a time-stamped message seeks the player. */
  onSeek?: (seconds: number) => void;
  /** Messages per page (default 10). */
  pageSize?: number;
  /** The lesson plan discussed beside (preparations: wps_file_key). */
  docKey?: string;
  /** Told the number of messages whenever it changes (a tab's count). */
  onCount?: (count: number) => void;
}

interface ReplyTarget {
  /** The top-level message the reply goes under. */
  pid: number;
  account_id: number;
  name: string;
}

export function DiscussionPanel({ kind, refId, status, chatKey, videoTime, onSeek, pageSize = 10, docKey, onCount }: DiscussionPanelProps) {
  const session = useSession();
  const token = session.token;
  const myId = session.account_id || 0;
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [images, setImages] = useState<FileRecord[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [reply, setReply] = useState<ReplyTarget | null>(null);
  const [targetId, setTargetId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const baseKey = useMemo(() => ["discuss", kind, refId] as const, [kind, refId]);
  const listKey = [...baseKey, "list", page, token !== ""];

  const idx = useQuery({
    queryKey: [...baseKey, "index", token !== ""],
    queryFn: () => discussApi.index(kind, refId),
    enabled: refId > 0,
    staleTime: 30_000,
  });
  const q = useQuery({
    queryKey: listKey,
    queryFn: () => discussApi.list(kind, refId, page, pageSize),
    enabled: refId > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const effStatus = status ?? (idx.data ? idx.data.status : q.data?.status === 1 ? 1 : 2);
  const writable = effStatus === 1 && token !== "";
  const tpk = (chatKey ?? idx.data?.chat_key) === "TPK";
  const targets = tpk ? (idx.data?.targets ?? []) : [];
  const canManage = !!idx.data?.can_manage;
  const targetName = (id: number) => targets.find((t) => t.id === id)?.name;

  const patchPages = (fn: (p: DiscussPage) => DiscussPage) => {
    qc.setQueriesData<DiscussPage>({ queryKey: [...baseKey, "list"] }, (p) => {
      if (!p || !Array.isArray(p.list)) return p;
      const next = fn(p);
      if (next.count !== p.count) onCount?.(next.count);
      return next;
    });
  };

  const activity = useLiveGroup(refId > 0 ? liveGroup(kind, refId) : null, (msg) => {
    const data = msg.data as Record<string, unknown> | null;
    switch (msg.type) {
      case "discuss.save":
        if (data) patchPages((p) => addMessage(p, data as unknown as DiscussMessage, myId));
        break;
      case "discuss.delete":
        if (data) patchPages((p) => removeMessage(p, Number(data.id)));
        break;
      case "discuss.like":
        if (data)
          patchPages((p) =>
            patchMessage(p, Number(data.id), (m) => ({
              like_count: Number(data.like_count ?? m.like_count),
              ...(Number(data.account_id) === myId ? { is_like: !!data.is_like } : {}),
            })),
          );
        break;
      case "discuss.expand":
        if (data) patchPages((p) => patchMessage(p, Number(data.id), () => ({ expand_status: Number(data.expand_status) })));
        break;
      case LIVE_BOUND:
        setLive(true);
        break;
      case LIVE_LOST:
        setLive(false);
        break;
      case LIVE_RECONNECTED:
        void qc.invalidateQueries({ queryKey: baseKey });
        break;
      default:
        break;
    }
  });

  const pickImages = async (files: FileList | null) => {
    if (!files) return;
    activity();
    for (const file of Array.from(files)) {
      const refusal = checkDiscussImage(file);
      if (refusal) {
        toast.error(refusal);
        continue;
      }
      if (images.length >= DISCUSS_IMAGE_MAX_COUNT) {
        toast.error(`最多 ${DISCUSS_IMAGE_MAX_COUNT} 张图片`);
        break;
      }
      setUploading(0);
      try {
        const rec = await xhrMultipart<FileRecord>(
          CALLS.fileUpload,
          { module: "comment", name: file.name, account_id: sessionAccountId(), file: { blob: file, filename: file.name } },
          { token: sessionToken(), onProgress: setUploading },
        );
        setImages((xs) => [...xs, rec]);
      } catch (e) {
        toastUploadFailure("图片上传失败，请重试", e);
      } finally {
        setUploading(null);
      }
    }
  };

  const send = async () => {
    if (busy || uploading !== null) return;
    activity();
    if (!writable) {
      toast.error(DISCUSS_MESSAGES.notJoined);
      return;
    }
    const paths = images.map((i) => i.file_path);
    const refusal = checkDiscussMessage(text, paths);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setBusy(true);
    try {
      const vt = videoTime?.();
      const saved = await discussApi.save(kind, refId, {
        pid: reply?.pid ?? 0,
        reply_person: reply?.account_id ?? 0,
        content: text.trim(),
        content_img: paths,
        target_id: targetId ?? 0,
        video_time: typeof vt === "number" && Number.isFinite(vt) ? Math.max(0, Math.round(vt * 100) / 100) : null,
        ...(docKey ? { wps_file_key: docKey } : {}),
      });
      toast.success(reply ? "回复成功" : "发表成功");
      setText("");
      setImages([]);
      setReply(null);
      if (!reply && page !== 1) setPage(1);
      if (saved && typeof saved === "object" && "id" in saved) patchPages((p) => addMessage(p, { ...saved, can_delete: true }, myId));
      else await qc.invalidateQueries({ queryKey: [...baseKey, "list"] });
    } catch {
      /* the client showed the refusal */
    } finally {
      setBusy(false);
    }
  };

  const remove = async (m: DiscussMessage) => {
    activity();
    try {
      await discussApi.remove(m.id);
      toast.success("删除成功");
      if (reply?.pid === m.id) setReply(null);
      patchPages((p) => removeMessage(p, m.id));
    } catch {
      /* shown */
    }
  };

  const like = async (m: DiscussMessage) => {
    activity();
    if (!token) {
      toast.error("请先登录");
      return;
    }
    try {
      const r = await discussApi.like(m.id);
      const isLike = typeof r?.is_like === "boolean" ? r.is_like : !m.is_like;
      const likeCount = typeof r?.like_count === "number" ? r.like_count : Math.max(0, m.like_count + (isLike ? 1 : -1));
      patchPages((p) => patchMessage(p, m.id, () => ({ is_like: isLike, like_count: likeCount })));
    } catch {
      /* shown */
    }
  };

  const toggleExpand = async (m: DiscussMessage) => {
    activity();
    const next = m.expand_status === 0 ? 1 : 0;
    patchPages((p) => patchMessage(p, m.id, () => ({ expand_status: next })));
    // Only the thread's author or a manager stores it (c316); for anyone else it is a view state.
    if (!token || !(canManage || m.account_id === myId)) return;
    try {
      await discussApi.expand(m.id, next);
    } catch {
      patchPages((p) => patchMessage(p, m.id, () => ({ expand_status: m.expand_status })));
    }
  };

  const startReply = (m: DiscussMessage, top: DiscussMessage) => {
    activity();
    setReply({ pid: top.id, account_id: m.account_id, name: m.account?.realname ?? "" });
    box.current?.querySelector("textarea")?.focus();
  };

  const entry = (m: DiscussMessage, top: DiscussMessage | null) => {
    const name = m.account?.realname || "用户";
    const folded = !top && m.expand_status === 0;
    const tname = m.target_id ? targetName(m.target_id) : undefined;
    return (
      <div key={m.id} className={top ? "yk-disc-child" : "yk-disc-item"} data-testid="disc-item" data-id={m.id}>
        <Avatar size={top ? 28 : 36} src={m.account?.head_portrait_url || undefined} style={{ background: avatarColor(m.account_id), flex: "none" }}>
          {name.slice(0, 1)}
        </Avatar>
        <div className="yk-disc-body">
          <div className="yk-disc-head">
            <b data-testid="disc-author">{name}</b>
            {m.identity_name ? <span className="yk-muted">{m.identity_name}</span> : null}
            {m.reputation ? <Tag style={{ marginInlineEnd: 0 }}>{m.reputation}</Tag> : null}
            {top && m.reply_person_name ? (
              <span className="yk-muted">
                回复 <b style={{ color: "#1f6f5c" }}>{m.reply_person_name}</b>
              </span>
            ) : null}
            {tname ? (
              <Tag color="geekblue" style={{ marginInlineEnd: 0 }} data-testid="disc-target-tag">
                {tname}
              </Tag>
            ) : null}
            {typeof m.video_time === "number" ? (
              <Tooltip title={onSeek ? "跳转到该时刻" : "视频时刻"}>
                <Tag
                  color="green"
                  icon={<PlayCircleOutlined />}
                  style={{ marginInlineEnd: 0, cursor: onSeek ? "pointer" : "default" }}
                  onClick={() => onSeek?.(m.video_time ?? 0)}
                  data-testid="disc-seek"
                >
                  {formatVideoTime(m.video_time)}
                </Tag>
              </Tooltip>
            ) : null}
            <span className="yk-disc-time">{m.created_at}</span>
          </div>
          <div className={`yk-disc-text${m.deleted ? " deleted" : ""}`} data-testid="disc-text">
            {m.deleted ? DISCUSS_MESSAGES.deleted : m.content}
          </div>
          {!m.deleted && m.content_img?.length ? (
            <div className="yk-disc-imgs">
              <Image.PreviewGroup>
                {m.content_img.map((src) => (
                  <Image key={src} src={src} width={72} height={72} alt="研讨图片" />
                ))}
              </Image.PreviewGroup>
            </div>
          ) : null}
          <div className="yk-disc-actions">
            {!m.deleted ? (
              <a onClick={() => void like(m)} data-testid="disc-like" data-liked={m.is_like ? "1" : "0"} style={m.is_like ? { color: "#1f6f5c" } : undefined}>
                {m.is_like ? <LikeFilled /> : <LikeOutlined />} <span data-testid="disc-like-count">{m.like_count || 0}</span>
              </a>
            ) : null}
            {!m.deleted && writable ? (
              <a onClick={() => startReply(m, top ?? m)} data-testid="disc-reply">
                回复
              </a>
            ) : null}
            {!top && m.children.length ? (
              <a onClick={() => void toggleExpand(m)} data-testid="disc-expand">
                {folded ? (
                  <>
                    <DownOutlined /> 展开回复（{m.children.length}）
                  </>
                ) : (
                  <>
                    <UpOutlined /> 收起回复
                  </>
                )}
              </a>
            ) : null}
            {!m.deleted && m.can_delete && m.account_id === myId ? (
              <Popconfirm title={DISCUSS_MESSAGES.confirmDelete} okText="确定" cancelText="取消" onConfirm={() => remove(m)}>
                <a className="yk-disc-del" data-testid="disc-delete">
                  删除
                </a>
              </Popconfirm>
            ) : null}
          </div>
          {!top && m.children.length && !folded ? <div className="yk-disc-children">{m.children.map((c) => entry(c, m))}</div> : null}
        </div>
      </div>
    );
  };

  const data = q.data;
  const list = data && Array.isArray(data.list) ? data.list : [];
  return (
    <div data-testid="discussion-panel" data-kind={kind} data-ref={refId} data-live={live ? "1" : "0"}>
      {writable ? (
        <div className="yk-disc-box" ref={box} data-testid="disc-box">
          {reply ? (
            <span className="yk-disc-reply-target" data-testid="disc-reply-target">
              回复 {reply.name}
              <CloseOutlined style={{ cursor: "pointer", fontSize: 10 }} onClick={() => setReply(null)} aria-label="取消回复" data-testid="disc-reply-clear" />
            </span>
          ) : null}
          <Input.TextArea
            variant="borderless"
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={5000}
            placeholder={reply ? `回复 ${reply.name}：` : "发表你的研讨意见，Enter 发送，Shift+Enter 换行"}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              activity();
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
            data-testid="disc-input"
          />
          {images.length || uploading !== null ? (
            <div className="yk-disc-imgs">
              {images.map((img) => (
                <div key={img.id} className="yk-disc-pending">
                  <Image src={img.file_path} width={72} height={72} alt={img.file_name} />
                  {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept as it was; a button role would need a keyboard focus stop (tab order), a separate accessibility change. */}
                  <span className="yk-disc-remove" onClick={() => setImages(images.filter((x) => x.id !== img.id))} aria-label="移除图片">
                    <CloseOutlined />
                  </span>
                </div>
              ))}
              {uploading !== null ? <Progress type="circle" percent={uploading} size={56} /> : null}
            </div>
          ) : null}
          <div className="yk-disc-tools">
            <input
              ref={fileInput}
              type="file"
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              multiple
              hidden
              data-testid="disc-image-input"
              onChange={(e) => {
                void pickImages(e.target.files);
                e.target.value = "";
              }}
            />
            <Button size="small" icon={<PictureOutlined />} onClick={() => fileInput.current?.click()} disabled={uploading !== null} data-testid="disc-image">
              图片
            </Button>
            {tpk ? (
              <Select
                size="small"
                allowClear
                placeholder="听课目标"
                style={{ minWidth: 140 }}
                value={targetId}
                onChange={(v) => setTargetId(v)}
                options={targets.map((t) => ({ value: t.id, label: t.name }))}
                notFoundContent="暂无听课目标"
                data-testid="disc-target"
              />
            ) : null}
            <span className="yk-disc-hint">png / jpg / jpeg，单张不超过 100MB</span>
            <Button className="yk-disc-send" type="primary" size="small" loading={busy} onClick={() => void send()} data-testid="disc-send">
              {reply ? "回复" : "发表"}
            </Button>
          </div>
        </div>
      ) : (
        <div className="yk-disc-closed" data-testid="disc-closed">
          <span>{DISCUSS_MESSAGES.notJoined}</span>
          {token ? null : <Link to="/login">登录</Link>}
        </div>
      )}
      {q.isLoading ? (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      ) : list.length === 0 ? (
        <EmptyState compact text={q.error ? (token ? "研讨加载失败" : "登录后查看研讨") : "暂无研讨"} />
      ) : (
        <div style={{ marginTop: 8 }} data-testid="disc-list">
          {list.map((m) => entry(m, null))}
          {data && data.total > pageSize ? (
            <Pagination
              style={{ marginTop: 12, textAlign: "right" }}
              size="small"
              current={page}
              pageSize={pageSize}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
              showTotal={(t) => `共 ${t} 条`}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
