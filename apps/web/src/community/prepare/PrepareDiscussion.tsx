/**
 * 研讨 of a preparation: the shared discussion panel (../discuss/DiscussionPanel.tsx, issue #9) on the preparation —
 * live through the socket group preparation:<id>. canDiscuss (the preparation's power) makes it read-write (status 1)
 * or read-only (status 2, '请先加入空间后评论！'); the tab's count follows the messages.
 */
import { useQueryClient } from "@tanstack/react-query";
import { DiscussionPanel } from "../discuss/DiscussionPanel";
import { patchDetail } from "./prepare-common";

export function PrepareDiscussion({
  preparationId,
  canDiscuss,
  docKey = "",
}: {
  preparationId: number;
  canDiscuss: boolean /** The lesson plan discussed beside (wps_file_key). */;
  docKey?: string;
}) {
  const qc = useQueryClient();
  return (
    <div data-testid="prep-discussion">
      <DiscussionPanel
        kind="preparation"
        refId={preparationId}
        status={canDiscuss ? 1 : 2}
        docKey={docKey || undefined}
        onCount={(n) => patchDetail(qc, preparationId, () => ({ discuss_count: n }))}
      />
    </div>
  );
}
