// The one guard every HTTP write route goes through (uploads, snapshots, reproductions, campaigns, and any later
// write). A route adopts it in two lines:
//
//   const g = await guardWrite(req, { route: "POST /api/things", maxBytes: 64 * 1024 });
//   if (!g.ok) return g.response;            // 401 / 429 / 413, already worded for the client
//   … parse g.body (bytes, never more than maxBytes), write inside one transaction (bumpDataVersion) …
//
// What it does, in order:
// 1. Who is calling: the socket address the server (server/index.mjs, what `npm start` runs) vouches for, with
//    X-Forwarded-For honoured only from the proxies in PERFCONTEXT_TRUSTED_PROXIES (see server/peer.mjs). A
//    client-supplied header is never a key: without the server's stamp every caller shares one "unverified" bucket.
// 2. Authentication: with PERFCONTEXT_ADMIN_TOKEN set, a write needs `Authorization: Bearer <token>` (compared in
//    constant time); reads stay open. `open: "freeze"` lets anonymous callers through anyway when
//    PERFCONTEXT_OPEN_FREEZE=1 (freezing a share link), on their own, smaller quota (see the route's disk cap).
// 3. Rate limit, after authentication: authenticated callers in their own budget (PERFCONTEXT_ADMIN_RATE_LIMIT per
//    minute, default 600), everyone else per address (PERFCONTEXT_RATE_LIMIT, default 30; 0 turns it off). So
//    anonymous POSTs never lock the admin out, and rotating X-Forwarded-For buys nothing.
// 4. The body, counted while it streams (a declared Content-Length over the cap is refused before reading) and never
//    held past `maxBytes`; a body that stops arriving for BODY_IDLE_MS is answered 408. An oversized body is read
//    and discarded up to LINGER_MAX_BYTES (64 MB past the cap) and LINGER_MAX_MS before the 413 is sent, so a
//    client that writes its whole body before reading (Python's urllib) sees the 413 instead of "Broken pipe" (a
//    lingering close).
import { createHash, timingSafeEqual } from "node:crypto";
import { jsonError } from "./errors";
import { createRateLimiter, type RateLimiter } from "./rate-limit";

/** How much of an oversized body is read and thrown away so the client sees the 413 (bytes past the cap). */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** …and for how long at most. */
export const LINGER_MAX_MS = 15_000;

/** Past the cap, how long the linger waits for the next chunk before answering anyway. */
export const LINGER_IDLE_MS = 2_000;

/**
 * Under the cap too, how long a read waits for the next chunk before the body counts as stalled (408): the same
 * bound as past it, so a client that stops sending holds nothing for Node's 300 s request timeout (issue 26).
 * server/index.mjs applies the same bound to the socket (server/request-guard.mjs BODY_IDLE_MS).
 */
export const BODY_IDLE_MS = LINGER_IDLE_MS;

/**
 * The body's read lets the event loop turn (setImmediate) after this many bytes or ms since its last turn: chunks that
 * have all arrived resolve each read at once, so a 21 MB body was read in one stretch of microtasks (issue 26: the
 * read and its GC held the request thread 90–130 ms, 265 ms in process for 21 MB queued).
 */
const TURN_BYTES = 1024 * 1024;
const TURN_MS = 8;

async function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  ms: number,
): Promise<ReadableStreamReadResult<T> | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    const arm = (wait: number) => {
      const armed = Date.now();
      timer = setTimeout(() => {
        // a timer that fires late means this process was busy, not that the client went quiet: wait once more
        if (Date.now() - armed > wait * 1.5 + 100) arm(wait);
        else resolve("timeout");
      }, wait);
    };
    arm(ms);
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The header server/index.mjs stamps on every request: `<per-process secret> <client address>`. */
export const PEER_HEADER = "x-perfcontext-peer";

export interface WriteGuardOptions {
  /** For messages: "POST /api/snapshots". */
  route: string;
  /** Largest body accepted, bytes. */
  maxBytes: number;
  /** "freeze": anonymous callers may write when PERFCONTEXT_OPEN_FREEZE=1 even with a token set. */
  open?: "freeze";
  /** Field named in the 413 (the form field or "body"). */
  field?: string;
}

export type Caller = { address: string; verified: boolean; authenticated: boolean };

export type GuardResult =
  | { ok: true; body: Uint8Array<ArrayBuffer>; caller: Caller }
  | { ok: false; response: Response };

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

/** The client's address as server/index.mjs vouched for it; "unverified" when the request did not come through it. */
export function callerAddress(headers: Headers): { address: string; verified: boolean } {
  const secret = process.env.PERFCONTEXT_PEER_SECRET;
  const stamp = headers.get(PEER_HEADER);
  if (secret && stamp) {
    const sp = stamp.indexOf(" ");
    if (sp > 0 && safeEqual(stamp.slice(0, sp), secret)) return { address: stamp.slice(sp + 1), verified: true };
  }
  return { address: "unverified", verified: false };
}

function safeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}

/** Is a token configured, and does the request carry it? */
export function authState(req: Request): "no-token" | "authenticated" | "anonymous" {
  const token = process.env.PERFCONTEXT_ADMIN_TOKEN;
  if (!token) return "no-token";
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "");
  if (!m?.[1]) return "anonymous";
  return safeEqual(m[1].trim(), token) ? "authenticated" : "anonymous";
}

let limiters: { key: string; anon: RateLimiter; admin: RateLimiter } | null = null;

/** Forget every bucket (tests). */
export function resetRateLimits(): void {
  limiters = null;
}

function perMinute(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw.trim() === "" ? fallback : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The 429 for a caller over its budget, or null. Exported for tests; routes call guardWrite. */
export function rateLimit(caller: Caller, nowMs = Date.now()): Response | null {
  const anon = perMinute("PERFCONTEXT_RATE_LIMIT", 30);
  const admin = perMinute("PERFCONTEXT_ADMIN_RATE_LIMIT", 600);
  const key = `${anon}/${admin}`;
  if (!limiters || limiters.key !== key)
    limiters = { key, anon: createRateLimiter(anon || 1), admin: createRateLimiter(admin || 1) };
  const limit = caller.authenticated ? admin : anon;
  if (limit === 0) return null;
  const bucket = caller.authenticated ? limiters.admin : limiters.anon;
  const r = bucket.take(caller.address, nowMs);
  if (r.ok) return null;
  const res = jsonError(
    429,
    `too many requests: at most ${limit} writes per minute ${caller.authenticated ? "for authenticated callers" : "per client address"}; try again shortly`,
    null,
    { line: null },
  );
  res.headers.set("Retry-After", String(Math.ceil(r.retryAfterMs / 1000)));
  return res;
}

/**
 * The body, or "too-large" once it passes `max` bytes. What is past the cap is read and discarded (up to
 * LINGER_MAX_BYTES / LINGER_MAX_MS) so the answer reaches a client still sending; a declared Content-Length past
 * even that is refused without reading.
 */
export async function readCappedBody(
  req: Request,
  max: number,
  linger: { bytes: number; ms: number } = { bytes: LINGER_MAX_BYTES, ms: LINGER_MAX_MS },
): Promise<Uint8Array<ArrayBuffer> | "too-large" | "stalled"> {
  const declared = req.headers.get("content-length");
  const declaredN = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : null;
  if (declaredN !== null && declaredN > max + linger.bytes) return "too-large";
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  // a declared length under the cap: one buffer of it, each chunk copied in as it arrives, so no copy of the whole
  // body is left for the end (issue 26: the 21 MB body's concatenation held the request thread ~170 ms in one go)
  let filled: Uint8Array<ArrayBuffer> | null =
    declaredN !== null && declaredN <= max ? new Uint8Array(declaredN) : null;
  let total = 0;
  let over = declaredN !== null && declaredN > max;
  const started = Date.now();
  let turned = { at: performance.now(), total: 0 };
  for (;;) {
    if (total - turned.total >= TURN_BYTES || performance.now() - turned.at >= TURN_MS) {
      await new Promise((r) => setImmediate(r));
      turned = { at: performance.now(), total };
    }
    // A client that has stopped sending (a Content-Length it never fills) must not hold the answer: under the cap
    // each read waits at most BODY_IDLE_MS; past it at most LINGER_IDLE_MS, and the whole linger at most linger.ms.
    const next = over
      ? await readWithin(reader, Math.min(LINGER_IDLE_MS, Math.max(0, linger.ms - (Date.now() - started))))
      : await readWithin(reader, BODY_IDLE_MS);
    if (next === "timeout") {
      void reader.cancel().catch(() => undefined); // not awaited: a stalled client never lets the cancel settle
      if (!over) return "stalled";
      break;
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (!over && total > max) {
      over = true;
      chunks.length = 0;
    }
    if (over) {
      if (total > max + linger.bytes || Date.now() - started > linger.ms) {
        void reader.cancel().catch(() => undefined); // not awaited: a stalled client never lets the cancel settle
        break;
      }
      continue;
    }
    if (filled && total <= filled.byteLength) filled.set(value, total - value.byteLength);
    else {
      // more than the header declared (no HTTP/1.1 parser lets that through; a Request made in process may)
      if (filled) chunks.push(filled.subarray(0, total - value.byteLength));
      filled = null;
      chunks.push(value);
    }
  }
  if (over) return "too-large";
  if (filled) return total === filled.byteLength ? filled : filled.slice(0, total);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Everything a write route must check before it touches its body: see the header of this file. */
export async function guardWrite(req: Request, opts: WriteGuardOptions): Promise<GuardResult> {
  const { address, verified } = callerAddress(req.headers);
  const auth = authState(req);
  const caller: Caller = { address, verified, authenticated: auth === "authenticated" };
  const limited = rateLimit(caller);
  if (limited) return { ok: false, response: limited };
  const freezeOpen = opts.open === "freeze" && process.env.PERFCONTEXT_OPEN_FREEZE === "1";
  if (auth === "anonymous" && !freezeOpen)
    return {
      ok: false,
      response: jsonError(
        401,
        `${opts.route} needs Authorization: Bearer <token> (PERFCONTEXT_ADMIN_TOKEN is set on this server)`,
        null,
        { line: null },
      ),
    };
  const body = await readCappedBody(req, opts.maxBytes);
  if (body === "stalled") {
    const res = jsonError(
      408,
      `${opts.route}: the request body stopped arriving: no bytes for ${BODY_IDLE_MS / 1000} s; send it again`,
      opts.field ?? "body",
      { line: null },
    );
    res.headers.set("connection", "close");
    return { ok: false, response: res };
  }
  if (body === "too-large")
    return {
      ok: false,
      response: jsonError(
        413,
        `the request body is over the ${formatBytes(opts.maxBytes)} limit of ${opts.route}`,
        opts.field ?? "body",
        { line: null, maxBytes: opts.maxBytes },
      ),
    };
  return { ok: true, body, caller };
}
