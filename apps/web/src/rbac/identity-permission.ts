/**
 * The permission directive of platform.md §5 as a pure rule (docs/decisions/0311):
 * it accepts only the identity codes 1 (SF_ADMIN), 2 (SF_LAOSHI) and 3 (SF_QUJI); a list that is
 * empty or holds any other value removes the element. Otherwise the element shows when one of the
 * values is among the user's identity codes.
 */
import { ROLE } from "@yanke/protocol";

export const PERMISSION_VALUES: readonly number[] = [ROLE.SF_ADMIN, ROLE.SF_LAOSHI, ROLE.SF_QUJI];

export function isValidPermissionList(allow: readonly unknown[]): allow is readonly number[] {
  return allow.length > 0 && allow.every((v) => typeof v === "number" && PERMISSION_VALUES.includes(v));
}

/**
 * The user's identity codes: the session's identityCode list, or its single identity when the
 * list is empty (a session from before the list existed).
 */
export function userIdentityCodes(identityCode: readonly number[], identity: number): readonly number[] {
  return identityCode.length ? identityCode : identity ? [identity] : [];
}

export function permissionAllows(allow: readonly unknown[], codes: readonly number[]): boolean {
  if (!isValidPermissionList(allow)) return false;
  return allow.some((v) => codes.includes(v));
}
