/** NINGXIA edition: the teaching-research community (platform.md §2 "NINGXIA edition"). */
import type { RouteObject } from "react-router";
import { FrontLayout, PageFrame, PersonalSettingsPage } from "../router/lazy";
import type { RouteMeta } from "../router/meta";
import { childAliases, indexPage, page, type EditionDefinition, type FrontNavItem } from "../router/route-helpers";

const HOME_CHILDREN: RouteObject[] = [
  page("bulletin", "公告", 7),
  page("lessonAnalysis", "课例分析", 7),
  page("teachingActivities", "教研活动", 7),
  page("teachingRresearch", "教学研究", 7),
];

const settingsMeta: RouteMeta = { title: "个人设置", name: "PersonalSettings" };

export const ningxiaNav: readonly FrontNavItem[] = [
  { key: "home", label: "社区首页", to: "/foreground" },
  { key: "bulletin", label: "公告", to: "/foreground/bulletin" },
  { key: "lessonAnalysis", label: "课例分析", to: "/foreground/lessonAnalysis" },
  { key: "teachingActivities", label: "教研活动", to: "/foreground/teachingActivities" },
  { key: "teachingRresearch", label: "教学研究", to: "/foreground/teachingRresearch" },
  { key: "blog", label: "空间", to: "/blog" },
];

export const ningxiaEdition: EditionDefinition = {
  name: "NINGXIA",
  frontNav: ningxiaNav,
  aliases: childAliases("/foreground", HOME_CHILDREN.map((r) => r.path ?? "").filter(Boolean)),
  routes: [
    { path: "/foreground", element: <FrontLayout nav={ningxiaNav} />, children: [indexPage("社区首页", 7), ...HOME_CHILDREN] },
    {
      element: <FrontLayout nav={ningxiaNav} />,
      children: [
        {
          path: "/blog",
          children: [
            indexPage("空间首页", 7),
            page("home", "空间首页", 7),
            page("notice", "通知公告", 7),
            page("acticle", "文章", 7),
            page("listenToReviews", "听评课", 9),
            page("discuss", "研讨", 9),
            page("add", "发布", 7),
            page("collectivePrepare/detailList", "集体备课", 8),
          ],
        },
        {
          path: "/community",
          children: [
            indexPage("社区首页", 7),
            page("home", "社区首页", 7),
            page("member", "成员", 7),
            page("collectivePrepare", "集体备课", 8),
            page("listenToReviews", "听评课", 9),
            page("discuss", "研讨", 9),
            page("notice", "通知公告", 7),
            page("questionnaire", "问卷", 12),
            page("community7", "社区活动", 7),
          ],
        },
        page("/home", "社区主页", 7),
        page("/message", "消息", 7),
        page("/meeting", "会议", 7),
        page("/meetinglist", "会议列表", 7),
        page("/meetingdetail", "会议详情", 7),
        {
          path: "/personalCenter",
          children: [
            indexPage("个人中心", 7),
            page("spaceManagement", "空间管理", 7),
            page("myPersonalCenter", "我的主页", 7),
            page("message", "消息", 7),
            page("personalCenter3", "我的资源", 11),
            page("eventManagement", "活动管理", 7),
            page("collect", "我的收藏", 7),
            page("eventHistory", "活动历史", 7),
            page("recommendedActivities", "推荐活动", 7),
            { path: "personalSettings", handle: settingsMeta, element: <PersonalSettingsPage /> },
          ],
        },
      ],
    },
    {
      element: <PageFrame />,
      children: [
        page("/add", "问卷详情", 12),
        page("/precisionReport", "精准教研报告", 10),
        page("/collectivePrepare/editDetail", "集体备课编辑", 8),
        page("/editDetail", "备课详情", 8),
        page("/foreground2_0/remoteClassroomReview", "远程听评课", 9),
        page("/foreground2_0/preciseClassroomReview", "精准听评课", 9),
        page("/foreground2_0/classroomReview", "听评课", 9),
        page("/foreground2_0/commentReport", "评课报告", 9),
        page("/addBKDetail", "备课详情", 8),
        page("/addTPKDetail", "听评课详情", 9),
        page("/addZYDetail", "作业详情", 9),
        page("/addzyTow", "作业详情", 9),
        page("/addMYZYDetail", "我的作业详情", 9),
        page("/addYTDetail", "研讨详情", 9),
        page("/addSQDetail", "授课详情", 9),
        page("/review", "评课", 9),
        page("/configurationReportThree", "配置报告", 10),
      ],
    },
  ],
};
