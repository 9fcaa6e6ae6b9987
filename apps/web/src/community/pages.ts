/** The community edition's pages (#7), one lazy chunk each. */
import { lazy } from "react";

export const FrontHomePage = lazy(() => import("./front/FrontHomePage").then((m) => ({ default: m.FrontHomePage })));
export const BulletinPage = lazy(() => import("./front/BulletinPage").then((m) => ({ default: m.BulletinPage })));
export const LessonAnalysisPage = lazy(() => import("./front/LessonAnalysisPage").then((m) => ({ default: m.LessonAnalysisPage })));
export const TeachingActivitiesPage = lazy(() => import("./front/TeachingActivitiesPage").then((m) => ({ default: m.TeachingActivitiesPage })));
export const TeachingResearchPage = lazy(() => import("./front/TeachingResearchPage").then((m) => ({ default: m.TeachingResearchPage })));
export const StatisticsPage = lazy(() => import("./front/StatisticsPage").then((m) => ({ default: m.StatisticsPage })));
export const CommunityHomePage = lazy(() => import("./space/CommunityHomePage").then((m) => ({ default: m.CommunityHomePage })));
export const MemberPage = lazy(() => import("./space/MemberPage").then((m) => ({ default: m.MemberPage })));
export const CommunityNoticePage = lazy(() => import("./space/CommunityNoticePage").then((m) => ({ default: m.CommunityNoticePage })));
export const CommunityActivityPage = lazy(() => import("./space/CommunityActivityPage").then((m) => ({ default: m.CommunityActivityPage })));
export const BlogHomePage = lazy(() => import("./blog/BlogHomePage").then((m) => ({ default: m.BlogHomePage })));
export const BlogNoticePage = lazy(() => import("./blog/BlogNoticePage").then((m) => ({ default: m.BlogNoticePage })));
export const ArticlePage = lazy(() => import("./blog/ArticlePage").then((m) => ({ default: m.ArticlePage })));
export const AddArticlePage = lazy(() => import("./blog/AddArticlePage").then((m) => ({ default: m.AddArticlePage })));
export const PersonalIndexPage = lazy(() => import("./personal/PersonalIndexPage").then((m) => ({ default: m.PersonalIndexPage })));
export const SpaceManagementPage = lazy(() => import("./personal/SpaceManagementPage").then((m) => ({ default: m.SpaceManagementPage })));
export const MyPersonalCenterPage = lazy(() => import("./personal/MyPersonalCenterPage").then((m) => ({ default: m.MyPersonalCenterPage })));
export const MessagePage = lazy(() => import("./personal/MessagePage").then((m) => ({ default: m.MessagePage })));
export const EventManagementPage = lazy(() => import("./personal/EventManagementPage").then((m) => ({ default: m.EventManagementPage })));
export const CollectPage = lazy(() => import("./personal/CollectPage").then((m) => ({ default: m.CollectPage })));
export const EventHistoryPage = lazy(() => import("./personal/EventHistoryPage").then((m) => ({ default: m.EventHistoryPage })));
export const RecommendedActivitiesPage = lazy(() => import("./personal/RecommendedActivitiesPage").then((m) => ({ default: m.RecommendedActivitiesPage })));
export const MeetingPage = lazy(() => import("./meeting/MeetingPage").then((m) => ({ default: m.MeetingPage })));
export const MeetingListPage = lazy(() => import("./meeting/MeetingListPage").then((m) => ({ default: m.MeetingListPage })));
export const MeetingDetailPage = lazy(() => import("./meeting/MeetingDetailPage").then((m) => ({ default: m.MeetingDetailPage })));
// Collective preparation (#8).
export const CommunityPreparePage = lazy(() => import("./prepare/PrepareListPage").then((m) => ({ default: m.CommunityPreparePage })));
export const BlogPreparePage = lazy(() => import("./prepare/PrepareListPage").then((m) => ({ default: m.BlogPreparePage })));
export const PrepareFormPage = lazy(() => import("./prepare/PrepareFormPage").then((m) => ({ default: m.PrepareFormPage })));
export const PrepareDetailPage = lazy(() => import("./prepare/PrepareDetailPage").then((m) => ({ default: m.PrepareDetailPage })));
export const TextbookPage = lazy(() => import("./prepare/TextbookPage").then((m) => ({ default: m.TextbookPage })));
export const CoEditPage = lazy(() => import("./lessonplan/CoEditPage").then((m) => ({ default: m.CoEditPage })));
