/** teachEvents edition: teaching events and topics under /foreground (platform.md §2). */
import type { RouteObject } from "react-router";
import { FrontLayout, PageFrame } from "../router/lazy";
import { childAliases, indexPage, page, type EditionDefinition, type FrontNavItem } from "../router/route-helpers";

const CHILDREN: RouteObject[] = [
  page("teachEvents", "教研活动", 11),
  page("topicPageVideo", "专题视频", 11),
  page("topicPage", "专题", 11),
  page("videoList", "视频列表", 11),
  page("videoLists", "视频列表", 11),
  page("courseResource", "课程资源", 11),
  page("schoolBulletin", "学校公告", 11),
  page("personalPortrait", "教师画像", 11),
  page("schoolPortrait", "学校画像", 11),
  page("evaluationClass", "评课", 11),
  page("classroomReview", "评课大屏", 11),
  page("evaluationClassTopic", "专题评课", 11),
];

export const teachEventsNav: readonly FrontNavItem[] = [
  { key: "home", label: "首页", to: "/foreground" },
  { key: "teachEvents", label: "教研活动", to: "/foreground/teachEvents" },
  { key: "topicPage", label: "专题", to: "/foreground/topicPage" },
  { key: "videoList", label: "视频列表", to: "/foreground/videoList" },
  { key: "courseResource", label: "课程资源", to: "/foreground/courseResource" },
  { key: "schoolBulletin", label: "学校公告", to: "/foreground/schoolBulletin" },
];

export const teachEventsEdition: EditionDefinition = {
  name: "teachEvents",
  frontNav: teachEventsNav,
  aliases: childAliases("/foreground", CHILDREN.map((r) => r.path ?? "").filter(Boolean)),
  routes: [
    { path: "/foreground", element: <FrontLayout nav={teachEventsNav} />, children: [indexPage("首页", 11), ...CHILDREN] },
    { element: <PageFrame />, children: [page("/bigData", "数据驾驶舱", 11), page("/onlineTeacherDetails", "在线教师详情", 11)] },
  ],
};
