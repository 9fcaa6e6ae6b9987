/** 空间管理 — being written (#7). */
export function SpaceManagementPage() {
  return <div className="yk-page" data-testid="SpaceManagementPage" />;
}
