/**
 * Statistical reports (报表统计; issue #12; docs/api/report.md). Owned by the report module: fill in the calls,
 * payloads and answers (/middle/report/*).
 */
export const REPORT_CALLS = {} as const;
