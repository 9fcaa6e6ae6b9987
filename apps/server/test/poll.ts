/** Polling for tests (API and browser): wait until something the server does in the background is visible. */

/** The one polling loop: get() every `every` ms until done(value) or `ms` have passed; the last value and whether it was done. */
async function poll<T>(get: () => Promise<T> | T, done: (v: T) => boolean, ms: number, every: number): Promise<{ value: T; done: boolean }> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (done(value)) return { value, done: true };
    if (Date.now() > end) return { value, done: false };
    await new Promise((r) => setTimeout(r, every));
  }
}

/** The last value seen, short, for a timeout message ("" when it does not print). */
function shown(v: unknown): string {
  if (v === undefined || typeof v === "boolean") return "";
  try {
    return `: ${JSON.stringify(v).slice(0, 500)}`;
  } catch {
    return "";
  }
}

/** Calls get() every `every` ms until done(value); returns that value, or throws "timed out waiting for <what>: <last value>". */
export async function until<T>(what: string, get: () => Promise<T> | T, done: (v: T) => boolean, ms = 30_000, every = 250): Promise<T> {
  const r = await poll(get, done, ms, every);
  if (!r.done) throw new Error(`timed out waiting for ${what}${shown(r.value)}`);
  return r.value;
}

/** until() for a yes/no check. */
export async function untilTrue(what: string, check: () => Promise<boolean> | boolean, ms = 30_000, every = 250): Promise<void> {
  await until(what, check, (v) => v, ms, every);
}

type Falsy = undefined | null | false | "" | 0;

/** until() for a look-up: waits until get() answers something truthy (a found row, a non-empty text, true) and returns it. */
export async function untilFound<T>(what: string, get: () => Promise<T | Falsy> | T | Falsy, ms = 30_000, every = 250): Promise<T> {
  return (await until(what, get, Boolean, ms, every)) as T;
}

/** A yes/no check polled like untilTrue(), answering whether it came true in time instead of throwing (for expect(…).toBe(true)). */
export async function holds(check: () => Promise<boolean> | boolean, ms = 30_000, every = 250): Promise<boolean> {
  return (await poll(check, (v) => v, ms, every)).done;
}

/**
 * The same helpers with other defaults, for a file whose waits are all shorter or quicker than 30 s / 250 ms:
 * `const { holds } = polling({ ms: 5000, every: 20 });`. A call can still pass its own ms and every.
 */
export function polling(defaults: { ms?: number; every?: number }) {
  const { ms = 30_000, every = 250 } = defaults;
  return {
    until: <T>(what: string, get: () => Promise<T> | T, done: (v: T) => boolean, t = ms, e = every) => until(what, get, done, t, e),
    untilTrue: (what: string, check: () => Promise<boolean> | boolean, t = ms, e = every) => untilTrue(what, check, t, e),
    untilFound: <T>(what: string, get: () => Promise<T | Falsy> | T | Falsy, t = ms, e = every) => untilFound(what, get, t, e),
    holds: (check: () => Promise<boolean> | boolean, t = ms, e = every) => holds(check, t, e),
  };
}
