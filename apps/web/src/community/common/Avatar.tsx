import { avatarColor } from "@yanke/protocol";
import { Avatar as AntAvatar, Tooltip } from "antd";

/**
 * A person's avatar (platform.md §9): the portrait when there is one, else the first character of the name on one of
 * the 20 avatar colours, chosen by account id modulo 20 (the same person always gets the same colour).
 */
export function Avatar({
  accountId,
  name,
  src,
  size = 32,
  tooltip = false,
}: {
  accountId: number;
  name: string;
  src?: string;
  size?: number;
  tooltip?: boolean;
}) {
  const initial = (name || "?").trim().slice(0, 1) || "?";
  const el = (
    <AntAvatar
      size={size}
      src={src || undefined}
      style={src ? undefined : { backgroundColor: avatarColor(accountId), color: "#fff", flex: "none" }}
      data-testid="community-avatar"
      data-color={avatarColor(accountId)}
    >
      {initial}
    </AntAvatar>
  );
  return tooltip ? <Tooltip title={name}>{el}</Tooltip> : el;
}
