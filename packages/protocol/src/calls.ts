/**
 * The calls of ../shared/spec/calls.tsv that this code base serves, by name.
 * Paths are exactly the spec's; the web app and the tests use these constants only.
 */
export const CALLS = {
  /** c001 */ login: "/middle/login",
  /** c002 */ logout: "/middle/logout",
  /** c003: menu tree of the current user */ menuTree: "/middle/auth_group/getAllRuleByRole",
  /** c017 */ changePassword: "/middle/account/changePassword",
  /** c117 */ pushAllRtmp: "/middle/machine/pushallrtmp",
  /** c118 */ stopAllRtmp: "/middle/machine/stopallrtmp",
  /** c119 */ hostCodeRecord: "/middle/machine/hostCodeRecord",
  /** c175 */ ssoCodeExchange: "/middle/sso/codeExchange",
  /** c176 */ ssoUserInfo: "/middle/sso/userInfo",
} as const;

export type CallName = keyof typeof CALLS;

/** Non-envelope GET routes. */
export const GET_ROUTES = {
  health: "/healthz",
  openapi: "/openapi.json",
  clientConfig: "/config.js",
  ssoStart: "/sso/start",
} as const;
