// Shared helpers for the bake-off parsers: the blank record, number coercion, safe division,
// latency blocks, model-name normalisation, percentiles. Pure: no I/O.
import type { BakeoffRun, BakeoffTool, LatencyMs } from "@/lib/types";

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

/** A finite number from a number or a numeric string ("538", " 1,234.5 "); anything else → null. */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string") {
    const s = v.trim().replace(/,/g, "");
    if (s === "" || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A positive whole count (≥0) or null. */
export function count(v: unknown): number | null {
  const n = num(v);
  return n !== null && n >= 0 ? n : null;
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

/** A latency block scaled to ms, or null when every field is missing. */
export function latency(
  p: { mean?: unknown; p50?: unknown; p90?: unknown; p95?: unknown; p99?: unknown },
  scaleToMs = 1,
): LatencyMs | null {
  const f = (v: unknown): number | null => {
    const n = num(v);
    return n === null ? null : n * scaleToMs;
  };
  const out: LatencyMs = { mean: f(p.mean), p50: f(p.p50), p90: f(p.p90), p95: f(p.p95), p99: f(p.p99) };
  return Object.values(out).every((x) => x === null) ? null : out;
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

/** Mean/p50/p90/p95/p99 of raw samples (ms), or null when there are none. */
export function latencyFromSamples(samples: readonly (number | null)[]): LatencyMs | null {
  const xs = samples.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  return {
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
 * write. Arrays are in seconds. Returns null when the arrays are missing or of different lengths.
 */
export function perRequestFromArrays(src: Record<string, unknown>): PerRequest[] | null {
  const ttfts = src.ttfts;
  if (!Array.isArray(ttfts) || ttfts.length === 0) return null;
  const n = ttfts.length;
  const arr = (k: string): unknown[] | null => {
    const a = src[k];
    return Array.isArray(a) && a.length === n ? a : null;
  };
  const outs = arr("output_lens");
  const lats = arr("latencies") ?? arr("e2e_latencies");
  const itls = arr("itls");
  const errors = arr("errors");
  if (!outs || (!lats && !itls)) return null;
  const rows: PerRequest[] = [];
  for (let i = 0; i < n; i++) {
    const err = errors?.[i];
    const ok = err === undefined || err === null || err === "";
    const ttftS = num(ttfts[i]);
    let e2eS = lats ? num(lats[i]) : null;
    const gaps = itls?.[i];
    if (e2eS === null && ttftS !== null && Array.isArray(gaps)) {
      e2eS = gaps.reduce<number>((s, g) => s + (num(g) ?? 0), ttftS);
    }
    const ttftMs = ok && ttftS !== null ? ttftS * 1000 : null;
    const e2eMs = ok && e2eS !== null ? e2eS * 1000 : null;
    rows.push({ ttftMs, e2eMs, tpotMs: ok ? tpotOf(e2eMs, ttftMs, num(outs[i])) : null, ok });
  }
  return rows;
}
