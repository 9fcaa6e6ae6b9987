/** NINGXIA edition: the teaching-research community (platform.md §2 "NINGXIA edition"). */
import type { RouteObject } from "react-router";
import * as P from "../community/pages";
import * as R from "../research/pages";
import { FrontLayout, PageFrame, PersonalSettingsPage } from "../router/lazy";
import * as F from "../front/pages";
import * as A from "../admin/module-pages";
import type { RouteMeta } from "../router/meta";
import { childAliases, indexScreen, screen, type EditionDefinition, type FrontNavItem } from "../router/route-helpers";

const HOME_CHILDREN: RouteObject[] = [
  screen("bulletin", "公告", P.BulletinPage),
  screen("lessonAnalysis", "课例分析", P.LessonAnalysisPage),
  screen("teachingActivities", "教研活动", P.TeachingActivitiesPage),
  screen("teachingRresearch", "教学研究", P.TeachingResearchPage),
];

const settingsMeta: RouteMeta = { title: "个人设置", name: "PersonalSettings" };

export const ningxiaNav: readonly FrontNavItem[] = [
  { key: "home", label: "社区首页", to: "/foreground" },
  { key: "bulletin", label: "公告", to: "/foreground/bulletin" },
  { key: "lessonAnalysis", label: "课例分析", to: "/foreground/lessonAnalysis" },
  { key: "teachingActivities", label: "教研活动", to: "/foreground/teachingActivities" },
  { key: "teachingRresearch", label: "教学研究", to: "/foreground/teachingRresearch" },
  { key: "community", label: "我的社区", to: "/community/home" },
  { key: "textbook", label: "教材资源", to: "/textbook" },
  { key: "stats", label: "数据统计", to: "/home" },
];

export const ningxiaEdition: EditionDefinition = {
  name: "NINGXIA",
  frontNav: ningxiaNav,
  aliases: childAliases("/foreground", HOME_CHILDREN.map((r) => r.path ?? "").filter(Boolean)),
  routes: [
    { path: "/foreground", element: <FrontLayout nav={ningxiaNav} />, children: [indexScreen("社区首页", P.FrontHomePage), ...HOME_CHILDREN] },
    {
      element: <FrontLayout nav={ningxiaNav} />,
      children: [
        {
          path: "/blog",
          children: [
            indexScreen("空间首页", P.BlogHomePage),
            screen("home", "空间首页", P.BlogHomePage),
            screen("notice", "通知公告", P.BlogNoticePage),
            screen("acticle", "文章", P.ArticlePage),
            screen("listenToReviews", "听评课", P.BlogListenPage),
            screen("discuss", "研讨", P.BlogDiscussPage),
            screen("add", "发布", P.AddArticlePage),
            screen("collectivePrepare/detailList", "集体备课", P.BlogPreparePage),
          ],
        },
        {
          path: "/community",
          children: [
            indexScreen("社区首页", P.CommunityHomePage),
            screen("home", "社区首页", P.CommunityHomePage),
            screen("member", "成员", P.MemberPage),
            screen("collectivePrepare", "集体备课", P.CommunityPreparePage),
            screen("listenToReviews", "听评课", P.CommunityListenPage),
            screen("discuss", "研讨", P.CommunityDiscussPage),
            screen("notice", "通知公告", P.CommunityNoticePage),
            screen("questionnaire", "问卷", A.CommunityQuestionnairePage),
            screen("community7", "社区活动", P.CommunityActivityPage),
          ],
        },
        screen("/home", "数据统计", P.StatisticsPage),
        screen("/textbook", "教材资源", P.TextbookPage),
        screen("/message", "消息", P.MessagePage),
        screen("/meeting", "会议", P.MeetingPage),
        screen("/meetinglist", "会议列表", P.MeetingListPage),
        screen("/meetingdetail", "会议详情", P.MeetingDetailPage),
        {
          path: "/personalCenter",
          children: [
            indexScreen("个人中心", P.PersonalIndexPage),
            screen("spaceManagement", "空间管理", P.SpaceManagementPage),
            screen("myPersonalCenter", "我的主页", P.MyPersonalCenterPage),
            screen("message", "消息", P.MessagePage),
            screen("personalCenter3", "我的资源", F.MyResourcesPage),
            screen("myQuestionnaire", "我的问卷", A.MyQuestionnairePage),
            screen("myTraining", "我的培训", A.MyTrainingPage),
            screen("eventManagement", "活动管理", P.EventManagementPage),
            screen("collect", "我的收藏", P.CollectPage),
            screen("eventHistory", "活动历史", P.EventHistoryPage),
            screen("recommendedActivities", "推荐活动", P.RecommendedActivitiesPage),
            { path: "personalSettings", handle: settingsMeta, element: <PersonalSettingsPage /> },
          ],
        },
      ],
    },
    {
      element: <PageFrame />,
      children: [
        screen("/add", "问卷详情", A.QuestionnaireAnswerPage),
        screen("/precisionReport", "精准教研报告", P.PrecisionReportPage),
        screen("/collectivePrepare/editDetail", "集体备课编辑", P.CoEditPage),
        screen("/editDetail", "备课详情", P.PrepareDetailPage),
        screen("/foreground2_0/remoteClassroomReview", "远程听评课", P.RemoteReviewPage),
        screen("/foreground2_0/preciseClassroomReview", "精准听评课", P.PreciseReviewPage),
        screen("/foreground2_0/classroomReview", "听评课", P.ClassroomReviewPage),
        screen("/foreground2_0/commentReport", "评课报告", P.CommentReportPage),
        screen("/addBKDetail", "发起集体备课", P.PrepareFormPage),
        screen("/addTPKDetail", "听评课详情", P.ListenDetailPage),
        screen("/addZYDetail", "作业详情", P.HomeworkDetailPage),
        screen("/addzyTow", "作业详情", P.HomeworkTwoPage),
        screen("/addMYZYDetail", "我的作业详情", P.MyHomeworkDetailPage),
        screen("/addYTDetail", "研讨详情", P.DiscussDetailPage),
        screen("/addSQDetail", "授课详情", P.TeachingDetailPage),
        screen("/review", "评课", P.ReviewPage),
        screen("/configurationReportThree", "配置报告", R.ConfigurationReportThreePage),
      ],
    },
  ],
};
