/** Routes of issue #11 (see ../front-site.ts). */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { FrontSiteDeps } from "../front-site.js";

export function resourceRoutes(_app: FastifyInstance, _host: CallHost, _deps: FrontSiteDeps): void {
  // The calls arrive with issue #11's work on this module.
}
