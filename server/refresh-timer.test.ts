// The server's refresh option runs the real refresh job (db/import/refresh-cli.ts) in a child process and logs each of
// its lines; here against a mirror that refuses connections, so every round is one "could not fetch" line and the
// exit status says so.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { startRefreshTimer } from "./refresh-timer.mjs";

it("is off without a positive interval", () => {
  expect(startRefreshTimer({ minutes: 0 })).toBeNull();
  expect(startRefreshTimer({ minutes: Number.NaN })).toBeNull();
});

it("a run logs one line per official round; an unreachable mirror changes nothing and exits 1", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-refresh-timer-"));
  const saved = {
    db: process.env.PERFCONTEXT_DB,
    base: process.env.PERFCONTEXT_OFFICIAL_BASE,
    url: process.env.DATABASE_URL,
  };
  process.env.PERFCONTEXT_DB = path.join(dir, "t.db");
  process.env.PERFCONTEXT_OFFICIAL_BASE = `http://127.0.0.1:${port}/`;
  delete process.env.DATABASE_URL;
  const logged: string[] = [];
  const warned: string[] = [];
  const done = new Promise<void>((resolve) => {
    const t = startRefreshTimer({
      minutes: 60,
      log: {
        log: (s) => logged.push(s),
        warn: (s) => {
          warned.push(s);
          resolve();
        },
      },
    });
    t?.run();
    t?.stop();
  });
  await done;
  process.env.PERFCONTEXT_DB = saved.db;
  process.env.PERFCONTEXT_OFFICIAL_BASE = saved.base;
  if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
  fs.rmSync(dir, { recursive: true, force: true });
  expect(logged.filter((l) => /^refresh: v\d+\.\d+ failed: could not fetch .*ECONNREFUSED/.test(l))).toHaveLength(5);
  // the Endpoints results repository too: one line, nothing changed
  expect(logged.filter((l) => /^refresh: endpoints-v0\.7 failed: could not fetch .*ECONNREFUSED/.test(l))).toHaveLength(
    1,
  );
  expect(warned[0]).toMatch(/^refresh: exited with 1 /);
}, 120_000);
