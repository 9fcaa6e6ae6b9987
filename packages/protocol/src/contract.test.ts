import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { CALLS, calls } from "./calls.js";
import { type AnswerOf, call, type PayloadOf } from "./contract.js";

describe("the contract (calls)", () => {
  it("has a call object for every CALLS name, with the same path and a payload schema", () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(CALLS).sort());
    expect(Object.fromEntries(Object.entries(calls).map(([name, c]) => [name, c.path]))).toEqual(CALLS);
    for (const [name, c] of Object.entries(calls)) expect(c.payload, name).toBeInstanceOf(z.ZodType);
  });

  it("types the payload and the answer", () => {
    const c = call<{ list: number[] }>()("/x", z.object({ id: z.coerce.number(), name: z.string().optional() }));
    expectTypeOf<AnswerOf<typeof c>>().toEqualTypeOf<{ list: number[] }>();
    expectTypeOf<PayloadOf<typeof c>>().toEqualTypeOf<{ id: unknown; name?: string | undefined }>();
    expect(c).toEqual({ path: "/x", payload: c.payload });
  });
});
