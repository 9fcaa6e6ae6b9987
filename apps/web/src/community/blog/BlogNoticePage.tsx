/** 通知公告 — being written (#7). */
export function BlogNoticePage() {
  return <div className="yk-page" data-testid="BlogNoticePage" />;
}
