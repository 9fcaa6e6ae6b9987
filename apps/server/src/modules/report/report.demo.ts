/**
 * Demo content of the report module (#12; see ../admin-demo.ts): two saved views of the demo district administrator
 * (quji). Views hold configurations only — the figures come from the demo's live rows when they are opened.
 * Idempotent: a view of the same title and owner is not saved twice.
 */
import { TIME_ZONE } from "@yanke/protocol";
import dayjs from "../../infra/dayjs.js";
import { and, eq } from "drizzle-orm";
import { account } from "../account/account.schema.js";
import type { AdminDemoDeps } from "../demo-deps.js";
import { reportView } from "./report.schema.js";

/** The school term around a day (docs/decisions/1233): 2–7 → 春季学期 Feb 1–Jul 31; otherwise 秋季学期 Sep 1–Jan 31. */
export function termOf(day: dayjs.Dayjs): { from: string; to: string } {
  const m = day.month() + 1;
  const y = day.year();
  if (m >= 2 && m <= 7) return { from: `${y}-02-01`, to: `${y}-07-31` };
  const start = m === 1 ? y - 1 : y;
  return { from: `${start}-09-01`, to: `${start + 1}-01-31` };
}

export const DEMO_VIEW_TITLES = ["各校听评课与分析概况（本学期）", "月度教研活跃度"] as const;

export async function seedReportDemo(d: AdminDemoDeps): Promise<void> {
  const [quji] = await d.db.select({ id: account.id, region_code: account.region_code }).from(account).where(eq(account.username, "quji"));
  if (!quji) return;
  const today = dayjs().tz(TIME_ZONE);
  const term = termOf(today);
  const views = [
    {
      title: DEMO_VIEW_TITLES[0],
      dimensions: ["school"],
      measures: ["recorded", "analysed", "evaluated", "score"],
      filters: { date_from: term.from, date_to: term.to, region_id: 0, school_id: 0, subject: "", period: "", granularity: "month" },
      chart_type: "bar",
    },
    {
      title: DEMO_VIEW_TITLES[1],
      dimensions: ["time"],
      measures: ["activity", "evaluated"],
      filters: {
        date_from: today.subtract(11, "month").startOf("month").format("YYYY-MM-DD"),
        date_to: today.endOf("month").format("YYYY-MM-DD"),
        region_id: 0,
        school_id: 0,
        subject: "",
        period: "",
        granularity: "month",
      },
      chart_type: "line",
    },
  ];
  for (const v of views) {
    const [had] = await d.db
      .select({ id: reportView.id })
      .from(reportView)
      .where(and(eq(reportView.account_id, quji.id), eq(reportView.title, v.title)));
    if (had) continue;
    await d.db.insert(reportView).values({ ...v, account_id: quji.id, school_id: 0, region_code: quji.region_code });
  }
}
