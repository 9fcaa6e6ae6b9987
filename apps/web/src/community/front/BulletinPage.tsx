/** 公告 — being written (#7). */
export function BulletinPage() {
  return <div className="yk-page" data-testid="BulletinPage" />;
}
