/** 教学研究 — being written (#7). */
export function TeachingResearchPage() {
  return <div className="yk-page" data-testid="TeachingResearchPage" />;
}
