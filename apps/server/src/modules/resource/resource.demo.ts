/** Demo courses and clips of the resource area (#11; see ../portal/front.demo.ts). */
import type { DemoVideo, FrontDemoDeps } from "../portal/front.demo.js";

export async function seedResourceDemo(_d: FrontDemoDeps): Promise<{ videos: DemoVideo[] }> {
  return { videos: [] };
}
