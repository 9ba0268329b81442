// A token bucket per client for the write endpoints (see write-guard.ts, which keys it). Pure: the clock is passed in.
// One process, in memory — right for the embedded SQLite deployment; a shared server behind several processes
// would move this to the proxy or a shared store.

export interface RateLimiter {
  /** Take one token for `key` at time `nowMs`; when none is left, how long until one is (ms). */
  take(key: string, nowMs: number): { ok: true } | { ok: false; retryAfterMs: number };
}

/** `perMinute` requests per minute per key, with bursts up to `burst`. */
export function createRateLimiter(perMinute: number, burst = perMinute, maxKeys = 10_000): RateLimiter {
  const ratePerMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key, nowMs) {
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= maxKeys) buckets.clear(); // bounded memory under a flood of distinct keys
        b = { tokens: burst, at: nowMs };
        buckets.set(key, b);
      }
      b.tokens = Math.min(burst, b.tokens + Math.max(0, nowMs - b.at) * ratePerMs);
      b.at = nowMs;
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterMs: Math.ceil((1 - b.tokens) / ratePerMs) };
    },
  };
}
