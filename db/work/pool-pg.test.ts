// The worker threads' own PostgreSQL connections (db/work/store.ts) in the real pool (piscina threads running the
// bundle): a job reads `?full=1`'s whole runs on the thread's connection, and closePool has every thread close its
// connections before the threads stop, so the server sees them ended, none left behind. A thread idle between jobs
// must still hear the request: piscina's default wait (Atomics.wait) froze an idle thread's event loop, so no thread
// answered and closePool stopped them with their connections open.

import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import type { DbHandle } from "@/db/client";
import { wholeRunsText } from "@/db/queries/upload-runs";
import { openFreshPg, testPgUrl } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { closePool, runJob } from "./pool";

describe.runIf(testPgUrl())("the pool's PostgreSQL connections", () => {
  let h: DbHandle;
  let id = "";
  let admin: pg.Client;
  beforeAll(async () => {
    h = await openFreshPg();
    const rel = "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json";
    const text = fs.readFileSync(sharedPath("bakeoff", rel), "utf8");
    id = (await saveBakeoffUpload(h, { files: [{ name: path.basename(rel), text }] })).id;
    admin = new pg.Client({ connectionString: testPgUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await h.close();
  });

  const workerConnections = async () => {
    const store = h.workerStore;
    const db = store && "pg" in store ? new URL(store.pg).pathname.slice(1) : "";
    const r = await admin.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'perfcontext-worker' and datname = $1",
      [db],
    );
    return Number(r.rows[0]?.n);
  };

  it("a worker thread reads on its own connection and closes it when the pool closes", async () => {
    const store = h.workerStore;
    if (!store || !("pg" in store)) throw new Error("not a PostgreSQL store");
    const bytes = await runJob({ kind: "samples", read: { ...store, uploadId: id } });
    const text = await wholeRunsText(h, { id, runs: "", perRequestSamples: 2 });
    expect(bytes && Buffer.from(bytes).toString("utf8")).toBe(text);
    expect(await workerConnections()).toBe(1);
    // the thread is idle now, between jobs: it still hears the request and closes its pool
    await new Promise((r) => setTimeout(r, 100));
    const closed = await closePool();
    expect(closed.threads).toBeGreaterThan(0);
    expect(closed.answered).toBe(closed.threads);
    for (let i = 0; i < 50 && (await workerConnections()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await workerConnections()).toBe(0);
  }, 60_000);
});
