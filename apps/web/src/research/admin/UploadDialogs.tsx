/**
 * The dialogs of 课堂分析: 上传分析 (a video through the chunked upload of #5, the lesson's name, period/grade/subject,
 * an optional classroom transcript and the S-T interval → /research/local), 重新分析 (analysisAgain with an interval)
 * and 重新上传 (reUpload: a new video and/or transcript).
 */
import { DeleteOutlined, FileTextOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { calls, ResearchLocalPayload, type AnalysisCourseRow, type FileRecord } from "@yanke/protocol";
import { Alert, Button, Checkbox, Form, Input, Modal, Progress, Radio, Select, Space, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { useGrades, usePeriods } from "../../admin/pickers";
import { ChunkedUploader } from "../../components/upload";
import { useFilePicker } from "../../components/upload/useFilePicker";
import { useModuleUpload } from "../../components/upload/useModuleUpload";
import { useAppState } from "../../session/store";
import { researchApi } from "../api";
import { checkTranscript, INTERVAL_OPTIONS, TRANSCRIPT_EXTS } from "./admin-model";

/** The first message of a zod refusal, or null. */
function refusal(r: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return r.success ? null : (r.error?.issues[0]?.message ?? "输入有误");
}

const nameOfFile = (fileName: string) => (fileName.replace(/\.[^.]+$/, "").trim() || fileName).slice(0, 100);

/** What a transcript file should look like (shown under the picker). */
function TranscriptHelp() {
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: "6px 0 0" }}>
      可选。SRT / VTT 字幕按时间轴导入；每句以“老师：”“学生：”（或 T：/ S：）开头时据此区分师生，否则按语音判定。TXT 每行一句，可带时间，如
      <Typography.Text code style={{ fontSize: 12 }}>
        [00:01:05] 老师：同学们好
      </Typography.Text>
      ，不带时间的行按顺序分布在整节课中。没有课堂实录时，依赖文字的话语分析、提问与理答等部分会在报告中标注为不可用。
    </Typography.Paragraph>
  );
}

/** An optional transcript: one .srt/.vtt/.txt through /file/upload. */
function TranscriptPicker({ value, onChange, disabled }: { value: FileRecord | null; onChange: (f: FileRecord | null) => void; disabled?: boolean }) {
  const { percent, upload, cancel } = useModuleUpload({
    module: "any",
    check: checkTranscript,
    success: "课堂实录已上传",
    fail: "课堂实录上传失败，请重试",
    onDone: onChange,
  });
  const picker = useFilePicker({
    accept: TRANSCRIPT_EXTS.map((e) => `.${e}`).join(","),
    testId: "analysis-transcript-input",
    onFiles: (f) => void upload(f[0]),
  });
  const busy = percent !== null;
  return (
    <div data-testid="analysis-transcript">
      {picker.input}
      {value ? (
        <Space>
          <PaperClipOutlined />
          <span data-testid="analysis-transcript-name">{value.file_name}</span>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={disabled}>
            移除
          </Button>
        </Space>
      ) : (
        <Space>
          <Button icon={<FileTextOutlined />} onClick={picker.open} disabled={disabled || busy} loading={busy}>
            选择课堂实录
          </Button>
          {busy ? (
            <Button type="link" size="small" onClick={cancel}>
              取消上传
            </Button>
          ) : null}
        </Space>
      )}
      {busy ? <Progress percent={percent} size="small" style={{ maxWidth: 360 }} /> : null}
    </div>
  );
}

function useSubjects(schoolId: number, periodId: number) {
  const q = useQuery({
    queryKey: ["research", "upload-subjects", schoolId, periodId],
    enabled: periodId > 0,
    staleTime: 60_000,
    queryFn: () => call(calls.periodSubjectList, { period_id: periodId, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  return (Array.isArray(q.data) ? q.data : []).map((s) => ({ value: s.id, label: s.name }));
}

interface UploadForm {
  name: string;
  period_id: number;
  grade_id: number;
  subject_id: number;
  interval: number;
}
const BLANK: UploadForm = { name: "", period_id: 0, grade_id: 0, subject_id: 0, interval: 30 };

/** 上传分析: the video first (chunked, resumable), then 开始分析 registers the lesson and queues its analysis. */
export function UploadAnalysisDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (row: AnalysisCourseRow) => void }) {
  const schoolId = useAppState((s) => s.session.school_id) || 0;
  const [form, setForm] = useState<UploadForm>(BLANK);
  const [video, setVideo] = useState<{ id: number; name: string } | null>(null);
  const [transcript, setTranscript] = useState<FileRecord | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  // Closing the dialog keeps what was entered (an upload goes on in the background); a submitted lesson clears it.
  const reset = () => {
    setForm(BLANK);
    setVideo(null);
    setTranscript(null);
    setError(null);
    setGeneration((g) => g + 1);
  };
  const periods = usePeriods(schoolId || undefined, open);
  const grades = useGrades(schoolId || undefined, form.period_id || undefined);
  const subjects = useSubjects(schoolId, form.period_id);

  const submit = async () => {
    if (!video) return setError("请先上传课堂视频");
    const payload = {
      file_id: video.id,
      name: form.name.trim() || nameOfFile(video.name),
      interval: form.interval,
      ...(form.period_id ? { period_id: form.period_id } : {}),
      ...(form.grade_id ? { grade_id: form.grade_id } : {}),
      ...(form.subject_id ? { subject_id: form.subject_id } : {}),
      ...(transcript ? { transcript_file_id: transcript.id } : {}),
    };
    const bad = refusal(ResearchLocalPayload.safeParse(payload));
    if (bad) return setError(bad);
    setSaving(true);
    try {
      const row = await researchApi.local(payload);
      toast.success("已提交分析，正在排队");
      reset();
      onCreated(row);
    } catch {
      /* the API client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="上传分析"
      width={600}
      onCancel={onClose}
      maskClosable={!uploading}
      data-testid="analysis-upload-dialog"
      footer={
        <Space>
          <Button onClick={onClose} disabled={saving}>
            {uploading ? "后台继续上传" : "关闭"}
          </Button>
          <Button type="primary" onClick={() => void submit()} loading={saving} disabled={!video || uploading} data-testid="analysis-upload-submit">
            开始分析
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label="课堂视频" required extra="H.264 编码的 MP4，最大 1GB；中断后重新选择同一文件即可断点续传。" style={{ marginBottom: 14 }}>
          {video ? (
            <Space data-testid="analysis-upload-video">
              <PaperClipOutlined />
              <span>{video.name}</span>
              <Typography.Text type="success">已上传</Typography.Text>
              <Button type="link" size="small" onClick={() => setVideo(null)} disabled={saving}>
                重新选择
              </Button>
            </Space>
          ) : (
            <ChunkedUploader
              key={generation}
              type="video"
              research
              disclaimer
              buttonText="选择视频并上传"
              onBusyChange={setUploading}
              onSuccess={(a, f) => {
                // The uploader is replaced by the file's name: it will not report the end of its busy state itself.
                setUploading(false);
                setVideo({ id: a.id, name: f.name });
                setForm((x) => (x.name ? x : { ...x, name: nameOfFile(f.name) }));
                setError(null);
              }}
            />
          )}
        </Form.Item>
        <Form.Item label="课程名称" required validateStatus={error ? "error" : undefined} help={error ?? "留空则使用视频文件名"} style={{ marginBottom: 14 }}>
          <Input
            value={form.name}
            maxLength={100}
            showCount
            placeholder="例如：分数的初步认识"
            onChange={(e) => {
              setForm((x) => ({ ...x, name: e.target.value }));
              setError(null);
            }}
            data-testid="analysis-upload-name"
          />
        </Form.Item>
        <div style={{ display: "flex", gap: 12 }}>
          <Form.Item label="学段" style={{ flex: 1, marginBottom: 14 }}>
            <Select
              allowClear
              placeholder="可选"
              value={form.period_id || undefined}
              options={periods}
              onChange={(v?: number) => setForm((x) => ({ ...x, period_id: v ?? 0, grade_id: 0, subject_id: 0 }))}
              data-testid="analysis-upload-period"
            />
          </Form.Item>
          <Form.Item label="年级" style={{ flex: 1, marginBottom: 14 }}>
            <Select
              allowClear
              disabled={!form.period_id}
              placeholder={form.period_id ? "可选" : "请先选择学段"}
              value={form.grade_id || undefined}
              options={grades}
              onChange={(v?: number) => setForm((x) => ({ ...x, grade_id: v ?? 0 }))}
              data-testid="analysis-upload-grade"
            />
          </Form.Item>
          <Form.Item label="学科" style={{ flex: 1, marginBottom: 14 }}>
            <Select
              allowClear
              disabled={!form.period_id}
              placeholder={form.period_id ? "可选" : "请先选择学段"}
              value={form.subject_id || undefined}
              options={subjects}
              onChange={(v?: number) => setForm((x) => ({ ...x, subject_id: v ?? 0 }))}
              data-testid="analysis-upload-subject"
            />
          </Form.Item>
        </div>
        <Form.Item label="课堂实录" style={{ marginBottom: 14 }}>
          <TranscriptPicker value={transcript} onChange={setTranscript} disabled={saving} />
          <TranscriptHelp />
        </Form.Item>
        <Form.Item label="S-T 采样间隔" extra="每隔多长时间对课堂采样一次，判定为教师行为（T）或学生行为（S）；间隔越短越细。" style={{ marginBottom: 0 }}>
          <Radio.Group
            value={form.interval}
            onChange={(e) => setForm((x) => ({ ...x, interval: Number(e.target.value) }))}
            options={INTERVAL_OPTIONS}
            optionType="button"
            data-testid="analysis-upload-interval"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 重新分析: queue the lesson again, optionally with another S-T interval. */
export function AnalyseAgainDialog({ row, onClose, onDone }: { row: AnalysisCourseRow | null; onClose: () => void; onDone: () => void }) {
  const [interval, setInterval] = useState(30);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (row) setInterval(row.interval || 30);
  }, [row]);
  const submit = async () => {
    if (!row) return;
    setSaving(true);
    try {
      await researchApi.analysisAgain({ id: row.id, interval });
      toast.success("已重新提交分析");
      onDone();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  const options = INTERVAL_OPTIONS.some((o) => o.value === interval) ? INTERVAL_OPTIONS : [...INTERVAL_OPTIONS, { value: interval, label: `${interval} 秒` }];
  return (
    <Modal
      open={row !== null}
      title="重新分析"
      okText="重新分析"
      cancelText="取消"
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "analysis-again-ok" }}
      data-testid="analysis-again-dialog"
    >
      <Typography.Paragraph>重新分析「{row?.name}」：原有的分析结果将被新的结果替换，人工修正的编码会保留。</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="S-T 采样间隔" style={{ marginBottom: 0 }}>
          <Radio.Group
            value={interval}
            onChange={(e) => setInterval(Number(e.target.value))}
            options={options}
            optionType="button"
            data-testid="analysis-again-interval"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 重新上传: a new video and/or a new (or no) transcript; the lesson is analysed again. */
export function ReUploadDialog({ row, onClose, onDone }: { row: AnalysisCourseRow | null; onClose: () => void; onDone: () => void }) {
  const [video, setVideo] = useState<{ id: number; name: string } | null>(null);
  const [transcript, setTranscript] = useState<FileRecord | null>(null);
  const [removeTranscript, setRemoveTranscript] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: row is the trigger: the dialog opened for another lesson (or again) starts empty.
  useEffect(() => {
    setVideo(null);
    setTranscript(null);
    setRemoveTranscript(false);
  }, [row]);
  const ready = Boolean(video || transcript || removeTranscript);
  const submit = async () => {
    if (!row || !ready) return;
    setSaving(true);
    try {
      await researchApi.reUpload({
        id: row.id,
        ...(video ? { file_id: video.id } : {}),
        ...(transcript ? { transcript_file_id: transcript.id } : {}),
        remove_transcript: removeTranscript && !transcript ? 1 : 0,
      });
      toast.success("已重新上传，正在重新分析");
      onDone();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title="重新上传"
      width={560}
      onCancel={onClose}
      maskClosable={!uploading}
      destroyOnHidden
      data-testid="analysis-reupload-dialog"
      footer={
        <Space>
          <Button onClick={onClose} disabled={saving}>
            取消
          </Button>
          <Button type="primary" onClick={() => void submit()} loading={saving} disabled={!ready || uploading} data-testid="analysis-reupload-ok">
            上传并重新分析
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 14 }} message={`为「${row?.name ?? ""}」替换视频或课堂实录，两者至少选一项；提交后将重新分析。`} />
      <Form layout="vertical">
        <Form.Item label="新的课堂视频" extra="不选择则保留原视频。" style={{ marginBottom: 14 }}>
          {video ? (
            <Space>
              <PaperClipOutlined />
              <span>{video.name}</span>
              <Typography.Text type="success">已上传</Typography.Text>
              <Button type="link" size="small" onClick={() => setVideo(null)}>
                重新选择
              </Button>
            </Space>
          ) : (
            <ChunkedUploader
              type="video"
              research
              buttonText={<span>选择新视频</span>}
              onBusyChange={setUploading}
              onSuccess={(a, f) => {
                setUploading(false);
                setVideo({ id: a.id, name: f.name });
              }}
            />
          )}
        </Form.Item>
        <Form.Item label="新的课堂实录" style={{ marginBottom: 0 }}>
          <TranscriptPicker value={transcript} onChange={setTranscript} disabled={saving || removeTranscript} />
          {row?.has_transcript ? (
            <Checkbox
              checked={removeTranscript}
              disabled={Boolean(transcript)}
              onChange={(e) => setRemoveTranscript(e.target.checked)}
              style={{ marginTop: 8 }}
            >
              删除已导入的课堂实录（改由语音自动判定师生发言）
            </Checkbox>
          ) : null}
          <TranscriptHelp />
        </Form.Item>
      </Form>
      {uploading ? (
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">
            <UploadOutlined /> 视频上传中…
          </Typography.Text>
        </Space>
      ) : null}
    </Modal>
  );
}
