import { useMemo } from "react";
import { useAppState } from "../session/store";
import { makeCan, permissionNames, type Can } from "./permission";

/** can(path) for the signed-in user, from the menu tree loaded at sign-in (c003). */
export function usePermission(): Can {
  const menus = useAppState((s) => s.menus);
  return useMemo(() => makeCan(permissionNames(menus)), [menus]);
}
