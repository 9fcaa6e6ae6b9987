/** Routes of the after-class reflections (helper H) — issue #9. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function afterClassRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
