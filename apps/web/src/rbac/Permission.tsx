import type { ReactNode } from "react";
import { useAppState } from "../session/store";
import { permissionAllows, userIdentityCodes } from "./identity-permission";

/** usePermissionValue([1, 3]): true when the user holds identity 1 or 3 (see identity-permission.ts). */
export function usePermissionValue(allow: readonly unknown[]): boolean {
  const identityCode = useAppState((s) => s.session.identityCode);
  const identity = useAppState((s) => s.session.identity);
  return permissionAllows(allow, userIdentityCodes(identityCode, identity));
}

/**
 * The permission directive as a component: renders its children only for the identities in
 * `allow` (1 SF_ADMIN, 2 SF_LAOSHI, 3 SF_QUJI); any other value removes them.
 *
 *   <Permission allow={[ROLE.SF_ADMIN, ROLE.SF_QUJI]}><Button>…</Button></Permission>
 */
export function Permission({ allow, children }: { allow: readonly unknown[]; children: ReactNode }) {
  return usePermissionValue(allow) ? children : null;
}
