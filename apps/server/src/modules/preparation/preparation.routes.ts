/** Routes of the preparation calls (helper A) — issue #8. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function preparationRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
