/** Agreement between two codings of the same samples: percent and Cohen's κ. Pure. OWNER: engine-metrics helper. */
import type { Agreement } from "@yanke/protocol";

export function agreement(a: readonly string[], b: readonly string[]): Agreement {
  void a; void b;
  throw new Error("not implemented");
}
