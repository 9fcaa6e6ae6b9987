/**
 * Who calls, as services see it (issue #20: the caller is resolved once per request and handed to handlers).
 *
 * The request pipeline (http/call.ts, `ctx.caller()`) resolves a session to its account row once; services take the
 * narrowest view they need: most take a `Caller`, a few that read more of the account (e.g. its subject) take the
 * whole `CallerAccount`. Both are satisfied by the row AccountService.subject answers.
 */
import type { AccountRow } from "../modules/account/account.service.js";

/** Who calls: the session's account (AccountService.subject answers it), as most services need it. */
export interface Caller {
  id: number;
  identity: number;
  school_id: number;
  region_code: string;
  period_id: number;
}

/** The caller's whole account row, as `ctx.caller()` answers it (a Caller). */
export type CallerAccount = AccountRow;
