/** The answers the listen pages read (packages/protocol/src/schemas/listen.ts). */
export type {
  ListenDetail,
  ListenEvaluationRow,
  ListenFileRow,
  ListenMemberRow,
  ListenPowerAnswer,
  ListenRow,
  ListenSchemeNode,
  ListenSpread,
  ListenStatistics,
  ListenTeacherScoreAnswer,
  ListenVoiceRow,
} from "@yanke/protocol";

import type { ListenTeacherScoreAnswer } from "@yanke/protocol";
/** One item of c289 with its spread. */
export type ListenScoreItem = ListenTeacherScoreAnswer["items"][number];
