/**
 * The Tencent Meeting provider (#7 "Meetings"; docs/decisions/0705) against a fake Tencent Meeting REST API on
 * loopback. The fake recomputes every request's signature itself from the documented string to sign
 *   METHOD \n X-TC-Key=…&X-TC-Nonce=…&X-TC-Timestamp=… \n URI \n BODY   →   Base64(hex(HMAC-SHA256(SecretKey, ·)))
 * and checks the other public headers (AppId, SdkId, X-TC-Registered, Content-Type, a fresh timestamp, unused nonce)
 * and each body, answering like Tencent (error_info on refusals). Reservation → list → detail → cancel through the
 * wire; a Tencent refusal, a failing read and a timeout become Chinese messages with a non-200 code.
 */
import { createHmac } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CALLS, type Envelope, type MeetingRow, type Page, type SessionInfo } from "@yanke/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { AppError } from "../src/http/errors.js";
import { formatTime } from "../src/http/time.js";
import { community, communityMember } from "../src/modules/community/community.schema.js";
import { meeting } from "../src/modules/meeting/meeting.schema.js";
import { TencentMeetingProvider } from "../src/modules/meeting/providers/tencent.js";
import { accountMessage } from "../src/modules/notice/notice.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

const CRED = {
  appId: "211000001",
  sdkId: "19000000001",
  secretId: "AKIDtestSecretId0001",
  secretKey: "testSecretKey-不可外泄-0001",
  operatorId: "yanke_operator",
};

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage["headers"];
  problems: string[];
}
interface FakeMeeting {
  meeting_id: string;
  meeting_code: string;
  subject: string;
  start_time: string;
  end_time: string;
  join_url: string;
  status: string;
}

/** A fake Tencent Meeting REST API that checks what a real one checks. */
class FakeTencent {
  server!: Server;
  url = "";
  seen: Seen[] = [];
  nonces = new Set<string>();
  meetings = new Map<string, FakeMeeting>();
  failRead = false;
  hang = false;
  private seq = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => this.handle(req, Buffer.concat(chunks).toString("utf8"), res));
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private answer(res: ServerResponse, status: number, body: unknown): void {
    const text = body === "" ? "" : JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json" }).end(text);
  }
  private error(res: ServerResponse, status: number, code: number, message: string): void {
    this.answer(res, status, { error_info: { error_code: code, new_error_code: 200000000 + code, message } });
  }

  /** The checks of the public parameters (cloud.tencent.com/document/product/1095/42413). */
  private check(req: IncomingMessage, body: string): string[] {
    const p: string[] = [];
    const h = req.headers;
    const one = (k: string) => (Array.isArray(h[k]) ? (h[k] as string[])[0] : (h[k] as string | undefined)) ?? "";
    if (one("content-type") !== "application/json") p.push(`Content-Type ${one("content-type")}`);
    if (one("x-tc-key") !== CRED.secretId) p.push("X-TC-Key is not the SecretId");
    if (one("appid") !== CRED.appId) p.push("AppId");
    if (one("sdkid") !== CRED.sdkId) p.push("SdkId");
    if (one("x-tc-registered") !== "1") p.push("X-TC-Registered");
    const ts = one("x-tc-timestamp");
    if (!/^\d{10}$/.test(ts) || Math.abs(Number(ts) - Date.now() / 1000) > 300) p.push(`X-TC-Timestamp ${ts}`);
    const nonce = one("x-tc-nonce");
    if (!/^[1-9]\d*$/.test(nonce)) p.push(`X-TC-Nonce ${nonce}`);
    if (this.nonces.has(nonce)) p.push("nonce reused");
    this.nonces.add(nonce);
    const toSign = `${req.method}\nX-TC-Key=${one("x-tc-key")}&X-TC-Nonce=${nonce}&X-TC-Timestamp=${ts}\n${req.url}\n${body}`;
    const expected = Buffer.from(createHmac("sha256", CRED.secretKey).update(toSign).digest("hex")).toString("base64");
    if (one("x-tc-signature") !== expected) p.push("X-TC-Signature mismatch");
    return p;
  }

  private handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const problems = this.check(req, body);
    this.seen.push({ method: req.method ?? "", url: req.url ?? "", body, headers: req.headers, problems });
    if (this.hang) return; // never answers
    if (problems.length) {
      this.error(res, 401, 190303, `鉴权失败：${problems.join("; ")}`);
      return;
    }
    const u = new URL(req.url ?? "/", this.url);
    let json: Record<string, unknown> = {};
    if (req.method === "POST") {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        this.error(res, 400, 10001, "请求体不是 JSON");
        return;
      }
      if (json.userid !== CRED.operatorId || json.instanceid !== 1) {
        this.error(res, 400, 10001, "userid 或 instanceid 错误");
        return;
      }
    }
    if (req.method === "POST" && u.pathname === "/v1/meetings") {
      const { subject, type, start_time, end_time } = json as Record<string, unknown>;
      if (
        typeof subject !== "string" ||
        type !== 0 ||
        typeof start_time !== "string" ||
        typeof end_time !== "string" ||
        !/^\d{10}$/.test(start_time) ||
        !/^\d{10}$/.test(end_time)
      ) {
        this.error(res, 400, 10001, "参数错误");
        return;
      }
      if (subject.includes("拒绝")) {
        this.error(res, 400, 9061, "会议主题包含敏感词");
        return;
      }
      const n = ++this.seq;
      const m: FakeMeeting = {
        meeting_id: `1234567890123${n}`,
        meeting_code: `80${n}00123`,
        subject,
        start_time,
        end_time,
        join_url: `https://meeting.tencent.com/dm/fake${n}`,
        status: "MEETING_STATE_INIT",
      };
      this.meetings.set(m.meeting_id, m);
      this.answer(res, 200, { meeting_number: 1, meeting_info_list: [{ ...m, status: undefined, hosts: [], user_non_registered: [] }] });
      return;
    }
    const get = /^\/v1\/meetings\/(\d+)$/.exec(u.pathname);
    if (req.method === "GET" && get) {
      if (u.searchParams.get("userid") !== CRED.operatorId || u.searchParams.get("instanceid") !== "1") {
        this.error(res, 400, 10001, "userid 或 instanceid 错误");
        return;
      }
      if (this.failRead) {
        this.error(res, 500, 500000, "内部错误，请稍后重试");
        return;
      }
      const m = this.meetings.get(get[1]!);
      if (!m) {
        this.error(res, 404, 9004, "会议不存在");
        return;
      }
      this.answer(res, 200, { meeting_number: 1, meeting_info_list: [m] });
      return;
    }
    const cancel = /^\/v1\/meetings\/(\d+)\/cancel$/.exec(u.pathname);
    if (req.method === "POST" && cancel) {
      const m = this.meetings.get(cancel[1]!);
      if (!m) {
        this.error(res, 404, 9004, "会议不存在");
        return;
      }
      if (json.reason_code !== 1) {
        this.error(res, 400, 10001, "reason_code 错误");
        return;
      }
      m.status = "MEETING_STATE_CANCELLED";
      this.answer(res, 200, "");
      return;
    }
    this.error(res, 404, 10000, "接口不存在");
  }
}

const fake = new FakeTencent();
let s: TestServer;
const who: Record<string, SessionInfo> = {};
let open = 0;
const at = (h: number) => formatTime(new Date(Date.now() + h * 3600_000)).slice(0, 16);

beforeAll(async () => {
  await fake.start();
  s = await startTestServer({
    MEETING_PROVIDER: "tencent",
    TENCENT_MEETING_API: fake.url,
    TENCENT_MEETING_APP_ID: CRED.appId,
    TENCENT_MEETING_SDK_ID: CRED.sdkId,
    TENCENT_MEETING_SECRET_ID: CRED.secretId,
    TENCENT_MEETING_SECRET_KEY: CRED.secretKey,
    TENCENT_MEETING_OPERATOR_ID: CRED.operatorId,
  });
  for (const u of ["zhanglaoshi", "lilaoshi", "zhaolaoshi"]) who[u] = await s.login(u, DEMO_TEACHER_PASSWORD);
  const [c] = await s.database.db
    .insert(community)
    .values({ name: "英语教研社区", account_id: who.zhanglaoshi!.account_id, school_id: who.zhanglaoshi!.school_id })
    .returning();
  open = c!.id;
  await s.database.db.insert(communityMember).values([
    { community_id: open, account_id: who.zhanglaoshi!.account_id, role: 1, status: 1 },
    { community_id: open, account_id: who.lilaoshi!.account_id, role: 3, status: 1 },
  ]);
});
afterAll(async () => {
  await s?.close();
  await fake.close();
});

function call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>> {
  return s.call<T>(path, payload, who[user]!.token);
}
async function ok<T>(path: string, payload: Record<string, unknown>, user: string): Promise<T> {
  const r = await call<T>(path, payload, user);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}

describe("Tencent Meeting provider through the wire", () => {
  it("the provider call tells the booking form that meetings go through Tencent Meeting", async () => {
    expect(await ok<{ provider: string; provider_name: string }>(CALLS.meetingProvider, {}, "zhanglaoshi")).toEqual({
      provider: "tencent",
      provider_name: "腾讯会议",
    });
  });

  it("reservation → list → detail → cancel, every request signed as Tencent checks it", async () => {
    const start = at(24);
    const end = at(25);
    const booked = await ok<MeetingRow>(
      CALLS.tencentMeetingReservation,
      {
        community_id: open,
        subject: "英语组线上教研",
        start_time: start,
        end_time: end,
        participation_account_ids: [who.lilaoshi!.account_id],
        meeting_url: "https://ignored.example.com",
      },
      "zhanglaoshi",
    );
    const create = fake.seen.at(-1)!;
    expect(create.problems).toEqual([]);
    expect(create.method).toBe("POST");
    expect(create.url).toBe("/v1/meetings");
    expect(JSON.parse(create.body)).toEqual({
      userid: CRED.operatorId,
      instanceid: 1,
      subject: "英语组线上教研",
      type: 0,
      start_time: String(Math.floor(new Date(`${start.replace(" ", "T")}:00+08:00`).getTime() / 1000)),
      end_time: String(Math.floor(new Date(`${end.replace(" ", "T")}:00+08:00`).getTime() / 1000)),
    });
    const remote = [...fake.meetings.values()].at(-1)!;
    expect(booked).toMatchObject({
      provider: "tencent",
      provider_name: "腾讯会议",
      provider_meeting_id: remote.meeting_id,
      meeting_code: remote.meeting_code,
      join_url: remote.join_url,
      meeting_url: remote.join_url,
      status: 1,
    });
    const [msg] = await s.database.db
      .select()
      .from(accountMessage)
      .where(and(eq(accountMessage.source_type, "meeting"), eq(accountMessage.source_id, booked.id)));
    expect(msg!.account_id).toBe(who.lilaoshi!.account_id);
    expect(msg!.content).toContain(remote.join_url);
    expect(msg!.content).toContain(remote.meeting_code);

    const list = await ok<Page<MeetingRow>>(CALLS.tencentMeetingList, {}, "lilaoshi");
    expect(list.list.map((m) => [m.id, m.join_url])).toEqual([[booked.id, remote.join_url]]);

    // detail reads the meeting back from Tencent (GET with userid and instanceid in the signed URI) and keeps a new link
    remote.join_url = "https://meeting.tencent.com/dm/changed";
    const detail = await ok<MeetingRow>(CALLS.tencentMeetingDetail, { id: booked.id }, "lilaoshi");
    const read = fake.seen.at(-1)!;
    expect(read.problems).toEqual([]);
    expect(read.method).toBe("GET");
    expect(read.url).toBe(`/v1/meetings/${remote.meeting_id}?userid=${CRED.operatorId}&instanceid=1`);
    expect(read.body).toBe("");
    expect(detail.join_url).toBe("https://meeting.tencent.com/dm/changed");
    const [row] = await s.database.db.select().from(meeting).where(eq(meeting.id, booked.id));
    expect(row!.meeting_url).toBe("https://meeting.tencent.com/dm/changed");

    const cancelled = await ok<MeetingRow>(CALLS.tencentMeetingCancel, { id: booked.id }, "zhanglaoshi");
    const cancel = fake.seen.at(-1)!;
    expect(cancel.problems).toEqual([]);
    expect(cancel.url).toBe(`/v1/meetings/${remote.meeting_id}/cancel`);
    expect(JSON.parse(cancel.body)).toEqual({ userid: CRED.operatorId, instanceid: 1, reason_code: 1 });
    expect(remote.status).toBe("MEETING_STATE_CANCELLED");
    expect(cancelled.status).toBe(2);
    // a cancelled meeting is not read from Tencent again
    const n = fake.seen.length;
    expect((await ok<MeetingRow>(CALLS.tencentMeetingDetail, { id: booked.id }, "zhanglaoshi")).status).toBe(2);
    expect(fake.seen.length).toBe(n);
    expect(fake.seen.every((r) => r.problems.length === 0)).toBe(true);
  });

  it("a Tencent refusal comes back as a Chinese message with a non-200 code, and nothing is stored", async () => {
    const before = (await s.database.db.select().from(meeting)).length;
    const r = await call(CALLS.tencentMeetingReservation, { community_id: open, name: "被拒绝的会议", start_time: at(3), end_time: at(4) }, "zhanglaoshi");
    expect(r.code).toBe(503);
    expect(r.msg).toBe("腾讯会议预约失败：会议主题包含敏感词（错误码 9061）");
    expect((await s.database.db.select().from(meeting)).length).toBe(before);
  });

  it("a failing read is a Chinese message too; a meeting cancelled in Tencent Meeting is cancelled here; our own refusals come before any request to Tencent", async () => {
    const booked = await ok<MeetingRow>(
      CALLS.tencentMeetingReservation,
      { community_id: open, name: "读取失败的会议", start_time: at(5), end_time: at(6) },
      "zhanglaoshi",
    );
    fake.failRead = true;
    try {
      const r = await call(CALLS.tencentMeetingDetail, { id: booked.id }, "zhanglaoshi");
      expect(r.code).toBe(503);
      expect(r.msg).toBe("腾讯会议查询失败：内部错误，请稍后重试（错误码 500000）");
    } finally {
      fake.failRead = false;
    }
    // cancelled in Tencent Meeting's own client: the next read marks it cancelled here
    fake.meetings.get(booked.provider_meeting_id)!.status = "MEETING_STATE_CANCELLED";
    expect((await ok<MeetingRow>(CALLS.tencentMeetingDetail, { id: booked.id }, "zhanglaoshi")).status).toBe(2);
    const n = fake.seen.length;
    const refused = await call(CALLS.tencentMeetingReservation, { community_id: open, name: "成员不能预约", start_time: at(5), end_time: at(6) }, "lilaoshi");
    expect(refused.code).toBe(403);
    const outsider = await call(
      CALLS.tencentMeetingReservation,
      { community_id: open, name: "外人", start_time: at(5), end_time: at(6), participation_account_ids: [who.zhaolaoshi!.account_id] },
      "zhanglaoshi",
    );
    expect(outsider.code).toBe(400);
    expect(fake.seen.length).toBe(n);
  });
});

describe("Tencent Meeting provider errors (direct)", () => {
  const cfg = { api: "", ...CRED };

  it("a timeout and an unreachable service become Chinese 503 messages", async () => {
    fake.hang = true;
    try {
      const p = new TencentMeetingProvider({ ...cfg, api: fake.url }, { timeoutMs: 300 });
      const e = await p
        .create({ subject: "超时", start: new Date(Date.now() + 3600_000), end: new Date(Date.now() + 7200_000), meetingUrl: "" })
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe(503);
      expect((e as AppError).message).toBe("腾讯会议预约失败：腾讯会议服务响应超时，请稍后再试");
    } finally {
      fake.hang = false;
    }
    const closed = new TencentMeetingProvider({ ...cfg, api: "http://127.0.0.1:9" }, { timeoutMs: 2000 });
    const e2 = await closed.cancel("123").catch((x: unknown) => x);
    expect((e2 as AppError).code).toBe(503);
    expect((e2 as AppError).message).toMatch(/^腾讯会议取消失败：/);
  });

  it("a wrong secret is refused by the fake's signature check (the check is real)", async () => {
    const p = new TencentMeetingProvider({ ...cfg, api: fake.url, secretKey: "wrong" });
    const e = await p.get("1").catch((x: unknown) => x);
    expect((e as AppError).code).toBe(503);
    expect((e as AppError).message).toContain("X-TC-Signature mismatch");
    expect(fake.seen.at(-1)!.problems).toEqual(["X-TC-Signature mismatch"]);
  });
});
