import { DeleteOutlined, ExportOutlined, ImportOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import type { FileAnswer, Page } from "@yanke/protocol";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Form, Modal, Space, Table, Tooltip, type FormInstance, type TableColumnsType } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "../api/toast";
import { usePermission } from "../rbac/usePermission";
import { FIRST_PAGE, tablePagination, useScreenTitle, type PageState } from "./common";
import { downloadFile } from "./files";
import { batchSummary } from "./entity";

/** The create/edit dialog of an entity. V: the form's values. */
export interface EntityFormSpec<Row, V> {
  width?: number;
  /** Initial values of the form (row null: a new record). */
  initial: (row: Row | null) => Partial<V>;
  fields: (form: FormInstance<V>, row: Row | null) => ReactNode;
  save: (values: V) => Promise<unknown>;
  update: (row: Row, values: V) => Promise<unknown>;
}

export interface EntityPageProps<Row extends { id: number }, F, V> {
  /** data-testid prefix: `${testId}-page`, -add, -table, -edit, -delete, -form-title, -submit … */
  testId: string;
  /** 学校, 班级 …: used in titles and confirmations. */
  noun: string;
  fallbackTitle: string;
  queryKey: readonly unknown[];
  blank: F;
  filters?: (draft: F, patch: (p: Partial<F>) => void, search: () => void) => ReactNode;
  list: (paging: PageState, filters: F) => Promise<Page<Row>>;
  columns: TableColumnsType<Row>;
  rowName: (r: Row) => string;
  /** Call paths, each guarding its button (usePermission). */
  paths: { save?: string; update?: string; remove?: string; batchRemove?: string; importer?: string; exporter?: string };
  form?: EntityFormSpec<Row, V>;
  /** A screen's own create/edit UI instead of `form` (e.g. the account drawer). */
  editor?: (editing: Row | "new" | null, close: () => void, saved: () => void) => ReactNode;
  remove?: (r: Row) => Promise<unknown>;
  deleteHint?: string;
  batchRemove?: (ids: number[]) => Promise<unknown>;
  exportList?: (filters: F) => Promise<FileAnswer>;
  exportName?: string;
  /** The import dialog (the page opens and closes it). */
  importer?: (open: boolean, close: () => void, refresh: () => void) => ReactNode;
  /** More buttons at the right of the toolbar. */
  toolbar?: ReactNode;
  rowActions?: (r: Row) => ReactNode;
  /** Inside another page: no card title, smaller chrome. */
  embedded?: boolean;
  scrollX?: number;
  /** Opens the create dialog with these values (e.g. the filter's school). */
  newDefaults?: (filters: F) => Partial<V>;
  emptyHint?: ReactNode;
}

/**
 * The administration screen of one entity (§2, §9): filters, create, batch delete, import, export;
 * server-paged table (10/20/50, total, jumper); edit and delete per row; a validated create/edit
 * dialog. Buttons show only with their rule. Refusals are toasted by the API client.
 */
export function EntityPage<Row extends { id: number }, F, V>(props: EntityPageProps<Row, F, V>) {
  const { testId: t, noun, form: spec } = props;
  const title = useScreenTitle(props.fallbackTitle);
  const can = usePermission();
  const qc = useQueryClient();
  const { modal: appModal } = App.useApp();
  // Dialogs opened from this screen close with it (a route change must not leave them on top).
  const opened = useRef<{ destroy: () => void }[]>([]);
  useEffect(
    () => () => {
      opened.current.forEach((m) => {
        m.destroy();
      });
    },
    [],
  );
  const modal = {
    confirm: (c: Parameters<typeof appModal.confirm>[0]) => void opened.current.push(appModal.confirm(c)),
    warning: (c: Parameters<typeof appModal.warning>[0]) => void opened.current.push(appModal.warning(c)),
  };
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [draft, setDraft] = useState<F>(props.blank);
  const [filters, setFilters] = useState<F>(props.blank);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const list = useQuery({
    queryKey: [...props.queryKey, paging, filters],
    placeholderData: keepPreviousData,
    queryFn: () => props.list(paging, filters),
  });
  const rows = list.data?.list ?? [];
  const refresh = () => void qc.invalidateQueries({ queryKey: [props.queryKey[0]] });
  const allowed = (path: string | undefined, fn: unknown) => fn !== undefined && (path === undefined || can(path));

  const search = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(draft);
  };
  const reset = () => {
    setDraft(props.blank);
    setFilters(props.blank);
    setPaging(FIRST_PAGE);
  };

  const removeOne = (r: Row) => {
    const remove = props.remove;
    if (!remove) return;
    modal.confirm({
      title: `删除${noun}`,
      content: `确定删除${noun}「${props.rowName(r)}」吗？${props.deleteHint ?? "删除后不能恢复。"}`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": `${t}-delete-ok` },
      cancelText: "取消",
      onOk: async () => {
        try {
          await remove(r);
          toast.success("删除成功");
          setSelected((s) => s.filter((id) => id !== r.id));
          if (rows.length === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });
  };

  const batchDelete = () => {
    const batchRemove = props.batchRemove;
    if (!batchRemove) return;
    const ids = [...selected];
    modal.confirm({
      title: "批量删除",
      content: `确定删除选中的 ${ids.length} 个${noun}吗？${props.deleteHint ?? "删除后不能恢复。"}`,
      okText: "删除",
      okButtonProps: { danger: true, "data-testid": `${t}-batch-delete-ok` },
      cancelText: "取消",
      onOk: async () => {
        try {
          const answer = await batchRemove(ids);
          const s = batchSummary(answer, ids);
          setSelected((cur) => cur.filter((id) => !s.okIds.includes(id)));
          if (s.failed.length) {
            const names = new Map(rows.map((r) => [r.id, props.rowName(r)]));
            modal.warning({
              title: `已删除 ${s.okIds.length} 个，${s.failed.length} 个未删除`,
              content: (
                <ul data-testid={`${t}-batch-delete-failed`} style={{ paddingInlineStart: 18, margin: 0 }}>
                  {s.failed.map((f) => (
                    <li key={f.id}>
                      {names.get(f.id) ?? `#${f.id}`}：{f.msg || "删除失败"}
                    </li>
                  ))}
                </ul>
              ),
              okText: "我知道了",
              okButtonProps: { "data-testid": `${t}-batch-delete-close` },
            });
          } else toast.success(`已删除 ${s.okIds.length} 个${noun}`);
          refresh();
        } catch {
          /* shown by the API client */
        }
      },
    });
  };

  const exportList = async () => {
    if (!props.exportList) return;
    setExporting(true);
    try {
      downloadFile(await props.exportList(filters), props.exportName ?? `${noun}列表.xlsx`);
      toast.success("导出成功");
    } catch {
      /* shown by the API client */
    } finally {
      setExporting(false);
    }
  };

  const canEdit = (spec !== undefined || props.editor !== undefined) && allowed(props.paths.update, true);
  const canAdd = (spec !== undefined || props.editor !== undefined) && allowed(props.paths.save, true);
  const canRemove = allowed(props.paths.remove, props.remove);
  const canBatch = allowed(props.paths.batchRemove, props.batchRemove);
  const columns: TableColumnsType<Row> = [...props.columns];
  if (canEdit || canRemove || props.rowActions) {
    columns.push({
      title: "操作",
      key: "op",
      width: props.rowActions ? 190 : 120,
      fixed: "right",
      render: (_, r) => (
        <Space size={2} className="yk-row-actions">
          {props.rowActions?.(r)}
          {canEdit ? (
            <a onClick={() => setEditing(r)} data-testid={`${t}-edit`}>
              编辑
            </a>
          ) : null}
          {canRemove ? (
            <a className="yk-danger-link" onClick={() => removeOne(r)} data-testid={`${t}-delete`}>
              删除
            </a>
          ) : null}
        </Space>
      ),
    });
  }

  const body = (
    <>
      {props.filters ? (
        <div className="yk-filter-bar">
          {props.filters(draft, (p) => setDraft((d) => ({ ...d, ...p })), search)}
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid={`${t}-search`}>
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid={`${t}-search-reset`}>
            重置
          </Button>
        </div>
      ) : null}
      <div className="yk-filter-bar">
        {canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid={`${t}-add`}>
            新增{noun}
          </Button>
        ) : null}
        {canBatch ? (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={batchDelete} data-testid={`${t}-batch-delete`}>
            批量删除{selected.length ? `（${selected.length}）` : ""}
          </Button>
        ) : null}
        <div className="yk-topbar-spacer" />
        {props.toolbar}
        {props.importer && allowed(props.paths.importer, props.importer) ? (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid={`${t}-import`}>
            导入
          </Button>
        ) : null}
        {allowed(props.paths.exporter, props.exportList) ? (
          <Tooltip title="按当前筛选条件导出">
            <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid={`${t}-export`}>
              导出
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <Table<Row>
        rowKey="id"
        size="small"
        data-testid={`${t}-table`}
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        scroll={props.scrollX ? { x: props.scrollX } : undefined}
        locale={props.emptyHint ? { emptyText: props.emptyHint } : undefined}
        rowSelection={canBatch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true } : undefined}
        pagination={tablePagination(paging, list.data?.total ?? 0, setPaging)}
      />
      {spec ? (
        <EntityForm
          t={t}
          noun={noun}
          spec={spec}
          editing={editing}
          defaults={props.newDefaults?.(filters) ?? {}}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
      {props.editor
        ? props.editor(
            editing,
            () => setEditing(null),
            () => {
              setEditing(null);
              refresh();
            },
          )
        : null}
      {props.importer ? props.importer(importing, () => setImporting(false), refresh) : null}
    </>
  );
  if (props.embedded) return <div data-testid={`${t}-page`}>{body}</div>;
  return (
    <div className="yk-page" data-testid={`${t}-page`}>
      <Card variant="borderless" title={<span data-testid="page-title">{title}</span>}>
        {body}
      </Card>
    </div>
  );
}

function EntityForm<Row extends { id: number }, V>({
  t,
  noun,
  spec,
  editing,
  defaults,
  onClose,
  onSaved,
}: {
  t: string;
  noun: string;
  spec: EntityFormSpec<Row, V>;
  editing: Row | "new" | null;
  defaults: Partial<V>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const row = editing && editing !== "new" ? editing : null;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      if (row) await spec.update(row, v);
      else await spec.save(v);
      toast.success(row ? "保存成功" : "新增成功");
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={<span data-testid={`${t}-form-title`}>{row ? `编辑${noun}` : `新增${noun}`}</span>}
      open={editing !== null}
      onCancel={onClose}
      width={spec.width ?? 560}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} data-testid={`${t}-cancel`}>
            取消
          </Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid={`${t}-submit`}>
            保存
          </Button>
        </Space>
      }
    >
      {editing !== null ? (
        <Form<V>
          key={row ? row.id : "new"}
          form={form}
          layout="vertical"
          autoComplete="off"
          data-testid={`${t}-form`}
          initialValues={{ ...spec.initial(row), ...(row ? {} : defaults) }}
        >
          {spec.fields(form, row)}
        </Form>
      ) : null}
    </Modal>
  );
}
