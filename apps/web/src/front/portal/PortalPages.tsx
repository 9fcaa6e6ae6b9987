/**
 * Pages of issue #11's portal (big screens, the data cockpit, portraits, online teachers, evaluated lessons); the
 * routes load these names lazily (../pages.ts). Data: PORTAL_CALLS (docs/api/portal.md).
 */
import { EvaluationClassList, OnlineTeacherDetails } from "./Lists";
import { PersonalPortrait, SchoolPortraitView } from "./Portraits";
import { BigDataScreen, ClassroomReviewScreen } from "./Screens";

/** 评课大屏 (/foreground/classroomReview, teachEvents edition): the dark board of c061. */
export function ClassroomReviewPage() {
  return <ClassroomReviewScreen />;
}

/** 数据驾驶舱 (/bigData, public). */
export function BigDataPage() {
  return <BigDataScreen />;
}

/** 教师画像 (/foreground/personalPortrait?account_id=). */
export function PersonalPortraitPage() {
  return <PersonalPortrait />;
}

/** 学校画像 (/foreground/schoolPortrait?school_id=). */
export function SchoolPortraitPage() {
  return <SchoolPortraitView />;
}

/** 在线教师详情 (/onlineTeacherDetails, public). */
export function OnlineTeacherDetailsPage() {
  return <OnlineTeacherDetails />;
}

/** 评课 (/foreground/evaluationClass). */
export function EvaluationClassPage() {
  return <EvaluationClassList />;
}
