/** Polling for tests (API and browser): wait until something the server does in the background is visible. */

/** Calls get() every `every` ms until done(value); returns that value, or throws "timed out waiting for <what>". */
export async function until<T>(what: string, get: () => Promise<T> | T, done: (v: T) => boolean, ms = 30_000, every = 250): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** until() for a yes/no check. */
export async function untilTrue(what: string, check: () => Promise<boolean> | boolean, ms = 30_000, every = 250): Promise<void> {
  await until(what, check, (v) => v, ms, every);
}
