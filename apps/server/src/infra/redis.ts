import { Redis } from "ioredis";

/**
 * One Redis connection for the given URL, connected before it is handed out. Errors while it runs (an outage) are
 * reported once per outage instead of as ioredis' "Unhandled error event"; commands fail with them meanwhile.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  let down = false;
  redis.on("error", (e: Error) => {
    if (!down) console.warn(`Redis 连接异常：${e.message}`);
    down = true;
  });
  redis.on("ready", () => {
    down = false;
  });
  await redis.connect();
  return redis;
}
