/**
 * Routes of the community calls (issue #7; docs/api/community.md): /v2/community/* c177–c198 (c194 is the notices')
 * and /v2/community_index/* c199–c216 (c201, c202 are the notices'). The reads of the public front site (/foreground,
 * /blog: allList, detail, communityInfo, webIndex, activeCommunity, regionRanking, researchCelebrity, the index
 * lists) need no login and then show normal displayed communities only (docs/decisions/0700).
 */
import {
  ActiveCommunityPayload,
  COMMUNITY_CALLS as C,
  CommunityAdminSave,
  CommunityAdminUpdate,
  CommunityAllListPayload,
  CommunityFileDelete,
  CommunityFileListPayload,
  CommunityFileSave,
  CommunityIdPayload,
  CommunityInsertMemberPayload,
  CommunityIsDisplayPayload,
  CommunityJoinPayload,
  CommunityListPayload,
  CommunityLogPayload,
  CommunityMemberDeletePayload,
  CommunityMemberListPayload,
  CommunityMonthsPayload,
  CommunityOperatePayload,
  CommunityPagePayload,
  CommunitySave,
  CommunityTransferPayload,
  CommunityUpdate,
  CommunityVerifyPayload,
  MyCommunityListPayload,
  MyCommunityPayload,
  RegionRankingPayload,
  ResearchCelebrityPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";

export function communityRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const svc = built.communities;

  // ── /v2/community ──
  defineCall(app, host, {
    id: "c177",
    path: C.communityList,
    summary:
      "社区列表：按名称、类型、级别、等级、学段、学科、地区、学校筛选，分页；普通用户只见正常且展示的社区，管理员另见所辖全部社区（可按状态、是否展示筛选）",
    access: "user",
    schema: CommunityListPayload,
    handler: async ({ payload, caller }) => svc.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c178",
    path: C.communityMemberList,
    summary: "社区成员列表：已加入的成员（可查看者）；待审核或已拒绝的申请（社区管理者），按角色、姓名筛选，分页",
    access: "user",
    schema: CommunityMemberListPayload,
    handler: async ({ payload, caller }) => svc.memberList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c179",
    path: C.communitySave,
    summary: "创建社区：教师创建并成为创建者；校级社区立即生效，区县级、市级、省级社区待管辖该地区的管理员审核",
    access: "user",
    schema: CommunitySave,
    message: "创建成功",
    handler: async ({ payload, caller }) => svc.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c180",
    path: C.communityUpdate,
    summary: "修改社区信息：创建者或管辖的管理员，只改传入的字段；未通过审核的社区修改后重新待审核",
    access: "user",
    schema: CommunityUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => svc.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c181",
    path: C.communityAdminSave,
    summary: "管理员创建社区：在管辖范围内为指定的创建者（account_id）创建，立即生效",
    access: "user",
    schema: CommunityAdminSave,
    message: "创建成功",
    handler: async ({ payload, caller }) => svc.adminSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c182",
    path: C.communityAdminUpdate,
    summary: "管理员修改社区：管辖范围内的社区，另可调整级别、地区、学校（仍须在管辖范围内）",
    access: "user",
    schema: CommunityAdminUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => svc.adminUpdate(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c183",
    path: C.communityDelete,
    summary: "删除社区：创建者或管辖的管理员；成员、动态、文件、文章、通知与活动一并删除",
    access: "user",
    schema: CommunityIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => svc.remove(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c184",
    path: C.communityJoin,
    summary: "加入社区：直接加入的社区立即加入；需审核或有申请模板的社区提交申请（理由 apply_reason，填好的申请表 apply_file_url）",
    access: "user",
    schema: CommunityJoinPayload,
    handler: async ({ payload, caller }) => svc.join(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c185",
    path: C.communityLeave,
    summary: "退出社区（创建者须先转让）或撤回加入申请",
    access: "user",
    schema: CommunityIdPayload,
    message: "已退出",
    handler: async ({ payload, caller }) => svc.leave(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c186",
    path: C.myJoinCommunity,
    summary: "我加入的社区：以成员或管理员身份加入的他人社区，分页",
    access: "user",
    schema: MyCommunityListPayload,
    handler: async ({ payload, caller }) => svc.myJoin(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c187",
    path: C.myCreateCommunity,
    summary: "我创建的社区：本人为创建者的社区（含待审核、未通过的，附审核意见），分页",
    access: "user",
    schema: MyCommunityListPayload,
    handler: async ({ payload, caller }) => svc.myCreate(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c188",
    path: C.myCommunityList,
    summary: "我的全部社区：创建的、加入的与申请中的（附角色与成员状态），分页",
    access: "user",
    schema: MyCommunityListPayload,
    handler: async ({ payload, caller }) => svc.myList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c189",
    path: C.myCommunity,
    summary: "我的社区：指定的或默认的（先本人创建的，再最近加入的）一个社区及本人权限；没有时为 null",
    access: "user",
    schema: MyCommunityPayload,
    handler: async ({ payload, caller }) => svc.myCommunity(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c190",
    path: C.communityMemberDelete,
    summary: "移除社区成员：社区管理者；不能移除创建者，管理员只能由创建者移除",
    access: "user",
    schema: CommunityMemberDeletePayload,
    message: "移除成功",
    handler: async ({ payload, caller }) => svc.deleteMember(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c191",
    path: C.communityVerify,
    summary: "审核社区：管辖该社区的管理员对待审核的社区通过（1）或不通过（2，须填原因），结果发到创建者的消息",
    access: "user",
    schema: CommunityVerifyPayload,
    message: "审核完成",
    handler: async ({ payload, caller }) => svc.verify(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c192",
    path: C.communityIsDisplay,
    summary: "社区是否展示：社区管理者设置是否在公开列表中展示",
    access: "user",
    schema: CommunityIsDisplayPayload,
    message: "设置成功",
    handler: async ({ payload, caller }) => svc.isDisplay(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c193",
    path: C.communityOperate,
    summary:
      "社区操作：审核加入申请（approve / reject）、设置或取消管理员（set_admin / unset_admin）；管辖的管理员推荐（recommend / unrecommend）或评定等级（grade）",
    access: "user",
    schema: CommunityOperatePayload,
    message: "操作成功",
    handler: async ({ payload, caller }) => svc.operate(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c195",
    path: C.communityActivityStatistics,
    summary: "社区活动统计：最近若干月社区活动按类型、按月的数量",
    access: "user",
    schema: CommunityMonthsPayload,
    handler: async ({ payload, caller }) => svc.activityStatistics(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c196",
    path: C.communityInsertMember,
    summary: "添加社区成员：社区管理者直接把账号加入社区",
    access: "user",
    schema: CommunityInsertMemberPayload,
    message: "添加成功",
    handler: async ({ payload, caller }) => svc.insertMember(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c197",
    path: C.communityTransfer,
    summary: "转让社区：创建者把社区转给已加入的成员，原创建者成为管理员",
    access: "user",
    schema: CommunityTransferPayload,
    message: "转让成功",
    handler: async ({ payload, caller }) => svc.transfer(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c198",
    path: C.communityRead,
    summary: "社区详情：社区信息、数量与本人权限",
    access: "user",
    schema: CommunityIdPayload,
    handler: async ({ payload, caller }) => svc.info(await caller(), payload.community_id),
  });

  // ── /v2/community_index ──
  defineCall(app, host, {
    id: "c199",
    path: C.communityInfo,
    summary: "社区首页信息：社区信息、数量与权限（无需登录，未登录只见正常且展示的社区）",
    access: "public",
    schema: CommunityIdPayload,
    handler: async ({ payload, caller }) => svc.info(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c200",
    path: C.communityWebIndex,
    summary: "社区主页：社区信息、数量、权限、创建者、管理员、最新成员与最新动态（无需登录）",
    access: "public",
    schema: CommunityIdPayload,
    handler: async ({ payload, caller }) => svc.webIndex(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c203",
    path: C.communityPower,
    summary: "社区权限：本人在社区中能做什么（查看、发布、管理、修改、删除、转让、审核、加入、退出）",
    access: "user",
    schema: CommunityIdPayload,
    handler: async ({ payload, caller }) => svc.power(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c204",
    path: C.researchCelebrity,
    summary: "教研达人：最近若干天社区动态与文章最多的成员（无需登录）",
    access: "public",
    schema: ResearchCelebrityPayload,
    handler: async ({ payload, caller }) => svc.researchCelebrity(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c205",
    path: C.communityLog,
    summary: "社区动态：社区的操作记录（含操作人姓名），可按账号、操作筛选，分页（无需登录）",
    access: "public",
    schema: CommunityLogPayload,
    handler: async ({ payload, caller }) => svc.log(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c206",
    path: C.activeCommunity,
    summary: "活跃社区：最近若干天（默认 30）动态最多的社区排行（无需登录）",
    access: "public",
    schema: ActiveCommunityPayload,
    handler: async ({ payload }) => svc.activeCommunity(payload),
  });
  defineCall(app, host, {
    id: "c207",
    path: C.communityStatistics,
    summary: "社区统计：成员、文章、活动、文件、通知、动态的总数与最近若干月每月新增",
    access: "user",
    schema: CommunityMonthsPayload,
    handler: async ({ payload, caller }) => svc.statistics(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c208",
    path: C.communityAllList,
    summary: "社区广场：正常且展示的社区（推荐的在前），按名称、类型、级别、学段、学科、地区、学校筛选，分页（无需登录）",
    access: "public",
    schema: CommunityAllListPayload,
    handler: async ({ payload }) => svc.allList(payload),
  });
  defineCall(app, host, {
    id: "c209",
    path: C.communityDetail,
    summary: "社区详情（前台）：社区信息、数量与权限（无需登录）",
    access: "public",
    schema: CommunityIdPayload,
    handler: async ({ payload, caller }) => svc.info(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c210",
    path: C.regionRanking,
    summary: "地区排行：各区县（或市）社区最近若干天的动态数、社区数、成员数排行（无需登录）",
    access: "public",
    schema: RegionRankingPayload,
    handler: async ({ payload }) => svc.regionRanking(payload),
  });
  defineCall(app, host, {
    id: "c211",
    path: C.communityFileSave,
    summary: "上传社区文件：成员把本人经 /file/upload 上传的文件（file_id）添加到社区",
    access: "user",
    schema: CommunityFileSave,
    message: "上传成功",
    handler: async ({ payload, caller }) => svc.fileSave(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c212",
    path: C.communityFileList,
    summary: "社区文件列表：按分类、文件名筛选，分页（可读地址 6 小时有效）",
    access: "user",
    schema: CommunityFileListPayload,
    handler: async ({ payload, caller }) => svc.fileList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c213",
    path: C.communityFileDelete,
    summary: "删除社区文件：上传者或社区管理者从社区移除（文件仍在上传者的空间里）",
    access: "user",
    schema: CommunityFileDelete,
    message: "删除成功",
    handler: async ({ payload, caller }) => svc.fileDelete(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c214",
    path: C.aiCourseList,
    summary: "AI 课堂：社区成员已完成课堂分析的视频，分页（无需登录）",
    access: "public",
    schema: CommunityPagePayload,
    handler: async ({ payload, caller }) => svc.aiCourseList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c215",
    path: C.afterClassIndex,
    summary: "课后反思：社区的课后反思活动，分页（无需登录）",
    access: "public",
    schema: CommunityPagePayload,
    handler: async ({ payload, caller }) => svc.activityPage(await caller(), payload, "after_class"),
  });
  defineCall(app, host, {
    id: "c216",
    path: C.webPreparationIndex,
    summary: "集体备课：社区的集体备课活动，分页（无需登录）",
    access: "public",
    schema: CommunityPagePayload,
    handler: async ({ payload, caller }) => svc.activityPage(await caller(), payload, "preparation"),
  });
}
