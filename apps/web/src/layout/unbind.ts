import { CALLS, ROLE } from "@yanke/protocol";
import type { Can } from "../rbac/permission";

/** §5 Unbind confirm texts and the §4 success message. */
export const UNBIND_TEXT = {
  title: "恩高账号解除绑定",
  content: "是否解除绑定恩施账号?",
  success: "解除绑定成功",
} as const;

/**
 * Whether the user dropdown offers 解除绑定 (docs/decisions/0313): teachers (the accounts that
 * bind a regional education cloud account) and anyone whose rules include the unbind call.
 * The session carries no binding flag and reading one's own account needs an admin rule, so
 * an unbound teacher sees the action too; the server answers that there is nothing to unbind.
 */
export function showsUnbind(can: Can, identityCodes: readonly number[]): boolean {
  return identityCodes.includes(ROLE.SF_LAOSHI) || can(CALLS.teacherEsUnbind);
}
