import { Code } from "@yanke/protocol";
import type { Redis } from "ioredis";
import { AppError } from "../../http/errors.js";
import { connectRedis } from "../../infra/redis.js";

/**
 * Concurrent lesson analyses (#10) capped by ai_capacity (docs/decisions/0433).
 *
 *   const slots = new AnalysisSlots({ capacity: () => platform.aiCapacity(), store });
 *   await slots.acquire(analysisId);   // 429 when full; again while running = renew the lease
 *   try { …analyse… } finally { await slots.release(analysisId); }
 *
 * A slot is a lease (default 2 h) so that a crashed process does not hold it for ever; a long analysis calls
 * acquire(id) again to renew it. Counting is in-process (MemorySlotStore) by default; with REDIS_URL every process
 * must share one RedisSlotStore (openSlotStore), which checks and takes a slot in one atomic Lua script.
 */
export interface SlotStore {
  readonly kind: "memory" | "redis";
  /** Takes (or renews) the slot of `id` unless `capacity` other live slots are held. */
  acquire(key: string, id: string, capacity: number, leaseMs: number): Promise<{ ok: boolean; held: number }>;
  /** Gives the slot back; false when it was not held. */
  release(key: string, id: string): Promise<boolean>;
  /** Ids holding a live slot. */
  held(key: string): Promise<string[]>;
  close(): Promise<void>;
}

export class MemorySlotStore implements SlotStore {
  readonly kind = "memory";
  private readonly sets = new Map<string, Map<string, number>>();

  private live(key: string): Map<string, number> {
    let set = this.sets.get(key);
    if (!set) {
      set = new Map();
      this.sets.set(key, set);
    }
    const now = Date.now();
    for (const [id, until] of set) if (until <= now) set.delete(id);
    return set;
  }

  // No await between the check and the take: atomic within the process.
  async acquire(key: string, id: string, capacity: number, leaseMs: number) {
    const set = this.live(key);
    if (!set.has(id) && set.size >= capacity) return { ok: false, held: set.size };
    set.set(id, Date.now() + leaseMs);
    return { ok: true, held: set.size };
  }

  async release(key: string, id: string) {
    return this.live(key).delete(id);
  }

  async held(key: string) {
    return [...this.live(key).keys()];
  }

  async close() {
    this.sets.clear();
  }
}

/** KEYS[1] sorted set (member = id, score = lease end in ms); ARGV: id, capacity, lease ms. Server clock. */
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and held >= tonumber(ARGV[2]) then
  return {0, held}
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return {1, redis.call('ZCARD', KEYS[1])}
`;

const HELD_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

function toNumber(v: unknown): number {
  return typeof v === "number" ? v : Number(v);
}

/** Slots shared by every process through Redis (one sorted set per key). */
export class RedisSlotStore implements SlotStore {
  readonly kind = "redis";
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async acquire(key: string, id: string, capacity: number, leaseMs: number) {
    const r: unknown = await this.redis.eval(ACQUIRE_LUA, 1, this.prefix + key, id, String(capacity), String(Math.max(1, Math.round(leaseMs))));
    if (!Array.isArray(r)) throw new Error("unexpected answer from the slot script");
    return { ok: toNumber(r[0]) === 1, held: toNumber(r[1]) };
  }

  async release(key: string, id: string) {
    return (await this.redis.zrem(this.prefix + key, id)) > 0;
  }

  async held(key: string) {
    const r: unknown = await this.redis.eval(HELD_LUA, 1, this.prefix + key);
    return Array.isArray(r) ? r.map(String) : [];
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

/** In-process slots without REDIS_URL; otherwise a Redis connection of its own (closed by close()). */
export async function openSlotStore(redisUrl: string | undefined, prefix: string): Promise<SlotStore> {
  if (!redisUrl) return new MemorySlotStore();
  const redis = await connectRedis(redisUrl);
  return new RedisSlotStore(redis, prefix);
}

export const analysisFullMessage = (capacity: number) => `同时进行的课堂分析已达上限（${capacity}），请稍后再试`;
export const ANALYSIS_UNLICENSED = "课堂分析授权已过期或容量为 0，请联系管理员激活授权码";

export interface AnalysisSlotsOptions {
  /** The current cap (PlatformService.aiCapacity: the ai_capacity setting, bounded by an 'ai' authorization code). */
  capacity: () => Promise<number>;
  store?: SlotStore;
  /** How long a slot lasts without renewal (default 2 h). */
  leaseSeconds?: number;
  /** Suggested wait answered with a refusal (data.retry_after, Retry-After header; default 60 s). */
  retryAfterSeconds?: number;
}

/** The cap on concurrent lesson analyses. */
export class AnalysisSlots {
  private static readonly KEY = "analysis-slots";
  private readonly store: SlotStore;
  private readonly leaseMs: number;
  private readonly retryAfter: number;

  constructor(private readonly opts: AnalysisSlotsOptions) {
    this.store = opts.store ?? new MemorySlotStore();
    this.leaseMs = (opts.leaseSeconds ?? 7200) * 1000;
    this.retryAfter = opts.retryAfterSeconds ?? 60;
  }

  /** Takes a slot for the analysis (renews it when already held); 429 when full, 403 when the capacity is 0. */
  async acquire(analysisId: number | string): Promise<void> {
    const capacity = await this.opts.capacity();
    if (capacity <= 0) throw new AppError(Code.FORBIDDEN, ANALYSIS_UNLICENSED);
    const r = await this.store.acquire(AnalysisSlots.KEY, String(analysisId), capacity, this.leaseMs);
    if (!r.ok) throw new AppError(Code.TOO_MANY, analysisFullMessage(capacity), { retry_after: this.retryAfter, capacity, running: r.held });
  }

  /** Gives the slot back (no-op when not held). */
  async release(analysisId: number | string): Promise<void> {
    await this.store.release(AnalysisSlots.KEY, String(analysisId));
  }

  /** Analyses holding a slot now. */
  async running(): Promise<string[]> {
    return this.store.held(AnalysisSlots.KEY);
  }
}
