import { calls, TIMING } from "@yanke/protocol";
import { useEffect, useRef, useState } from "react";
import { call } from "../api/client";
import { getState, setState, useAppState } from "../session/store";
import { needsRouteRules, routePid, routeRulesPatch } from "./modes";

/**
 * §4 Route change: when the route's meta has a pid (the parent rule of its menu entry) and no
 * mode name is set, a loading overlay shows, c058 getRules {rules_id: pid} is called, mode and
 * mode name (apply_type) are stored — the mode cleared for the SF_ADMIN duplicate — and the
 * overlay closes 300 ms later. Answers whether the overlay shows.
 */
export function useRouteRules(path: string): boolean {
  const menus = useAppState((s) => s.menus);
  const modeName = useAppState((s) => s.modeName);
  const [loading, setLoading] = useState(false);
  const mounted = useRef(true);
  const inFlight = useRef(false);
  const pid = routePid(menus, path);
  const need = needsRouteRules(pid, modeName);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger: every route change asks for the rules again while no mode name is set (§4), even under the same pid.
  useEffect(() => {
    if (!need || inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    call(calls.applyGetRules, { rules_id: pid })
      .then((answer) => {
        if (getState().modeName === "") setState(routeRulesPatch(answer, getState().session.identityCode));
      })
      .catch(() => {
        /* the API client has told the user */
      })
      .finally(() => {
        inFlight.current = false;
        setTimeout(() => {
          if (mounted.current) setLoading(false);
        }, TIMING.loadingOverlayCloseMs);
      });
  }, [need, pid, path]);

  return loading;
}
