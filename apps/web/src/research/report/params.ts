/** The query parameters of the report pages: ?type= / ?sections= (report sections) and ?ids= (/charts). */
import { SECTION_KEYS, type SectionKey } from "./section-keys";

const ALIAS: Record<string, SectionKey> = {
  speech: "talk",
  lida: "questions",
  question: "questions",
  dialogue: "depth",
  radar: "scoring",
  score: "scoring",
  pose: "behavior",
};

/** ?type=talk or ?sections=st,talk → known section keys in the given order (unknown ones dropped, repeats once). */
export function parseSections(raw: string | null): SectionKey[] {
  if (!raw) return [];
  const out: SectionKey[] = [];
  for (const part of raw.split(/[,，\s]+/)) {
    const k = (ALIAS[part] ?? part) as SectionKey;
    if ((SECTION_KEYS as readonly string[]).includes(k) && !out.includes(k)) out.push(k);
  }
  return out;
}

/** The most lessons /charts compares. */
export const MAX_LESSONS = 12;

/** ?ids=1,2,3 → positive whole ids, each once, at most MAX_LESSONS. */
export function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  const out: number[] = [];
  for (const p of raw.split(/[,，\s]+/)) if (/^\d+$/.test(p) && Number(p) > 0 && !out.includes(Number(p))) out.push(Number(p));
  return out.slice(0, MAX_LESSONS);
}
