/**
 * The school teaching-resource area and the front site's resource calls (platform.md §3 Course/resource, Resource
 * binding, Resource filters; §7 Website and front site, My resources; issue #11; docs/api/resource.md).
 *
 * A course is a tree by pid: the course (level 1, pid 0), units (level 2), lessons (level 3); top_id names the course.
 * course_type: 1 公开课, 2 教案资源, 3 优课资源, 4 视频资源 (the four /foregroundResource children). status: 0 草稿,
 * 1 已发布 (listed by the front site). A binding attaches a video (resources_type 1, #6) or a file (2, #5) to a node.
 */
import { z } from "zod";
import { blankToUndef, zId, zLimit, zOptId, zOptText, zPage } from "./common.js";
import { call } from "../contract.js";
import type { Page } from "../codes.js";

export const RESOURCE_CALLS = {
  /** c074: one view of a video or resource (no login needed) */ webRecordLog: "/web/video/recordLog",
  /** c075: most-viewed videos, resources, teachers and schools */ webRankingList: "/web/video/rankingList",
  /** c076: published resources with every filter (no login) */ webResourceList: "/web/myResource",
  /** c077 */ webResourceSubjects: "/web/myResource/subject_list",
  /** c078: one course with its tree and bindings */ webResourceInfo: "/web/myResource/resources_info",
  /** c079 */ webResourceRegions: "/web/myResource/region_list",
  /** c080 */ webResourceSchools: "/web/myResource/school_list",
  /** c081 */ webResourceGrades: "/web/myResource/all_grade",
  /** c082: the caller's courses (an administrator: his schools') */ resourceList: "/middle/myResource",
  /** c084 */ resourceSave: "/middle/myResource/save",
  /** c085: a node with its subtree and bindings */ resourceDelete: "/middle/myResource/delete",
  /** c086 */ resourceUpdate: "/middle/myResource/update",
  /** c087: children of a node */ resourceChild: "/middle/myResource/child",
  /** c088 */ resourceBind: "/middle/myResource/resourceBind",
  /** c089: a node's bindings (videos and files) */ resourcesVideo: "/middle/myResource/resourcesVideo",
  /** c090: remove one binding */ delResourcesVideo: "/middle/myResource/delResourcesVideo",
  /** c091: meetings (with recordings) that can be bound */ resourceMeetingInfo: "/middle/myResource/meetingInfo",
} as const;

export const COURSE_TYPES = { openClass: 1, plan: 2, uClass: 3, video: 4 } as const;
export const COURSE_TYPE_NAMES: Readonly<Record<number, string>> = { 1: "公开课", 2: "教案资源", 3: "优课资源", 4: "视频资源" };
export const RESOURCE_STATUS_NAMES: Readonly<Record<number, string>> = { 0: "草稿", 1: "已发布" };
export const RESOURCE_LEVEL_NAMES: Readonly<Record<number, string>> = { 1: "课程", 2: "单元", 3: "课时" };
/** resources_type of a binding. */
export const BIND_TYPES = { video: 1, file: 2 } as const;
export const BIND_TYPE_NAMES: Readonly<Record<number, string>> = { 1: "视频", 2: "文档" };
/** target_type of recordLog. */
export const VIEW_TARGETS = { video: 1, resource: 2 } as const;

const zName = z.string().trim().min(1, "请输入名称").max(100, "名称不能超过 100 个字符").describe("名称");
const zCourseType = z.coerce
  .number()
  .int()
  .refine((v) => v in COURSE_TYPE_NAMES, "课程类型只能是 1 公开课、2 教案资源、3 优课资源、4 视频资源")
  .describe("课程类型");
const zColor = z
  .preprocess(
    blankToUndef,
    z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, "颜色须为 #RRGGBB")
      .optional(),
  )
  .describe("颜色");
const zUrl = (label: string) => z.preprocess(blankToUndef, z.string().trim().max(1000, `${label}过长`).optional()).describe(label);
const zRich = (label: string) => z.preprocess(blankToUndef, z.string().max(200_000, `${label}过长`).optional()).describe(label);

/** c076 (§7): every filter of the front site's list; name searches name and introduction (Chinese full text). */
export const WebResourceListPayload = z.object({
  page: zPage,
  limit: zLimit,
  name: zOptText("名称", 60),
  course_type: z.preprocess(blankToUndef, zCourseType.optional()),
  subject_id: zOptId("学科"),
  subject_name: zOptText("学科名称", 30),
  period_id: zOptId("学段"),
  grade_id: zOptId("年级"),
  school_id: zOptId("学校"),
  school_name: zOptText("学校名称", 60),
  region_code: zOptText("区域编码", 12),
  region_name: zOptText("区域名称", 60),
  account_id: zOptId("作者"),
  /** new, newest first (default) or hot, most viewed first. */
  order: z.preprocess(blankToUndef, z.enum(["new", "hot"], { message: "排序只能是 new 或 hot" }).optional()).describe("排序"),
});
export type WebResourceListPayload = z.input<typeof WebResourceListPayload>;

/** c077, c079, c080, c081: the option lists the filters offer, within a school and period when given. */
export const WebResourceScopePayload = z.object({ period_id: zOptId("学段"), school_id: zOptId("学校") });
/** c078 */
export const WebResourceInfoPayload = z.object({ resources_id: zId("资源"), account_id: zOptId("账号") });

/** c074: one view; video_id or resources_id. */
export const RecordLogPayload = z
  .object({
    video_id: zOptId("视频"),
    resources_id: zOptId("资源"),
    school_id: zOptId("学校"),
    period_id: zOptId("学段"),
    duration: z.preprocess(blankToUndef, z.coerce.number().int().min(0).max(86_400).optional()).describe("观看秒数"),
  })
  .refine((p) => Boolean(p.video_id) !== Boolean(p.resources_id), { message: "请指定视频或资源（二选一）" });
/** c075 */
export const RankingListPayload = z.object({ school_id: zOptId("学校"), period_id: zOptId("学段"), limit: z.coerce.number().int().min(1).max(50).default(10) });

/** c082 */
export const ResourceListPayload = z.object({
  page: zPage,
  limit: zLimit,
  school_id: zOptId("学校"),
  account_id: zOptId("作者"),
  subject_id: zOptId("学科"),
  name: zOptText("名称", 60),
  course_type: z.preprocess(blankToUndef, zCourseType.optional()),
  status: z.preprocess(blankToUndef, z.coerce.number().int().min(0).max(1).optional()).describe("状态"),
});

/** c084: a course (pid 0) or a unit/lesson under pid; level and top_id follow from pid when a parent is given. */
export const ResourceSavePayload = z.object({
  name: zName,
  pid: z.preprocess(blankToUndef, z.coerce.number().int().min(0).default(0)).describe("上级节点"),
  level: z.preprocess(blankToUndef, z.coerce.number().int().min(1).max(3).optional()).describe("层级"),
  top_id: zOptId("所属课程"),
  subject_id: zOptId("学科"),
  grade_id: zOptId("年级"),
  period_id: zOptId("学段"),
  school_id: zOptId("学校"),
  course_type: z.preprocess(blankToUndef, zCourseType.optional()),
  cover_url: zUrl("封面"),
  color: zColor,
  course_introduce: zOptText("课程简介", 2000),
  teaching_design: zRich("教学设计"),
  teaching_summary: zRich("教学总结"),
});
/** c086 */
export const ResourceUpdatePayload = z.object({
  id: zId("资源"),
  name: zName.optional(),
  status: z.preprocess(blankToUndef, z.coerce.number().int().min(0, "状态只能是 0 或 1").max(1, "状态只能是 0 或 1").optional()).describe("状态"),
  subject_id: zOptId("学科"),
  grade_id: zOptId("年级"),
  school_id: zOptId("学校"),
  course_type: z.preprocess(blankToUndef, zCourseType.optional()),
  cover_url: zUrl("封面"),
  color: zColor,
  course_introduce: zOptText("课程简介", 2000),
  teaching_design: zRich("教学设计"),
  teaching_summary: zRich("教学总结"),
  sort: z.preprocess(blankToUndef, z.coerce.number().int().optional()).describe("排序"),
});
export const ResourceIdPayload = z.object({ id: zId("资源") });
/** c087 */
export const ResourceChildPayload = z.object({ pid: zId("上级节点"), school_id: zOptId("学校") });
/** c088: bind a video (1, video.id) or a file (2, stored_file.id) of the caller to node id. */
export const ResourceBindPayload = z.object({
  id: zId("节点"),
  resources_id: zId("资源文件"),
  resources_type: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, "资源类型只能是 1 视频 或 2 文档")
    .describe("资源类型"),
  title: zOptText("标题", 100),
  url: zUrl("地址"),
  size: z.preprocess(blankToUndef, z.coerce.number().int().min(0).optional()).describe("大小"),
  account_id: zOptId("账号"),
});
/** c090: the binding's id. */
export const DelResourcesVideoPayload = z.object({ id: zId("绑定") });
/** c091 */
export const ResourceMeetingInfoPayload = z.object({
  page: zPage,
  limit: zLimit,
  title: zOptText("会议名称", 60),
  school_id: zOptId("学校"),
  user_id: zOptId("用户"),
});

/** A node of the course tree (c082, c087, c078). */
export interface CourseResourceRow {
  id: number;
  name: string;
  pid: number;
  level: number;
  top_id: number;
  subject_id: number;
  subject_name: string;
  grade_id: number;
  grade_name: string;
  period_id: number;
  period_name: string;
  school_id: number;
  school_name: string;
  region_code: string;
  region_name: string;
  account_id: number;
  account_name: string;
  course_type: number;
  cover_url: string;
  color: string;
  course_introduce: string;
  teaching_design: string;
  teaching_summary: string;
  status: number;
  sort: number;
  view_count: number;
  /** Direct children (c087) and bindings of this node. */
  child_count: number;
  bind_count: number;
  created_at: string;
  updated_at: string;
}
/** c076: a published course on the front site (the fields of a row; the text fields only as an excerpt). */
export type WebResourceRow = Omit<CourseResourceRow, "teaching_design" | "teaching_summary"> & {
  /** Videos and documents bound anywhere in the course. */
  video_count: number;
  file_count: number;
};
/** A binding (c089, c078): playable video addresses or a download address for files. */
export interface ResourceBindRow {
  id: number;
  course_id: number;
  resources_id: number;
  resources_type: number;
  title: string;
  url: string;
  size: number;
  account_id: number;
  /** Videos: cover, duration (s) and a play address the player takes (HLS or MP4); files: preview/download address. */
  cover_url: string;
  duration: number;
  play_url: string;
  created_at: string;
}
/** c078: the course, its tree (units with lessons) and each node's bindings. */
export interface WebResourceInfo {
  course: CourseResourceRow;
  tree: (CourseResourceRow & { children: (CourseResourceRow & { binds: ResourceBindRow[] })[]; binds: ResourceBindRow[] })[];
  binds: ResourceBindRow[];
  /** True when the caller may edit it (the author or an administrator of its school). */
  editable: boolean;
}
export interface ResourceOption {
  id: number | string;
  name: string;
  count: number;
}
/** c075 */
export interface RankingList {
  videos: { id: number; name: string; cover_url: string; account_name: string; school_name: string; views: number }[];
  resources: { id: number; name: string; cover_url: string; account_name: string; school_name: string; views: number }[];
  teachers: { account_id: number; realname: string; school_name: string; views: number; resources: number }[];
  schools: { school_id: number; school_name: string; views: number; resources: number }[];
}
/** c091 */
export interface ResourceMeetingRow {
  id: number;
  title: string;
  start_time: string;
  account_name: string;
  /** Videos recorded in or attached to the meeting that can be bound. */
  videos: { id: number; name: string; duration: number }[];
}
/** c074: whether this view was counted (a repeat by the same account, or IP when anonymous, within 10 minutes is not). */
export interface RecordLogAnswer {
  counted: boolean;
  /** 1 a video, 2 a course (a unit's or lesson's id is logged as its course). */
  target_type: number;
  target_id: number;
}
/** c085: the node removed, with how many nodes (itself and its subtree) and bindings went with it. */
export interface ResourceDeleteAnswer {
  id: number;
  nodes: number;
  binds: number;
}

/** The calls of RESOURCE_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const RESOURCE = {
  webRecordLog: call<RecordLogAnswer>()(RESOURCE_CALLS.webRecordLog, RecordLogPayload),
  webRankingList: call<RankingList>()(RESOURCE_CALLS.webRankingList, RankingListPayload),
  webResourceList: call<Page<WebResourceRow>>()(RESOURCE_CALLS.webResourceList, WebResourceListPayload),
  webResourceSubjects: call<ResourceOption[]>()(RESOURCE_CALLS.webResourceSubjects, WebResourceScopePayload),
  webResourceInfo: call<WebResourceInfo>()(RESOURCE_CALLS.webResourceInfo, WebResourceInfoPayload),
  webResourceRegions: call<ResourceOption[]>()(RESOURCE_CALLS.webResourceRegions, WebResourceScopePayload),
  webResourceSchools: call<ResourceOption[]>()(RESOURCE_CALLS.webResourceSchools, WebResourceScopePayload),
  webResourceGrades: call<ResourceOption[]>()(RESOURCE_CALLS.webResourceGrades, WebResourceScopePayload),
  resourceList: call<Page<CourseResourceRow>>()(RESOURCE_CALLS.resourceList, ResourceListPayload),
  resourceSave: call<CourseResourceRow>()(RESOURCE_CALLS.resourceSave, ResourceSavePayload),
  resourceDelete: call<ResourceDeleteAnswer>()(RESOURCE_CALLS.resourceDelete, ResourceIdPayload),
  resourceUpdate: call<CourseResourceRow>()(RESOURCE_CALLS.resourceUpdate, ResourceUpdatePayload),
  resourceChild: call<CourseResourceRow[]>()(RESOURCE_CALLS.resourceChild, ResourceChildPayload),
  resourceBind: call<ResourceBindRow>()(RESOURCE_CALLS.resourceBind, ResourceBindPayload),
  resourcesVideo: call<ResourceBindRow[]>()(RESOURCE_CALLS.resourcesVideo, ResourceIdPayload),
  delResourcesVideo: call<{ id: number }>()(RESOURCE_CALLS.delResourcesVideo, DelResourcesVideoPayload),
  resourceMeetingInfo: call<Page<ResourceMeetingRow>>()(RESOURCE_CALLS.resourceMeetingInfo, ResourceMeetingInfoPayload),
} as const;
