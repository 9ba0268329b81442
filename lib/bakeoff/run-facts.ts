// What a serving-benchmark file says about how its run was set up, beyond the common BakeoffRun record: the engine,
// precision, dataset and its length settings, warm-up, tokenizer, and the ISL/OSL distributions the file gives. The
// shapes, and the small readers of JSON the per-tool fact readers (run-facts-readers.ts) share. Pure.
import { isObject } from "./common";
import { parseJsonDocuments } from "./json-tolerant";

/** A token-count distribution as far as the file gives it (tokens). */
export interface Dist {
  mean: number | null;
  std: number | null;
  min: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
}

export interface RunFacts {
  /** Serving engine (vllm, sglang, tensorrtllm…), only when the file names it. */
  engine: string | null;
  engineVersion: string | null;
  precision: string | null;
  acceleratorType: string | null;
  /** Dataset and length settings in words: "random 1024/1024 (range ratio 0)", "sharegpt", "synthetic 200±0 → 50". */
  dataset: string | null;
  /** Configured input/output lengths where the file states them (tokens). */
  islConfigured: number | null;
  oslConfigured: number | null;
  /** Warm-up as the file states it, or null when the file says nothing. */
  warmup: string | null;
  tokenizer: string | null;
  /** Settings a sweep varies that the record does not hold (vLLM sweep's server params): "max_num_seqs=4". */
  setup: string | null;
  isl: Dist | null;
  osl: Dist | null;
  /** Where each fact came from: "dataset: dataset_name, random_input_len, …". */
  sources: string[];
}

export function emptyFacts(): RunFacts {
  return {
    engine: null,
    engineVersion: null,
    precision: null,
    acceleratorType: null,
    dataset: null,
    islConfigured: null,
    oslConfigured: null,
    warmup: null,
    tokenizer: null,
    setup: null,
    isl: null,
    osl: null,
    sources: [],
  };
}

export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
export function numOf(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
export const get = (o: unknown, ...path: (string | number)[]): unknown => {
  let cur: unknown = o;
  for (const k of path) {
    if (typeof k === "number") cur = Array.isArray(cur) ? cur[k] : undefined;
    else cur = isObject(cur) ? cur[k] : undefined;
  }
  return cur;
};

export function dist(d: Partial<Dist>): Dist | null {
  const full: Dist = {
    mean: d.mean ?? null,
    std: d.std ?? null,
    min: d.min ?? null,
    p50: d.p50 ?? null,
    p90: d.p90 ?? null,
    p99: d.p99 ?? null,
    max: d.max ?? null,
  };
  return Object.values(full).some((v) => v !== null) ? full : null;
}

/** Parameters a path or HF-cache name must not leak: keep the last path part only. */
export function tail(s: string | null): string | null {
  if (!s) return null;
  const m = /models--([^/]+)--([^/]+)/.exec(s);
  if (m) return `${m[1]}/${m[2]}`;
  return /^[/~.]|^[A-Za-z]:\\/.test(s)
    ? (s
        .split(/[\\/]+/)
        .filter(Boolean)
        .pop() ?? null)
    : s;
}

export function docs(text: string): unknown[] {
  try {
    return parseJsonDocuments(text).map((d) => d.value);
  } catch {
    return [];
  }
}
