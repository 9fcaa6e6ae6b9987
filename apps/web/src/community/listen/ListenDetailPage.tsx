/**
 * /addTPKDetail?id= — one listen-evaluate record (#9): the header (type, phase, teacher, time, preparation, device or
 * video, scheme), the way into its review page by type, the participants with their evaluation state, the aggregate
 * score (c289) with the spread per item, the caller's own scoring form, the files (c272/c273/c276), the voices
 * (c277–c279, recorded with #5's recorder), the discussion and the after-class reflections of the record.
 */
import { DeleteOutlined, EditOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type FileRecord } from "@yanke/protocol";
import { Button, Card, Popconfirm, Result, Space, Spin, Table, Tabs, Tag } from "antd";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { AudioRecorder, FileUpload } from "../../components/upload";
import { AfterClassList } from "../afterclass/AfterClassList";
import { DiscussionPanel } from "../discuss/DiscussionPanel";
import { clock } from "../../pages/video/source";
import { MemberAvatars, windowText } from "../prepare/prepare-common";
import {
  formatScore,
  listenCall,
  ListenPhaseTag,
  ListenTypeTag,
  reviewPageHref,
  type ListenDetail,
  type ListenFileRow,
  type ListenVoiceRow,
} from "./listen-common";
import { useListenDetail, useTeacherScore } from "./listen-data";
import { ListenQuestionnaireBlock } from "../../questionnaire/ListenQuestionnaires";
import { ListenForm } from "./ListenForm";
import { ScoreForm } from "./ScoreForm";
import { ScoreSpreadChart } from "./ScoreSpreadChart";

export function ListenDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? 0);
  const q = useListenDetail(Number.isSafeInteger(id) ? id : 0);
  if (!id || !Number.isSafeInteger(id) || id <= 0) return <Result status="warning" title="缺少听评课编号" subTitle="地址应为 /addTPKDetail?id=听评课编号" />;
  if (q.isLoading) return <Spin style={{ display: "block", margin: "80px auto" }} />;
  if (q.isError || !q.data) return <Result status="404" title="听评课不存在或无权查看" subTitle={q.error instanceof Error ? q.error.message : undefined} />;
  return <Detail rec={q.data} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <span className="yk-prep-fact-label">{label}</span>
      {children || "—"}
    </div>
  );
}

function Detail({ rec }: { rec: ListenDetail }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tab, setTab] = useState("overview");
  const [editing, setEditing] = useState(false);
  const p = rec.power;
  const evaluators = (rec.members ?? []).filter((m) => m.role === 3);
  const remove = async () => {
    try {
      await listenCall(calls.listenDelete, { id: rec.id });
      toast.success("已删除");
      await qc.invalidateQueries({ queryKey: ["listen"] });
      void navigate(-1);
    } catch {
      // shown
    }
  };
  return (
    <div className="yk-page yk-listen-detail" data-testid="ListenDetailPage" data-id={rec.id}>
      <Card>
        <div className="yk-prep-head">
          <div className="yk-prep-head-main">
            <h1 className="yk-prep-title" data-testid="listen-title">
              {rec.name}
            </h1>
            <div>
              <ListenTypeTag type={rec.is_type} name={rec.is_type_name} />
              <ListenPhaseTag phase={rec.phase} name={rec.phase_name} />
              {rec.evaluation_type_name ? <Tag>{rec.evaluation_type_name}</Tag> : null}
              {rec.open_model_name ? <Tag>{rec.open_model_name}</Tag> : null}
              {rec.verify_status !== 1 ? <Tag color={rec.verify_status === 2 ? "red" : "orange"}>{rec.verify_status_name || "待审核"}</Tag> : null}
              {rec.is_recommend === 1 ? <Tag color="gold">推荐</Tag> : null}
            </div>
            <div className="yk-prep-facts">
              <Fact label="授课教师">{rec.teacher_name}</Fact>
              <Fact label="组织者">{rec.account_name}</Fact>
              <Fact label="听课时间">{windowText(rec.start_time, rec.end_time)}</Fact>
              <Fact label="学科年级">{[rec.period_name, rec.subject_name, rec.grade_name].filter(Boolean).join(" · ")}</Fact>
              <Fact label="所属社区">{rec.community_name}</Fact>
              <Fact label="关联备课">
                {rec.preparation_id ? <Link to={`/editDetail?id=${rec.preparation_id}`}>{rec.preparation_name || `备课 ${rec.preparation_id}`}</Link> : null}
              </Fact>
              {rec.is_type === 1 ? <Fact label="教室设备">{rec.equiment_name}</Fact> : null}
              {rec.is_type === 2 ? (
                <Fact label="课堂视频">{rec.my_video_id ? <Link to={reviewPageHref(rec.id, 2)}>已关联，进入精准听评课观看</Link> : "未关联"}</Fact>
              ) : null}
              <Fact label="评课量表">{rec.indicator_name}</Fact>
              <Fact label="评课人">{`${evaluators.length} 人`}</Fact>
            </div>
            {rec.introduction ? <div className="yk-muted">{rec.introduction}</div> : null}
            <div className="yk-prep-actions">
              {rec.is_type !== 3 || p.can_evaluate ? (
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  onClick={() => navigate(reviewPageHref(rec.id, rec.is_type))}
                  data-testid="listen-enter-review"
                >
                  {rec.is_type === 2 ? "进入精准听评课" : rec.is_type === 1 ? "进入远程听评课" : "进入评课"}
                </Button>
              ) : null}
              {p.is_organiser || p.can_manage ? (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="listen-edit">
                  编辑
                </Button>
              ) : null}
              {p.is_organiser || p.can_manage ? (
                <Popconfirm
                  title="确定删除该听评课吗？删除后评分、文件与语音一并删除。"
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={remove}
                >
                  <Button danger icon={<DeleteOutlined />}>
                    删除
                  </Button>
                </Popconfirm>
              ) : null}
            </div>
          </div>
          <div style={{ flex: "none", display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 8 }}>
            <span className="yk-muted">参与人员</span>
            <MemberAvatars
              members={(rec.members ?? []).map(
                (m) => ({ account_id: m.account_id, realname: m.realname, role: m.role === 2 ? 1 : 2, role_name: m.role_name }) as never,
              )}
            />
          </div>
        </div>
        {rec.questionnaire_ids?.length ? <ListenQuestionnaireBlock listenId={rec.id} /> : null}
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "overview", label: <span data-testid="listen-tab-overview">评课结果</span>, children: <Aggregate rec={rec} /> },
            ...(p.can_evaluate
              ? [{ key: "score", label: <span data-testid="listen-tab-score">我的评分</span>, children: <ScoreForm recordId={rec.id} /> }]
              : []),
            { key: "files", label: <span data-testid="listen-tab-files">评课文件</span>, children: tab === "files" ? <Files rec={rec} /> : null },
            { key: "voices", label: <span data-testid="listen-tab-voices">语音点评</span>, children: tab === "voices" ? <Voices rec={rec} /> : null },
            {
              key: "discuss",
              label: <span data-testid="listen-tab-discuss">研讨</span>,
              children: tab === "discuss" ? <DiscussionPanel kind="listen" refId={rec.id} chatKey="TPK" status={p.can_discuss ? 1 : 2} /> : null,
            },
            {
              key: "after",
              label: <span data-testid="listen-tab-after">课后反思</span>,
              children: tab === "after" ? <AfterClassList recordId={rec.id} /> : null,
            },
          ]}
        />
      </Card>
      <ListenForm
        open={editing}
        communityId={rec.community_id}
        editing={{ ...rec, participation_account_ids: evaluators.map((m) => m.account_id) }}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void qc.invalidateQueries({ queryKey: ["listen"] });
        }}
      />
    </div>
  );
}

const STATUS_NAMES: Record<number, [string, string]> = { 1: ["已提交", "green"], 0: ["草稿", "orange"], [-1]: ["未评", "default"] };

/** The aggregate (c289) and who has evaluated. */
function Aggregate({ rec }: { rec: ListenDetail }) {
  const s = useTeacherScore(rec.id);
  const members = rec.members ?? [];
  return (
    <div data-testid="listen-aggregate">
      {s.isLoading ? <Spin style={{ display: "block", margin: "24px auto" }} /> : null}
      {s.data ? (
        <>
          <div className="yk-listen-agg yk-prep-stat-cards">
            <div className="yk-prep-stat">
              <b data-testid="listen-agg-average">{formatScore(s.data.total.mean)}</b>
              <span>平均总分</span>
            </div>
            <div className="yk-prep-stat">
              <b data-testid="listen-agg-count">{s.data.total.count}</b>
              <span>已提交评分</span>
            </div>
            <div className="yk-prep-stat">
              <b data-testid="listen-agg-min">{formatScore(s.data.total.min)}</b>
              <span>最低总分</span>
            </div>
            <div className="yk-prep-stat">
              <b data-testid="listen-agg-max">{formatScore(s.data.total.max)}</b>
              <span>最高总分</span>
            </div>
            <div className="yk-prep-stat">
              <b data-testid="listen-agg-stddev">{formatScore(s.data.total.stddev)}</b>
              <span>标准差</span>
            </div>
          </div>
          {s.data.items.length && s.data.total.count ? (
            <>
              <ScoreSpreadChart items={s.data.items} dimensions={s.data.dimensions} />
              <Table
                size="small"
                rowKey="indicator_id"
                pagination={false}
                style={{ marginTop: 12 }}
                data-testid="listen-spread-table"
                dataSource={s.data.items}
                columns={[
                  { title: "维度", dataIndex: "pid", width: 140, render: (pid: number) => s.data?.dimensions.find((d) => d.indicator_id === pid)?.name ?? "—" },
                  { title: "评分项", dataIndex: "name" },
                  { title: "分值", key: "range", width: 80, render: (_: unknown, r) => `${formatScore(r.min_score)}–${formatScore(r.max_score)}` },
                  {
                    title: "平均",
                    key: "mean",
                    width: 70,
                    render: (_: unknown, r) => (
                      <b className="yk-listen-table-num" data-testid="spread-mean">
                        {formatScore(r.score.mean)}
                      </b>
                    ),
                  },
                  { title: "最低", key: "min", width: 70, render: (_: unknown, r) => <span data-testid="spread-min">{formatScore(r.score.min)}</span> },
                  { title: "最高", key: "max", width: 70, render: (_: unknown, r) => <span data-testid="spread-max">{formatScore(r.score.max)}</span> },
                  { title: "标准差", key: "sd", width: 70, render: (_: unknown, r) => formatScore(r.score.stddev) },
                ]}
              />
              {s.data.evaluators.length ? (
                <div className="yk-muted" style={{ marginTop: 8 }} data-testid="listen-evaluator-totals">
                  各评课人总分：{s.data.evaluators.map((e) => `${e.account_name} ${formatScore(e.total_score)}`).join("；")}
                </div>
              ) : null}
            </>
          ) : (
            <EmptyState text="还没有评课人提交评分" />
          )}
        </>
      ) : s.isError ? (
        <EmptyState text="评分结果加载失败" />
      ) : null}
      <h4 style={{ marginTop: 16 }}>参与人员</h4>
      <Table
        size="small"
        rowKey="account_id"
        pagination={false}
        dataSource={members}
        data-testid="listen-members"
        columns={[
          { title: "姓名", dataIndex: "realname" },
          { title: "角色", dataIndex: "role_name", width: 120 },
          {
            title: "评分状态",
            dataIndex: "evaluation_status",
            width: 120,
            render: (v: number | null, r) => {
              if (r.role !== 3) return "—";
              const [name, color] = STATUS_NAMES[v ?? -1] ?? STATUS_NAMES[-1]!;
              return <Tag color={color}>{name}</Tag>;
            },
          },
        ]}
      />
    </div>
  );
}

function Files({ rec }: { rec: ListenDetail }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["listen", "files", rec.id],
    queryFn: () => listenCall(calls.listenEvaluateFileList, { record_id: rec.id, page: 1, limit: 100 }),
  });
  const list = Array.isArray(q.data) ? q.data : (q.data?.list ?? []);
  const attach = async (f: FileRecord) => {
    try {
      await listenCall(calls.listenEvaluateFile, { record_id: rec.id, fileArr: [{ file_id: f.id, file_name: f.file_name }] });
      toast.success("文件已添加");
      await qc.invalidateQueries({ queryKey: ["listen", "files", rec.id] });
    } catch {
      // shown
    }
  };
  const del = async (f: ListenFileRow) => {
    try {
      await listenCall(f.type === 2 ? calls.listenDeleteRecordFile : calls.listenDeleteEvaluateFile, { id: f.id });
      toast.success("已删除");
      await qc.invalidateQueries({ queryKey: ["listen", "files", rec.id] });
    } catch {
      // shown
    }
  };
  return (
    <div data-testid="listen-files">
      {rec.power.is_member || rec.power.can_manage ? (
        <FileUpload kind="any" showList={false} onSuccess={(f) => void attach(f)} buttonText="上传评课文件" style={{ marginBottom: 12 }} />
      ) : null}
      <Table
        size="small"
        rowKey="id"
        loading={q.isLoading}
        pagination={false}
        dataSource={list}
        locale={{ emptyText: "暂无文件" }}
        columns={[
          {
            title: "文件",
            dataIndex: "file_name",
            render: (v: string, r) => (
              <a href={r.file_path} target="_blank" rel="noreferrer">
                {v}
              </a>
            ),
          },
          { title: "类别", dataIndex: "type", width: 100, render: (v: number, r) => r.type_name || (v === 2 ? "课堂资料" : "评课材料") },
          { title: "上传人", dataIndex: "account_name", width: 120 },
          { title: "时间", dataIndex: "created_at", width: 160, render: (v: string) => v?.slice(0, 16) },
          {
            title: "操作",
            key: "op",
            width: 80,
            render: (_: unknown, r) =>
              r.can_delete ? (
                <Popconfirm title="确定删除该文件吗？" okText="删除" cancelText="取消" onConfirm={() => del(r)}>
                  <a style={{ color: "#d4380d" }}>删除</a>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

/** Voices of a record (c278) and the recorder (c277: the MP3 the recorder uploaded). */
export function Voices({ rec, videoTime, onSeek }: { rec: ListenDetail; videoTime?: () => number | undefined; onSeek?: (t: number) => void }) {
  const qc = useQueryClient();
  const q = useListenVoices(rec.id);
  const list = q.data ?? [];
  const add = async (f: FileRecord) => {
    const t = videoTime?.();
    try {
      await listenCall(calls.listenAddEvaluateVoice, {
        record_id: rec.id,
        file_id: f.id,
        duration: Math.round(f.duration ?? 0),
        ...(typeof t === "number" ? { video_time: Math.round(t * 100) / 100 } : {}),
      });
      toast.success("语音点评已保存");
      await qc.invalidateQueries({ queryKey: ["listen", "voices", rec.id] });
    } catch {
      // shown
    }
  };
  const del = async (v: ListenVoiceRow) => {
    try {
      await listenCall(calls.listenDeleteEvaluateVoice, { id: v.id });
      toast.success("已删除");
      await qc.invalidateQueries({ queryKey: ["listen", "voices", rec.id] });
    } catch {
      // shown
    }
  };
  return (
    <div data-testid="listen-voices">
      {rec.power.can_evaluate || rec.power.can_discuss ? (
        <AudioRecorder showList={false} timeLimit={5} onSuccess={(f) => void add(f)} style={{ marginBottom: 12 }} />
      ) : null}
      {list.length ? (
        <Space direction="vertical" style={{ width: "100%" }}>
          {list.map((v) => (
            <div key={v.id} style={{ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" }} data-testid="listen-voice">
              <b>{v.account_name}</b>
              {typeof v.video_time === "number" ? (
                <Tag color="green" style={{ cursor: onSeek ? "pointer" : undefined }} onClick={() => onSeek?.(v.video_time ?? 0)}>
                  {clock(v.video_time)}
                </Tag>
              ) : null}
              <audio controls preload="none" src={v.file_path} style={{ height: 32 }} />
              <span className="yk-muted">{v.created_at?.slice(5, 16)}</span>
              {v.can_delete ? (
                <Popconfirm title="确定删除该语音吗？" okText="删除" cancelText="取消" onConfirm={() => del(v)}>
                  <a style={{ color: "#d4380d" }}>删除</a>
                </Popconfirm>
              ) : null}
            </div>
          ))}
        </Space>
      ) : (
        <EmptyState text={q.isLoading ? "加载中…" : "暂无语音点评"} />
      )}
    </div>
  );
}

/** c278: a record's voices; `poll` (ms) refreshes them (the review page's timeline shows other evaluators' too). */
export function useListenVoices(recordId: number, poll?: number) {
  return useQuery({
    queryKey: ["listen", "voices", recordId],
    refetchInterval: poll ?? false,
    queryFn: async () => {
      const a = await listenCall(calls.listenEvaluateVoiceList, { record_id: recordId, page: 1, limit: 100 });
      return Array.isArray(a) ? a : (a?.list ?? []);
    },
  });
}
