// Shapes published results and bake-off runs into the overlay's chart series and summary rows. Pure: no I/O,
// every number finite or null (a run where every request failed gives zeros and nulls, never NaN/Infinity).

import { loadText } from "@/lib/bakeoff/slo";
import { judgeValidity, perAccelerator, perGivenAccelerators } from "@/lib/judge";
import { acceleratorsLabel } from "@/lib/snapshot";
import type { BakeoffRun, PublishedResult, Scenario } from "@/lib/types";
import type { OverlayMetric } from "./overlay-state";

// the load point in words lives with the SLO maths so /plan's basis card can say it too

export const LANES = ["Offline", "Server", "Interactive", "Your run"] as const;
export type Lane = (typeof LANES)[number];

export interface PublishedPoint {
  id: string;
  resultId: string | null; // MLCommons ID, "5.1-0001"
  name: string; // "AMD · 8xMI300X_2xEPYC_9575F"
  accelerator: string | null;
  accelerators: number | null;
  heterogeneous: boolean;
  /** "8 × NVIDIA B200"; a heterogeneous system as its mix, "8×MI300X + 8×MI325X + 8×MI355X". */
  acceleratorText: string;
  scenario: Scenario;
  perAcc: number | null; // tokens/s per accelerator (derived)
  value: number;
  units: string;
  ttftP99: number | null; // from the imported LoadGen log, ms
  tpotP99: number | null;
}

export interface RunPoint {
  index: number; // 0-based position in the upload
  name: string; // "point 2 · concurrency 10"
  series: string; // runs sharing tool+model draw as one curve
  perAcc: number | null;
  outTokPerS: number | null;
  ttftP99: number | null;
  tpotP99: number | null;
  /** The tool (LoadGen) marked this point INVALID: every chart point and row says so; it is never ranked or sized. */
  invalid: boolean;
  /** What LoadGen says failed, as it writes it (lib/judge): shown up front beside an INVALID point. */
  failedChecks: string[];
}

const finiteOrNull = (x: number | null | undefined): number | null =>
  x !== null && x !== undefined && Number.isFinite(x) ? x : null;

/** a / b, or null: never NaN or Infinity. */
export function safeDiv(a: number | null | undefined, b: number | null | undefined): number | null {
  const x = finiteOrNull(a);
  const y = finiteOrNull(b);
  if (x === null || y === null || y === 0) return null;
  return finiteOrNull(x / y);
}

/** One entry per measurement (the -99 and -99.9 rows of one run count once), throughput scenarios only. */
export function publishedPoints(rows: PublishedResult[]): PublishedPoint[] {
  const seen = new Set<string>();
  const out: PublishedPoint[] = [];
  for (const r of rows) {
    if (r.scenario !== "Offline" && r.scenario !== "Server" && r.scenario !== "Interactive") continue;
    if (seen.has(r.measurementKey)) continue;
    seen.add(r.measurementKey);
    out.push({
      id: r.id,
      resultId: r.resultId,
      name: `${r.submitter} · ${r.system}`,
      accelerator: r.accelerator,
      accelerators: r.totalAccelerators,
      heterogeneous: r.heterogeneous,
      acceleratorText:
        (r.acceleratorGroups?.length ?? 0) > 1
          ? (acceleratorsLabel(r) ?? "")
          : `${r.totalAccelerators ?? "?"} × ${r.accelerator ?? "accelerator"}`,
      scenario: r.scenario,
      perAcc: finiteOrNull(perAccelerator(r).value),
      value: r.value,
      units: r.units,
      ttftP99: finiteOrNull(r.latency?.ttftMs?.p99),
      tpotP99: finiteOrNull(r.latency?.tpotMs?.p99),
    });
  }
  return out;
}

/** `series`: each point's sweep label (lib/campaign sweepLabels), so two sweeps in one upload are two lines. */
export function runPoints(runs: BakeoffRun[], accelerators: number | null, series?: string[]): RunPoint[] {
  return runs.map((r, i) => {
    const acc = r.accelerators ?? accelerators;
    const v = judgeValidity({ validity: r.validity, failedChecks: r.failedChecks ?? [] });
    return {
      index: i,
      name: `${r.validity === "INVALID" ? "INVALID · " : ""}${runs.length > 1 ? `point ${i + 1} · ` : ""}${loadText(r)}`,
      series: series?.[i] ?? `${r.tool}${r.model ? ` · ${r.model}` : ""}`,
      // the run is divided by the count given at upload: the one rule for given counts
      perAcc: finiteOrNull(perGivenAccelerators(finiteOrNull(r.outTokPerS), finiteOrNull(acc))),
      outTokPerS: finiteOrNull(r.outTokPerS),
      ttftP99: r.numRequests === 0 ? null : finiteOrNull(r.ttftMs?.p99),
      tpotP99: r.numRequests === 0 ? null : finiteOrNull(r.tpotMs?.p99),
      invalid: !v.basis,
      failedChecks: v.failedChecks,
    };
  });
}

export function latencyOf(p: { ttftP99: number | null; tpotP99: number | null }, m: OverlayMetric): number | null {
  return m === "ttft" ? p.ttftP99 : p.tpotP99;
}

export interface LaneSummary {
  lane: Scenario;
  count: number;
  median: number | null;
  best: number | null;
  bestName: string | null;
}

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const a = s[mid];
  const b = s[mid - 1];
  if (a === undefined) return null;
  return s.length % 2 === 1 || b === undefined ? a : (a + b) / 2;
}

export function laneSummaries(points: PublishedPoint[]): LaneSummary[] {
  return (["Offline", "Server", "Interactive"] as const).map((lane) => {
    const ps = points.filter((p) => p.scenario === lane && p.perAcc !== null);
    const best = ps.reduce<PublishedPoint | null>(
      (b, p) => (b === null || (p.perAcc ?? 0) > (b.perAcc ?? 0) ? p : b),
      null,
    );
    return {
      lane,
      count: ps.length,
      median: median(ps.map((p) => p.perAcc ?? 0)),
      best: best?.perAcc ?? null,
      bestName: best?.name ?? null,
    };
  });
}

/**
 * How many published results in a lane the run's per-accelerator throughput beats: "above 12 of 40". An INVALID
 * point is never ranked (lib/judge): null, as for a point without a figure.
 */
export function rankAgainst(
  points: Pick<PublishedPoint, "scenario" | "perAcc">[],
  lane: Scenario,
  point: Pick<RunPoint, "perAcc" | "invalid"> | null | undefined,
): string | null {
  const perAcc = point && !point.invalid ? point.perAcc : null;
  if (perAcc === null) return null;
  const xs = points.filter((p) => p.scenario === lane && p.perAcc !== null);
  if (xs.length === 0) return null;
  const below = xs.filter((p) => (p.perAcc ?? 0) < perAcc).length;
  return `above ${below} of ${xs.length}`;
}

const squash = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The published result the flags and the compare link use: the URL's pick when it is in the list, else, in the SLO
 * scenario, the closest system: same accelerator model (exact, then contained), one kind of accelerator, the same
 * accelerator count; among equals, the best per accelerator.
 */
export function pickReference(
  points: PublishedPoint[],
  wanted: string | null,
  scenario: Scenario,
  accelerator: string | null,
  accelerators: number | null,
): PublishedPoint | null {
  if (wanted) {
    const p = points.find((x) => x.id === wanted);
    if (p) return p;
  }
  const inScenario = points.filter((p) => p.scenario === scenario && p.perAcc !== null);
  const pool = inScenario.length > 0 ? inScenario : points;
  const acc = squash(accelerator);
  const score = (p: PublishedPoint): number => {
    const a = squash(p.accelerator);
    let s = 0;
    if (acc && a === acc) s += 8;
    else if (acc && a.includes(acc)) s += 4;
    if (!p.heterogeneous) s += 2;
    if (accelerators !== null && p.accelerators === accelerators) s += 1;
    return s;
  };
  let best: PublishedPoint | null = null;
  for (const p of pool) {
    if (best === null) best = p;
    else {
      const d = score(p) - score(best);
      if (d > 0 || (d === 0 && (p.perAcc ?? -1) > (best.perAcc ?? -1))) best = p;
    }
  }
  return best;
}

/** Fields of the common record a run lacks, for "what is missing". */
export function missingFields(r: BakeoffRun): string[] {
  const out: string[] = [];
  const check = (name: string, v: unknown) => {
    if (v === null || v === undefined) out.push(name);
  };
  check("model", r.model);
  check("requests", r.numRequests);
  check("failures", r.numFailed);
  check("duration", r.durationS);
  check("req/s", r.reqPerS);
  check("output tok/s", r.outTokPerS);
  check("p99 TTFT", r.ttftMs?.p99);
  check("p99 TPOT", r.tpotMs?.p99);
  check("p99 ITL", r.itlMs?.p99);
  check("p99 E2E", r.e2eMs?.p99);
  check("ISL/OSL", r.islMean ?? r.oslMean);
  check("accelerators", r.accelerators);
  return out;
}
