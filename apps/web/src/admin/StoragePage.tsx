import { type AccountSpaceRow, CALLS, type RegionSpace, type SchoolSpace, type SpaceChild } from "@yanke/protocol";
import { useQuery, useQueryClient, keepPreviousData } from "@tanstack/react-query";
import { Breadcrumb, Card, Col, Descriptions, Empty, Row, Select, Space, Table, Tabs, Tag, Typography } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { EChart } from "../components/EChart";
import { usePermission } from "../rbac/usePermission";
import { useAppState } from "../session/store";
import { basicApi } from "./basic-api";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "./common";
import { SchoolSelect } from "./pickers";
import { QuotaBar, QuotaDialog, quotaApi, quotaTarget as target, type QuotaTarget } from "./quota";
import { consumersOption, formatBytes } from "./quota-view";

function Figures({ f, name, extra }: { f: RegionSpace | SchoolSpace; name?: string; extra?: ReactNode }) {
  return (
    <Descriptions
      size="small"
      column={4}
      data-testid="storage-figures"
      title={name}
      extra={extra}
      items={[
        { key: "q", label: "总配额", children: f.quota_bytes > 0 ? formatBytes(f.quota_bytes) : "不限" },
        { key: "u", label: "已使用", children: <QuotaBar used={f.used_bytes} quota={f.quota_bytes} testId="storage-used" width={200} /> },
        { key: "a", label: "已分配给下级", children: formatBytes(f.allocated_bytes) },
        { key: "n", label: "可再分配", children: f.unallocated_bytes === null ? "不限" : formatBytes(f.unallocated_bytes) },
      ]}
    />
  );
}

function ConsumerChart({ regionId, schoolId }: { regionId?: number; schoolId?: number }) {
  const q = useQuery({
    queryKey: ["quota", "stats", "chart", regionId ?? 0, schoolId ?? 0],
    queryFn: () => quotaApi.stats({ page: 1, limit: 20, ...(regionId ? { region_id: regionId } : {}), ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  const rows = q.data?.list ?? [];
  const option = useMemo(() => consumersOption(rows), [rows]);
  return (
    <Card
      size="small"
      title={`空间占用最多的账号${q.data?.scope_name ? ` · ${q.data.scope_name}` : ""}`}
      extra={q.data ? <Typography.Text type="secondary">合计已用 {formatBytes(q.data.total_used_bytes)}</Typography.Text> : null}
    >
      {rows.some((r) => r.used_bytes > 0) ? (
        <EChart option={option} height={Math.max(220, rows.length * 26 + 40)} testId="storage-chart" />
      ) : (
        <Empty data-testid="storage-chart-empty" description="还没有账号占用存储空间" />
      )}
    </Card>
  );
}

function RegionScope({ onQuota }: { onQuota: (t: QuotaTarget) => void }) {
  const mayList = usePermission()(CALLS.regionList);
  const roots = useQuery({ queryKey: ["regions", "roots"], enabled: mayList, queryFn: () => basicApi.regionList({ pid: 0 }) });
  const [trail, setTrail] = useState<{ id: number; name: string }[]>([]);
  const rootList = Array.isArray(roots.data) ? roots.data : [];
  const current = trail[trail.length - 1] ?? (rootList[0] ? { id: rootList[0].id, name: rootList[0].name } : null);
  const fig = useQuery({ queryKey: ["quota", "region", current?.id ?? 0], enabled: current !== null, queryFn: () => quotaApi.region(current?.id ?? 0) });
  const can = usePermission();
  // A district administrator cannot set his own (top) region's quota: only platform administrators can.
  const identity = useAppState((s) => s.session.identity);
  const platformWide = identity === 1 || identity === 5;
  const openChild = async (c: SpaceChild) => {
    try {
      if (c.type === "region") onQuota(target("region", c.name, await quotaApi.region(c.id)));
      else onQuota(target("school", c.name, await quotaApi.school(c.id)));
    } catch {
      /* shown by the API client */
    }
  };
  if (!current) return <Empty description={roots.isFetching ? "加载中…" : "暂无可管理的区域"} />;
  const f = fig.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: "100%" }}>
      {rootList.length > 1 || trail.length > 1 ? (
        <Space wrap>
          {rootList.length > 1 ? (
            <Select
              value={(trail[0] ?? current).id}
              onChange={(id: number) => {
                const r = rootList.find((x) => x.id === id);
                setTrail(r ? [{ id: r.id, name: r.name }] : []);
              }}
              options={rootList.map((r) => ({ value: r.id, label: r.name }))}
              style={{ width: 200 }}
              data-testid="storage-root"
            />
          ) : null}
          <Breadcrumb
            data-testid="storage-trail"
            items={(trail.length ? trail : [current]).map((t, i, all) => ({
              key: t.id,
              title: i < all.length - 1 ? <a onClick={() => setTrail(all.slice(0, i + 1))}>{t.name}</a> : <b>{t.name}</b>,
            }))}
          />
        </Space>
      ) : null}
      {f ? (
        <Card size="small">
          <Figures
            f={f}
            name={f.name}
            extra={
              can(CALLS.setRegionSpace) && (trail.length > 1 || platformWide) ? (
                <a onClick={() => onQuota(target("region", f.name, f))} data-testid="quota-set-current">
                  设置配额
                </a>
              ) : null
            }
          />
        </Card>
      ) : null}
      <Row gutter={12}>
        <Col xs={24} xl={14}>
          <Table<SpaceChild>
            size="small"
            rowKey={(r) => `${r.type}-${r.id}`}
            loading={fig.isFetching}
            data-testid="storage-children"
            dataSource={f?.children ?? []}
            pagination={(f?.children.length ?? 0) > 10 ? { pageSize: 10, size: "small" } : false}
            columns={[
              {
                title: "名称",
                dataIndex: "name",
                render: (v: string, r) =>
                  r.type === "region" ? (
                    <a onClick={() => setTrail([...(trail.length ? trail : [current]), { id: r.id, name: r.name }])} data-testid="storage-open-region">
                      {v}
                    </a>
                  ) : (
                    v
                  ),
              },
              { title: "类型", dataIndex: "type", width: 64, render: (v: string) => <Tag bordered={false}>{v === "region" ? "区域" : "学校"}</Tag> },
              { title: "已用 / 配额", key: "u", width: 230, render: (_, r) => <QuotaBar used={r.used_bytes} quota={r.quota_bytes} /> },
              {
                title: "操作",
                key: "op",
                width: 90,
                render: (_, r) =>
                  can(r.type === "region" ? CALLS.setRegionSpace : CALLS.setSchoolSpace) ? (
                    <a onClick={() => void openChild(r)} data-testid="quota-set">
                      设置配额
                    </a>
                  ) : null,
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={10}>
          <ConsumerChart regionId={current.id} />
        </Col>
      </Row>
    </Space>
  );
}

function SchoolScope({ schoolId, onQuota }: { schoolId: number; onQuota: (t: QuotaTarget) => void }) {
  const can = usePermission();
  const fig = useQuery({ queryKey: ["quota", "school", schoolId], enabled: schoolId > 0, queryFn: () => quotaApi.school(schoolId) });
  if (!schoolId) return <Empty description="请选择学校" />;
  const f = fig.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: "100%" }}>
      {f ? (
        <Card size="small">
          <Figures
            f={f}
            name={`${f.title}${f.region_name ? ` · ${f.region_name}` : ""}（${f.account_count} 个账号）`}
            extra={
              can(CALLS.setSchoolSpace) ? (
                <a onClick={() => onQuota(target("school", f.title, f))} data-testid="quota-set-current">
                  设置配额
                </a>
              ) : null
            }
          />
        </Card>
      ) : null}
      <ConsumerChart schoolId={schoolId} />
    </Space>
  );
}

function AccountScope({ onQuota }: { onQuota: (t: QuotaTarget) => void }) {
  const can = usePermission();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [schoolId, setSchoolId] = useState<number | undefined>(undefined);
  const q = useQuery({
    queryKey: ["quota", "stats", "list", paging, schoolId ?? 0],
    placeholderData: keepPreviousData,
    queryFn: () => quotaApi.stats({ ...paging, ...(schoolId ? { school_id: schoolId } : {}) }),
  });
  const open = async (r: AccountSpaceRow) => {
    try {
      onQuota(target("account", r.realname || r.username, await quotaApi.account(r.id)));
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <>
      <div className="yk-filter-bar">
        <SchoolSelect
          testId="storage-account-school"
          value={schoolId}
          onChange={(v) => {
            setSchoolId(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Typography.Text type="secondary">按已用空间从大到小排列{q.data ? `，合计已用 ${formatBytes(q.data.total_used_bytes)}` : ""}</Typography.Text>
      </div>
      <Table<AccountSpaceRow>
        size="small"
        rowKey="id"
        data-testid="storage-accounts"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={tablePagination(paging, q.data?.total ?? 0, setPaging)}
        columns={[
          { title: "账号", dataIndex: "username", width: 130 },
          { title: "姓名", dataIndex: "realname", width: 110 },
          { title: "学校", dataIndex: "school_title", ellipsis: true },
          { title: "已用 / 配额", key: "u", width: 240, render: (_, r) => <QuotaBar used={r.used_bytes} quota={r.quota_bytes} /> },
          {
            title: "操作",
            key: "op",
            width: 90,
            render: (_, r) =>
              can(CALLS.setAccountSpace) ? (
                <a onClick={() => void open(r)} data-testid="quota-set">
                  设置配额
                </a>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** 存储空间 (/basic/storage): regions, schools and accounts with used/total, set quotas, largest consumers. */
export function StoragePage() {
  const title = useScreenTitle("存储空间");
  const can = usePermission();
  const qc = useQueryClient();
  const ownSchool = useAppState((s) => s.session.school_id);
  const [schoolId, setSchoolId] = useState<number | undefined>(ownSchool || undefined);
  const [editing, setEditing] = useState<QuotaTarget | null>(null);
  const items = [
    ...(can(CALLS.regionSurplusSpace) ? [{ key: "region", label: "区域与学校", children: <RegionScope onQuota={setEditing} /> }] : []),
    ...(can(CALLS.schoolSurplusSpace)
      ? [
          {
            key: "school",
            label: "学校",
            children: (
              <Space orientation="vertical" size={12} style={{ width: "100%" }}>
                <SchoolSelect testId="storage-school" value={schoolId} onChange={setSchoolId} allowClear={false} placeholder="选择学校" />
                <SchoolScope schoolId={schoolId ?? 0} onQuota={setEditing} />
              </Space>
            ),
          },
        ]
      : []),
    ...(can(CALLS.accountSpaceStatistics) ? [{ key: "account", label: "账号", children: <AccountScope onQuota={setEditing} /> }] : []),
  ];
  return (
    <div className="yk-page" data-testid="storage-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        {items.length ? <Tabs items={items} destroyOnHidden data-testid="storage-tabs" /> : <Empty description="没有可查看的存储空间" />}
      </Card>
      <QuotaDialog
        target={editing}
        onClose={() => setEditing(null)}
        send={quotaApi.set}
        onSaved={() => {
          setEditing(null);
          void qc.invalidateQueries({ queryKey: ["quota"] });
        }}
      />
    </div>
  );
}
