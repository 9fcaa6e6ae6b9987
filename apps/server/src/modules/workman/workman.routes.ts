/** Routes of the live socket (/ws) and the workman bind/send calls (helper I) — issue #9. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function workmanRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
