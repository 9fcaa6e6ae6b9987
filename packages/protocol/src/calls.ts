/**
 * The calls of ../shared/spec/calls.tsv that this code base serves, by name.
 * Paths are exactly the spec's; the web app and the tests use these constants only.
 */
import { CLASS, CLASS_CALLS } from "./schemas/class.js";
import { EQUIPMENT, EQUIPMENT_CALLS } from "./schemas/equipment.js";
import { FILE, FILE_CALLS } from "./schemas/file.js";
import { ROSTER, ROSTER_CALLS } from "./schemas/teacher.js";
import { ORG, ORG_CALLS } from "./schemas/org.js";
import { PLATFORM, PLATFORM_CALLS } from "./schemas/platform.js";
import { QUOTA, QUOTA_CALLS } from "./schemas/quota.js";
import { RECORDING, RECORDING_CALLS } from "./schemas/recording.js";
import { VIDEO, VIDEO_CALLS } from "./schemas/video.js";
import { COMMUNITY, COMMUNITY_CALLS } from "./schemas/community.js";
import { ARTICLE, ARTICLE_CALLS } from "./schemas/article.js";
import { COLLECT, COLLECT_CALLS } from "./schemas/collect.js";
import { NOTICE, NOTICE_CALLS } from "./schemas/notice.js";
import { MEETING, MEETING_CALLS } from "./schemas/meeting.js";
import { ACTIVITY, ACTIVITY_CALLS } from "./schemas/activity.js";
import { HOME, HOME_CALLS } from "./schemas/home.js";
import { PERSONAL, PERSONAL_CALLS } from "./schemas/personal.js";
import { PREPARATION, PREPARATION_CALLS } from "./schemas/preparation.js";
import { LESSONPLAN, LESSONPLAN_CALLS } from "./schemas/lessonplan.js";
import { DIAGNOSIS, DIAGNOSIS_CALLS } from "./schemas/diagnosis.js";
import { TEXTBOOK, TEXTBOOK_CALLS } from "./schemas/textbook.js";
import { LISTEN, LISTEN_CALLS } from "./schemas/listen.js";
import { INDICATOR, INDICATOR_CALLS } from "./schemas/indicator.js";
import { AFTER_CLASS, AFTER_CLASS_CALLS } from "./schemas/afterclass.js";
import { RESEARCH, RESEARCH_CALLS } from "./schemas/research.js";
import { RESEARCH_CENSUS } from "./schemas/research-census.js";
import { DISCUSS, DISCUSS_CALLS } from "./schemas/discuss.js";
import { WORKMAN, WORKMAN_CALLS } from "./schemas/workman.js";
import { RESOURCE, RESOURCE_CALLS } from "./schemas/resource.js";
import { REVIEW, REVIEW_CALLS } from "./schemas/review.js";
import { TOPIC, TOPIC_CALLS } from "./schemas/topic.js";
import { PORTAL, PORTAL_CALLS } from "./schemas/portal.js";
import { FRONT, FRONT_CALLS } from "./schemas/front.js";
import { QUESTIONNAIRE, QUESTIONNAIRE_CALLS } from "./schemas/questionnaire.js";
import { TRAINING, TRAINING_CALLS } from "./schemas/training.js";
import { REPORT, REPORT_CALLS } from "./schemas/report.js";
import { SOFTWARE, SOFTWARE_CALLS } from "./schemas/software.js";

import { call } from "./contract.js";
import { ChangePasswordPayload, LoginPayload, SsoCodeExchangePayload } from "./schemas/auth.js";
import type { MenuNode, SessionInfo } from "./schemas/session.js";
import { EmptyPayload } from "./schemas/common.js";
import { HostCodeRecordSave, MachineRtmpPayload, type HostCodeRecordAnswer, type MachineAnswer } from "./schemas/equipment.js";
import {
  AuthGroupList,
  AuthGroupSave,
  AuthGroupUpdate,
  AuthRuleSave,
  AuthRuleSetAttribute,
  AuthRuleUpdate,
  IdPayload,
  IdsPayload,
  QuickOperate,
  type AuthGroupRow,
  type BatchResult,
} from "./schemas/rbac.js";
import type { Page } from "./codes.js";
import {
  AccountExport,
  AccountImport,
  AccountList,
  AccountSave,
  AccountSchoolListPayload,
  AccountUpdate,
  type AccountRow,
  type FileAnswer,
  type ImportReport,
  type SchoolIdentityEntry,
} from "./schemas/account.js";
import { EsBindPayload, EsTeacherSyncPayload, EsUnbindPayload, type EsBindAnswer, type EsSyncReport } from "./schemas/teacher.js";
import {
  ApplyIndexPayload,
  GetRulesPayload,
  OccupationApplyList,
  OccupationApplySave,
  OccupationApplyUpdate,
  type ApplyIndexAnswer,
  type GetRulesAnswer,
  type OccupationApplyGroups,
  type OccupationApplyRow,
} from "./schemas/apply.js";

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

/**
 * The contract: every call of CALLS with its payload schema and answer type (contract.ts), same names and paths.
 *
 *   const page = await call(calls.trainingList, { page: 1 }); // typed payload in, Page<TrainingRow> out
 */
export const calls = {
  ...ORG,
  ...CLASS,
  ...QUOTA,
  ...PLATFORM,
  ...FILE,
  ...ROSTER,
  ...EQUIPMENT,
  ...RECORDING,
  ...VIDEO,
  ...COMMUNITY,
  ...ARTICLE,
  ...COLLECT,
  ...NOTICE,
  ...MEETING,
  ...ACTIVITY,
  ...HOME,
  ...PERSONAL,
  ...PREPARATION,
  ...LESSONPLAN,
  ...DIAGNOSIS,
  ...TEXTBOOK,
  ...LISTEN,
  ...INDICATOR,
  ...AFTER_CLASS,
  ...RESEARCH,
  ...RESEARCH_CENSUS,
  ...DISCUSS,
  ...WORKMAN,
  ...RESOURCE,
  ...REVIEW,
  ...TOPIC,
  ...QUESTIONNAIRE,
  ...TRAINING,
  ...REPORT,
  ...SOFTWARE,
  ...PORTAL,
  ...FRONT,
  login: call<SessionInfo>()(CALLS.login, LoginPayload),
  logout: call<{ url: string }>()(CALLS.logout, EmptyPayload),
  menuTree: call<MenuNode[]>()(CALLS.menuTree, EmptyPayload),
  changePassword: call<null>()(CALLS.changePassword, ChangePasswordPayload),
  pushAllRtmp: call<MachineAnswer>()(CALLS.pushAllRtmp, MachineRtmpPayload),
  stopAllRtmp: call<MachineAnswer>()(CALLS.stopAllRtmp, MachineRtmpPayload),
  hostCodeRecord: call<HostCodeRecordAnswer>()(CALLS.hostCodeRecord, HostCodeRecordSave),
  ssoCodeExchange: call<{ token: string; id_token: string }>()(CALLS.ssoCodeExchange, SsoCodeExchangePayload),
  ruleList: call<MenuNode[]>()(CALLS.ruleList, EmptyPayload),
  ruleUseList: call<MenuNode[]>()(CALLS.ruleUseList, EmptyPayload),
  ruleSave: call<{ id: number }>()(CALLS.ruleSave, AuthRuleSave),
  ruleUpdate: call<null>()(CALLS.ruleUpdate, AuthRuleUpdate),
  ruleDelete: call<null>()(CALLS.ruleDelete, IdPayload),
  ruleSetAttribute: call<null>()(CALLS.ruleSetAttribute, AuthRuleSetAttribute),
  groupList: call<Page<AuthGroupRow>>()(CALLS.groupList, AuthGroupList),
  groupRead: call<AuthGroupRow>()(CALLS.groupRead, IdPayload),
  groupSave: call<{ id: number }>()(CALLS.groupSave, AuthGroupSave),
  groupUpdate: call<null>()(CALLS.groupUpdate, AuthGroupUpdate),
  groupDelete: call<null>()(CALLS.groupDelete, IdPayload),
  groupQuickOperate: call<null>()(CALLS.groupQuickOperate, QuickOperate),
  groupOptions: call<{ id: number; title: string; school_id: number }[]>()(CALLS.groupOptions, EmptyPayload),
  groupAuthRole: call<{ tree: MenuNode[]; checked: number[] }>()(CALLS.groupAuthRole, IdPayload),
  accountList: call<Page<AccountRow>>()(CALLS.accountList, AccountList),
  accountResetPassword: call<BatchResult[]>()(CALLS.accountResetPassword, IdsPayload),
  accountSave: call<{ id: number }>()(CALLS.accountSave, AccountSave),
  accountUpdate: call<null>()(CALLS.accountUpdate, AccountUpdate),
  accountRead: call<AccountRow>()(CALLS.accountRead, IdPayload),
  accountDelete: call<null>()(CALLS.accountDelete, IdPayload),
  accountBatchDelete: call<BatchResult[]>()(CALLS.accountBatchDelete, IdsPayload),
  accountQuickOperate: call<null>()(CALLS.accountQuickOperate, QuickOperate),
  accountImportTeacher: call<ImportReport>()(CALLS.accountImportTeacher, AccountImport),
  accountImportAccount: call<ImportReport>()(CALLS.accountImportAccount, AccountImport),
  accountExport: call<FileAnswer>()(CALLS.accountExport, AccountExport),
  teacherEsSync: call<EsSyncReport>()(CALLS.teacherEsSync, EsTeacherSyncPayload),
  teacherEsBind: call<EsBindAnswer>()(CALLS.teacherEsBind, EsBindPayload),
  teacherEsUnbind: call<{ account_id: number }>()(CALLS.teacherEsUnbind, EsUnbindPayload),
  accountSchoolList: call<SchoolIdentityEntry[]>()(CALLS.accountSchoolList, AccountSchoolListPayload),
  applyList: call<OccupationApplyGroups>()(CALLS.applyList, OccupationApplyList),
  applySave: call<{ id: number }>()(CALLS.applySave, OccupationApplySave),
  applyUpdate: call<null>()(CALLS.applyUpdate, OccupationApplyUpdate),
  applyDelete: call<null>()(CALLS.applyDelete, IdPayload),
  applyAuthRuleList: call<{ tree: MenuNode[]; checked: number[] }>()(CALLS.applyAuthRuleList, IdPayload),
  applyAuthGroupList: call<{ list: { id: number; title: string }[]; checked: number[] }>()(CALLS.applyAuthGroupList, IdPayload),
  applyIndex: call<ApplyIndexAnswer>()(CALLS.applyIndex, ApplyIndexPayload),
  applyRulesAndApply: call<{ rules: MenuNode[]; applies: OccupationApplyRow[] }>()(CALLS.applyRulesAndApply, EmptyPayload),
  applyGetRules: call<GetRulesAnswer>()(CALLS.applyGetRules, GetRulesPayload),
  ssoUserInfo: call<SessionInfo & { profile_complete: boolean }>()(CALLS.ssoUserInfo, EmptyPayload),
} as const;

/** Non-envelope GET routes. */
export const GET_ROUTES = {
  health: "/healthz",
  openapi: "/openapi.json",
  clientConfig: "/config.js",
  ssoStart: "/sso/start",
  /** .xlsx import templates: /templates/teacher.xlsx, /templates/account.xlsx */
  importTemplate: "/templates/:kind.xlsx",
} as const;
