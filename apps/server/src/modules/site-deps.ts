/**
 * What the front site (front-site.ts) and the administration modules (admin-modules.ts) hand to their modules' routes
 * (types only: this file imports no module that could import it back).
 */
import type { Services } from "../services.js";
import type { AnalysisModule } from "./analysis/module.js";
import type { CommunityDeps } from "./community-deps.js";

export interface FrontSiteDeps {
  services: Services;
  /** db, config, org, accounts, files, quota, community access, live hub, playback signing. */
  community: CommunityDeps;
  analysis: AnalysisModule;
}

export interface AdminModuleDeps {
  services: Services;
  /** db, config, org, accounts, files, quota, community access, live hub, playback signing. */
  community: CommunityDeps;
  analysis: AnalysisModule;
}
