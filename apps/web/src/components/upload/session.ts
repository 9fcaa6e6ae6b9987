/** The uploads' view of the session: the TOKEN header and the account_id field. */
import { getState } from "../../session/store";

export const sessionToken = (): string => getState().session.token;

/** The signed-in account (undefined when anonymous); the server takes the account from the token anyway. */
export const sessionAccountId = (): number | undefined => getState().session.account_id || undefined;
