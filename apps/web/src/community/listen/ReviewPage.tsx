/**
 * /review?id= — the evaluator's page (#9): the record's summary and the scoring form full width (现场听评课: used on a
 * tablet in the classroom), with a link back to the record.
 */
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Result, Spin } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { windowText } from "../prepare/prepare-common";
import { ListenPhaseTag, ListenTypeTag, listenDetailHref } from "./listen-common";
import { useListenDetail } from "./listen-data";
import { ScoreForm } from "./ScoreForm";

export function ReviewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get("id") ?? 0);
  const q = useListenDetail(Number.isSafeInteger(id) ? id : 0);
  if (!id || !Number.isSafeInteger(id) || id <= 0) return <Result status="warning" title="缺少听评课编号" subTitle="地址应为 /review?id=听评课编号" />;
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.isError || !q.data) return <Result status="404" title="听评课不存在或无权查看" subTitle={q.error instanceof Error ? q.error.message : undefined} />;
  const rec = q.data;
  return (
    <div className="yk-page" data-testid="ReviewPage" data-id={rec.id} style={{ maxWidth: 960, margin: "0 auto" }}>
      <Card
        title={
          <span style={{ display: "inline-flex", alignItems: "center", gap: 8, flexWrap: "wrap", whiteSpace: "normal" }}>
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} onClick={() => navigate(listenDetailHref(rec.id))} aria-label="返回详情" />
            <span data-testid="review-title">{rec.name}</span>
            <ListenTypeTag type={rec.is_type} name={rec.is_type_name} />
            <ListenPhaseTag phase={rec.phase} name={rec.phase_name} />
          </span>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: "t", label: "授课教师", children: rec.teacher_name || "—" },
            { key: "w", label: "听课时间", children: windowText(rec.start_time, rec.end_time) || "—" },
            { key: "s", label: "学科年级", children: [rec.period_name, rec.subject_name, rec.grade_name].filter(Boolean).join(" · ") || "—" },
            { key: "p", label: "关联备课", children: rec.preparation_name || "—" },
            { key: "i", label: "评课量表", children: rec.indicator_name || rec.evaluation_type_name || "—" },
            { key: "o", label: "组织者", children: rec.account_name || "—" },
          ]}
        />
      </Card>
      <Card title="评分" style={{ marginTop: 16 }}>
        <ScoreForm recordId={rec.id} />
      </Card>
    </div>
  );
}
