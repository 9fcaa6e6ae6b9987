/**
 * Fixtures of the activity, home and personal tests: communities, members, articles, activities written straight
 * into the tables (the community and article calls belong to other modules), and the wire helpers.
 */
import type { Envelope, SessionInfo } from "@yanke/protocol";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { DEMO_ADMIN_PASSWORD, DEMO_TEACHER_PASSWORD } from "../src/db/bootstrap.js";
import { account } from "../src/modules/account/account.schema.js";
import { activity, activityMember } from "../src/modules/activity/activity.schema.js";
import { communityArticle } from "../src/modules/article/article.schema.js";
import { community, communityMember } from "../src/modules/community/community.schema.js";
import { type TestServer, startTestServer } from "./harness.js";

export interface Kit {
  s: TestServer;
  who: Record<string, SessionInfo>;
  id: Record<string, number>;
  call<T = unknown>(path: string, payload: Record<string, unknown>, user: string): Promise<Envelope<T>>;
  ok<T>(path: string, payload: Record<string, unknown>, user: string): Promise<T>;
  refused(path: string, payload: Record<string, unknown>, user: string, code: number, msg?: string | RegExp): Promise<void>;
  db: TestServer["database"]["db"];
}

export const USERS = ["zhanglaoshi", "lilaoshi", "wanglaoshi", "zhaolaoshi", "xiaoji", "quji", "pingtai"] as const;

export async function startKit(): Promise<Kit> {
  const s = await startTestServer();
  const who: Record<string, SessionInfo> = {};
  const id: Record<string, number> = {};
  for (const u of USERS) {
    who[u] = await s.login(u, u.endsWith("laoshi") ? DEMO_TEACHER_PASSWORD : DEMO_ADMIN_PASSWORD);
    id[u] = (await s.database.db.select({ id: account.id }).from(account).where(eq(account.username, u)))[0]!.id;
  }
  const call = <T = unknown>(path: string, payload: Record<string, unknown>, user: string) => s.call<T>(path, payload, who[user]!.token);
  return {
    s,
    who,
    id,
    db: s.database.db,
    call,
    ok: async <T>(path: string, payload: Record<string, unknown>, user: string) => {
      const r = await call<T>(path, payload, user);
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
      return r.data;
    },
    refused: async (path, payload, user, code, msg) => {
      const r = await call(path, payload, user);
      expect(r.code, `${path} answered ${r.code} ${r.msg}`).toBe(code);
      if (typeof msg === "string") expect(r.msg).toBe(msg);
      else if (msg) expect(r.msg).toMatch(msg);
    },
  };
}

export interface NewCommunity {
  name: string;
  owner: number;
  members?: number[];
  admins?: number[];
  school_id?: number;
  region_id?: number;
  area_id?: number;
  city_id?: number;
  type?: number;
  level?: number;
  status?: number;
  is_display?: number;
  is_recommend?: number;
  period_id?: number;
  subject_id?: number;
}

/** A community with its owner (role 1), administrators (2) and members (3), all joined. */
export async function insertCommunity(db: Kit["db"], c: NewCommunity): Promise<number> {
  const [row] = await db
    .insert(community)
    .values({
      name: c.name,
      account_id: c.owner,
      school_id: c.school_id ?? 0,
      region_id: c.region_id ?? 0,
      area_id: c.area_id ?? 0,
      city_id: c.city_id ?? 0,
      type: c.type ?? 1,
      level: c.level ?? 1,
      status: c.status ?? 1,
      is_display: c.is_display ?? 1,
      is_recommend: c.is_recommend ?? 0,
      period_id: c.period_id ?? 0,
      subject_id: c.subject_id ?? 0,
    })
    .returning({ id: community.id });
  const id = row!.id;
  const rows = [
    { community_id: id, account_id: c.owner, role: 1, status: 1, joined_at: new Date() },
    ...(c.admins ?? []).map((a) => ({ community_id: id, account_id: a, role: 2, status: 1, joined_at: new Date() })),
    ...(c.members ?? []).map((a) => ({ community_id: id, account_id: a, role: 3, status: 1, joined_at: new Date() })),
  ];
  await db.insert(communityMember).values(rows);
  return id;
}

export async function insertArticles(db: Kit["db"], communityId: number, accountId: number, n: number): Promise<void> {
  if (!n) return;
  await db.insert(communityArticle).values(Array.from({ length: n }, (_, i) => ({ community_id: communityId, account_id: accountId, title: `文章 ${i + 1}` })));
}

export interface NewActivity {
  name: string;
  account_id: number;
  community_id?: number;
  school_id?: number;
  area_id?: number;
  city_id?: number;
  type?: string;
  start: Date;
  end: Date;
  participants?: number[];
  is_recommend?: number;
  status?: number;
}

/** An activity row written straight into the table (as another module's register would). */
export async function insertActivity(db: Kit["db"], a: NewActivity): Promise<number> {
  const [row] = await db
    .insert(activity)
    .values({
      name: a.name,
      account_id: a.account_id,
      community_id: a.community_id ?? 0,
      school_id: a.school_id ?? 0,
      area_id: a.area_id ?? 0,
      city_id: a.city_id ?? 0,
      type: a.type ?? "research",
      start_time: a.start,
      end_time: a.end,
      is_recommend: a.is_recommend ?? 0,
      status: a.status ?? 1,
    })
    .returning({ id: activity.id });
  if (a.participants?.length) await db.insert(activityMember).values(a.participants.map((p) => ({ activity_id: row!.id, account_id: p })));
  return row!.id;
}

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
/** "YYYY-MM-DD HH:mm:ss" in Asia/Shanghai of an instant. */
export function wire(d: Date): string {
  return new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 19).replace("T", " ");
}
