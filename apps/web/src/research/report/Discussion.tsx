/** The discussion of a report (c142 /research/course/discussion: list; with content: post). */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { DiscussMessage } from "@yanke/protocol";
import { Avatar, Button, Card, Input, Pagination, Spin } from "antd";
import { useState } from "react";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { useToken } from "../../session/store";
import { researchApi, researchKeys } from "../api";

const LIMIT = 10;

function Message({ m, onReply, canWrite }: { m: DiscussMessage; onReply: (m: DiscussMessage) => void; canWrite: boolean }) {
  return (
    <div className="yk-ar-msg" data-testid="report-discussion-item">
      <Avatar size={32} src={m.account?.head_portrait_url || undefined}>
        {(m.account?.realname ?? "?").slice(0, 1)}
      </Avatar>
      <div className="yk-ar-msg-body">
        <div className="yk-ar-msg-head">
          <b>{m.account?.realname ?? ""}</b>
          {m.reply_person_name ? <span className="yk-ar-muted"> 回复 {m.reply_person_name}</span> : null}
          <span className="yk-ar-muted">{m.created_at}</span>
        </div>
        <div className={m.deleted ? "yk-ar-muted" : undefined} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
          {m.content}
        </div>
        {canWrite && !m.deleted ? (
          <a className="yk-no-print yk-ar-reply" onClick={() => onReply(m)}>
            回复
          </a>
        ) : null}
        {m.children?.length ? (
          <div className="yk-ar-msg-children">
            {m.children.map((c) => (
              <Message key={c.id} m={c} onReply={onReply} canWrite={canWrite} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ReportDiscussion({ id }: { id: number }) {
  const token = useToken();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [replyTo, setReplyTo] = useState<DiscussMessage | null>(null);
  const [posting, setPosting] = useState(false);
  const list = useQuery({
    queryKey: [...researchKeys.discussion(id), page],
    retry: false,
    queryFn: () => researchApi.discussion(id, page, LIMIT),
  });
  const canWrite = !!token && (list.data?.status ?? 1) === 1;
  const post = async () => {
    if (!text.trim()) {
      toast.warning("请先输入内容");
      return;
    }
    setPosting(true);
    try {
      await researchApi.discuss(id, text.trim(), replyTo ? replyTo.pid || replyTo.id : undefined);
      setText("");
      setReplyTo(null);
      toast.success("评论成功");
      await qc.invalidateQueries({ queryKey: researchKeys.discussion(id) });
    } catch {
      // the client has shown the message
    } finally {
      setPosting(false);
    }
  };
  return (
    <Card size="small" className="yk-ar-card" title={`报告研讨${list.data ? `（${list.data.count ?? list.data.total}）` : ""}`} data-testid="report-discussion">
      {canWrite ? (
        <div className="yk-ar-post yk-no-print">
          {replyTo ? (
            <div className="yk-ar-muted" style={{ marginBottom: 4 }}>
              回复 {replyTo.account?.realname}：<a onClick={() => setReplyTo(null)}>取消</a>
            </div>
          ) : null}
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder="说说你对这节课分析结果的看法"
            data-testid="report-discussion-input"
          />
          <div style={{ textAlign: "right", marginTop: 8 }}>
            <Button type="primary" loading={posting} onClick={() => void post()} data-testid="report-discussion-submit">
              发表
            </Button>
          </div>
        </div>
      ) : !token ? (
        <div className="yk-ar-muted yk-no-print" style={{ marginBottom: 8 }}>
          登录后可参与研讨。
        </div>
      ) : null}
      {list.isLoading ? (
        <Spin />
      ) : list.error ? (
        <EmptyState compact text={list.error.message || "研讨加载失败"} />
      ) : list.data?.list.length ? (
        <>
          {list.data.list.map((m) => (
            <Message key={m.id} m={m} onReply={setReplyTo} canWrite={canWrite} />
          ))}
          {list.data.total > LIMIT ? (
            <Pagination size="small" current={page} pageSize={LIMIT} total={list.data.total} onChange={setPage} style={{ marginTop: 8, textAlign: "right" }} />
          ) : null}
        </>
      ) : (
        <EmptyState compact text="暂无研讨" />
      )}
    </Card>
  );
}
