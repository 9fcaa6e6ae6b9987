/** Routes of the after-class reflections c298–c314 (issue #9; docs/api/afterclass.md). */
import {
  AFTER_CLASS_CALLS as C,
  AfterClassCommentPayload,
  AfterClassCreateDirectlyPayload,
  AfterClassDiscussStatisticsPayload,
  AfterClassDisplayPayload,
  AfterClassIdPayload,
  AfterClassIndexPayload,
  AfterClassSavePayload,
  AfterClassUpdateDirectlyPayload,
  AfterClassUpdatePayload,
  AfterFileDeletePayload,
  AfterFileListPayload,
  AfterFileSavePayload,
  DelAfterClassCommentPayload,
  UserAfterListPayload,
} from "@yanke/protocol";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type CallerLookup, type CallHost, defineCall } from "../../http/call.js";
import { GUEST } from "../community/community-access.js";
import type { CommunityDeps } from "../community-deps.js";
import type { CommunityServices } from "../community-services.js";
import type { Caller } from "../../http/caller.js";

export function afterClassRoutes(app: FastifyInstance, host: CallHost, _deps: CommunityDeps, built: CommunityServices): void {
  const { discussComments: talk, afterClass: svc } = built;
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
      message,
      handler: async ({ payload, sent, caller }) => run(await caller(), payload, sent),
    });

  open(
    "c298",
    C.afterClassList,
    "课后反思列表：调用者能看到的课后反思（作者、管理者；展示中的按其社区的可见性），按社区、标题、学科、学段、听评课、作者筛选，最新在前，分页（无需登录）",
    AfterClassIndexPayload,
    (c, p) => svc.index(c, p),
  );
  user("c299", C.userAfterList, "我的课后反思：本人撰写的，可按社区、标题、学科、学段、来源（1 听评课 / 2 直接创建）筛选，分页", UserAfterListPayload, (c, p) =>
    svc.userList(c, p),
  );
  user(
    "c300",
    C.afterClassSave,
    "撰写课后反思（基于听评课）：须是该听评课的授课教师或组织者；社区、设备、学段学科年级取自听评课；标题、副标题、封面、富文本内容（净化）、文件（本人上传）；登记为活动",
    AfterClassSavePayload,
    (c, p) => svc.save(c, p),
    "保存成功",
  );
  user(
    "c301",
    C.afterClassUpdate,
    "修改课后反思：只改所传的字段（fileArr 替换文件）；仅作者",
    AfterClassUpdatePayload,
    (c, p, sent) => svc.update(c, p, sent, false),
    "保存成功",
  );
  user("c302", C.afterClassDelete, "删除课后反思：连同文件、评论与登记的活动；作者或管理者", AfterClassIdPayload, (c, p) => svc.remove(c, p.id), "删除成功");
  open("c303", C.afterClassDetail, "课后反思详情：全部字段、内容、文件（签名地址）、计数与调用者的权限（按可见性，无需登录）", AfterClassIdPayload, (c, p) =>
    svc.detail(c, p.id),
  );
  user(
    "c304",
    C.afterClassCreateDirectly,
    "直接撰写课后反思（不基于听评课）：须能在所选社区发布",
    AfterClassCreateDirectlyPayload,
    (c, p) => svc.createDirectly(c, p),
    "保存成功",
  );
  user(
    "c305",
    C.afterClassUpdateDirectly,
    "修改直接撰写的课后反思：只改所传的字段，可改到另一个能发布的社区；仅作者",
    AfterClassUpdateDirectlyPayload,
    (c, p, sent) => svc.update(c, p, sent, true),
    "保存成功",
  );
  user(
    "c306",
    C.afterFileSave,
    "上传课后反思文件：能评论该反思的人添加本人上传的文件",
    AfterFileSavePayload,
    (c, p) => svc.fileSave(c, p.after_class_id, p.fileArr),
    "上传成功",
  );
  open("c307", C.afterFileList, "课后反思文件列表：签名地址，可按类别筛选，分页（按可见性）", AfterFileListPayload, (c, p) => svc.fileList(c, p));
  user("c308", C.afterFileDelete, "撤回课后反思文件：仅上传者本人", AfterFileDeletePayload, (c, p) => svc.fileDelete(c, p.id, "uploader"), "删除成功");
  user(
    "c309",
    C.afterClassIsDisplay,
    "设置课后反思是否展示：作者或管理者；隐藏后只有作者和管理者可见",
    AfterClassDisplayPayload,
    (c, p) => svc.setDisplay(c, p.id, p.is_display),
    "设置成功",
  );
  user(
    "c310",
    C.afterClassComment,
    "评论课后反思：内容或图片（本人上传的 png/jpg/jpeg，≤100MB）、上级评论、回复对象；须能参与（请先加入空间后评论！）；推送到该反思的实时分组",
    AfterClassCommentPayload,
    (c, p) =>
      talk.save(c, "after_class", p.after_class_id, {
        pid: p.pid,
        content: p.content,
        content_img: p.content_img,
        reply_person: p.reply_person,
        target_id: 0,
        wps_file_key: "",
        video_time: null,
      }),
    "评论成功",
  );
  user(
    "c311",
    C.delAfterClassComment,
    "删除课后反思的评论：只有作者；回复保留",
    DelAfterClassCommentPayload,
    (c, p) => talk.remove(c, p.id, "after_class"),
    "删除成功",
  );
  user(
    "c312",
    C.afterClassDiscussStatistics,
    "课后反思研讨统计：社区中调用者能看到的课后反思（不传社区则本人的）的评论总数、每篇评论数（前 50）与最近 days 天每天的评论数",
    AfterClassDiscussStatisticsPayload,
    (c, p) => svc.discussStatistics(c, p.community_id || undefined, p.days),
  );
  user(
    "c313",
    C.deleteAfterFile,
    "删除课后反思的文件：反思作者或管理者删除其中任一文件",
    AfterFileDeletePayload,
    (c, p) => svc.fileDelete(c, p.id, "manager"),
    "删除成功",
  );
  open("c314", C.afterClassRead, "阅读课后反思：计一次浏览并答复详情（按可见性，无需登录）", AfterClassIdPayload, (c, p) => svc.read(c, p.id));
}
