/** Agreement between two codings of the same samples: percent and Cohen's κ. Pure. OWNER: engine-metrics helper. */
import type { Agreement } from "@yanke/protocol";

/**
 * Percent agreement p_o × 100 (2 decimals) and Cohen's κ = (p_o − p_e) / (1 − p_e) with
 * p_e = Σ_k (a_k / n)(b_k / n) (3 decimals); κ is null when p_e = 1 (both codings use one and the same category).
 * Throws when the arrays differ in length. Empty arrays compare nothing: n = 0, agree 0, percent 0 and κ null (a
 * reader must look at n; callers should not show an agreement for n = 0).
 */
export function agreement(a: readonly string[], b: readonly string[]): Agreement {
  if (a.length !== b.length) throw new Error(`两种编码的样本数不一致（${a.length} 与 ${b.length}），无法计算一致性`);
  const n = a.length;
  if (n === 0) return { n: 0, agree: 0, percent: 0, kappa: null };
  let agree = 0;
  const ca = new Map<string, number>();
  const cb = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    ca.set(a[i]!, (ca.get(a[i]!) ?? 0) + 1);
    cb.set(b[i]!, (cb.get(b[i]!) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [k, x] of ca) pe += (x / n) * ((cb.get(k) ?? 0) / n);
  const kappa = Math.abs(1 - pe) < 1e-12 ? null : Math.round(((po - pe) / (1 - pe)) * 1000) / 1000;
  return { n, agree, percent: Math.round(po * 10000) / 100, kappa };
}
