// Per-accelerator and per-node figures: derived, never an MLPerf metric. Pure.

import { STREAMS_UNITS } from "@/lib/mlperf/checker-history";
import type { PublishedResult } from "@/lib/types";
import { fmt, isLatencyUnits, plural, unitNoun } from "./format";
import { isLatencyScenario } from "./scenario-limits";

export const DERIVED_LABEL = "derived, not an MLPerf metric" as const;

export interface PerAccelerator {
  value: number | null; // result ÷ total accelerators
  perNode: number | null; // result ÷ nodes
  note: string | null; // why a figure is null, and caveats that travel with it
  formula: string; // the arithmetic, with the counts beside it
  label: typeof DERIVED_LABEL;
  accelerators: number | null;
  nodes: number | null;
  units: string; // e.g. "tokens/s per accelerator"
}

type Input = Pick<
  PublishedResult,
  "value" | "units" | "scenario" | "totalAccelerators" | "nodes" | "heterogeneous" | "accelerator"
>;

/**
 * Just the number, without the formula text: value ÷ total accelerators for a throughput result, else null.
 * The importer stores it for sorting (cheap, per row); `perAccelerator` adds the words around it.
 */
export function perAcceleratorValue(
  r: Pick<PublishedResult, "value" | "units" | "scenario" | "totalAccelerators">,
): number | null {
  if (isLatencyScenario(r.scenario) || isLatencyUnits(r.units)) return null;
  const acc = r.totalAccelerators;
  return acc === null || acc <= 0 ? null : r.value / acc;
}

/** value ÷ totalAccelerators (and ÷ nodes) for throughput scenarios; null with the reason otherwise. */
export function perAccelerator(result: Input): PerAccelerator {
  const noun = unitNoun(result.units);
  const base = {
    label: DERIVED_LABEL,
    accelerators: result.totalAccelerators,
    nodes: result.nodes,
    units: `${noun} per accelerator`,
  };
  if (result.units === STREAMS_UNITS) {
    return {
      ...base,
      value: null,
      perNode: null,
      formula: "",
      note: `${result.scenario} before v2.0 reports how many streams the system sustained within the latency bound (a count, higher is better); a stream count divided by accelerators is no throughput, so no per-accelerator figure is given.`,
    };
  }
  if (isLatencyScenario(result.scenario) || isLatencyUnits(result.units)) {
    return {
      ...base,
      value: null,
      perNode: null,
      formula: "",
      note: `${result.scenario} reports a latency (${result.units}, lower is better); dividing a latency by the accelerator count has no meaning, so no per-accelerator figure is given.`,
    };
  }
  const notes: string[] = [];
  const parts: string[] = [];
  const total = fmt(result.value, 2);
  const acc = result.totalAccelerators;
  const value = perAcceleratorValue(result);
  if (acc === null || acc <= 0 || value === null) {
    notes.push(
      "No accelerator count is published for this system (CPU-only or not stated), so there is no per-accelerator figure.",
    );
  } else {
    parts.push(`${total} ${noun} ÷ ${plural(acc, "accelerator")} = ${fmt(value)} ${noun} per accelerator`);
  }
  const nodes = result.nodes;
  let perNode: number | null = null;
  if (nodes !== null && nodes > 0) {
    perNode = result.value / nodes;
    if (nodes > 1) parts.push(`${total} ${noun} ÷ ${plural(nodes, "node")} = ${fmt(perNode)} ${noun} per node`);
  }
  if (value !== null && nodes !== null && nodes > 1) {
    notes.push(
      `Spans ${plural(nodes, "node")}: the result includes interconnect and scheduling across nodes, so the per-accelerator figure is a cluster average, not one card's throughput.`,
    );
  }
  if (value !== null && result.heterogeneous) {
    notes.push(
      `Heterogeneous system (${result.accelerator ?? "mixed accelerators"}): the per-accelerator figure averages unlike devices and describes none of them.`,
    );
  }
  return { ...base, value, perNode, formula: parts.join("; "), note: notes.length > 0 ? notes.join(" ") : null };
}
