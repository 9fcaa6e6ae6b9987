/**
 * Tencent Meeting (腾讯会议) REST API provider (docs/decisions/0705): enterprise self-built application, AK/SK
 * signature. Every request carries
 *
 *   Content-Type: application/json, X-TC-Key (SecretId), X-TC-Timestamp (unix seconds), X-TC-Nonce (random positive
 *   integer), X-TC-Signature, AppId, SdkId (when one was issued), X-TC-Registered: 1
 *
 * and X-TC-Signature = Base64( HexLower( HMAC-SHA256( SecretKey, stringToSign ) ) ) with
 *
 *   stringToSign = METHOD + "\n" + "X-TC-Key=" + SecretId + "&X-TC-Nonce=" + nonce + "&X-TC-Timestamp=" + ts + "\n"
 *                  + URI (path and query, e.g. /v1/meetings/123?userid=u&instanceid=1) + "\n" + BODY ("" for GET)
 *
 * (cloud.tencent.com/document/product/1095/42413 "企业自建应用鉴权"). Calls used: POST /v1/meetings (create),
 * GET /v1/meetings/{meeting_id}?userid=&instanceid=1 (read), POST /v1/meetings/{meeting_id}/cancel. A refusal
 * (HTTP 4xx/5xx with error_info {error_code, message}), an unreadable answer or a timeout becomes code 503 with a
 * Chinese message (腾讯会议预约失败：…), never a 500.
 */
import { createHmac, randomInt } from "node:crypto";
import { Code } from "@yanke/protocol";
import { AppError } from "../../../http/errors.js";
import type { BookedMeeting, MeetingBooking, MeetingProvider, MeetingState } from "./provider.js";

export interface TencentMeetingConfig {
  api: string;
  appId: string;
  sdkId: string;
  secretId: string;
  secretKey: string;
  /** The enterprise user (userid) the meetings are booked as. */
  operatorId: string;
}

/** Instance of the operator's client the API acts as: 1 = PC. */
const INSTANCE_ID = 1;

/** The X-TC-Signature of one request (exported for the provider's own tests; the API tests recompute it themselves). */
export function tencentSignature(secretKey: string, method: string, h: { key: string; nonce: string; timestamp: string }, uri: string, body: string): string {
  const toSign = `${method}\nX-TC-Key=${h.key}&X-TC-Nonce=${h.nonce}&X-TC-Timestamp=${h.timestamp}\n${uri}\n${body}`;
  const hex = createHmac("sha256", secretKey).update(toSign, "utf8").digest("hex");
  return Buffer.from(hex, "utf8").toString("base64");
}

interface TencentMeetingInfo {
  meeting_id?: string;
  meeting_code?: string;
  join_url?: string;
  subject?: string;
  status?: string;
}
interface TencentAnswer {
  meeting_info_list?: TencentMeetingInfo[];
  error_info?: { error_code?: number; new_error_code?: number; message?: string };
}

const ACTIONS = { create: "预约", get: "查询", cancel: "取消" } as const;

export class TencentMeetingProvider implements MeetingProvider {
  readonly name = "tencent" as const;

  constructor(
    private readonly cfg: TencentMeetingConfig,
    private readonly opts: { timeoutMs?: number; now?: () => number } = {},
  ) {}

  private fail(action: keyof typeof ACTIONS, why: string): AppError {
    return new AppError(Code.UNAVAILABLE, `腾讯会议${ACTIONS[action]}失败：${why}`);
  }

  /** One signed request; the parsed JSON answer (an empty body reads as {}). */
  async request(action: keyof typeof ACTIONS, method: "GET" | "POST", uri: string, payload?: unknown): Promise<TencentAnswer> {
    const body = method === "GET" || payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Math.floor((this.opts.now?.() ?? Date.now()) / 1000));
    const nonce = String(randomInt(1, 2 ** 31 - 1));
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "X-TC-Key": this.cfg.secretId,
      "X-TC-Timestamp": timestamp,
      "X-TC-Nonce": nonce,
      "X-TC-Signature": tencentSignature(this.cfg.secretKey, method, { key: this.cfg.secretId, nonce, timestamp }, uri, body),
      AppId: this.cfg.appId,
      "X-TC-Registered": "1",
    };
    if (this.cfg.sdkId) headers.SdkId = this.cfg.sdkId;
    const url = new URL(uri, this.cfg.api.endsWith("/") ? this.cfg.api : `${this.cfg.api}/`);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { method, headers, body: method === "GET" ? undefined : body, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
      text = await res.text();
    } catch (e) {
      const timeout = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
      throw this.fail(action, timeout ? "腾讯会议服务响应超时，请稍后再试" : "无法连接腾讯会议服务，请稍后再试");
    }
    let json: TencentAnswer = {};
    if (text.trim() !== "") {
      try {
        json = JSON.parse(text) as TencentAnswer;
      } catch {
        throw this.fail(action, res.ok ? "腾讯会议返回了无法识别的内容" : `服务返回 HTTP ${res.status}`);
      }
    }
    if (!res.ok || json.error_info) {
      const info = json.error_info;
      const msg = info?.message?.trim() || `服务返回 HTTP ${res.status}`;
      throw this.fail(action, info?.error_code ? `${msg}（错误码 ${info.error_code}）` : msg);
    }
    return json;
  }

  async create(b: MeetingBooking): Promise<BookedMeeting> {
    const answer = await this.request("create", "POST", "/v1/meetings", {
      userid: this.cfg.operatorId,
      instanceid: INSTANCE_ID,
      subject: b.subject,
      type: 0,
      start_time: String(Math.floor(b.start.getTime() / 1000)),
      end_time: String(Math.floor(b.end.getTime() / 1000)),
    });
    const info = answer.meeting_info_list?.[0];
    if (!info?.meeting_id || !info.join_url) throw this.fail("create", "腾讯会议没有返回会议号或入会链接");
    return { provider: this.name, meeting_url: info.join_url, provider_meeting_id: info.meeting_id, meeting_code: info.meeting_code ?? "" };
  }

  async get(meetingId: string): Promise<MeetingState | undefined> {
    const q = new URLSearchParams({ userid: this.cfg.operatorId, instanceid: String(INSTANCE_ID) });
    const answer = await this.request("get", "GET", `/v1/meetings/${encodeURIComponent(meetingId)}?${q.toString()}`);
    const info = answer.meeting_info_list?.[0];
    if (!info) return undefined;
    return { meeting_url: info.join_url, meeting_code: info.meeting_code, subject: info.subject, state: info.status };
  }

  async cancel(meetingId: string): Promise<void> {
    await this.request("cancel", "POST", `/v1/meetings/${encodeURIComponent(meetingId)}/cancel`, {
      userid: this.cfg.operatorId,
      instanceid: INSTANCE_ID,
      reason_code: 1,
    });
  }
}
