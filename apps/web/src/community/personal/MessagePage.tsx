/** 消息 — being written (#7). */
export function MessagePage() {
  return <div className="yk-page" data-testid="MessagePage" />;
}
