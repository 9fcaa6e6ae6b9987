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
import { screenFor } from "./screens";

/**
 * A route of the server menu tree. The administration screens arrive with their issues
 * (#3, #4, #6, #12…) and will be looked up by componentsUrl; until then each menu entry
 * opens this page: its title, a search box and an empty list.
 */
export function MenuModulePage() {
  const path = normalizePath(useLocation().pathname);
  const menus = useAppState((s) => s.menus);
  const home = useAppState((s) => s.session.url);
  const node = findMenuByPath(menus, path);
  const [keyword, setKeyword] = useState("");
  if (!node) return path === home ? <AdminHomePage /> : null;
  const Screen = screenFor(node.componentsUrl, node.name);
  if (Screen) return <Screen />;
  const title = menuTitle(node.title, config.showVersionName);
  return (
    <div className="yk-page" data-testid="menu-page" data-view={node.name}>
      <Card
        variant="borderless"
        title={<span data-testid="page-title">{title}</span>}
        extra={node.componentsUrl ? <Tag>{node.componentsUrl}</Tag> : null}
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
        <Table rowKey="id" columns={[{ title: "名称", dataIndex: "name" }, { title: "状态", dataIndex: "status" }, { title: "操作", key: "op" }]} dataSource={[]} pagination={false} />
      </Card>
    </div>
  );
}
