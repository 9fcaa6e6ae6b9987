/**
 * A thread of plain-text entries with replies (article comments c223/c222/articleCommentDelete, the message board
 * list/c226/c227): the box to write (members only; others see `closedHint`), top-level entries paged newest first,
 * every reply under its top-level entry with 回复 X, reply and delete actions.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ArticleCommentRow, Page } from "@yanke/protocol";
import { Button, Input, Pagination, Popconfirm, Spin } from "antd";
import { useState, type ReactNode } from "react";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { UserAvatar } from "./blog-common";

export interface CommentThreadProps {
  queryKey: readonly unknown[];
  fetchPage: (page: number, limit: number) => Promise<Page<ArticleCommentRow>>;
  save: (content: string, pid: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  canPost: boolean;
  /** Shown instead of the box when the caller may not post. */
  closedHint: ReactNode;
  placeholder: string;
  maxLength: number;
  /** Word of the action: 评论 / 留言. */
  noun: string;
  pageSize?: number;
  onChanged?: () => void;
  testId: string;
}

export function CommentThread(p: CommentThreadProps) {
  const qc = useQueryClient();
  const token = useToken();
  const [page, setPage] = useState(1);
  const limit = p.pageSize ?? 10;
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [replyTo, setReplyTo] = useState<{ id: number; name: string } | null>(null);
  const [replyText, setReplyText] = useState("");
  const list = useQuery({
    queryKey: [...p.queryKey, page, limit],
    placeholderData: keepPreviousData,
    queryFn: () => p.fetchPage(page, limit),
  });

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: p.queryKey });
    p.onChanged?.();
  };
  const submit = async (content: string, pid: number) => {
    if (content.trim() === "") return false;
    setBusy(true);
    try {
      await p.save(content.trim(), pid);
      if (pid === 0) setPage(1);
      await refresh();
      return true;
    } catch {
      return false; // the client showed the refusal
    } finally {
      setBusy(false);
    }
  };
  const del = async (id: number) => {
    try {
      await p.remove(id);
      await refresh();
    } catch {
      /* shown by the client */
    }
  };

  const entry = (c: ArticleCommentRow, top: boolean) => (
    <div key={c.id} className={top ? "yk-thread-item" : "yk-thread-reply"} data-testid={`${p.testId}-item`} data-id={c.id}>
      <UserAvatar id={c.account_id} name={c.account_name} url={c.head_portrait_url} size={top ? 36 : 28} />
      <div className="yk-thread-body">
        <div className="yk-thread-head">
          <b>{c.account_name}</b>
          {c.reply_person && !top ? (
            <span className="yk-muted">
              {" "}
              回复 <b className="yk-thread-to">{c.reply_person}</b>
            </span>
          ) : null}
          <span className="yk-muted yk-thread-time">{c.created_at}</span>
        </div>
        <div className="yk-thread-text" data-testid={`${p.testId}-text`}>
          {c.content}
        </div>
        <div className="yk-thread-actions">
          {p.canPost ? (
            <a
              onClick={() => {
                setReplyTo(replyTo?.id === c.id ? null : { id: c.id, name: c.account_name });
                setReplyText("");
              }}
              data-testid={`${p.testId}-reply`}
            >
              回复
            </a>
          ) : null}
          {c.can_delete ? (
            <Popconfirm
              title={`确定删除这条${p.noun}吗？${top && c.children.length ? "它的回复也会一并删除。" : ""}`}
              okText="删除"
              cancelText="取消"
              onConfirm={() => del(c.id)}
            >
              <a className="yk-thread-del" data-testid={`${p.testId}-delete`}>
                删除
              </a>
            </Popconfirm>
          ) : null}
        </div>
        {replyTo?.id === c.id ? (
          <div className="yk-thread-replybox">
            <Input.TextArea
              autoFocus
              rows={2}
              maxLength={p.maxLength}
              placeholder={`回复 ${c.account_name}：`}
              value={replyText}
              onChange={(e) => setReplyText(e.target.value)}
              data-testid={`${p.testId}-reply-input`}
            />
            <div className="yk-thread-submit">
              <Button size="small" onClick={() => setReplyTo(null)}>
                取消
              </Button>
              <Button
                size="small"
                type="primary"
                loading={busy}
                disabled={replyText.trim() === ""}
                data-testid={`${p.testId}-reply-submit`}
                onClick={async () => {
                  if (await submit(replyText, c.id)) setReplyTo(null);
                }}
              >
                回复
              </Button>
            </div>
          </div>
        ) : null}
        {top && c.children.length ? <div className="yk-thread-children">{c.children.map((r) => entry(r, false))}</div> : null}
      </div>
    </div>
  );

  const data = list.data;
  return (
    <div className="yk-thread" data-testid={p.testId}>
      {p.canPost ? (
        <div className="yk-thread-box" data-testid={`${p.testId}-box`}>
          <Input.TextArea
            rows={3}
            maxLength={p.maxLength}
            showCount
            placeholder={p.placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid={`${p.testId}-input`}
          />
          <div className="yk-thread-submit">
            <Button
              type="primary"
              loading={busy}
              disabled={text.trim() === ""}
              data-testid={`${p.testId}-submit`}
              onClick={async () => {
                if (await submit(text, 0)) setText("");
              }}
            >
              发表{p.noun}
            </Button>
          </div>
        </div>
      ) : (
        <div className="yk-thread-closed" data-testid={`${p.testId}-closed`}>
          {p.closedHint}
        </div>
      )}
      {list.isLoading ? (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      ) : !data || data.list.length === 0 ? (
        <EmptyState compact text={list.error ? (token ? "加载失败" : `登录后查看${p.noun}`) : "暂无数据"} />
      ) : (
        <>
          {data.list.map((c) => entry(c, true))}
          {data.total > limit ? (
            <Pagination
              style={{ marginTop: 12, textAlign: "right" }}
              size="small"
              current={page}
              pageSize={limit}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
              showTotal={(t) => `共 ${t} 条`}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
