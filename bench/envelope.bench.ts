/**
 * Envelope cost: seal + open of a typical payload, against plain JSON stringify + parse in the same run.
 * Prints figures only; no thresholds.
 */
import { openPayload, sealPayload } from "@yanke/protocol";

const KEY = "bench-app-key-0123456789";
const payload = { page: 1, limit: 10, name: "初中语文公开课", school_id: 12, period_id: 3, subject_id: 7, ids: Array.from({ length: 20 }, (_, i) => i) };

async function time(label: string, n: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const per = (performance.now() - t0) / n;
  console.log(`${label.padEnd(28)} ${(per * 1000).toFixed(1).padStart(8)} µs/op  ${(1000 / per).toFixed(0).padStart(8)} op/s`);
  return per;
}

const N = 5000;
const base = await time("JSON stringify+parse", N, () => JSON.parse(JSON.stringify({ ...payload, request_time: 1 })));
const sealed = await sealPayload(KEY, payload);
const seal = await time("sealPayload", N, () => sealPayload(KEY, payload));
const open = await time("openPayload", N, () => openPayload(KEY, sealed.body.encrypt, sealed.atime));
console.log(`ratio seal/baseline ${(seal / base).toFixed(1)}×, open/baseline ${(open / base).toFixed(1)}×`);
console.log(`envelope overhead per request ≈ ${((seal + open) * 1000).toFixed(0)} µs (seal in browser + open on server)`);
