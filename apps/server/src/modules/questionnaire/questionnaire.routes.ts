/** Routes of the questionnaire module (issue #12; docs/api/questionnaire.md). */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { AdminModuleDeps } from "../admin-modules.js";

export function questionnaireRoutes(_app: FastifyInstance, _host: CallHost, _deps: AdminModuleDeps): void {}
