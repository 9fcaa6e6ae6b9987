/** Talk analysis: questions, 理答, dialogue depth, speech rate (docs/analysis-method.md §Talk). Pure. OWNER: engine-metrics helper. */
import type { LidaKind, QuestionKind, SpeechSegment, TalkSection, TranscriptLine } from "@yanke/protocol";

/** A line is a question: ends in ？/?, or ends in 吗/呢/吧, or asks with 为什么/怎么/哪些/什么/如何/是否/谁/几 … */
export function isQuestion(text: string): boolean {
  void text;
  throw new Error("not implemented");
}

/** open: why/how/what-do-you-think questions; closed: yes/no, choose, fill-in. */
export function classifyQuestion(text: string): QuestionKind {
  void text;
  throw new Error("not implemented");
}

/** The teacher's response to a student's answer: praise, follow_up, correction, repetition (of the answer), none. */
export function classifyResponse(teacherText: string, studentAnswer: string): LidaKind {
  void teacherText; void studentAnswer;
  throw new Error("not implemented");
}

/** Everything of the talk section from the transcript lines (and the speech segments for speaking time). */
export function analyseTalk(lines: readonly TranscriptLine[], speech: readonly SpeechSegment[]): TalkSection & { available: true } {
  void lines; void speech;
  throw new Error("not implemented");
}
