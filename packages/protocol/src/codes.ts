/** Response codes of wire.md. One table for server, web and tests. */
export const Code = {
  OK: 200,
  BAD_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
  SESSION_INVALID: 1025,
  SESSION_ENDED: 1028,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Default Chinese messages; a refusal usually carries a more specific one. */
export const DEFAULT_MESSAGES: Record<CodeValue, string> = {
  200: "操作成功",
  400: "请求参数错误",
  403: "没有权限执行此操作",
  404: "记录不存在",
  409: "操作冲突，请刷新后重试",
  413: "文件过大或存储空间不足",
  429: "操作过于频繁，请稍后再试",
  500: "服务器内部错误，请联系管理员",
  503: "服务暂不可用，请稍后再试",
  1025: "登录已失效，请重新登录",
  1028: "您的登录已在别处结束，请重新登录",
};

/** The reasons a session can be ended by the server (code 1028), with their messages. */
export const SESSION_END_MESSAGES = {
  password_changed: "密码已修改，请重新登录",
  account_disabled: "账号已被禁用，请联系管理员",
  logged_in_elsewhere: "账号已在其他设备登录，您已被迫下线",
} as const;
export type SessionEndReason = keyof typeof SESSION_END_MESSAGES;

/** The server's text when a community-scoped call has no community id (#7); the web app redirects on it. */
export const COMMUNITY_ID_REQUIRED_MESSAGE = "请先选择社区，社区id不能为空";
export const COMMUNITY_ID_MARKER = "社区id";

/** The envelope every answered call returns. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A page of a list (wire.md). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
