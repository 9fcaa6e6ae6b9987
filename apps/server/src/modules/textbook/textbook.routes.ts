/** Routes of the textbook catalogue, resources, Tw sync and getXkwDoc (helper C) — issue #8. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function textbookRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
