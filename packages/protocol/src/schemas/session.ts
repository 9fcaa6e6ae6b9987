import type { AuthRuleRow } from "./rbac.js";

/** The Session of platform.md §3, as /middle/login and /middle/sso/userInfo answer it. */
export interface SessionInfo {
  token: string;
  username: string;
  realname: string;
  account_id: number;
  school_id: number;
  school_id_top: number;
  period_id: number;
  period_id_top: number;
  id: number;
  apply_id: number;
  area_code: string;
  region_code: string;
  type: number;
  ident: number;
  identityCode: number[];
  identity: number;
  identity_name: string;
  account_school_user_id: number;
  is_reset_pass: number;
  url: string;
  userToken: string;
  userUuid: string;
  access_token: string;
  id_token: string;
  njy_id_token: string;
  njy_token: string;
  reputation: string;
  school_index_name: string;
  school_index_logo: string;
  total_space: number;
  disk_space: number;
  surplus_space_size: number;
  school_type: string;
  community_level: number;
  province_id: number;
  city_id: number;
  area_id: number;
  njy_area_id: number;
  identity_area_id: number;
  head_portrait_url: string;
  isFullScreen: number;
  /** Not in §3's Session list, but needed for §3's profile-completeness check on every sign-in. */
  subject_id: number;
  entry_year: number;
  identity_level: number;
}

/** A node of the menu tree (Auth rule of platform.md §3): the rule with its children in `subnode`. */
export interface MenuNode extends AuthRuleRow {
  subnode: MenuNode[];
}

/** /middle/sso/codeExchange answer. */
export interface SsoExchangeResult {
  token: string;
  id_token: string;
}

/** Public client configuration the server injects into the page (/config.js). */
export interface ClientConfig {
  appKey: string;
  edition: "foreground" | "teachEvents" | "NINGXIA";
  historyMode: boolean;
  whitelistHome: string;
  sso: { enabled: boolean; authorizeUrl: string };
  defaultPath: string;
  fullScreenPaths: string[];
  showVersionName: boolean;
  platformName: string;
  /** External data cockpit (DATA_COCKPIT_URL); empty → the in-app /bigData. */
  dataCockpitUrl: string;
}
