/** Demo content of the report module (#12; see ../admin-demo.ts). */
import type { AdminDemoDeps } from "../admin-demo.js";

export async function seedReportDemo(_d: AdminDemoDeps): Promise<void> {}
