/**
 * What the community edition's modules receive from the composition root (types only: this file imports no module
 * that could import it back). community-edition.ts builds it (communityDeps) and hands it to each module's routes.
 */
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { AccountService } from "./account/account.service.js";
import type { CommunityAccess } from "./community/community-access.js";
import type { FileService } from "./file/file.service.js";
import type { OrgService } from "./org/org.service.js";
import type { PreparationAccess } from "./preparation/preparation-access.js";
import type { QuotaService } from "./quota/quota.service.js";
import type { LiveHub } from "./workman/hub.js";

export interface CommunityDeps {
  db: Db;
  config: Config;
  org: OrgService;
  accounts: AccountService;
  files: FileService;
  quota: QuotaService;
  access: CommunityAccess;
  /** Who may do what with a preparation (#8). */
  preparations: PreparationAccess;
  /** Live messages to socket groups (#9; workman/hub.ts). */
  live: LiveHub;
  /** Signs a live playback path (/live/<device>/…) for someone a module lets watch (remote listening, #9). */
  signPlayback: (path: string) => string;
  /** The clock (tests may inject one). */
  now: () => Date;
}
