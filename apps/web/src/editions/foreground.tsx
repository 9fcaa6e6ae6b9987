/** Foreground edition (default): the public front site (platform.md §2 "Foreground edition"). */
import type { RouteObject } from "react-router";
import { FrontLayout, PageFrame } from "../router/lazy";
import { childAliases, indexPage, page, type EditionDefinition, type FrontNavItem } from "../router/route-helpers";

const FOREGROUND_CHILDREN: RouteObject[] = [
  page("courseResource", "课程资源", 11),
  page("AIAnalysisCourse", "AI分析课程", 11),
  page("AIAnalysisCourseVideo", "AI分析课程视频", 11),
  page("courseResources", "直播列表", 11),
  page("schoolBulletin", "学校公告", 11),
  page("reviewActivity", "评审活动", 11),
  page("activityCourseDetails", "活动课程详情", 11),
  page("activityWorks", "活动作品", 11),
  page("courseResourceVideo", "课程资源视频", 11),
  page("teachEvents", "教研活动", 11),
  page("topicPage", "专题", 11),
  page("topicPageVideo", "专题视频", 11),
];

const RESOURCE_CHILDREN: RouteObject[] = [
  page("resourceOpenClass", "公开课", 11),
  page("resourcePlan", "教案资源", 11),
  page("resourceUClass", "优课资源", 11),
  page("resourceVideo", "视频资源", 11),
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
      children: [indexPage("首页", 11), ...FOREGROUND_CHILDREN],
    },
    {
      element: <FrontLayout nav={foregroundNav} />,
      children: [
        { path: "/foregroundResource", children: [indexPage("资源中心", 11), ...RESOURCE_CHILDREN] },
        page("/foregroundFilmDetail", "影片详情", 11),
        page("/foregroundFilmMore", "更多影片", 11),
        page("/knowledgeMoreVideo", "知识视频", 11),
        page("/knowledgeMore", "更多知识", 11),
        page("/foregroundFilm", "影片", 11),
        page("/foreMoreTime", "往期回顾", 11),
      ],
    },
    {
      element: <PageFrame />,
      children: [page("/bigData", "数据驾驶舱", 11), page("/onlineTeacherDetails", "在线教师详情", 11)],
    },
  ],
};
