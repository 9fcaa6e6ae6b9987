/** The default meeting provider: the organizer books the meeting elsewhere and gives its join link (docs/decisions/0705). */
import { badInput } from "../../../http/errors.js";
import type { BookedMeeting, MeetingBooking, MeetingProvider, MeetingState } from "./provider.js";

export class LinkMeetingProvider implements MeetingProvider {
  readonly name = "link" as const;

  async create(b: MeetingBooking): Promise<BookedMeeting> {
    if (!b.meetingUrl) throw badInput("请输入会议链接（以 http:// 或 https:// 开头）");
    return { provider: this.name, meeting_url: b.meetingUrl, provider_meeting_id: "", meeting_code: "" };
  }

  async get(_id: string): Promise<MeetingState | undefined> {
    return undefined;
  }

  async cancel(_id: string): Promise<void> {}
}
