// Issue 15 finding 6: --max-bytes holds for every kind of source, and a FIFO nobody writes to does not hang.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "@/db/client";
import { runImport } from "./pipeline";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-maxb-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("--max-bytes for every source kind", () => {
  it("stops /dev/zero at the limit", async () => {
    const h = openDb(":memory:");
    const t0 = performance.now();
    const r = await runImport(h, ["/dev/zero"], { maxBytes: 4 * 1024 * 1024 });
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(r.rejected).toBe(1);
    expect(r.errors[0]?.message).toMatch(/more than 4194304 bytes \(the limit, --max-bytes\)/);
  });

  it("gives up on a silent FIFO after the idle limit instead of hanging", async () => {
    const fifo = path.join(tmp, "silent.fifo");
    execFileSync("mkfifo", [fifo]);
    const h = openDb(":memory:");
    const r = await runImport(h, [fifo], { timeoutMs: 500 });
    expect(r.rejected).toBe(1);
    expect(r.errors[0]?.message).toMatch(/no data for 0.5 s/);
  });

  it("stops an endless chunked URL at the limit", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk)) {
          /* keep writing */
        }
        res.once("drain", pump);
      };
      pump();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const h = openDb(":memory:");
      const r = await runImport(h, [`http://127.0.0.1:${port}/summary_results.json`], { maxBytes: 2 * 1024 * 1024 });
      expect(r.rejected).toBe(1);
      expect(r.errors[0]?.message).toMatch(/more than 2097152 bytes \(the limit, --max-bytes\)/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
