/** Routes of the evaluation indicators and listen targets (helper G2) — issue #9. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function indicatorRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
