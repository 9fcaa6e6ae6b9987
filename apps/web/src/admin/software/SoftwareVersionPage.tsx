/**
 * 软件版本 (平台管理 → 软件版本; issue #12; docs/api/software.md): the versions of the classroom device software and
 * the teachers' clients, per product tab. Upload a version (package through /file/upload, version number, models,
 * release notes), set the current one, withdraw, edit, delete, download; for the device software a chart of the
 * devices per reported version.
 */
import { CloudUploadOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CALLS,
  compareVersions,
  DEVICE_PRODUCT,
  type FileRecord,
  SOFTWARE_MODELS_MAX,
  SOFTWARE_NOTES_MAX,
  SOFTWARE_PRODUCT_KEYS,
  SOFTWARE_PRODUCTS,
  type SoftwareListAnswer,
  type SoftwareProduct,
  type SoftwareVersionRow,
  zSoftwareVersion,
} from "@yanke/protocol";
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from "antd";
import { useMemo, useState } from "react";
import { toast } from "../../api/toast";
import { EChart, type EChartOption } from "../../components/EChart";
import { EmptyState } from "../../components/EmptyState";
import { FileUpload } from "../../components/upload";
import { usePermission } from "../../rbac/usePermission";
import { FIRST_PAGE, tablePagination, useScreenTitle, zodRule, type PageState } from "../common";
import { downloadPackage, formatBytes, softwareApi } from "./software-api";

const STATUS_FILTER = [
  { value: 1, label: "可用" },
  { value: 0, label: "已下架" },
];

/** The row's version with its badges. */
function VersionCell({ r }: { r: SoftwareVersionRow }) {
  return (
    <Space size={4} wrap>
      <Typography.Text strong className="yk-mono" data-testid="software-row-version">
        {r.version}
      </Typography.Text>
      {r.is_current ? (
        <Tag color="green" data-testid="software-current-badge">
          当前版本
        </Tag>
      ) : null}
      {r.status === 0 ? <Tag>已下架</Tag> : null}
    </Space>
  );
}

export function SoftwareVersionPage() {
  const title = useScreenTitle("软件版本");
  const can = usePermission();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [product, setProduct] = useState<SoftwareProduct>(DEVICE_PRODUCT);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState("");
  const [filters, setFilters] = useState<{ keyword?: string; status?: number }>({});
  const [draftStatus, setDraftStatus] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<SoftwareVersionRow | "new" | null>(null);

  const products = useQuery({ queryKey: ["software", "products"], queryFn: softwareApi.products });
  const list = useQuery({
    queryKey: ["software", "list", product, filters, paging],
    queryFn: () => softwareApi.list({ product, ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["software"] });
  const data: SoftwareListAnswer | undefined = list.data;
  const rows = data?.list ?? [];
  const isDevice = product === DEVICE_PRODUCT;

  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters({ keyword: keyword.trim() || undefined, status: draftStatus });
  };
  const reset = () => {
    setKeyword("");
    setDraftStatus(undefined);
    setPaging(FIRST_PAGE);
    setFilters({});
  };

  const act = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      toast.success(done);
      refresh();
    } catch {
      /* the API client showed the refusal */
    }
  };

  const columns: TableColumnsType<SoftwareVersionRow> = [
    { title: "版本", key: "version", width: 140, render: (_, r) => <VersionCell r={r} /> },
    {
      title: "安装包",
      key: "package",
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Tooltip title={`下载 ${r.file_name}`}>
            <Typography.Link
              ellipsis
              style={{ maxWidth: 220, display: "block" }}
              onClick={() => void downloadPackage(r.id).catch(() => undefined)}
              data-testid="software-row-file"
            >
              {r.file_name || "—"}
            </Typography.Link>
          </Tooltip>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatBytes(r.size)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: "SHA-256",
      key: "sha256",
      width: 136,
      render: (_, r) =>
        r.sha256 ? (
          <Typography.Text
            className="yk-mono"
            style={{ whiteSpace: "nowrap" }}
            copyable={{ text: r.sha256, tooltips: ["复制完整校验值", "已复制"] }}
            data-testid="software-row-sha"
          >
            <Tooltip title={r.sha256}>{r.sha256.slice(0, 10)}…</Tooltip>
          </Typography.Text>
        ) : (
          "—"
        ),
    },
    ...(isDevice
      ? ([
          {
            title: "适用型号",
            key: "models",
            width: 130,
            render: (_, r) =>
              r.models.length ? (
                <Space size={[0, 4]} wrap>
                  {r.models.map((m) => (
                    <Tag key={m} color="blue">
                      {m}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">全部型号</Typography.Text>
              ),
          },
        ] satisfies TableColumnsType<SoftwareVersionRow>)
      : []),
    {
      title: "发布",
      key: "released",
      width: 140,
      render: (_, r) => (
        <div>
          <div>{r.released_at.slice(0, 16)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.account_name}
          </Typography.Text>
        </div>
      ),
    },
    ...(isDevice
      ? ([
          {
            title: <Tooltip title="您管理的设备中：上报正在运行该版本 / 以该版本为目标版本的台数">运行/目标</Tooltip>,
            key: "devices",
            align: "center",
            width: 96,
            render: (_, r) => (
              <span data-testid="software-row-devices">
                <Typography.Text strong={r.devices_running > 0}>{r.devices_running}</Typography.Text>
                <Typography.Text type="secondary"> / {r.devices_targeting}</Typography.Text>
              </span>
            ),
          },
        ] satisfies TableColumnsType<SoftwareVersionRow>)
      : []),
    {
      title: "操作",
      key: "actions",
      width: 282,
      fixed: "right",
      render: (_, r) => (
        <Space size={0} wrap data-testid={`software-actions-${r.version}`}>
          {can(CALLS.softwareSetCurrent) && !r.is_current && r.status === 1 ? (
            <Popconfirm
              title={`将 ${r.version} 设为当前版本？`}
              description={isDevice ? "下发升级时默认使用当前版本" : "客户端检查更新时得到当前版本"}
              okText="设为当前"
              cancelText="取消"
              onConfirm={() => act(softwareApi.setCurrent(r.id), `${r.version} 已设为当前版本`)}
            >
              <Button type="link" size="small" data-testid="software-set-current">
                设为当前
              </Button>
            </Popconfirm>
          ) : null}
          {can(CALLS.softwareWithdraw) && !r.is_current ? (
            r.status === 1 ? (
              <Popconfirm
                title={`下架 ${r.version}？`}
                description="下架后不能再被设为目标版本或下发（记录保留，可重新上架）"
                okText="下架"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => act(softwareApi.withdraw(r.id, 0), `${r.version} 已下架`)}
              >
                <Button type="link" size="small" data-testid="software-withdraw">
                  下架
                </Button>
              </Popconfirm>
            ) : (
              <Button
                type="link"
                size="small"
                onClick={() => void act(softwareApi.withdraw(r.id, 1), `${r.version} 已重新上架`)}
                data-testid="software-restore"
              >
                上架
              </Button>
            )
          ) : null}
          {can(CALLS.softwareUpdate) ? (
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="software-edit">
              编辑
            </Button>
          ) : null}
          {can(CALLS.softwareDelete) && !r.is_current ? (
            <Button
              type="link"
              size="small"
              danger
              data-testid="software-delete"
              onClick={() =>
                modal.confirm({
                  title: `删除 ${r.product_name} ${r.version}？`,
                  content: r.devices_targeting
                    ? `有 ${r.devices_targeting} 台设备以该版本为目标版本，需先更改它们的目标版本。`
                    : "删除后不可恢复（安装包文件保留在上传者的文件中）。",
                  okText: "删除",
                  okButtonProps: { danger: true },
                  cancelText: "取消",
                  onOk: () => act(softwareApi.remove(r.id), "已删除"),
                })
              }
            >
              删除
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => void downloadPackage(r.id).catch(() => undefined)} data-testid="software-download">
            下载
          </Button>
        </Space>
      ),
    },
  ];

  const tabItems = SOFTWARE_PRODUCT_KEYS.map((k) => {
    const p = products.data?.find((x) => x.product === k);
    return {
      key: k,
      label: (
        <span data-testid={`software-tab-${k}`}>
          {SOFTWARE_PRODUCTS[k]}
          {p?.current_version ? <Typography.Text type="secondary"> · {p.current_version}</Typography.Text> : null}
        </span>
      ),
    };
  });

  return (
    <div className="yk-page" data-testid="software-page">
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        <Tabs
          activeKey={product}
          items={tabItems}
          onChange={(k) => {
            setProduct(k as SoftwareProduct);
            setPaging(FIRST_PAGE);
          }}
        />
        {isDevice ? <DeviceVersionChart data={data} /> : null}
        <div className="yk-filter-bar">
          <Input
            allowClear
            placeholder="版本号、文件名或更新说明"
            value={keyword}
            maxLength={60}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            data-testid="software-search-keyword"
          />
          <Select
            allowClear
            placeholder="状态"
            value={draftStatus}
            onChange={setDraftStatus}
            options={STATUS_FILTER}
            style={{ width: 110 }}
            data-testid="software-search-status"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="software-search">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
          <div className="yk-topbar-spacer" />
          {can(CALLS.softwareSave) ? (
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setEditing("new")} data-testid="software-add">
              上传新版本
            </Button>
          ) : null}
        </div>
        <Table<SoftwareVersionRow>
          rowKey="id"
          size="small"
          data-testid="software-table"
          loading={list.isFetching && !list.isRefetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: isDevice ? 1182 : 920 }}
          expandable={{
            expandedRowRender: (r) => (
              <div className="yk-software-notes" style={{ whiteSpace: "pre-wrap", padding: "4px 8px", color: "rgba(0,0,0,0.75)" }} data-testid="software-notes">
                {r.notes || "（无更新说明）"}
              </div>
            ),
            rowExpandable: () => true,
          }}
          locale={{
            emptyText:
              filters.keyword || filters.status !== undefined ? (
                <EmptyState text="没有符合条件的版本" compact />
              ) : (
                <EmptyState text="暂无数据" extra={can(CALLS.softwareSave) ? "点击“上传新版本”登记安装包" : undefined} compact />
              ),
          }}
          pagination={tablePagination(paging, data?.total ?? 0, setPaging)}
        />
      </Card>
      <VersionDialog
        product={product}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </div>
  );
}

/** Devices per reported version (the caller's devices) beside the current version's reach. */
function DeviceVersionChart({ data }: { data: SoftwareListAnswer | undefined }) {
  const running = useMemo(
    () => [...(data?.running ?? [])].sort((a, b) => (a.version === "" ? -1 : b.version === "" ? 1 : compareVersions(a.version, b.version))),
    [data?.running],
  );
  const total = running.reduce((n, r) => n + r.count, 0);
  const onCurrent = running.find((r) => r.version === data?.current)?.count ?? 0;
  const option: EChartOption = {
    grid: { left: 40, right: 16, top: 24, bottom: 28 },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: { type: "category", data: running.map((r) => (r.version ? r.version : "未上报")), axisLabel: { interval: 0 } },
    yAxis: { type: "value", minInterval: 1, name: "台" },
    series: [
      {
        type: "bar",
        name: "设备数",
        barMaxWidth: 36,
        label: { show: true, position: "top" },
        data: running.map((r) => ({
          value: r.count,
          itemStyle: { color: r.version === data?.current && r.version ? "#52c41a" : r.registered ? "#1677ff" : "#bfbfbf" },
        })),
      },
    ],
  };
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="software-chart-row">
      <Col xs={24} lg={16}>
        <Card size="small" title="设备版本分布（您管理的设备上报的版本）" styles={{ body: { padding: 8 } }}>
          {total ? <EChart option={option} height={200} testId="software-chart" /> : <EmptyState text="暂无设备上报版本" compact style={{ height: 200 }} />}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title="升级进度" style={{ height: "100%" }}>
          <Space direction="vertical" size={12} style={{ width: "100%" }}>
            <Statistic title="当前版本" value={data?.current || "未设置"} valueStyle={{ fontSize: 22 }} />
            <Space size={32}>
              <Statistic title="设备总数" value={total} suffix="台" valueStyle={{ fontSize: 18 }} />
              <Statistic title="已运行当前版本" value={onCurrent} suffix="台" valueStyle={{ fontSize: 18, color: "#389e0d" }} />
              <Statistic
                title="待升级"
                value={data?.current ? total - onCurrent : 0}
                suffix="台"
                valueStyle={{ fontSize: 18, color: total - onCurrent > 0 && data?.current ? "#d46b08" : undefined }}
              />
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              绿色为当前版本，蓝色为已登记版本，灰色为未登记（或未上报）的版本。
            </Typography.Text>
          </Space>
        </Card>
      </Col>
    </Row>
  );
}

interface VersionValues {
  version: string;
  files: FileRecord[];
  models: string[];
  notes: string;
}

/** 上传新版本 / 编辑: the package (FileUpload with progress), version number, models (device software), notes. */
function VersionDialog({
  product,
  editing,
  onClose,
  onSaved,
}: {
  product: SoftwareProduct;
  editing: SoftwareVersionRow | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<VersionValues>();
  const [busy, setBusy] = useState(false);
  const row = editing && editing !== "new" ? editing : null;
  const prod = row ? row.product : product;
  const isDevice = prod === DEVICE_PRODUCT;
  const models = useQuery({ queryKey: ["software", "models"], queryFn: softwareApi.models, enabled: editing !== null && isDevice });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const file = v.files?.[v.files.length - 1];
    setBusy(true);
    try {
      if (row) {
        await softwareApi.update({
          id: row.id,
          version: v.version.trim(),
          notes: v.notes ?? "",
          ...(isDevice ? { models: v.models ?? [] } : {}),
          ...(file ? { file_id: file.id } : {}),
        });
        toast.success("已保存");
      } else {
        await softwareApi.save({ product: prod, version: v.version.trim(), file_id: file!.id, notes: v.notes ?? "", models: isDevice ? (v.models ?? []) : [] });
        toast.success(`${SOFTWARE_PRODUCTS[prod]} ${v.version.trim()} 已上传`);
      }
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={editing !== null}
      title={row ? `编辑 ${row.product_name} ${row.version}` : `上传新版本 · ${SOFTWARE_PRODUCTS[prod]}`}
      width={640}
      destroyOnHidden
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={submit} data-testid="software-form-submit">
            {row ? "保存" : "上传"}
          </Button>
        </Space>
      }
    >
      <Form<VersionValues>
        form={form}
        layout="vertical"
        preserve={false}
        data-testid="software-form"
        initialValues={{ version: row?.version ?? "", files: [], models: row?.models ?? [], notes: row?.notes ?? "" }}
      >
        <Form.Item
          name="files"
          label="安装包"
          valuePropName="value"
          rules={row ? [] : [{ validator: async (_r, v: FileRecord[] | undefined) => (v?.length ? undefined : Promise.reject(new Error("请上传安装包"))) }]}
          extra={row ? `当前：${row.file_name}（${formatBytes(row.size)}）；上传新文件则替换` : "上传后自动计算 SHA-256，设备下载后据此校验"}
        >
          <FileUpload kind="any" max={1} buttonText={row ? "替换安装包" : "选择安装包"} />
        </Form.Item>
        <Form.Item name="version" label="版本号" rules={[{ required: true, whitespace: true, message: "请输入版本号" }, zodRule(zSoftwareVersion)]}>
          <Input maxLength={40} placeholder="如：3.5.0" className="yk-mono" data-testid="software-form-version" />
        </Form.Item>
        {isDevice ? (
          <Form.Item
            name="models"
            label="适用型号"
            extra="设备的“厂商/型号”；不选则适用于全部型号"
            rules={[{ type: "array", max: SOFTWARE_MODELS_MAX, message: `最多 ${SOFTWARE_MODELS_MAX} 个型号` }]}
          >
            <Select
              mode="tags"
              allowClear
              placeholder="选择或输入型号"
              options={(models.data ?? []).map((m) => ({ value: m, label: m }))}
              tokenSeparators={[",", "，"]}
              data-testid="software-form-models"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="notes" label="更新说明">
          <Input.TextArea rows={6} maxLength={SOFTWARE_NOTES_MAX} showCount placeholder={"新增：\n- …\n修复：\n- …"} data-testid="software-form-notes" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
