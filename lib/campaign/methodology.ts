// Why two runs of "the same" test differ: a side-by-side of what each file says about its input and output lengths
// (the distributions as far as the file gives them), how load was applied (concurrency or request rate), warm-up,
// what its TPOT and ITL mean, and how it counts tokens. The per-tool definitions (each with the source it was read
// from) are the `method` of each tool's entry in the serving-tool registry, lib/bakeoff/tools.ts. Pure.
import { loadText } from "@/lib/bakeoff/slo";
import { SERVING_TOOLS } from "@/lib/bakeoff/tools";
import { formatNumber } from "@/lib/format";
import type { Dist } from "./facts";
import type { CampaignRun } from "./runs";

export interface MethodRow {
  aspect: string;
  a: string;
  b: string;
  same: boolean;
  /** Why a difference matters. */
  why: string;
}

const n = (x: number | null | undefined, d = 0) => (x === null || x === undefined ? null : formatNumber(x, d));

export function distText(d: Dist | null, mean: number | null, configured: number | null): string {
  const parts: string[] = [];
  if (d) {
    const m = n(d.mean ?? mean, 1);
    if (m) parts.push(`mean ${m}`);
    if (d.std !== null) parts.push(`sd ${n(d.std, 1)}`);
    if (d.min !== null || d.max !== null) parts.push(`range ${n(d.min) ?? "?"}–${n(d.max) ?? "?"}`);
    if (d.p50 !== null) parts.push(`p50 ${n(d.p50)}`);
    if (d.p99 !== null) parts.push(`p99 ${n(d.p99)}`);
  } else if (mean !== null) parts.push(`mean ${n(mean, 1)} (only the mean is in the file)`);
  if (configured !== null) parts.push(`configured ${n(configured)}`);
  return parts.length ? parts.join(", ") : "not in the file";
}

/** Relative difference above 10% counts as different for lengths (two runs of one dataset vary by a few tokens). */
const near = (x: number | null, y: number | null) =>
  x === null || y === null ? x === y : Math.abs(x - y) <= 0.1 * Math.max(Math.abs(x), Math.abs(y));

function pattern(r: CampaignRun): string {
  const k = r.run.load.kind;
  const kind =
    k === "concurrency"
      ? "closed loop: a fixed number of requests in flight"
      : k === "rate"
        ? "open loop: requests arrive at a set rate"
        : k === "burst"
          ? "every request sent at once"
          : k === "mlperf-server"
            ? "open loop: Poisson arrivals at the target rate"
            : k === "offline" || k === "mlperf-offline"
              ? "offline: all work queued up front"
              : "not stated";
  return `${loadText(r.run)} (${kind})`;
}

/** The methodology of two runs, aspect by aspect. */
export function methodologyDiff(a: CampaignRun, b: CampaignRun): MethodRow[] {
  const rows: MethodRow[] = [];
  const ma = SERVING_TOOLS[a.run.tool].method;
  const mb = SERVING_TOOLS[b.run.tool].method;
  const push = (aspect: string, va: string, vb: string, same: boolean, why: string) =>
    rows.push({ aspect, a: va, b: vb, same, why: same ? "" : why });
  push(
    "Tool",
    `${a.run.tool}${a.run.toolVersion ? ` (${a.run.toolVersion})` : ""}`,
    `${b.run.tool}${b.run.toolVersion ? ` (${b.run.toolVersion})` : ""}`,
    a.run.tool === b.run.tool && a.run.toolVersion === b.run.toolVersion,
    "Different tools define and count things differently (the rows below).",
  );
  push(
    "Dataset",
    a.facts.dataset ?? "not stated",
    b.facts.dataset ?? "not stated",
    (a.facts.dataset ?? "") === (b.facts.dataset ?? ""),
    "Different prompts change prefill work, cache hit rates and output lengths.",
  );
  push(
    "Input tokens (ISL)",
    distText(a.facts.isl, a.run.islMean, a.facts.islConfigured),
    distText(b.facts.isl, b.run.islMean, b.facts.islConfigured),
    near(a.run.islMean ?? a.facts.isl?.mean ?? null, b.run.islMean ?? b.facts.isl?.mean ?? null),
    "Longer prompts cost more prefill: TTFT and throughput are not comparable across lengths; a wide spread also widens the tail.",
  );
  push(
    "Output tokens (OSL)",
    distText(a.facts.osl, a.run.oslMean, a.facts.oslConfigured),
    distText(b.facts.osl, b.run.oslMean, b.facts.oslConfigured),
    near(a.run.oslMean ?? a.facts.osl?.mean ?? null, b.run.oslMean ?? b.facts.osl?.mean ?? null),
    "Output length sets decode work per request; tokens/s and requests/s trade against it.",
  );
  push(
    "Load",
    pattern(a),
    pattern(b),
    a.run.load.kind === b.run.load.kind,
    "Concurrency (closed loop) caps queueing, a request rate (open loop) does not: at the same throughput the open loop shows longer tails.",
  );
  push(
    "Warm-up",
    a.facts.warmup ?? `not stated in the file; the tool's default: ${ma.warmupDefault}`,
    b.facts.warmup ?? `not stated in the file; the tool's default: ${mb.warmupDefault}`,
    (a.facts.warmup ?? ma.warmupDefault) === (b.facts.warmup ?? mb.warmupDefault),
    "A run without warm-up counts cold-start requests (compilation, empty caches) in its percentiles.",
  );
  const notesA = a.run.latencyNotes.join("; ");
  const notesB = b.run.latencyNotes.join("; ");
  push(
    "Percentiles (TPOT vs ITL)",
    `${ma.percentiles}${notesA ? `. In this file: ${notesA}` : ""}`,
    `${mb.percentiles}${notesB ? `. In this file: ${notesB}` : ""}`,
    ma.percentiles === mb.percentiles,
    "A TPOT and an ITL (or a TPOT that includes TTFT) are different numbers for the same run: compare like with like.",
  );
  push(
    "Token counting",
    `${ma.tokens} (${ma.source})`,
    `${mb.tokens} (${mb.source})`,
    ma.tokens === mb.tokens,
    "Server-reported and client re-tokenized counts differ (special tokens, a different tokenizer), which moves tokens/s and TPOT.",
  );
  return rows;
}
