// Raw MLPerf summary values → canonical values. Pure and browser-safe: no I/O, no node:* imports.
// Unknown values map to null; callers decide whether that is an error.

import { stripUnsafeMultiline } from "@/lib/text/labels";
import { LATENCY_SCENARIOS, type Scenario } from "@/lib/types";
import { memoize } from "./memo";

export type { AcceleratorCount, AcceleratorCountInput } from "./accelerators";
export { deriveAcceleratorCount } from "./accelerators";
export { canonicalPrecision } from "./precision";
export { majorMinor, majorVersion, parseSoftwareStack } from "./software";

const NULL_WORDS = new Set(["", "n/a", "na", "none", "null", "nan", "-"]);

/** True for values the summary files use to mean "nothing": `""`, `"None"`, `"N/A"`, `null`. */
export function isNullish(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v !== "string") return false;
  const n = v.length;
  // longer than any null word and not padded: cannot be one (the common case, decided without allocating)
  if (n > 4 && isVisibleAscii(v.charCodeAt(0)) && isVisibleAscii(v.charCodeAt(n - 1))) return false;
  return NULL_WORDS.has(v.trim().toLowerCase());
}

function isVisibleAscii(c: number): boolean {
  return c > 32 && c < 127;
}

/**
 * Trimmed text or null. `"  Ubuntu 22.04 "` → `"Ubuntu 22.04"`; `""`, `"None"` → null; `24` → `"24"`. Control
 * characters (but tab and line breaks) and bidi overrides a file carries are dropped (lib/text/labels.ts): `"8xH100 \u202E001B"` → `"8xH100 001B"`.
 */
export function toText(v: unknown): string | null {
  if (isNullish(v)) return null;
  if (typeof v === "string") return stripUnsafeMultiline(v).trim();
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return null;
}

const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number or null. `1042110.0` → 1042110; `"57174.1"` → 57174.1; `"1.04211e+06"` → 1042110; `"abc"` → null. */
export function parseNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!NUMBER_RE.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A non-negative whole count or null. `8.0` → 8; `"11"` → 11; `"8.0"` → 8; `""`, `"N/A"`, `"None"`, `-1`, `"8.5"` → null. */
export const MAX_COUNT = 10_000_000;

export function parseCount(v: unknown): number | null {
  if (isNullish(v)) return null;
  const n = parseNumber(v);
  // counts of nodes and accelerators: anything past ten million is not a count, it is a broken cell
  if (n === null || n < 0 || !Number.isInteger(n) || n > MAX_COUNT) return null;
  return n;
}

/** `true`, `"True"`, `1`, `"1"` → true; `false`, `"False"`, `0`, `"0"` → false; `"None"`, `""` → null. */
export function parseBool(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v === 1 ? true : v === 0 ? false : null;
  if (typeof v !== "string") return null;
  const s = v.trim().toLowerCase();
  if (s === "true" || s === "1" || s === "yes") return true;
  if (s === "false" || s === "0" || s === "no") return false;
  return null;
}

// Accuracy targets are two-digit percentages ("99", "99.9", "95"); "-120b" or "-224" are not.
const ACCURACY_SUFFIX = /^(.+)-(9\d(?:\.9+)?)$/;

/**
 * Benchmark name → family + accuracy target.
 * `"llama2-70b-99.9"` → `{modelFamily: "llama2-70b", accuracyTarget: "99.9"}`;
 * `"yolo-95"` → `{yolo, "95"}`; `"gpt-oss-120b"` → `{gpt-oss-120b, null}`; `"resnet"` → `{resnet, null}`.
 */
export const splitModel: (model: string) => { modelFamily: string; accuracyTarget: string | null } = memoize(
  splitModelUncached,
  (m) => m,
);

function splitModelUncached(model: string): { modelFamily: string; accuracyTarget: string | null } {
  const m = model.trim();
  const hit = ACCURACY_SUFFIX.exec(m);
  if (hit?.[1] && hit[2]) return { modelFamily: hit[1], accuracyTarget: hit[2] };
  return { modelFamily: m, accuracyTarget: null };
}

const SCENARIO_BY_KEY: Record<string, Scenario> = {
  offline: "Offline",
  server: "Server",
  interactive: "Interactive",
  singlestream: "SingleStream",
  multistream: "MultiStream",
};

/** Case- and separator-insensitive. `"offline"` → "Offline"; `"Single Stream"` → "SingleStream"; `"Batch"` → null. */
export function normalizeScenario(raw: unknown): Scenario | null {
  if (typeof raw !== "string") return null;
  return scenarioOf(raw);
}

const scenarioOf = memoize(scenarioOfUncached, (raw: string) => raw);

function scenarioOfUncached(raw: string): Scenario | null {
  const key = raw.replace(/[\s_-]/g, "").toLowerCase();
  // own keys only: "constructor" or "__proto__" must not read through to Object.prototype
  return Object.hasOwn(SCENARIO_BY_KEY, key) ? (SCENARIO_BY_KEY[key] ?? null) : null;
}

export interface UnitsDirection {
  higherIsBetter: boolean;
  kind: "throughput" | "latency";
  /** Seconds per unit for latencies ("Latency (ms)" → 0.001); 1 for per-second throughputs. */
  unitScale: number;
  /** False when the units string was not recognised and the answer comes from the scenario alone. */
  known: boolean;
}

const LATENCY_SCALE: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1 };

/**
 * Which way is better for a published unit.
 * `"Latency (ms)"` → `{higherIsBetter: false, kind: "latency", unitScale: 0.001}`;
 * `"Tokens/s"` / `"Samples/s"` / `"Queries/s"` → `{higherIsBetter: true, kind: "throughput", unitScale: 1}`.
 */
export function unitsDirection(units: string | null, scenario: Scenario | null): UnitsDirection {
  // a file has a handful of distinct units: a recognised one is read once (its answer does not depend on scenario)
  const known = knownUnits(units ?? "");
  if (known) return known;
  return scenario !== null && LATENCY_SCENARIOS.has(scenario)
    ? { higherIsBetter: false, kind: "latency", unitScale: 1e-3, known: false }
    : { higherIsBetter: true, kind: "throughput", unitScale: 1, known: false };
}

/**
 * A recognised unit in MLCommons' spelling, whatever its case and spacing: `"tokens/s"` → `"Tokens/s"`,
 * `"latency (MS)"` → `"Latency (ms)"`, `"Samples / sec"` → `"Samples/s"`; anything else is returned trimmed, as
 * published (so one unit never shows as two in filters and charts).
 */
export const canonicalUnits = memoize(
  (units: string): string => {
    const u = units.trim();
    const lower = u.toLowerCase();
    const lat = /^latency\s*\((ns|us|µs|ms|s)\)$/.exec(lower);
    if (lat?.[1]) return `Latency (${lat[1]})`;
    const thr = /^(tokens|samples|queries|inferences|frames|images|tasks)\s*\/\s*s(ec)?$/.exec(lower);
    if (thr?.[1]) return `${thr[1].charAt(0).toUpperCase()}${thr[1].slice(1)}/s`;
    return u;
  },
  (units) => units,
);

/** A recognised unit's direction, or null (then the scenario decides). Shared results: callers must not mutate. */
const knownUnits = memoize(
  (units: string): UnitsDirection | null => {
    const u = units.trim().toLowerCase();
    const lat = /^latency\s*\((ns|us|µs|ms|s)\)$/.exec(u);
    if (lat?.[1]) return { higherIsBetter: false, kind: "latency", unitScale: LATENCY_SCALE[lat[1]] ?? 1, known: true };
    if (/^(tokens|samples|queries|inferences|frames|images|tasks)\s*\/\s*s(ec)?$/.test(u))
      return { higherIsBetter: true, kind: "throughput", unitScale: 1, known: true };
    // pre-v2.0 MultiStream: a number of streams (lib/mlperf/checker-history.ts), higher is better
    if (u === "streams") return { higherIsBetter: true, kind: "throughput", unitScale: 1, known: true };
    return null;
  },
  (units) => units,
);

/** `"ROUGE1: 44.5439  ROUGE2: 22.1342  ROUGEL: 28.9124  TOKENS_PER_SAMPLE: 283.0"` → 283; no marker → null. */
export function tokensPerSample(accuracyText: string | null): number | null {
  if (!accuracyText?.includes("TOKENS_PER_SAMPLE")) return null;
  const m = /TOKENS_PER_SAMPLE:\s*([0-9.]+(?:[eE][+-]?\d+)?)/.exec(accuracyText);
  return m?.[1] ? parseNumber(m[1]) : null;
}

/** `"v4.1-0001"` → `"4.1-0001"`; `"6.0-0001"` unchanged; `""` → null. */
export function normalizeResultId(raw: unknown): string | null {
  const s = toText(raw);
  if (!s) return null;
  const c = s.charCodeAt(0);
  return c === 118 || c === 86 ? s.replace(/^v(?=\d)/i, "") : s;
}

/** `"v4.1"`, `"4.1"`, `"v4.1-0001"` → `"v4.1"`; `"six"` → null. */
export function normalizeRound(raw: unknown): string | null {
  const s = toText(raw);
  return s ? roundOf(s) : null;
}

const roundOf = memoize(
  (s: string): string | null => {
    const m = /^v?(\d+\.\d+)(?:$|-)/i.exec(s);
    return m?.[1] ? `v${m[1]}` : null;
  },
  (s) => s,
);

/**
 * Results path without run-specific decoration.
 * `"./closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Offline/performance/run_1"` →
 * `"closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Offline"`.
 */
export function normalizeLocation(raw: unknown): string | null {
  let s = toText(raw);
  if (!s) return null;
  // each rewrite only when its pattern can match: this runs once per row of every summary
  if (s.includes("\\")) s = s.replace(/\\/g, "/");
  if (s.startsWith("./")) s = s.replace(/^(\.\/)+/, "");
  if (s.endsWith("/")) s = s.replace(/\/+$/, "");
  if (s.includes("/performance/run_")) s = s.replace(/\/performance\/run_\d+$/, "");
  return s || null;
}

/**
 * A link with a doubled host prefix repaired; other links unchanged.
 * `"https://github.com/mlcommons/https://github.com/mlcommons/x"` → `"https://github.com/mlcommons/x"`.
 */
export function normalizeUrl(raw: unknown): string | null {
  const s = toText(raw);
  if (!s) return null;
  const last = s.lastIndexOf("https://");
  const url = last > 0 ? s.slice(last) : s;
  return isHttpUrl(url) ? url : null;
}

/**
 * Only http(s) links are stored, shown or exported (issue 26 finding 7): a `javascript:` or `data:` URL in a
 * summary's Details or Code column would run in the reader's browser when clicked. WHATWG URL parses the scheme.
 */
export function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** The note for a Details or Code value that was dropped for not being an http(s) link, or none. */
export function droppedLinkNotes(raw: unknown, column: string): { code: string; message: string }[] {
  const s = toText(raw);
  if (!s || normalizeUrl(s) !== null) return [];
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(s)?.[1]?.toLowerCase();
  return [
    {
      code: "link-dropped",
      message: `the ${column} link was dropped: ${scheme ? `a ${scheme}: URL` : "not a URL"}, and only http(s) links are kept`,
    },
  ];
}

/** Host core count as text: `64.0` → `"64"`; `"24"` → `"24"`; `"64(AMD EPYC 9534) and 96(AMD EPYC 9655)"` kept; `""` → null. */
export function normalizeCoreCount(raw: unknown): string | null {
  const n = parseCount(raw);
  if (n !== null) return String(n);
  return toText(raw);
}
