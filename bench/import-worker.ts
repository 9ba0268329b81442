// Measured imports in their own process (so peak memory is its own): `tsx bench/import-worker.ts MODE FILE DB [REPS]`.
// MODE "pipeline": the real importer (detect, parse, validate, normalize, write with provenance).
// MODE "baseline": the same rows, JSON.parse + one prepared INSERT into the same results table, one transaction,
// no validation or normalization — the floor the pipeline is measured against.
// MODE "pipeline-pg": the same importer into PostgreSQL (PERFCONTEXT_TEST_PG names the server; DB is unused): each
// import into a fresh database copied from a migrated template (db/test-stores.ts), dropped afterwards.
// MODE "replay": FILE is what the pipeline stored (bench/import.ts dumps it), table by table; JSON.parse + one
// prepared INSERT per table, one transaction — the cost of this schema's rows alone, without the importer's work.
// REPS imports run one after another, each into a new database: the first is what a fresh `npm run import` pays
// (V8 still compiling), the later ones the steady state. One JSON line per run.
import fs from "node:fs";
import { type DbHandle, openDb } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { openPgStore } from "@/db/pg";
import { freshPgDatabase } from "@/db/test-stores";

const [mode, file, dbFile, repsArg] = process.argv.slice(2);
if (!mode || !file || !dbFile) throw new Error("usage: import-worker MODE FILE DB [REPS]");
const reps = Number(repsArg ?? 1);
if (!Number.isInteger(reps) || reps < 1) throw new Error(`REPS must be a whole number ≥ 1, not ${repsArg}`);

async function pipeline(h: DbHandle): Promise<{ rows: number }> {
  const r = await runImport(h, [file as string]);
  if (r.rejected) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  return { rows: r.inserted + r.updated + r.unchanged };
}

function baseline(h: ReturnType<typeof openDb>): { rows: number } {
  let rows = 0;
  const data = JSON.parse(fs.readFileSync(file as string, "utf8")) as Record<string, unknown>[];
  h.sqlite
    .prepare(
      "insert into systems (id, round, submitter, platform, system_name, heterogeneous, software_stack) values ('s','v','x','p','n',0,'[]')",
    )
    .run();
  const ins = h.sqlite.prepare(
    `insert into results (id, system_id, result_id, round, round_sort, division, submitter, platform, model, used_model,
      model_family, scenario, availability, suite, precision, precision_raw, value, units, higher_is_better, has_power, accuracy,
      inferred, validity, measurement_key, location, details_url, code_url, notes_text, extra, origin, content_hash,
      accelerator, total_accelerators, nodes)
     values (?, 's', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, 0, 'VALID', ?, ?, ?, ?, ?, '{}', 'baseline', '', ?, ?, ?)`,
  );
  const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
  h.sqlite.transaction(() => {
    data.forEach((r, i) => {
      ins.run(
        String(i),
        s(r.ID),
        s(r.version),
        s(r.Category),
        s(r.Submitter),
        s(r.Platform),
        s(r.Model),
        s(r.UsedModel),
        s(r.Model),
        s(r.Scenario),
        s(r.Availability),
        s(r.Suite),
        s(r.weight_data_types),
        s(r.weight_data_types),
        Number(r.Performance_Result),
        s(r.Performance_Units),
        s(r.Accuracy),
        String(i),
        s(r.Location),
        s(r.Details),
        s(r.Code),
        s(r.Notes),
        s(r.Accelerator),
        Number(r["a#"]) || null,
        Number(r.Nodes) || null,
      );
      rows++;
    });
  })();
  return { rows };
}

/** A dump of stored tables, in an order their foreign keys allow (see bench/import.ts dumpStored). */
export interface StoredDump {
  tables: { table: string; columns: string[]; rows: unknown[][] }[];
}

function replay(h: ReturnType<typeof openDb>): { rows: number } {
  const dump = JSON.parse(fs.readFileSync(file as string, "utf8")) as StoredDump;
  let rows = 0;
  h.sqlite.transaction(() => {
    for (const t of dump.tables) {
      const ins = h.sqlite.prepare(
        `insert into "${t.table}" (${t.columns.map((c) => `"${c}"`).join(", ")}) values (${t.columns.map(() => "?").join(", ")})`,
      );
      for (const r of t.rows) ins.run(r);
      if (t.table === "results") rows = t.rows.length;
    }
  })();
  return { rows };
}

const report = (rep: number, rows: number, stored: number, ms: number) =>
  process.stdout.write(
    `${JSON.stringify({ mode, rep, rows, stored, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );

for (let rep = 0; rep < reps && mode === "pipeline-pg"; rep++) {
  if (!process.env.PERFCONTEXT_TEST_PG) throw new Error("pipeline-pg needs PERFCONTEXT_TEST_PG (a PostgreSQL server)");
  const { url, drop } = await freshPgDatabase();
  const h = await openPgStore(url, { migrate: false, max: 2 });
  const t0 = performance.now();
  const { rows } = await pipeline(h);
  const ms = performance.now() - t0;
  const n = Number((await h.x.get<{ n: number }>("select count(*) as n from results"))?.n ?? 0);
  await h.close();
  await drop();
  report(rep, rows, n, ms);
}

for (let rep = 0; rep < reps && mode !== "pipeline-pg"; rep++) {
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
  const h = openDb(dbFile);
  const t0 = performance.now();
  const { rows } = mode === "pipeline" ? await pipeline(h) : mode === "replay" ? replay(h) : baseline(h);
  // Both sides end with their rows in the database file, not only in the WAL: SQLite checkpoints on its own once a
  // commit leaves more than 1,000 pages in the WAL (the pipeline's rows cross that at 2.9k rows, the baseline's
  // narrower rows do not), so without this the two would be timed at different points of the same work.
  h.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  const ms = performance.now() - t0;
  const { n } = h.sqlite.prepare("select count(*) as n from results").get() as { n: number };
  h.sqlite.close();
  report(rep, rows, n, ms);
}
