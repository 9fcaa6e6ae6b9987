import type { Redis } from "ioredis";
import { connectRedis } from "./redis.js";

/** Expiring counters (login throttling). In-process by default, Redis when REDIS_URL is set. */
export interface CounterStore {
  readonly kind: "memory" | "redis";
  /** Adds one; the window starts at the first hit and lasts ttlSeconds. */
  hit(key: string, ttlSeconds: number): Promise<number>;
  /** Current count and seconds left (0, 0 when absent). */
  peek(key: string): Promise<{ count: number; ttl: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  readonly kind = "memory";
  private readonly map = new Map<string, { count: number; expiresAt: number }>();

  private live(key: string) {
    const e = this.map.get(key);
    if (e && e.expiresAt <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  async hit(key: string, ttlSeconds: number): Promise<number> {
    const e = this.live(key);
    if (e) {
      e.count += 1;
      return e.count;
    }
    if (this.map.size > 100_000) this.sweep();
    this.map.set(key, { count: 1, expiresAt: Date.now() + ttlSeconds * 1000 });
    return 1;
  }

  async peek(key: string) {
    const e = this.live(key);
    return e ? { count: e.count, ttl: Math.ceil((e.expiresAt - Date.now()) / 1000) } : { count: 0, ttl: 0 };
  }

  async reset(key: string) {
    this.map.delete(key);
  }

  private sweep() {
    const now = Date.now();
    for (const [k, v] of this.map) if (v.expiresAt <= now) this.map.delete(k);
  }

  async close() {
    this.map.clear();
  }
}

export class RedisCounterStore implements CounterStore {
  readonly kind = "redis";
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, ttlSeconds: number): Promise<number> {
    const k = this.prefix + key;
    const r = await this.redis.multi().incr(k).expire(k, ttlSeconds, "NX").exec();
    const first = r?.[0];
    if (!first || first[0]) throw first?.[0] ?? new Error("redis multi failed");
    return Number(first[1]);
  }

  async peek(key: string) {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    return { count: Number(count ?? 0), ttl: Math.max(ttl, 0) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

export async function openCounterStore(redisUrl: string | undefined, prefix: string): Promise<CounterStore> {
  if (!redisUrl) return new MemoryCounterStore();
  const redis = await connectRedis(redisUrl);
  return new RedisCounterStore(redis, prefix);
}
