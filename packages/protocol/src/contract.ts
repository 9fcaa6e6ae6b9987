/**
 * The contract of one call: its path, its payload schema and the type of its answer's `data`.
 *
 *   export const TRAINING = { trainingList: call<Page<TrainingRow>>()(TRAINING_CALLS.trainingList, TrainingListPayload) };
 *   const page = await api.call(calls.trainingList, { page: 1 }); // page: Page<TrainingRow>
 *
 * The answer type is a phantom (no run-time value): it says what the server's handler returns for this path.
 */
import type { z } from "zod";

/** A payload schema: the wire carries a JSON object (wire.md), so its input is one. */
export type PayloadSchema = z.ZodType<unknown, Record<string, unknown>>;

export interface Call<Path extends string = string, P extends PayloadSchema = PayloadSchema, A = unknown> {
  readonly path: Path;
  /** What the server parses the payload with; a client sends its input type. */
  readonly payload: P;
  /** Phantom: never set; carries the answer type for AnswerOf. */
  readonly answer?: A;
}

/** call<Answer>()(path, payloadSchema): the answer type is given, path and schema are inferred. */
export const call =
  <A>() =>
  <Path extends string, P extends PayloadSchema>(path: Path, payload: P): Call<Path, P, A> => ({ path, payload });

/** What a client sends for the call (before zod's coercion and defaults). */
export type PayloadOf<C extends Call> = z.input<C["payload"]>;
/** What the handler receives after parsing. */
export type ParsedPayloadOf<C extends Call> = z.output<C["payload"]>;
/** The `data` of a successful answer. */
export type AnswerOf<C extends Call> = C extends Call<string, PayloadSchema, infer A> ? A : never;
