// `npm run import`'s whole run, callable in this process: db/import/cli.ts runs it on the process's own argv, stdout
// and stderr; tests run it here with the output captured (runCliCaptured), which costs no Node start-up and no
// TypeScript loader per case (~2 CPU-seconds each). The store comes from --db FILE, else from process.env
// (DATABASE_URL, PERFCONTEXT_DB): tests of that wiring, of exit codes and of stdout spawn the real CLI (cli.test.ts).
import { type DbHandle, defaultDbPath, getStore, openDb } from "@/db/client";
import { ENDPOINTS_SOURCES } from "@/lib/endpoints/official-sources";
import { OFFICIAL_SOURCES, ROOT_SUMMARY_FILES } from "@/lib/mlperf/official-sources";
import { importOfficial } from "./official";
import { emptyReport, type ImportReport, runImport } from "./pipeline";
import type { ProcessResult } from "./run-cli";

const USAGE = `usage: npm run import -- [--db FILE] [--json] [--round vX.Y] [--official] [--timeout SECONDS] [--max-bytes N] SOURCE...
  SOURCE        a file, a directory (walked), or an http(s) URL
  --db FILE     database file (default: $PERFCONTEXT_DB or data/perfcontext.db)
  --json        print one JSON summary object as the last line of stdout
  --round vX.Y  the round, for files that do not say (LoadGen trees outside a vX.Y folder)
  --official    with --round: import that round's official MLCommons summary (known: ${OFFICIAL_SOURCES.map((s) => s.round).join(", ")};
                another round from v4.0 on: the first of ${ROOT_SUMMARY_FILES.join(", ")} at its repository's root);
                --round endpoints-vX.Y: that MLPerf Endpoints round's results repository (known: ${ENDPOINTS_SOURCES.map((s) => s.round).join(", ")};
                another: mlcommons/endpoints_results_vX.Y at its default branch), every curve in it
  --timeout S   fetch timeout for URLs (default 30)
  --max-bytes N largest source accepted, in bytes (default 1 GiB); larger ones are rejected unread`;

/** Errors printed in the human summary; --json gives every one. */
const MAX_PRINTED_ERRORS = 20;

interface Args {
  db?: string;
  json: boolean;
  round?: string;
  official: boolean;
  timeoutS: number;
  maxBytes?: number;
  sources: string[];
}

/** Ends the run at once with an exit code: a usage error (2, its message and the usage on stderr) or --help (0). */
class CliExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** Where the CLI writes, and the environment it reads: the process's own, or a test's. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stderr is a terminal: progress lines are printed even with --json */
  stderrIsTTY: boolean;
  env: NodeJS.ProcessEnv;
}

function usage(io: CliIo, msg: string): never {
  io.stderr(`${msg}\n${USAGE}\n`);
  throw new CliExit(2);
}

function parseArgs(io: CliIo, argv: string[]): Args {
  const a: Args = { json: false, official: false, timeoutS: 30, sources: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) usage(io, `${arg} needs a value`);
      return v;
    };
    if (arg === "--db") a.db = next();
    else if (arg === "--json") a.json = true;
    else if (arg === "--official") a.official = true;
    else if (arg === "--round") {
      const r = next();
      const endpoints = /^endpoints-v?\d+\.\d+$/.test(r);
      if (!/^v?\d+\.\d+$/.test(r) && !endpoints) usage(io, `--round takes vX.Y (or endpoints-vX.Y), got "${r}"`);
      a.round = endpoints ? r.replace(/^endpoints-v?/, "endpoints-v") : r.startsWith("v") ? r : `v${r}`;
    } else if (arg === "--timeout") {
      const t = Number(next());
      if (!Number.isFinite(t) || t <= 0) usage(io, "--timeout takes a positive number of seconds");
      a.timeoutS = t;
    } else if (arg === "--max-bytes") {
      const n = Number(next());
      if (!Number.isInteger(n) || n <= 0) usage(io, "--max-bytes takes a positive whole number of bytes");
      a.maxBytes = n;
    } else if (arg === "--help" || arg === "-h") {
      io.stdout(`${USAGE}\n`);
      throw new CliExit(0);
    } else if (arg.startsWith("--")) usage(io, `unknown option ${arg}`);
    else a.sources.push(arg);
  }
  if (a.official && !a.round) usage(io, "--official needs --round vX.Y");
  if (a.sources.length === 0 && !a.official) usage(io, "no SOURCE given");
  return a;
}

async function main(io: CliIo, argv: string[]): Promise<number> {
  const args = parseArgs(io, argv);
  // --db FILE: that SQLite file; else the store (DATABASE_URL=postgres://… for PostgreSQL, else the default file)
  const dbFile = args.db ?? defaultDbPath();
  let h: DbHandle;
  try {
    h = args.db ? openDb(args.db) : await getStore();
  } catch (e) {
    throw new Error(`cannot open the database ${dbFile}: ${(e as Error).message}`);
  }
  const started = Date.now();
  const opts = {
    round: args.round,
    timeoutMs: args.timeoutS * 1000,
    maxBytes: args.maxBytes,
    onProgress: (m: string) => {
      if (!args.json || io.stderrIsTTY) io.stderr(`${m}\n`);
    },
  };
  const reports: ImportReport[] = [];
  if (args.official && args.round) {
    const o = await importOfficial(h, args.round, {
      ...opts,
      mirrorBase: io.env.PERFCONTEXT_OFFICIAL_BASE ?? null,
    });
    if (o.kind === "none") {
      await h.close();
      usage(io, o.message);
    }
    // which file it used, always said (stderr: the --json last line stays the summary)
    if (o.used) io.stderr(`--official ${args.round}: ${o.used.file} (${o.used.url})\n`);
    reports.push(o.report);
  }
  if (args.sources.length > 0) reports.push(await runImport(h, args.sources, opts));
  const report = mergeReports(reports);
  await h.close();
  for (const s of report.skipped) io.stderr(`skipped (not a recognised format): ${s}\n`);
  const secs = ((Date.now() - started) / 1000).toFixed(2);
  if (args.json) {
    const { perSource: _p, skipped: _s, curves, ...summary } = report;
    // CONTRACT's object, plus `curves` (MLPerf Endpoints curves stored) once the database holds any
    io.stdout(`${JSON.stringify(curves > 0 ? { ...summary, curves } : summary)}\n`);
  } else {
    io.stdout(
      `${report.sources} source(s) in ${secs}s: ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected; ${report.results} published results${report.curves ? ` and ${report.curves} Endpoints curves` : ""} in ${h.file}\n`,
    );
    // a file with hundreds of bad rows: the first errors say what is wrong; --json lists them all
    for (const e of report.errors.slice(0, MAX_PRINTED_ERRORS))
      io.stdout(
        `  ✗ ${e.source}${e.line !== null ? `:${e.line}` : ""}${e.field ? ` [${e.field}]` : ""}: ${e.message}\n`,
      );
    if (report.errors.length > MAX_PRINTED_ERRORS)
      io.stdout(`  … and ${report.errors.length - MAX_PRINTED_ERRORS} more errors (run with --json for every one)\n`);
  }
  return report.rejected > 0 ? 1 : 0;
}

/** Several runs as one summary; `results` is the count after the last. */
function mergeReports(rs: ImportReport[]): ImportReport {
  const out = emptyReport();
  for (const r of rs) {
    out.sources += r.sources;
    out.inserted += r.inserted;
    out.updated += r.updated;
    out.unchanged += r.unchanged;
    out.rejected += r.rejected;
    out.results = r.results;
    out.curves = r.curves;
    out.errors.push(...r.errors);
    out.skipped.push(...r.skipped);
    out.perSource.push(...r.perSource);
  }
  return out;
}

/**
 * One run of the CLI: its exit code (0: nothing rejected; 1: a source rejected, or the run failed; 2: usage error),
 * and whether the process should end at once (usage, --help, failure: a store connection may still be open).
 */
export async function runCli(argv: string[], io: CliIo): Promise<{ code: number; abrupt: boolean }> {
  try {
    return { code: await main(io, argv), abrupt: false };
  } catch (e) {
    if (e instanceof CliExit) return { code: e.code, abrupt: true };
    io.stderr(`import failed: ${(e as Error).message}\n`);
    return { code: 1, abrupt: true };
  }
}

/** The CLI run in this process with its output collected, in the shape of a child process's result. */
export async function runCliCaptured(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<ProcessResult> {
  let stdout = "";
  let stderr = "";
  const { code } = await runCli(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    stderrIsTTY: false,
    env,
  });
  return { code, stdout, stderr, last: stdout.trim().split("\n").pop() ?? "" };
}
