/**
 * Teaching-research communities (community.md §3 Community; issue #7; docs/api/community.md,
 * docs/decisions/0700–0702). Field names are the spec's.
 */
import { z } from "zod";
import { COMMUNITY_ID_REQUIRED_MESSAGE } from "../codes.js";
import { zId, zLimit, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const COMMUNITY_CALLS = {
  /** c177: communities (filters, paged) */ communityList: "/v2/community/list",
  /** c178 */ communityMemberList: "/v2/community/communityMemberList",
  /** c179: create (a teacher's own) */ communitySave: "/v2/community/save",
  /** c180 */ communityUpdate: "/v2/community/update",
  /** c181: create by an administrator (any owner, any level he manages) */ communityAdminSave: "/v2/community/communitySave",
  /** c182 */ communityAdminUpdate: "/v2/community/communityUpdate",
  /** c183 */ communityDelete: "/v2/community/delete",
  /** c184 */ communityJoin: "/v2/community/joinCommunity",
  /** c185 */ communityLeave: "/v2/community/leaveCommunity",
  /** c186 */ myJoinCommunity: "/v2/community/myJoinCommunity",
  /** c187 */ myCreateCommunity: "/v2/community/myCreateCommunity",
  /** c188 */ myCommunityList: "/v2/community/myCommunityList",
  /** c189 */ myCommunity: "/v2/community/myCommunity",
  /** c190 */ communityMemberDelete: "/v2/community/deleteCommunityMember",
  /** c191 */ communityVerify: "/v2/community/communityVerify",
  /** c192 */ communityIsDisplay: "/v2/community/isDisplay",
  /** c193 */ communityOperate: "/v2/community/communityOperate",
  /** c195 */ communityActivityStatistics: "/v2/community/activityStatistics",
  /** c196 */ communityInsertMember: "/v2/community/insertMember",
  /** c197 */ communityTransfer: "/v2/community/transferCommunity",
  /** c198 */ communityRead: "/v2/community/read",
  /** c199 */ communityInfo: "/v2/community_index/communityInfo",
  /** c200 */ communityWebIndex: "/v2/community_index/webIndex",
  /** c203 */ communityPower: "/v2/community_index/communityPower",
  /** c204 */ researchCelebrity: "/v2/community_index/researchCelebrity",
  /** c205 */ communityLog: "/v2/community_index/communityLog",
  /** c206 */ activeCommunity: "/v2/community_index/activeCommunity",
  /** c207 */ communityStatistics: "/v2/community_index/communityStatistics",
  /** c208 */ communityAllList: "/v2/community_index/allList",
  /** c209 */ communityDetail: "/v2/community_index/detail",
  /** c210 */ regionRanking: "/v2/community_index/regionRanking",
  /** c211 */ communityFileSave: "/v2/community_index/fileSave",
  /** c212 */ communityFileList: "/v2/community_index/fileList",
  /** c213 */ communityFileDelete: "/v2/community_index/fileDelete",
  /** c214 */ aiCourseList: "/v2/community_index/aiCourseList",
  /** c215 */ afterClassIndex: "/v2/community_index/afterClassIndex",
  /** c216 */ webPreparationIndex: "/v2/community_index/webPreparationIndex",
} as const;

/** type: what kind of community. */
export const COMMUNITY_TYPES: Readonly<Record<number, string>> = { 1: "教研社区", 2: "名师工作室", 3: "名班主任工作室", 4: "学科基地" };
/** level: the scope of a community. */
export const COMMUNITY_LEVELS: Readonly<Record<number, string>> = { 1: "校级", 2: "区县级", 3: "市级", 4: "省级" };
/** community_level: the recognition operators grant. */
export const COMMUNITY_GRADES: Readonly<Record<number, string>> = { 1: "普通", 2: "示范", 3: "优秀" };
/** status of a community. */
export const COMMUNITY_STATUS = { pending: 0, normal: 1, rejected: 2, closed: 3 } as const;
export const COMMUNITY_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "待审核", 1: "正常", 2: "未通过", 3: "已关闭" };
/** join_mode. */
export const JOIN_MODES: Readonly<Record<number, string>> = { 0: "直接加入", 1: "申请加入（需审核）" };
/** A member's role. */
export const MEMBER_ROLES = { owner: 1, admin: 2, member: 3 } as const;
export const MEMBER_ROLE_NAMES: Readonly<Record<number, string>> = { 1: "创建者", 2: "管理员", 3: "成员" };
/** A membership's status. */
export const MEMBER_STATUS = { applying: 0, joined: 1, rejected: 2 } as const;
export const MEMBER_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "待审核", 1: "已加入", 2: "已拒绝" };
/** The message of every call that needs a community and got none: the web client goes to the default path on it. */
export const COMMUNITY_ID_REQUIRED = COMMUNITY_ID_REQUIRED_MESSAGE;

/**
 * What the caller may do in a community (c203 communityPower); every community call checks the same answer.
 * A platform administrator, or an administrator whose scope holds the community, manages it without being a member.
 */
export interface CommunityPower {
  community_id: number;
  /** 0 not a member, else MEMBER_ROLES. */
  role: number;
  /** Membership status, -1 when none. */
  member_status: number;
  is_member: boolean;
  /** Read members-only content (articles, files, activities): members, and managers. */
  can_view: boolean;
  /** Post articles, comments, message-board entries, files: joined members. */
  can_post: boolean;
  /** Notices, activities, member approval and removal, display: owner, community administrators, managers. */
  can_manage: boolean;
  /** Name, logo, introduction …: owner and managers. */
  can_edit: boolean;
  /** Delete or transfer the community: the owner and managers. */
  can_delete: boolean;
  can_transfer: boolean;
  /** Verify (communityVerify) and operate (communityOperate): administrators whose scope holds it. */
  can_verify: boolean;
  /** Join (not a member, community normal) / leave (a member but not the owner). */
  can_join: boolean;
  can_leave: boolean;
}

/** Every community_id of a payload: missing, empty or 0 answers 400 with a message containing '社区id'. */
export const zCommunityId = zId("社区id");

// ---------------------------------------------------------------------------------------------------------
// Payloads (docs/api/community.md). Every community is named by community_id (zCommunityId).

const zText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).describe(label);
const zUrl = (label: string) => zText(label, 500);
/** An optional id filter: "", null or absent = no filter. */
const zIdFilter = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
const zEnumInt = (label: string, values: readonly number[]) =>
  z.coerce
    .number()
    .int("必须是整数")
    .refine((v) => values.includes(v), `${label}只能是 ${values.join("、")}`)
    .describe(label);
const keys = (r: Readonly<Record<number, string>>) => Object.keys(r).map(Number);
const opt = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? "");
const zCommunityName = z.string().trim().min(1, "请输入社区名称").max(50, "社区名称不能超过 50 个字符").describe("社区名称");
const zType = zEnumInt("社区类型", keys(COMMUNITY_TYPES));
const zLevel = zEnumInt("社区级别", keys(COMMUNITY_LEVELS));
const zJoinMode = zEnumInt("加入方式", keys(JOIN_MODES));
const zInt0 = (label: string) => z.coerce.number().int("必须是整数").min(0, "不能为负数").describe(label);
/** A window of days for rankings (default 30). */
const zDays = z.coerce.number().int("必须是整数").min(1, "至少 1 天").max(366, "最多 366 天").default(30).describe("统计天数");
const zMonths = z.coerce.number().int("必须是整数").min(1, "至少 1 个月").max(24, "最多 24 个月").default(6).describe("统计月数");
const zTop = z.coerce.number().int("必须是整数").min(1, "至少 1 条").max(50, "最多 50 条").default(10).describe("条数");
const zAccountIds = z.array(zId("账号")).min(1, "请选择账号").max(100, "一次最多 100 个账号").describe("账号");

/** The editable fields of a community (community.md §3). */
const communityFields = {
  name: zCommunityName,
  introduction: zText("社区简介", 2000).default(""),
  logo_url: zUrl("社区图标").default(""),
  banner_url: zUrl("社区横幅").default(""),
  /** A form the applicant fills in and uploads when joining ("" = none). */
  apply_template_url: zUrl("申请模板").default(""),
  type: zType.default(1),
  join_mode: zJoinMode.default(0),
  period_id: zInt0("学段").default(0),
  subject_id: zInt0("学科").default(0),
};

/** Filters of the community lists (c177, c208). */
const listFilters = {
  page: zPage,
  limit: zLimit,
  name: opt(zText("社区名称", 50)),
  type: zIdFilter("社区类型"),
  level: zIdFilter("社区级别"),
  community_level: zIdFilter("社区等级"),
  period_id: zIdFilter("学段"),
  subject_id: zIdFilter("学科"),
  /** Any region of the community's region_list (province, city or district). */
  region_id: zIdFilter("地区"),
  province_id: zIdFilter("省"),
  city_id: zIdFilter("市"),
  area_id: zIdFilter("区县"),
  school_id: zIdFilter("学校"),
  is_recommend: zIdFilter("是否推荐"),
};

/** c177: communities; ordinary users see normal displayed ones, managers also every one of their scope. */
export const CommunityListPayload = z.object({
  ...listFilters,
  /** Managers only (others always get normal ones). */
  status: zIdFilter("状态"),
  is_display: zIdFilter("是否展示"),
});
/** c208: the public list of the front site (normal displayed communities). */
export const CommunityAllListPayload = z.object(listFilters);

/**
 * c179: a teacher creates a community and becomes its owner. level 1 (school): school_id defaults to the caller's
 * school; levels 2–4 name region_id (a district, city or province) and wait for verification.
 */
export const CommunitySave = z.object({
  ...communityFields,
  level: zLevel.default(1),
  region_id: zInt0("地区").default(0),
  school_id: zInt0("学校").default(0),
});
/** c181: an administrator creates a community for the owner he names (account_id), inside his scope; normal at once. */
export const CommunityAdminSave = CommunitySave.extend({ account_id: zId("社区创建者") });

/** c180: only the fields sent change (the owner or a manager). */
export const CommunityUpdate = z.object({
  community_id: zCommunityId,
  name: opt(zCommunityName),
  introduction: opt(zText("社区简介", 2000)),
  logo_url: opt(zUrl("社区图标")),
  banner_url: opt(zUrl("社区横幅")),
  apply_template_url: opt(zUrl("申请模板")),
  type: opt(zType),
  join_mode: opt(zJoinMode),
  period_id: opt(zInt0("学段")),
  subject_id: opt(zInt0("学科")),
});
/** c182: an administrator also moves the community (level, region, school). */
export const CommunityAdminUpdate = CommunityUpdate.extend({
  level: opt(zLevel),
  region_id: opt(zInt0("地区")),
  school_id: opt(zInt0("学校")),
});

export const CommunityIdPayload = z.object({ community_id: zCommunityId });

/** c184: join (join_mode 0 and no template) or apply (join_mode 1, or a template: apply_file_url is the filled form). */
export const CommunityJoinPayload = z.object({
  community_id: zCommunityId,
  apply_reason: zText("申请理由", 500).default(""),
  /** A file address from /file/upload (the filled apply template). */
  apply_file_url: zUrl("申请表").default(""),
});

/** c178: members (status 1 by default; applications, status 0 or 2, for managers only). */
export const CommunityMemberListPayload = z.object({
  community_id: zCommunityId,
  page: zPage,
  limit: zLimit,
  status: zEnumInt("成员状态", keys(MEMBER_STATUS_NAMES)).default(1),
  role: zIdFilter("角色"),
  realname: opt(zText("姓名", 50)),
});

/** c186–c188: the caller's communities. */
export const MyCommunityListPayload = z.object({
  page: zPage,
  limit: zLimit,
  name: opt(zText("社区名称", 50)),
  type: zIdFilter("社区类型"),
  level: zIdFilter("社区级别"),
});
/** c189: one community of mine (community_id), or my default one when none is sent. */
export const MyCommunityPayload = z.object({ community_id: zIdFilter("社区id") });

/** c190: remove a member (never the owner). */
export const CommunityMemberDeletePayload = z.object({ community_id: zCommunityId, account_id: zId("成员") });

/** c191: verify a pending community: status 1 pass, 2 reject (reason required). */
export const CommunityVerifyPayload = z.object({
  community_id: zCommunityId,
  status: zEnumInt("审核结果", [1, 2]),
  reason: zText("审核意见", 500).default(""),
});

/** c192 */
export const CommunityIsDisplayPayload = z.object({ community_id: zCommunityId, is_display: zEnumInt("是否展示", [0, 1]) });

/** What communityOperate does (c193). */
export const COMMUNITY_OPERATIONS = {
  approve: "通过加入申请",
  reject: "拒绝加入申请",
  set_admin: "设为管理员",
  unset_admin: "取消管理员",
  recommend: "推荐社区",
  unrecommend: "取消推荐",
  grade: "设置社区等级",
} as const;
export type CommunityOperation = keyof typeof COMMUNITY_OPERATIONS;

/**
 * The community log's actions (community_log.action, written by every mutating call) and how a feed names them
 * ("张老师 发布了文章"). Every module's actions are here; a test checks the code writes no other.
 */
export const COMMUNITY_LOG_ACTIONS: Readonly<Record<string, string>> = {
  "community.save": "创建了社区",
  "community.admin_save": "创建了社区",
  "community.update": "更新了社区信息",
  "community.admin_update": "更新了社区信息",
  "community.verify": "审核了社区",
  "community.transfer": "转让了社区",
  "community.display": "设置了社区展示",
  ...Object.fromEntries(Object.entries(COMMUNITY_OPERATIONS).map(([k, v]) => [`community.operate.${k}`, v])),
  "member.join": "加入了社区",
  "member.apply": "申请加入社区",
  "member.leave": "退出了社区",
  "member.insert": "添加了成员",
  "member.delete": "移除了成员",
  "article.save": "发布了文章",
  "article.update": "修改了文章",
  "article.hide": "隐藏了文章",
  "article.show": "恢复显示文章",
  "article.delete": "删除了文章",
  "article.comment": "评论了文章",
  "article.comment_delete": "删除了评论",
  "board.save": "在留言板留言",
  "board.delete": "删除了留言",
  "notice.save": "发布了通知",
  "notice.update": "修改了通知",
  "notice.publish": "发布了通知",
  "notice.withdraw": "撤回了通知",
  "notice.delete": "删除了通知",
  "meeting.save": "预约了会议",
  "meeting.cancel": "取消了会议",
  "file.save": "上传了文件",
  "file.delete": "删除了文件",
  "activity.save": "发起了活动",
  "activity.update": "修改了活动",
  "activity.delete": "删除了活动",
  "activity.recommend": "推荐了活动",
  "textbook.save": "上传了教材资源",
  "textbook.update": "修改了教材资源",
  "textbook.check": "审核了教材资源",
  "textbook.delete": "删除了教材资源",
  "textbook.sync": "同步了教材资源",
  "lessonplan.save": "创建了教案",
  "lessonplan.import": "导入了 Word 教案",
  "lessonplan.version": "保存了教案版本",
  "lessonplan.restore": "恢复了教案版本",
  "lessonplan.version_delete": "删除了教案版本",
  "lessonplan.delete": "删除了教案",
  "preparation.save": "发起了集体备课",
  "preparation.update": "修改了集体备课",
  "preparation.bind": "设置了备课教材与文件",
  "preparation.delete": "删除了集体备课",
  "preparation.verify": "审核了集体备课",
  "preparation.display": "设置了集体备课展示",
  "preparation.recommend": "推荐了集体备课",
  "preparation.like": "点赞了集体备课",
  "preparation.unlike": "取消了集体备课点赞",
  "preparation.file_save": "上传了备课文件",
  "preparation.file_delete": "删除了备课文件",
  "preparation.discuss": "参与了备课研讨",
  "preparation.discuss_delete": "删除了备课研讨",
  "listen.save": "发起了听评课",
  "listen.update": "修改了听评课",
  "listen.delete": "删除了听评课",
  "listen.verify": "审核了听评课",
  "listen.display": "设置了听评课展示",
  "listen.recommend": "推荐了听评课",
  "listen.evaluate": "提交了听评课评价",
  "listen.file_save": "上传了评课材料",
  "listen.file_delete": "删除了听评课文件",
  "listen.voice": "发表了语音评论",
  "listen.voice_delete": "删除了语音评论",
  "listen.discuss": "参与了听评课评论",
  "listen.discuss_delete": "删除了听评课评论",
  "after_class.save": "发布了课后反思",
  "after_class.update": "修改了课后反思",
  "after_class.delete": "删除了课后反思",
  "after_class.display": "设置了课后反思展示",
  "after_class.file_save": "上传了课后反思文件",
  "after_class.file_delete": "删除了课后反思文件",
  "after_class.comment": "评论了课后反思",
  "after_class.comment_delete": "删除了课后反思评论",
  "discuss.listen": "参与了听评课研讨",
  "discuss.listen_delete": "删除了听评课研讨",
};

/**
 * c193: approve / reject applications and set / unset administrators (account_ids); operators (administrators whose
 * scope holds the community) recommend it or grade it (community_level).
 */
export const CommunityOperatePayload = z.object({
  community_id: zCommunityId,
  operate: z
    .enum(Object.keys(COMMUNITY_OPERATIONS) as [CommunityOperation, ...CommunityOperation[]], {
      message: `操作只能是 ${Object.keys(COMMUNITY_OPERATIONS).join("、")}`,
    })
    .describe("操作"),
  account_ids: opt(zAccountIds),
  reason: zText("原因", 500).default(""),
  community_level: opt(zEnumInt("社区等级", keys(COMMUNITY_GRADES))),
});

/** c195, c207: monthly statistics over the last `months` months. */
export const CommunityMonthsPayload = z.object({ community_id: zCommunityId, months: zMonths });

/** c196: add accounts as joined members. */
export const CommunityInsertMemberPayload = z.object({ community_id: zCommunityId, account_ids: zAccountIds });

/** c197: the owner hands the community to another joined member (the old owner becomes an administrator). */
export const CommunityTransferPayload = z.object({ community_id: zCommunityId, account_id: zId("新的创建者") });

/** c204 */
export const ResearchCelebrityPayload = z.object({ community_id: zCommunityId, days: zDays, limit: zTop });

/** c205 */
export const CommunityLogPayload = z.object({
  community_id: zCommunityId,
  page: zPage,
  limit: zLimit,
  account_id: zIdFilter("账号"),
  /** An action key or its prefix (e.g. "member."). */
  action: opt(zText("操作", 50)),
});

/** c206: communities ranked by their log rows over the last `days` days. */
export const ActiveCommunityPayload = z.object({
  days: zDays,
  limit: zTop,
  type: zIdFilter("社区类型"),
  level: zIdFilter("社区级别"),
  region_id: zIdFilter("地区"),
});

/** c210: regions ranked by their communities' log rows; by "area" (districts, default) or "city". */
export const RegionRankingPayload = z.object({
  days: zDays,
  limit: zTop,
  by: z.enum(["area", "city"], { message: "只能是 area 或 city" }).default("area").describe("统计层级"),
  /** Only the districts of this city (by area). */
  city_id: zIdFilter("市"),
});

/** c211: attach a file the caller uploaded through /file/upload. */
export const CommunityFileSave = z.object({
  community_id: zCommunityId,
  file_id: zId("文件"),
  /** Shown name (default: the uploaded file's name). */
  file_name: opt(zText("文件名称", 200)),
  /** 1 资料, 2 模板. */
  type: zEnumInt("文件分类", [1, 2]).default(1),
});
export const COMMUNITY_FILE_TYPES: Readonly<Record<number, string>> = { 1: "资料", 2: "模板" };
/** c212 */
export const CommunityFileListPayload = z.object({
  community_id: zCommunityId,
  page: zPage,
  limit: zLimit,
  type: zIdFilter("文件分类"),
  file_name: opt(zText("文件名称", 100)),
});
/** c213: detach a community file (id of fileList); the uploaded file stays in its owner's space. */
export const CommunityFileDelete = z.object({ id: zId("社区文件") });

/** c214–c216: paged lists of a community. */
export const CommunityPagePayload = z.object({ community_id: zCommunityId, page: zPage, limit: zLimit });

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A community with every §3 field and what the lists show beside them. */
export interface CommunityItem {
  id: number;
  name: string;
  introduction: string;
  logo_url: string;
  banner_url: string;
  apply_template_url: string;
  type: number;
  type_name: string;
  level: number;
  level_name: string;
  community_level: number;
  community_level_name: string;
  join_mode: number;
  period_id: number;
  period_name: string;
  subject_id: number;
  subject_name: string;
  region_id: number;
  region_name: string;
  region_list: number[];
  province_id: number;
  city_id: number;
  area_id: number;
  school_id: number;
  school_name: string;
  is_display: number;
  is_recommend: number;
  status: number;
  status_name: string;
  verify_reason: string;
  /** The creator. */
  account_id: number;
  owner_id: number;
  owner_name: string;
  member_count: number;
  created_at: string;
  updated_at: string;
}

/** A community of mine (c186–c189): my role and membership beside it. */
export interface MyCommunityItem extends CommunityItem {
  role: number;
  role_name: string;
  member_status: number;
  member_status_name: string;
  joined_at: string;
}

export interface CommunityCounts {
  members: number;
  /** Applications waiting (shown to managers). */
  applying: number;
  articles: number;
  activities: number;
  files: number;
  notices: number;
  logs: number;
}

export interface CommunityMemberBrief {
  account_id: number;
  realname: string;
  head_portrait_url: string;
  school_name: string;
  role: number;
  role_name: string;
  joined_at: string;
}

/** c178 */
export interface CommunityMemberRow extends CommunityMemberBrief {
  id: number;
  member_status: number;
  member_status_name: string;
  apply_reason: string;
  apply_file_url: string;
  created_at: string;
}

/** c198 read, c209 detail, c199 communityInfo: the community, its counts and the caller's power. */
export interface CommunityInfo extends CommunityItem {
  counts: CommunityCounts;
  /** Anonymous callers get every ability false except can_view. */
  power: CommunityPower;
}

/** c200: what a community's home page needs in one call. */
export interface CommunityWebIndex {
  community: CommunityInfo;
  owner: CommunityMemberBrief | null;
  admins: CommunityMemberBrief[];
  /** The 12 latest joined members. */
  latest_members: CommunityMemberBrief[];
  /** The 10 latest log rows (empty when the caller cannot view the community). */
  latest_logs: CommunityLogRow[];
}

export interface CommunityLogRow {
  id: number;
  community_id: number;
  account_id: number;
  account_name: string;
  action: string;
  target_type: string;
  target_id: number;
  content: string;
  created_at: string;
}

export interface MonthCount {
  /** YYYY-MM (Asia/Shanghai). */
  month: string;
  count: number;
}

/** c195 */
export interface CommunityActivityStatistics {
  total: number;
  by_type: { type: string; type_name: string; count: number }[];
  /** Every month of the window, oldest first, zeros included. */
  by_month: (MonthCount & { by_type: Record<string, number> })[];
}

/** c207 */
export interface CommunityStatistics {
  totals: CommunityCounts;
  /** Every month of the window, oldest first: what was added that month. */
  months: { month: string; members: number; articles: number; activities: number; files: number; notices: number; logs: number }[];
}

/** c204 */
export interface ResearchCelebrityRow {
  account_id: number;
  realname: string;
  head_portrait_url: string;
  school_name: string;
  role: number;
  role_name: string;
  log_num: number;
  article_num: number;
  /** log_num + article_num. */
  score: number;
}

/** c206 */
export interface ActiveCommunityRow extends CommunityItem {
  rank: number;
  log_num: number;
}

/** c210 */
export interface RegionRankingRow {
  rank: number;
  region_id: number;
  region_name: string;
  community_num: number;
  member_num: number;
  log_num: number;
}

/** c212 */
export interface CommunityFileRow {
  id: number;
  community_id: number;
  file_id: number;
  file_name: string;
  file_type: string;
  kind: string;
  size: number;
  type: number;
  type_name: string;
  /** Readable address (signed for private files, 6 h). */
  url: string;
  account_id: number;
  account_name: string;
  can_delete: boolean;
  created_at: string;
}

/** c214: analysed lesson videos of the community's members. */
export interface CommunityAiCourseRow {
  id: number;
  name: string;
  account_id: number;
  account_name: string;
  school_id: number;
  period_id: number;
  subject_id: number;
  duration: number;
  analysis_status: string;
  created_at: string;
  /** The newest finished analysis of the video (#10): its report is /report?id=course_id (0: none). */
  course_id: number;
  /** 1: the report is published (the no-login report pages open it). */
  publish_status: number;
  mode: string | null;
  rt: number | null;
  ch: number | null;
}

/** c215, c216: activity rows (after_class / preparation) of the community. */
export interface CommunityActivityRow {
  id: number;
  type: string;
  ref_id: number;
  name: string;
  introduction: string;
  cover_url: string;
  account_id: number;
  account_name: string;
  period_id: number;
  subject_id: number;
  start_time: string;
  end_time: string;
  created_at: string;
}

export interface CommunityOperateAnswer {
  operate: CommunityOperation;
  /** Rows changed. */
  affected: number;
}

/** The calls of COMMUNITY_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const COMMUNITY = {
  communityList: call<Page<CommunityItem>>()(COMMUNITY_CALLS.communityList, CommunityListPayload),
  communityMemberList: call<Page<CommunityMemberRow>>()(COMMUNITY_CALLS.communityMemberList, CommunityMemberListPayload),
  communitySave: call<CommunityItem>()(COMMUNITY_CALLS.communitySave, CommunitySave),
  communityUpdate: call<CommunityItem>()(COMMUNITY_CALLS.communityUpdate, CommunityUpdate),
  communityAdminSave: call<CommunityItem>()(COMMUNITY_CALLS.communityAdminSave, CommunityAdminSave),
  communityAdminUpdate: call<CommunityItem>()(COMMUNITY_CALLS.communityAdminUpdate, CommunityAdminUpdate),
  communityDelete: call<{ id: number }>()(COMMUNITY_CALLS.communityDelete, CommunityIdPayload),
  communityJoin: call<{ community_id: number; member_status: number; member_status_name: string }>()(COMMUNITY_CALLS.communityJoin, CommunityJoinPayload),
  communityLeave: call<{ community_id: number }>()(COMMUNITY_CALLS.communityLeave, CommunityIdPayload),
  myJoinCommunity: call<Page<MyCommunityItem>>()(COMMUNITY_CALLS.myJoinCommunity, MyCommunityListPayload),
  myCreateCommunity: call<Page<MyCommunityItem>>()(COMMUNITY_CALLS.myCreateCommunity, MyCommunityListPayload),
  myCommunityList: call<Page<MyCommunityItem>>()(COMMUNITY_CALLS.myCommunityList, MyCommunityListPayload),
  myCommunity: call<(MyCommunityItem & { power: CommunityPower }) | null>()(COMMUNITY_CALLS.myCommunity, MyCommunityPayload),
  communityMemberDelete: call<{ account_id: number }>()(COMMUNITY_CALLS.communityMemberDelete, CommunityMemberDeletePayload),
  communityVerify: call<CommunityItem>()(COMMUNITY_CALLS.communityVerify, CommunityVerifyPayload),
  communityIsDisplay: call<CommunityItem>()(COMMUNITY_CALLS.communityIsDisplay, CommunityIsDisplayPayload),
  communityOperate: call<CommunityOperateAnswer>()(COMMUNITY_CALLS.communityOperate, CommunityOperatePayload),
  communityActivityStatistics: call<CommunityActivityStatistics>()(COMMUNITY_CALLS.communityActivityStatistics, CommunityMonthsPayload),
  communityInsertMember: call<{ added: number }>()(COMMUNITY_CALLS.communityInsertMember, CommunityInsertMemberPayload),
  communityTransfer: call<CommunityItem>()(COMMUNITY_CALLS.communityTransfer, CommunityTransferPayload),
  communityRead: call<CommunityInfo>()(COMMUNITY_CALLS.communityRead, CommunityIdPayload),
  communityInfo: call<CommunityInfo>()(COMMUNITY_CALLS.communityInfo, CommunityIdPayload),
  communityWebIndex: call<CommunityWebIndex>()(COMMUNITY_CALLS.communityWebIndex, CommunityIdPayload),
  communityPower: call<CommunityPower>()(COMMUNITY_CALLS.communityPower, CommunityIdPayload),
  researchCelebrity: call<ResearchCelebrityRow[]>()(COMMUNITY_CALLS.researchCelebrity, ResearchCelebrityPayload),
  communityLog: call<Page<CommunityLogRow>>()(COMMUNITY_CALLS.communityLog, CommunityLogPayload),
  activeCommunity: call<ActiveCommunityRow[]>()(COMMUNITY_CALLS.activeCommunity, ActiveCommunityPayload),
  communityStatistics: call<CommunityStatistics>()(COMMUNITY_CALLS.communityStatistics, CommunityMonthsPayload),
  communityAllList: call<Page<CommunityItem>>()(COMMUNITY_CALLS.communityAllList, CommunityAllListPayload),
  communityDetail: call<CommunityInfo>()(COMMUNITY_CALLS.communityDetail, CommunityIdPayload),
  regionRanking: call<RegionRankingRow[]>()(COMMUNITY_CALLS.regionRanking, RegionRankingPayload),
  communityFileSave: call<CommunityFileRow>()(COMMUNITY_CALLS.communityFileSave, CommunityFileSave),
  communityFileList: call<Page<CommunityFileRow>>()(COMMUNITY_CALLS.communityFileList, CommunityFileListPayload),
  communityFileDelete: call<{ id: number }>()(COMMUNITY_CALLS.communityFileDelete, CommunityFileDelete),
  aiCourseList: call<Page<CommunityAiCourseRow>>()(COMMUNITY_CALLS.aiCourseList, CommunityPagePayload),
  afterClassIndex: call<Page<CommunityActivityRow>>()(COMMUNITY_CALLS.afterClassIndex, CommunityPagePayload),
  webPreparationIndex: call<Page<CommunityActivityRow>>()(COMMUNITY_CALLS.webPreparationIndex, CommunityPagePayload),
} as const;
