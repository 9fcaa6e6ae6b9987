/** Demo review activities (#11; see ../portal/front.demo.ts). */
import type { DemoVideo, FrontDemoDeps } from "../portal/front.demo.js";

export async function seedReviewDemo(_d: FrontDemoDeps, _videos: DemoVideo[]): Promise<void> {}
