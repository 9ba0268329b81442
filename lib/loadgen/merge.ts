// Combines a run's summary and detail logs, tells Server from Interactive, and cross-checks against
// published summaries. Pure: no I/O.

import { familyOfName, interactivePairs, tokenLimits } from "@/lib/judge";
import { type LoadgenRun, type PercentileSet, SCENARIOS, type Scenario } from "@/lib/types";
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

const MS = 1_000_000;

function toScenario(text: string | null | undefined): Scenario | null {
  const t = (text ?? "").trim().toLowerCase();
  return SCENARIOS.find((s) => s.toLowerCase() === t) ?? null;
}

const fmtMs = (ns: number) => `${ns / MS} ms`;

export interface ClassifyInput {
  dirScenario?: string | null;
  header?: string | null;
  ttftLimitNs?: number | null;
  tpotLimitNs?: number | null;
  modelFamily?: string | null;
}

/**
 * Which scenario a run really is. LoadGen prints "Scenario : Server" for Interactive runs, so: the results
 * directory name wins; without one, a Server header is checked against the model's TTFT/TPOT limits.
 * Example: {header: "Server", ttftLimitNs: 450e6, tpotLimitNs: 40e6, modelFamily: "llama2-70b"} → Interactive.
 * scenario is null only when nothing at all identifies it.
 */
export function classifyScenario(input: ClassifyInput): { scenario: Scenario | null; reason: string } {
  const header = toScenario(input.header);
  const dir = toScenario(input.dirScenario);
  if (dir) {
    let reason = `directory name "${dir}"`;
    if (header && header !== dir && !(dir === "Interactive" && header === "Server")) {
      reason += `; the log header says "${header}"`;
    }
    return { scenario: dir, reason };
  }
  if (header && header !== "Server") return { scenario: header, reason: `log header "${header}"` };

  const ttft = input.ttftLimitNs ?? null;
  const tpot = input.tpotLimitNs ?? null;
  // the one limits table (lib/judge/limits.ts), by any spelling of the model ("llama3_1-405b", "llama2-70b-99.9")
  const family = input.modelFamily ? familyOfName(input.modelFamily) : null;
  const server = family ? tokenLimits(family, "Server") : null;
  const inter = family ? tokenLimits(family, "Interactive") : null;
  const limitText = `TTFT ${ttft === null ? "?" : fmtMs(ttft)} / TPOT ${tpot === null ? "?" : fmtMs(tpot)}`;

  if (ttft !== null || tpot !== null) {
    if (server || inter) {
      const fitsInteractive =
        inter !== null && (ttft === null || ttft <= inter.ttftMs * MS) && (tpot === null || tpot <= inter.tpotMs * MS);
      if (fitsInteractive) {
        return { scenario: "Interactive", reason: `limits ${limitText} are ${family}'s Interactive limits` };
      }
      return { scenario: "Server", reason: `limits ${limitText} are looser than ${family}'s Interactive limits` };
    }
    // Unknown model: only an exact match to some model's Interactive pair counts.
    if (ttft !== null && tpot !== null) {
      for (const l of interactivePairs()) {
        if (l.ttftMs * MS === ttft && l.tpotMs * MS === tpot) {
          return { scenario: "Interactive", reason: `limits ${limitText} match ${l.benchmark}'s Interactive limits` };
        }
      }
    }
  }
  if (header === "Server") {
    const why =
      ttft !== null || tpot !== null
        ? `limits ${limitText} do not match a known Interactive pair`
        : "no latency limits to check for Interactive";
    return { scenario: "Server", reason: `log header "Server"; ${why}` };
  }
  return { scenario: null, reason: "no directory name, header or limits identify the scenario" };
}
