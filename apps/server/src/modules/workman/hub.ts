/**
 * The live-message hub (issue #9; ../shared/design/wire.md "Live messaging"): modules publish to a group
 * (liveGroup("preparation", id) …) and every socket bound to it receives the message, on every server process when
 * REDIS_URL is set. The socket server (workman.routes.ts) implements it; until it is attached, publish reaches nobody.
 *
 *   await deps.live.publish(liveGroup("listen", record.id), { type: "discuss.save", data: message });
 */
import type { LiveMessage } from "@yanke/protocol";

export interface LivePublisher {
  /** Sends to every socket bound to the group (on every process). Never throws: a lost push is logged, not fatal. */
  publish(group: string, message: LiveMessage): Promise<void>;
}

/** The hub every module holds (CommunityDeps.live); the socket server attaches its delivery at start. */
export class LiveHub implements LivePublisher {
  private target: LivePublisher | undefined;

  attach(target: LivePublisher): void {
    this.target = target;
  }

  async publish(group: string, message: LiveMessage): Promise<void> {
    await this.target?.publish(group, message);
  }
}
