import { DownOutlined, KeyOutlined, LogoutOutlined } from "@ant-design/icons";
import { Avatar, Dropdown, type MenuProps } from "antd";
import { useState } from "react";
import { logout } from "../session/auth";
import { useSession } from "../session/store";
import { avatarColor } from "../theme/constants";
import { ChangePasswordDialog } from "./ChangePasswordDialog";

export function UserAvatar({ accountId, name, size = 28 }: { accountId: number; name: string; size?: number }) {
  return (
    <Avatar size={size} style={{ background: avatarColor(accountId), flex: "none" }} data-testid="user-avatar">
      {name.slice(0, 1) || "用"}
    </Avatar>
  );
}

/** Top-bar user dropdown: avatar (colour by account id mod 20), real name, 修改密码, 退出登录. */
export function UserDropdown() {
  const session = useSession();
  const [pwdOpen, setPwdOpen] = useState(false);
  const items: MenuProps["items"] = [
    { key: "password", icon: <KeyOutlined />, label: <span data-testid="menu-change-password">修改密码</span> },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: <span data-testid="menu-logout">退出登录</span> },
  ];
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "password") setPwdOpen(true);
    if (key === "logout") void logout();
  };
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={["click"]} placement="bottomRight">
        <span className="yk-user" data-testid="user-dropdown" role="button" tabIndex={0}>
          <UserAvatar accountId={session.account_id} name={session.realname} />
          <span className="yk-user-name">{session.realname || "未命名用户"}</span>
          <DownOutlined style={{ fontSize: 10, color: "#8a9690" }} />
        </span>
      </Dropdown>
      <ChangePasswordDialog open={pwdOpen} onClose={() => setPwdOpen(false)} />
    </>
  );
}
