import type { MenuNode } from "@yanke/protocol";
import { Button, Empty, Input, Space, Spin, Tag, Tree, type TreeDataNode } from "antd";
import { useMemo, useState, type Key } from "react";
import { config } from "../config";
import { allRuleIds, checkedLeaves, filterMenuTree, rulesFromChecks, toRuleTreeData, type RuleTreeNode } from "./tree";

function toAntd(nodes: readonly RuleTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-testid="rule-node" data-rule={n.key}>
        {n.title}
        {n.permission ? (
          <Tag color="default" bordered={false} style={{ marginInlineStart: 6, fontSize: 11 }}>
            权限
          </Tag>
        ) : null}
      </span>
    ),
    ...(n.children ? { children: toAntd(n.children) } : {}),
  }));
}

const keyNumbers = (keys: readonly Key[]): number[] => keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * A checkable rule tree as a form control: `value` is the stored rule list (parents included),
 * `onChange` gets checked plus half-checked ids, so a granted child brings its menu parents.
 */
export function RuleTree({
  tree,
  value = [],
  onChange,
  loading = false,
  testId = "rule-tree",
  height = 420,
}: {
  tree: readonly MenuNode[];
  value?: number[];
  onChange?: (rules: number[]) => void;
  loading?: boolean;
  testId?: string;
  height?: number;
}) {
  const [keyword, setKeyword] = useState("");
  const shown = useMemo(() => filterMenuTree(tree, keyword), [tree, keyword]);
  const data = useMemo(() => toAntd(toRuleTreeData(shown, config.showVersionName)), [shown]);
  const all = useMemo(() => allRuleIds(tree), [tree]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const checked = useMemo(() => checkedLeaves(tree, value), [tree, value]);
  const granted = value.filter((v) => all.includes(v)).length;

  return (
    <div className="yk-rule-tree" data-testid={testId} data-count={granted}>
      <div className="yk-rule-tree-bar">
        <Input.Search
          allowClear
          placeholder="筛选规则"
          size="small"
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 160 }}
          data-testid={`${testId}-search`}
        />
        <Space size={4}>
          <Button size="small" type="link" onClick={() => onChange?.([...all].sort((a, b) => a - b))} data-testid={`${testId}-all`}>
            全选
          </Button>
          <Button size="small" type="link" onClick={() => onChange?.([])} data-testid={`${testId}-none`}>
            清空
          </Button>
          <Button size="small" type="link" onClick={() => setExpanded(expanded.length ? [] : all)} data-testid={`${testId}-expand`}>
            {expanded.length ? "收起" : "展开"}
          </Button>
        </Space>
        <span className="yk-muted" style={{ marginInlineStart: "auto", fontSize: 12 }}>
          已选 {granted} / {all.length}
        </span>
      </div>
      <Spin spinning={loading}>
        {data.length ? (
          <Tree
            checkable
            selectable={false}
            blockNode
            height={height}
            treeData={data}
            checkedKeys={checked}
            expandedKeys={keyword ? allRuleIds(shown) : expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(keys, info) => {
              const checkedKeys = Array.isArray(keys) ? keys : keys.checked;
              const next = rulesFromChecks(keyNumbers(checkedKeys), keyNumbers(info.halfCheckedKeys ?? []));
              if (keyword) {
                // Filtering shows part of the tree: keep what is hidden, replace what is shown.
                const visible = new Set(allRuleIds(shown));
                const kept = value.filter((v) => !visible.has(v));
                onChange?.(rulesFromChecks([...kept, ...next], []));
              } else onChange?.(next);
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? "加载中…" : "暂无可分配的规则"} />
        )}
      </Spin>
    </div>
  );
}
