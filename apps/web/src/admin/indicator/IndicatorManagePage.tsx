/**
 * 听课指标管理 (IndicatorManage, /research/indicator; docs/api/indicator.md): the evaluation schemes on the left (the
 * platform's and the school's), the selected scheme's tree, weight check, chart and scoring preview on the right;
 * the listen targets in a second tab. The one view the shell keeps alive: its state survives leaving and returning.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { IndicatorScheme } from "@yanke/protocol";
import { Badge, Button, Card, Col, Empty, Input, List, Popconfirm, Row, Segmented, Space, Switch, Tabs, Tag, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { toast } from "../../api/toast";
import { useAppState } from "../../session/store";
import { useScreenTitle } from "../common";
import { indicatorApi, mayCreate } from "./indicator-api";
import { ListenTargetTab } from "./ListenTargetTab";
import { NodeDialog, type NodeDialogState } from "./NodeDialog";
import { SchemeDetail } from "./SchemeDetail";

type Scope = "" | "platform" | "school";

export function IndicatorManagePage() {
  const title = useScreenTitle("听课指标管理");
  const identity = useAppState((s) => s.session.identity);
  const ownSchool = useAppState((s) => s.session.school_id);
  const canCreate = mayCreate(Number(identity ?? 0), Number(ownSchool ?? 0));
  const qc = useQueryClient();
  const [tab, setTab] = useState("scheme");
  const [keyword, setKeyword] = useState("");
  const [scope, setScope] = useState<Scope>("");
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);

  const list = useQuery({ queryKey: ["indicator", "schemes", keyword, scope], queryFn: () => indicatorApi.list({ keyword, scope }) });
  const schemes = list.data?.list ?? [];
  useEffect(() => {
    if (!list.data) return;
    if (selected === null || !schemes.some((s) => s.id === selected)) setSelected(schemes[0]?.id ?? null);
  }, [list.data, schemes, selected]);
  const refresh = () => void qc.invalidateQueries({ queryKey: ["indicator"] });

  const toggle = async (s: IndicatorScheme, on: boolean) => {
    try {
      await indicatorApi.update({ id: s.id, status: on ? 1 : 0 });
      toast.success(on ? "已启用" : "已停用");
      refresh();
    } catch {
      /* shown by the API client */
    }
  };
  const remove = async (s: IndicatorScheme) => {
    try {
      await indicatorApi.remove(s.id);
      toast.success(`已删除量表「${s.name}」`);
      if (selected === s.id) setSelected(null);
      refresh();
    } catch {
      /* shown by the API client */
    }
  };

  const schemesPane = (
    <Row gutter={16} wrap={false} style={{ alignItems: "flex-start" }}>
      <Col flex="320px" style={{ minWidth: 0 }}>
        <Card size="small" title="评价量表" styles={{ body: { padding: 8 } }}>
          <Space direction="vertical" style={{ width: "100%", marginBottom: 8 }} size={8}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="搜索量表"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              data-testid="indicator-search"
            />
            <div style={{ display: "flex", gap: 8, justifyContent: "space-between" }}>
              <Segmented<Scope>
                size="small"
                value={scope}
                onChange={setScope}
                options={[
                  { value: "", label: "全部" },
                  { value: "platform", label: "平台" },
                  { value: "school", label: "本校" },
                ]}
              />
              {canCreate ? (
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setDialog({ mode: "new", level: 1, pid: 0 })}
                  data-testid="indicator-add-scheme"
                >
                  新建量表
                </Button>
              ) : null}
            </div>
          </Space>
          <List<IndicatorScheme>
            loading={list.isLoading}
            dataSource={schemes}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无量表" /> }}
            data-testid="indicator-schemes"
            renderItem={(s) => {
              const on = s.id === selected;
              return (
                <div
                  key={s.id}
                  role="button"
                  tabIndex={0}
                  onClick={() => setSelected(s.id)}
                  onKeyDown={(e) => e.key === "Enter" && setSelected(s.id)}
                  data-testid="indicator-scheme"
                  data-id={s.id}
                  data-selected={on ? "1" : "0"}
                  style={{
                    padding: "8px 10px",
                    borderRadius: 6,
                    cursor: "pointer",
                    marginBottom: 4,
                    background: on ? "rgba(31,111,92,0.08)" : undefined,
                    borderLeft: `3px solid ${on ? "#1f6f5c" : "transparent"}`,
                  }}
                >
                  <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
                    <b style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} data-testid="indicator-scheme-name">
                      {s.name}
                    </b>
                    {s.warning_count ? (
                      <Tooltip title={`${s.warning_count} 组权重需要调整`}>
                        <Badge count={s.warning_count} size="small" color="#faad14" data-testid="indicator-scheme-warnings" />
                      </Tooltip>
                    ) : null}
                    <Tag color={s.school_id === 0 ? "geekblue" : "green"} style={{ marginInlineEnd: 0 }}>
                      {s.school_id === 0 ? "平台" : "本校"}
                    </Tag>
                  </div>
                  <div style={{ display: "flex", alignItems: "center", gap: 6, marginTop: 4 }}>
                    <span className="yk-muted" style={{ fontSize: 12, flex: 1 }}>
                      {s.dimension_count} 个维度 · {s.item_count} 项{s.used_count ? ` · 已用 ${s.used_count} 次` : ""}
                    </span>
                    {s.editable ? (
                      <span onClick={(e) => e.stopPropagation()} style={{ display: "inline-flex", alignItems: "center", gap: 2 }}>
                        <Switch
                          size="small"
                          checked={s.status === 1}
                          checkedChildren="启用"
                          unCheckedChildren="停用"
                          onChange={(v) => void toggle(s, v)}
                          data-testid="indicator-scheme-status"
                        />
                        <Tooltip title="重命名">
                          <Button
                            type="text"
                            size="small"
                            icon={<EditOutlined />}
                            onClick={() => setDialog({ mode: "edit", row: s })}
                            data-testid="indicator-scheme-edit"
                          />
                        </Tooltip>
                        <Popconfirm
                          title={`删除量表「${s.name}」及其全部维度和评分项？`}
                          description={s.used_count ? "该量表已被听评课使用，不能删除，可以停用" : undefined}
                          okText="删除"
                          cancelText="取消"
                          okButtonProps={{ danger: true, "data-testid": "indicator-scheme-delete-ok" }}
                          onConfirm={() => remove(s)}
                        >
                          <Button type="text" size="small" danger icon={<DeleteOutlined />} data-testid="indicator-scheme-delete" />
                        </Popconfirm>
                      </span>
                    ) : (
                      <Tag style={{ marginInlineEnd: 0 }}>{s.status === 1 ? "只读" : "已停用"}</Tag>
                    )}
                  </div>
                </div>
              );
            }}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card size="small">
          {selected ? (
            <SchemeDetail key={selected} schemeId={selected} onChanged={refresh} />
          ) : (
            <Empty description="请选择或新建一个量表" style={{ margin: "80px 0" }} />
          )}
        </Card>
      </Col>
    </Row>
  );

  return (
    <div className="yk-page" data-testid="indicator-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "scheme", label: <span data-testid="indicator-tab-scheme">评价量表</span>, children: schemesPane },
            { key: "target", label: <span data-testid="indicator-tab-target">听课目标</span>, children: <ListenTargetTab canCreate={canCreate} /> },
          ]}
        />
      </Card>
      <NodeDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={async (row) => {
          setDialog(null);
          toast.success("保存成功");
          // Read the list again before selecting a new scheme (the selection falls back to the first one it cannot find).
          await qc.invalidateQueries({ queryKey: ["indicator"] });
          if (row.level === 1) setSelected(row.id);
        }}
      />
    </div>
  );
}
