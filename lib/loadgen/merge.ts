// Combines a run's summary and detail logs and cross-checks against published summaries. Pure: no I/O.
// Which scenario a run is (Server or Interactive) is judged in lib/judge/scenario.ts (classifyScenario).

import type { LoadgenRun, PercentileSet } from "@/lib/types";
import { emptyLoadgenRun, failedChecksOf } from "./run";

/** Relative tolerance for log vs. published value, after rounding the log value to 6 significant digits. */
export const SUMMARY_REL_TOLERANCE = 1e-5;

/**
 * Published summaries keep 6 significant digits. Example: log 1016375.00 → 1016380 vs summary 1016380.0 → agrees.
 * relDiff is |round6(log) − summary| / |summary| (Infinity if either value is not finite).
 */
export function compareWithSummary(logValue: number, summaryValue: number): { agrees: boolean; relDiff: number } {
  if (!Number.isFinite(logValue) || !Number.isFinite(summaryValue))
    return { agrees: false, relDiff: Number.POSITIVE_INFINITY };
  const rounded = Number(logValue.toPrecision(6));
  const diff = Math.abs(rounded - summaryValue);
  const scale = Math.max(Math.abs(summaryValue), Math.abs(rounded));
  const relDiff = scale === 0 ? 0 : diff / scale;
  return { agrees: relDiff <= SUMMARY_REL_TOLERANCE, relDiff };
}

/** Significant digits a parsed value carries: 785521.65 → 8, 354.41 → 5, 1016380 → 6 (trailing zeros dropped). */
export function significantDigits(v: number): number {
  if (!Number.isFinite(v) || v === 0) return 1;
  const digits = Math.abs(v).toPrecision(15).replace(/e.*$/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  return Math.max(1, digits.length);
}

/** Half a unit in the last printed place: 354.41 → 0.005, 785522 → 0.5, 1016380 → 5. */
function halfUlp(v: number): number {
  if (v === 0) return 0;
  return 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(v))) - significantDigits(v) + 1);
}

/**
 * Two printings of one measurement (summary: 2 decimals, detail: 6 significant digits) agree when they differ
 * by no more than their rounding. Example: 354.41 vs 354.414 → agrees; 785521.65 vs 785522 → agrees.
 */
export function compareLogValues(a: number, b: number): { agrees: boolean; relDiff: number } {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return { agrees: false, relDiff: Number.POSITIVE_INFINITY };
  const diff = Math.abs(a - b);
  const scale = Math.max(Math.abs(a), Math.abs(b));
  const relDiff = scale === 0 ? 0 : diff / scale;
  return { agrees: diff <= (halfUlp(a) + halfUlp(b)) * (1 + 1e-9), relDiff };
}

function mergePercentiles(detail: PercentileSet, summary: PercentileSet): PercentileSet {
  const out = { ...detail };
  for (const k of Object.keys(out) as (keyof PercentileSet)[]) out[k] = detail[k] ?? summary[k];
  return out;
}

/**
 * Throughput: the detail log prints 6 significant digits (785522; 354.414), the summary 2 decimals
 * (785521.65; 354.41). When the two agree, keep whichever is finer; when they disagree, the detail log wins.
 */
function mergeThroughput(detail: number | null, summary: number | null): number | null {
  if (detail === null) return summary;
  if (summary === null) return detail;
  if (!compareLogValues(summary, detail).agrees) return detail;
  return significantDigits(summary) > significantDigits(detail) ? summary : detail;
}

/** Detail wins for machine-readable fields; the summary fills gaps. Either may be null. */
export function mergeLoadgen(summary: LoadgenRun | null, detail: LoadgenRun | null): LoadgenRun {
  const s = summary ?? emptyLoadgenRun();
  const d = detail ?? emptyLoadgenRun();
  const checks = { ...s.checks, ...d.checks };
  return {
    scenarioHeader: d.scenarioHeader ?? s.scenarioHeader,
    mode: d.mode ?? s.mode,
    sutName: d.sutName ?? s.sutName,
    samplesPerSecond: mergeThroughput(d.samplesPerSecond, s.samplesPerSecond),
    tokensPerSecond: mergeThroughput(d.tokensPerSecond, s.tokensPerSecond),
    scheduledSamplesPerSecond: mergeThroughput(d.scheduledSamplesPerSecond, s.scheduledSamplesPerSecond),
    validity: d.validity !== "UNKNOWN" ? d.validity : s.validity,
    checks,
    failedChecks: failedChecksOf(checks),
    latencyNs: mergePercentiles(d.latencyNs, s.latencyNs),
    ttftNs: mergePercentiles(d.ttftNs, s.ttftNs),
    tpotNs: mergePercentiles(d.tpotNs, s.tpotNs),
    targetQps: d.targetQps ?? s.targetQps,
    ttftLimitNs: d.ttftLimitNs ?? s.ttftLimitNs,
    tpotLimitNs: d.tpotLimitNs ?? s.tpotLimitNs,
    minDurationMs: d.minDurationMs ?? s.minDurationMs,
    minQueryCount: d.minQueryCount ?? s.minQueryCount,
    samplesPerQuery: d.samplesPerQuery ?? s.samplesPerQuery,
    queryCount: d.queryCount ?? s.queryCount,
    loadgenVersion: d.loadgenVersion ?? s.loadgenVersion,
    hasSummary: summary !== null,
    hasDetail: detail !== null,
  };
}
