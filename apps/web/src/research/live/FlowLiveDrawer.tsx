/**
 * 实时 S-T (c154 /research/flowlive): the S-T curve of a lesson being recorded now, from the audio captured so far.
 * Read again every 10 s while the drawer is open, so the curve grows as the lesson goes; when nothing can be coded
 * yet, the server's reason is shown (e.g. 尚未采集到音频).
 */
import { useQuery } from "@tanstack/react-query";
import type { TEACHING_MODES } from "@yanke/protocol";
import { Alert, Descriptions, Drawer, Segmented, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { researchApi } from "../api";
import { Chart } from "../report/Chart";
import { clock, pct, stCurveOption } from "../report/charts";

const INTERVALS = [30, 15, 10] as const;
const MODE_COLORS: Record<(typeof TEACHING_MODES)[number], string> = { 练习型: "gold", 讲授型: "blue", 对话型: "green", 混合型: "purple" };

export function FlowLiveDrawer({ recordingId, title, onClose }: { recordingId: number | null; title: string; onClose: () => void }) {
  const [interval, setInterval] = useState<number>(30);
  const q = useQuery({
    queryKey: ["research", "flowlive", recordingId, interval],
    queryFn: () => researchApi.flowLive(recordingId!, interval),
    enabled: recordingId !== null,
    refetchInterval: 10_000,
  });
  const d = q.data;
  return (
    <Drawer open={recordingId !== null} onClose={onClose} width={560} title={`实时 S-T 分析 · ${title}`} destroyOnHidden>
      <Space direction="vertical" size={12} style={{ width: "100%" }} data-testid="flowlive">
        <Space>
          <Typography.Text type="secondary">采样间隔</Typography.Text>
          <Segmented size="small" value={interval} onChange={(v) => setInterval(Number(v))} options={INTERVALS.map((s) => ({ label: `${s} 秒`, value: s }))} />
          <Typography.Text type="secondary">每 10 秒更新</Typography.Text>
        </Space>
        {q.isError ? <Alert type="error" showIcon message="读取实时分析失败" description={(q.error as Error).message} /> : null}
        {d ? (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="已分析">
                <span data-testid="flowlive-captured">{clock(d.captured_seconds)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="教学模式">
                {d.st.available ? (
                  <Tag color={MODE_COLORS[d.st.mode]} data-testid="flowlive-mode">
                    {d.st.mode}
                  </Tag>
                ) : (
                  "—"
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Rt / Ch">{d.st.available ? `${d.st.rt.toFixed(2)} / ${d.st.ch.toFixed(2)}` : "—"}</Descriptions.Item>
              <Descriptions.Item label="采样点">{d.st.available ? <span data-testid="flowlive-samples">{d.st.n}</span> : "—"}</Descriptions.Item>
              {d.speech.available ? (
                <Descriptions.Item label="教师 / 学生 / 沉默" span={2}>
                  {pct(d.speech.teacher_ratio)} / {pct(d.speech.student_ratio)} / {pct(d.speech.silence_ratio)}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            {d.st.available ? (
              <Chart option={stCurveOption(d.st, null)} height={320} testId="flowlive-curve" />
            ) : (
              <Alert type="info" showIcon message="暂不能编码" description={d.st.reason} data-testid="flowlive-unavailable" />
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              由已录制的音频即时计算（教师讲话为 T，其余为 S）；下课后完整的课堂分析以报告为准。
            </Typography.Text>
          </>
        ) : null}
      </Space>
    </Drawer>
  );
}
