/**
 * Live messaging (../shared/design/wire.md "Live messaging"; community.md §4 Live socket, §7 Live messaging; issue #9;
 * docs/api/workman.md): GET /ws?token=&type=2 upgrades; the server sends {type:"init", client_id}; the client binds
 * with c398 and sends with c399 (both raw POST: plain JSON, not encrypted). Messages to a group reach every socket
 * bound to it on every server process (Redis pub/sub when REDIS_URL is set). Heartbeats at least every 25 s; the
 * client treats 32 s of silence as a dead socket and reconnects 2 s later (one reconnect pending at most).
 */
import { z } from "zod";
import { call } from "../contract.js";

export const WORKMAN_CALLS = {
  /** c398 (raw) */ workmanBind: "/v2/workman/bind",
  /** c399 (raw) */ workmanSend: "/v2/workman/send",
} as const;

/** The live socket's path. */
export const LIVE_WS_PATH = "/ws";
/** The client's idle limit and reconnect delay (community.md §9). */
export const LIVE_IDLE_MS = 32_000;
export const LIVE_RECONNECT_MS = 2_000;
/** The server's heartbeat interval (wire.md: at least every 25 s). */
export const LIVE_HEARTBEAT_MS = 25_000;

/** Socket groups: one per discussed object, e.g. "preparation:12", "listen:7", "after_class:3". */
export type LiveGroupKind = "preparation" | "listen" | "after_class";
export const liveGroup = (kind: LiveGroupKind, id: number): string => `${kind}:${id}`;

/** A message the server pushes to a group's sockets (besides init and heartbeats). */
export interface LiveMessage<T = unknown> {
  /** What happened, e.g. "discuss.save", "discuss.delete", "discuss.like", "listen.score". */
  type: string;
  data: T;
}

// ---------------------------------------------------------------------------------------------------------
// The socket's own messages (docs/api/workman.md, docs/decisions/0930)

/** The first message on every socket: the id c398/c399 name it by (unique across server processes). */
export interface LiveInit {
  type: "init";
  client_id: string;
}

/** The server's heartbeat (at least every LIVE_HEARTBEAT_MS); the client needs no answer (a WebSocket pong is automatic). */
export interface LivePing {
  type: "ping";
  /** Server time, "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai). */
  time: string;
}

/** A group message as it arrives on a socket: LiveMessage plus the group it was sent to. */
export interface LiveFrame<T = unknown> extends LiveMessage<T> {
  group: string;
}

/** Anything the server sends on the live socket. */
export type LiveServerMessage = LiveInit | LivePing | LiveFrame;

/**
 * Close codes of the live socket (the reason, Chinese, is for the user). 4025 / 4028 mirror the wire codes 1025 /
 * 1028: the client clears the session as after such an answer and does not reconnect; 4400: a bad request (type ≠ 2),
 * no reconnect either. 1001: the server is shutting down (reconnect as usual).
 */
export const LIVE_CLOSE = {
  sessionInvalid: 4025,
  sessionEnded: 4028,
  badRequest: 4400,
  goingAway: 1001,
} as const;
/** Close codes after which the client must not reconnect. */
export const LIVE_FINAL_CLOSE_CODES: readonly number[] = [LIVE_CLOSE.sessionInvalid, LIVE_CLOSE.sessionEnded, LIVE_CLOSE.badRequest];

export const LIVE_REFUSALS = {
  noToken: "登录已失效，请重新登录",
  badType: "实时连接类型无效（type 应为 2）",
  closing: "服务器正在重启，请稍后",
  noClient: "实时连接不存在或已断开，请刷新页面",
  notYours: "该实时连接不属于当前登录用户",
  notYou: "uid 与当前登录用户不一致",
  noView: "无权查看该分组的消息",
  gone: "该分组对应的记录不存在或已删除",
  notBound: "请先绑定该分组（/v2/workman/bind）再发送",
} as const;

/** The message type of a c399 transient message as it reaches the group's sockets. */
export const LIVE_SEND_TYPE = "workman.send";

// ---------------------------------------------------------------------------------------------------------
// Payloads

const GROUP_RE = /^(preparation|listen|after_class):[1-9]\d{0,8}$/;
const zGroup = z.string({ error: "必填" }).trim().regex(GROUP_RE, "格式应为 preparation:<编号>、listen:<编号> 或 after_class:<编号>").describe("分组");
const zClientId = z
  .string({ error: "必填" })
  .trim()
  .min(1, "必填")
  .max(64, "不能超过 64 个字符")
  .regex(/^[A-Za-z0-9_.:-]+$/, "格式无效（应为 init 消息中的 client_id）")
  .describe("连接编号");
const zWsType = z.coerce
  .number({ error: "必须是数字" })
  .int("必须是整数")
  .refine((v) => v === 2, "只能是 2")
  .default(2)
  .describe("连接类型");
const zOptId = (label: string) =>
  z
    .preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number({ error: "必须是数字" }).int("必须是整数").min(0, "不能为负数").max(2_147_483_647, "过大").optional(),
    )
    .describe(label);
const zOptText = (label: string, max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string({ error: "必须是文字" }).max(max, `不能超过 ${max} 个字符`).optional()).describe(label);

/** c398: bind the socket client_id (one of the caller's own) to a group the caller may read. */
export const WorkmanBindPayload = z.object({
  client_id: zClientId,
  uid: z.coerce.number({ error: "必须是数字" }).int("必须是整数").positive("必须大于 0").describe("用户编号"),
  group: zGroup,
  ws_type: zWsType,
});
export type WorkmanBindPayload = z.infer<typeof WorkmanBindPayload>;

/** c398's answer: the groups the socket is now bound to (when it lives on another process: just this one). */
export interface WorkmanBindResult {
  client_id: string;
  group: string;
  groups: string[];
}

/** The kind of a transient message: letters, digits, "_", "." or "-" (e.g. "typing", "watching", "presence"). */
const zSendKind = z
  .preprocess(
    (v) => (v === undefined || v === null || v === "" ? "message" : typeof v === "number" ? String(v) : v),
    z
      .string({ error: "必须是文字" })
      .max(32, "不能超过 32 个字符")
      .regex(/^[A-Za-z0-9_.-]+$/, "只能包含字母、数字、_、. 或 -"),
  )
  .describe("消息类型");

/**
 * c399: a transient message (typing, "正在观看 12:30", presence …) to a group the sending socket is bound to; delivered
 * to the group's sockets as {type: "workman.send", group, data: WorkmanSendPush}, never stored (discussion messages
 * are stored through the discuss calls, which push them themselves). account_id and identity, when sent, must be the
 * caller's own; the pushed sender is always the caller.
 */
export const WorkmanSendPayload = z
  .object({
    type: zSendKind,
    client_id: zClientId,
    group: zGroup,
    ws_type: zWsType,
    msg: zOptText("消息", 2000),
    account_id: zOptId("发送人"),
    identity: zOptId("身份"),
    content: zOptText("内容", 2000),
    reservation_record_id: zOptId("预约记录"),
    preparation_id: zOptId("集体备课"),
    wps_file_key: zOptText("文档标识", 128),
    target_id: zOptId("对象编号"),
    after_class_id: zOptId("课后反思"),
    pid: zOptId("上级消息"),
    reply_person: zOptId("被回复人"),
    content_img: z
      .preprocess(
        (v) =>
          v === undefined || v === null || v === ""
            ? []
            : typeof v === "string"
              ? v
                  .split(",")
                  .map((s) => s.trim())
                  .filter(Boolean)
              : v,
        z.array(z.string({ error: "必须是文字" }).max(1000, "地址过长"), { error: "必须是地址列表" }).max(9, "最多 9 张图片"),
      )
      .describe("图片"),
  })
  .refine((p) => (p.msg ?? "").length + (p.content ?? "").length <= 4000, { message: "消息过长", path: ["msg"] });
export type WorkmanSendPayload = z.infer<typeof WorkmanSendPayload>;

/** What c399 pushes to the group (data of a LiveFrame of type "workman.send"). */
export interface WorkmanSendPush {
  /** The payload's type ("message" when absent). */
  kind: string;
  /** The sending socket. */
  client_id: string;
  sender: { account_id: number; realname: string; identity: number };
  msg: string;
  content: string;
  content_img: string[];
  reservation_record_id?: number;
  preparation_id?: number;
  wps_file_key?: string;
  target_id?: number;
  after_class_id?: number;
  pid?: number;
  reply_person?: number;
  /** "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai). */
  time: string;
}

/** c399's answer: the sockets it reached on this process (others via Redis are not counted). */
export interface WorkmanSendResult {
  group: string;
  delivered: number;
}

/** The calls of WORKMAN_CALLS with their payload schema and answer type (contract.ts; merged into `calls`). */
export const WORKMAN = {
  workmanBind: call<WorkmanBindResult>()(WORKMAN_CALLS.workmanBind, WorkmanBindPayload),
  workmanSend: call<WorkmanSendResult>()(WORKMAN_CALLS.workmanSend, WorkmanSendPayload),
} as const;
