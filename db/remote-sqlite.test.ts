// The write-behind connection must store exactly what a local one does, see its own uncommitted writes, and
// leave nothing behind when a write or the caller fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { allRoundRecords, parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import { sharedPath } from "@/lib/shared-data";
import { runImport } from "./import/pipeline";
import { openRemoteDb } from "./remote-sqlite";
import { writeResults } from "./write";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perfcontext-remote-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const freshFile = () => {
  const f = path.join(tmp, `db${n++}.sqlite`);
  openDb(f).sqlite.close(); // migrated, empty
  return f;
};

/** Every table but the import log's timestamps. */
function content(h: DbHandle): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const t of ["results", "systems", "data_notes", "rounds", "latency_details"])
    out[t] = h.sqlite.prepare(`select * from ${t} order by rowid`).all();
  out.imports = h.sqlite
    .prepare("select id, source, format, sha256, rows, inserted, updated, unchanged from imports")
    .all();
  return out;
}

const META = { source: "all-rounds.json", format: "summary_results_json", sha256: "f".repeat(64) };

describe("openRemoteDb", () => {
  it("writes the three real rounds (2,905 results) exactly as a local connection does, and re-writes nothing", () => {
    const records = allRoundRecords();
    const localFile = freshFile();
    const remoteFile = freshFile();
    const local = openDb(localFile);
    expect(writeResults(local, records, META)).toMatchObject({ inserted: 2905 });
    const remote = openRemoteDb(remoteFile);
    expect(writeResults(remote, records, META)).toMatchObject({ rows: 2905, inserted: 2905, updated: 0 });
    expect(writeResults(remote, records, META)).toMatchObject({ inserted: 0, updated: 0, unchanged: 2905 });
    remote.close();
    const check = openDb(remoteFile);
    expect(content(check)).toEqual(content(local));
    check.sqlite.close();
    local.sqlite.close();
  });

  it("reads its own uncommitted writes inside the transaction; others see them only after commit", () => {
    const file = freshFile();
    const remote = openRemoteDb(file);
    const local = openDb(file);
    const seen = remote.sqlite
      .transaction(() => {
        remote.sqlite.prepare("insert into rounds (id, sort_key) values (?, ?)").run("v9.9", 909);
        const inside = remote.sqlite.prepare("select id, sort_key from rounds where id = ?").get("v9.9");
        const outside = local.sqlite.prepare("select count(*) as c from rounds").get();
        return { inside, outside };
      })
      .immediate();
    expect(seen).toEqual({ inside: { id: "v9.9", sort_key: 909 }, outside: { c: 0 } });
    expect(local.sqlite.prepare("select sort_key from rounds").raw().all()).toEqual([[909]]);
    remote.close();
    local.sqlite.close();
  });

  it("a write that fails in the worker fails the commit with SQLite's message and stores nothing", () => {
    const file = freshFile();
    const local = openDb(file);
    writeResults(local, parsedSummary(ROUND_FILES["v6.0"]).records, { ...META, source: "v6.0" });
    const before = dbContentHash(local);
    const remote = openRemoteDb(file);
    const dup = local.sqlite.prepare("select * from results limit 1").get() as Record<string, unknown>;
    const cols = Object.keys(dup);
    expect(() =>
      remote.sqlite
        .transaction(() => {
          remote.sqlite.prepare("insert into rounds (id, sort_key) values ('v0.0', 0)").run();
          remote.sqlite
            .prepare(`insert into results (${cols.join(",")}) values (${cols.map(() => "?").join(",")})`)
            .run(Object.values(dup));
        })
        .immediate(),
    ).toThrow(/UNIQUE constraint failed: results\.id/);
    expect(dbContentHash(local)).toBe(before);
    // the connection is still usable
    remote.sqlite.transaction(() => remote.sqlite.prepare("insert into rounds values ('v0.1', 1)").run()).immediate();
    expect(local.sqlite.prepare("select count(*) as c from rounds where id = 'v0.1'").get()).toEqual({ c: 1 });
    remote.close();
    local.sqlite.close();
  });

  it("rolls back what was sent when the caller throws, and says a write has no result to read", () => {
    const file = freshFile();
    const local = openDb(file);
    const before = dbContentHash(local);
    const remote = openRemoteDb(file);
    expect(() =>
      remote.sqlite
        .transaction(() => {
          const r = remote.sqlite.prepare("insert into rounds (id, sort_key) values ('v1.0', 100)").run();
          return r.changes;
        })
        .immediate(),
    ).toThrow(/write-behind statement has no result/);
    expect(dbContentHash(local)).toBe(before);
    remote.close();
    expect(() => remote.sqlite.prepare("select 1").get()).toThrow(/closed/);
    local.sqlite.close();
  });

  it("refuses :memory:, which a worker cannot see", () => {
    expect(() => openRemoteDb(":memory:")).toThrow(/needs a database file/);
  });
});

describe("runImport of a big summary_results.json goes through the worker", () => {
  const v60 = sharedPath("mlperf", "summary", "v6.0.summary_results.json");

  it("stores what the local path stores", async () => {
    const a = openDb(freshFile());
    const b = openDb(freshFile());
    const viaWorker = await runImport(a, [v60], { bulkMinBytes: 0 });
    const local = await runImport(b, [v60], { bulkMinBytes: Number.POSITIVE_INFINITY });
    expect(viaWorker).toMatchObject({ inserted: 520, rejected: 0, results: 520 });
    expect(local).toMatchObject({ inserted: 520, rejected: 0, results: 520 });
    expect(viaWorker.perSource[0]?.writer).toBe("worker");
    expect(local.perSource[0]?.writer).toBe("direct");
    expect(content(a)).toEqual(content(b));
    a.sqlite.close();
    b.sqlite.close();
  });

  it("rejects a file with a duplicate row after streaming part of it, leaving the database as it was", async () => {
    const h = openDb(freshFile());
    await runImport(h, [sharedPath("mlperf", "summary", "v5.1.summary_results.json")]);
    const before = dbContentHash(h);
    const rows = JSON.parse(fs.readFileSync(v60, "utf8")) as unknown[];
    const bad = path.join(tmp, "dup.summary_results.json");
    fs.writeFileSync(bad, JSON.stringify([...rows, rows[0]], null, 1));
    const r = await runImport(h, [bad], { bulkMinBytes: 0 });
    expect(r.rejected).toBe(1);
    expect(r.errors[0]?.message).toMatch(/^duplicate result: .* as line 2$/);
    expect(dbContentHash(h)).toBe(before);
    h.sqlite.close();
  });
});

describe("a worker that stops answering", () => {
  it("is given up on after the timeout, and a late answer is never read as a later reply", () => {
    const remote = openRemoteDb(freshFile(), { replyTimeoutMs: 200 });
    const slow = remote.sqlite.prepare(
      "with recursive c(x) as (select 1 union all select x + 1 from c where x < 20000000) select count(*) as n from c",
    );
    expect(() => slow.get()).toThrow(/did not answer query in 0.2 s; the connection is closed/);
    expect(() => remote.sqlite.prepare("select 1 as one").get()).toThrow(/closed/);
    remote.close();
  });
});

describe("a worker that cannot open the database", () => {
  it("answers the first request with the reason instead of hanging", () => {
    const remote = openRemoteDb(path.join(tmp, "no-such-dir", "x.db"));
    expect(() => remote.sqlite.transaction(() => 1).immediate()).toThrow(/SQLite worker could not open .*x\.db/);
    remote.close();
  });
});
