import { Button, Result, Typography } from "antd";
import { useNavigate } from "react-router";
import { useAppState } from "../session/store";

/** §8 "Unknown module key": a menu entry whose componentsUrl names no screen of this app. */
export function ModuleNotFoundPage({ componentsUrl, title }: { componentsUrl: string; title: string }) {
  const navigate = useNavigate();
  const home = useAppState((s) => s.session.url) || "/";
  return (
    <div className="yk-page" data-testid="module-not-found" data-components-url={componentsUrl}>
      <Result
        status="warning"
        title={<span data-testid="module-not-found-title">模块不存在：{componentsUrl}</span>}
        subTitle={
          <>
            菜单「{title}」指向的页面组件在当前版本中不存在。
            <br />
            请管理员在「菜单管理」中检查该菜单的组件路径（componentsUrl），或联系技术支持。
          </>
        }
        extra={
          <>
            <Typography.Text code copyable className="yk-module-key">
              {componentsUrl}
            </Typography.Text>
            <div style={{ marginTop: 16 }}>
              <Button type="primary" onClick={() => navigate(home)} data-testid="module-not-found-home">
                返回首页
              </Button>
            </div>
          </>
        }
      />
    </div>
  );
}
