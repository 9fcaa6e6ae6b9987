/**
 * THE API client of the web app (see create-client.ts for the §8 rules it implements).
 *
 *   const data = await call(calls.login, { username, password }); // data: SessionInfo (the contract's answer type)
 *
 * Rejects with ApiError (code, msg) after the client has shown or redirected as §8 says.
 */
import type { AnswerOf, Call, PayloadOf } from "@yanke/protocol";
import { config } from "../config";
import { currentPath, markSilentLoginRedirect, navigateTo } from "../router/location";
import { getState, resetSession } from "../session/store";
import { toast } from "./toast";
import { createApiClient, type CallOptions } from "./create-client";

export { ApiError, LOGIN_PATH, NETWORK_FAILURE_CODE, NETWORK_FAILURE_MESSAGE, type CallOptions } from "./create-client";

const liveSockets = new Set<WebSocket>();

/**
 * Registers the live-message socket (#9) so that a failed call closes it (§8).
 * Returns an unregister function. A socket closed this way gets code 4000 and reason
 * 'api-error' so the reconnect logic can tell it apart.
 */
export function registerLiveSocket(ws: WebSocket): () => void {
  liveSockets.add(ws);
  const drop = () => liveSockets.delete(ws);
  ws.addEventListener("close", drop);
  return () => {
    ws.removeEventListener("close", drop);
    drop();
  };
}

export function closeLiveSockets(): void {
  for (const ws of liveSockets) {
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(4000, "api-error");
  }
  liveSockets.clear();
}

/** Hook for the router / query cache reset that goes with a session reset (set by the app). */
let onSessionCleared: () => void = () => {};
export function setSessionClearedHandler(fn: () => void): void {
  onSessionCleared = fn;
}

const client = createApiClient({
  appKey: () => config.appKey,
  token: () => getState().session.token,
  currentPath,
  navigate: (to) => navigateTo(to),
  clearSession: () => {
    markSilentLoginRedirect();
    resetSession();
    onSessionCleared();
  },
  toasts: toast,
  closeLiveSockets,
  defaultPath: () => config.defaultPath,
});

/**
 * Calls `c`, a call object of the contract (`calls.x` of @yanke/protocol): the payload is its schema's input type and
 * the answer its declared answer type, so no call site names a type. The answer is trusted here, at the one boundary.
 */
export function call<C extends Call>(c: C, payload: PayloadOf<C>, options?: CallOptions): Promise<AnswerOf<C>> {
  return client.call<AnswerOf<C>>(c.path, payload, options);
}

/** Uploads travel outside `call` (multipart): their 1025/1028 answers end the session the same way. */
export function handleSessionCode(code: number, msg: string): boolean {
  return client.sessionCode(code, msg);
}
