/** Routes of the AI diagnosis (helper D) — issue #8. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function diagnosisRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
