import { useQuery } from "@tanstack/react-query";
import {
  type PayloadOf,
  calls,
  MyVideoSave,
  MyVideoUpdate,
  PAGE,
  VIDEO_SHARE_DAYS,
  type MergeAnswer,
  type VideoRow,
  type VideoShareAnswer,
} from "@yanke/protocol";
import { Alert, Button, Form, Input, Modal, QRCode, Select, Space, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { call } from "../../../api/client";
import { toast } from "../../../api/toast";
import { ChunkedUploader } from "../../../components/upload";

/** The first message of a zod refusal, or null. */
function refusal(r: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return r.success ? null : (r.error?.issues[0]?.message ?? "输入有误");
}

/** A file name without its extension, as the default name of an uploaded video. */
export function nameOfFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, "").trim();
  return (base || fileName).slice(0, 100);
}

function usePeriodOptions(schoolId: number, enabled: boolean) {
  const q = useQuery({
    queryKey: ["myVideo", "periods", schoolId],
    enabled,
    staleTime: 60_000,
    queryFn: () => call(calls.commonPeriodList, { page: 1, limit: PAGE.maxLimit, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  return (q.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }));
}

function usePeriodItems(c: typeof calls.periodGrades | typeof calls.periodSubjectList, schoolId: number, periodId: number) {
  const q = useQuery({
    queryKey: ["myVideo", c.path, schoolId, periodId],
    enabled: periodId > 0,
    staleTime: 60_000,
    queryFn: () => call(c, { period_id: periodId, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  return (q.data ?? []).map((x) => ({ value: x.id, label: x.name }));
}

/**
 * 编辑: the video's name, period, grade and subject through /v2/my_video/update (only what changed is sent; the
 * grades and subjects offered are those of the period chosen, c083 / c047).
 */
export function EditDialog({ video, onClose, onSaved }: { video: VideoRow | null; onClose: () => void; onSaved: (v: VideoRow) => void }) {
  const [name, setName] = useState("");
  const [cls, setCls] = useState({ period_id: 0, grade_config_id: 0, subject_id: 0 });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setName(video?.name ?? "");
    setCls({ period_id: video?.period_id ?? 0, grade_config_id: video?.grade_config_id ?? 0, subject_id: video?.subject_id ?? 0 });
    setError(null);
  }, [video]);
  const schoolId = video?.school_id ?? 0;
  const periods = usePeriodOptions(schoolId, video !== null);
  const grades = usePeriodItems(calls.periodGrades, schoolId, cls.period_id);
  const subjects = usePeriodItems(calls.periodSubjectList, schoolId, cls.period_id);
  // A video filed under a period, grade or subject that is no longer offered still shows its own name.
  const withOwn = (opts: { value: number; label: string }[], id: number, label: string | undefined) =>
    id && label && !opts.some((o) => o.value === id) ? [{ value: id, label }, ...opts] : opts;

  const submit = async () => {
    if (!video) return;
    const payload: PayloadOf<typeof calls.myVideoUpdate> = { id: video.id, name: name.trim() };
    const changed = cls.period_id !== video.period_id || cls.grade_config_id !== video.grade_config_id || cls.subject_id !== video.subject_id;
    if (changed) Object.assign(payload, cls);
    const bad = refusal(MyVideoUpdate.safeParse(payload));
    if (bad) return setError(bad);
    setSaving(true);
    try {
      const saved = await call(calls.myVideoUpdate, payload);
      toast.success("修改成功");
      onSaved(saved);
    } catch {
      /* the API client showed the server's message */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={video !== null}
      title="编辑视频"
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      {/* Enter in an input submits the form. */}
      <Form layout="vertical" onFinish={() => void submit()} data-testid="my-video-rename-form">
        <Form.Item label="视频名称" required validateStatus={error ? "error" : undefined} help={error ?? undefined} style={{ marginBottom: 12 }}>
          <Input
            autoFocus
            value={name}
            maxLength={100}
            showCount
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            data-testid="my-video-rename-input"
          />
        </Form.Item>
        <Form.Item label="学段" style={{ marginBottom: 12 }}>
          <Select
            allowClear
            placeholder="未设置"
            value={cls.period_id || undefined}
            options={withOwn(periods, video?.period_id ?? 0, video?.period_name)}
            onChange={(v?: number) => setCls({ period_id: v ?? 0, grade_config_id: 0, subject_id: 0 })}
            data-testid="my-video-edit-period"
          />
        </Form.Item>
        <div style={{ display: "flex", gap: 12 }}>
          <Form.Item label="年级" style={{ flex: 1, marginBottom: 8 }}>
            <Select
              allowClear
              placeholder={cls.period_id ? "未设置" : "请先选择学段"}
              disabled={!cls.period_id}
              value={cls.grade_config_id || undefined}
              options={cls.period_id === video?.period_id ? withOwn(grades, video.grade_config_id, video.grade_name) : grades}
              onChange={(v?: number) => setCls((c) => ({ ...c, grade_config_id: v ?? 0 }))}
              data-testid="my-video-edit-grade"
            />
          </Form.Item>
          <Form.Item label="学科" style={{ flex: 1, marginBottom: 8 }}>
            <Select
              allowClear
              placeholder={cls.period_id ? "未设置" : "请先选择学段"}
              disabled={!cls.period_id}
              value={cls.subject_id || undefined}
              options={cls.period_id === video?.period_id ? withOwn(subjects, video.subject_id, video.subject_name) : subjects}
              onChange={(v?: number) => setCls((c) => ({ ...c, subject_id: v ?? 0 }))}
              data-testid="my-video-edit-subject"
            />
          </Form.Item>
        </div>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

/** 分享: a 7-day share link of the video (/v2/my_video/share), as a copyable address and a QR code for phones. */
export function ShareDialog({ video, onClose }: { video: VideoRow | null; onClose: () => void }) {
  const [share, setShare] = useState<VideoShareAnswer | null>(null);
  const [failed, setFailed] = useState("");
  useEffect(() => {
    setShare(null);
    setFailed("");
    if (!video) return;
    let live = true;
    call(calls.myVideoShare, { id: video.id }).then(
      (s) => live && setShare(s),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : "生成分享链接失败"),
    );
    return () => {
      live = false;
    };
  }, [video]);
  const link = share ? `${window.location.origin}${window.location.pathname}#${share.path}` : "";
  return (
    <Modal open={video !== null} title="分享视频" footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose} destroyOnHidden width={560}>
      {failed ? (
        <Alert type="error" showIcon title={failed} />
      ) : !share ? (
        <div className="yk-myvideo-loading" style={{ padding: "40px 0" }}>
          <Spin />
        </div>
      ) : (
        <div className="yk-myvideo-share" data-testid="my-video-share-dialog">
          <QRCode value={link} size={160} bordered data-testid="my-video-share-qr" />
          <div className="yk-myvideo-share-info">
            <Typography.Text strong ellipsis>
              《{video?.name}》
            </Typography.Text>
            <Typography.Paragraph
              className="yk-myvideo-share-link"
              copyable={{ text: link, tooltips: ["复制链接", "已复制"] }}
              data-testid="my-video-share-link"
            >
              {link}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              链接 {VIDEO_SHARE_DAYS} 天内有效（至 {share.expires_at.slice(0, 16)}），打开需登录平台账号；手机扫码即可观看。
            </Typography.Text>
          </div>
        </div>
      )}
    </Modal>
  );
}

/**
 * 上传视频: an H.264 MP4 through the resumable uploader (progress shown), then registered as a video with
 * /v2/my_video/save under the name typed (the file's name when left empty); processing follows on the server.
 */
export function UploadDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (v: VideoRow) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef("");
  nameRef.current = name;
  useEffect(() => {
    if (open) {
      setName("");
      setError(null);
    }
  }, [open]);

  const register = async (answer: MergeAnswer, file: File) => {
    const payload = { file_id: answer.id, name: nameRef.current.trim() || nameOfFile(file.name) };
    const bad = refusal(MyVideoSave.safeParse(payload));
    if (bad) return setError(bad);
    setSaving(true);
    try {
      const saved = await call(calls.myVideoSave, payload);
      toast.success("视频已上传，正在处理");
      onSaved(saved);
    } catch {
      /* the API client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  const check = (file: File) => {
    const wanted = nameRef.current.trim() || nameOfFile(file.name);
    return refusal(MyVideoSave.pick({ name: true }).safeParse({ name: wanted }));
  };

  return (
    <Modal
      open={open}
      title="上传视频"
      footer={
        <Button onClick={onClose} disabled={saving}>
          {busy ? "后台继续上传" : "关闭"}
        </Button>
      }
      onCancel={onClose}
      maskClosable={!busy}
      width={520}
      data-testid="my-video-upload-dialog"
    >
      <Form layout="vertical" className="yk-myvideo-upload">
        <Form.Item label="视频名称" validateStatus={error ? "error" : undefined} help={error ?? "留空则使用文件名"} style={{ marginBottom: 16 }}>
          <Input
            value={name}
            maxLength={100}
            placeholder="例如：二次函数公开课"
            disabled={busy || saving}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            data-testid="my-video-upload-name"
          />
        </Form.Item>
        <Form.Item label="视频文件" extra="H.264 编码的 MP4，最大 5GB；中断后重新选择同一文件即可断点续传。" style={{ marginBottom: 0 }}>
          <ChunkedUploader type="video" disclaimer buttonText="选择视频并上传" check={check} onBusyChange={setBusy} onSuccess={(a, f) => void register(a, f)} />
          {saving ? (
            <Space style={{ marginTop: 8 }}>
              <Spin size="small" />
              <Typography.Text type="secondary">正在登记视频…</Typography.Text>
            </Space>
          ) : null}
        </Form.Item>
      </Form>
    </Modal>
  );
}
