// readCappedBody on its own: a body past its cap is read and discarded so the client sees the 413, but a client
// that stops sending (a Content-Length it never fills) must not hold the answer back (the e2e journey
// "413 over the size limit, declared" hung here until the client gave up).
import { describe, expect, it } from "vitest";
import { BODY_IDLE_MS, guardWrite, LINGER_IDLE_MS, readCappedBody } from "./write-guard";

function request(chunks: Uint8Array[], opts: { declared?: number; endAfter: boolean }): Request {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const x of chunks) c.enqueue(x);
      if (opts.endAfter) c.close();
      // otherwise: the client went quiet, the stream never ends
    },
  });
  const headers = new Headers();
  if (opts.declared !== undefined) headers.set("content-length", String(opts.declared));
  return new Request("http://127.0.0.1/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("readCappedBody", () => {
  it("lets the event loop turn while a body that has all arrived is read (21 MB queued in 64 KB chunks)", async () => {
    // chunks already queued resolve each read at once: without a turn between them the whole body was read in one
    // stretch of microtasks (issue 26: the 21.4 MB upload's read held the request thread 90–130 ms with its GC)
    const size = 21 * 1024 * 1024;
    const chunks = Array.from({ length: size / 65536 }, (_, i) => new Uint8Array(65536).fill(i % 251));
    let turns = 0;
    let on = true;
    const tick = () => {
      if (!on) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const r = await readCappedBody(request(chunks, { declared: size, endAfter: true }), 25 * 1024 * 1024);
    on = false;
    if (!(r instanceof Uint8Array)) throw new Error(`not read: ${r}`);
    expect(r.byteLength).toBe(size);
    expect(r[65536 * 300]).toBe(300 % 251);
    // at least one turn per 1 MiB read
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it.each([
    { name: "under the cap, ended", chunks: [100, 200], max: 1000, declared: undefined, ended: true, want: 300 },
    { name: "exactly the cap", chunks: [500, 500], max: 1000, declared: 1000, ended: true, want: 1000 },
    { name: "over the cap, ended", chunks: [800, 800], max: 1000, declared: undefined, ended: true, want: "too-large" },
  ])("$name", async ({ chunks, max, declared, ended, want }) => {
    const r = await readCappedBody(
      request(
        chunks.map((n) => new Uint8Array(n)),
        { declared, endAfter: ended },
      ),
      max,
    );
    expect(typeof r === "string" ? r : r.byteLength).toBe(want);
  });

  // issue 26: a declared length under the cap is filled chunk by chunk into one buffer of that length (no whole-body
  // copy left for the end); a header that says more or less than was sent still yields exactly the bytes sent
  it.each([
    { name: "as declared", sizes: [3, 5, 2], declared: 10 },
    { name: "fewer bytes than declared", sizes: [3, 5], declared: 10 },
    { name: "more bytes than declared", sizes: [3, 5, 4], declared: 10 },
    { name: "none declared", sizes: [3, 5, 4], declared: undefined },
  ])("the bytes in order: $name", async ({ sizes, declared }) => {
    let v = 0;
    const chunks = sizes.map((n) => Uint8Array.from({ length: n }, () => ++v));
    const r = await readCappedBody(request(chunks, { declared, endAfter: true }), 1000);
    if (typeof r === "string") throw new Error(r);
    expect([...r]).toEqual(Array.from({ length: v }, (_, i) => i + 1));
    expect(r.buffer.byteLength).toBe(v);
  });

  it("answers too-large within the idle bound when a declared-oversize client stops sending", async () => {
    const t0 = Date.now();
    const r = await readCappedBody(request([new Uint8Array(1024)], { declared: 30_000_000, endAfter: false }), 1000);
    expect(r).toBe("too-large");
    expect(Date.now() - t0).toBeLessThan(LINGER_IDLE_MS + 1500);
  });

  it("answers within the whole linger bound when a streaming client never stops", async () => {
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        n++;
        return new Promise((resolve) =>
          setTimeout(() => {
            try {
              c.enqueue(new Uint8Array(10));
            } catch {
              // cancelled by the reader meanwhile
            }
            resolve();
          }, 5),
        );
      },
    });
    const req = new Request("http://127.0.0.1/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
    const t0 = Date.now();
    const r = await readCappedBody(req, 100, { bytes: 1_000_000_000, ms: 300 });
    expect(r).toBe("too-large");
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(n).toBeGreaterThan(10);
  });

  // issue 26 finding 7: a body under the cap that stops coming held the route for Node's 300 s request timeout
  it("answers stalled within the same idle bound when a client under the cap stops sending", async () => {
    expect(BODY_IDLE_MS).toBe(LINGER_IDLE_MS);
    const t0 = Date.now();
    const r = await readCappedBody(request([new Uint8Array(100)], { declared: 900, endAfter: false }), 1000);
    expect(r).toBe("stalled");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(BODY_IDLE_MS - 50);
    expect(Date.now() - t0).toBeLessThan(BODY_IDLE_MS + 1500);
  });

  it("guardWrite answers a stalled body with 408, naming the idle bound", async () => {
    const res = await guardWrite(request([new Uint8Array(100)], { endAfter: false }), {
      route: "POST /api/x",
      maxBytes: 1000,
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.response.status).toBe(408);
    expect(res.response.headers.get("connection")).toBe("close");
    const body = (await res.response.json()) as { error: { message: string; field: string } };
    expect(body.error.message).toMatch(/POST \/api\/x: the request body stopped arriving: no bytes for 2 s/);
    expect(body.error.field).toBe("body");
  });
});
