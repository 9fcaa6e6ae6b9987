/**
 * Screens that menu entries open, by componentsUrl (normalised: 'views/permission/role/index.vue'
 * → 'permission/role') or by view name (MenuNode.name). See screen-resolve.ts for the rules.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import * as C from "../community/pages";
import * as F from "../front/pages";
import * as R from "../research/pages";
import * as A from "../admin/module-pages";
import { resolveScreen, type Resolution, type ScreenRegistry } from "./screen-resolve";

type Screen = LazyExoticComponent<ComponentType>;

const AdminHome: Screen = lazy(() => import("./AdminHomePage").then((m) => ({ default: m.AdminHomePage })));
const PersonalSettings: Screen = lazy(() => import("./PersonalSettingsPage").then((m) => ({ default: m.PersonalSettingsPage })));
const RoleManage: Screen = lazy(() => import("../admin/RolePage").then((m) => ({ default: m.RolePage })));
const MenuManage: Screen = lazy(() => import("../admin/MenuPage").then((m) => ({ default: m.MenuPage })));
const MenuGroupManage: Screen = lazy(() => import("../admin/ApplyPage").then((m) => ({ default: m.MenuGroupPage })));
const AbilityManage: Screen = lazy(() => import("../admin/ApplyPage").then((m) => ({ default: m.AbilityPage })));
const AccountManage: Screen = lazy(() => import("../admin/AccountPage").then((m) => ({ default: m.AccountPage })));
const SchoolManage: Screen = lazy(() => import("../admin/SchoolPage").then((m) => ({ default: m.SchoolPage })));
const ClassManage: Screen = lazy(() => import("../admin/ClassPage").then((m) => ({ default: m.ClassPage })));
const StudentManage: Screen = lazy(() => import("../admin/StudentPage").then((m) => ({ default: m.StudentPage })));
const TeacherManage: Screen = lazy(() => import("../admin/TeacherPage").then((m) => ({ default: m.TeacherPage })));
const PeriodManage: Screen = lazy(() => import("../admin/PeriodPage").then((m) => ({ default: m.PeriodPage })));
const DisciplineManage: Screen = lazy(() => import("../admin/PeriodPage").then((m) => ({ default: m.DisciplinePage })));
const RegionManage: Screen = lazy(() => import("../admin/RegionPage").then((m) => ({ default: m.RegionPage })));
const StorageManage: Screen = lazy(() => import("../admin/StoragePage").then((m) => ({ default: m.StoragePage })));
const PlatformSetting: Screen = lazy(() => import("../admin/PlatformSettingPage").then((m) => ({ default: m.PlatformSettingPage })));
const ImageManage: Screen = lazy(() => import("../admin/ImagePage").then((m) => ({ default: m.ImagePage })));
const MyFiles: Screen = lazy(() => import("./MyFilesPage").then((m) => ({ default: m.MyFilesPage })));
const DeviceManage: Screen = lazy(() => import("../admin/equipment/DevicePage").then((m) => ({ default: m.DevicePage })));
const DeviceLive: Screen = lazy(() => import("./patrol/PatrolPage").then((m) => ({ default: m.PatrolPage })));
const TimetableManage: Screen = lazy(() => import("../admin/timetable/TimetablePage").then((m) => ({ default: m.TimetablePage })));
const DeviceRecord: Screen = lazy(() => import("./record/RecordPlanPage").then((m) => ({ default: m.RecordPlanPage })));
const MyVideo: Screen = lazy(() => import("./video/MyVideoPage").then((m) => ({ default: m.MyVideoPage })));
const IndicatorManage: Screen = lazy(() => import("../admin/indicator/IndicatorManagePage").then((m) => ({ default: m.IndicatorManagePage })));
const MyPersonalCenter: Screen = C.MyPersonalCenterPage;
const SpaceManagement: Screen = C.SpaceManagementPage;
const EventManagement: Screen = C.EventManagementPage;
const EventHistory: Screen = C.EventHistoryPage;
const RecommendedActivities: Screen = C.RecommendedActivitiesPage;
const MyCollect: Screen = C.CollectPage;
const MyMessage: Screen = C.MessagePage;
const AuthCodeManage: Screen = lazy(() => import("../admin/AuthCodePage").then((m) => ({ default: m.AuthCodePage })));

export const SCREENS_BY_COMPONENT: Readonly<Record<string, Screen>> = {
  dashboard: AdminHome,
  "permission/role": RoleManage,
  "permission/menu": MenuManage,
  "permission/menuGroup": MenuGroupManage,
  "permission/ability": AbilityManage,
  "permission/account": AccountManage,
  "basic/school": SchoolManage,
  "basic/class": ClassManage,
  "basic/student": StudentManage,
  "basic/teacher": TeacherManage,
  "basic/period": PeriodManage,
  "basic/discipline": DisciplineManage,
  "basic/region": RegionManage,
  "basic/storage": StorageManage,
  "basic/device": DeviceManage,
  "basic/timetable": TimetableManage,
  "device/live": DeviceLive,
  "device/record": DeviceRecord,
  "platform/setting": PlatformSetting,
  "platform/images": ImageManage,
  "platform/authCode": AuthCodeManage,
  "personalCenter/myFiles": MyFiles,
  "personalCenter/myVideo": MyVideo,
  "personalCenter/myPersonalCenter": MyPersonalCenter,
  "personalCenter/spaceManagement": SpaceManagement,
  "personalCenter/eventManagement": EventManagement,
  "personalCenter/eventHistory": EventHistory,
  "personalCenter/recommendedActivities": RecommendedActivities,
  "personalCenter/collect": MyCollect,
  "personalCenter/message": MyMessage,
};

export const SCREENS_BY_NAME: Readonly<Record<string, Screen>> = {
  Dashboard: AdminHome,
  AdminHome,
  PersonalSettings,
  RoleManage,
  MenuManage,
  MenuGroupManage,
  AbilityManage,
  AccountManage,
  SchoolManage,
  ClassManage,
  StudentManage,
  TeacherManage,
  PeriodManage,
  DisciplineManage,
  RegionManage,
  StorageManage,
  DeviceManage,
  DeviceLive,
  TimetableManage,
  DeviceRecord,
  MyVideo,
  MyPersonalCenter,
  SpaceManagement,
  EventManagement,
  EventHistory,
  RecommendedActivities,
  MyCollect,
  MyMessage,
  PlatformSetting,
  ImageManage,
  AuthCodeManage,
  MyFiles,
  IndicatorManage,
  DataCockpit: F.BigDataPage,
  AnalysisCourse: R.AnalysisCoursePage,
  AnalysisCensus: R.AnalysisCensusPage,
  MyAnalysis: R.MyAnalysisPage,
  MyResources: F.MyResourcesPage,
  SchoolResource: F.SchoolResourcePage,
  ReviewActivityManage: F.ReviewActivityManagePage,
  TopicManage: F.TopicManagePage,
  QuestionnaireManage: A.QuestionnaireManagePage,
  MyQuestionnaire: A.MyQuestionnairePage,
  TrainingManage: A.TrainingManagePage,
  MyTraining: A.MyTrainingPage,
  ReportManage: A.ReportManagePage,
  SoftwareVersion: A.SoftwareVersionPage,
};

const REGISTRY: ScreenRegistry<Screen> = { byComponent: SCREENS_BY_COMPONENT, byName: SCREENS_BY_NAME };

export function screenFor(componentsUrl: string, name: string): Resolution<Screen> {
  return resolveScreen(REGISTRY, componentsUrl, name);
}
