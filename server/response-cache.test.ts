import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module without types (server/ runs under node directly)
import { etagMatches, ResponseCache } from "./response-cache.mjs";

interface Served {
  port: number;
  renders: string[];
  setVersion(v: number): void;
  close(): Promise<void>;
}

const open: Served[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** A server answering through the cache; a render takes `renderMs` and names the data version it saw. */
async function serve(opts: { renderMs?: number } = {}): Promise<Served> {
  let version = 1;
  const renders: string[] = [];
  const cache = new ResponseCache({
    maxBytes: 1 << 20,
  });
  const server = http.createServer((req, res) => {
    const v = version;
    cache.serve(req, res, v, () =>
      setTimeout(() => {
        renders.push(`v${v}`);
        res.setHeader("content-type", "application/json");
        res.setHeader("etag", `W/"v${v}"`);
        res.end(JSON.stringify({ version: v }));
      }, opts.renderMs ?? 0),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const s: Served = {
    port,
    renders,
    setVersion: (v) => {
      version = v;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
  open.push(s);
  return s;
}

async function get(s: Served, path = "/results"): Promise<{ how: string; version: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ port: s.port, path }, (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () =>
          resolve({
            how: String(res.headers["x-perfcontext-cache"]),
            version: JSON.parse(body).version,
            ms: performance.now() - t0,
          }),
        );
      })
      .once("error", reject);
  });
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

function status(s: Served, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ port: s.port, path: "/api/v1/results", headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .once("error", reject);
  });
}

describe("ResponseCache", () => {
  it("answers a kept answer's ETag in If-None-Match with a 304 (weak comparison)", async () => {
    expect(etagMatches('W/"a", "b"', '"a"')).toBe(true);
    expect(etagMatches("*", 'W/"x"')).toBe(true);
    expect(etagMatches('"c"', 'W/"a"')).toBe(false);
    const s = await serve();
    expect(await status(s, {})).toBe(200);
    expect(await status(s, { "if-none-match": 'W/"v1"' })).toBe(304);
    expect(await status(s, { "if-none-match": 'W/"v0"' })).toBe(200);
    s.setVersion(2);
    expect(await status(s, { "if-none-match": 'W/"v1"' })).toBe(200);
  });

  it("renders a key once per data version", async () => {
    const s = await serve();
    expect(await get(s)).toMatchObject({ how: "miss", version: 1 });
    expect(await get(s)).toMatchObject({ how: "hit", version: 1 });
    expect(s.renders).toEqual(["v1"]);
  });

  it("the first request after a write waits for the new render", async () => {
    const s = await serve({ renderMs: 150 });
    await get(s);
    s.setVersion(2);
    const first = await get(s);
    expect(first).toMatchObject({ how: "miss", version: 2 });
    expect(first.ms).toBeGreaterThanOrEqual(140);
  });

  it("after a write, the first request waits for the new answer and those arriving meanwhile get the previous one", async () => {
    const s = await serve({ renderMs: 400 });
    await get(s);
    s.setVersion(2);
    const first = get(s);
    await settle(100);
    expect(await get(s)).toMatchObject({ how: "stale", version: 1 });
    expect(await first).toMatchObject({ how: "miss", version: 2 });
    expect(await get(s)).toMatchObject({ how: "hit", version: 2 });
    expect(s.renders).toEqual(["v1", "v2"]);
  });

  it("different paths are different keys", async () => {
    const s = await serve();
    await get(s, "/a");
    expect(await get(s, "/b")).toMatchObject({ how: "miss" });
  });
});
