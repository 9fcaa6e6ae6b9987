/** Shared pieces of the meeting pages (#7). */
import { useQuery } from "@tanstack/react-query";
import { calls, MEETING_PHASES, type MeetingRow } from "@yanke/protocol";
import { Tag } from "antd";
import { call } from "../../api/client";
import { PHASE_COLORS } from "../personal/common";

/** The phase tag of a meeting (cancelled wins). */
export function MeetingPhaseTag({ m }: { m: Pick<MeetingRow, "phase" | "status"> }) {
  const phase = m.status === 2 ? "cancelled" : m.phase;
  return (
    <Tag color={PHASE_COLORS[phase]} data-testid="meeting-phase">
      {MEETING_PHASES[phase] ?? phase}
    </Tag>
  );
}

/** The caller's joined communities (normal ones), with his role: managers (owner 1, administrator 2) may book. */
export function useMyCommunities() {
  return useQuery({
    queryKey: ["meeting", "myCommunities"],
    queryFn: () => call(calls.myCommunityList, { page: 1, limit: 100 }),
    select: (p) => p.list.filter((c) => c.member_status === 1 && c.status === 1),
  });
}

export const meetingDetailHref = (id: number) => `/meetingdetail?id=${id}`;
