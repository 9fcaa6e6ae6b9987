/** Demo content of the training module (#12; see ../admin-demo.ts). */
import type { AdminDemoDeps } from "../admin-demo.js";

export async function seedTrainingDemo(_d: AdminDemoDeps): Promise<void> {}
