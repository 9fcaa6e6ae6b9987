/**
 * 版本 (the right drawer of the co-editing page): save a named version (versionSaving), the list (wpsFileVersion),
 * view one (wpsDetailFile with version_id), compare two or one with the current text (wpsFileCompare: added lines
 * green, removed red, changed lines with their words marked), restore one (wpsFileRestore — a forward change every
 * editor sees; the server keeps a 恢复前 version first), export one, delete one.
 */
import { DeleteOutlined, DiffOutlined, EyeOutlined, RollbackOutlined, SaveOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calls, type LessonPlanCompareAnswer, type LessonPlanDiffPart, type LessonPlanVersionRow } from "@yanke/protocol";
import { App, Button, Checkbox, Drawer, Input, List, Modal, Space, Spin, Statistic, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { call } from "../../api/client";
import { toast } from "../../api/toast";
import { EmptyState } from "../../components/EmptyState";
import { ExportButton } from "./ExportButton";
import { PlanHtml } from "./PlanHtml";
import "./lessonplan.css";

export const RESTORE_CONFIRM = "恢复后当前内容会被替换，系统会先自动保存一个版本";

export interface VersionPanelProps {
  open: boolean;
  onClose: () => void;
  docId: number;
  planTitle: string;
  canEdit: boolean;
}

const KIND_COLOR: Record<string, string> = { manual: "blue", import: "purple", restore: "orange" };

export function VersionPanel({ open, onClose, docId, planTitle, canEdit }: VersionPanelProps) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [name, setName] = useState("");
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [viewing, setViewing] = useState<LessonPlanVersionRow | null>(null);
  const [comparing, setComparing] = useState<{ a: number; b: number } | null>(null);

  const q = useQuery({
    queryKey: ["lessonplan", "versions", docId],
    enabled: open && docId > 0,
    queryFn: () => call(calls.wpsFileVersion, { id: docId }),
  });
  const list = q.data?.list ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: ["lessonplan"] });

  const save = async () => {
    setSaving(true);
    try {
      const v = await call(calls.versionSaving, { id: docId, name: name.trim() });
      toast.success(`已保存版本「${v.name}」`);
      setName("");
      await refresh();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  const restore = (v: LessonPlanVersionRow) =>
    modal.confirm({
      title: `恢复到「${v.name}」`,
      content: RESTORE_CONFIRM,
      okText: "恢复",
      cancelText: "取消",
      okButtonProps: { "data-testid": "lp-restore-ok" } as Record<string, string>,
      onOk: async () => {
        try {
          const r = await call(calls.lessonPlanRestore, { id: docId, version_id: v.id });
          toast.success(`已恢复到「${v.name}」，恢复前的内容已保存为「${r.backup.name}」`);
          await refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const remove = (v: LessonPlanVersionRow) =>
    modal.confirm({
      title: "删除版本",
      content: `确定删除版本「${v.name}」吗？删除后不能恢复。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await call(calls.delWpsFile, { id: docId, version_id: v.id });
          toast.success("版本已删除");
          setPicked((p) => p.filter((x) => x !== v.id));
          await refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });

  const togglePick = (id: number, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  const compareSelected = () => {
    if (picked.length !== 2) return;
    // A is the older side (the list is newest first: a larger index is older).
    const [x, y] = picked.map((id) => list.findIndex((v) => v.id === id));
    const older = x > y ? picked[0] : picked[1];
    const newer = older === picked[0] ? picked[1] : picked[0];
    setComparing({ a: older, b: newer });
  };

  return (
    <Drawer
      title={`版本 · ${planTitle}`}
      open={open}
      onClose={onClose}
      size={480}
      destroyOnHidden
      data-testid="lp-versions"
      footer={
        <Space style={{ width: "100%", justifyContent: "space-between" }}>
          <span className="yk-muted">{picked.length === 2 ? "已选 2 个版本" : "勾选两个版本可以对比"}</span>
          <Button icon={<DiffOutlined />} disabled={picked.length !== 2} onClick={compareSelected} data-testid="lp-compare-picked">
            对比所选版本
          </Button>
        </Space>
      }
    >
      {canEdit ? (
        <Space.Compact style={{ width: "100%", marginBottom: 12 }}>
          <Input
            value={name}
            maxLength={60}
            placeholder="版本名称（可不填，默认“版本 N”）"
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void save()}
            data-testid="lp-version-name"
          />
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="lp-version-save">
            保存版本
          </Button>
        </Space.Compact>
      ) : null}
      <Spin spinning={q.isFetching}>
        {q.isError ? (
          <EmptyState text={(q.error as Error)?.message || "版本加载失败"} />
        ) : list.length === 0 && !q.isFetching ? (
          <EmptyState text="还没有保存过版本" />
        ) : (
          <List
            className="yk-lp-versions"
            dataSource={list}
            renderItem={(v) => (
              <List.Item key={v.id} data-testid="lp-version" data-id={v.id} data-name={v.name}>
                <div style={{ display: "flex", gap: 10, width: "100%", alignItems: "flex-start" }}>
                  <Checkbox
                    checked={picked.includes(v.id)}
                    onChange={(e) => togglePick(v.id, e.target.checked)}
                    data-testid="lp-version-pick"
                    style={{ marginTop: 2 }}
                  />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Space size={6} wrap>
                      <span className="yk-lp-version-name">{v.name}</span>
                      <Tag color={KIND_COLOR[v.kind] ?? "default"} style={{ marginInlineEnd: 0 }}>
                        {v.kind_name}
                      </Tag>
                    </Space>
                    <div className="yk-muted" style={{ fontSize: 12, marginTop: 2 }}>
                      {v.created_by_name} · {v.created_at} · {v.text_length} 字
                    </div>
                    <Space size={0} wrap style={{ marginTop: 4, marginLeft: -7 }}>
                      <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(v)} data-testid="lp-version-view">
                        查看
                      </Button>
                      <Button type="link" size="small" icon={<DiffOutlined />} onClick={() => setComparing({ a: v.id, b: 0 })} data-testid="lp-version-compare">
                        与当前对比
                      </Button>
                      {canEdit ? (
                        <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => restore(v)} data-testid="lp-version-restore">
                          恢复
                        </Button>
                      ) : null}
                      <ExportButton docId={docId} versionId={v.id} type="link" size="small" />
                      {v.can_delete ? (
                        <Tooltip title="删除版本">
                          <Button
                            type="link"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(v)}
                            data-testid="lp-version-delete"
                            aria-label="删除版本"
                          />
                        </Tooltip>
                      ) : null}
                    </Space>
                  </div>
                </div>
              </List.Item>
            )}
          />
        )}
      </Spin>
      <VersionView docId={docId} version={viewing} onClose={() => setViewing(null)} />
      <CompareView docId={docId} pair={comparing} onClose={() => setComparing(null)} />
    </Drawer>
  );
}

function VersionView({ docId, version, onClose }: { docId: number; version: LessonPlanVersionRow | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ["lessonplan", "detail", docId, version?.id ?? 0],
    enabled: version !== null,
    queryFn: () => call(calls.wpsDetailFile, { id: docId, version_id: version!.id }),
  });
  return (
    <Modal
      open={version !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      title={version ? `查看版本「${version.name}」（只读）` : ""}
      width={820}
      destroyOnHidden
    >
      <Spin spinning={q.isFetching}>
        <div className="yk-lp-view" data-testid="lp-version-html">
          {q.data ? (
            q.data.text.trim() === "" ? (
              <EmptyState text="该版本没有内容" compact />
            ) : (
              <PlanHtml html={q.data.html} testId="lp-version-content" />
            )
          ) : (
            <div style={{ height: 120 }} />
          )}
        </div>
      </Spin>
    </Modal>
  );
}

function CompareView({ docId, pair, onClose }: { docId: number; pair: { a: number; b: number } | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ["lessonplan", "compare", docId, pair?.a ?? 0, pair?.b ?? 0],
    enabled: pair !== null,
    queryFn: () => call(calls.lessonPlanCompare, { id: docId, version_id: pair!.a, ...(pair!.b ? { other_version_id: pair!.b } : {}) }),
  });
  const d = q.data;
  const side = (s: LessonPlanCompareAnswer["a"]) => (s.version_id === 0 ? "当前内容" : `「${s.name}」${s.created_at ? `（${s.created_at}）` : ""}`);
  return (
    <Modal open={pair !== null} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} title="版本对比" width={900} destroyOnHidden>
      <Spin spinning={q.isFetching}>
        {q.isError ? (
          <EmptyState text={(q.error as Error)?.message || "对比失败"} />
        ) : d ? (
          <div data-testid="lp-compare">
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              从 <b>{side(d.a)}</b> 到 <b>{side(d.b)}</b>
            </Typography.Paragraph>
            <Space size={28} style={{ marginBottom: 12 }} data-testid="lp-compare-counts">
              <Statistic title="新增段落" value={d.counts.added} styles={{ content: { color: "#389e0d", fontSize: 20 } }} />
              <Statistic title="删除段落" value={d.counts.removed} styles={{ content: { color: "#cf1322", fontSize: 20 } }} />
              <Statistic title="修改段落" value={d.counts.changed} styles={{ content: { color: "#d48806", fontSize: 20 } }} />
              <Statistic title="新增 / 删除字数" value={`+${d.counts.added_chars} / -${d.counts.removed_chars}`} styles={{ content: { fontSize: 20 } }} />
            </Space>
            <DiffLines parts={d.parts} />
          </div>
        ) : (
          <div style={{ height: 160 }} />
        )}
      </Spin>
    </Modal>
  );
}

/** The compare's lines: same plain, added green (+), removed red and struck (−), changed yellow (~) with its words marked. */
export function DiffLines({ parts }: { parts: LessonPlanDiffPart[] }) {
  if (parts.length === 0) return <EmptyState text="两个版本都没有内容" compact />;
  if (parts.every((p) => p.type === "same")) {
    return (
      <>
        <Typography.Paragraph type="secondary">两个版本内容相同。</Typography.Paragraph>
        <Lines parts={parts} />
      </>
    );
  }
  return <Lines parts={parts} />;
}

function Lines({ parts }: { parts: LessonPlanDiffPart[] }) {
  const mark = { same: " ", added: "+", removed: "−", changed: "~" } as const;
  return (
    <div className="yk-lp-diff" data-testid="lp-diff">
      {parts.map((p, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines and segments of a diff are positions in a fixed rendering; they are never reordered.
          key={i}
          className={`yk-lp-diff-line ${p.type}`}
          data-testid="lp-diff-line"
          data-type={p.type}
        >
          <span className="mark">{mark[p.type]}</span>
          <span className="text">
            {p.type === "changed"
              ? p.segments.map((s, j) =>
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines and segments of a diff are positions in a fixed rendering; they are never reordered.
                  s.type === "added" ? <ins key={j}>{s.text}</ins> : s.type === "removed" ? <del key={j}>{s.text}</del> : <span key={j}>{s.text}</span>,
                )
              : p.text || "\u00a0"}
          </span>
        </div>
      ))}
    </div>
  );
}
