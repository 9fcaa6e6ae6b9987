import { DisconnectOutlined, DownOutlined, KeyOutlined, LinkOutlined, LogoutOutlined } from "@ant-design/icons";
import { calls } from "@yanke/protocol";
import { App, Avatar, Dropdown, type MenuProps } from "antd";
import { useState } from "react";
import { call } from "../api/client";
import { toast } from "../api/toast";
import { userIdentityCodes } from "../rbac/identity-permission";
import { usePermission } from "../rbac/usePermission";
import { logout } from "../session/auth";
import { getState, useSession } from "../session/store";
import { avatarColor } from "../theme/constants";
import { BindEsDialog } from "./BindEsDialog";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { showsUnbind, UNBIND_TEXT } from "./unbind";

export function UserAvatar({ accountId, name, size = 28 }: { accountId: number; name: string; size?: number }) {
  return (
    <Avatar size={size} style={{ background: avatarColor(accountId), flex: "none" }} data-testid="user-avatar">
      {name.slice(0, 1) || "用"}
    </Avatar>
  );
}

/** Top-bar user dropdown: avatar (colour by account id mod 20), real name, 修改密码, 绑定教育云账号, 解除绑定, 退出登录. */
export function UserDropdown() {
  const session = useSession();
  const can = usePermission();
  const { modal } = App.useApp();
  const [pwdOpen, setPwdOpen] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const unbind = showsUnbind(can, userIdentityCodes(session.identityCode, session.identity));
  const items: MenuProps["items"] = [
    { key: "password", icon: <KeyOutlined />, label: <span data-testid="menu-change-password">修改密码</span> },
    ...(unbind ? [{ key: "bind", icon: <LinkOutlined />, label: <span data-testid="menu-bind">绑定教育云账号</span> }] : []),
    ...(unbind ? [{ key: "unbind", icon: <DisconnectOutlined />, label: <span data-testid="menu-unbind">解除绑定</span> }] : []),
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: <span data-testid="menu-logout">退出登录</span> },
  ];
  const confirmUnbind = () => {
    modal.confirm({
      title: UNBIND_TEXT.title,
      content: UNBIND_TEXT.content,
      okText: "确定",
      cancelText: "取消",
      okButtonProps: { "data-testid": "unbind-ok" },
      cancelButtonProps: { "data-testid": "unbind-cancel" },
      className: "yk-unbind-confirm",
      onOk: async () => {
        try {
          await call(calls.teacherEsUnbind, { account_id: getState().session.account_id });
          toast.success(UNBIND_TEXT.success);
        } catch {
          /* §4/§8: failure — nothing further (the API client has shown the server's message) */
        }
      },
    });
  };
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "password") setPwdOpen(true);
    if (key === "bind") setBindOpen(true);
    if (key === "unbind") confirmUnbind();
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
      <BindEsDialog open={bindOpen} onClose={() => setBindOpen(false)} />
    </>
  );
}
