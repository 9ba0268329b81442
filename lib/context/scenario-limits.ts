// What each MLPerf Inference scenario measures, and each benchmark's latency bounds, as data.
// Every figure carries the file it was read from (see sources.ts for the snapshot commits).
// Pure: no I/O.
// The benchmarks' bounds are the table in benchmark-limits.ts.
import { familyOfName } from "@/lib/judge/identity";
import type { Scenario } from "@/lib/types";
import {
  BENCHMARK_LIMITS,
  type BenchmarkLimits,
  INTERACTIVE_NOTE,
  MS_P99,
  SCENARIO_TABLE,
  type ScenarioRule,
  SERVER_P99,
  SS_P90,
} from "./benchmark-limits";
import type { Source } from "./sources";

export { BENCHMARK_LIMITS, type BenchmarkLimits, type ScenarioRule } from "./benchmark-limits";

export type ScenarioKind = "throughput" | "latency";

/** What getScenarioInfo returns: a scenario's meaning plus this benchmark's bounds. */
export interface ScenarioInfo {
  benchmark: string;
  scenario: Scenario;
  known: boolean; // false when the benchmark or the scenario is not in our table
  kind: ScenarioKind;
  measures: string; // what the scenario measures, in general
  summary: string; // one sentence with this benchmark's limits
  percentile: number | null;
  latencyBoundMs: number | null;
  ttftMs: number | null;
  tpotMs: number | null;
  notes: string[];
  sources: Source[];
}

export const SCENARIO_DEFINITIONS: Record<Scenario, { kind: ScenarioKind; measures: string; sources: Source[] }> = {
  Offline: {
    kind: "throughput",
    measures: "batch throughput: LoadGen issues every sample at once in one query, and there is no latency bound",
    sources: [SCENARIO_TABLE],
  },
  Server: {
    kind: "throughput",
    measures:
      "the highest Poisson arrival rate the system sustains while its tail latency stays within the benchmark's bound",
    sources: [SCENARIO_TABLE, SERVER_P99],
  },
  Interactive: {
    kind: "throughput",
    measures:
      "the Server measurement (highest Poisson arrival rate within the latency bound) with the benchmark's tighter interactive limits",
    sources: [INTERACTIVE_NOTE, SERVER_P99],
  },
  SingleStream: {
    kind: "latency",
    measures: "the 90th-percentile latency of one query at a time (lower is better); it is not a throughput",
    sources: [SCENARIO_TABLE, SS_P90],
  },
  MultiStream: {
    kind: "latency",
    measures:
      "the 99th-percentile latency of 8-sample queries sent as soon as the previous one completes (lower is better); it is not a throughput",
    sources: [SCENARIO_TABLE, MS_P99],
  },
};

const BY_KEY = new Map(BENCHMARK_LIMITS.map((b) => [b.benchmark, b]));

/**
 * "llama2-70b-99.9" / "Llama2-70B" / "llama3_1-8b" → our family key ("llama2-70b", "llama3.1-8b"): the judge's
 * benchmark identity (lib/judge/identity.ts), so the limits table and every other reader agree on a name.
 */
export function benchmarkKey(modelOrFamily: string): string {
  return familyOfName(modelOrFamily);
}

export function getBenchmarkLimits(modelFamily: string): BenchmarkLimits | null {
  return BY_KEY.get(benchmarkKey(modelFamily)) ?? null;
}

export function isLatencyScenario(scenario: Scenario): boolean {
  return SCENARIO_DEFINITIONS[scenario].kind === "latency";
}

/** "2000 ms", "20,000 ms": limits are written in ms, with a separator only from five digits. */
export function formatMs(ms: number): string {
  return ms >= 10000 ? `${ms.toLocaleString("en-US")} ms` : `${ms} ms`;
}

function summarize(benchmark: string, scenario: Scenario, rule: ScenarioRule | undefined): string {
  const p = rule?.percentile;
  if (scenario === "Offline") return `Offline measures ${SCENARIO_DEFINITIONS.Offline.measures}`;
  if (scenario === "SingleStream" || scenario === "MultiStream") {
    const what = scenario === "SingleStream" ? "one query at a time" : "8-sample queries sent back to back";
    return `${scenario} reports the p${p ?? (scenario === "SingleStream" ? 90 : 99)} latency of ${what} (lower is better); it is not a throughput`;
  }
  const lead = scenario === "Interactive" ? "Interactive (Server with tighter limits) measures" : "Server measures";
  if (rule?.ttftMs !== undefined && rule.tpotMs !== undefined) {
    return `${lead} the highest Poisson arrival rate at which p${p ?? 99} TTFT stays within ${formatMs(rule.ttftMs)} and p${p ?? 99} TPOT within ${formatMs(rule.tpotMs)} (${benchmark})`;
  }
  if (rule?.latencyBoundMs !== undefined) {
    return `${lead} the highest Poisson arrival rate at which p${p ?? 99} latency stays within ${formatMs(rule.latencyBoundMs)} (${benchmark})`;
  }
  return `${lead} ${SCENARIO_DEFINITIONS[scenario].measures} (no bound for ${benchmark} in our table)`;
}

/** What `scenario` measures for this benchmark, with its bounds in ms. Unknown pairs get the generic meaning and known: false. */
export function getScenarioInfo(modelFamily: string, scenario: Scenario): ScenarioInfo {
  const key = benchmarkKey(modelFamily);
  const def = SCENARIO_DEFINITIONS[scenario];
  const limits = BY_KEY.get(key);
  const rule = limits?.scenarios[scenario];
  const notes: string[] = [];
  if (!limits) notes.push(`${key} is not in the scenario-limits table; only the generic ${scenario} meaning is known.`);
  else if (!rule) notes.push(`${limits.name} has no ${scenario} scenario in the submission checker's scenario lists.`);
  if (rule?.note) notes.push(rule.note);
  return {
    benchmark: key,
    scenario,
    known: Boolean(rule),
    kind: def.kind,
    measures: def.measures,
    summary: summarize(key, scenario, rule),
    percentile:
      rule?.percentile ??
      (scenario === "Offline" ? null : def.kind === "latency" ? (scenario === "SingleStream" ? 90 : 99) : 99),
    latencyBoundMs: rule?.latencyBoundMs ?? null,
    ttftMs: rule?.ttftMs ?? null,
    tpotMs: rule?.tpotMs ?? null,
    notes,
    sources: [...def.sources, ...(rule?.sources ?? [])],
  };
}
