/** Foreground edition (default): the public front site (platform.md §2 "Foreground edition"). */
import type { RouteObject } from "react-router";
import * as C from "../community/pages";
import * as F from "../front/pages";
import { FrontLayout, PageFrame } from "../router/lazy";
import { childAliases, indexScreen, screen, type EditionDefinition, type FrontNavItem } from "../router/route-helpers";

const FOREGROUND_CHILDREN: RouteObject[] = [
  screen("courseResource", "课程资源", F.CourseResourcePage),
  screen("AIAnalysisCourse", "AI分析课程", F.AIAnalysisCoursePage),
  screen("AIAnalysisCourseVideo", "AI分析课程视频", F.AIAnalysisCourseVideoPage),
  screen("courseResources", "直播列表", F.LiveListPage),
  screen("schoolBulletin", "学校公告", F.SchoolBulletinPage),
  screen("reviewActivity", "评课活动", F.ReviewActivityPage),
  screen("activityCourseDetails", "活动课程详情", F.ActivityCourseDetailsPage),
  screen("activityWorks", "活动作品", F.ActivityWorksPage),
  screen("courseResourceVideo", "课程资源视频", F.CourseResourceVideoPage),
  screen("teachEvents", "教研活动", F.TeachEventsPage),
  screen("topicPage", "专题", F.TopicPage),
  screen("topicPageVideo", "专题视频", F.TopicPageVideoPage),
];

const RESOURCE_CHILDREN: RouteObject[] = [
  screen("resourceOpenClass", "公开课", F.ResourceOpenClassPage),
  screen("resourcePlan", "教案资源", F.ResourcePlanPage),
  screen("resourceUClass", "优课资源", F.ResourceUClassPage),
  screen("resourceVideo", "视频资源", F.ResourceVideoPage),
];

export const foregroundNav: readonly FrontNavItem[] = [
  { key: "home", label: "首页", to: "/foreground" },
  { key: "courseResource", label: "课程资源", to: "/foreground/courseResource" },
  { key: "courseResources", label: "直播列表", to: "/foreground/courseResources" },
  { key: "schoolBulletin", label: "学校公告", to: "/foreground/schoolBulletin" },
  { key: "AIAnalysisCourse", label: "AI分析课程", to: "/foreground/AIAnalysisCourse" },
  { key: "bigData", label: "数据驾驶舱", to: "/bigData", withToken: true },
  { key: "teachEvents", label: "教研活动", to: "/foreground/teachEvents" },
];

const names = (rs: readonly RouteObject[]) => rs.map((r) => r.path ?? "").filter(Boolean);

export const foregroundEdition: EditionDefinition = {
  name: "foreground",
  frontNav: foregroundNav,
  aliases: {
    ...childAliases("/foreground", names(FOREGROUND_CHILDREN)),
    ...childAliases("/foregroundResource", names(RESOURCE_CHILDREN)),
  },
  routes: [
    {
      path: "/foreground",
      element: <FrontLayout nav={foregroundNav} />,
      children: [indexScreen("首页", F.ForegroundHomePage), ...FOREGROUND_CHILDREN],
    },
    {
      element: <FrontLayout nav={foregroundNav} />,
      children: [
        { path: "/foregroundResource", children: [indexScreen("资源中心", F.ForegroundResourcePage), ...RESOURCE_CHILDREN] },
        screen("/foregroundFilmDetail", "影片详情", F.ForegroundFilmDetailPage),
        screen("/foregroundFilmMore", "更多影片", F.ForegroundFilmMorePage),
        screen("/knowledgeMoreVideo", "知识视频", F.KnowledgeMoreVideoPage),
        screen("/knowledgeMore", "更多知识", F.KnowledgeMorePage),
        screen("/foregroundFilm", "影片", F.ForegroundFilmPage),
        screen("/foreMoreTime", "往期回顾", F.ForeMoreTimePage),
      ],
    },
    {
      element: <PageFrame />,
      children: [
        screen("/bigData", "数据驾驶舱", F.BigDataPage),
        screen("/onlineTeacherDetails", "在线教师详情", F.OnlineTeacherDetailsPage),
        // The listen-evaluate reports (#9) that topics link to.
        screen("/foreground2_0/commentReport", "评课报告", C.CommentReportPage),
        screen("/precisionReport", "精准教研报告", C.PrecisionReportPage),
      ],
    },
  ],
};
