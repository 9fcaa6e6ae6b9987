/** Placeholder (issue #9): after-class reflections of a community or of one listen record, owned by the discussion web helper. */
import { Empty } from "antd";

export function AfterClassList(_props: { communityId?: number; recordId?: number }) {
  return <Empty description="课后反思（建设中）" />;
}
