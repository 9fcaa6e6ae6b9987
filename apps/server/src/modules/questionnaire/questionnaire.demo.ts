/** Demo content of the questionnaire module (#12; see ../admin-demo.ts). */
import type { AdminDemoDeps } from "../admin-demo.js";

export async function seedQuestionnaireDemo(_d: AdminDemoDeps): Promise<void> {}
