/** 课例分析 — being written (#7). */
export function LessonAnalysisPage() {
  return <div className="yk-page" data-testid="LessonAnalysisPage" />;
}
