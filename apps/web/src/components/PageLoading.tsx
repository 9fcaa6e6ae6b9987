import { Spin } from "antd";

export function PageLoading({ tip = "加载中…", full = false }: { tip?: string; full?: boolean }) {
  return (
    <div data-testid="page-loading" style={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: full ? "100vh" : 240 }}>
      <Spin size="large" description={tip}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
