/** Routes of the discuss_comment calls (helper H) — issue #9. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function discussRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
