/** 个人中心 — being written (#7). */
export function PersonalIndexPage() {
  return <div className="yk-page" data-testid="PersonalIndexPage" />;
}
