// The LoadGen settings a run used, read from its own logs: the summary's "Test Parameters Used" block and the
// detail log's effective_* keys (what LoadGen ran with after mlperf.conf and user.conf). Values stay as printed
// text, so 64-bit seeds (14276810075590677512) are never rounded by a JavaScript number. Pure: text in.
// Which settings matter comes from the submission checker's performance checks (mlcommons/inference
// tools/submission/submission_checker: seeds, performance_sample_count, min_duration, min_query_count, test mode)
// and from what a reproduction guide pins in user.conf (target_qps).

/** One setting, once: how the summary and the detail log name it, and how to show it. */
export interface SettingDef {
  key: string;
  label: string;
  /** Label in the summary's "Test Parameters Used" block (lower-cased, spaces collapsed); or the header line. */
  summary: string | null;
  /** Key in mlperf_log_detail.txt. */
  detail: string | null;
  /** Why a difference matters, for the verdict and the diff. */
  why: string;
}

export const SETTINGS: readonly SettingDef[] = [
  {
    key: "loadgenVersion",
    label: "LoadGen version",
    summary: null,
    detail: "loadgen_version",
    why: "another LoadGen release can change scheduling, early stopping and the rules it checks",
  },
  {
    key: "testMode",
    label: "Test mode",
    summary: "mode",
    detail: "effective_test_mode",
    why: "only a PerformanceOnly run measures throughput",
  },
  {
    key: "targetQps",
    label: "Target QPS",
    summary: "target_qps",
    detail: "effective_target_qps",
    why: "the offered load: LoadGen issues queries at this rate (Server) or sizes the Offline query from it",
  },
  {
    key: "minDurationMs",
    label: "Min duration (ms)",
    summary: "min_duration (ms)",
    detail: "effective_min_duration_ms",
    why: "a shorter run can finish before throttling, caches or queueing reach a steady state",
  },
  {
    key: "minQueryCount",
    label: "Min query count",
    summary: "min_query_count",
    detail: "effective_min_query_count",
    why: "fewer queries give a less certain tail latency",
  },
  {
    key: "samplesPerQuery",
    label: "Samples per query",
    summary: "samples_per_query",
    detail: "effective_samples_per_query",
    why: "the size of each query LoadGen issues",
  },
  {
    key: "queryCount",
    label: "Queries issued",
    summary: null,
    detail: "result_query_count",
    why: "how much work the run did",
  },
  {
    key: "performanceSampleCount",
    label: "Performance sample count",
    summary: "performance_sample_count",
    detail: "effective_performance_sample_count",
    why: "how many distinct samples are loaded; fewer can fit in caches",
  },
  {
    key: "accuracyLogProbability",
    label: "Accuracy log probability",
    summary: "accuracy_log_probability",
    detail: "effective_accuracy_log_probability",
    why: "logging responses for accuracy costs time during the run",
  },
  {
    key: "accuracyLogSamplingTarget",
    label: "Accuracy log sampling target",
    summary: "accuracy_log_sampling_target",
    detail: "effective_accuracy_log_sampling_target",
    why: "logging responses for accuracy costs time during the run",
  },
  {
    key: "qslRngSeed",
    label: "QSL RNG seed",
    summary: "qsl_rng_seed",
    detail: "effective_qsl_rng_seed",
    why: "the submission checker requires the round's seeds; other seeds pick other samples",
  },
  {
    key: "sampleIndexRngSeed",
    label: "Sample index RNG seed",
    summary: "sample_index_rng_seed",
    detail: "effective_sample_index_rng_seed",
    why: "the submission checker requires the round's seeds; other seeds pick other samples",
  },
  {
    key: "scheduleRngSeed",
    label: "Schedule RNG seed",
    summary: "schedule_rng_seed",
    detail: "effective_schedule_rng_seed",
    why: "the submission checker requires the round's seeds; another seed schedules Server queries differently",
  },
  {
    key: "accuracyLogRngSeed",
    label: "Accuracy log RNG seed",
    summary: "accuracy_log_rng_seed",
    detail: "effective_accuracy_log_rng_seed",
    why: "which responses are logged for accuracy",
  },
] as const;

export type RunSettings = Record<string, string | null>;

/** "1800000" and "1.8e+06" and "360" vs "360.0" compare equal; seeds compare digit for digit. */
export function sameSetting(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const x = a.trim();
  const y = b.trim();
  if (x === y) return true;
  const nx = Number(x);
  const ny = Number(y);
  if (x !== "" && y !== "" && Number.isFinite(nx) && Number.isFinite(ny)) {
    if (Math.abs(nx) < 2 ** 53 && Math.abs(ny) < 2 ** 53) return nx === ny;
    return BigInt(x.replace(/\.0+$/, "")).toString() === BigInt(y.replace(/\.0+$/, "")).toString();
  }
  return x.toLowerCase() === y.toLowerCase();
}

/** "6.0.6 @ fb1d0c0948" → "6.0.6": the release, without the commit it was built from. */
export function loadgenRelease(v: string | null): string | null {
  if (!v) return null;
  return v.split("@")[0]?.trim() || null;
}

const SUMMARY_KEYS = new Map(SETTINGS.filter((s) => s.summary).map((s) => [s.summary as string, s.key]));
const DETAIL_KEYS = new Map(SETTINGS.filter((s) => s.detail).map((s) => [s.detail as string, s.key]));

/** The settings block of mlperf_log_summary.txt ("Test Parameters Used"), plus its "Mode :" line. */
export function settingsFromSummary(text: string): RunSettings {
  const out: RunSettings = {};
  for (const line of text.split("\n")) {
    const t = line.trim();
    const colon = t.indexOf(":");
    if (colon <= 0) continue;
    const label = t.slice(0, colon).replace(/\s+/g, " ").trim().toLowerCase();
    const key = SUMMARY_KEYS.get(label);
    if (key && out[key] === undefined) out[key] = t.slice(colon + 1).trim();
  }
  return out;
}

// :::MLLOG {"key": "effective_qsl_rng_seed", "value": 2465351861681999779, ...}: the value's own text
const DETAIL_LINE = /^:::MLLOG \{"key": "([a-z0-9_.]+)", "value": ("(?:[^"\\]|\\.)*"|[^,}]+)/;

/** The effective_* settings of mlperf_log_detail.txt, the LoadGen version and the query count. */
export function settingsFromDetail(text: string): RunSettings {
  const out: RunSettings = {};
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    // only the first 200 characters of a line hold the key and a scalar value
    const m = DETAIL_LINE.exec(text.slice(at, Math.min(end, at + 200)));
    at = end + 1;
    if (!m?.[1] || m[2] === undefined) continue;
    const key = DETAIL_KEYS.get(m[1]);
    if (!key || out[key] !== undefined) continue;
    const raw = m[2].trim();
    out[key] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return out;
}

/** Detail wins (it is what LoadGen ran with); the summary fills the gaps. Every key of SETTINGS is present. */
export function mergeSettings(summary: RunSettings | null, detail: RunSettings | null): RunSettings {
  const out: RunSettings = {};
  for (const s of SETTINGS) out[s.key] = detail?.[s.key] ?? summary?.[s.key] ?? null;
  return out;
}
