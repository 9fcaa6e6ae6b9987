/** Routes of the lesson plans, versions and the co-editing server (helper B) — issue #8. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function lessonPlanRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
