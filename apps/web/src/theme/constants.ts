/**
 * The §9 UI constants of platform.md in one place: antd defaults (zh_CN, size small,
 * popup z-index 2000), side width 25 %, chart and avatar colours (from @yanke/protocol).
 */
import type { ConfigProviderProps, ThemeConfig } from "antd";
import zhCN from "antd/locale/zh_CN";
// dayjs in zh-cn with antd's zh_CN (set up in ../dayjs).
import "../dayjs";
import { CHART_COLORS, AVATAR_COLORS, TIMING, UI, avatarColor } from "@yanke/protocol";

export { CHART_COLORS, AVATAR_COLORS, avatarColor };

export const COMPONENT_SIZE = UI.componentSize;
export const Z_INDEX = UI.zIndex;
/** Width of side panels and drawers (§9 "side width 25%"). */
export const SIDE_WIDTH = UI.sideWidth;
/** Width of the tags-strip context menu in px (§2). */
export const TAGS_MENU_WIDTH = UI.tagsMenuWidth;
/** Error/info toasts stay 5 s (§8, §9). */
export const TOAST_SECONDS = TIMING.toastSeconds;

/** Expanded and collapsed width of the application sidebar (px). */
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const HEADER_HEIGHT = 50;
export const TAGS_HEIGHT = 34;

/** Brand palette: a calm ink-green. */
export const BRAND = {
  primary: "#1f6f5c",
  primaryDark: "#164f42",
  siderBg: "#14332c",
  pageBg: "#f3f5f4",
} as const;

export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    // antd's palette derives a grey #a5b0ac for these from the ink-green primary; set the light tints.
    colorPrimaryBg: "#e3f1ec",
    colorPrimaryBgHover: "#d3e9e1",
    colorInfoBg: "#eef6f3",
    colorInfoBgHover: "#e3f1ec",
    colorInfoBorder: "#c4dfd5",
    borderRadius: 6,
    zIndexPopupBase: Z_INDEX,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Layout: { siderBg: BRAND.siderBg, headerBg: "#ffffff", bodyBg: BRAND.pageBg, headerHeight: HEADER_HEIGHT, headerPadding: "0 12px" },
    Menu: { darkItemBg: BRAND.siderBg, darkSubMenuItemBg: "#0f2823", darkItemSelectedBg: BRAND.primary },
  },
};

/** Props for the one antd ConfigProvider at the root. */
export const configProviderProps: ConfigProviderProps = {
  locale: zhCN,
  componentSize: COMPONENT_SIZE,
  theme: antdTheme,
};

/** ECharts theme object (register with echarts.registerTheme('yanke', echartsTheme) where charts are drawn). */
export const echartsTheme = {
  color: [...CHART_COLORS],
  backgroundColor: "transparent",
  textStyle: { fontFamily: antdTheme.token?.fontFamily },
} as const;
