// Issue 26 finding 7, at the server `npm start` runs (server/index.mjs): a malformed percent-encoding is a 400
// (it was a 500 from Next's router), and a body that stops arriving frees its socket after the idle bound (it was
// held for Node's 300 s requestTimeout).
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_IDLE_MS as ROUTE_IDLE_MS } from "@/lib/http/write-guard";
import { BODY_IDLE_MS, guardRequest, malformedTarget } from "./request-guard.mjs";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server like server/index.mjs; `handler` plays Next. */
async function serve(handler: http.RequestListener, guarded = true): Promise<number> {
  const server = http.createServer((req, res) => {
    if (guarded && guardRequest(req, res)) return;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

const ok: http.RequestListener = (_req, res) => res.end("ok");

describe("malformed percent-encoding", () => {
  it.each([
    ["/api/results/%00%ff", /character 14 .*%00%ff is not UTF-8/],
    ["/api/results/%ed%a0%80", /character 14 .*%ed%a0%80 is not UTF-8/], // an encoded surrogate
    ["/results?model=%zz", /character 16 .*"%" must be followed by two hex digits/],
    ["/compare?ids=a%2", /character 15 /],
  ])("GET %s → 400", async (target, why) => {
    const port = await serve(ok);
    const res = await fetch(`http://127.0.0.1:${port}${target}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; field: string } };
    expect(body.error.message).toMatch(why);
    expect(body.error.field).toBe("url");
  });

  it.each(["/api/results/6.0-0001", "/results?q=caf%C3%A9&a=%2F%20", "/s/abc%2Bdef"])("%s passes", async (target) => {
    expect(malformedTarget(target)).toBeNull();
    const port = await serve(ok);
    expect((await fetch(`http://127.0.0.1:${port}${target}`)).status).toBe(200);
  });
});

/** Sends the headers and `sent` of `declared` body bytes, then goes quiet; resolves when the server answers/closes. */
function stall(port: number, declared: number, sent: number): Promise<{ ms: number; text: string }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let text = "";
    const s = net.connect(port, "127.0.0.1", () => {
      s.write(`POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n${"x".repeat(sent)}`);
    });
    s.on("data", (d) => {
      text += d.toString();
    });
    s.on("close", () => resolve({ ms: Date.now() - t0, text }));
    s.on("error", () => undefined);
    setTimeout(() => s.destroy(), 8_000); // the old server: still open
  });
}

describe("a stalled body under the cap", () => {
  it("uses the write routes' idle bound", () => {
    expect(BODY_IDLE_MS).toBe(ROUTE_IDLE_MS);
  });

  it("a handler still waiting: answered 408 and closed after the idle bound and a short grace", async () => {
    const port = await serve((req) => req.on("data", () => undefined)); // reads, never answers (Next awaiting the body)
    const r = await stall(port, 1000, 10);
    expect(r.text).toMatch(/^HTTP\/1.1 408/);
    expect(r.text).toMatch(/no bytes for 2 s/);
    expect(r.ms).toBeGreaterThanOrEqual(BODY_IDLE_MS);
    expect(r.ms).toBeLessThan(BODY_IDLE_MS + 2_000);
  });

  it("a handler that answered: the socket is closed after the idle bound, not held for the request timeout", async () => {
    const port = await serve((_req, res) => {
      res.writeHead(408, { "content-type": "application/json" });
      res.end('{"error":{"message":"the request body stopped arriving"}}');
    });
    const r = await stall(port, 1000, 10);
    expect(r.text).toMatch(/^HTTP\/1.1 408/);
    expect(r.ms).toBeLessThan(BODY_IDLE_MS + 1_000);
  });

  it("before: without the guard the same request holds its socket (here past 8 s; Node's default is 300 s)", async () => {
    const port = await serve((req) => req.on("data", () => undefined), false);
    const r = await stall(port, 1000, 10);
    expect(r.text).toBe("");
    expect(r.ms).toBeGreaterThanOrEqual(7_900);
  }, 15_000);
});
