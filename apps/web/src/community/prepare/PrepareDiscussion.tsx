/**
 * 研讨 of a preparation (c250 preparationDiscuss, c251 preparationDiscussList, c263 delPreparationMsg): top-level
 * messages newest first, paged, each with its replies; a reply target set by 回复 and cleared by its ×; images (png,
 * jpg, jpeg ≤ 100 MB, uploaded as module comment); Enter sends (Shift+Enter a new line); '请先输入内容' for an empty
 * message; '请先加入空间后评论！' instead of the box for those who cannot discuss; 删除 only on one's own messages,
 * after '是否确认删除该条研讨?'.
 */
import { CloseOutlined, PictureOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { avatarColor, CALLS, DISCUSS_IMAGE_MAX_COUNT, DISCUSS_MESSAGES, type DiscussMessage, type DiscussPage, type FileRecord } from "@yanke/protocol";
import { Avatar, Button, Image, Input, Pagination, Popconfirm, Progress, Spin, Tag } from "antd";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { xhrMultipart } from "../../components/upload/multipart";
import { sessionAccountId, sessionToken } from "../../components/upload/session";
import { toastUploadFailure } from "../../components/upload/upload-feedback";
import { useToken } from "../../session/store";
import { checkDiscussImage, checkDiscussMessage, patchDetail, prepCall } from "./prepare-common";

interface ReplyTarget {
  /** The top-level message the reply goes under. */
  pid: number;
  account_id: number;
  name: string;
}

export function PrepareDiscussion({ preparationId, canDiscuss, docKey = "" }: { preparationId: number; canDiscuss: boolean; /** The lesson plan discussed beside (wps_file_key). */ docKey?: string }) {
  const token = useToken();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const limit = 10;
  const [text, setText] = useState("");
  const [images, setImages] = useState<FileRecord[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [reply, setReply] = useState<ReplyTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const key = ["prepare", "discuss", preparationId];
  const q = useQuery({
    staleTime: 0,
    queryKey: [...key, page, token !== ""],
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
    queryFn: () => prepCall<DiscussPage>(CALLS.preparationDiscussList, { preparation_id: preparationId, page, limit }),
  });
  const writable = canDiscuss && token !== "";

  const pickImages = async (files: FileList | null) => {
    if (!files) return;
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
    const paths = images.map((i) => i.file_path);
    const refusal = checkDiscussMessage(text, paths);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setBusy(true);
    try {
      await prepCall(CALLS.preparationDiscuss, {
        preparation_id: preparationId,
        pid: reply?.pid ?? 0,
        reply_person: reply?.account_id ?? 0,
        content: text.trim(),
        content_img: paths,
        wps_file_key: docKey,
      });
      toast.success(reply ? "回复成功" : "发表成功");
      setText("");
      setImages([]);
      setReply(null);
      if (!reply) setPage(1);
      patchDetail(qc, preparationId, (d) => ({ discuss_count: d.discuss_count + 1 }));
      await qc.invalidateQueries({ queryKey: key });
    } catch {
      /* the client showed the refusal */
    } finally {
      setBusy(false);
    }
  };

  const remove = async (m: DiscussMessage) => {
    try {
      await prepCall(CALLS.delPreparationMsg, { id: m.id });
      toast.success("删除成功");
      if (reply?.pid === m.id) setReply(null);
      patchDetail(qc, preparationId, (d) => ({ discuss_count: Math.max(0, d.discuss_count - 1) }));
      await qc.invalidateQueries({ queryKey: key });
    } catch {
      /* shown */
    }
  };

  const startReply = (m: DiscussMessage, top: DiscussMessage) => {
    setReply({ pid: top.id, account_id: m.account_id, name: m.account.realname });
    box.current?.querySelector("textarea")?.focus();
  };

  const entry = (m: DiscussMessage, top: DiscussMessage | null) => (
    <div key={m.id} className={top ? "yk-disc-child" : "yk-disc-item"} data-testid="disc-item" data-id={m.id}>
      <Avatar size={top ? 28 : 36} src={m.account.head_portrait_url || undefined} style={{ background: avatarColor(m.account_id), flex: "none" }}>
        {(m.account.realname || "?").slice(0, 1)}
      </Avatar>
      <div className="yk-disc-body">
        <div className="yk-disc-head">
          <b data-testid="disc-author">{m.account.realname}</b>
          {m.reputation ? <Tag style={{ marginInlineEnd: 0 }}>{m.reputation}</Tag> : null}
          {top && m.reply_person_name ? (
            <span className="yk-muted">
              回复 <b style={{ color: "#1f6f5c" }}>{m.reply_person_name}</b>
            </span>
          ) : null}
          <span className="yk-disc-time">{m.created_at}</span>
        </div>
        <div className={`yk-disc-text${m.deleted ? " deleted" : ""}`} data-testid="disc-text">
          {m.deleted ? DISCUSS_MESSAGES.deleted : m.content}
        </div>
        {!m.deleted && m.content_img.length ? (
          <div className="yk-disc-imgs">
            <Image.PreviewGroup>
              {m.content_img.map((src) => (
                <Image key={src} src={src} width={72} height={72} alt="研讨图片" />
              ))}
            </Image.PreviewGroup>
          </div>
        ) : null}
        {!m.deleted ? (
          <div className="yk-disc-actions">
            {writable ? (
              <a onClick={() => startReply(m, top ?? m)} data-testid="disc-reply">
                回复
              </a>
            ) : null}
            {m.can_delete ? (
              <Popconfirm title={DISCUSS_MESSAGES.confirmDelete} okText="确定" cancelText="取消" onConfirm={() => remove(m)}>
                <a className="yk-disc-del" data-testid="disc-delete">
                  删除
                </a>
              </Popconfirm>
            ) : null}
          </div>
        ) : null}
        {!top && m.children.length ? <div className="yk-disc-children">{m.children.map((c) => entry(c, m))}</div> : null}
      </div>
    </div>
  );

  const data = q.data;
  return (
    <div data-testid="prep-discussion">
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
            onChange={(e) => setText(e.target.value)}
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
      ) : !data || data.list.length === 0 ? (
        <EmptyState compact text={q.error ? (token ? "研讨加载失败" : "登录后查看研讨") : "暂无研讨"} />
      ) : (
        <div style={{ marginTop: 8 }} data-testid="disc-list">
          {data.list.map((m) => entry(m, null))}
          {data.total > limit ? (
            <Pagination style={{ marginTop: 12, textAlign: "right" }} size="small" current={page} pageSize={limit} total={data.total} onChange={setPage} showSizeChanger={false} showTotal={(t) => `共 ${t} 条`} />
          ) : null}
        </div>
      )}
    </div>
  );
}
