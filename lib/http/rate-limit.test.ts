import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";

describe("createRateLimiter", () => {
  it("allows the burst, refuses the next, and refills at the rate", () => {
    const rl = createRateLimiter(6, 3); // one token every 10 s
    expect([0, 0, 0].map((t) => rl.take("a", t).ok)).toEqual([true, true, true]);
    expect(rl.take("a", 0)).toEqual({ ok: false, retryAfterMs: 10_000 });
    expect(rl.take("a", 5_000)).toEqual({ ok: false, retryAfterMs: 5_000 });
    expect(rl.take("a", 10_000).ok).toBe(true);
    expect(rl.take("a", 10_000).ok).toBe(false);
  });
  it("keeps clients apart", () => {
    const rl = createRateLimiter(60, 1);
    expect(rl.take("a", 0).ok).toBe(true);
    expect(rl.take("a", 0).ok).toBe(false);
    expect(rl.take("b", 0).ok).toBe(true);
  });
  it("never refills above the burst after a long idle", () => {
    const rl = createRateLimiter(60, 2);
    rl.take("a", 0);
    expect([1e9, 1e9, 1e9].map((t) => rl.take("a", t).ok)).toEqual([true, true, false]);
  });
});
