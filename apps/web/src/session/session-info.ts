import { DEFAULT_COMMUNITY_LEVEL, DEFAULT_SCHOOL_TYPE, type SessionInfo } from "@yanke/protocol";

/**
 * The Session of platform.md §3 as the web app keeps it: the login answer plus the
 * profile fields /middle/sso/userInfo adds (needed for the completeness rule).
 */
export interface StoredSession extends SessionInfo {
  subject_id: number;
  entry_year: number;
  identity_level: number;
}

const STRING_KEYS = [
  "token",
  "username",
  "realname",
  "area_code",
  "region_code",
  "identity_name",
  "url",
  "userToken",
  "userUuid",
  "access_token",
  "id_token",
  "njy_id_token",
  "njy_token",
  "reputation",
  "school_index_name",
  "school_index_logo",
  "school_type",
  "head_portrait_url",
] as const satisfies readonly (keyof StoredSession)[];

const NUMBER_KEYS = [
  "account_id",
  "school_id",
  "school_id_top",
  "period_id",
  "period_id_top",
  "id",
  "apply_id",
  "type",
  "ident",
  "identity",
  "account_school_user_id",
  "is_reset_pass",
  "total_space",
  "disk_space",
  "surplus_space_size",
  "community_level",
  "province_id",
  "city_id",
  "area_id",
  "njy_area_id",
  "identity_area_id",
  "isFullScreen",
  "subject_id",
  "entry_year",
  "identity_level",
] as const satisfies readonly (keyof StoredSession)[];

type Covered = (typeof STRING_KEYS)[number] | (typeof NUMBER_KEYS)[number] | "identityCode";
/** Compile-time check that the normaliser covers every Session field. */
const everyFieldCovered: Exclude<keyof StoredSession, Covered> extends never ? true : false = true;
void everyFieldCovered;

/** A blank session (§4 logout: all user fields blank, ident 0) with the §3 defaults. */
export function blankSession(): StoredSession {
  return {
    token: "",
    username: "",
    realname: "",
    area_code: "",
    region_code: "",
    identity_name: "",
    url: "",
    userToken: "",
    userUuid: "",
    access_token: "",
    id_token: "",
    njy_id_token: "",
    njy_token: "",
    reputation: "",
    school_index_name: "",
    school_index_logo: "",
    head_portrait_url: "",
    school_type: DEFAULT_SCHOOL_TYPE,
    account_id: 0,
    school_id: 0,
    school_id_top: 0,
    period_id: 0,
    period_id_top: 0,
    id: 0,
    apply_id: 0,
    type: 0,
    ident: 0,
    identity: 0,
    account_school_user_id: 0,
    is_reset_pass: 0,
    total_space: 0,
    disk_space: 0,
    surplus_space_size: 0,
    province_id: 0,
    city_id: 0,
    area_id: 0,
    njy_area_id: 0,
    identity_area_id: 0,
    isFullScreen: 0,
    subject_id: 0,
    entry_year: 0,
    identity_level: 0,
    community_level: DEFAULT_COMMUNITY_LEVEL,
    identityCode: [],
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function toNumber(v: unknown, fallback: number): number {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return fallback;
}

/**
 * Reads a session from untrusted JSON (a server answer or localStorage), field by field,
 * on top of `base`. Unknown fields are dropped; wrong types keep the base value.
 */
export function normalizeSession(raw: unknown, base: StoredSession = blankSession()): StoredSession {
  const out: StoredSession = { ...base, identityCode: [...base.identityCode] };
  if (!isRecord(raw)) return out;
  for (const k of STRING_KEYS) {
    const v = raw[k];
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "number") out[k] = String(v);
  }
  for (const k of NUMBER_KEYS) {
    if (k in raw) out[k] = toNumber(raw[k], base[k]);
  }
  const codes = raw.identityCode;
  if (Array.isArray(codes)) out.identityCode = codes.map((c) => toNumber(c, 0)).filter((c) => c !== 0);
  return out;
}
