/** Routes of the training module (issue #12; docs/api/training.md). */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { AdminModuleDeps } from "../admin-modules.js";

export function trainingRoutes(_app: FastifyInstance, _host: CallHost, _deps: AdminModuleDeps): void {}
