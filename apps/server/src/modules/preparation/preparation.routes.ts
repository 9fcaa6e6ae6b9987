/**
 * Routes of the preparation calls (issue #8; docs/api/preparation.md, docs/decisions/0800–0804): c233–c240, c245,
 * c247–c251, c254–c260, c263. The lesson-plan calls are lessonplan/*, the AI diagnosis diagnosis.routes.ts.
 * Anonymous visitors may read (c233 index, c240 detail, c249 recommendSource, c251 discussion, c258 files) what
 * PreparationAccess lets them see.
 */
import {
  DelPreparationMsgPayload,
  PREPARATION_CALLS as C,
  PreparationBindSave,
  PreparationBindUpdate,
  PreparationDiscussListPayload,
  PreparationDiscussPayload,
  PreparationDisplayPayload,
  PreparationFileDeletePayload,
  PreparationFileListPayload,
  PreparationFileSavePayload,
  PreparationIdPayload,
  PreparationIdentityPayload,
  PreparationIndexPayload,
  PreparationLikePayload,
  PreparationRecommendPayload,
  PreparationRecommendTogglePayload,
  PreparationSave,
  PreparationStatisticsPayload,
  PreparationUpdate,
  PreparationVerifyPayload,
  SelPreparationPayload,
  UserPreparationListPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import { GUEST } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import type { Caller } from "../../http/caller.js";

export function preparationRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const { preparations: preps, preparationTalk: talk } = built;
  const anyone = async (caller: CallerLookup): Promise<Caller> => (await caller()) ?? GUEST;

  const open = <S extends z.ZodType, R>(id: string, path: string, summary: string, schema: S, run: (c: Caller, p: z.output<S>) => Promise<R>) =>
    defineCall(app, host, { id, path, summary, access: "public", schema, handler: async ({ payload, caller }) => run(await anyone(caller), payload) });

  open(
    "c233",
    C.preparationIndex,
    "集体备课列表：调用者能看到的集体备课（未登录只看公开、展示且审核通过的；社区内的看社区的可见性），按社区、主题、学科、学段、年级、教材、类型、阶段、审核状态、推荐筛选，按开始时间倒序，分页（无需登录）",
    PreparationIndexPayload,
    (c, p) => preps.index(c, p),
  );
  defineCall(app, host, {
    id: "c234",
    path: C.userPreparationList,
    summary: "我的集体备课：本人发起（role 1）或参与（role 2）的集体备课，可按社区、主题、学科、阶段、审核状态筛选，分页",
    access: "user",
    schema: UserPreparationListPayload,
    handler: async ({ payload, caller }) => preps.userList(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c235",
    path: C.preparationSave,
    summary:
      "发起集体备课：主题、类型、公开范围、封面、社区（须能在该社区发布；0 为本校）、参与人（社区成员或本校账号，发起人为主备人）、时间、学段学科年级、说明，可同时绑定教材与上传备课文件；区县级及以上社区中非管理者发起的须经审核",
    access: "user",
    schema: PreparationSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => preps.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c236",
    path: C.preparationUpdate,
    summary: "修改集体备课：只改所传的字段（accountIds 替换参与人，fileArr 替换备课文件）；主备人或管理者",
    access: "user",
    schema: PreparationUpdate,
    message: "保存成功",
    handler: async ({ payload, sent, caller }) => preps.update(await caller(), payload, sent),
  });
  defineCall(app, host, {
    id: "c237",
    path: C.preparationSaveLite,
    summary: "备课：为集体备课绑定教材（版本、册次、目录）并追加备课文件（本人上传的文件）；主备人或管理者",
    access: "user",
    schema: PreparationBindSave,
    message: "保存成功",
    handler: async ({ payload, sent, caller }) => preps.bind(await caller(), payload, sent, "save"),
  });
  defineCall(app, host, {
    id: "c238",
    path: C.preparationUpdateLite,
    summary: "修改备课：修改教材绑定，传 fileArr 时以其替换备课文件；主备人或管理者",
    access: "user",
    schema: PreparationBindUpdate,
    message: "保存成功",
    handler: async ({ payload, sent, caller }) => preps.bind(await caller(), payload, sent, "update"),
  });
  defineCall(app, host, {
    id: "c239",
    path: C.preparationDelete,
    summary: "删除集体备课：连同参与人、备课文件、点赞、AI 诊断、教案及其版本、研讨与登记的活动；主备人或管理者",
    access: "user",
    schema: PreparationIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => preps.remove(await caller(), payload.id),
  });
  open(
    "c240",
    C.preparationDetail,
    "集体备课详情：全部字段、社区与主备人名称、参与人、备课文件（签名地址）、点赞与收藏、教案数、研讨数和调用者的权限（power）；计一次浏览（无需登录，按可见性）",
    PreparationIdPayload,
    (c, p) => preps.detail(c, p.id),
  );
  defineCall(app, host, {
    id: "c245",
    path: C.preparationLikeNums,
    summary: "点赞集体备课：再点一次取消；每人最多一个赞，答复是否已赞与点赞数",
    access: "user",
    schema: PreparationLikePayload,
    handler: async ({ payload, caller }) => preps.like(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c247",
    path: C.preparationStatistics,
    summary:
      "集体备课统计：某社区（community_id）或调用者的范围（管理员：其学校或区域；教师：本人的）内的总数、进行状态、参与人、教案、版本、研讨、文件，近 12 个月、按学科、按审核状态",
    access: "user",
    schema: PreparationStatisticsPayload,
    handler: async ({ payload, caller }) => preps.statistics(await caller(), payload.community_id),
  });
  defineCall(app, host, {
    id: "c248",
    path: C.preparationIdentityAndCommunityList,
    summary: "发起集体备课的选项：调用者的身份、学校，能发布的社区（含成员，供选择参与人；是否需审核），本校账号（不选社区时的参与人）",
    access: "user",
    schema: PreparationIdentityPayload,
    handler: async ({ payload, caller }) => preps.identity(await caller(), payload.community_id),
  });
  open(
    "c249",
    C.preparationRecommendSource,
    "推荐的集体备课：已推荐、公开展示且审核通过、调用者能看到的，分页（无需登录）",
    PreparationRecommendPayload,
    (c, p) => preps.recommendSource(c, p),
  );
  defineCall(app, host, {
    id: "c250",
    path: C.preparationDiscuss,
    summary: "备课研讨：发表研讨或回复（pid、reply_person），内容或图片（本人上传的 png/jpg/jpeg，不超过 100MB）至少其一；须为备课参与人、社区成员或管理者",
    access: "user",
    schema: PreparationDiscussPayload,
    message: "发表成功",
    handler: async ({ payload, caller }) => talk.post(await caller(), payload),
  });
  open(
    "c251",
    C.preparationDiscussList,
    "备课研讨列表：顶层研讨最新在前，分页，每条带回复（children）；status 1 可发言，2 只读（无需登录，按可见性）",
    PreparationDiscussListPayload,
    (c, p) => talk.list(c, p),
  );
  defineCall(app, host, {
    id: "c254",
    path: C.preparationVerify,
    summary: "审核集体备课：verify_status 1 通过、2 不通过（须填原因）；管辖该集体备课的管理者",
    access: "user",
    schema: PreparationVerifyPayload,
    message: "审核成功",
    handler: async ({ payload, caller }) => preps.verify(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c255",
    path: C.preparationIsDisplay,
    summary: "展示或隐藏集体备课（is_display 1/0）；主备人或管理者",
    access: "user",
    schema: PreparationDisplayPayload,
    message: "设置成功",
    handler: async ({ payload, caller }) => preps.display(await caller(), payload.id, payload.is_display),
  });
  defineCall(app, host, {
    id: "c256",
    path: C.preparationIsRecommend,
    summary: "推荐或取消推荐集体备课（is_recommend 1/0，只推荐审核通过的）；管理者",
    access: "user",
    schema: PreparationRecommendTogglePayload,
    message: "设置成功",
    handler: async ({ payload, caller }) => preps.recommend(await caller(), payload.id, payload.is_recommend),
  });
  defineCall(app, host, {
    id: "c257",
    path: C.preparationFileSave,
    summary: "上传备课文件：把本人上传的文件（fileArr）加入集体备课；能编辑该集体备课的人",
    access: "user",
    schema: PreparationFileSavePayload,
    message: "上传成功",
    handler: async ({ payload, caller }) => preps.fileSave(await caller(), payload),
  });
  open(
    "c258",
    C.preparationFileList,
    "备课文件列表：能查看该集体备课的人，文件地址为签名地址，分页（无需登录，按可见性）",
    PreparationFileListPayload,
    (c, p) => preps.fileList(c, p),
  );
  defineCall(app, host, {
    id: "c259",
    path: C.preparationFileDelete,
    summary: "删除备课文件：上传者、主备人或管理者",
    access: "user",
    schema: PreparationFileDeletePayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => preps.fileDelete(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "c260",
    path: C.selPreparation,
    summary: "选择集体备课：调用者参与或管理的集体备课 {id, theme, community_id}（预约会议、听评课关联用），可按社区、主题筛选",
    access: "user",
    schema: SelPreparationPayload,
    handler: async ({ payload, caller }) => preps.select(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c263",
    path: C.delPreparationMsg,
    summary: "删除研讨：仅作者本人；其回复保留（显示为“该条研讨已删除”）",
    access: "user",
    schema: DelPreparationMsgPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => talk.remove(await caller(), payload),
  });
}
