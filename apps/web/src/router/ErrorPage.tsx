import { Button, Result } from "antd";
import { useRouteError } from "react-router";

/** Route error boundary: a failed lazy chunk or a render error, never a blank screen. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : "";
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={detail ? `错误信息：${detail}` : "请刷新页面后重试，如仍有问题请联系管理员。"}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
