// Whole answers kept by request and data version (see server/index.mjs). Bounded by bytes, least recently used out.

/** The request headers an answer varies on (App Router navigations, OpenGraph origins, compression). */
const VARY = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "host",
  "x-forwarded-host",
  "x-forwarded-proto",
];
const CACHEABLE_TYPES = /^(text\/html|text\/x-component|application\/json|image\/png)/;
const SKIP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "set-cookie"]);

/** Weak comparison (RFC 9110 §13.1.2): `W/"a", "b"` holds `"a"`; `*` matches any. */
export function etagMatches(ifNoneMatch, etag) {
  const bare = (t) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => bare(t) === bare(etag));
}

export class ResponseCache {
  constructor({ maxBytes, maxEntryBytes = 4 * 1024 * 1024 }) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = maxEntryBytes;
    this.bytes = 0;
    /** key → { version, status, headers, body } */
    this.entries = new Map();
    /** `${version} ${key}` → waiting [req, res, render] */
    this.inflight = new Map();
  }

  /** GET of a page or an API read; not health, static assets, image optimisation or exports. */
  cacheable(req) {
    if (req.method !== "GET") return false;
    const url = req.url ?? "";
    if (url.startsWith("/_next/") || url.startsWith("/api/health") || url.includes("/export")) return false;
    if (req.headers.authorization || req.headers.cookie) return false;
    return true;
  }

  key(req) {
    const enc = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? "gzip" : "identity";
    return [req.url, enc, ...VARY.map((h) => req.headers[h] ?? "")].join("\u0000");
  }

  serve(req, res, version, render) {
    const key = this.key(req);
    const hit = this.entries.get(key);
    const inm = req.headers["if-none-match"];
    if (hit && hit.version === version) return this.send(res, hit, "hit", key, inm);
    const flight = `${version} ${key}`;
    const waiting = this.inflight.get(flight);
    if (waiting) {
      // a newer version is rendering: the previous answer now, else wait for the render
      if (hit) return this.send(res, hit, "stale", key, inm);
      waiting.push([res, render]);
      return;
    }
    this.inflight.set(flight, []);
    this.capture(res, (entry) => {
      const waiters = this.inflight.get(flight) ?? [];
      this.inflight.delete(flight);
      if (entry) this.store(key, { ...entry, version });
      for (const [r, again] of waiters) {
        if (entry) this.send(r, entry, "hit", null);
        else again();
      }
    });
    res.setHeader("x-perfcontext-cache", "miss");
    render();
  }

  /** `ifNoneMatch`: the request's validators; a kept answer whose ETag is among them goes out as a 304 (issue 29). */
  send(res, entry, how, key, ifNoneMatch) {
    if (key !== null) {
      // most recently used goes last
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    const etag = entry.headers.etag;
    if (typeof etag === "string" && typeof ifNoneMatch === "string" && etagMatches(ifNoneMatch, etag)) {
      const { "content-length": _l, "content-encoding": _e, "content-type": _t, ...rest } = entry.headers;
      res.writeHead(304, { ...rest, "x-perfcontext-cache": how });
      res.end();
      return;
    }
    const headers = { ...entry.headers, "x-perfcontext-cache": how, "content-length": String(entry.body.length) };
    res.writeHead(entry.status, headers);
    res.end(entry.body);
  }

  /** Tee what the renderer writes; `done(entry | null)` once it has finished (null: not cacheable). */
  capture(res, done) {
    const chunks = [];
    let size = 0;
    let tooBig = false;
    const passed = {};
    const origWriteHead = res.writeHead;
    const origWrite = res.write;
    const origEnd = res.end;
    const keep = (chunk, enc) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || tooBig) return;
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof enc === "string" ? enc : "utf8");
      size += b.length;
      if (size > this.maxEntryBytes) {
        tooBig = true;
        chunks.length = 0;
      } else chunks.push(b);
    };
    res.writeHead = function (status, ...rest) {
      const h = rest.find((x) => x && typeof x === "object" && !Array.isArray(x));
      if (h) for (const [k, v] of Object.entries(h)) passed[k.toLowerCase()] = v;
      return origWriteHead.call(this, status, ...rest);
    };
    res.write = function (chunk, enc, cb) {
      keep(chunk, enc);
      return origWrite.call(this, chunk, enc, cb);
    };
    res.end = function (chunk, enc, cb) {
      keep(chunk, enc);
      return origEnd.call(this, chunk, enc, cb);
    };
    let finished = false;
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      res.writeHead = origWriteHead;
      res.write = origWrite;
      res.end = origEnd;
      if (!ok || tooBig || res.statusCode !== 200) return done(null);
      const headers = {};
      for (const [k, v] of Object.entries({ ...res.getHeaders(), ...passed })) {
        const name = k.toLowerCase();
        if (!SKIP_HEADERS.has(name) && name !== "x-perfcontext-cache" && name !== "content-length") headers[name] = v;
      }
      if (res.getHeader("set-cookie") || passed["set-cookie"]) return done(null);
      if (!CACHEABLE_TYPES.test(String(headers["content-type"] ?? ""))) return done(null);
      done({ status: 200, headers, body: Buffer.concat(chunks) });
    };
    res.once("finish", () => finish(true));
    res.once("close", () => finish(res.writableFinished));
  }

  store(key, entry) {
    const size = entry.body.length + 512;
    if (size > this.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length + 512;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.body.length + 512;
    }
  }
}
