/**
 * How a meeting is booked (docs/decisions/0705): a provider turns a reservation into a join link, reads it back and
 * cancels it. "link" stores the link the organizer gives; "tencent" books it with Tencent Meeting's REST API.
 */
export interface MeetingBooking {
  subject: string;
  start: Date;
  end: Date;
  /** The organizer's link ("link" provider). */
  meetingUrl: string;
}

export interface BookedMeeting {
  provider: string;
  meeting_url: string;
  provider_meeting_id: string;
  meeting_code: string;
}

/** What the provider says about a booked meeting now (fields it does not know are absent). */
export interface MeetingState {
  meeting_url?: string;
  meeting_code?: string;
  subject?: string;
  /** The provider's own state word, e.g. MEETING_STATE_INIT. */
  state?: string;
}

export interface MeetingProvider {
  readonly name: "link" | "tencent";
  create(b: MeetingBooking): Promise<BookedMeeting>;
  /** undefined when the provider keeps nothing to read back. */
  get(providerMeetingId: string): Promise<MeetingState | undefined>;
  cancel(providerMeetingId: string): Promise<void>;
}
