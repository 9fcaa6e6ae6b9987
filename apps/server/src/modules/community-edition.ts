/**
 * The community edition's server modules (issue #7), wired in one place: communities, articles and the message
 * board, reflections and collections, notices and messages, meetings, activities, the home / statistics /
 * organization calls and the personal centre. All share CommunityDeps; permission inside a community is
 * CommunityAccess (communityPower, docs/decisions/0701).
 *
 *   const edition = { ...deps, access: new CommunityAccess(db) };   communityEditionRoutes(app, host, edition);
 */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../http/call.js";
import type { CommunityDeps } from "./community-deps.js";
import type { CommunityServices } from "./community-services.js";
import { activityRoutes } from "./activity/activity.routes.js";
import { articleRoutes } from "./article/article.routes.js";
import { CommunityAccess } from "./community/community-access.js";
import { communityRoutes } from "./community/community.routes.js";
import { homeRoutes } from "./home/home.routes.js";
import { meetingRoutes } from "./meeting/meeting.routes.js";
import { noticeRoutes } from "./notice/notice.routes.js";
import { collectRoutes } from "./personal/collect.routes.js";
import { personalRoutes } from "./personal/personal.routes.js";
import { lessonPlanRoutes } from "./lessonplan/lessonplan.routes.js";
import { diagnosisRoutes } from "./preparation/diagnosis.routes.js";
import { PreparationAccess } from "./preparation/preparation-access.js";
import { preparationRoutes } from "./preparation/preparation.routes.js";
import { textbookRoutes } from "./textbook/textbook.routes.js";
import { afterClassRoutes } from "./afterclass/afterclass.routes.js";
import { discussRoutes } from "./discuss/discuss.routes.js";
import { indicatorRoutes } from "./listen/indicator.routes.js";
import { listenRoutes } from "./listen/listen.routes.js";
import { LiveHub } from "./workman/hub.js";
import { workmanRoutes } from "./workman/workman.routes.js";

export type { CommunityDeps };

export function communityDeps(
  d: Omit<CommunityDeps, "access" | "preparations" | "live" | "now" | "signPlayback"> & { now?: () => Date; signPlayback?: (path: string) => string },
): CommunityDeps {
  const access = new CommunityAccess(d.db);
  return {
    ...d,
    access,
    preparations: new PreparationAccess(d.db, access),
    live: new LiveHub(),
    signPlayback: d.signPlayback ?? ((p) => p),
    now: d.now ?? (() => new Date()),
  };
}

export function communityEditionRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps, built: CommunityServices): void {
  communityRoutes(app, host, deps, built);
  articleRoutes(app, host, deps, built);
  collectRoutes(app, host, deps, built);
  noticeRoutes(app, host, deps, built);
  meetingRoutes(app, host, deps, built);
  activityRoutes(app, host, deps);
  homeRoutes(app, host, deps, built);
  personalRoutes(app, host, deps, built);
  // Collective preparation (#8).
  preparationRoutes(app, host, deps, built);
  lessonPlanRoutes(app, host, deps);
  diagnosisRoutes(app, host, deps);
  textbookRoutes(app, host, deps, built);
  // Listening and evaluation, after-class reflection, discussion and live messaging (#9).
  workmanRoutes(app, host, deps);
  discussRoutes(app, host, deps, built);
  listenRoutes(app, host, deps, built);
  indicatorRoutes(app, host, deps, built);
  afterClassRoutes(app, host, deps, built);
}
