/**
 * 评课报告 (/foreground2_0/commentReport?id=; public for open records, platform.md §2 Access rules): the record's
 * facts, the total score (mean of the submitted evaluations, c289), its grade, the per-dimension radar, the per-item
 * bars with the min–max spread across evaluators, each evaluator's total and comment (c292), the discussion summary
 * (c288: message count, the most used listen-target tags) and the files (c273). 打印 prints it (print CSS hides the
 * frame and the buttons).
 */
import { PrinterOutlined } from "@ant-design/icons";
import { Button, Card, Space, Spin } from "antd";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { DiscussSummary, FileList, idParam, RecordFrame, RecordHeader, ScoreReport, useListenDetail, useScoreView } from "./report-view";

export function CommentReportPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const q = useListenDetail(id);
  return (
    <RecordFrame id={id} q={q} testId="CommentReportPage">
      {() => <Report id={id} />}
    </RecordFrame>
  );
}

function Report({ id }: { id: number }) {
  const d = useListenDetail(id).data!;
  const s = useScoreView(id);
  return (
    <div className="yk-report yk-report-printable" data-testid="comment-report">
      <RecordHeader
        d={d}
        extra={
          <Space direction="vertical" align="end">
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
              打印
            </Button>
            {d.is_type === 2 ? <Link to={`/precisionReport?id=${d.id}`}>精准评课报告</Link> : null}
          </Space>
        }
      />
      {s.isLoading ? (
        <Spin style={{ display: "block", margin: "40px auto" }} />
      ) : s.error || !s.data ? (
        <Card>
          <EmptyState text="评分加载失败" />
        </Card>
      ) : (
        <ScoreReport v={s.data.view} />
      )}
      <Card size="small" title="研讨概况">
        <DiscussSummary id={id} />
      </Card>
      <Card size="small" title="评课文件">
        <FileList id={id} />
      </Card>
    </div>
  );
}
