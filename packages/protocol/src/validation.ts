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
    const described = current?.description ?? unwrap(current)?.description;
    if (described) label = described;
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

/** The value the client sent at `path` (before any coercion). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

const TYPE_NAMES: Record<string, string> = {
  number: "数字",
  int: "整数",
  string: "文本",
  boolean: "布尔值",
  array: "列表",
  object: "对象",
  record: "对象",
  map: "对象",
  set: "列表",
  tuple: "列表",
  date: "日期",
  bigint: "整数",
};

/** "账号(username): 必填" style message from the first issue of a zod error; `input` tells missing from wrong type. */
export function formatZodError(schema: z.ZodType, error: z.ZodError, input?: unknown): string {
  const issue = error.issues[0];
  if (!issue) return "请求参数错误";
  const field = issue.path.map(String).join(".");
  const label = labelAt(schema, issue.path);
  const name = label ? `${label}(${field})` : field || "请求参数";
  let rule = issue.message;
  if (issue.code === "invalid_type") {
    const sent = valueAt(input, issue.path);
    rule = sent === undefined || sent === null ? "必填" : `应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
  }
  return `${name}: ${rule}`;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

export function parsePayload<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, message: formatZodError(schema, r.error, input) };
}
