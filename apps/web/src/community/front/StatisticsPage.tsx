/** 数据统计 — being written (#7). */
export function StatisticsPage() {
  return <div className="yk-page" data-testid="StatisticsPage" />;
}
