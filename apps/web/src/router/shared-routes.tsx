/** Routes every edition has (platform.md §2 "Shared routes" plus the shell and helpers). */
import { PROFILE_SETTINGS_PATH } from "@yanke/protocol";
import { lazy } from "react";
import type { RouteObject } from "react-router";
import { AdminHomePage, AppShell, LoginPage, MenuModulePage, NotFoundPage, PageFrame, PersonalSettingsPage } from "./lazy";
import type { RouteMeta } from "./meta";
import { RedirectPage } from "../pages/RedirectPage";
import { ADMIN_HOME_PATH } from "./paths";
import * as R from "../research/pages";
import * as A from "../admin/module-pages";

const meta = (m: RouteMeta): RouteMeta => m;

// The video players of #6 (one chunk each; hls.js loads only when an HLS source plays).
const PlayVideoPage = lazy(() => import("../pages/video/PlayVideoPage").then((m) => ({ default: m.PlayVideoPage })));
const PlayVideosPage = lazy(() => import("../pages/video/PlayVideosPage").then((m) => ({ default: m.PlayVideosPage })));
const VideoSharingPage = lazy(() => import("../pages/video/VideoSharingPage").then((m) => ({ default: m.VideoSharingPage })));

export const sharedRoutes: RouteObject[] = [
  { path: "/login", handle: meta({ title: "登录" }), element: <LoginPage /> },
  { path: "/404", handle: meta({ title: "页面不存在" }), element: <NotFoundPage /> },
  // The phone page of a shared video: no frame, no application shell.
  { path: "/videoSharing", handle: meta({ title: "视频分享" }), element: <VideoSharingPage /> },
  {
    element: <PageFrame />,
    children: [
      { path: "/playVideo", handle: meta({ title: "视频播放" }), element: <PlayVideoPage /> },
      { path: "/playVideos", handle: meta({ title: "视频播放" }), element: <PlayVideosPage /> },
      // The lesson reports of AI analysis (#10): one page in variants, and the comparison.
      { path: "/report", handle: meta({ title: "课堂分析报告" }), element: <R.ReportPage /> },
      { path: "/reportSecond", handle: meta({ title: "课堂分析报告" }), element: <R.ReportSecondPage /> },
      { path: "/configurationReport", handle: meta({ title: "配置报告" }), element: <R.ConfigurationReportPage /> },
      { path: "/reportSingle", handle: meta({ title: "单项分析报告" }), element: <R.ReportSinglePage /> },
      { path: "/ninxiaAiReport", handle: meta({ title: "AI 分析报告" }), element: <R.NinxiaAiReportPage /> },
      { path: "/charts", handle: meta({ title: "对比分析" }), element: <R.ChartsPage /> },
      // Questionnaires and training (#12): the answering page (public for link questionnaires that need no login) and
      // a training programme's study page.
      { path: "/questionnaire/answer", handle: meta({ title: "填写问卷" }), element: <A.QuestionnaireAnswerPage /> },
      { path: "/trainingDetail", handle: meta({ title: "培训学习" }), element: <A.TrainingDetailPage /> },
      // The SSO target for an incomplete profile: the personal settings page in every edition.
      { path: PROFILE_SETTINGS_PATH, handle: meta({ title: "个人设置", name: "PersonalSettings" }), element: <PersonalSettingsPage /> },
    ],
  },
  {
    // The application shell: admin home, /redirect/* and every route of the server menu tree.
    element: <AppShell />,
    children: [
      { path: ADMIN_HOME_PATH, handle: meta({ title: "首页", name: "AdminHome" }), element: <AdminHomePage /> },
      { path: "/redirect/*", handle: meta({ title: "刷新" }), element: <RedirectPage /> },
      { path: "*", element: <MenuModulePage /> },
    ],
  },
];
