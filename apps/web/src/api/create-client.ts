/**
 * The API client factory, pure (no React, no antd, injectable effects for tests): the
 * wire.md envelope, the TOKEN header and the spec §8 error rules in one place.
 * api/client.ts binds it to the app; every call of the web app goes through it.
 *
 *  200            → resolves data
 *  1025           → session cleared, go to login silently
 *  1028           → session cleared, go to login, server msg shown as a SUCCESS toast.
 *                   platform.md §4/§8 wins over community.md §8 ("nothing shown"), see wire.md.
 *  1025/1028 while on the login route → swallowed (no toast, no redirect); the caller
 *                   (the login form) gets the ApiError and may show it inline.
 *  other non-200  → msg as an error toast for 5 s; open live sockets are closed;
 *                   a msg naming the community id (COMMUNITY_ID_MARKER) → config.defaultPath.
 *  network failure (no answer, HTTP error without envelope, non-JSON)
 *                 → all toasts closed, then '请联系管理员！！！' for 5 s.
 * Every failure rejects with ApiError after it has been handled.
 */
import { COMMUNITY_ID_MARKER, Code, type Envelope, postCall } from "@yanke/protocol";

export const NETWORK_FAILURE_MESSAGE = "请联系管理员！！！";
/** ApiError.code of a call that got no usable answer. */
export const NETWORK_FAILURE_CODE = -1;
export const LOGIN_PATH = "/login";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly code: number,
    msg: string,
    readonly path: string,
    /** True when the client already told the user (toast) or redirected. */
    readonly handled: boolean,
  ) {
    super(msg);
  }
}

export interface CallOptions {
  /**
   * Best-effort calls (the logout pre-steps): no toast, no redirect, no session reset
   * for any failure; the caller just gets the rejection.
   */
  quiet?: boolean;
}

export interface ClientToasts {
  error(content: string): unknown;
  success(content: string): unknown;
  destroyAll(): void;
}

export interface ApiClientDeps {
  appKey: () => string;
  token: () => string;
  /** Current route path (without hash or query), e.g. '/login'. */
  currentPath: () => string;
  navigate: (to: string) => void;
  /** Clears the local session (1025/1028). */
  clearSession: () => void;
  toasts: ClientToasts;
  closeLiveSockets: () => void;
  defaultPath: () => string;
  fetch?: typeof fetch;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The answer envelope of wire.md; `data` is trusted to be T at this boundary. */
function isEnvelope<T>(v: unknown): v is Envelope<T> {
  return isRecord(v) && typeof v.code === "number" && (typeof v.msg === "string" || v.msg === undefined || v.msg === null);
}

export interface ApiClient {
  /** Handles a 1025/1028 answer got outside `call` (uploads); false for any other code. */
  sessionCode(code: number, msg: string): boolean;
  call<T = unknown>(path: string, payload?: Record<string, unknown>, options?: CallOptions): Promise<T>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function networkFailure(path: string, quiet: boolean): ApiError {
    if (!quiet) {
      deps.toasts.destroyAll();
      deps.toasts.error(NETWORK_FAILURE_MESSAGE);
    }
    return new ApiError(NETWORK_FAILURE_CODE, NETWORK_FAILURE_MESSAGE, path, !quiet);
  }

  function failure(path: string, code: number, msg: string, quiet: boolean): ApiError {
    if (quiet) return new ApiError(code, msg, path, false);
    if (code === Code.SESSION_INVALID || code === Code.SESSION_ENDED) {
      if (deps.currentPath() === LOGIN_PATH) return new ApiError(code, msg, path, false);
      deps.clearSession();
      if (code === Code.SESSION_ENDED && msg) deps.toasts.success(msg);
      deps.navigate(LOGIN_PATH);
      return new ApiError(code, msg, path, true);
    }
    deps.toasts.error(msg || "操作失败");
    deps.closeLiveSockets();
    if (msg.includes(COMMUNITY_ID_MARKER)) deps.navigate(deps.defaultPath());
    return new ApiError(code, msg, path, true);
  }

  async function call<T = unknown>(path: string, payload: Record<string, unknown> = {}, options: CallOptions = {}): Promise<T> {
    const quiet = options.quiet === true;
    let body: unknown;
    try {
      // The one wire implementation (packages/protocol): envelope, TOKEN and Atime headers.
      body = await postCall<T>(path, payload, { appKey: deps.appKey(), token: deps.token() || undefined, fetchImpl: doFetch });
    } catch {
      throw networkFailure(path, quiet);
    }
    if (!isEnvelope<T>(body)) throw networkFailure(path, quiet);
    if (body.code === Code.OK) return body.data;
    throw failure(path, body.code, body.msg ?? "", quiet);
  }

  /** For answers that did not come through `call` (multipart uploads): 1025/1028 end the session as §8 says. */
  function sessionCode(code: number, msg: string): boolean {
    if (code !== Code.SESSION_INVALID && code !== Code.SESSION_ENDED) return false;
    failure("", code, msg, false);
    return true;
  }

  return { call, sessionCode };
}
