// Issue 7 item 3: the importer killed with SIGKILL at random (seeded) points, ten times, during a large import — 7
// copies of the three real round summaries with unique platform names (21 sources, ~20,000 results). After every
// kill: PRAGMA integrity_check is "ok", no foreign key dangles, and every source is either fully present (all its
// results and systems, and its row in `imports`) or absent. Each run resumes with the sources still missing, as a
// user re-running after a crash would; a final run over all 21 completes with 0 rejected.
// CRASH_SEED overrides the seed; the kill points are printed.
// Ten kills, not the twenty this test first made (CI budget, measured 2026-12-02): the default seed's first ten already
// hold both kinds of kill point — 2 during start-up, 8 while a source is importing (1 in the run's first source, 7
// in its second) — and the second ten repeated the same points on a bigger database. Each run commits at most 2
// sources, so 10 kills commit at most 20 (seen: 10) and the 21 sources outlast them, whatever the seed.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE_TSX } from "@/db/import/run-cli";
import { sharedPath } from "@/lib/shared-data";

// node with tsx's loader, not the tsx wrapper: the wrapper runs the script in a child process of its own, which a
// SIGKILL to the wrapper would leave running
const ROUNDS = ["v4.1", "v5.1", "v6.0"] as const;
const COPIES = 7;
const KILLS = 10;
const SEED = Number(process.env.CRASH_SEED ?? 7_2026);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-crash-"));
const DB = path.join(tmp, "crash.db");

interface Source {
  file: string;
  round: string;
  suffix: string;
  rows: number;
}

/** mulberry32: a small seeded PRNG, so a failing kill schedule can be replayed with CRASH_SEED. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeSources(): Source[] {
  const out: Source[] = [];
  const rounds = ROUNDS.map((round) => ({
    round,
    rows: JSON.parse(
      fs.readFileSync(sharedPath("mlperf", "summary", `${round}.summary_results.json`), "utf8"),
    ) as Record<string, unknown>[],
  }));
  for (let i = 1; i <= COPIES; i++)
    for (const { round, rows } of rounds) {
      const suffix = `~crash${String(i).padStart(2, "0")}`;
      const file = path.join(tmp, `${round}${suffix}.summary_results.json`);
      const copy = rows.map((r) => ({
        ...r,
        ID: `${String(r.ID)}${suffix}`,
        Platform: `${String(r.Platform)}${suffix}`,
        System: `${String(r.System)} (${suffix})`,
      }));
      fs.writeFileSync(file, JSON.stringify(copy));
      out.push({ file, round, suffix, rows: rows.length });
    }
  return out;
}

interface SourceState {
  results: number;
  systems: number;
  imported: boolean;
}

/**
 * What is on disk now, read with a plain connection (no migrations) as the next process would find it, in one read
 * transaction so the counts are of one snapshot.
 */
function inspect(sources: Source[]): { integrity: string; fkProblems: number; states: Map<string, SourceState> } {
  const db = new Database(DB);
  try {
    return db.transaction(() => snapshot(db, sources))();
  } finally {
    db.close();
  }
}

function snapshot(
  db: Database.Database,
  sources: Source[],
): { integrity: string; fkProblems: number; states: Map<string, SourceState> } {
  const integrity = (db.pragma("integrity_check", { simple: true }) as string) ?? "";
  const fkProblems = (db.pragma("foreign_key_check") as unknown[]).length;
  const hasTables = db.prepare("select count(*) as n from sqlite_master where name = 'results'").get() as { n: number };
  const states = new Map<string, SourceState>();
  if (hasTables.n === 0) {
    for (const s of sources) states.set(s.file, { results: 0, systems: 0, imported: false });
    return { integrity, fkProblems, states };
  }
  const count = (sql: string) =>
    new Map(
      (db.prepare(sql).all() as { round: string; sfx: string; n: number }[]).map((r) => [`${r.round}${r.sfx}`, r.n]),
    );
  const sfx = "substr(platform, instr(platform, '~crash'))";
  const results = count(
    `select round, ${sfx} as sfx, count(*) as n from results where platform like '%~crash%' group by 1, 2`,
  );
  const systems = count(
    `select round, ${sfx} as sfx, count(*) as n from systems where platform like '%~crash%' group by 1, 2`,
  );
  const imported = new Set(
    (db.prepare("select distinct source from imports").all() as { source: string }[]).map((r) => r.source),
  );
  for (const s of sources) {
    const key = `${s.round}${s.suffix}`;
    states.set(s.file, {
      results: results.get(key) ?? 0,
      systems: systems.get(key) ?? 0,
      imported: imported.has(s.file),
    });
  }
  return { integrity, fkProblems, states };
}

interface KillRun {
  run: number;
  phase: "startup" | "importing";
  delayMs: number;
  progressLines: number;
  inFlight: string | null;
  inFlightAbsent: boolean;
  exited: string;
  present: number;
}

interface Cli {
  child: ChildProcess;
  /** sources in the order the importer announced them ("[i/N] source" on stderr), with when */
  progress: { source: string; at: number }[];
  /** resolves when the importer has announced `n` sources (or has exited) */
  announced: (n: number) => Promise<void>;
  done: Promise<string>;
}

function startCli(args: string[], db = DB): Cli {
  const [node = "node", ...flags] = NODE_TSX;
  const child = spawn(node, [...flags, "db/import/cli.ts", "--db", db, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const progress: Cli["progress"] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const wake = () => {
    for (const w of [...waiters])
      if (progress.length >= w.n || child.exitCode !== null || child.signalCode !== null) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  let buf = "";
  child.stderr?.on("data", (d: Buffer) => {
    buf += d.toString();
    const lines = buf.split("\n");
    buf = lines.pop() ?? "";
    for (const l of lines)
      if (/^\[\d+\/\d+\] /.test(l)) progress.push({ source: l.replace(/^\[\d+\/\d+\] /, ""), at: performance.now() });
    wake();
  });
  child.stdout?.resume();
  const done = new Promise<string>((resolve) =>
    child.on("exit", (code, signal) => {
      wake();
      resolve(signal ? `signal ${signal}` : `exit ${code}`);
    }),
  );
  const announced = (n: number) =>
    new Promise<void>((resolve) => {
      waiters.push({ n, resolve });
      wake();
    });
  return { child, progress, announced, done };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sources: Source[] = [];
const runs: KillRun[] = [];
const violations: string[] = [];

function checkAtomic(label: string): Map<string, SourceState> {
  const { integrity, fkProblems, states } = inspect(sources);
  if (integrity !== "ok") violations.push(`${label}: integrity_check = ${integrity}`);
  if (fkProblems > 0) violations.push(`${label}: ${fkProblems} foreign key problems`);
  for (const s of sources) {
    const st = states.get(s.file);
    if (!st) continue;
    const full = st.results === s.rows && st.systems > 0 && st.imported;
    const absent = st.results === 0 && st.systems === 0 && !st.imported;
    if (!full && !absent)
      violations.push(`${label}: ${path.basename(s.file)} half-present: ${JSON.stringify(st)} of ${s.rows} rows`);
  }
  return states;
}

beforeAll(() => {
  sources = makeSources();
}, 60_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`SIGKILL during a large import, ${KILLS} times (seed ${SEED})`, () => {
  // the timeout: its waits scale with the machine's load (each run waits for its child to start up and import); it
  // costs 43 CPU-seconds, but took over 180 s of wall time on a 2-core box with 4 to 8 other processes runnable
  // (measured 2026-12-02)
  it("leaves an intact database where every source is fully present or absent, and a re-run completes", async () => {
    const random = rng(SEED);
    // calibration on a scratch database: how long start-up and one source take on this machine now
    const t0 = performance.now();
    const calib = startCli(
      sources.slice(0, 3).map((s) => s.file),
      path.join(tmp, "calibration.db"),
    );
    await calib.announced(1);
    const firstAt = calib.progress[0]?.at ?? performance.now();
    expect(await calib.done).toBe("exit 0");
    let startupMs = firstAt - t0; // spawn → first progress line (tsx, open, migrate, discover)
    let perSourceMs = (performance.now() - firstAt) / 3; // parse + one transaction, averaged
    for (let run = 1; run <= KILLS; run++) {
      const before = inspect(sources).states;
      const missing = sources.filter((s) => (before.get(s.file)?.results ?? 0) === 0);
      if (missing.length === 0) throw new Error(`all sources imported after ${run - 1} kills: make the import larger`);
      const started = performance.now();
      const cli = startCli(missing.map((s) => s.file));
      // 1 kill in 5 lands during start-up (tsx, opening and migrating the database). The rest land while the 1st or
      // 2nd source of the run is being imported, at a random time within it — or, if that source finishes first, the
      // moment the next one starts: so a run commits at most 2 sources, and the 21 last the 10 kills.
      const early = random() < 0.2;
      const nth = random() < 0.5 ? 1 : 2;
      const r = random();
      let phase: KillRun["phase"];
      let delayMs: number;
      if (early) {
        phase = "startup";
        delayMs = Math.round(r * startupMs);
        await sleep(delayMs);
      } else {
        phase = "importing";
        const ok = await Promise.race([cli.announced(nth).then(() => true), sleep(30_000).then(() => false)]);
        if (!ok || cli.progress.length < nth) {
          cli.child.kill("SIGKILL");
          throw new Error(`the importer did not reach source ${nth} in 30 s (${await cli.done})`);
        }
        startupMs = 0.7 * startupMs + 0.3 * ((cli.progress[0]?.at ?? started) - started);
        delayMs = Math.round(r * 1.2 * perSourceMs);
        await Promise.race([sleep(delayMs), cli.announced(nth + 1)]);
      }
      const progressLines = cli.progress.length;
      cli.child.kill("SIGKILL");
      const exited = await cli.done;
      for (let i = 1; i < cli.progress.length; i++) {
        const gap = (cli.progress[i]?.at ?? 0) - (cli.progress[i - 1]?.at ?? 0);
        perSourceMs = 0.8 * perSourceMs + 0.2 * gap;
      }
      const states = checkAtomic(`kill ${run}`);
      const inFlight = cli.progress[progressLines - 1]?.source ?? null;
      runs.push({
        run,
        phase,
        delayMs,
        progressLines,
        inFlight: inFlight ? path.basename(inFlight) : null,
        inFlightAbsent: inFlight !== null && (states.get(inFlight)?.results ?? 0) === 0,
        exited,
        present: [...states.values()].filter((s) => s.results > 0).length,
      });
    }
    // the re-run: every source, one process, to completion
    const final = startCli(["--json", ...sources.map((s) => s.file)]);
    let stdout = "";
    final.child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    const exited = await final.done;
    const report = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
      rejected: number;
      inserted: number;
      unchanged: number;
      results: number;
    };
    const states = checkAtomic("after the re-run");
    const total = sources.reduce((n, s) => n + s.rows, 0);

    if (process.env.CRASH_DEBUG) for (const r of runs) console.log(JSON.stringify(r));
    console.log(
      `crash test (seed ${SEED}; calibrated ${Math.round(startupMs)} ms start-up, ${Math.round(perSourceMs)} ms per source): ${runs.length} SIGKILLs — ${runs.filter((r) => r.phase === "startup").length} during start-up, ` +
        `${runs.filter((r) => r.inFlightAbsent).length} while a source was in flight (its rows absent after the kill); ` +
        `sources present after each kill: ${runs.map((r) => r.present).join(", ")} of ${sources.length}; ` +
        `re-run: ${exited}, ${report.inserted} inserted, ${report.unchanged} unchanged, ${report.rejected} rejected`,
    );
    expect(violations).toEqual([]);
    expect(runs).toHaveLength(KILLS);
    for (const r of runs) expect(r.exited).toBe("signal SIGKILL");
    expect(runs.filter((r) => r.inFlightAbsent).length).toBeGreaterThanOrEqual(KILLS / 4);
    expect(exited).toBe("exit 0");
    expect(report.rejected).toBe(0);
    expect(report.inserted + report.unchanged).toBe(total);
    expect(report.results).toBe(total);
    for (const s of sources) expect(states.get(s.file)?.results, path.basename(s.file)).toBe(s.rows);
  }, 360_000);
});
