/** 空间首页 — being written (#7). */
export function BlogHomePage() {
  return <div className="yk-page" data-testid="BlogHomePage" />;
}
