/**
 * The lazy pages of the front site and the school resource area (#11), one chunk per file:
 *   front/home (home pages, bulletins, live list, AI-analysed lessons, films), front/resource (course resources),
 *   front/review (review activities), front/topic (teaching events, topics, video lists), front/portal (big screens,
 *   data cockpit, portraits); admin/resource (我的资源 / 课程资源, 评课活动, 专题管理).
 */
import { lazy } from "react";

export const CourseResourcePage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.CourseResourcePage })));
export const CourseResourceVideoPage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.CourseResourceVideoPage })));
export const ForegroundResourcePage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.ForegroundResourcePage })));
export const ResourceOpenClassPage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.ResourceOpenClassPage })));
export const ResourcePlanPage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.ResourcePlanPage })));
export const ResourceUClassPage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.ResourceUClassPage })));
export const ResourceVideoPage = lazy(() => import("./resource/ResourcePages").then((m) => ({ default: m.ResourceVideoPage })));
export const MyResourcesPage = lazy(() => import("../admin/resource/MyResourcesPage").then((m) => ({ default: m.MyResourcesPage })));
export const SchoolResourcePage = lazy(() => import("../admin/resource/MyResourcesPage").then((m) => ({ default: m.SchoolResourcePage })));
export const ReviewActivityPage = lazy(() => import("./review/ReviewPages").then((m) => ({ default: m.ReviewActivityPage })));
export const ActivityCourseDetailsPage = lazy(() => import("./review/ReviewPages").then((m) => ({ default: m.ActivityCourseDetailsPage })));
export const ActivityWorksPage = lazy(() => import("./review/ReviewPages").then((m) => ({ default: m.ActivityWorksPage })));
export const ReviewActivityManagePage = lazy(() => import("../admin/resource/ReviewActivityManagePage").then((m) => ({ default: m.ReviewActivityManagePage })));
export const TeachEventsPage = lazy(() => import("./topic/TopicPages").then((m) => ({ default: m.TeachEventsPage })));
export const TopicPage = lazy(() => import("./topic/TopicPages").then((m) => ({ default: m.TopicPage })));
export const TopicPageVideoPage = lazy(() => import("./topic/TopicPages").then((m) => ({ default: m.TopicPageVideoPage })));
export const VideoListPage = lazy(() => import("./topic/TopicPages").then((m) => ({ default: m.VideoListPage })));
export const VideoListsPage = lazy(() => import("./topic/TopicPages").then((m) => ({ default: m.VideoListsPage })));
export const EvaluationClassTopicPage = lazy(() => import("./topic/TopicPages").then((m) => ({ default: m.EvaluationClassTopicPage })));
export const TopicManagePage = lazy(() => import("../admin/resource/TopicManagePage").then((m) => ({ default: m.TopicManagePage })));
export const ClassroomReviewPage = lazy(() => import("./portal/PortalPages").then((m) => ({ default: m.ClassroomReviewPage })));
export const BigDataPage = lazy(() => import("./portal/PortalPages").then((m) => ({ default: m.BigDataPage })));
export const PersonalPortraitPage = lazy(() => import("./portal/PortalPages").then((m) => ({ default: m.PersonalPortraitPage })));
export const SchoolPortraitPage = lazy(() => import("./portal/PortalPages").then((m) => ({ default: m.SchoolPortraitPage })));
export const OnlineTeacherDetailsPage = lazy(() => import("./portal/PortalPages").then((m) => ({ default: m.OnlineTeacherDetailsPage })));
export const EvaluationClassPage = lazy(() => import("./portal/PortalPages").then((m) => ({ default: m.EvaluationClassPage })));
export const ForegroundHomePage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.ForegroundHomePage })));
export const TeachEventsHomePage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.TeachEventsHomePage })));
export const SchoolBulletinPage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.SchoolBulletinPage })));
export const LiveListPage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.LiveListPage })));
export const AIAnalysisCoursePage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.AIAnalysisCoursePage })));
export const AIAnalysisCourseVideoPage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.AIAnalysisCourseVideoPage })));
export const ForegroundFilmPage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.ForegroundFilmPage })));
export const ForegroundFilmDetailPage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.ForegroundFilmDetailPage })));
export const ForegroundFilmMorePage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.ForegroundFilmMorePage })));
export const KnowledgeMorePage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.KnowledgeMorePage })));
export const KnowledgeMoreVideoPage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.KnowledgeMoreVideoPage })));
export const ForeMoreTimePage = lazy(() => import("./home/HomePages").then((m) => ({ default: m.ForeMoreTimePage })));
