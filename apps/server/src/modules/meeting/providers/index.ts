/** The configured meeting provider (deps.config.meeting; docs/decisions/0705). */
import type { Config } from "../../../config.js";
import { LinkMeetingProvider } from "./link.js";
import type { MeetingProvider } from "./provider.js";
import { TencentMeetingProvider } from "./tencent.js";

export type { BookedMeeting, MeetingBooking, MeetingProvider, MeetingState } from "./provider.js";
export { LinkMeetingProvider } from "./link.js";
export { TencentMeetingProvider, tencentSignature } from "./tencent.js";

export function meetingProviders(config: Pick<Config, "meeting">): {
  configured: MeetingProvider;
  link: LinkMeetingProvider;
  byName(name: string): MeetingProvider;
} {
  const link = new LinkMeetingProvider();
  const tencent = config.meeting.provider === "tencent" && config.meeting.tencent ? new TencentMeetingProvider(config.meeting.tencent) : undefined;
  return {
    configured: tencent ?? link,
    link,
    /** The provider a stored meeting was booked with (a Tencent meeting after the configuration changed: link). */
    byName: (name) => (name === "tencent" && tencent ? tencent : link),
  };
}
