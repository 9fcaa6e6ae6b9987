/**
 * The list of uploaded files under FileUpload and DocumentUpload: name, size, remove. The name opens the preview
 * dialog (private files are read through the signed address of c386, not their bare /files/<id>).
 */
import { DeleteOutlined, PaperClipOutlined } from "@ant-design/icons";
import { Button, Space, Typography } from "antd";
import { formatBytes } from "./upload-rules";

export interface UploadedItem {
  key: string | number;
  name: string;
  size: number;
}

export function UploadedList({
  items,
  onRemove,
  onPreview,
  disabled,
}: {
  items: UploadedItem[];
  onRemove?: (index: number) => void;
  onPreview?: (index: number) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul style={{ listStyle: "none", padding: 0, margin: "8px 0 0" }} data-testid="uploaded-list">
      {items.map((it, i) => (
        <li key={it.key} style={{ display: "flex", alignItems: "center", gap: 8, padding: "2px 0" }}>
          <PaperClipOutlined style={{ color: "#8a9690" }} />
          <Space size={4} style={{ minWidth: 0 }}>
            {onPreview ? (
              <Typography.Link onClick={() => onPreview(i)} ellipsis style={{ maxWidth: 320 }}>
                {it.name}
              </Typography.Link>
            ) : (
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {it.name}
              </Typography.Text>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatBytes(it.size)}
            </Typography.Text>
          </Space>
          {onRemove && !disabled ? (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除 ${it.name}`} onClick={() => onRemove(i)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
