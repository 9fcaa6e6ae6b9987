/**
 * What managers see under a card of a moderated list (preparations of #8, listen records of #9): 通过, 不通过 with a
 * reason (the dialog), and the 展示 / 推荐 switches — and the pager of such card grids. Test ids carry `prefix`
 * (prep-approve, listen-reject, …).
 */
import type { Call, PayloadOf, calls } from "@yanke/protocol";
import { Input, Modal, Pagination, Popconfirm, Switch } from "antd";
import { useState } from "react";
import { toast } from "../../api/toast";

export interface ModeratedRow {
  id: number;
  verify_status: number;
  is_display: number;
  is_recommend: number;
}

export interface ModerationCalls {
  verify: typeof calls.listenRecordVerify | typeof calls.preparationVerify;
  display: typeof calls.listenIsDisplay | typeof calls.preparationIsDisplay;
  recommend: typeof calls.listenIsRecommend | typeof calls.preparationIsRecommend;
}

/** Runs a call and refreshes the list; false when the client showed a refusal. */
export type ModerationAct = <C extends Call>(c: C, payload: PayloadOf<C>, done: string) => Promise<boolean>;

export function ModerationBar({
  row,
  title,
  prefix,
  calls,
  act,
  onReject,
}: {
  row: ModeratedRow;
  title: string;
  prefix: string;
  calls: ModerationCalls;
  act: ModerationAct;
  onReject: () => void;
}) {
  return (
    <>
      {row.verify_status !== 1 ? (
        <Popconfirm
          title={`确定通过「${title}」吗？`}
          okText="通过"
          cancelText="取消"
          onConfirm={() => act(calls.verify, { id: row.id, verify_status: 1 }, "已通过")}
        >
          <a data-testid={`${prefix}-approve`}>通过</a>
        </Popconfirm>
      ) : null}
      {row.verify_status !== 2 ? (
        <a style={{ color: "#d4380d" }} data-testid={`${prefix}-reject`} onClick={onReject}>
          不通过
        </a>
      ) : null}
      <span className="yk-muted">
        展示{" "}
        <Switch
          size="small"
          checked={row.is_display === 1}
          onChange={(v) => act(calls.display, { id: row.id, is_display: v ? 1 : 0 }, v ? "已展示" : "已隐藏")}
          data-testid={`${prefix}-display`}
        />
      </span>
      <span className="yk-muted">
        推荐{" "}
        <Switch
          size="small"
          checked={row.is_recommend === 1}
          onChange={(v) => act(calls.recommend, { id: row.id, is_recommend: v ? 1 : 0 }, v ? "已推荐" : "已取消推荐")}
          data-testid={`${prefix}-recommend`}
        />
      </span>
    </>
  );
}

/** The 不通过 dialog: a reason is required; `rejecting` is the row being rejected (null = closed). */
export function RejectDialog({
  rejecting,
  title,
  prefix,
  verifyCall,
  act,
  onClose,
}: {
  rejecting: ModeratedRow | null;
  title: string;
  prefix: string;
  verifyCall: ModerationCalls["verify"];
  act: ModerationAct;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <Modal
      title={`不通过「${title}」`}
      open={rejecting !== null}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      // Cleared once closed (clearing on open would race with typing during the open animation).
      afterOpenChange={(open) => !open && setReason("")}
      onOk={async () => {
        if (!reason.trim()) {
          toast.error("请填写不通过的原因");
          return;
        }
        if (rejecting && (await act(verifyCall, { id: rejecting.id, verify_status: 2, reason: reason.trim() }, "已设为不通过"))) onClose();
      }}
      destroyOnHidden
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        placeholder="请填写不通过的原因"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid={`${prefix}-reject-reason`}
      />
    </Modal>
  );
}

/** The pager under a card grid (12 / 24 / 48 a page), shown when there is more than one page. */
export function CardPager({ total, page, limit, onChange }: { total: number; page: number; limit: number; onChange: (page: number, limit: number) => void }) {
  if (total <= limit) return null;
  return (
    <div className="yk-prep-pager">
      <Pagination
        current={page}
        pageSize={limit}
        total={total}
        showSizeChanger
        pageSizeOptions={[12, 24, 48]}
        showTotal={(t) => `共 ${t} 条`}
        onChange={(p, l) => onChange(l !== limit ? 1 : p, l)}
      />
    </div>
  );
}
