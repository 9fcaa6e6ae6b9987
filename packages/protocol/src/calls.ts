/**
 * The calls of ../shared/spec/calls.tsv that this code base serves, by name.
 * Paths are exactly the spec's; the web app and the tests use these constants only.
 */
import { CLASS_CALLS } from "./schemas/class.js";
import { EQUIPMENT_CALLS } from "./schemas/equipment.js";
import { FILE_CALLS } from "./schemas/file.js";
import { ROSTER_CALLS } from "./schemas/teacher.js";
import { ORG_CALLS } from "./schemas/org.js";
import { PLATFORM_CALLS } from "./schemas/platform.js";
import { QUOTA_CALLS } from "./schemas/quota.js";
import { RECORDING_CALLS } from "./schemas/recording.js";
import { VIDEO_CALLS } from "./schemas/video.js";
import { COMMUNITY_CALLS } from "./schemas/community.js";
import { ARTICLE_CALLS } from "./schemas/article.js";
import { COLLECT_CALLS } from "./schemas/collect.js";
import { NOTICE_CALLS } from "./schemas/notice.js";
import { MEETING_CALLS } from "./schemas/meeting.js";
import { ACTIVITY_CALLS } from "./schemas/activity.js";
import { HOME_CALLS } from "./schemas/home.js";
import { PERSONAL_CALLS } from "./schemas/personal.js";
import { PREPARATION_CALLS } from "./schemas/preparation.js";
import { LESSONPLAN_CALLS } from "./schemas/lessonplan.js";
import { DIAGNOSIS_CALLS } from "./schemas/diagnosis.js";
import { TEXTBOOK_CALLS } from "./schemas/textbook.js";
import { LISTEN_CALLS } from "./schemas/listen.js";
import { INDICATOR_CALLS } from "./schemas/indicator.js";
import { AFTER_CLASS_CALLS } from "./schemas/afterclass.js";
import { RESEARCH_CALLS } from "./schemas/research.js";
import { DISCUSS_CALLS } from "./schemas/discuss.js";
import { WORKMAN_CALLS } from "./schemas/workman.js";
import { RESOURCE_CALLS } from "./schemas/resource.js";
import { REVIEW_CALLS } from "./schemas/review.js";
import { TOPIC_CALLS } from "./schemas/topic.js";
import { PORTAL_CALLS } from "./schemas/portal.js";
import { FRONT_CALLS } from "./schemas/front.js";
import { QUESTIONNAIRE_CALLS } from "./schemas/questionnaire.js";
import { TRAINING_CALLS } from "./schemas/training.js";
import { REPORT_CALLS } from "./schemas/report.js";
import { SOFTWARE_CALLS } from "./schemas/software.js";

export const CALLS = {
  ...ORG_CALLS,
  ...CLASS_CALLS,
  ...QUOTA_CALLS,
  ...PLATFORM_CALLS,
  ...FILE_CALLS,
  ...ROSTER_CALLS,
  ...EQUIPMENT_CALLS,
  ...RECORDING_CALLS,
  ...VIDEO_CALLS,
  ...COMMUNITY_CALLS,
  ...ARTICLE_CALLS,
  ...COLLECT_CALLS,
  ...NOTICE_CALLS,
  ...MEETING_CALLS,
  ...ACTIVITY_CALLS,
  ...HOME_CALLS,
  ...PERSONAL_CALLS,
  ...PREPARATION_CALLS,
  ...LESSONPLAN_CALLS,
  ...DIAGNOSIS_CALLS,
  ...TEXTBOOK_CALLS,
  ...LISTEN_CALLS,
  ...INDICATOR_CALLS,
  ...AFTER_CLASS_CALLS,
  ...RESEARCH_CALLS,
  ...DISCUSS_CALLS,
  ...WORKMAN_CALLS,
  ...RESOURCE_CALLS,
  ...REVIEW_CALLS,
  ...TOPIC_CALLS,
  ...QUESTIONNAIRE_CALLS,
  ...TRAINING_CALLS,
  ...REPORT_CALLS,
  ...SOFTWARE_CALLS,
  ...PORTAL_CALLS,
  ...FRONT_CALLS,
  /** c001 */ login: "/middle/login",
  /** c002 */ logout: "/middle/logout",
  /** c003: menu tree of the current user */ menuTree: "/middle/auth_group/getAllRuleByRole",
  /** c017 */ changePassword: "/middle/account/changePassword",
  /** c117 */ pushAllRtmp: "/middle/machine/pushallrtmp",
  /** c118 */ stopAllRtmp: "/middle/machine/stopallrtmp",
  /** c119 */ hostCodeRecord: "/middle/machine/hostCodeRecord",
  /** c175 */ ssoCodeExchange: "/middle/sso/codeExchange",
  // rbac (#3)
  /** c004 */ ruleList: "/middle/auth_rule/list",
  /** c005 */ ruleUseList: "/middle/auth_rule/useList",
  /** c006 */ ruleSave: "/middle/auth_rule/save",
  /** c007 */ ruleUpdate: "/middle/auth_rule/update",
  /** c008 */ ruleDelete: "/middle/auth_rule/delete",
  /** c009 */ ruleSetAttribute: "/middle/auth_rule/setAttribute",
  /** c024 */ groupList: "/middle/auth_group/list",
  /** c025 */ groupRead: "/middle/auth_group/read",
  /** c026 */ groupSave: "/middle/auth_group/save",
  /** c027 */ groupUpdate: "/middle/auth_group/update",
  /** c028 */ groupDelete: "/middle/auth_group/delete",
  /** c029 */ groupQuickOperate: "/middle/auth_group/quick_operate",
  /** c030 */ groupOptions: "/middle/auth_group/auth_group_list",
  /** c031 */ groupAuthRole: "/middle/auth_group/getAuthRole",
  // accounts (#3)
  /** new */ accountList: "/middle/account/list",
  /** c010 */ accountResetPassword: "/middle/account/reset_password",
  /** c011 */ accountSave: "/middle/account/save",
  /** c012 */ accountUpdate: "/middle/account/update",
  /** c013 */ accountRead: "/middle/account/read",
  /** c014 */ accountDelete: "/middle/account/delete",
  /** c015 */ accountBatchDelete: "/middle/account/batch_delete",
  /** c016 */ accountQuickOperate: "/middle/account/quick_operate",
  /** c018 */ accountImportTeacher: "/middle/account/importTeacher",
  /** c019 */ accountImportAccount: "/middle/account/importAccount",
  /** c020 */ accountExport: "/middle/account/export",
  /** c035 */ teacherEsSync: "/middle/teacher/esTeacherSync",
  /** c036 */ teacherEsBind: "/middle/teacher/bindEsAccount",
  /** c037 */ teacherEsUnbind: "/middle/teacher/unbind",
  /** c046 */ accountSchoolList: "/middle/school/account_school_list",
  // applications (#3)
  /** c050 */ applyList: "/middle/occupation_apply",
  /** c051 */ applySave: "/middle/occupation_apply/save",
  /** c052 */ applyUpdate: "/middle/occupation_apply/update",
  /** c053 */ applyDelete: "/middle/occupation_apply/delete",
  /** c054 */ applyAuthRuleList: "/middle/occupation_apply/authRuleList",
  /** c055 */ applyAuthGroupList: "/middle/occupation_apply/authGroupList",
  /** c056 */ applyIndex: "/middle/occupation_apply/applyIndex",
  /** c057 */ applyRulesAndApply: "/middle/occupation_apply/rulesAndApply",
  /** c058 */ applyGetRules: "/middle/occupation_apply/getRules",
  /** c176 */ ssoUserInfo: "/middle/sso/userInfo",
} as const;

export type CallName = keyof typeof CALLS;

/** Non-envelope GET routes. */
export const GET_ROUTES = {
  health: "/healthz",
  openapi: "/openapi.json",
  clientConfig: "/config.js",
  ssoStart: "/sso/start",
  /** .xlsx import templates: /templates/teacher.xlsx, /templates/account.xlsx */
  importTemplate: "/templates/:kind.xlsx",
} as const;
