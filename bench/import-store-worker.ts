// One measured import into a new, empty store, in its own process: `tsx bench/import-store-worker.ts sqlite|pg
// FILE|baseline FILE`. "pipeline" stores: sqlite (a new file) or pg (a new database on PERFCONTEXT_TEST_PG's
// server). Prints one JSON line {store, ms, stored, maxRssMb}: ms is the import alone (runImport), not the process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DbHandle, openDb, openStore } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { freshPgDatabase } from "@/db/test-stores";

const [store, file] = process.argv.slice(2);
if ((store !== "sqlite" && store !== "pg") || !file) throw new Error("usage: import-store-worker sqlite|pg FILE");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-imp-"));
const pg = store === "pg" ? await freshPgDatabase() : null;
const h: DbHandle = pg ? await openStore(pg.url) : openDb(path.join(dir, "bench.db"));
try {
  const t0 = performance.now();
  const r = await runImport(h, [file]);
  const ms = performance.now() - t0;
  if (r.rejected) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  const n = (await h.x.get<{ n: number }>("select count(*) as n from results"))?.n ?? 0;
  console.log(JSON.stringify({ store, ms, stored: n, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
} finally {
  await h.close();
  await pg?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
