/**
 * Who may read a live group (c398 bind, c399 send; docs/decisions/0931): the same can_view rule as the object the
 * group is named after.
 *
 * - "preparation:<id>" → PreparationAccess.power().can_view (#8).
 * - "listen:<id>" → ListenAccess.power().can_view (listen-access.ts).
 * - "after_class:<id>" → AfterClassAccess.power().can_view (afterclass-access.ts, docs/decisions/0921).
 *
 * An unknown or deleted object is 404 (its module's message), a refusal 403 LIVE_REFUSALS.noView. The access classes
 * are the modules' own (one per deps), so a change of a rule reaches the socket's groups too.
 */
import { LIVE_REFUSALS } from "@yanke/protocol";
import { forbidden } from "../../http/errors.js";
import { afterClassAccessOf } from "../afterclass/afterclass-access.js";
import type { CommunityDeps } from "../community-deps.js";
import { listenAccessOf } from "../listen/listen-access.js";
import type { Caller } from "../../http/caller.js";

/** The kind and id of a group name (validated by the payload schema already). */
export function parseGroup(group: string): { kind: string; id: number } | null {
  const m = /^(preparation|listen|after_class):([1-9]\d{0,8})$/.exec(group);
  return m ? { kind: m[1]!, id: Number(m[2]) } : null;
}

export class GroupAccess {
  constructor(private readonly deps: CommunityDeps) {}

  /** Whether the caller may read the group's messages (false for an unknown kind); 404 when its object is gone. */
  async canRead(c: Caller, group: string): Promise<boolean> {
    const g = parseGroup(group);
    if (!g) return false;
    switch (g.kind) {
      case "preparation": {
        const prep = await this.deps.preparations.load(g.id);
        return (await this.deps.preparations.power(c, prep)).can_view;
      }
      case "listen": {
        const listen = listenAccessOf(this.deps);
        return (await listen.power(c, await listen.load(g.id))).can_view;
      }
      case "after_class": {
        const after = afterClassAccessOf(this.deps);
        return (await after.power(c, await after.load(g.id))).can_view;
      }
      default:
        return false;
    }
  }

  /** 403 unless the caller may read the group. */
  async require(c: Caller, group: string): Promise<void> {
    if (!(await this.canRead(c, group))) throw forbidden(LIVE_REFUSALS.noView);
  }
}
