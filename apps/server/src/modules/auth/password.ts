import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm), OWASP parameters.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown account cannot be told from a wrong password. */
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummy ??= hashPassword("yanke-timing-equaliser");
  await verifyPassword(await dummy, plain);
}
