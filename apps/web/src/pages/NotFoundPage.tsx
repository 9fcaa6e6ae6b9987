import { Button } from "antd";
import { useNavigate } from "react-router";
import { homeRoute } from "../config";
import { useSession } from "../session/store";

export function NotFoundPage() {
  const navigate = useNavigate();
  const session = useSession();
  const home = session.token && session.url ? session.url : homeRoute();
  return (
    <div className="yk-notfound" data-testid="not-found">
      <div className="yk-notfound-code">404</div>
      <h2>页面不存在</h2>
      <p className="yk-muted">您访问的页面不存在，或您没有访问该页面的权限。</p>
      <Button type="primary" onClick={() => navigate(home, { replace: true })} data-testid="not-found-home">
        返回首页
      </Button>
    </div>
  );
}
