import { z } from "zod";

z.config(z.locales.zhCN());

/** Finds the Chinese label (`.describe()`) of the field at `path` inside `schema`. */
function labelAt(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let current: z.ZodType | undefined = schema;
  let label: string | undefined;
  for (const key of path) {
    current = unwrap(current);
    if (current instanceof z.ZodObject && typeof key === "string") {
      current = (current.shape as Record<string, z.ZodType>)[key];
    } else if (current instanceof z.ZodArray && typeof key === "number") {
      current = current.element as z.ZodType;
    } else {
      return label;
    }
    if (current?.description) label = current.description;
  }
  return label;
}

function unwrap(s: z.ZodType | undefined): z.ZodType | undefined {
  let cur = s;
  for (let i = 0; i < 8 && cur; i++) {
    if (cur instanceof z.ZodOptional || cur instanceof z.ZodNullable || cur instanceof z.ZodDefault) {
      cur = cur.unwrap() as z.ZodType;
    } else if (cur instanceof z.ZodPipe) {
      cur = cur.in as z.ZodType;
    } else break;
  }
  return cur;
}

/** "账号(username): 必填" style message from the first issue of a zod error. */
export function formatZodError(schema: z.ZodType, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "请求参数错误";
  const field = issue.path.map(String).join(".");
  const label = labelAt(schema, issue.path);
  const name = label ? `${label}(${field})` : field || "请求参数";
  let rule = issue.message;
  if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined) rule = "必填";
  return `${name}: ${rule}`;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

export function parsePayload<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, message: formatZodError(schema, r.error) };
}
