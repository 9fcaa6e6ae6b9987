/** Business constants and limits of platform.md §9 and community.md §9. */

export const PAGE = { defaultPage: 1, defaultLimit: 10, limitChoices: [10, 20, 50], maxLimit: 100, layout: "total, prev, pager, next, jumper" } as const;

export const UPLOAD = {
  chunkSize: 5_242_880,
  parallel: 4,
  sliceParallel: 1,
  startDelayMs: 500,
  progressCap: 95,
  mergeTitleAt: 90,
  doneResetMs: 500,
  simpleVideoMax: 600 * 1024 * 1024,
  genericFileMax: 500 * 1024 * 1024,
  bigFileMax: 5_368_709_120,
  researchBigFileMax: 1024 * 1024 * 1024,
  imageMax: 5 * 1024 * 1024,
  commentImageMax: 100 * 1024 * 1024,
  maxFiles: 3,
  mp4HeaderCheckBytes: 512 * 1024,
} as const;

export const TIMING = {
  toastSeconds: 5,
  loadingOverlayCloseMs: 300,
  schoolSwitchReloadMs: 500,
  socketIdleMs: 32_000,
  socketReconnectMs: 2_000,
  socketHeartbeatMs: 25_000,
} as const;

export const OCCUPATION_APPLY_LIMIT = 100;
export const RECORD_TYPE_LOGOUT = 2;
export const DEFAULT_MODE_TYPE = 2;
export const DEFAULT_COMMUNITY_LEVEL = 1;
export const DEFAULT_SCHOOL_TYPE = "MOSHI_k12";
export const SUCCESS_CODE = 200;
export const TIME_ZONE = "Asia/Shanghai";
export const TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

export const UI = {
  componentSize: "small",
  zIndex: 2000,
  sideWidth: "25%",
  tagsMenuWidth: 105,
} as const;

export const AUDIO_RECORDER = {
  bitRate: 128,
  sampleRate: 44100,
  format: "mp3",
  fileName: "record",
  bufferSize: 4096,
  longPressMs: 500,
  initialVolume: 0.8,
  sampleRates: [8000, 48000],
  bitRates: [8, 320],
} as const;

/** Roles of platform.md §6 (identity codes). */
export const ROLE = { SF_ADMIN: 1, SF_LAOSHI: 2, SF_QUJI: 3, SF_XUEXIAO: 4, SF_PINGTAI: 5 } as const;
export const ROLE_NAMES: Record<number, string> = { 1: "管理员", 2: "教师", 3: "区级", 4: "校级", 5: "平台" };

/** Mode tabs of platform.md §2. */
export const MODES = [
  { mode: 4, name: "个人研修" },
  { mode: 5, name: "设备中心" },
  { mode: 1, name: "教研管理" },
  { mode: 2, name: "设备管理" },
  { mode: 3, name: "基础数据管理" },
] as const;

/** Version suffixes cut from menu titles (platform.md §2). */
export const MENU_VERSION_SUFFIXES = ["2_0", "3_0", "1_0", "_zj"] as const;

export const CHART_COLORS = [
  "#5470c6",
  "#91cc75",
  "#fac858",
  "#ee6666",
  "#73c0de",
  "#3ba272",
  "#fc8452",
  "#9a60b4",
  "#ea7ccc",
  "#2f4554",
  "#61a0a8",
  "#d48265",
  "#749f83",
  "#ca8622",
  "#bda29a",
  "#6e7074",
  "#546570",
  "#c4ccd3",
  "#1890ff",
  "#13c2c2",
] as const;

export const AVATAR_COLORS = [
  "#f56a00",
  "#7265e6",
  "#ffbf00",
  "#00a2ae",
  "#1677ff",
  "#52c41a",
  "#eb2f96",
  "#fa541c",
  "#13c2c2",
  "#722ed1",
  "#2f54eb",
  "#faad14",
  "#a0d911",
  "#08979c",
  "#d4380d",
  "#c41d7f",
  "#531dab",
  "#389e0d",
  "#096dd9",
  "#cf1322",
] as const;

export function avatarColor(accountId: number): string {
  const n = AVATAR_COLORS.length;
  return AVATAR_COLORS[((Math.trunc(accountId) % n) + n) % n];
}

/** Cuts a menu title at the first version suffix unless version names are shown. */
export function menuTitle(title: string, showVersionName = false): string {
  if (showVersionName) return title;
  let cut = title.length;
  for (const s of MENU_VERSION_SUFFIXES) {
    const i = title.indexOf(s);
    if (i >= 0 && i < cut) cut = i;
  }
  return title.slice(0, cut);
}

/** Personal-settings page, the SSO target for an incomplete profile (platform.md §4). */
export const PROFILE_SETTINGS_PATH = "/NX/personalCenter/personalSettings";

/** Profile completeness fields (platform.md §3). */
export const PROFILE_REQUIRED_FIELDS = [
  "province_id",
  "city_id",
  "njy_area_id",
  "school_id",
  "period_id",
  "subject_id",
  "reputation",
  "entry_year",
  "identity",
  "identity_level",
] as const;

export function isProfileComplete(p: Partial<Record<(typeof PROFILE_REQUIRED_FIELDS)[number], unknown>>): boolean {
  return PROFILE_REQUIRED_FIELDS.every((f) => {
    const v = p[f];
    return v !== null && v !== undefined && v !== "" && v !== 0;
  });
}
