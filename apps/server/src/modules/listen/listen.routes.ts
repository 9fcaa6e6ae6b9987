/**
 * Routes of the listen-evaluate records (issue #9; docs/api/listen.md, docs/decisions/0900–0905): c264–c290, c292,
 * c293 (c291 aiListenCommentInfo is #10's). Anonymous visitors may read (c264 list, c265 read, c275, c286–c290, c292)
 * what ListenAccess lets them see.
 */
import {
  LISTEN_CALLS as C,
  ListenDelMsgPayload,
  ListenDiscussListPayload,
  ListenDiscussPayload,
  ListenDisplayPayload,
  ListenDynamicPayload,
  ListenEvaluateFileListPayload,
  ListenEvaluateFilePayload,
  ListenFileIdPayload,
  ListenIdPayload,
  ListenListPayload,
  ListenRecommendPayload,
  ListenRecommendTogglePayload,
  ListenRecordIdPayload,
  ListenRecordSave,
  ListenRecordUpdate,
  ListenSave,
  ListenStatisticsPayload,
  ListenTargetOptionsPayload,
  ListenUpdate,
  ListenUserRecordListPayload,
  ListenVerifyPayload,
  ListenVoiceIdPayload,
  ListenVoiceListPayload,
  ListenVoicePayload,
  ListenWebCommunityPayload,
  ListenWebListPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import { GUEST } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import type { Caller } from "../../http/caller.js";

export function listenRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const svc = built.listen;
  const anyone = async (caller: CallerLookup): Promise<Caller> => (await caller()) ?? GUEST;

  const open = <S extends z.ZodType, R>(id: string, path: string, summary: string, schema: S, run: (c: Caller, p: z.output<S>) => Promise<R>) =>
    defineCall(app, host, { id, path, summary, access: "public", schema, handler: async ({ payload, caller }) => run(await anyone(caller), payload) });
  const user = <S extends z.ZodType, R>(
    id: string,
    path: string,
    summary: string,
    schema: S,
    run: (c: Caller, p: z.output<S>, sent: ReadonlySet<string>) => Promise<R>,
    message?: string,
  ) =>
    defineCall(app, host, {
      id,
      path,
      summary,
      access: "user",
      schema,
      ...(message ? { message } : {}),
      handler: async ({ payload, sent, caller }) => run(await caller(), payload, sent),
    });

  open(
    "c264",
    C.listenList,
    "听评课列表：调用者能看到的听评课（未登录只看公开、展示且审核通过的），按社区、名称、类型、学科、学段、阶段、授课教师、审核状态、推荐筛选，按开始时间倒序，分页（无需登录）",
    ListenListPayload,
    (c, p) => svc.list(c, p),
  );
  open(
    "c265",
    C.listenRead,
    "听评课详情：全部字段、名称、参与人、评价量表（含权重）、本人的评价、课堂资料和调用者的权限（power）；精准听评课答复视频的签名播放地址；计一次浏览（无需登录，按可见性）",
    ListenIdPayload,
    (c, p) => svc.read(c, p.id),
  );
  user(
    "c266",
    C.listenSave,
    "发起听评课：名称、类型（1 远程：本人可观看的教室设备；2 精准：本人或所管学校的视频；3 现场）、社区（须能在该社区发布；0 为本校）、授课教师与评课人（社区成员或本校账号）、时间、关联集体备课及教案版本、评价方式（1 指标评分须选可用的评价量表）、公开范围；区县级及以上社区中非管理者发起的须经审核",
    ListenSave,
    (c, p) => svc.save(c, p),
    "保存成功",
  );
  user(
    "c267",
    C.listenUpdate,
    "修改听评课：只改所传的字段（participation_account_ids 替换评课人，fileArr 替换课堂资料）；已有评价后不能更换评价方式或量表；组织者或管理者",
    ListenUpdate,
    (c, p, sent) => svc.update(c, p, sent),
    "保存成功",
  );
  user(
    "c268",
    C.listenRecordSave,
    "评课：评课人（或组织者，授课教师除外）提交对该听评课的评价：各评分项的分数（在量表的分数范围内）、总体评价，status 0 草稿 / 1 提交；总分按权重折算为百分制；每人一份",
    ListenRecordSave,
    (c, p) => svc.recordSave(c, p),
    "评价成功",
  );
  user(
    "c269",
    C.listenRecordUpdate,
    "修改评价：草稿随时可改；已提交的在听评课结束前可改，且不能改回草稿；所传的 scores 替换原有评分",
    ListenRecordUpdate,
    (c, p) => svc.recordUpdate(c, p),
    "修改成功",
  );
  user(
    "c270",
    C.listenDelete,
    "删除听评课：连同参与人、评价与评分、文件、语音、评论和登记的活动；组织者或管理者",
    ListenIdPayload,
    (c, p) => svc.remove(c, p.id),
    "删除成功",
  );
  user(
    "c271",
    C.listenUserRecordList,
    "我的听评课：本人组织（role 1）、授课（role 2）或评课（role 3）的听评课，可按社区、名称、类型、学科、阶段筛选，分页",
    ListenUserRecordListPayload,
    (c, p) => svc.userList(c, p),
  );
  user(
    "c272",
    C.listenEvaluateFile,
    "上传评课材料：把本人上传的文件加入听评课（type 1）；听评课参与人或管理者",
    ListenEvaluateFilePayload,
    (c, p) => svc.evaluateFile(c, p),
    "上传成功",
  );
  open(
    "c273",
    C.listenEvaluateFileList,
    "听评课文件列表：评课材料（type 1）与课堂资料（type 2），签名地址，分页（无需登录，按可见性）",
    ListenEvaluateFileListPayload,
    (c, p) => svc.fileList(c, p),
  );
  open(
    "c274",
    C.listenTargetOptions,
    "听课目标选项：听评课所在学校与平台的启用中的听课目标（不传 record_id 时为本校与平台的）",
    ListenTargetOptionsPayload,
    (c, p) => svc.targets(c, p.record_id),
  );
  open("c275", C.listenRecommendSource, "推荐的听评课：已推荐、公开展示且审核通过、调用者能看到的，分页（无需登录）", ListenRecommendPayload, (c, p) =>
    svc.recommendSource(c, p),
  );
  user("c276", C.listenDeleteEvaluateFile, "删除评课材料：上传者、组织者或管理者", ListenFileIdPayload, (c, p) => svc.fileDelete(c, p.id, 1), "删除成功");
  user(
    "c277",
    C.listenAddEvaluateVoice,
    "语音评论：本人录制上传的 mp3（/file/uploadAudio），可带视频时间点；须能参与评论",
    ListenVoicePayload,
    (c, p) => svc.addVoice(c, p),
    "发表成功",
  );
  open("c278", C.listenEvaluateVoiceList, "语音评论列表：最新在前，签名地址，分页（无需登录，按可见性）", ListenVoiceListPayload, (c, p) =>
    svc.voiceList(c, p),
  );
  user("c279", C.listenDeleteEvaluateVoice, "删除语音评论：仅作者", ListenVoiceIdPayload, (c, p) => svc.voiceDelete(c, p.id), "删除成功");
  user(
    "c280",
    C.listenClassroomDiscussion,
    "听评课评论：发表评论或回复（pid、reply_person），内容或图片至少其一，可带视频时间点（video_time，秒）与听课目标（target_id）；须为听评课参与人、社区成员或管理者（请先加入空间后评论！）；实时推送给正在观看的人",
    ListenDiscussPayload,
    (c, p) => svc.discussPost(c, p),
    "发表成功",
  );
  user(
    "c281",
    C.listenEvaluateStatistics,
    "听评课统计：某社区（community_id）或调用者的范围（管理员：其学校或区域；教师：本人的）内的总数、按类型、近 12 个月、按学科、评价数与平均分、评论、文件、语音",
    ListenStatisticsPayload,
    (c, p) => svc.statistics(c, p.community_id),
  );
  user(
    "c282",
    C.listenIsDisplay,
    "展示或隐藏听评课（is_display 1/0）；组织者或管理者",
    ListenDisplayPayload,
    (c, p) => svc.display(c, p.id, p.is_display),
    "设置成功",
  );
  user(
    "c283",
    C.listenIsRecommend,
    "推荐或取消推荐听评课（is_recommend 1/0，只推荐审核通过的）；管理者",
    ListenRecommendTogglePayload,
    (c, p) => svc.recommend(c, p.id, p.is_recommend),
    "设置成功",
  );
  user(
    "c284",
    C.listenRecordVerify,
    "审核听评课：verify_status 1 通过、2 不通过（须填原因）；管辖该听评课的管理者",
    ListenVerifyPayload,
    (c, p) => svc.verify(c, p),
    "审核成功",
  );
  user(
    "c285",
    C.listenDeleteRecordFile,
    "删除课堂资料（听评课本身的文件，type 2）：组织者或管理者",
    ListenFileIdPayload,
    (c, p) => svc.fileDelete(c, p.id, 2),
    "删除成功",
  );
  open(
    "c286",
    C.listenWebCommunityInfo,
    "社区听评课概况：调用者能看到的该社区听评课数、进行中、评价数、平均分、授课教师数、按类型和最近 5 条（无需登录）",
    ListenWebCommunityPayload,
    (c, p) => svc.webCommunityInfo(c, p.community_id),
  );
  open(
    "c287",
    C.listenWebListenList,
    "社区听评课列表：调用者能看到的该社区听评课，按名称、类型、学科、阶段筛选，分页（无需登录）",
    ListenWebListPayload,
    (c, p) => svc.webList(c, p),
  );
  open(
    "c288",
    C.listenClassroomDiscussionList,
    "听评课评论列表：顶层评论最新在前（order=video_time 时按视频时间点，供时间轴标记），每条带回复；status 1 可发言，2 只读（无需登录，按可见性）",
    ListenDiscussListPayload,
    (c, p) => svc.discussList(c, p),
  );
  open(
    "c289",
    C.listenCourseTeacherScore,
    "授课教师得分：已提交评价的总分、各维度与各评分项的平均分，及评课人之间的差异（人数、最低、最高、标准差）（无需登录，按可见性）",
    ListenRecordIdPayload,
    (c, p) => svc.teacherScore(c, p.record_id),
  );
  open("c290", C.listenDynamic, "听评课动态：最近的评价提交、评论、文件与语音，最新在前（无需登录，按可见性）", ListenDynamicPayload, (c, p) =>
    svc.dynamic(c, p.record_id, p.limit),
  );
  open(
    "c292",
    C.listenGetEvaluationScore,
    "评分明细：每位评课人已提交的评价（及本人的草稿），逐项分数与评语，附评价量表（无需登录，按可见性）",
    ListenRecordIdPayload,
    (c, p) => svc.evaluationScores(c, p.record_id),
  );
  user("c293", C.listenDelEvaluateMsg, "删除听评课评论：仅作者（回复保留）", ListenDelMsgPayload, (c, p) => svc.discussDelete(c, p.id), "删除成功");
}
