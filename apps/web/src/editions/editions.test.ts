import { PROFILE_SETTINGS_PATH } from "@yanke/protocol";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../router/createAppRouter";
import { collectPaths } from "../router/route-helpers";
import { EDITIONS } from "./index";

/** The §2 route tables, written out from the spec. */
const SHARED = [
  "/login",
  "/videoSharing",
  "/playVideo",
  "/playVideos",
  "/report",
  "/reportSecond",
  "/configurationReport",
  "/reportSingle",
  "/ninxiaAiReport",
  "/charts",
  "/404",
  "/redirect/dashboard",
  PROFILE_SETTINGS_PATH,
];
const SPEC: Record<keyof typeof EDITIONS, string[]> = {
  foreground: [
    "/foregroundFilmDetail",
    "/foregroundFilmMore",
    "/knowledgeMoreVideo",
    "/knowledgeMore",
    "/foregroundFilm",
    "/foreMoreTime",
    "/foregroundResource",
    ...["resourceOpenClass", "resourcePlan", "resourceUClass", "resourceVideo"].map((c) => `/foregroundResource/${c}`),
    "/foreground",
    ...[
      "courseResource",
      "AIAnalysisCourse",
      "AIAnalysisCourseVideo",
      "courseResources",
      "schoolBulletin",
      "reviewActivity",
      "activityCourseDetails",
      "activityWorks",
      "courseResourceVideo",
      "teachEvents",
      "topicPage",
      "topicPageVideo",
    ].map((c) => `/foreground/${c}`),
    "/bigData",
    "/onlineTeacherDetails",
  ],
  teachEvents: [
    "/foreground",
    ...[
      "teachEvents",
      "topicPageVideo",
      "topicPage",
      "videoList",
      "videoLists",
      "courseResource",
      "schoolBulletin",
      "personalPortrait",
      "schoolPortrait",
      "evaluationClass",
      "classroomReview",
      "evaluationClassTopic",
    ].map((c) => `/foreground/${c}`),
  ],
  NINGXIA: [
    "/foreground",
    ...["bulletin", "lessonAnalysis", "teachingActivities", "teachingRresearch"].map((c) => `/foreground/${c}`),
    "/blog",
    ...["home", "notice", "acticle", "listenToReviews", "discuss", "add", "collectivePrepare/detailList"].map((c) => `/blog/${c}`),
    "/community",
    ...["home", "member", "collectivePrepare", "listenToReviews", "discuss", "notice", "questionnaire", "community7"].map((c) => `/community/${c}`),
    "/home",
    "/add",
    "/precisionReport",
    "/personalCenter",
    ...[
      "spaceManagement",
      "myPersonalCenter",
      "message",
      "personalCenter3",
      "eventManagement",
      "collect",
      "eventHistory",
      "recommendedActivities",
      "personalSettings",
    ].map((c) => `/personalCenter/${c}`),
    "/collectivePrepare/editDetail",
    "/foreground2_0/remoteClassroomReview",
    "/foreground2_0/preciseClassroomReview",
    "/foreground2_0/classroomReview",
    "/addBKDetail",
    "/meeting",
    "/meetinglist",
    "/meetingdetail",
    "/addTPKDetail",
    "/addZYDetail",
    "/addzyTow",
    "/addMYZYDetail",
    "/addYTDetail",
    "/message",
    "/addSQDetail",
    "/review",
    "/configurationReportThree",
    "/foreground2_0/commentReport",
    "/editDetail",
  ],
};

describe("edition route tables (spec §2)", () => {
  for (const [name, edition] of Object.entries(EDITIONS)) {
    const routes = appRoutes(edition);
    it(`${name}: every spec route resolves to a declared route, not the catch-all`, () => {
      for (const path of [...SHARED, ...(SPEC[edition.name] ?? [])]) {
        const m = matchRoutes(routes, path);
        const last = m?.at(-1);
        expect(last, path).toBeDefined();
        if (!path.startsWith("/redirect/")) expect(last?.route.path, path).not.toBe("*");
      }
    });
    it(`${name}: the spec's short spellings redirect to the nested routes`, () => {
      for (const [from, to] of Object.entries(edition.aliases)) {
        expect(matchRoutes(routes, from)?.at(-1)?.route.path, from).toBe(from);
        expect(collectPaths(routes), to).toContain(to);
      }
    });
  }
});
