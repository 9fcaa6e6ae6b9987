/**
 * Every community_log action the code writes has a name in COMMUNITY_LOG_ACTIONS (the feeds show those names):
 * the action literals of the modules' sources are read and checked.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMMUNITY_LOG_ACTIONS, COMMUNITY_OPERATIONS } from "@yanke/protocol";
import { describe, expect, it } from "vitest";

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith(".ts") && !p.endsWith(".test.ts") ? [p] : [];
  });
}

describe("community log actions", () => {
  it("are all named", () => {
    const written = new Set<string>();
    for (const file of sources(modules)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/action: "((?:community|member|article|board|notice|meeting|file|activity)\.[a-z_.]+)"/g)) written.add(m[1]!);
      for (const m of text.matchAll(/"((?:community|member|article|board|notice|meeting|file|activity)\.[a-z_]+(?:\.[a-z_]+)?)"/g))
        if (/\.log\(|action/.test(text)) written.add(m[1]!);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: looks for this template literal in the source text.
      if (text.includes("`community.operate.${op}`")) for (const op of Object.keys(COMMUNITY_OPERATIONS)) written.add(`community.operate.${op}`);
    }
    expect(written.size).toBeGreaterThan(20);
    const missing = [...written].filter((a) => !COMMUNITY_LOG_ACTIONS[a]);
    expect(missing).toEqual([]);
  });
});
