/**
 * The questionnaires of a listen-evaluate record (#9 × #12): the multi-select of ListenForm (evaluation_type 3 问卷评价:
 * the caller's questionnaires → questionnaire_ids) and the 问卷 block of ListenDetailPage (questionnaireOfListen, with
 * 填写 links to the answering page).
 */
import { useQuery } from "@tanstack/react-query";
import { PAGE } from "@yanke/protocol";
import { Button, Card, Select, Space, Tag } from "antd";
import { Link } from "react-router";
import { config } from "../config";
import { answerPath, qnApi, rowsOf, STATUS_COLORS } from "./api";
import { MyState } from "./QuestionnaireManagePage";

/** A Form.Item control: ids of the caller's questionnaires (drafts included; the record names them, the author publishes). */
export function QuestionnaireMultiSelect({ value, onChange, enabled = true }: { value?: number[]; onChange?: (v: number[]) => void; enabled?: boolean }) {
  const q = useQuery({
    queryKey: ["questionnaire", "list", "for-listen"],
    enabled,
    staleTime: 0,
    queryFn: () => qnApi.list({ page: 1, limit: PAGE.maxLimit }),
  });
  return (
    <Select
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      loading={q.isLoading}
      showSearch
      optionFilterProp="label"
      placeholder="选择我创建的问卷（可在 个人中心 → 我的问卷 中新建）"
      notFoundContent="暂无问卷，请先在 我的问卷 中创建"
      data-testid="listen-form-questionnaires"
      options={(q.data?.list ?? []).map((r) => ({ value: r.id, label: `${r.title}（${r.status_name}）` }))}
    />
  );
}

/** The 问卷 block of a record: its questionnaires with my state and 填写. Nothing when it names none. */
export function ListenQuestionnaireBlock({ listenId }: { listenId: number }) {
  const q = useQuery({ queryKey: ["questionnaire", "of-listen", listenId], staleTime: 0, queryFn: () => qnApi.ofListen(listenId) });
  const rows = rowsOf(q.data);
  if (!rows.length) return null;
  const ningxia = config.edition === "NINGXIA";
  return (
    <Card size="small" title="问卷" data-testid="listen-questionnaires" style={{ marginTop: 12 }}>
      <Space direction="vertical" style={{ width: "100%" }}>
        {rows.map((r) => (
          <div key={r.id} style={{ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
            <span style={{ flex: "1 1 200px", minWidth: 0 }}>{r.title}</span>
            <Tag color={STATUS_COLORS[r.status]}>{r.status_name}</Tag>
            {r.my_state ? <MyState state={r.my_state} /> : null}
            {r.status === 1 && r.my_state !== "submitted" ? (
              <Link to={answerPath(r.id, ningxia)}>
                <Button size="small" type="primary" data-testid="listen-questionnaire-answer">
                  填写
                </Button>
              </Link>
            ) : (
              <Link to={answerPath(r.id, ningxia)}>查看</Link>
            )}
          </div>
        ))}
      </Space>
    </Card>
  );
}
