// Long fuzz (issue 7): every parser target of lib/fuzz/properties.ts for ≥ 100,000 fast-check cases, printing the
// case count and time per target. `npx tsx bench/fuzz.ts [CASES] [--seed N]` runs it alone; `runFuzzBench()` is
// what bench/run.ts calls. Targets run in child processes, one per core, so a 2-core machine takes half the time.
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { NODE_TSX, runProcess } from "@/db/import/run-cli";
import { type FuzzReport, fuzzTargets, KNOWN_ISSUES, runTarget } from "@/lib/fuzz/properties";
import { loadFuzzSeeds } from "@/lib/fuzz/test-seeds";

export const LONG_CASES = 100_000;

export interface FuzzBench {
  seed: number;
  casesPerTarget: number;
  targets: FuzzReport[];
  totalCases: number;
  wallMs: number;
  /** true when no target found a new (unknown) property violation. */
  ok: boolean;
  knownIssues: { id: string; description: string; hits: number }[];
}

const SELF = path.resolve("bench/fuzz.ts");

/** One target in this process (the worker side). */
function runOne(name: string, cases: number, seed: number): FuzzReport {
  const t = fuzzTargets(loadFuzzSeeds()).find((x) => x.name === name);
  if (!t) throw new Error(`no fuzz target "${name}"`);
  const warn = console.warn;
  console.warn = () => undefined; // papaparse warns on duplicate CSV headers, which the fuzzers make many of
  try {
    return runTarget(t, { numRuns: cases, seed });
  } finally {
    console.warn = warn;
  }
}

async function runChild(name: string, cases: number, seed: number): Promise<FuzzReport> {
  const [node, ...flags] = NODE_TSX;
  const r = await runProcess(node, [...flags, SELF, "--worker", name, String(cases), String(seed)]);
  try {
    return JSON.parse(r.last) as FuzzReport;
  } catch {
    // the worker died: a failure of this target, not of the whole bench
    return { name, cases: 0, ms: 0, failure: `fuzz worker exited ${r.code}: ${r.stderr.slice(-2000)}`, known: {} };
  }
}

export async function runFuzzBench(
  opts: { casesPerTarget?: number; seed?: number; parallel?: number; onResult?: (r: FuzzReport) => void } = {},
): Promise<FuzzBench> {
  const cases = opts.casesPerTarget ?? LONG_CASES;
  const seed = opts.seed ?? (Date.now() ^ (process.pid << 8)) >>> 0;
  const names = fuzzTargets(loadFuzzSeeds()).map((t) => t.name);
  const parallel = Math.max(1, Math.min(opts.parallel ?? os.availableParallelism(), names.length));
  const t0 = performance.now();
  const results = new Map<string, FuzzReport>();
  const queue = [...names];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const r = await runChild(name, cases, seed);
        results.set(name, r);
        opts.onResult?.(r);
      }
    }),
  );
  const targets = names.map((n) => results.get(n)).filter((r): r is FuzzReport => r !== undefined);
  const hits = (id: string) => targets.reduce((s, r) => s + (r.known[id] ?? 0), 0);
  return {
    seed,
    casesPerTarget: cases,
    targets,
    totalCases: targets.reduce((s, r) => s + r.cases, 0),
    wallMs: performance.now() - t0,
    ok: targets.every((r) => r.failure === null),
    knownIssues: KNOWN_ISSUES.map((k) => ({ id: k.id, description: k.description, hits: hits(k.id) })),
  };
}

function fmt(n: number, d = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
}

export function formatFuzzLine(r: FuzzReport): string {
  const known = Object.entries(r.known)
    .map(([k, n]) => `${k} ×${n}`)
    .join(", ");
  return (
    `${r.name}: ${fmt(r.cases)} cases in ${fmt(r.ms / 1000, 1)} s (${fmt((r.cases / r.ms) * 1000)} cases/s)` +
    `${known ? `; known issues hit: ${known}` : ""} — ${r.failure === null ? "OK" : `FAILED\n${r.failure}`}`
  );
}

export function printFuzzBench(b: FuzzBench): void {
  console.log(
    `== Fuzz (issue 7): ${fmt(b.casesPerTarget)} cases per target, seed ${b.seed}; ${fmt(b.totalCases)} cases in ${fmt(b.wallMs / 1000, 1)} s wall ==`,
  );
  for (const r of b.targets) console.log(formatFuzzLine(r));
  for (const k of b.knownIssues) console.log(`known issue ${k.id} (${k.hits} hits): ${k.description}`);
  console.log(b.ok ? "fuzz: no new property violations" : "fuzz: NEW PROPERTY VIOLATIONS (see above)");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  if (args[0] === "--worker") {
    const [, name, cases, seed] = args;
    process.stdout.write(`${JSON.stringify(runOne(name ?? "", Number(cases), Number(seed)))}\n`);
  } else {
    const seedAt = args.indexOf("--seed");
    const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : undefined;
    const casesArg = args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== "--seed");
    const b = await runFuzzBench({
      casesPerTarget: casesArg ? Number(casesArg) : LONG_CASES,
      seed,
      onResult: (r) => process.stderr.write(`${formatFuzzLine(r)}\n`),
    });
    printFuzzBench(b);
    process.exitCode = b.ok ? 0 : 1;
  }
}
