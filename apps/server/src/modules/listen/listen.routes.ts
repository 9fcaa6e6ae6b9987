/** Routes of the listen-evaluate records, their index calls, files, voices, scores and discussion (helper G1) — issue #9. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function listenRoutes(_app: FastifyInstance, _host: CallHost, _deps: CommunityDeps): void {}
