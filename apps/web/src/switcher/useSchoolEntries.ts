import { calls } from "@yanke/protocol";
import { useQuery } from "@tanstack/react-query";
import { call } from "../api/client";
import { useAppState } from "../session/store";
import { normalizeSchoolEntries } from "./switcher";

/** c046 account_school_list: the signed-in user's school identities (the switcher's entries). */
export function useSchoolEntries() {
  const token = useAppState((s) => s.session.token);
  const accountId = useAppState((s) => s.session.account_id);
  return useQuery({
    queryKey: ["accountSchoolList", token, accountId],
    enabled: token !== "",
    queryFn: async () => normalizeSchoolEntries(await call(calls.accountSchoolList, accountId ? { account_id: accountId } : {})),
    staleTime: 5 * 60_000,
  });
}
