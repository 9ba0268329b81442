// Work every process does once, done before the server takes a request (issue 26). Profiled with `node --cpu-prof`
// under PERFCONTEXT_LOOP_PROBE=1, the first max-cap bake-off upload held the request thread for ~0.2 s at load 7
// (0.4–0.5 s in the loaded bench) and later ones ~0.07 s: the first write instantiated the route's modules (Next
// loads a route's code on its first request: db/bakeoff, the zod schemas, ~150 ms), opened the SQLite store
// (better-sqlite3's addon, the migrations check and db/derived.ts's fill of derived values, ~70 ms) and the GC that
// followed. Asking each write route once here, over loopback on a port of its own, pays all of it before `listen`.
import http from "node:http";

/**
 * One request per write route: a GET on a POST-only route loads its code (405), and a well-formed unknown id on the
 * read beside it opens the store (404); and the campaign page, the heaviest page a hostile campaign reaches, by a
 * well-formed unknown id (404). Nothing is written.
 */
export const WARM_PATHS = [
  "/api/bakeoff",
  "/api/reproductions",
  "/api/campaigns",
  `/api/bakeoff/${"0".repeat(22)}`,
  // the campaign page's code (a 404 for a well-formed unknown id): its first render loaded ~130 ms of modules while
  // a 32-member campaign's page held the request thread (camppage, 2026-12-02)
  `/campaigns/${"0".repeat(22)}`,
];

/**
 * Send each of `paths` through `handle` (Next's request handler) on a loopback server of its own, one after the
 * other, then close it. A path that fails is skipped: warming never stops the server from starting.
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handle
 * @param {readonly string[]} [paths]
 * @returns {Promise<number[]>} each path's status (0 when it failed)
 */
export async function warmUp(handle, paths = WARM_PATHS) {
  const s = http.createServer((req, res) => handle(req, res));
  await new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = s.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const statuses = [];
  try {
    for (const p of paths) {
      try {
        const r = await fetch(`${base}${p}`, { headers: { connection: "close" } });
        await r.arrayBuffer();
        statuses.push(r.status);
      } catch {
        statuses.push(0);
      }
    }
  } finally {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(() => resolve(undefined)));
  }
  return statuses;
}
