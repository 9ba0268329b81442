// The data notes a summary row can carry from its units, its benchmark name and what an older file left out. Pure.
import type { DataNote, Scenario } from "@/lib/types";
import { type Benchmark, officialUnit } from "./benchmarks";
import { STREAMS_UNITS } from "./checker-history";

export const NO_NOTES: readonly DataNote[] = Object.freeze([]);

export function withNotes(a: readonly DataNote[], b: readonly DataNote[]): DataNote[] {
  return a.length === 0 ? b.slice() : b.length === 0 ? a.slice() : [...a, ...b];
}

/** Units a token-generation figure must not be published in: a request rate, not a token rate. */
const REQUEST_UNITS = new Set(["Queries/s", "Samples/s"]);

export function unitNotes(
  units: string,
  known: boolean,
  scenario: Scenario,
  model: string,
  round: string,
  benchmark: Benchmark | null,
  value: number,
  accuracy: string | null,
): readonly DataNote[] {
  if (!known)
    return [
      {
        code: "units-unknown",
        message: `unrecognised units '${units}'; direction guessed from the ${scenario} scenario`,
      },
    ];
  if (!REQUEST_UNITS.has(units)) return NO_NOTES;
  // the benchmark table's official metric decides (lib/mlperf/benchmarks.ts, from the checker's unit tables); a name
  // it does not know falls back to the row's own evidence (a token count in its accuracy, or Interactive)
  const official = benchmark
    ? officialUnit(benchmark, scenario, round)
    : units === "Queries/s" && (scenario === "Interactive" || /TOKENS_PER_SAMPLE|GEN_LEN/.test(accuracy ?? ""))
      ? "Tokens/s"
      : units;
  if (official !== "Tokens/s") return NO_NOTES;
  return [
    {
      code: "units-suspect",
      message: `published units are ${units}, but the official metric of ${model} ${scenario} in ${round} is Tokens/s (a token-generation result); ${value} is likely on the tokens/s scale; kept as published`,
    },
  ];
}

export function unknownBenchmarkNote(model: string): DataNote {
  return {
    code: "benchmark-unknown",
    message: `benchmark name '${model}' is not in PerfContext's benchmark table; kept as published and not grouped with any other benchmark`,
  };
}

/** What an older file left out and was filled in by rule: the unit (no Units column) and the round (from the path). */
export function historyNotes(
  round: string,
  scenario: string,
  derivedUnits: string | null,
  roundFromPath: boolean,
): readonly DataNote[] {
  const out: DataNote[] = [];
  if (roundFromPath)
    out.push({
      code: "round-from-path",
      message: `the file does not say its round; ${round} is read from its path (its results repository or folder)`,
    });
  if (derivedUnits === STREAMS_UNITS)
    out.push({
      code: "units-from-rules",
      message: `the file has no Units column (checker summaries before v2.1); a ${round} MultiStream result is the number of streams the system sustained within the latency bound (LoadGen's samples per query; higher is better), not a latency`,
    });
  else if (derivedUnits !== null)
    out.push({
      code: "units-from-rules",
      message: `the file has no Units column (checker summaries before v2.1); ${derivedUnits} follows from the ${scenario} scenario under ${round}'s rules`,
    });
  return out.length === 0 ? NO_NOTES : out;
}
