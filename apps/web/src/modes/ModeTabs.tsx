import { calls } from "@yanke/protocol";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { call } from "../api/client";
import { isExternal } from "../menu/menu";
import { setState, useAppState } from "../session/store";
import { activeModeTab, chooseModePatch, shouldLoadEntries, visibleModeTabs, type ModeTab } from "./modes";

/** c056 applyIndex of the signed-in user (only with a token and without the doubled admin code, §6). */
export function useApplyIndex() {
  const s = useAppState((st) => st.session);
  const enabled = shouldLoadEntries(s.token, s.identityCode);
  return useQuery({
    queryKey: ["applyIndex", s.token, s.account_id, s.school_id, s.period_id],
    enabled,
    queryFn: () =>
      call(calls.applyIndex, {
        account_id: s.account_id || undefined,
        school_id: s.school_id || undefined,
        period_id: s.period_id || undefined,
        ident: s.ident || undefined,
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The five mode tabs of the top bar (§2): 个人研修, 设备中心, 教研管理, 设备管理, 基础数据管理 —
 * each only when the user has applications for it. Choosing one makes its rule ids the active
 * menu set and goes to its first route.
 */
export function ModeTabs({ home }: { home: string }) {
  const navigate = useNavigate();
  const modeName = useAppState((s) => s.modeName);
  const q = useApplyIndex();
  const tabs = useMemo(() => visibleModeTabs(q.data), [q.data]);
  const active = activeModeTab(tabs, modeName);
  if (!tabs.length) return null;
  const choose = (t: ModeTab) => {
    setState(chooseModePatch(t));
    const to = t.firstUrl || home;
    if (isExternal(to)) window.open(to, "_blank", "noopener,noreferrer");
    else void navigate(to);
  };
  return (
    <div className="yk-mode-tabs" data-testid="mode-tabs" role="tablist" aria-label="应用模式">
      {tabs.map((t) => {
        const on = active?.mode === t.mode;
        return (
          <button
            key={t.mode}
            type="button"
            role="tab"
            aria-selected={on}
            className={`yk-mode-tab${on ? " active" : ""}`}
            data-testid="mode-tab"
            data-mode={t.mode}
            data-active={on ? "1" : "0"}
            onClick={() => choose(t)}
          >
            {t.name}
          </button>
        );
      })}
    </div>
  );
}
