// What older submission-checker summaries (summary.csv, v0.7 to v2.0) leave out, and how each round's rules fill it
// in. Pure. Sources (mlcommons/inference, tools/submission/submission_checker.py and LoadGen):
// - The checker's summary gained its `Units` column in v2.1 (v2.1's header ends `…,inferred,has_power,Units`;
//   v0.7's and v1.1's have none: ../shared/data/mlperf/summary/older/, and formats/mlperf-data.md).
// - The figure each scenario's row holds is LoadGen's per-scenario result (the checker's RESULT_FIELD table):
//   Offline "Samples per second", Server "Scheduled samples per second" (queries of one sample), SingleStream the
//   90th-percentile latency, written in ms, and MultiStream "Samples per query": until v2.0 MultiStream measured
//   how many streams (samples per query) a system sustains within the latency bound, a count where higher is
//   better (LoadGen's Multi Stream summary prints `Samples per query : 1600`). From v2.0 the checker keeps that as
//   "MultiStreamLegacy" (effective_samples_per_query) and MultiStream reports a latency (early_stopping_latency_ms).
// - Misspelt columns: v1.1 writes `compilance` and `infered` (v3.0 files still mix `compilance`/`compliance`), and
//   `power` where v2.1 has `has_power`.

/** The unit PerfContext stores for a pre-v2.0 MultiStream result: the number of streams (LoadGen's samples per query). */
export const STREAMS_UNITS = "Streams";

function roundNumber(round: string): number | null {
  const m = /^v(\d+)\.(\d+)$/.exec(round);
  return m ? Number(m[1]) + Number(m[2]) / 100 : null;
}

/** True for rounds whose checker summaries had no `Units` column (before v2.1). */
export function roundHadNoUnitsColumn(round: string): boolean {
  const n = roundNumber(round);
  return n !== null && n < 2.01;
}

/** True for rounds whose MultiStream result is a number of streams, not a latency (before v2.0). */
export function multiStreamMeasuredStreams(round: string): boolean {
  const n = roundNumber(round);
  return n !== null && n < 2;
}

/**
 * The unit a row of a round before v2.1 holds, from its scenario and that round's rules; null for later rounds
 * (their files carry `Units`). ("v0.7", "MultiStream") → "Streams"; ("v2.0", "MultiStream") → "Latency (ms)".
 */
export function unitsFromRoundRules(
  round: string,
  scenario: "Offline" | "Server" | "Interactive" | "SingleStream" | "MultiStream",
): string | null {
  if (!roundHadNoUnitsColumn(round)) return null;
  switch (scenario) {
    case "Offline":
      return "Samples/s";
    case "Server":
      return "Queries/s";
    case "SingleStream":
      return "Latency (ms)";
    case "MultiStream":
      return multiStreamMeasuredStreams(round) ? STREAMS_UNITS : "Latency (ms)";
    default:
      return null; // Interactive came with the LLM benchmarks, long after the Units column
  }
}

/** Checker columns spelt otherwise in older rounds → the name later rounds use. */
export const CHECKER_MISSPELLINGS: Readonly<Record<string, string>> = {
  compilance: "compliance",
  infered: "inferred",
  power: "has_power",
};

/**
 * The round named by a source's path or URL, for files that do not say: a `vX.Y` folder, the results repository
 * (`inference_results_v0.7/…`) or a file name starting `vX.Y.`; the last one wins. Null when none.
 */
export function roundFromSourceName(name: string): string | null {
  let found: string | null = null;
  for (const seg of name.split(/[/\\]/)) {
    const m =
      /^v(\d+\.\d+)$/.exec(seg) ?? /(?:^|_)inference_results_v(\d+\.\d+)$/.exec(seg) ?? /^v(\d+\.\d+)\./.exec(seg);
    if (m) found = `v${m[1]}`;
  }
  return found;
}
