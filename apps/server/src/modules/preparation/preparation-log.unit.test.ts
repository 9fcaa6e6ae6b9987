/**
 * Every community_log action the preparation calls (and the demo) write has a name in COMMUNITY_LOG_ACTIONS (the
 * community feeds show those names); log-actions.unit.test.ts checks the other modules' prefixes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMMUNITY_LOG_ACTIONS } from "@yanke/protocol";
import { describe, expect, it } from "vitest";

const dir = path.dirname(fileURLToPath(import.meta.url));

describe("preparation log actions", () => {
  it("are all named", () => {
    const written = new Set<string>();
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".ts") && !x.endsWith(".test.ts"))) {
      for (const m of readFileSync(path.join(dir, f), "utf8").matchAll(/"(preparation\.[a-z_]+)"/g)) written.add(m[1]!);
    }
    expect([...written].sort()).toEqual(
      expect.arrayContaining(["preparation.delete", "preparation.discuss", "preparation.save", "preparation.update", "preparation.verify"]),
    );
    expect([...written].filter((a) => !COMMUNITY_LOG_ACTIONS[a])).toEqual([]);
  });
});
