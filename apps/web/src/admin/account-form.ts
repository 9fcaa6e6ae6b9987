/**
 * The account form's values ↔ the protocol payloads (AccountSave / AccountUpdate), and the
 * schema's own verdict mapped onto form fields — the same rules the server applies.
 */
import { AccountSave, AccountUpdate, type AccountRow } from "@yanke/protocol";
import type { z } from "zod";

export interface AccountFormValues {
  username: string;
  realname: string;
  telephone?: string;
  identity: number;
  group_id?: number;
  school_id?: number;
  period_id?: number;
  reputation?: string;
  entry_year?: number | null;
  status: boolean;
  /** Edit only: whether the password is being changed. */
  changePassword?: boolean;
  password?: string;
  password_confirmation?: string;
}

export type AccountSaveInput = z.input<typeof AccountSave>;
export type AccountUpdateInput = z.input<typeof AccountUpdate>;

const trim = (v: string | undefined): string => (v ?? "").trim();

function common(v: AccountFormValues) {
  return {
    username: trim(v.username),
    realname: trim(v.realname),
    telephone: trim(v.telephone),
    identity: v.identity,
    group_id: v.group_id ?? 0,
    school_id: v.school_id ?? 0,
    period_id: v.period_id ?? 0,
    reputation: trim(v.reputation),
    entry_year: v.entry_year ?? 0,
    status: v.status ? 1 : 0,
  };
}

export function accountSavePayload(v: AccountFormValues): AccountSaveInput {
  return { ...common(v), password: v.password ?? "", password_confirmation: v.password_confirmation ?? "" };
}

/** Update payload: passwords only when the user chose to change them. */
export function accountUpdatePayload(id: number, v: AccountFormValues): AccountUpdateInput {
  const base = { id, ...common(v) };
  return v.changePassword ? { ...base, password: v.password ?? "", password_confirmation: v.password_confirmation ?? "" } : base;
}

type FormField = Exclude<keyof AccountFormValues, "changePassword">;
const FORM_FIELDS: readonly FormField[] = [
  "username",
  "realname",
  "telephone",
  "identity",
  "group_id",
  "school_id",
  "period_id",
  "reputation",
  "entry_year",
  "status",
  "password",
  "password_confirmation",
];
function isFormField(name: string): name is FormField {
  return FORM_FIELDS.some((f) => f === name);
}

export interface SchemaVerdict {
  /** First issue per form field, as antd `setFields` entries. */
  fields: { name: FormField; errors: string[] }[];
  /** Issues of fields the form does not show. */
  other: string[];
}

/** The protocol schema's verdict on a payload, mapped onto the form. */
export function schemaFieldErrors(payload: AccountSaveInput | AccountUpdateInput, isNew: boolean): SchemaVerdict {
  const r = isNew ? AccountSave.safeParse(payload) : AccountUpdate.safeParse(payload);
  const verdict: SchemaVerdict = { fields: [], other: [] };
  if (r.success) return verdict;
  for (const issue of r.error.issues) {
    const name = String(issue.path[0] ?? "");
    if (isFormField(name)) {
      if (!verdict.fields.some((f) => f.name === name)) verdict.fields.push({ name, errors: [issue.message] });
    } else verdict.other.push(issue.message);
  }
  return verdict;
}

/** Form values of an existing account. */
export function accountFormValues(r: AccountRow): AccountFormValues {
  return {
    username: r.username,
    realname: r.realname,
    telephone: r.telephone,
    identity: r.identity || 2,
    group_id: r.group_id || undefined,
    school_id: r.school_id,
    period_id: r.period_id || undefined,
    reputation: r.reputation,
    entry_year: r.entry_year || null,
    status: r.status === 1,
    changePassword: false,
  };
}
