/**
 * Routes of videos (issue #6 "Video on demand"; docs/api/video.md): c092, c333–c335, read, delete, share, shared,
 * c059, and GET /vod/<exp>.<sig>/<id>/<camera>/<file> (HLS playlists and segments, thumbnails, sprites; Range).
 */
import {
  BaseVideoPayload,
  Code,
  MyVideoAllPayload,
  MyVideoListPayload,
  MyVideoSave,
  MyVideoUpdate,
  SharedVideoPayload,
  VIDEO_CALLS as C,
  VOD_PREFIX,
  VideoIdPayload,
} from "@yanke/protocol";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type CallHost, defineCall } from "../../http/call.js";
import { InvalidRange, ObjectNotFound } from "../../infra/storage/index.js";
import { parseRange } from "../file/file.routes.js";
import type { Caller } from "../../http/caller.js";
import type { VideoService } from "./video.service.js";

export interface VideoRouteDeps {
  videos: VideoService;
  accounts: { subject(id: number): Promise<Caller> };
}

const TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  jpg: "image/jpeg",
};

function fail(res: FastifyReply, status: number, msg: string): FastifyReply {
  return res
    .code(status)
    .header("content-type", "application/json; charset=utf-8")
    .send({ code: status === 404 ? Code.NOT_FOUND : Code.FORBIDDEN, msg, data: null });
}

export function videoRoutes(app: FastifyInstance, host: CallHost, deps: VideoRouteDeps): void {
  const { videos } = deps;

  defineCall(app, host, {
    id: "c092",
    path: C.myVideoAll,
    summary: "我的视频（全部）：某账号的视频（默认本人；管理员可查所辖学校的账号），按名称搜索，分页",
    access: "user",
    schema: MyVideoAllPayload,
    handler: async ({ payload, caller }) => videos.myVideoAll(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c333",
    path: C.myVideoList,
    summary: "视频列表：本人的视频（管理员另含所辖学校的视频），按名称、学段、学科、年级、学校、来源筛选，分页",
    access: "user",
    schema: MyVideoListPayload,
    handler: async ({ payload, caller }) => videos.list(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c334",
    path: C.myVideoSave,
    summary: "登记视频：把本人上传的视频文件（file_id，可另带学生机位 student_file_id）登记为我的视频，随后生成缩略图与 HLS",
    access: "user",
    schema: MyVideoSave,
    message: "保存成功",
    handler: async ({ payload, caller }) => videos.save(await caller(), payload),
  });
  defineCall(app, host, {
    id: "c335",
    path: C.myVideoUpdate,
    summary: "修改视频：名称、学段、学科、年级（只改传入的字段）",
    access: "user",
    schema: MyVideoUpdate,
    message: "修改成功",
    handler: async ({ payload, caller }) => videos.update(await caller(), payload),
  });
  defineCall(app, host, {
    id: "new",
    path: C.myVideoRead,
    summary: "视频详情与播放地址：各机位的 MP4（支持 Range）、HLS、缩略图、时间轴缩略图（签名地址 6 小时有效）",
    access: "user",
    schema: VideoIdPayload,
    handler: async ({ payload, caller }) => videos.read(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.myVideoDelete,
    summary: "删除视频：连同其文件（退还空间）、HLS 与缩略图",
    access: "user",
    schema: VideoIdPayload,
    message: "删除成功",
    handler: async ({ payload, caller }) => videos.remove(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.myVideoShare,
    summary: "分享视频：生成 7 天有效的分享码与移动端页面地址 /videoSharing",
    access: "user",
    schema: VideoIdPayload,
    handler: async ({ payload, caller }) => videos.share(await caller(), payload.id),
  });
  defineCall(app, host, {
    id: "new",
    path: C.myVideoShared,
    summary: "分享的视频（无需登录）：凭分享码读取视频与播放地址",
    access: "public",
    schema: SharedVideoPayload,
    handler: async ({ payload }) => videos.shared(payload.id, payload.token),
  });
  defineCall(app, host, {
    id: "c059",
    path: C.baseVideo,
    summary: "工作台视频数据：视频数、录制数、分钟数、设备数；最近 days 天（默认 30）每天的数量；各学校的数量",
    access: "user",
    schema: BaseVideoPayload,
    handler: async ({ payload, caller }) => videos.baseVideo(await caller(), payload),
  });

  // The signature sits in the path, so the relative segment names of a playlist keep it.
  app.get<{ Params: { token: string; id: string; camera: string; file: string } }>(`${VOD_PREFIX}/:token/:id/:camera/:file`, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) return fail(res, 404, "视频不存在");
    const key = await videos.vodObject(req.params.token, id, req.params.camera, req.params.file);
    if (!key) return fail(res, 403, "播放地址无效或已过期");
    const st = await videos.statObject(key);
    if (!st) return fail(res, 404, "视频文件不存在");
    const range = parseRange(req.headers.range, st.size);
    if (range === "bad") return res.code(416).header("content-range", `bytes */${st.size}`).send();
    const ext = req.params.file.split(".").pop() ?? "";
    res
      .header("accept-ranges", "bytes")
      .header("content-type", TYPES[ext] ?? "application/octet-stream")
      .header("cache-control", ext === "m3u8" ? "private, max-age=60" : "private, max-age=3600")
      .header("x-content-type-options", "nosniff");
    try {
      if (range) {
        const body = await videos.readObject(key, range);
        return res
          .code(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${st.size}`)
          .header("content-length", String(range.end - range.start + 1))
          .send(body);
      }
      return res
        .code(200)
        .header("content-length", String(st.size))
        .send(await videos.readObject(key));
    } catch (e) {
      if (e instanceof ObjectNotFound) return fail(res, 404, "视频文件不存在");
      if (e instanceof InvalidRange) return res.code(416).header("content-range", `bytes */${st.size}`).send();
      throw e;
    }
  });
}
