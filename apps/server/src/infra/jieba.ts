/**
 * One @node-rs/jieba for the process: the dictionary (and the TF-IDF table) load once, lazily (about 0.15 s each).
 * Used by resource search (resource/search.ts), the classroom record's keywords (analysis) and the lesson-plan
 * diagnosis (preparation/diagnosis-rules.ts).
 */
import { createRequire } from "node:module";
import type { Jieba, TfIdf } from "@node-rs/jieba";

const require = createRequire(import.meta.url);
let jieba: Jieba | undefined;
let tfidf: TfIdf | undefined;

function mod(): typeof import("@node-rs/jieba") {
  return require("@node-rs/jieba") as typeof import("@node-rs/jieba");
}
function dicts(): { dict: Uint8Array; idf: Uint8Array } {
  return require("@node-rs/jieba/dict") as { dict: Uint8Array; idf: Uint8Array };
}

/** The shared segmenter (jieba's default dictionary). */
export function jiebaInstance(): Jieba {
  jieba ??= mod().Jieba.withDict(dicts().dict);
  return jieba;
}

/** The shared TF-IDF keyword extractor (jieba's IDF table). */
export function tfidfInstance(): TfIdf {
  tfidf ??= mod().TfIdf.withDict(dicts().idf);
  return tfidf;
}
