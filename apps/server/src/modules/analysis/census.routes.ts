/** Routes of the census calls c157–c166 and c291 (issue #10; docs/api/research.md). OWNER: census helper. */
import type { FastifyInstance } from "fastify";
import type { CallHost } from "../../http/call.js";
import type { CommunityDeps } from "../community-edition.js";

export function censusRoutes(app: FastifyInstance, host: CallHost, deps: CommunityDeps): void {
  void app; void host; void deps;
}
