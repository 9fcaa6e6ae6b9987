import { Code, type CodeValue, DEFAULT_MESSAGES, SESSION_END_MESSAGES, type SessionEndReason } from "@yanke/protocol";

/** Every refusal is an AppError(code, msg); one handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    msg?: string,
    readonly data: unknown = null,
  ) {
    super(msg ?? DEFAULT_MESSAGES[code]);
    this.name = "AppError";
  }
}

export const badInput = (msg: string) => new AppError(Code.BAD_INPUT, msg);
export const forbidden = (msg?: string) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg?: string) => new AppError(Code.NOT_FOUND, msg);
export const conflict = (msg?: string) => new AppError(Code.CONFLICT, msg);
export const tooMany = (msg: string, retryAfterSeconds: number) => new AppError(Code.TOO_MANY, msg, { retry_after: retryAfterSeconds });
export const sessionInvalid = () => new AppError(Code.SESSION_INVALID);
export const sessionEnded = (reason: SessionEndReason) => new AppError(Code.SESSION_ENDED, SESSION_END_MESSAGES[reason]);

/** A PostgreSQL unique violation (23505), possibly wrapped by the driver or Drizzle. */
export function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, i = 0; cur instanceof Error && i < 5; cur = cur.cause, i++) {
    if ("code" in cur && cur.code === "23505") return true;
  }
  return false;
}
