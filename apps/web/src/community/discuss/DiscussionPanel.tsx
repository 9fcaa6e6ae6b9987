/** Placeholder (issue #9): the shared discussion panel with its live socket, owned by the discussion web helper. */
import { Empty } from "antd";

export interface DiscussionPanelProps {
  /** What is discussed: a preparation, a listen-evaluate record or an after-class record. */
  kind: "preparation" | "listen" | "after_class";
  refId: number;
  /** 1 read-write, 2 read-only (platform.md §4 Discussion panel); default: what the server's index answers. */
  status?: 1 | 2;
  /** The chat key: "TPK" offers the listen-target tag. */
  chatKey?: string;
  /** The player's current time (seconds), stamped on a message written while watching. */
  videoTime?: () => number | undefined;
  /** Clicking a time-stamped message seeks the player. */
  onSeek?: (seconds: number) => void;
}

export function DiscussionPanel(_props: DiscussionPanelProps) {
  return <Empty description="研讨（建设中）" />;
}
