// Import times on both stores (issue 16 item 6): each bundled round into a new SQLite file and a new PostgreSQL
// database, each by a fresh process (best of `processes`; PostgreSQL's target: at most 3 s per round), and the 100×
// copy of the three real rounds through the pipeline on PostgreSQL against SQLite's bare-insert baseline (the floor
// bench/import.ts measures the SQLite pipeline against) in the same run. Needs PERFCONTEXT_TEST_PG (npm run bench
// starts a throwaway cluster).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { bundledRounds } from "./import";

const OUT = path.resolve("bench/out");
const TSX = path.resolve("node_modules/.bin/tsx");

interface StoreRun {
  store: "sqlite" | "pg";
  ms: number;
  stored: number;
  maxRssMb: number;
}

function importOn(store: "sqlite" | "pg", file: string): StoreRun {
  const out = execFileSync(TSX, ["bench/import-store-worker.ts", store, file], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as StoreRun;
}

export interface RoundOnStores {
  file: string;
  rows: number;
  sqliteMs: number;
  pgMs: number;
}

/** Each bundled round on each store, fresh process each time, best of `processes`. */
export function roundsOnStores(processes = 2): RoundOnStores[] {
  fs.mkdirSync(OUT, { recursive: true });
  return bundledRounds().map((bundled) => {
    let file = bundled;
    if (bundled.endsWith(".gz")) {
      file = path.join(OUT, path.basename(bundled, ".gz"));
      fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(bundled)));
    }
    const best = { sqlite: Number.POSITIVE_INFINITY, pg: Number.POSITIVE_INFINITY };
    let rows = 0;
    for (let i = 0; i < processes; i++)
      for (const store of ["sqlite", "pg"] as const) {
        const r = importOn(store, file);
        if (rows && r.stored !== rows) throw new Error(`${store} stored ${r.stored} rows, not ${rows}`);
        rows = r.stored;
        best[store] = Math.min(best[store], r.ms);
      }
    if (file !== bundled) fs.rmSync(file, { force: true });
    return { file: path.basename(file), rows, sqliteMs: best.sqlite, pgMs: best.pg };
  });
}

export interface CopyOnStores {
  times: number;
  rows: number;
  pgPipelineMs: number;
  sqliteBaselineMs: number;
  sqlitePipelineMs: number;
  /** PostgreSQL pipeline ÷ SQLite bare baseline */
  ratio: number;
}

/** The 100× copy: the pipeline on PostgreSQL and on SQLite, and SQLite's bare baseline, in one run. */
export function copyOnStores(times = 100): CopyOnStores {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `rounds-x${times}.json`);
  execFileSync(TSX, ["bench/import-input.ts", String(times), file], { stdio: "inherit" });
  try {
    const baselineOut = execFileSync(
      TSX,
      ["bench/import-worker.ts", "baseline", file, path.join(OUT, "base.db"), "1"],
      {
        encoding: "utf8",
        maxBuffer: 1 << 24,
      },
    );
    const baseline = JSON.parse(baselineOut.trim().split("\n").pop() ?? "{}") as { ms: number };
    const sqlite = importOn("sqlite", file);
    const pg = importOn("pg", file);
    if (pg.stored !== sqlite.stored) throw new Error(`PostgreSQL stored ${pg.stored} rows, SQLite ${sqlite.stored}`);
    return {
      times,
      rows: pg.stored,
      pgPipelineMs: pg.ms,
      sqliteBaselineMs: baseline.ms,
      sqlitePipelineMs: sqlite.ms,
      ratio: pg.ms / baseline.ms,
    };
  } finally {
    fs.rmSync(file, { force: true });
    for (const f of ["base.db", "base.db-wal", "base.db-shm"]) fs.rmSync(path.join(OUT, f), { force: true });
  }
}

function fmt(n: number, d = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
}

export function printImportStores(rounds: RoundOnStores[], copy: CopyOnStores | null): void {
  console.log("== Import on both stores (issue 16): each bundled round by a fresh process; PostgreSQL at most 3 s ==");
  for (const r of rounds)
    console.log(
      `${r.file}: ${fmt(r.rows)} rows — SQLite ${fmt(r.sqliteMs)} ms | PostgreSQL ${fmt(r.pgMs)} ms ${r.pgMs <= 3000 ? "OK" : "OVER"}`,
    );
  if (copy)
    console.log(
      `${copy.times}× copy (${fmt(copy.rows)} rows): PostgreSQL pipeline ${fmt(copy.pgPipelineMs)} ms, SQLite pipeline ${fmt(copy.sqlitePipelineMs)} ms, ` +
        `SQLite bare baseline ${fmt(copy.sqliteBaselineMs)} ms; PostgreSQL ÷ SQLite baseline ${fmt(copy.ratio, 2)}×`,
    );
}
