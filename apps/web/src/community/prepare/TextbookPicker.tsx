/**
 * The textbook binding picker of a preparation (issue #8): edition → book → catalogue node(s), in a dialog. The first
 * node checked is book_catalog_id (its code is catalogCode and its path njy_structure, "人教版 / 七年级上册 / 第一章
 * 有理数 / 1.1 正数和负数"); every node checked is in catalogCodeIds. Works as an antd Form item ({value, onChange}).
 */
import { BookOutlined, CloseCircleFilled } from "@ant-design/icons";
import { Button, type ButtonProps, Empty, Input, Modal, Select, Space, Spin, Tag, Tree, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { bindingFor, bookLabel, EMPTY_BINDING, flattenTree, type TextbookBinding } from "./TextbookTree";
import { catalogTreeData, useBooks, useCatalog, useEditions } from "./textbook-common";

export type { TextbookBinding } from "./TextbookTree";
export { EMPTY_BINDING } from "./TextbookTree";

export function TextbookPicker({
  value,
  onChange,
  disabled = false,
  placeholder = "选择教材目录",
}: {
  value?: TextbookBinding;
  onChange?: (v: TextbookBinding) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [open, setOpen] = useState(false);
  const bound = Boolean(value && (value.bookId || value.njy_structure));
  const extra = value && value.catalogCodeIds.length > 1 ? value.catalogCodeIds.length - 1 : 0;
  return (
    <div className="yk-tb-picker" data-testid="textbook-picker">
      <Space.Compact style={{ width: "100%" }}>
        <Input
          readOnly
          disabled={disabled}
          value={value?.njy_structure ?? ""}
          placeholder={placeholder}
          prefix={<BookOutlined style={{ color: "#8a9690" }} />}
          suffix={
            bound && !disabled ? (
              <CloseCircleFilled
                className="yk-tb-picker-clear"
                title="清除"
                data-testid="textbook-picker-clear"
                onClick={() => onChange?.({ ...EMPTY_BINDING })}
              />
            ) : (
              <span />
            )
          }
          onClick={() => !disabled && setOpen(true)}
          style={{ cursor: disabled ? undefined : "pointer" }}
          data-testid="textbook-picker-value"
        />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="textbook-picker-open">
          {bound ? "更改" : "选择"}
        </Button>
      </Space.Compact>
      {extra > 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="textbook-picker-more">
          另含 {extra} 个目录节点
        </Typography.Text>
      ) : null}
      {open ? (
        <PickerDialog
          value={value}
          onCancel={() => setOpen(false)}
          onOk={(v) => {
            onChange?.(v);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function PickerDialog({ value, onCancel, onOk }: { value?: TextbookBinding; onCancel: () => void; onOk: (v: TextbookBinding) => void }) {
  const editions = useEditions();
  const [editionId, setEditionId] = useState<number | undefined>(value?.editon_id || undefined);
  const books = useBooks(editionId);
  const [bookId, setBookId] = useState<number | undefined>(value?.bookId || undefined);
  const catalog = useCatalog(bookId);
  const [checked, setChecked] = useState<number[]>(
    value?.catalogCodeIds?.length ? value.catalogCodeIds : value?.book_catalog_id ? [value.book_catalog_id] : [],
  );

  const editionList = editions.data ?? [];
  const bookList = books.data ?? [];
  useEffect(() => {
    if (!editionId && editionList.length > 0) setEditionId(editionList[0]!.id);
  }, [editionId, editionList]);

  const edition = editionList.find((e) => e.id === editionId);
  const book = bookList.find((b) => b.id === bookId);
  const tree = catalog.data?.tree ?? [];
  const treeData = useMemo(() => catalogTreeData(tree, false), [tree]);
  const byId = useMemo(() => new Map(flattenTree(tree).map((n) => [n.id, n])), [tree]);
  const binding = bindingFor(edition, book, tree, checked);

  return (
    <Modal
      open
      title="选择教材目录"
      width={720}
      onCancel={onCancel}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !book, "data-testid": "textbook-picker-ok" } as ButtonProps}
      onOk={() => onOk(binding)}
    >
      <div data-testid="textbook-picker-dialog">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            style={{ width: 160 }}
            placeholder="教材版本"
            loading={editions.isLoading}
            value={editionId}
            onChange={(v: number) => {
              setEditionId(v);
              setBookId(undefined);
              setChecked([]);
            }}
            options={editionList.map((e) => ({ value: e.id, label: e.name }))}
            data-testid="textbook-picker-edition"
          />
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 320 }}
            placeholder="选择教材（册）"
            loading={books.isLoading}
            value={bookId}
            onChange={(v: number) => {
              setBookId(v);
              setChecked([]);
            }}
            options={bookList.map((b) => ({ value: b.id, label: bookLabel(b) }))}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该版本暂无教材" />}
            data-testid="textbook-picker-book"
          />
        </Space>
        <div className="yk-tb-picker-tree">
          {!bookId ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请先选择教材" />
          ) : catalog.isLoading ? (
            <Spin style={{ display: "block", padding: 32 }} />
          ) : tree.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该教材暂无目录" />
          ) : (
            <Tree
              checkable
              checkStrictly
              selectable={false}
              defaultExpandAll
              treeData={treeData}
              checkedKeys={checked}
              onCheck={(keys) => {
                const list = (Array.isArray(keys) ? keys : keys.checked).map(Number);
                // keep the order of picking: the first one checked stays first
                setChecked((prev) => [...prev.filter((k) => list.includes(k)), ...list.filter((k) => !prev.includes(k))]);
              }}
              data-testid="textbook-picker-tree"
            />
          )}
        </div>
        <div className="yk-tb-picker-result" data-testid="textbook-picker-result">
          <Typography.Text type="secondary">已选：</Typography.Text>
          {binding.njy_structure ? (
            <Typography.Text strong>{binding.njy_structure}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">未选择</Typography.Text>
          )}
          {checked.length > 0 ? (
            <div style={{ marginTop: 6 }}>
              {checked.map((id, i) => {
                const n = byId.get(id);
                return n ? (
                  <Tag key={id} color={i === 0 ? "green" : undefined} closable onClose={() => setChecked((p) => p.filter((k) => k !== id))}>
                    {n.name}
                    <span className="yk-tb-node-code">{n.code}</span>
                  </Tag>
                ) : null;
              })}
            </div>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
