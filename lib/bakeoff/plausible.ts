// What a plausible bake-off number is: how a cell or JSON value reads as a number, the bounds of each kind of
// quantity, and percentile order. The per-tool parsers apply these rules where they still know the source field
// and line; detect.ts applies them once more to every finished run, naming the record's own field. Each function
// returns a problem in words (or null) and leaves throwing to the caller. Pure: no I/O.
import type { LatencyMs } from "@/lib/types";

export type Quantity = "latency" | "rate" | "count" | "duration" | "tokens";

interface Limit {
  max: number;
  /** The bound as the message states it. */
  text: string;
  noun: string;
  whole: boolean;
}

/**
 * Upper bounds, generous enough for any real run: a value above one is a unit or export bug, not a measurement.
 * latency ms (TTFT/TPOT/ITL/E2E, SLO limits) ≤ 1e9 ms ≈ 11.6 days; rate (req/s, tok/s, request rate) ≤ 1e12 per s;
 * count (requests, failures, concurrency, accelerators, token totals) whole and ≤ 1e12; duration ≤ 1e9 s ≈ 31.7
 * years; mean tokens per request (ISL/OSL) ≤ 1e9. Every kind is ≥ 0.
 */
export const LIMITS: Record<Quantity, Limit> = {
  latency: { max: 1e9, text: "1e9 ms (≈ 11.6 days)", noun: "a latency", whole: false },
  rate: { max: 1e12, text: "1e12 per second", noun: "a throughput or request rate", whole: false },
  count: { max: 1e12, text: "1e12", noun: "a count", whole: true },
  duration: { max: 1e9, text: "1e9 s (≈ 31.7 years)", noun: "a duration", whole: false },
  tokens: { max: 1e9, text: "1e9 tokens", noun: "a mean token length", whole: false },
};

/** Cell texts tools write for "not measured": "", "-", "n/a", "N/A", "na", "None", "null", "NaN". */
const MISSING_RE = /^(|-|n\/?a|none|null|nan)$/i;
const PLAIN_RE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** Thousands separators in whole 3-digit groups, as Python's `{:,.2f}` writes them: "1,019.69", "16,300". */
const GROUPED_RE = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * A JSON value or cell text as a number: `{value}` (null when it is a missing-value marker or JSON null) or
 * `{problem}`. "1,019.69" → 1019.69; "4,5" → problem (a decimal comma is ambiguous); "fast" → problem;
 * "1e400", Infinity → problem (not finite).
 */
export function readNumber(v: unknown): { value: number | null } | { problem: string } {
  if (v === undefined || v === null) return { value: null };
  if (typeof v === "number") {
    if (Number.isNaN(v)) return { value: null };
    return Number.isFinite(v) ? { value: v } : { problem: `expected a finite number, found ${v}` };
  }
  if (typeof v !== "string") {
    const found = typeof v === "object" ? (Array.isArray(v) ? "a list" : "an object") : JSON.stringify(v);
    return { problem: `expected a number, found ${found}` };
  }
  const s = v.trim();
  if (MISSING_RE.test(s)) return { value: null };
  let digits = s;
  if (s.includes(",")) {
    if (!GROUPED_RE.test(s)) {
      const hint = /^[-+]?\d+,\d+$/.test(s) ? ` (a decimal comma? write ${s.replace(",", ".")})` : "";
      return {
        problem: `expected a number, found ${JSON.stringify(v)}${hint}; commas are read only as thousands separators in groups of 3 digits ("1,019.69")`,
      };
    }
    digits = s.replace(/,/g, "");
  }
  if (!PLAIN_RE.test(digits)) return { problem: `expected a number, found ${JSON.stringify(v)}` };
  const n = Number(digits);
  return Number.isFinite(n) ? { value: n } : { problem: `expected a finite number, found ${JSON.stringify(v)}` };
}

/**
 * How far from a whole number a count may be and still be that whole number: a relative 1e-9. Tools sum counts in
 * floating point (guidellm 0.5 writes an output-token `total_sum` of 1748.9999999999998), so float noise is not an
 * impossible value; 7.5 requests is.
 */
export const WHOLE_REL_TOLERANCE = 1e-9;

/** x as the whole number it is within WHOLE_REL_TOLERANCE, or null. 1748.9999999999998 → 1749; 7.5 → null. */
export function asWhole(x: number): number | null {
  if (!Number.isFinite(x)) return null;
  const r = Math.round(x);
  return Math.abs(x - r) <= WHOLE_REL_TOLERANCE * Math.max(1, Math.abs(x)) ? r : null;
}

/**
 * Why x is not a plausible value of its kind, or null. `shown` is how the message writes the value, made only when
 * there is a message: called for every per-request sample (200,000 at the cap), an eager String(x) per call was
 * the largest single cost of parsing a max-cap upload (issue 26).
 */
export function quantityProblem(x: number, kind: Quantity, shown?: () => string): string | null {
  const l = LIMITS[kind];
  const ok = Number.isFinite(x) && x >= 0 && x <= l.max && (!l.whole || Number.isInteger(x) || asWhole(x) !== null);
  if (ok) return null;
  const v = shown ? shown() : String(x);
  if (!Number.isFinite(x)) return `${v} is not a finite number`;
  if (x < 0) return `${v} is negative; ${l.noun} cannot be below 0`;
  if (x > l.max) return `${v} is implausibly large; ${l.noun} above ${l.text} is not a real measurement`;
  return `${v} is not a whole number; ${l.noun} must be whole`;
}

export const PERCENTILE_STATS = ["p50", "p90", "p95", "p99"] as const;
export type PercentileStat = (typeof PERCENTILE_STATS)[number];

/**
 * The first pair of percentiles in one latency block that is out of order (lower percentile above a higher one by
 * more than float rounding, 1e-9 relative), or null. `{p50: 900, p99: 762}` → {lo: "p50", hi: "p99"}.
 */
export function percentileDisorder(l: LatencyMs): { lo: PercentileStat; hi: PercentileStat } | null {
  let prev: PercentileStat | null = null;
  for (const s of PERCENTILE_STATS) {
    const x = l[s];
    if (x === null) continue;
    const p = prev === null ? null : l[prev];
    if (prev !== null && p !== null && p - x > 1e-9 * Math.max(Math.abs(p), Math.abs(x))) return { lo: prev, hi: s };
    prev = s;
  }
  return null;
}

/**
 * Why a run with these counts measured nothing, or null: 0 completed and 0 failed (or failures not recorded).
 * A run where every request failed (0 completed, 8 failed) is a result and passes. Names are the source's.
 */
export function noRequestsProblem(
  completed: number | null,
  failed: number | null,
  names: { completed: string; failed: string } = { completed: "completed", failed: "failed" },
): string | null {
  if (completed !== 0 || (failed !== null && failed !== 0)) return null;
  const f = failed === null ? `no ${names.failed} count` : `${names.failed} 0`;
  return `the run has no requests (${names.completed} 0, ${f}): it measured nothing; expected at least one completed or failed request`;
}
