/**
 * Compare of two lesson-plan texts (docs/decisions/0813): one line per block (textLines), diffLines over the lines,
 * then within a removed run directly followed by an added run the lines are paired and diffWords marks the words
 * (diff 9 segments Chinese into words). Answered as structured parts, never HTML.
 */
import type { LessonPlanCompareAnswer, LessonPlanDiffPart } from "@yanke/protocol";
import { diffLines, diffWords } from "diff";

type Counts = LessonPlanCompareAnswer["counts"];

const linesOf = (value: string): string[] => value.replace(/\n$/, "").split("\n");

/** Lines at most this different (share of characters changed) are shown as one changed line, not removed + added. */
const CHANGED_RATIO = 0.6;

export function compareLines(a: string[], b: string[]): { parts: LessonPlanDiffPart[]; counts: Counts } {
  const counts: Counts = { added: 0, removed: 0, changed: 0, same: 0, added_chars: 0, removed_chars: 0 };
  const parts: LessonPlanDiffPart[] = [];
  const chunks = diffLines(a.length ? `${a.join("\n")}\n` : "", b.length ? `${b.join("\n")}\n` : "");
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i]!;
    if (!c.added && !c.removed) {
      for (const text of linesOf(c.value)) parts.push({ type: "same", text });
      counts.same += c.count ?? linesOf(c.value).length;
      continue;
    }
    if (c.removed && chunks[i + 1]?.added) {
      const removed = linesOf(c.value);
      const added = linesOf(chunks[i + 1]!.value);
      i++;
      const n = Math.max(removed.length, added.length);
      for (let k = 0; k < n; k++) {
        const r = removed[k];
        const ad = added[k];
        if (r !== undefined && ad !== undefined) {
          const words = diffWords(r, ad);
          const changedChars = words.filter((w) => w.added || w.removed).reduce((s, w) => s + w.value.length, 0);
          if (changedChars / Math.max(1, r.length + ad.length) <= CHANGED_RATIO) {
            counts.changed++;
            const segments = words.map((w) => ({ type: w.added ? ("added" as const) : w.removed ? ("removed" as const) : ("same" as const), text: w.value }));
            for (const s of segments) {
              if (s.type === "added") counts.added_chars += s.text.length;
              if (s.type === "removed") counts.removed_chars += s.text.length;
            }
            parts.push({ type: "changed", segments });
            continue;
          }
        }
        if (r !== undefined) {
          parts.push({ type: "removed", text: r });
          counts.removed++;
          counts.removed_chars += r.length;
        }
        if (ad !== undefined) {
          parts.push({ type: "added", text: ad });
          counts.added++;
          counts.added_chars += ad.length;
        }
      }
      continue;
    }
    for (const text of linesOf(c.value)) {
      parts.push({ type: c.added ? "added" : "removed", text });
      if (c.added) {
        counts.added++;
        counts.added_chars += text.length;
      } else {
        counts.removed++;
        counts.removed_chars += text.length;
      }
    }
  }
  return { parts, counts };
}
