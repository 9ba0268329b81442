// Shared helpers for the bake-off parsers: the blank record, number coercion, safe division,
// latency blocks, model-name normalisation, percentiles. Pure: no I/O.
import type { BakeoffRun, BakeoffTool, LatencyMs } from "@/lib/types";
import { asWhole, LIMITS, percentileDisorder, type Quantity, quantityProblem, readNumber } from "./plausible";

/** What one uploaded file gives: the detected format, the tool, one run per load point, and notes. */
export interface ParsedFile {
  format: string;
  tool: BakeoffTool;
  runs: BakeoffRun[];
  warnings: string[];
}

/** A rejected input, pinned to where it is. `line` is 1-based; the message says what was expected. */
export class BakeoffParseError extends Error {
  readonly line: number | null;
  readonly field: string | null;
  constructor(message: string, line: number | null = null, field: string | null = null) {
    super(message);
    this.name = "BakeoffParseError";
    this.line = line;
    this.field = field;
  }
  toJSON(): { message: string; line: number | null; field: string | null } {
    return { message: this.message, line: this.line, field: this.field };
  }
}

export type PerRequest = NonNullable<BakeoffRun["perRequest"]>[number];

/** A record with every measurement null: parsers fill in only what the file states. */
export function blankRun(tool: BakeoffTool): BakeoffRun {
  return {
    tool,
    toolVersion: null,
    model: null,
    load: { kind: "concurrency", concurrency: null, requestRate: null },
    islMean: null,
    oslMean: null,
    numRequests: null,
    numFailed: null,
    durationS: null,
    reqPerS: null,
    outTokPerS: null,
    totalTokPerS: null,
    ttftMs: null,
    tpotMs: null,
    itlMs: null,
    e2eMs: null,
    latencyNotes: [],
    validity: "UNKNOWN",
    accelerators: null,
    perRequest: null,
    ttftLimitMs: null,
    tpotLimitMs: null,
    scenarioHint: null,
  };
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export type Obj = Record<string, unknown>;
/** A JSON value as an object to read fields from: `{}` when it is not one, so a missing block reads as missing fields. */
export const obj = (v: unknown): Obj => (isObject(v) ? v : {});

/**
 * Where values come from, for error messages: `where` prefixes every message ("line 3: ", "benchmark 2: "), `line`
 * is the 1-based file line when known (detect.ts looks a JSON key's line up when the key is unique in the file).
 */
export interface Loc {
  where: string;
  line: number | null;
}

export const NO_LOC: Loc = { where: "", line: null };

/** A value and the source field it was read from. */
export interface Src {
  v: unknown;
  field: string;
}

/** The first of `keys` holding a value (not undefined/null), with its name; else the first key and undefined. */
export function pick(o: Record<string, unknown>, ...keys: string[]): Src {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return { v: o[k], field: k };
  return { v: undefined, field: keys[0] ?? "" };
}

/** A rejected value: `"<where><field>: <problem>"` at loc.line, naming the field. */
export function reject(loc: Loc, field: string, problem: string): never {
  throw new BakeoffParseError(`${loc.where}${field}: ${problem}`, loc.line, field);
}

/**
 * A number from a number or a numeric string ("538", " 1,234.5 "); null for a missing value (undefined, null,
 * "", "-", "n/a", "None", NaN). Anything else ("abc", "4,5", true, "1e400") is a BakeoffParseError naming `field`.
 */
export function num(v: unknown, field: string, loc: Loc = NO_LOC): number | null {
  const r = readNumber(v);
  if ("problem" in r) reject(loc, field, r.problem);
  return r.value;
}

/**
 * num scaled to the record's unit, then checked as a `kind` (≥ 0, within its bound, whole for counts).
 * `quantity("-44.9", "latency", "median_ttft_ms")` → BakeoffParseError "median_ttft_ms: -44.9 is negative; …".
 */
export function quantity(v: unknown, kind: Quantity, field: string, loc: Loc = NO_LOC, scale = 1): number | null {
  const n = num(v, field, loc);
  if (n === null) return null;
  const x = n * scale;
  const problem = quantityProblem(x, kind, () => (scale === 1 ? String(n) : `${n} (${x} after unit conversion)`));
  if (problem) reject(loc, field, problem);
  // a count within float noise of a whole number is that number (1748.9999999999998 → 1749)
  return LIMITS[kind].whole && !Number.isInteger(x) ? (asWhole(x) ?? x) : x;
}

/** A whole count ≥ 0 (requests, failures, concurrency, accelerators, token totals), or null when missing. */
export function count(v: unknown, field: string, loc: Loc = NO_LOC): number | null {
  return quantity(v, "count", field, loc);
}

/** A throughput or request rate per second ≥ 0, or null when missing. */
export function rate(v: unknown, field: string, loc: Loc = NO_LOC): number | null {
  return quantity(v, "rate", field, loc);
}

/** a / b, or null when either is missing or b is 0 (never NaN or Infinity). */
export function div(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || b === 0) return null;
  const r = a / b;
  return Number.isFinite(r) ? r : null;
}

export function mul(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null) return null;
  const r = a * b;
  return Number.isFinite(r) ? r : null;
}

export function add(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null) return null;
  return a + b;
}

/** Where each stat of a latency block is read from. */
export type LatencySources = Partial<Record<keyof LatencyMs, Src>>;

/**
 * A latency block read from its source fields and scaled to ms, or null when every field is missing. Each value is
 * checked as a latency, and p50 ≤ p90 ≤ p95 ≤ p99 within the block (`block` names it in the error: "TTFT").
 */
export function latency(p: LatencySources, scaleToMs: number, block: string, loc: Loc = NO_LOC): LatencyMs | null {
  const f = (s: keyof LatencyMs): number | null => {
    const src = p[s];
    return src ? quantity(src.v, "latency", src.field, loc, scaleToMs) : null;
  };
  const out: LatencyMs = { mean: f("mean"), p50: f("p50"), p90: f("p90"), p95: f("p95"), p99: f("p99") };
  if (Object.values(out).every((x) => x === null)) return null;
  const min = p.min ? f("min") : null;
  if (min !== null) out.min = min; // only where the file reports one (see LatencyMs.min)
  const bad = percentileDisorder(out);
  if (bad) {
    const lo = p[bad.lo]?.field ?? bad.lo;
    const hi = p[bad.hi]?.field ?? bad.hi;
    reject(
      loc,
      lo,
      `${block} percentiles out of order: ${lo} ${String(p[bad.lo]?.v)} is above ${hi} ${String(p[bad.hi]?.v)}; expected p50 ≤ p90 ≤ p95 ≤ p99`,
    );
  }
  return out;
}

/**
 * Model names as users would type them. HF cache snapshot paths are turned back into ids and other
 * absolute paths are cut to their last segment, so no user-machine path is shown.
 * "/models/models--openai--gpt-oss-120b/snapshots/b5c9…/" → "openai/gpt-oss-120b".
 */
export function normalizeModelName(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const s = raw.trim();
  if (s === "") return null;
  const hf = /models--([^/\\]+?)--([^/\\]+?)(?:[/\\]|$)/.exec(s);
  if (hf?.[1] && hf[2]) return `${hf[1]}/${hf[2]}`;
  const hfOne = /models--([^/\\]+?)(?:[/\\]|$)/.exec(s);
  if (hfOne?.[1]) return hfOne[1];
  if (/^([a-zA-Z]:)?[/\\~.]/.test(s)) {
    const parts = s.split(/[/\\]+/).filter((x) => x !== "" && x !== "." && x !== "..");
    return parts[parts.length - 1] ?? null;
  }
  return s;
}

/** How PerfContext computes percentiles from per-request records, said wherever it does. */
export const PERCENTILE_METHOD_NOTE =
  "percentiles computed here from the per-request records by linear interpolation between closest ranks (numpy's default, method='linear')";

/** Linear-interpolated percentile (numpy's default) of an ascending array; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo];
  const b = sorted[hi];
  if (a === undefined || b === undefined) return null;
  return a + (b - a) * (rank - lo);
}

/** Min/mean/p50/p90/p95/p99 of raw samples (ms), or null when there are none. */
export function latencyFromSamples(samples: readonly (number | null)[]): LatencyMs | null {
  const xs = samples.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  return {
    min: xs[0] ?? null,
    mean: xs.reduce((s, x) => s + x, 0) / xs.length,
    p50: percentile(xs, 50),
    p90: percentile(xs, 90),
    p95: percentile(xs, 95),
    p99: percentile(xs, 99),
  };
}

/** vLLM/SGLang per-request TPOT: (e2e − ttft)/(out − 1), null for single-token outputs. */
export function tpotOf(e2eMs: number | null, ttftMs: number | null, outTokens: number | null): number | null {
  if (e2eMs === null || ttftMs === null || outTokens === null || outTokens <= 1) return null;
  return div(e2eMs - ttftMs, outTokens - 1);
}

/**
 * Per-request samples from the parallel arrays vLLM (`--save-detailed`) and SGLang (`--output-details`)
 * write. Arrays are in seconds. Returns null when the arrays are missing or of different lengths. Values of a
 * successful request are checked like any latency (`ttfts[3]: -0.2 … is negative`); a failed one's are not read.
 */
export function perRequestFromArrays(src: Record<string, unknown>, loc: Loc = NO_LOC): PerRequest[] | null {
  const ttfts = src.ttfts;
  if (!Array.isArray(ttfts) || ttfts.length === 0) return null;
  const n = ttfts.length;
  const arr = (k: string): unknown[] | null => {
    const a = src[k];
    return Array.isArray(a) && a.length === n ? a : null;
  };
  const outs = arr("output_lens");
  const latKey = arr("latencies") ? "latencies" : "e2e_latencies";
  const lats = arr(latKey);
  const itls = arr("itls");
  const errors = arr("errors");
  if (!outs || (!lats && !itls)) return null;
  const rows: PerRequest[] = [];
  const ms = (v: unknown, field: string) => quantity(v, "latency", field, loc, 1000);
  for (let i = 0; i < n; i++) {
    const err = errors?.[i];
    const ok = err === undefined || err === null || err === "";
    if (!ok) {
      rows.push({ ttftMs: null, e2eMs: null, tpotMs: null, ok });
      continue;
    }
    const ttftMs = ms(ttfts[i], `ttfts[${i}]`);
    let e2eMs = lats ? ms(lats[i], `${latKey}[${i}]`) : null;
    const gaps = itls?.[i];
    if (e2eMs === null && ttftMs !== null && Array.isArray(gaps)) {
      e2eMs = gaps.reduce<number>((s, g, j) => s + (ms(g, `itls[${i}][${j}]`) ?? 0), ttftMs);
    }
    rows.push({ ttftMs, e2eMs, tpotMs: tpotOf(e2eMs, ttftMs, count(outs[i], `output_lens[${i}]`, loc)), ok });
  }
  return rows;
}
