/** localStorage with an in-memory fallback (private mode, tests in Node). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStorage(): KeyValueStorage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

function pick(): KeyValueStorage {
  try {
    const ls = globalThis.localStorage;
    if (ls) {
      ls.setItem("yanke.probe", "1");
      ls.removeItem("yanke.probe");
      return ls;
    }
  } catch {
    /* storage disabled: fall through */
  }
  return memoryStorage();
}

export const storage: KeyValueStorage = pick();

export function readJson(key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    /* quota exceeded: the in-memory state still works */
  }
}

/** Keys of §3 "locally stored codes", spelled as the spec does. */
export const HOST_CODE_KEY = "host_code";
export const PUSHALLRTMP_CODE_KEY = "pushallrtmp_code";
