/** Routes of the report module (issue #12; docs/api/report.md). */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { AdminModuleDeps } from "../admin-modules.js";

export function reportRoutes(_app: FastifyInstance, _host: CallHost, _deps: AdminModuleDeps): void {}
