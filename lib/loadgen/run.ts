// Shared building blocks for the LoadGen parsers: an empty run, percentile slots, check names.
// Pure: no I/O.
import type { LoadgenRun, PercentileSet } from "@/lib/types";

export type PercentileSlot = keyof PercentileSet;

export function emptyPercentileSet(): PercentileSet {
  return { min: null, max: null, mean: null, p50: null, p90: null, p95: null, p97: null, p99: null, p999: null };
}

export function emptyLoadgenRun(): LoadgenRun {
  return {
    scenarioHeader: null,
    mode: null,
    sutName: null,
    samplesPerSecond: null,
    tokensPerSecond: null,
    scheduledSamplesPerSecond: null,
    validity: "UNKNOWN",
    checks: {},
    failedChecks: [],
    latencyNs: emptyPercentileSet(),
    ttftNs: emptyPercentileSet(),
    tpotNs: emptyPercentileSet(),
    targetQps: null,
    ttftLimitNs: null,
    tpotLimitNs: null,
    minDurationMs: null,
    minQueryCount: null,
    samplesPerQuery: null,
    queryCount: null,
    loadgenVersion: null,
    hasSummary: false,
    hasDetail: false,
  };
}

/** The percentiles LoadGen prints ("99.90 percentile ..." / "result_99.90_percentile_...") → our slot. */
export function percentileSlot(pct: number): PercentileSlot | null {
  switch (pct) {
    case 50:
      return "p50";
    case 90:
      return "p90";
    case 95:
      return "p95";
    case 97:
      return "p97";
    case 99:
      return "p99";
    case 99.9:
      return "p999";
    default:
      return null;
  }
}

/** LoadGen prints these percentiles, as "50.00" in both the summary and the detail keys. */
export const LOADGEN_PERCENTILES = ["50.00", "90.00", "95.00", "97.00", "99.00", "99.90"] as const;

/** Check names, shared by the summary and the detail parser so merged runs line up. */
export const CHECK = {
  perfConstraints: "Performance constraints satisfied",
  minDuration: "Min duration satisfied",
  minQueries: "Min queries satisfied",
  earlyStopping: "Early stopping satisfied",
  ttftEarlyStopping: "TTFT early stopping",
  tpotEarlyStopping: "TPOT early stopping",
  latencyEarlyStopping: "Early stopping result",
} as const;

export function failedChecksOf(checks: Record<string, boolean>): string[] {
  return Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
}

/**
 * Reads an early-stopping recommendation ("* Run successful.", "* Run unsuccessful.", "* Only processed 12 queries.").
 * Returns null when the text says nothing either way (Offline prints an empty one).
 */
export function earlyStoppingOutcome(text: string): boolean | null {
  const t = text
    .replace(/^\s*\*\s*/, "")
    .trim()
    .toLowerCase();
  if (t === "") return null;
  if (t.startsWith("run successful")) return true;
  if (t.startsWith("processed at least")) return true; // SingleStream/MultiStream estimate = success
  return false;
}

const NUMBER_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Strict number parse ("1.04211e+06" → 1042110); null for anything else, including "". */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (!NUMBER_RE.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
