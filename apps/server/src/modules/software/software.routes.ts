/** Routes of the software module (issue #12; docs/api/software.md). */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { AdminModuleDeps } from "../admin-modules.js";

export function softwareRoutes(_app: FastifyInstance, _host: CallHost, _deps: AdminModuleDeps): void {}
