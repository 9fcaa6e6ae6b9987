import path from "node:path";
import { fileURLToPath } from "node:url";

export const TEST_ADMIN_PASSWORD = "Admin12345";
export const TEST_TEACHER_PASSWORD = "Teacher123";
export const TEST_APP_KEY = "yanke-test-app-key-0123456789";
export const TMP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../.test-tmp");
/** The demo media cache of the test runs (YANKE_DEMO_CACHE; decision 1300), filled by the global set-up. */
export const DEMO_CACHE_DIR = path.join(TMP_DIR, "demo-media");
/** Media fixtures of media-fixtures.ts, made once and shared by every file and run (named by what makes them). */
export const FIXTURE_DIR = path.join(TMP_DIR, "fixtures");
