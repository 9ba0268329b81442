// The load bench's server and importer processes (see load.ts): a free port, the importer CLI on synthetic copies
// of the real rounds, waiting for /api/health, and a clean stop.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { NODE_TSX, runProcess } from "@/db/import/run-cli";
import { sharedPath } from "@/lib/shared-data";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface CliReport {
  sources: number;
  inserted: number;
  updated: number;
  rejected: number;
  results: number;
  errors: unknown[];
}

/** The importer CLI's arguments and environment for a store: a SQLite file (--db) or a PostgreSQL URL (DATABASE_URL). */
export function storeArgs(db: string): { args: string[]; env: NodeJS.ProcessEnv } {
  if (/^postgres(ql)?:\/\//i.test(db)) return { args: [], env: { ...process.env, DATABASE_URL: db } };
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return { args: ["--db", db], env };
}

export function importCli(
  db: string,
  sources: string[],
): { child: ChildProcess; done: Promise<{ code: number | null; report: CliReport | null }> } {
  const [node = "node", ...flags] = NODE_TSX;
  const store = storeArgs(db);
  const child = spawn(node, [...flags, "db/import/cli.ts", ...store.args, "--json", ...sources], {
    stdio: ["ignore", "pipe", "pipe"],
    env: store.env,
  });
  let stdout = "";
  child.stdout?.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.resume();
  const done = new Promise<{ code: number | null; report: CliReport | null }>((resolve) =>
    child.on("close", (code) => {
      try {
        resolve({ code, report: JSON.parse(stdout.trim().split("\n").pop() ?? "") as CliReport });
      } catch {
        resolve({ code, report: null });
      }
    }),
  );
  return { child, done };
}

/**
 * The scratch database the benches serve, through the importer: the three round summaries and, unless `loadgen` is
 * false, the LoadGen runs. `store` is the CLI's store arguments (storeArgs: `--db FILE`, or none for DATABASE_URL).
 */
export async function seedDatabase(
  store: readonly string[],
  env: NodeJS.ProcessEnv,
  opts: { loadgen?: boolean } = {},
): Promise<CliReport> {
  const [node = "node", ...flags] = NODE_TSX;
  const seed = await runProcess(
    node,
    [
      ...flags,
      "db/import/cli.ts",
      ...store,
      "--json",
      ...["v4.1", "v5.1", "v6.0"].map((r) => sharedPath("mlperf", "summary", `${r}.summary_results.json`)),
      ...(opts.loadgen === false ? [] : [sharedPath("mlperf", "loadgen")]),
    ],
    env,
  );
  const seeded = JSON.parse(seed.stdout.trim().split("\n").pop() ?? "{}") as CliReport;
  if (seed.code !== 0 || seeded.rejected !== 0)
    throw new Error(`seeding the database failed: ${seed.stdout}${seed.stderr}`);
  return seeded;
}

/** Build the app into `distDir` unless a build is there already. */
export async function ensureBuild(distDir: string, env: NodeJS.ProcessEnv, log: (s: string) => void): Promise<void> {
  if (fs.existsSync(path.join(distDir, "BUILD_ID"))) return;
  log(`building the app into ${distDir} (next build)…`);
  const b = await runProcess(process.execPath, ["node_modules/next/dist/bin/next", "build"], env);
  if (b.code !== 0) throw new Error(`next build failed:\n${b.stderr.slice(-3000)}${b.stdout.slice(-3000)}`);
}

/**
 * `copies` copies of the three real round summaries as 3 × copies files, platform names unique per copy. Each
 * `version` nudges every value differently, so importing another version updates every row: the import keeps
 * writing without the database growing past base + copies.
 */
export function writeCopies(dir: string, copies: number, version: number): string[] {
  const files: string[] = [];
  for (const round of ["v4.1", "v5.1", "v6.0"]) {
    const rows = JSON.parse(
      fs.readFileSync(sharedPath("mlperf", "summary", `${round}.summary_results.json`), "utf8"),
    ) as Record<string, unknown>[];
    for (let i = 1; i <= copies; i++) {
      const sfx = `~load${i}`;
      const file = path.join(dir, `${round}${sfx}.v${version}.summary_results.json`);
      const nudge = 1 + (version - 1) * 1e-6;
      fs.writeFileSync(
        file,
        JSON.stringify(
          rows.map((r) => ({
            ...r,
            ID: `${String(r.ID)}${sfx}`,
            Platform: `${String(r.Platform)}${sfx}`,
            Performance_Result:
              typeof r.Performance_Result === "number" ? r.Performance_Result * nudge : r.Performance_Result,
          })),
        ),
      );
      files.push(file);
    }
  }
  return files;
}

export async function waitForHealth(base: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    try {
      const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

export function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.pid === undefined) return resolve();
    server.once("exit", () => resolve());
    try {
      process.kill(-server.pid, "SIGTERM"); // its own process group: next start and anything it forked
    } catch {
      server.kill("SIGTERM");
    }
    setTimeout(() => {
      try {
        if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, "SIGKILL");
      } catch {
        // gone
      }
    }, 5000).unref();
  });
}

/** `count` production servers (server/index.mjs, each in its own process group) on free loopback ports, all healthy. */
export async function startInstances(
  count: number,
  env: NodeJS.ProcessEnv,
): Promise<{ bases: string[]; servers: ChildProcess[]; stop: () => Promise<void> }> {
  const servers: ChildProcess[] = [];
  const bases: string[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const s = spawn(process.execPath, ["server/index.mjs"], {
        env: { ...env, PORT: String(port), PERFCONTEXT_HOST: "127.0.0.1" },
        stdio: ["ignore", "ignore", "pipe"],
        detached: true,
      });
      s.stderr?.resume();
      servers.push(s);
      bases.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(servers.map((s, i) => waitForHealth(bases[i] as string, s, 90_000)));
  } catch (e) {
    await stop();
    throw e;
  }
  return { bases, servers, stop };
}
