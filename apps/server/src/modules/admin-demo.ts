/**
 * Demo content of the administration modules (#12), once per data directory (ADMIN_DEMO_KEY), after the front
 * site's demo (server.ts): a software version, a training programme over the demo clips, a questionnaire with
 * answers, saved report views. Each step lives in its module's *.demo.ts.
 */
import { eq } from "drizzle-orm";
import type { AdminDemoDeps } from "./demo-deps.js";
import { systemSetting } from "./platform/platform.schema.js";
import { seedQuestionnaireDemo } from "./questionnaire/questionnaire.demo.js";
import { seedReportDemo } from "./report/report.demo.js";
import { seedSoftwareDemo } from "./software/software.demo.js";
import { seedTrainingDemo } from "./training/training.demo.js";

export const ADMIN_DEMO_KEY = "demo.admin_modules";

export type { AdminDemoDeps };

export async function seedAdminDemo(d: AdminDemoDeps): Promise<boolean> {
  const [done] = await d.db.select({ key: systemSetting.key }).from(systemSetting).where(eq(systemSetting.key, ADMIN_DEMO_KEY));
  if (done) return false;
  await seedSoftwareDemo(d);
  await seedTrainingDemo(d);
  await seedQuestionnaireDemo(d);
  await seedReportDemo(d);
  await d.db
    .insert(systemSetting)
    .values({ key: ADMIN_DEMO_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return true;
}
