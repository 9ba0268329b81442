// Issue 28: a refresh on PostgreSQL with two app instances serving. Seeds v6.0 through `npm run refresh` from a
// loopback mirror (the real official file), starts two instances, then, while 32 keep-alive connections read
// /api/changes, /changes and /results on both, starts TWO refresh processes at once against the mirror now serving the
// edited copy, and the Endpoints v0.7 round's archive from the fixture curve as shared to its edited copy
// (db/import/test-mirror.ts). The advisory lock lets one refresh; the change log must hold each edit once (v6.0: 1 new,
// 3 changed, 3 no longer published, 1 status; the curves: 1 new, 1 changed, 2 status), and both instances must serve
// the same changes, 0 errors.
// `bash scripts/pg-cluster.sh npx tsx bench/refresh-instances.ts [SECONDS]`.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { NODE_TSX, runProcess } from "@/db/import/run-cli";
import {
  ENDPOINTS_EDITS,
  editedV60,
  endpointsArchive,
  startMirror,
  V60_EDITS,
  V60_FILE,
} from "@/db/import/test-mirror";
import { load } from "./load";
import { ensureBuild, startInstances, stopServer } from "./load-server";

interface Change {
  kind: string;
  id: string;
  at: string;
}

export interface RefreshInstances {
  refreshes: { code: number | null; ran: boolean; lines: string[] }[];
  counts: { a: Record<string, number>; b: Record<string, number> };
  same: boolean;
  requests: number;
  errors: number;
  ok: boolean;
}

const refresh = (env: NodeJS.ProcessEnv) => {
  const [node = "node", ...flags] = NODE_TSX;
  const rounds = ["--round", "v6.0", "--round", "endpoints-v0.7"];
  return runProcess(node, [...flags, "db/import/refresh-cli.ts", "--json", ...rounds], env);
};

/** The v6.0 edits and the Endpoints curve's second copy together, each counted by hand (db/import/test-mirror.ts). */
const EXPECTED: Record<string, number> = { ...V60_EDITS };
for (const [k, n] of Object.entries(ENDPOINTS_EDITS.second)) EXPECTED[k] = (EXPECTED[k] ?? 0) + n;

function counts(cs: Change[]): Record<string, number> {
  const m: Record<string, number> = {};
  for (const c of cs) m[c.kind] = (m[c.kind] ?? 0) + 1;
  return m;
}

export async function runRefreshInstances(opts: { databaseUrl: string; seconds?: number }): Promise<RefreshInstances> {
  const log = (m: string) => process.stderr.write(`${m}\n`);
  let serving: Buffer = fs.readFileSync(V60_FILE);
  let curves: Buffer = endpointsArchive("original");
  const mirror = await startMirror((name) =>
    name === "v6.0.summary_results.json" ? serving : name === "endpoints-v0.7.results.tar.gz" ? curves : null,
  );
  const env = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    PERFCONTEXT_OFFICIAL_BASE: mirror.base,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const servers: ChildProcess[] = [];
  try {
    await ensureBuild(env.NEXT_DIST_DIR, env, log);
    const seed = await refresh(env);
    if (seed.code !== 0) throw new Error(`seeding refresh failed: ${seed.stdout}${seed.stderr}`);
    const started = await startInstances(2, env);
    servers.push(...started.servers);
    const bases = started.bases;
    const before = new Date().toISOString();
    serving = editedV60();
    curves = endpointsArchive("edited");
    log(`two instances ${bases.join(", ")}; two refreshes at once under load…`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const routes = ["/api/changes?round=v6.0", "/changes?round=v6.0", "/results?round=v6.0&status=all"];
    const loads = Promise.all(
      bases.flatMap((b) => routes.map((r) => load(`${b}${r}`, agent, 5, opts.seconds ?? 10, 60_000))),
    );
    const runs = await Promise.all([refresh(env), refresh(env)]);
    const parts = await loads;
    agent.destroy();
    const [A, B] = bases as [string, string];
    const read = async (b: string) =>
      ((await (await fetch(`${b}/api/changes?since=${encodeURIComponent(before)}`)).json()) as { changes: Change[] })
        .changes;
    const [ca, cb] = await Promise.all([read(A), read(B)]);
    const requests = parts.reduce((n, p) => n + p.latencies.length, 0);
    const errors = parts.reduce((n, p) => n + p.errors + (p.statusCodes["500"] ?? 0), 0);
    const refreshes = runs.map((r) => {
      const last = JSON.parse(r.stdout.trim().split("\n").pop() ?? "{}") as { ran?: boolean };
      return { code: r.code, ran: last.ran === true, lines: r.stderr.trim().split("\n") };
    });
    const report: RefreshInstances = {
      refreshes,
      counts: { a: counts(ca), b: counts(cb) },
      same: JSON.stringify(ca) === JSON.stringify(cb),
      requests,
      errors,
      ok: false,
    };
    const sameCounts = (x: Record<string, number>, y: Record<string, number>) =>
      JSON.stringify(Object.entries(x).sort()) === JSON.stringify(Object.entries(y).sort());
    report.ok =
      errors === 0 && report.same && sameCounts(report.counts.a, EXPECTED) && refreshes.every((r) => r.code === 0);
    return report;
  } finally {
    await Promise.all(servers.map((s) => stopServer(s)));
    await mirror.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.PERFCONTEXT_TEST_PG;
  if (!url) console.log("no PostgreSQL here: bash scripts/pg-cluster.sh npx tsx bench/refresh-instances.ts");
  else {
    const { freshPgDatabase } = await import("@/db/test-stores");
    const db = await freshPgDatabase();
    try {
      const r = await runRefreshInstances({ databaseUrl: db.url, seconds: Number(process.argv[2] ?? 10) });
      console.log(`== Refresh on PostgreSQL with two instances serving (issue 28) ==`);
      for (const [i, x] of r.refreshes.entries())
        console.log(
          `refresh ${i + 1}: exit ${x.code}, ${x.ran ? "ran" : "lock held by the other: did nothing"}; ${x.lines.join(" | ")}`,
        );
      console.log(
        `changes on A: ${JSON.stringify(r.counts.a)}; on B: ${JSON.stringify(r.counts.b)}; same on both: ${r.same ? "yes" : "NO"}`,
      );
      console.log(
        `${r.requests} requests over both instances during the refreshes, ${r.errors} errors — ${r.ok ? "OK" : "FAILED"}`,
      );
      process.exitCode = r.ok ? 0 : 1;
    } finally {
      await db.drop();
    }
  }
}
