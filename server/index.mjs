// What `npm start` serves: Next's production handler behind a small node:http server that does four things Next's
// route handlers cannot do for themselves (issue 15, issue 26).
//
// 1. Who is calling. The socket address is the client, unless the socket is one of PERFCONTEXT_TRUSTED_PROXIES
//    (comma-separated addresses or IPv4 CIDRs, e.g. "127.0.0.1,10.0.0.0/8"): then the nearest X-Forwarded-For hop
//    that is not itself a trusted proxy. It reaches the routes as `x-perfcontext-peer: <secret> <address>`, the
//    secret being random per process (PERFCONTEXT_PEER_SECRET), so a client cannot forge it; lib/http/write-guard.ts
//    keys the rate limit on it.
// 2. Answers computed once per data version. GET and HEAD answers (pages and /api reads, not /api/health or
//    static assets) are kept by request (path and query, plus the headers a page varies on) and the data version
//    the database holds (table data_version, bumped inside every write transaction, so several processes agree),
//    in a bounded LRU (PERFCONTEXT_CACHE_MB, default 64; 0 turns it off). Concurrent misses for one key wait for one
//    render. While a newer version renders, its previous answer is served (marked `x-perfcontext-cache: stale`),
//    so an import that lands every few hundred milliseconds does not turn every request into a render.
// 3. Compression: Next compresses (gzip) what it renders; the cache keeps those bytes per Accept-Encoding.
// 4. Requests Next would mishandle (server/request-guard.mjs): a malformed percent-encoding is a 400, not a 500;
//    a body that stops arriving is answered 408 and its socket closed after the write routes' idle bound.
//
// Usage: `node server/index.mjs` (PORT, default 3000; PERFCONTEXT_HOST, default 0.0.0.0; NEXT_DIST_DIR as in next.config.mjs).
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import next from "next";
import { dataVersionReader } from "./data-version.mjs";
import { loopProbe } from "./loop-probe.mjs";
import { clientAddress, parseTrusted } from "./peer.mjs";
import { startRefreshTimer } from "./refresh-timer.mjs";
import { guardRequest } from "./request-guard.mjs";
import { ResponseCache } from "./response-cache.mjs";
import { warmUp } from "./warm-up.mjs";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.PERFCONTEXT_HOST || "0.0.0.0";
process.env.PERFCONTEXT_PEER_SECRET ||= randomBytes(24).toString("base64url");
const secret = process.env.PERFCONTEXT_PEER_SECRET;
const trusted = parseTrusted(process.env.PERFCONTEXT_TRUSTED_PROXIES ?? "");
const dbFile = process.env.PERFCONTEXT_DB ?? path.join(process.cwd(), "data", "perfcontext.db");
const cacheMb = Number(process.env.PERFCONTEXT_CACHE_MB ?? 64);

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

// the data version, read on its own connection (SQLite file or PostgreSQL pool: server/data-version.mjs)
const dataVersion = dataVersionReader({ dbFile, databaseUrl: process.env.DATABASE_URL });

const cache = cacheMb > 0 ? new ResponseCache({ maxBytes: cacheMb * 1024 * 1024 }) : null;

// PERFCONTEXT_LOOP_PROBE=1 (benches only): GET /__loop-probe answers the longest event-loop block and the worker
// jobs' costs since the last read (server/loop-probe.mjs)
const probe = process.env.PERFCONTEXT_LOOP_PROBE === "1" ? loopProbe() : null;

const server = http.createServer((req, res) => {
  if (probe && req.url === "/__loop-probe") return probe.answer(res);
  if (guardRequest(req, res)) return;
  const address = clientAddress(req.socket.remoteAddress ?? "", req.headers["x-forwarded-for"], trusted);
  req.headers["x-perfcontext-peer"] = `${secret} ${address}`;
  if (cache && (req.method === "GET" || req.method === "HEAD") && cache.cacheable(req)) {
    dataVersion().then((version) => {
      if (version !== null) cache.serve(req, res, version, () => handle(req, res));
      else handle(req, res);
    });
    return;
  }
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
// the process's one-time work (each write route's code, the store's open) done now, not in someone's first upload
// (server/warm-up.mjs)
await warmUp(handle);
server.listen(port, hostname, () => {
  console.log(`PerfContext on http://${hostname}:${port} (cache ${cache ? `${cacheMb} MB` : "off"})`);
});
// SIGTERM / SIGINT: stop taking connections, let the worker threads close their own database connections
// (db/work/pool.ts closePool, which the routes' code registers on globalThis), then exit; at most 3 s
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  const close = globalThis[Symbol.for("perfcontext.closeWorkerPool")];
  const bound = new Promise((resolve) => setTimeout(resolve, 3000).unref());
  await Promise.race([typeof close === "function" ? close().catch(() => {}) : null, bound]);
  process.exit(0);
}
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
// PERFCONTEXT_REFRESH_MINUTES=N: fetch the official sources every N minutes (server/refresh-timer.mjs)
const refreshMinutes = Number(process.env.PERFCONTEXT_REFRESH_MINUTES ?? 0);
if (startRefreshTimer({ minutes: refreshMinutes }))
  console.log(`official sources refreshed every ${refreshMinutes} min`);
