/**
 * The public front site and the school resource area (issue #11), wired in one place (app.ts calls frontSiteRoutes):
 *   resource/  course resources, bindings, views and rankings (/middle/myResource*, /web/myResource*, /web/video/*)
 *   review/    review activities (评课活动): phases, works, reviewers, scores, results
 *   topic/     topics (专题)
 *   portal/    big screens, the data cockpit, portraits (c061 …)
 *   front.routes.ts (portal/) the front site's own lists: live classrooms, bulletins, AI-analysed lessons, home blocks
 */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../http/call.js";
import type { FrontSiteDeps } from "./site-deps.js";
import { frontRoutes } from "./portal/front.routes.js";
import { portalRoutes } from "./portal/portal.routes.js";
import { resourceRoutes } from "./resource/resource.routes.js";
import { reviewRoutes } from "./review/review.routes.js";
import { topicRoutes } from "./topic/topic.routes.js";

export type { FrontSiteDeps };

export function frontSiteRoutes(app: FastifyInstance, host: CallHost, deps: FrontSiteDeps): void {
  resourceRoutes(app, host, deps);
  reviewRoutes(app, host, deps);
  topicRoutes(app, host, deps);
  portalRoutes(app, host, deps);
  frontRoutes(app, host, deps);
}
