import { CopyOutlined } from "@ant-design/icons";
import type { EquipmentCredentials } from "@yanke/protocol";
import { Alert, Button, Descriptions, Modal, Space, Typography } from "antd";
import { toast } from "../../api/toast";
import { absoluteUrl } from "./equipment-view";

export interface CredentialsView extends EquipmentCredentials {
  /** Where the credentials came from: a new device or a renewed secret. */
  reason: "created" | "reset";
}

function copy(text: string, what: string) {
  if (!navigator.clipboard) {
    toast.error("当前浏览器不能自动复制，请手动选中复制");
    return;
  }
  void navigator.clipboard.writeText(text).then(
    () => toast.success(`已复制${what}`),
    () => toast.error("复制失败，请手动选中复制"),
  );
}

function Secret({ value, testId, what }: { value: string; testId: string; what: string }) {
  return (
    <div style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
      <Typography.Text code className="yk-mono" style={{ wordBreak: "break-all", flex: 1 }} data-testid={testId}>
        {value}
      </Typography.Text>
      <Button size="small" icon={<CopyOutlined />} onClick={() => copy(value, what)} data-testid={`${testId}-copy`}>
        复制
      </Button>
    </div>
  );
}

/**
 * The device's secret and its two RTMP push addresses, shown once (after 新增 and after 重置密钥): the server
 * keeps only a hash of the secret, so they cannot be shown again.
 */
export function CredentialsDialog({ view, onClose }: { view: CredentialsView | null; onClose: () => void }) {
  const heartbeat = view ? absoluteUrl(view.heartbeat_url, window.location.origin) : "";
  const all = view
    ? [
        `设备编码：${view.code}`,
        `设备密钥：${view.secret}`,
        `教师机位推流地址：${view.rtmp.teacher}`,
        `学生机位推流地址：${view.rtmp.student}`,
        `心跳地址：${heartbeat}`,
      ].join("\n")
    : "";
  return (
    <Modal
      title={view?.reason === "reset" ? "设备密钥已重置" : "设备已添加"}
      open={view !== null}
      onCancel={onClose}
      width={720}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<CopyOutlined />} onClick={() => copy(all, "全部信息")} data-testid="device-secret-copy-all">
            复制全部
          </Button>
          <Button type="primary" onClick={onClose} data-testid="device-secret-close">
            我已保存，关闭
          </Button>
        </Space>
      }
    >
      {view ? (
        <div data-testid="device-secret-dialog" data-code={view.code}>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="设备密钥和推流地址只显示这一次"
            description={
              view.reason === "reset"
                ? "旧密钥和旧推流地址已立即失效。请马上复制下面的信息并重新配置到设备上；关闭后无法再次查看，遗失只能再次重置密钥。"
                : "请马上复制下面的信息并配置到录播主机上；关闭后无法再次查看，遗失只能重置密钥。推流地址含密钥，请勿外传。"
            }
          />
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: 132 } }}
            items={[
              { key: "code", label: "设备编码", children: <Secret value={view.code} testId="device-secret-code" what="设备编码" /> },
              { key: "secret", label: "设备密钥", children: <Secret value={view.secret} testId="device-secret" what="设备密钥" /> },
              {
                key: "teacher",
                label: "教师机位推流",
                children: <Secret value={view.rtmp.teacher} testId="device-secret-rtmp-teacher" what="教师机位推流地址" />,
              },
              {
                key: "student",
                label: "学生机位推流",
                children: <Secret value={view.rtmp.student} testId="device-secret-rtmp-student" what="学生机位推流地址" />,
              },
              { key: "heartbeat", label: "心跳地址", children: <Secret value={heartbeat} testId="device-secret-heartbeat" what="心跳地址" /> },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
