/**
 * An evaluator's scoring form for a listen-evaluate record (#9): the record's indicator scheme as dimensions → items,
 * each item a slider with a number input inside its range and an optional comment, the overall comment, the total as
 * the evaluator types, 保存草稿 (status 0) and 提交 (status 1) through c268 recordSave (first time) / c269 recordUpdate.
 */
import { CheckOutlined, SaveOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { calls, type ListenEvaluationRow, type ListenSchemeNode } from "@yanke/protocol";
import { Alert, Button, Collapse, Input, InputNumber, Slider, Space, Spin, Tag } from "antd";
import { useEffect, useMemo, useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { clampScore, formatScore, scoreItems, sumScores, weightedTotal } from "./listen-common";
import { useListenDetail } from "./listen-data";

interface Draft {
  scores: Record<number, number | null>;
  comments: Record<number, string>;
  comment: string;
}

function draftOf(e: ListenEvaluationRow | null | undefined): Draft {
  const d: Draft = { scores: {}, comments: {}, comment: e?.comment ?? "" };
  for (const s of e?.scores ?? []) {
    d.scores[s.indicator_id] = s.score;
    if (s.comment) d.comments[s.indicator_id] = s.comment;
  }
  return d;
}

export function ScoreForm({ recordId, onSaved }: { recordId: number /** Called after a save or submit. */; onSaved?: () => void }) {
  const qc = useQueryClient();
  const detail = useListenDetail(recordId);
  const rec = detail.data;
  const mine = rec?.my_evaluation ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(mine));
  const [loadedFor, setLoadedFor] = useState<string>("");
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const [serverTotal, setServerTotal] = useState<number | null>(null);
  const mineKey = `${recordId}:${mine?.id ?? 0}:${mine?.updated_at ?? ""}`;
  useEffect(() => {
    if (!rec || loadedFor === mineKey) return;
    setDraft(draftOf(mine));
    setServerTotal(mine?.total_score ?? null);
    setLoadedFor(mineKey);
  }, [rec, mine, mineKey, loadedFor]);

  const root = rec?.evaluation_type === 1 ? (rec.scheme ?? null) : null;
  const items = useMemo(() => scoreItems<ListenSchemeNode>(root), [root]);
  const total = weightedTotal(root, draft.scores);

  if (!recordId) return <EmptyState text="缺少听评课编号" />;
  if (detail.isLoading) return <Spin style={{ display: "block", margin: "32px auto" }} />;
  if (detail.isError || !rec) return <EmptyState text="听评课不存在或无权查看" />;
  if (!rec.power?.can_evaluate)
    return (
      <Alert
        type="info"
        showIcon
        message={rec.power?.is_teacher ? "授课教师不参与评分，可在下方查看评课结果" : "你不是本次听评课的评课人，不能评分"}
        data-testid="score-form-denied"
      />
    );

  const submitted = mine?.status === 1;
  const save = async (status: 0 | 1) => {
    if (status === 1 && root) {
      const blank = items.filter((i) => typeof draft.scores[i.id] !== "number");
      if (blank.length) {
        toast.error(
          `还有 ${blank.length} 个评分项未打分：${blank
            .slice(0, 3)
            .map((b) => b.name)
            .join("、")}${blank.length > 3 ? " 等" : ""}`,
        );
        return;
      }
    }
    if (!root && !draft.comment.trim()) {
      toast.error("请先输入评价内容");
      return;
    }
    const payload = {
      record_id: recordId,
      status,
      comment: draft.comment.trim(),
      scores: items
        .filter((i) => typeof draft.scores[i.id] === "number")
        .map((i) => ({ indicator_id: i.id, score: draft.scores[i.id], comment: (draft.comments[i.id] ?? "").trim() })),
    };
    setSaving(status);
    try {
      const answer = await call(mine ? calls.listenRecordUpdate : calls.listenRecordSave, payload);
      if (answer && typeof answer.total_score === "number") setServerTotal(answer.total_score);
      toast.success(status === 1 ? "评分已提交" : "草稿已保存");
      await qc.invalidateQueries({ queryKey: ["listen"] });
      onSaved?.();
    } catch {
      // the client showed the refusal
    } finally {
      setSaving(null);
    }
  };

  const setScore = (id: number, v: number | null) => setDraft((d) => ({ ...d, scores: { ...d.scores, [id]: v } }));
  const dims = (root?.children ?? []).filter((d) => d.level === 2 || d.children.length);

  return (
    <div className="yk-score-form" data-testid="score-form">
      <div className="yk-score-head">
        <div>
          <span className="yk-muted">{root ? "加权总分" : "自由评议"}</span>{" "}
          {root ? (
            <>
              <b className="yk-score-total" data-testid="score-total">
                {formatScore(total)}
              </b>
              <span className="yk-muted"> / 100</span>
            </>
          ) : null}
          {serverTotal !== null && mine ? (
            <span className="yk-muted" style={{ marginLeft: 12 }} data-testid="score-server-total">
              已保存得分 {formatScore(serverTotal)}
            </span>
          ) : null}
        </div>
        {mine ? (
          <Tag color={submitted ? "green" : "orange"} data-testid="score-status">
            {submitted ? "已提交" : "草稿"}
          </Tag>
        ) : (
          <Tag>未评分</Tag>
        )}
      </div>
      {root ? (
        <Collapse
          size="small"
          defaultActiveKey={dims.map((d) => String(d.id))}
          items={dims.map((d) => {
            const dItems = scoreItems<ListenSchemeNode>(d);
            const sub = sumScores(Object.fromEntries(dItems.map((i) => [i.id, draft.scores[i.id]])));
            return {
              key: String(d.id),
              label: (
                <span className="yk-score-dim">
                  <b>{d.name}</b>
                  {d.weight ? <span className="yk-muted">（权重 {formatScore(d.weight)}%）</span> : null}
                  <span className="yk-score-dim-sub">
                    {formatScore(sub)} / {formatScore(dItems.reduce((s, i) => s + i.max_score, 0))}
                  </span>
                </span>
              ),
              children: dItems.map((i) => {
                const v = draft.scores[i.id];
                return (
                  <div key={i.id} className="yk-score-item" data-testid="score-item" data-id={i.id}>
                    <div className="yk-score-item-name" title={i.description || i.name}>
                      {i.name}
                      <span className="yk-muted">
                        （{formatScore(i.min_score)}–{formatScore(i.max_score)} 分）
                      </span>
                    </div>
                    <div className="yk-score-item-input">
                      <Slider
                        min={i.min_score}
                        max={i.max_score}
                        step={0.5}
                        value={typeof v === "number" ? v : i.min_score}
                        onChange={(x) => setScore(i.id, x)}
                        style={{ flex: 1, margin: "0 8px" }}
                      />
                      <InputNumber
                        min={i.min_score}
                        max={i.max_score}
                        step={0.5}
                        value={v ?? null}
                        placeholder="分数"
                        onChange={(x) => setScore(i.id, clampScore(x, i.min_score, i.max_score))}
                        style={{ width: 84 }}
                        data-testid="score-input"
                      />
                    </div>
                    <Input
                      size="small"
                      maxLength={200}
                      placeholder="该项评语（可选）"
                      value={draft.comments[i.id] ?? ""}
                      onChange={(e) => setDraft((dd) => ({ ...dd, comments: { ...dd.comments, [i.id]: e.target.value } }))}
                    />
                  </div>
                );
              }),
            };
          })}
        />
      ) : (
        <Alert type="info" showIcon message="本次听评课为自由评议，请填写总体评价" style={{ marginBottom: 12 }} />
      )}
      <Input.TextArea
        rows={3}
        maxLength={2000}
        showCount
        placeholder="总体评价：亮点、问题与建议"
        value={draft.comment}
        onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
        style={{ marginTop: 12 }}
        data-testid="score-comment"
      />
      <Space style={{ marginTop: 16, justifyContent: "flex-end", width: "100%" }}>
        <Button icon={<SaveOutlined />} loading={saving === 0} disabled={saving !== null || submitted} onClick={() => void save(0)} data-testid="score-draft">
          保存草稿
        </Button>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={saving === 1}
          disabled={saving !== null}
          onClick={() => void save(1)}
          data-testid="score-submit"
        >
          {submitted ? "更新评分" : "提交"}
        </Button>
      </Space>
    </div>
  );
}
