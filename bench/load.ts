// Load while importing (issue 7 item 4). Starts the production server (`npm start`: server/index.mjs, NEXT_DIST_DIR when set, else
// .next-load, built first if missing) on a database the importer builds from ../shared/data, then — while a large
// import (synthetic copies of the three real rounds, unique platform names) runs in another process — loads the
// trivial /api/health, /results, /api/results and /compare?ids=… with 64 connections for a bounded time each
// (keep-alive clients, loopback only). Reports requests/s, p50/p99 latency, errors (must be 0), each route's throughput as
// a ratio to /api/health on the same server under the same import, and the import's outcome.
// `npx tsx bench/load.ts [SECONDS_PER_ROUTE]` runs it alone; `runLoadBench()` is what bench/run.ts calls.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  ensureBuild,
  freePort,
  importCli,
  seedDatabase,
  stopServer,
  storeArgs,
  waitForHealth,
  writeCopies,
} from "./load-server";

// The load generator: `connections` keep-alive clients (node:http Agent), each sending its next request when the
// last one is answered, until the time is up; then nothing new is sent and every request still in flight is waited
// for (up to a timeout, else counted as an error). autocannon (installed) drops in-flight requests when its time
// ends: with renders of a second or more that backlog would be missing from p99 and would still be queued in the
// server when the next route is measured.

interface LoadRun {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  statusCodes: Record<string, number>;
}

function get(url: URL, agent: http.Agent, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, timeout: timeoutMs }, (res) => {
      res.on("error", reject);
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.on("timeout", () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}

export async function load(
  url: string,
  agent: http.Agent,
  connections: number,
  seconds: number,
  timeoutMs: number,
): Promise<LoadRun> {
  const u = new URL(url);
  if (u.hostname !== "127.0.0.1") throw new Error("the load generator only targets loopback");
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const s = performance.now();
      try {
        const code = await get(u, agent, timeoutMs);
        statusCodes[code] = (statusCodes[code] ?? 0) + 1;
        if (code < 200 || code >= 300) errors++;
        else latencies.push(performance.now() - s);
      } catch {
        errors++;
        statusCodes.error = (statusCodes.error ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - t0) / 1000;
  return { requests: latencies.length, seconds: elapsed, latencies, errors, statusCodes };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------

export interface RouteLoad {
  name: string;
  path: string;
  requests: number;
  seconds: number;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** socket errors + timeouts + non-2xx answers */
  errors: number;
  statusCodes: Record<string, number>;
  /** this route's requests/s ÷ /api/health's, same server, same import running */
  ratioToHealth: number;
  importRunning: boolean;
}

export interface ImportWhileServing {
  /** importer processes run (the next re-imports the copies with other values if the load is still running) */
  processes: number;
  sources: number;
  completed: boolean;
  exitCodes: (number | null)[];
  inserted: number;
  updated: number;
  rejected: number;
  resultsBefore: number;
  resultsAfter: number;
  ms: number;
}

export interface LoadBench {
  /** the store served and imported into */
  backend: "sqlite" | "pg";
  /** os.loadavg()[0] when the load started and ended: other work on the machine shows up in p99 */
  loadAverage: [number, number];
  cpus: number;
  connections: number;
  secondsPerRoute: number;
  distDir: string;
  health: RouteLoad;
  routes: RouteLoad[];
  import: ImportWhileServing;
  totalErrors: number;
  ok: boolean;
}

export interface LoadOptions {
  connections?: number;
  secondsPerRoute?: number;
  /** copies of the three real rounds per importer process (each copy = 3 source files, 2,905 results) */
  copiesPerImport?: number;
  distDir?: string;
  /** postgres://…: serve and import on this (empty) PostgreSQL database instead of a temporary SQLite file */
  databaseUrl?: string;
  log?: (msg: string) => void;
}

async function measure(
  base: string,
  name: string,
  route: string,
  connections: number,
  seconds: number,
  importRunning: () => boolean,
): Promise<RouteLoad> {
  const url = `${base}${route}`;
  // warm-up on the same keep-alive sockets (not counted): the first burst of `connections` simultaneous requests on
  // fresh sockets and cold caches queues behind itself and would otherwise be most of the measured p99
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  await load(url, agent, connections, 2, 120_000);
  const runningBefore = importRunning();
  const r = await load(url, agent, connections, seconds, 120_000);
  agent.destroy();
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    name,
    path: route,
    requests: r.requests,
    seconds: r.seconds,
    reqPerS: r.requests / r.seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? 0,
    errors: r.errors,
    statusCodes: r.statusCodes,
    ratioToHealth: 0,
    importRunning: runningBefore && importRunning(),
  };
}

export async function runLoadBench(opts: LoadOptions = {}): Promise<LoadBench> {
  const log = opts.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const connections = opts.connections ?? 64;
  const seconds = opts.secondsPerRoute ?? 10;
  const copies = opts.copiesPerImport ?? 10;
  const distDir = opts.distDir ?? process.env.NEXT_DIST_DIR ?? ".next-load";
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-load-"));
  const db = opts.databaseUrl ?? path.join(tmp, "load.db");
  const store = storeArgs(db);
  const env = {
    ...store.env,
    NEXT_DIST_DIR: distDir,
    PERFCONTEXT_DB: path.join(tmp, "load.db"),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  let server: ChildProcess | null = null;
  const importers: ChildProcess[] = [];
  try {
    await ensureBuild(distDir, env, log);
    log(
      "building the database with the importer (the three round summaries and the LoadGen runs in ../shared/data/mlperf)…",
    );
    const seeded = await seedDatabase(store.args, env);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    log(`starting the server (server/index.mjs, as npm start) on ${base} (${distDir})…`);
    server = spawn(process.execPath, ["server/index.mjs"], {
      // what `npm start` serves: Next behind server/index.mjs (client address, response cache)
      env: { ...env, PORT: String(port), PERFCONTEXT_HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true, // its own process group, so stopServer ends everything it started
    });
    let serverErr = "";
    server.stderr?.on("data", (d: Buffer) => {
      serverErr = (serverErr + d.toString()).slice(-4000);
    });
    await waitForHealth(base, server, 60_000);

    // result ids for /compare: three llama2-70b Server results of the newest round
    const list = (await (await fetch(`${base}/api/results?model=llama2-70b-99&scenario=Server&limit=3`)).json()) as {
      rows: { id: string }[];
    };
    const ids = list.rows.map((r) => r.id).sort(); // the canonical order (/compare redirects to it)
    if (ids.length < 2) throw new Error("no results to compare");

    // the import: one importer process over `copies` × 3 sources; if it finishes while the load still runs, another
    // re-imports the same copies with the other version's values (updating every row), so every measurement runs
    // during an import. Both versions are written now: writing them later would stall this process's load clients.
    const versions = [writeCopies(tmp, copies, 1), writeCopies(tmp, copies, 2)];
    const imp: ImportWhileServing = {
      processes: 0,
      sources: 0,
      completed: false,
      exitCodes: [],
      inserted: 0,
      updated: 0,
      rejected: 0,
      resultsBefore: seeded.results,
      resultsAfter: seeded.results,
      ms: 0,
    };
    let loading = true;
    let current: Promise<void> = Promise.resolve();
    let running = false;
    const t0 = performance.now();
    const startImport = (): Promise<void> => {
      const files = versions[imp.processes % 2] ?? [];
      imp.processes++;
      imp.sources += files.length;
      const { child, done } = importCli(db, files);
      importers.push(child);
      running = true;
      return done.then(({ code, report }) => {
        running = false;
        imp.exitCodes.push(code);
        imp.inserted += report?.inserted ?? 0;
        imp.updated += report?.updated ?? 0;
        imp.rejected += report?.rejected ?? 0;
        if (report) imp.resultsAfter = report.results;
        if (loading && code === 0) current = startImport();
      });
    };
    current = startImport();
    await new Promise((r) => setTimeout(r, 1000)); // the importer is past start-up and writing

    log(`loading with ${connections} connections, ${seconds} s per route, while importing…`);
    const loadStart = os.loadavg()[0] ?? 0;
    const health = await measure(base, "health (trivial)", "/api/health", connections, seconds, () => running);
    log(
      `  /api/health: ${health.reqPerS.toFixed(1)} req/s, p99 ${health.p99Ms.toFixed(0)} ms, ${health.errors} errors`,
    );
    const routes: RouteLoad[] = [];
    for (const [name, route] of [
      ["/api/results", "/api/results?round=v6.0&limit=50&per=accelerator"],
      ["/compare (page)", `/compare?ids=${ids.join(",")}`],
      ["/results (page)", "/results"],
    ] as const) {
      const r = await measure(base, name, route, connections, seconds, () => running);
      r.ratioToHealth = r.reqPerS / health.reqPerS;
      routes.push(r);
      log(`  ${name}: ${r.reqPerS.toFixed(1)} req/s, p99 ${r.p99Ms.toFixed(0)} ms, ${r.errors} errors`);
    }
    health.ratioToHealth = 1;
    loading = false;
    // let the running import finish (bounded), so its outcome is known
    const wait = await Promise.race([
      (async () => {
        // a finishing import may have started the next one before `loading` flipped: wait until none is left
        for (;;) {
          const c = current;
          await c;
          if (c === current) return true;
        }
      })(),
      new Promise<boolean>((r) => setTimeout(() => r(false), 180_000).unref()),
    ]);
    imp.ms = performance.now() - t0;
    imp.completed = wait && imp.exitCodes.length === imp.processes && imp.exitCodes.every((c) => c === 0);
    if (server.exitCode !== null) throw new Error(`the server died during the load: ${serverErr}`);
    const totalErrors = health.errors + routes.reduce((n, r) => n + r.errors, 0);
    return {
      backend: opts.databaseUrl ? "pg" : "sqlite",
      loadAverage: [loadStart, os.loadavg()[0] ?? 0],
      cpus: os.availableParallelism(),
      connections,
      secondsPerRoute: seconds,
      distDir,
      health,
      routes,
      import: imp,
      totalErrors,
      ok:
        totalErrors === 0 &&
        imp.completed &&
        imp.rejected === 0 &&
        imp.resultsAfter === imp.resultsBefore + imp.inserted &&
        [health, ...routes].every((r) => r.importRunning),
    };
  } finally {
    for (const c of importers) if (c.exitCode === null) c.kill("SIGKILL");
    if (server) await stopServer(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function fmt(n: number, d = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
}

export function printLoadBench(b: LoadBench): void {
  console.log(
    `== Load while importing (issue 7) on ${b.backend === "pg" ? "PostgreSQL" : "SQLite"}: ${b.connections} connections, ${b.secondsPerRoute} s per route, loopback, npm start (${b.distDir}); ` +
      `${b.cpus} CPUs, load average ${fmt(b.loadAverage[0], 1)} → ${fmt(b.loadAverage[1], 1)} ==`,
  );
  for (const r of [b.health, ...b.routes])
    console.log(
      `${r.name} ${r.path}: ${fmt(r.reqPerS, 1)} req/s (${fmt(r.requests)} answered in ${fmt(r.seconds, 1)} s), p50 ${fmt(r.p50Ms)} ms, ` +
        `p99 ${fmt(r.p99Ms)} ms, max ${fmt(r.maxMs)} ms, errors ${r.errors} (status ${JSON.stringify(r.statusCodes)}); ratio to /api/health ${fmt(r.ratioToHealth, 3)}` +
        `${r.importRunning ? "; import running throughout" : "; IMPORT NOT RUNNING for all of it"}`,
    );
  const i = b.import;
  console.log(
    `import while serving: ${i.processes} importer process(es), ${fmt(i.sources)} sources, ${i.completed ? "completed" : "NOT COMPLETED"} ` +
      `(exit ${i.exitCodes.join(", ")}), ${fmt(i.inserted)} results inserted, ${fmt(i.updated)} updated, ${i.rejected} rejected, ` +
      `results ${fmt(i.resultsBefore)} → ${fmt(i.resultsAfter)}, ${fmt(i.ms / 1000, 1)} s`,
  );
  console.log(`load: ${b.totalErrors} errors — ${b.ok ? "OK" : "FAILED"}`);
}

/** Both backends' figures side by side (issue 16): requests/s and p99 per route, errors, the import's outcome. */
export function printLoadSideBySide(runs: LoadBench[]): void {
  const names = runs.map((b) => (b.backend === "pg" ? "PostgreSQL" : "SQLite"));
  console.log(`== Load while importing, side by side: ${names.join(" | ")} (req/s, p99 ms, errors) ==`);
  const first = runs[0];
  if (!first) return;
  [first.health, ...first.routes].forEach((r, i) => {
    const cells = runs.map((b) => {
      const x = [b.health, ...b.routes][i];
      return x ? `${fmt(x.reqPerS, 1)} req/s, p99 ${fmt(x.p99Ms)} ms, ${x.errors} err` : "-";
    });
    console.log(`${r.name.padEnd(18)} ${cells.join(" | ")}`);
  });
  console.log(
    `${"import".padEnd(18)} ${runs.map((b) => `${fmt(b.import.inserted + b.import.updated)} rows written in ${fmt(b.import.ms / 1000, 1)} s, ${b.import.completed ? "completed" : "NOT COMPLETED"}`).join(" | ")}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const secs = Number(process.argv[2] ?? 10);
  const b = await runLoadBench({ secondsPerRoute: secs });
  printLoadBench(b);
  process.exitCode = b.ok ? 0 : 1;
}
