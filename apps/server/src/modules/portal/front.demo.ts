/**
 * Demo content of the front site (#11), seeded once with the demo content (SEED_DEMO and SEED_DEMO_CONTENT), in the
 * background after the server is up (server.ts), because it makes short video clips with ffmpeg:
 *   1. resource/resource.demo.ts — clips registered as videos of the demo teachers, and courses (units, lessons)
 *      across subjects with videos and documents bound;
 *   2. review/review.demo.ts — two review activities in different phases with works and scores;
 *   3. topic/topic.demo.ts — topics collecting those lessons (after the analysis demo has made its lessons, so the
 *      published analysis is among them).
 * A system_setting marker makes it run once; a failure leaves the marker unset so the next start tries again.
 */
import { eq } from "drizzle-orm";
import type { DemoVideo, FrontDemoDeps } from "../demo-deps.js";
import { systemSetting } from "../platform/platform.schema.js";
import { seedResourceDemo } from "../resource/resource.demo.js";
import { seedReviewDemo } from "../review/review.demo.js";
import { seedTopicDemo } from "../topic/topic.demo.js";

export const FRONT_DEMO_KEY = "demo_front_site";

export type { DemoVideo, FrontDemoDeps };

export async function seedFrontDemo(d: FrontDemoDeps): Promise<boolean> {
  const [done] = await d.db.select({ key: systemSetting.key }).from(systemSetting).where(eq(systemSetting.key, FRONT_DEMO_KEY));
  if (done) return false;
  const { videos } = await seedResourceDemo(d);
  await seedReviewDemo(d, videos);
  await d.analysisSeeded?.catch(() => undefined);
  await seedTopicDemo(d, videos);
  await d.db
    .insert(systemSetting)
    .values({ key: FRONT_DEMO_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return true;
}
