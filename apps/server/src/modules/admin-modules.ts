/**
 * The administration modules of issue #12, wired in one place (app.ts calls adminModuleRoutes):
 *   questionnaire/  questionnaires: builder, audiences, answering (drafts as the respondent goes), results, export
 *   training/       training programmes: items (videos, documents), enrolment, progress, certificates, getTrainList
 *   report/         statistical report views over the live tables: charts, tables, .xlsx and PDF
 *   software/       software versions of the classroom devices and clients (used by equipment c103/c104)
 */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../http/call.js";
import type { AdminModuleDeps } from "./site-deps.js";
import { questionnaireRoutes } from "./questionnaire/questionnaire.routes.js";
import { reportRoutes } from "./report/report.routes.js";
import { softwareRoutes } from "./software/software.routes.js";
import { trainingRoutes } from "./training/training.routes.js";

export type { AdminModuleDeps };

export function adminModuleRoutes(app: FastifyInstance, host: CallHost, deps: AdminModuleDeps): void {
  questionnaireRoutes(app, host, deps);
  trainingRoutes(app, host, deps);
  reportRoutes(app, host, deps);
  softwareRoutes(app, host, deps);
}
