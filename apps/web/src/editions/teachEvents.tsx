/** teachEvents edition: teaching events and topics under /foreground (platform.md §2). */
import type { RouteObject } from "react-router";
import * as C from "../community/pages";
import * as F from "../front/pages";
import { FrontLayout, PageFrame } from "../router/lazy";
import { childAliases, indexScreen, screen, type EditionDefinition, type FrontNavItem } from "../router/route-helpers";

const CHILDREN: RouteObject[] = [
  screen("teachEvents", "教研活动", F.TeachEventsPage),
  screen("topicPageVideo", "专题视频", F.TopicPageVideoPage),
  screen("topicPage", "专题", F.TopicPage),
  screen("videoList", "视频列表", F.VideoListPage),
  screen("videoLists", "视频列表", F.VideoListsPage),
  screen("courseResource", "课程资源", F.CourseResourcePage),
  screen("schoolBulletin", "学校公告", F.SchoolBulletinPage),
  screen("personalPortrait", "教师画像", F.PersonalPortraitPage),
  screen("schoolPortrait", "学校画像", F.SchoolPortraitPage),
  screen("evaluationClass", "评课", F.EvaluationClassPage),
  screen("classroomReview", "评课大屏", F.ClassroomReviewPage),
  screen("evaluationClassTopic", "专题评课", F.EvaluationClassTopicPage),
  // Beyond §2's list: the pages the hub, topics and lists link to (review activities, analysed lessons).
  screen("reviewActivity", "评课活动", F.ReviewActivityPage),
  screen("activityCourseDetails", "活动课程详情", F.ActivityCourseDetailsPage),
  screen("activityWorks", "活动作品", F.ActivityWorksPage),
  screen("AIAnalysisCourse", "AI分析课程", F.AIAnalysisCoursePage),
  screen("AIAnalysisCourseVideo", "AI分析课程视频", F.AIAnalysisCourseVideoPage),
  screen("courseResourceVideo", "课程资源视频", F.CourseResourceVideoPage),
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
    { path: "/foreground", element: <FrontLayout nav={teachEventsNav} />, children: [indexScreen("首页", F.TeachEventsHomePage), ...CHILDREN] },
    {
      element: <PageFrame />,
      children: [
        screen("/bigData", "数据驾驶舱", F.BigDataPage),
        screen("/onlineTeacherDetails", "在线教师详情", F.OnlineTeacherDetailsPage),
        // The listen-evaluate reports (#9) that 评课 and 专题评课 link to.
        screen("/foreground2_0/commentReport", "评课报告", C.CommentReportPage),
        screen("/precisionReport", "精准教研报告", C.PrecisionReportPage),
      ],
    },
  ],
};
