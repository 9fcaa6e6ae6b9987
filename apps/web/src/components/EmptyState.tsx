import type { CSSProperties, ReactNode } from "react";

/** The §2 empty state: a picture and 暂无数据. Also antd's renderEmpty for every list and table. */
export function EmptyState({
  text = "暂无数据",
  extra,
  style,
  compact = false,
}: {
  text?: string;
  extra?: ReactNode;
  style?: CSSProperties;
  compact?: boolean;
}) {
  const size = compact ? 72 : 120;
  return (
    <div
      data-testid="empty-state"
      style={{ display: "flex", flexDirection: "column", alignItems: "center", padding: compact ? "12px 0" : "32px 0", color: "#8a9690", ...style }}
    >
      <svg width={size} height={size * 0.75} viewBox="0 0 160 120" aria-hidden="true">
        <ellipse cx="80" cy="106" rx="62" ry="8" fill="#e6ece9" />
        <path d="M34 40 L80 22 L126 40 L126 92 L80 104 L34 92 Z" fill="#f4f7f6" stroke="#c9d6d0" strokeWidth="2" />
        <path d="M34 40 L80 56 L126 40" fill="none" stroke="#c9d6d0" strokeWidth="2" />
        <path d="M80 56 L80 104" stroke="#c9d6d0" strokeWidth="2" />
        <path d="M34 40 L20 58 L66 74 L80 56 Z" fill="#e9f0ed" stroke="#c9d6d0" strokeWidth="2" />
        <path d="M126 40 L140 58 L94 74 L80 56 Z" fill="#e9f0ed" stroke="#c9d6d0" strokeWidth="2" />
        <circle cx="112" cy="18" r="4" fill="#a9cbbf" />
        <circle cx="124" cy="10" r="2.5" fill="#cfe2db" />
        <circle cx="46" cy="14" r="3" fill="#cfe2db" />
      </svg>
      <div style={{ marginTop: 8, fontSize: 13 }}>{text}</div>
      {extra ? <div style={{ marginTop: 8 }}>{extra}</div> : null}
    </div>
  );
}
