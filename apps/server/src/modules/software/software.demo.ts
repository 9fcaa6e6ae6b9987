/** Demo content of the software module (#12; see ../admin-demo.ts). */
import type { AdminDemoDeps } from "../admin-demo.js";

export async function seedSoftwareDemo(_d: AdminDemoDeps): Promise<void> {}
