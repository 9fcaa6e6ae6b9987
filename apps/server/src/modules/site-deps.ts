/**
 * What the front site (front-site.ts) and the administration modules (admin-modules.ts) hand to their modules' routes
 * (types only: this file imports no module that could import it back).
 */
import type { Services } from "../services.js";
import type { AnalysisModule } from "./analysis/module.js";
import type { CommunityDeps } from "./community-deps.js";
import type { FrontService } from "./portal/front.service.js";
import type { PortalService } from "./portal/portal.service.js";
import type { QuestionnaireService } from "./questionnaire/questionnaire.service.js";
import type { ReportService } from "./report/report.service.js";
import type { ResourceService } from "./resource/resource.service.js";
import type { ReviewService } from "./review/review.service.js";
import type { SoftwareService } from "./software/software.service.js";
import type { TopicService } from "./topic/topic.service.js";
import type { TrainingService } from "./training/training.service.js";

/** The front site's services (#11), built once by the composition root (app.ts, createSiteServices). */
export interface FrontSiteServices {
  resources: ResourceService;
  reviews: ReviewService;
  topics: TopicService;
  portal: PortalService;
  front: FrontService;
}

/** The administration modules' services (#12), built once by the composition root (app.ts, createSiteServices). */
export interface AdminModuleServices {
  questionnaires: QuestionnaireService;
  training: TrainingService;
  reports: ReportService;
  software: SoftwareService;
}

export interface FrontSiteDeps {
  services: Services;
  /** db, config, org, accounts, files, quota, community access, live hub, playback signing. */
  community: CommunityDeps;
  analysis: AnalysisModule;
  site: FrontSiteServices;
}

export interface AdminModuleDeps {
  services: Services;
  /** db, config, org, accounts, files, quota, community access, live hub, playback signing. */
  community: CommunityDeps;
  analysis: AnalysisModule;
  admin: AdminModuleServices;
}
