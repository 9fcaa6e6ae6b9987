/** The queries the listen pages share (one cache key each, so a save refreshes every page that shows it). */
import { useQuery } from "@tanstack/react-query";
import { calls } from "@yanke/protocol";
import { listenCall } from "./listen-common";

export type * from "./listen-types";

/** c265: the record with the caller's power and his own evaluation. */
export function useListenDetail(id: number) {
  return useQuery({
    queryKey: ["listen", "detail", id],
    enabled: id > 0,
    retry: false,
    staleTime: 10_000,
    queryFn: () => listenCall(calls.listenRead, { id }),
  });
}

/** c289: the aggregate score with its spread. */
export function useTeacherScore(id: number, enabled = true) {
  return useQuery({
    queryKey: ["listen", "teacherScore", id],
    enabled: id > 0 && enabled,
    retry: false,
    queryFn: () => listenCall(calls.listenCourseTeacherScore, { record_id: id }),
  });
}
