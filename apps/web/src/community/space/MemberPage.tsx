/** 成员 — being written (#7). */
export function MemberPage() {
  return <div className="yk-page" data-testid="MemberPage" />;
}
