// Power and efficiency where MLPerf Power measured them. Pure.
//
// The rule is the submission checker's (mlcommons/inference tools/submission/submission_checker/utils.py
// @ 280bbbd, get_power_metric): in Offline, Server and Interactive the power metric is the average wall power of the
// whole system under test in watts and the efficiency is result ÷ average watts; in SingleStream and MultiStream the
// power metric is the energy per query in millijoules (what the summary publishes as Power_Result, Power_Units
// "millijoules"). Only that measurement is ever shown: MLCommons forbids perf/W built on TDP, rated power or PSU
// ratings, and a result without a power measurement gets no proxy (MLPerf Results Messaging Guidelines, "Power").
import type { PublishedResult } from "@/lib/types";
import { fmt, isLatencyUnits, unitNoun } from "./format";
import { isLatencyScenario } from "./scenario-limits";

/** What every power figure is labelled with. */
export const POWER_LABEL = "MLPerf Power measurement of the whole system";

/** MLCommons' rule, for pages that compare: a power run's performance is not comparable with a performance-only run. */
export const POWER_COMPARABILITY =
  "Performance from a power submission is not comparable with performance from a performance-only submission (MLPerf Compatibility Table).";

type Input = Pick<PublishedResult, "value" | "units" | "scenario" | "power" | "powerUnits" | "hasPower">;

function isWatts(u: string | null): boolean {
  return u !== null && /^\s*(w|watts?)\s*$/i.test(u);
}

function isMillijoules(u: string | null): boolean {
  return u !== null && /^\s*(mj|millijoules?)\s*$/i.test(u);
}

/**
 * Result ÷ average system watts for a throughput row with a measured power in watts, else null.
 * `{value: 102909, units: "Tokens/s", scenario: "Offline", power: 10400.9988793425, powerUnits: "Watts"}` → 9.894…
 * (tokens/s per W, i.e. tokens per joule). A latency row, a row without a measurement or with power ≤ 0 → null.
 */
export function perWattValue(r: Input): number | null {
  if (!r.hasPower || r.power === null || !Number.isFinite(r.power) || r.power <= 0) return null;
  if (isLatencyScenario(r.scenario) || isLatencyUnits(r.units) || !isWatts(r.powerUnits)) return null;
  return r.value / r.power;
}

export type PowerFigure =
  | {
      kind: "perWatt";
      /** Result ÷ average watts. */
      value: number;
      /** "tokens/s per W". */
      units: string;
      watts: number;
      formula: string;
      label: typeof POWER_LABEL;
    }
  | {
      kind: "energyPerQuery";
      /** As published, mJ per query (lower is better). */
      millijoules: number;
      formula: string;
      label: typeof POWER_LABEL;
    };

/**
 * The power figure a result carries, with the arithmetic in words; null when MLPerf Power measured nothing for it.
 * Offline/Server/Interactive: "102,909 tokens/s ÷ 10,401 W average system power = 9.89 tokens/s per W".
 * SingleStream/MultiStream: the published energy per query, "1,234.5 mJ per query".
 */
export function powerFigure(r: Input): PowerFigure | null {
  if (!r.hasPower || r.power === null || !Number.isFinite(r.power) || r.power <= 0) return null;
  const pw = perWattValue(r);
  if (pw !== null) {
    const noun = unitNoun(r.units);
    return {
      kind: "perWatt",
      value: pw,
      units: `${noun} per W`,
      watts: r.power,
      formula: `${fmt(r.value, 2)} ${noun} ÷ ${fmt(r.power, 0)} W average system power = ${fmt(pw, 3)} ${noun} per W`,
      label: POWER_LABEL,
    };
  }
  if ((isLatencyScenario(r.scenario) || isLatencyUnits(r.units)) && isMillijoules(r.powerUnits))
    return {
      kind: "energyPerQuery",
      millijoules: r.power,
      formula: `${fmt(r.power, 2)} mJ per query, as published (energy of the whole system per query, lower is better)`,
      label: POWER_LABEL,
    };
  return null;
}
