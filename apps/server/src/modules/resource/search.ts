/**
 * Chinese full text of course resources (docs/decisions/1100-resource-search.md): search_text holds jieba's
 * cut_for_search of the name and introduction (and, for a course, its units' and lessons' names), space separated;
 * to_tsvector('simple', search_text) indexes it (GIN course_resource_search_idx). A query is cut the same way and its
 * words AND-ed as prefix terms; a query jieba cuts to nothing falls back to ILIKE on the name.
 *
 * The segmenter is the process's one jieba (infra/jieba.ts).
 */
import { jiebaInstance } from "../../infra/jieba.js";

const tokenizer = jiebaInstance;

const WORD = /^[\p{L}\p{N}]+$/u;
/** Single characters that say nothing in a query (a prefix term of one of them would only narrow by accident). */
const QUERY_STOP = new Set(["的", "了", "和", "与", "及", "在", "是", "之", "或", "把", "被", "对", "中"]);

/** The words of a text for search_text: cut_for_search, letters and digits only, lower case, space separated. */
export function segment(...texts: string[]): string {
  const out: string[] = [];
  for (const t of texts) {
    const text = t.trim();
    if (!text) continue;
    for (const w of tokenizer().cutForSearch(text.slice(0, 20_000), true)) {
      const word = w.trim().toLowerCase();
      if (word && WORD.test(word)) out.push(word);
    }
  }
  return out.join(" ");
}

/** The distinct words of a query (stop characters left out); [] when nothing searchable remains. */
export function queryWords(q: string): string[] {
  const words = new Set<string>();
  for (const w of tokenizer().cutForSearch(q.trim().slice(0, 200), true)) {
    const word = w.trim().toLowerCase();
    if (word && WORD.test(word) && !QUERY_STOP.has(word)) words.add(word);
  }
  return [...words];
}

/** A to_tsquery('simple', …) text: every word as a quoted prefix term, AND-ed; "" for no words. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `'${w.replace(/'/g, "''")}':*`).join(" & ");
}
