import path from "node:path";
import { fileURLToPath } from "node:url";

export const TEST_ADMIN_PASSWORD = "Admin12345";
export const TEST_TEACHER_PASSWORD = "Teacher123";
export const TEST_APP_KEY = "yanke-test-app-key-0123456789";
export const TMP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../.test-tmp");
