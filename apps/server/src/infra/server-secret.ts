import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { systemSetting } from "../modules/platform/platform.schema.js";

/**
 * The server's own secret: 32 random bytes made on first start and kept in the database (system_setting
 * `server_secret`, which no call reads), so every process of one platform shares it. APP_KEY cannot serve here:
 * browsers receive it (the envelope key). Signed file and playback addresses and, without LICENSE_KEY, licence codes
 * derive their keys from it (docs/decisions/0507-server-secret.md).
 */
export const SERVER_SECRET_KEY = "server_secret";

export async function loadServerSecret(db: Db): Promise<Buffer> {
  const read = async () => {
    const [row] = await db.select().from(systemSetting).where(eq(systemSetting.key, SERVER_SECRET_KEY));
    const v = row?.value as { secret?: unknown } | undefined;
    return typeof v?.secret === "string" ? Buffer.from(v.secret, "base64") : undefined;
  };
  const found = await read();
  if (found && found.length >= 32) return found;
  // Two processes starting together: the first insert wins and both read it back.
  await db
    .insert(systemSetting)
    .values({ key: SERVER_SECRET_KEY, value: { secret: randomBytes(32).toString("base64") } })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error("server secret could not be stored");
  return made;
}

/** A key for one purpose ("files", "live", "license"), so no two uses share one. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`yanke:${purpose}`).digest();
}
