// Shared guard for HTTP write endpoints: the per-client rate limit (PERFCONTEXT_RATE_LIMIT requests per minute,
// default 30; 0 turns it off). Returns a 429 response when the client is over it.
import { jsonError } from "./errors";
import { clientKey, createRateLimiter, type RateLimiter } from "./rate-limit";

let limiter: RateLimiter | null = null;
let limit = -1;

export function rateLimited(req: Request, nowMs = Date.now()): Response | null {
  const perMinute = Number(process.env.PERFCONTEXT_RATE_LIMIT ?? 30);
  if (!Number.isFinite(perMinute) || perMinute <= 0) return null;
  if (!limiter || limit !== perMinute) {
    limiter = createRateLimiter(perMinute);
    limit = perMinute;
  }
  const r = limiter.take(clientKey(req.headers), nowMs);
  if (r.ok) return null;
  const res = jsonError(429, `too many requests: at most ${perMinute} per minute; try again shortly`, null);
  res.headers.set("Retry-After", String(Math.ceil(r.retryAfterMs / 1000)));
  return res;
}
