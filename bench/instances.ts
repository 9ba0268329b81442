// Two app instances on one PostgreSQL database while the importer CLI writes a round (issue 16 item 4): a snapshot
// frozen on one opens on the other, a bake-off upload on one shows on the other, and 64 keep-alive connections
// spread over both (half each) get no error. Reports each instance's requests/s and p99 and the import's outcome.
// `bash scripts/pg-cluster.sh npx tsx bench/instances.ts [SECONDS]` runs it alone (`npm test` runs it, short,
// in its PostgreSQL half; `npm run bench instances` at full length).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sharedPath } from "@/lib/shared-data";
import { load, percentile } from "./load";
import {
  ensureBuild,
  importCli,
  seedDatabase,
  startInstances,
  stopServer,
  storeArgs,
  writeCopies,
} from "./load-server";

export interface InstanceLoad {
  base: string;
  requests: number;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  statusCodes: Record<string, number>;
}

export interface TwoInstances {
  connections: number;
  seconds: number;
  /** ms from the freeze's answer on A to B serving /s/<token> with 200 (B asked at once: 0 retries expected) */
  snapshot: { token: string; onB: number; sameQuery: boolean; retries: number };
  upload: { id: string; onB: number; sameRuns: boolean; retries: number };
  /** one view's total (v6.0 results) before the import, and on each instance after it: the same, and larger */
  agree: { before: number; a: number; b: number; sameRows: boolean };
  instances: InstanceLoad[];
  import: {
    completed: boolean;
    exitCode: number | null;
    inserted: number;
    rejected: number;
    ms: number;
    during: boolean;
  };
  totalErrors: number;
  ok: boolean;
}

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const r = await fetch(url);
  return { status: r.status, body: (await r.json()) as T };
}

export async function runTwoInstances(opts: {
  databaseUrl: string;
  seconds?: number;
  connections?: number;
  copies?: number;
  distDir?: string;
  log?: (m: string) => void;
}): Promise<TwoInstances> {
  const log = opts.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 64;
  const distDir = opts.distDir ?? process.env.NEXT_DIST_DIR ?? ".next";
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-two-"));
  const store = storeArgs(opts.databaseUrl);
  const env = {
    ...store.env,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    PERFCONTEXT_RATE_LIMIT: "100000",
    PERFCONTEXT_ADMIN_TOKEN: "",
  };
  const servers: ChildProcess[] = [];
  let importer: ChildProcess | null = null;
  try {
    await ensureBuild(distDir, env, log);
    log("seeding the PostgreSQL database with the importer (three round summaries)…");
    await seedDatabase(store.args, env, { loadgen: false });

    const started = await startInstances(2, env);
    servers.push(...started.servers);
    const bases = started.bases;
    const [A, B] = bases as [string, string];
    log(`two instances: ${A} and ${B}`);

    const view = "/api/results?round=v6.0&limit=50";
    const before = (await getJson<{ total: number }>(`${A}${view}`)).body.total;
    // the import runs in the background for the whole measurement
    const files = writeCopies(tmp, opts.copies ?? 5, 1);
    const t0 = performance.now();
    const imp = importCli(opts.databaseUrl, files);
    importer = imp.child;
    let importDone = false;
    const importResult = imp.done.then((r) => {
      importDone = true;
      return { ...r, ms: performance.now() - t0 };
    });
    await new Promise((r) => setTimeout(r, 1000));

    // a snapshot frozen on A opens on B
    const list = await getJson<{ rows: { id: string }[] }>(
      `${A}/api/results?model=llama2-70b-99&scenario=Server&limit=3`,
    );
    const ids = list.body.rows.map((r) => r.id).sort();
    if (ids.length < 2) throw new Error("no results to compare");
    const frozen = await fetch(`${A}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "compare", query: `ids=${ids.join(",")}` }),
    });
    if (frozen.status !== 201) throw new Error(`freeze on A: ${frozen.status} ${await frozen.text()}`);
    const snap = (await frozen.json()) as { token: string; query: string };
    const tSnap = performance.now();
    let snapRetries = 0;
    let onB = await fetch(`${B}/api/snapshots/${snap.token}`);
    while (onB.status !== 200 && snapRetries < 20) {
      snapRetries++;
      await new Promise((r) => setTimeout(r, 100));
      onB = await fetch(`${B}/api/snapshots/${snap.token}`);
    }
    const snapMs = performance.now() - tSnap;
    const snapB = onB.status === 200 ? ((await onB.json()) as { query?: string }) : {};
    const page = await fetch(`${B}/s/${snap.token}`);
    const snapshot = {
      token: snap.token,
      onB: snapMs,
      sameQuery: onB.status === 200 && page.status === 200 && snapB.query === snap.query,
      retries: snapRetries,
    };
    log(`  snapshot frozen on A, served by B: ${snapshot.sameQuery ? "yes" : "NO"} (${snapRetries} retries)`);

    // a bake-off upload on A shows on B
    const file = sharedPath("bakeoff", "vllm", "throughput_llama8B_tp1.json");
    const form = new FormData();
    form.append("file", new Blob([fs.readFileSync(file)], { type: "application/json" }), path.basename(file));
    form.append("label", "two-instance check");
    const up = await fetch(`${A}/api/bakeoff`, { method: "POST", body: form });
    if (up.status !== 201) throw new Error(`upload on A: ${up.status} ${await up.text()}`);
    const upload = (await up.json()) as { id: string; runs: unknown };
    const tUp = performance.now();
    let upRetries = 0;
    let gotB = await fetch(`${B}/api/bakeoff/${upload.id}`);
    while (gotB.status !== 200 && upRetries < 20) {
      upRetries++;
      await new Promise((r) => setTimeout(r, 100));
      gotB = await fetch(`${B}/api/bakeoff/${upload.id}`);
    }
    const upMs = performance.now() - tUp;
    const upB = gotB.status === 200 ? ((await gotB.json()) as { runs?: unknown }) : {};
    const uploadFig = {
      id: upload.id,
      onB: upMs,
      sameRuns: gotB.status === 200 && JSON.stringify(upB.runs) === JSON.stringify(upload.runs),
      retries: upRetries,
    };
    log(`  upload on A, shown by B: ${uploadFig.sameRuns ? "yes" : "NO"} (${upRetries} retries)`);

    // 64 connections, half on each instance, over a list route, the explorer page and a comparison
    log(`  ${connections} connections over both instances for ${seconds} s, importing…`);
    const routes = ["/api/results?round=v6.0&limit=50&per=accelerator", "/results", `/compare?ids=${ids.join(",")}`];
    const per = Math.floor(connections / 2);
    const runs = await Promise.all(
      bases.map(async (base) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: per });
        const parts = await Promise.all(
          routes.map((r, i) =>
            load(
              `${base}${r}`,
              agent,
              Math.floor(per / routes.length) + (i < per % routes.length ? 1 : 0),
              seconds,
              60_000,
            ),
          ),
        );
        agent.destroy();
        const lat = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
        const statusCodes: Record<string, number> = {};
        for (const p of parts)
          for (const [k, v] of Object.entries(p.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
        const secs = Math.max(...parts.map((p) => p.seconds));
        return {
          base,
          requests: lat.length,
          reqPerS: lat.length / secs,
          p50Ms: percentile(lat, 50),
          p99Ms: percentile(lat, 99),
          errors: parts.reduce((n, p) => n + p.errors, 0),
          statusCodes,
        } satisfies InstanceLoad;
      }),
    );
    const during = !importDone;
    const done = await Promise.race([
      importResult,
      new Promise<null>((r) => setTimeout(() => r(null), 300_000).unref()),
    ]);

    // both instances serve the same, newer answer once the import is in (each keyed on the database's data version)
    const [ja, jb] = await Promise.all(
      [A, B].map(async (b) => (await getJson<{ total: number; rows: unknown[] }>(`${b}${view}`)).body),
    );
    const totalErrors = runs.reduce((n, r) => n + r.errors, 0);
    const report: TwoInstances = {
      connections,
      seconds,
      snapshot,
      upload: uploadFig,
      agree: {
        before,
        a: ja?.total ?? -1,
        b: jb?.total ?? -1,
        sameRows: JSON.stringify(ja?.rows) === JSON.stringify(jb?.rows),
      },
      instances: runs,
      import: {
        completed: done !== null && done.code === 0,
        exitCode: done?.code ?? null,
        inserted: done?.report?.inserted ?? 0,
        rejected: done?.report?.rejected ?? 0,
        ms: done?.ms ?? 0,
        during,
      },
      totalErrors,
      ok: false,
    };
    report.ok =
      totalErrors === 0 &&
      snapshot.sameQuery &&
      uploadFig.sameRuns &&
      report.import.completed &&
      report.import.rejected === 0 &&
      report.agree.sameRows &&
      report.agree.a === report.agree.b &&
      report.agree.a > before;
    return report;
  } finally {
    if (importer && importer.exitCode === null) importer.kill("SIGKILL");
    await Promise.all(servers.map((s) => stopServer(s)));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function fmt(n: number, d = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
}

export function printTwoInstances(r: TwoInstances): void {
  console.log(
    `== Two instances on one PostgreSQL database while importing (issue 16): ${r.connections} connections (half each), ${r.seconds} s ==`,
  );
  console.log(
    `snapshot frozen on A opens on B: ${r.snapshot.sameQuery ? "yes" : "NO"} (${fmt(r.snapshot.onB)} ms, ${r.snapshot.retries} retries); ` +
      `upload on A shows on B: ${r.upload.sameRuns ? "yes" : "NO"} (${fmt(r.upload.onB)} ms, ${r.upload.retries} retries)`,
  );
  for (const [i, x] of r.instances.entries())
    console.log(
      `instance ${"AB"[i]} ${x.base}: ${fmt(x.reqPerS, 1)} req/s (${fmt(x.requests)} answered), p50 ${fmt(x.p50Ms)} ms, p99 ${fmt(x.p99Ms)} ms, errors ${x.errors} (status ${JSON.stringify(x.statusCodes)})`,
    );
  console.log(
    `import: ${r.import.completed ? "completed" : "NOT COMPLETED"} (exit ${r.import.exitCode}), ${fmt(r.import.inserted)} inserted, ${r.import.rejected} rejected in ${fmt(r.import.ms / 1000, 1)} s; ` +
      `${r.import.during ? "running throughout the load" : "finished before the load ended"}`,
  );
  console.log(
    `v6.0 results before the import ${fmt(r.agree.before)}; after it A ${fmt(r.agree.a)}, B ${fmt(r.agree.b)}, same rows on both: ${r.agree.sameRows ? "yes" : "NO"}`,
  );
  console.log(`two instances: ${r.totalErrors} errors — ${r.ok ? "OK" : "FAILED"}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.PERFCONTEXT_TEST_PG;
  if (!url) {
    console.log(
      "no PostgreSQL here: the two-instance test needs one (bash scripts/pg-cluster.sh npx tsx bench/instances.ts)",
    );
  } else {
    const { freshPgDatabase } = await import("@/db/test-stores");
    const db = await freshPgDatabase();
    try {
      const r = await runTwoInstances({ databaseUrl: db.url, seconds: Number(process.argv[2] ?? 10) });
      printTwoInstances(r);
      process.exitCode = r.ok ? 0 : 1;
    } finally {
      await db.drop();
    }
  }
}
