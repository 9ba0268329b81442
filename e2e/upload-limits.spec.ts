// Oversized uploads (issue 15): the 413 reaches every client — one that declares a size past the cap, one that streams
// without a length, one that declares a size and stops sending, and Python's urllib, which writes its whole body
// before it reads the answer — and nothing is stored.
import { execFile } from "node:child_process";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { storeCount } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Stored uploads with this label (a per-test marker, so parallel specs cannot disturb the count). */
function uploadCount(label: string): Promise<number> {
  return storeCount("select count(*) as n from bakeoff_uploads where label = ?", [label]);
}

test.describe("bake-off API: oversized uploads get their 413 and store nothing", () => {
  test("413 over the size limit, declared or streamed, without storing anything", async () => {
    const marker = `oversize ${Date.now()}`;
    // declared past the cap and the linger bound: refused without reading
    expect(await rawPost({ declaredLength: 100_000_000, sendBytes: 1024, label: marker })).toBe(413);
    expect(await rawPost({ declaredLength: null, sendBytes: 40 * 1024 * 1024, label: marker })).toBe(413);
    expect(await uploadCount(marker)).toBe(0);
  });

  // issue 15: a client that declares a length inside the linger bound (30 MB) and then stops sending must still get
  // its 413: past the cap the write guard waits at most LINGER_IDLE_MS (2 s) for the next chunk, then answers without
  // waiting for the cancel of a body that will never end (this journey was a fixme written in the same change that
  // stopped awaiting that cancel; it passes under `next start` and `npm start` alike)
  test("413 for a declared oversize body whose client stops sending", async () => {
    const marker = `oversize stalled ${Date.now()}`;
    const t0 = Date.now();
    expect(await rawPost({ declaredLength: 30_000_000, sendBytes: 1024, label: marker })).toBe(413);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await uploadCount(marker)).toBe(0);
  });

  // issue 15 finding 7: Python's urllib writes the whole body before it reads the answer; a server that answers and
  // closes while it is still sending gives it "Broken pipe" / "Connection reset" instead of the 413 (the lingering
  // close reads and discards the rest first)
  test("Python's urllib posting 60 MB sees the 413, not a broken pipe", async () => {
    test.slow();
    const py = `
import sys, urllib.request, urllib.error
req = urllib.request.Request("http://127.0.0.1:${PORT}/api/bakeoff", data=b"x" * (60 * 1024 * 1024), method="POST",
    headers={"Content-Type": "multipart/form-data; boundary=zzz"})
try:
    urllib.request.urlopen(req, timeout=60)
    print("no error")
except urllib.error.HTTPError as e:
    print("HTTP", e.code, e.read()[:200].decode())
except Exception as e:
    print("FAILED", type(e).__name__, e)
`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile("python3", ["-c", py], { timeout: 90_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(out.trim()).toMatch(/^HTTP 413 .*over the 25 MB limit of POST \/api\/bakeoff/);
  });
});

/**
 * POST a multipart body of zeros straight over HTTP: with a Content-Length over the cap (only a little is sent),
 * or chunked with no length (sent until the server answers). Resolves with the status code.
 */
function rawPost(opts: { declaredLength: number | null; sendBytes: number; label: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "content-type": "multipart/form-data; boundary=x" };
    if (opts.declaredLength !== null) headers["content-length"] = opts.declaredLength;
    else headers["transfer-encoding"] = "chunked";
    const req = http.request({ host: "127.0.0.1", port: PORT, path: "/api/bakeoff", method: "POST", headers });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    const head = Buffer.from(
      `--x\r\nContent-Disposition: form-data; name="label"\r\n\r\n${opts.label}\r\n` +
        `--x\r\nContent-Disposition: form-data; name="file"; filename="zeros.json"\r\n\r\n`,
    );
    req.write(head);
    const chunk = Buffer.alloc(256 * 1024);
    let sent = head.length;
    const pump = () => {
      while (!answered && sent < opts.sendBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered && opts.declaredLength === null) req.end();
    };
    pump();
  });
}
