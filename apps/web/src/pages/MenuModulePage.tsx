import { SearchOutlined } from "@ant-design/icons";
import { menuTitle } from "@yanke/protocol";
import { Card, Input, Table, Tag } from "antd";
import { useState } from "react";
import { useLocation } from "react-router";
import { config } from "../config";
import { findMenuByPath } from "../menu/menu";
import { normalizePath } from "../router/access";
import { useAppState } from "../session/store";
import { AdminHomePage } from "./AdminHomePage";
import { ModuleNotFoundPage } from "./ModuleNotFoundPage";
import { screenFor } from "./screens";

/**
 * A route of the server menu tree: the screen registered for its componentsUrl or view name; a
 * module-not-found page when the componentsUrl names no screen; otherwise (no componentsUrl, or a
 * screen a later issue delivers) a titled page with a search box and an empty list.
 */
export function MenuModulePage() {
  const path = normalizePath(useLocation().pathname);
  const menus = useAppState((s) => s.menus);
  const home = useAppState((s) => s.session.url);
  const node = findMenuByPath(menus, path);
  const [keyword, setKeyword] = useState("");
  if (!node) return path === home ? <AdminHomePage /> : null;
  const title = menuTitle(node.title, config.showVersionName);
  const found = screenFor(node.componentsUrl, node.name);
  if (found.kind === "screen") {
    const Screen = found.screen;
    return <Screen />;
  }
  if (found.kind === "missing") return <ModuleNotFoundPage componentsUrl={found.componentsUrl} title={title} />;
  const issue = found.kind === "planned" ? found.issue : 0;
  return (
    <div className="yk-page" data-testid="menu-page" data-view={node.name} data-issue={issue || undefined}>
      <Card
        variant="borderless"
        title={<span data-testid="page-title">{title}</span>}
        extra={issue ? <Tag>建设中 · #{issue}</Tag> : node.componentsUrl ? <Tag>{node.componentsUrl}</Tag> : null}
      >
        <div className="yk-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={`搜索${title}`}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 240 }}
            data-testid="placeholder-search"
          />
        </div>
        <Table
          rowKey="id"
          columns={[
            { title: "名称", dataIndex: "name" },
            { title: "状态", dataIndex: "status" },
            { title: "操作", key: "op" },
          ]}
          dataSource={[]}
          pagination={false}
        />
      </Card>
    </div>
  );
}
