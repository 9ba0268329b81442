// The per-accelerator rule: the one place that says what a result is divided by, the figure, and the sentences that
// explain it. Every page, export, citation, flag, the planner and the bake-off overlay render what this module
// returns; the importer stores perAcceleratorValue for sorting, stamped with PER_ACCELERATOR_RULE_VERSION so a
// changed rule is recomputed (db/derived.ts) and a re-import of a row made by an older rule is an update. Pure.
// Per-accelerator and per-node figures are derived, never an MLPerf metric.
import { STREAMS_UNITS } from "@/lib/mlperf/checker-history";
import type { AcceleratorGroup, PublishedResult } from "@/lib/types";
import { fmt, isLatencyUnits, plural, unitNoun } from "./format";
import { isLatencyScenario } from "./scenario-limits";

/**
 * Bump when the rule below changes what a stored figure would be (the divisor, which rows get one): rows stored by
 * another version are recomputed when the database is opened, and a re-import counts them as updated.
 * 1: result ÷ the accelerators that ran, none for a latency. 2: none for a pre-v2.0 MultiStream stream count either.
 */
export const PER_ACCELERATOR_RULE_VERSION = 2;

export const DERIVED_LABEL = "derived, not an MLPerf metric" as const;

export interface PerAccelerator {
  value: number | null; // result ÷ the divisor
  perNode: number | null; // result ÷ nodes
  note: string | null; // why a figure is null, and caveats that travel with it
  formula: string; // the arithmetic, with the counts beside it
  label: typeof DERIVED_LABEL;
  accelerators: number | null; // the accelerators that ran (the divisor when positive)
  nodes: number | null;
  units: string; // e.g. "tokens/s per accelerator"
}

/** What the rule reads from a result (a published row, a frozen one, or a record being written). */
export type DivisorInput = Pick<PublishedResult, "totalAccelerators" | "heterogeneous"> & {
  /** Per-type accelerator counts of a mixed system ("32 × MI300X + 16 × MI325X"), when known. */
  acceleratorGroups?: readonly AcceleratorGroup[] | null;
};

type Input = Pick<PublishedResult, "value" | "units" | "scenario" | "nodes" | "accelerator"> & DivisorInput;

/**
 * What a result is divided by: the accelerators that ran (lib/mlperf/accelerators.ts deriveAcceleratorCount), for a
 * mixed system too, all types together (its groups are kept for the words). Null when no count is published or the
 * count is not positive. `{totalAccelerators: 8}` → 8; `{totalAccelerators: 48, heterogeneous: true}` → 48.
 */
export function acceleratorDivisor(r: DivisorInput): number | null {
  const acc = r.totalAccelerators;
  return acc === null || acc <= 0 ? null : acc;
}

/** The divisor in words, as every formula writes it: "8 accelerators". */
export function divisorText(divisor: number): string {
  return plural(divisor, "accelerator");
}

/** A throughput a bake-off run or a plan step divides by an accelerator count it was given; null without one. */
export function perGivenAccelerators(value: number | null, accelerators: number | null): number | null {
  if (value === null || accelerators === null || !(accelerators > 0)) return null;
  return value / accelerators;
}

/**
 * Just the number, without the formula text: value ÷ the divisor for a throughput result, else null.
 * The importer stores it for sorting (cheap, per row); `perAccelerator` adds the words around it.
 */
export function perAcceleratorValue(
  r: Pick<PublishedResult, "value" | "units" | "scenario"> & DivisorInput,
): number | null {
  if (noFigureReason(r) !== null) return null;
  const divisor = acceleratorDivisor(r);
  return divisor === null ? null : r.value / divisor;
}

/**
 * Why a result gets no per-accelerator (or per-node) figure whatever its accelerator count, or null: a latency, and a
 * pre-v2.0 MultiStream result, which is a number of streams (lib/mlperf/checker-history.ts STREAMS_UNITS).
 */
export function noFigureReason(r: Pick<PublishedResult, "units" | "scenario">): string | null {
  if (r.units === STREAMS_UNITS)
    return `${r.scenario} before v2.0 reports how many streams the system sustained within the latency bound (a count, higher is better); a stream count divided by accelerators is no throughput, so no per-accelerator figure is given.`;
  if (isLatencyScenario(r.scenario) || isLatencyUnits(r.units))
    return `${r.scenario} reports a latency (${r.units}, lower is better); dividing a latency by the accelerator count has no meaning, so no per-accelerator figure is given.`;
  return null;
}

/** The rule in a few words, beside a per-accelerator chart. */
export const RULE_SHORT = "result ÷ total accelerators";

/** The rule for a figure whose accelerator count was given (perGivenAccelerators): a bake-off run, a plan step. */
export const GIVEN_RULE_SHORT = "result ÷ the accelerators given at upload";

/**
 * The sentence beside per-accelerator figures: what was divided by what, and that it is derived. With `run`, the page
 * also shows an uploaded run's figures (divided by the count given at upload): "Per-accelerator figures are derived
 * (published: result ÷ total accelerators; your run: result ÷ the accelerators given at upload), not MLPerf metrics."
 */
export function perAcceleratorSentence(opts: { run?: boolean } = {}): string {
  const rule = opts.run ? `published: ${RULE_SHORT}; your run: ${GIVEN_RULE_SHORT}` : RULE_SHORT;
  return `Per-accelerator figures are derived (${rule}), not MLPerf metrics.`;
}

/** The rule in a sentence, for the footnote every view with a derived figure carries. */
export const RULE_METHOD =
  "PerfContext divides the published result by the number of accelerators that ran, or by the published node count. The accelerator count comes from the accelerator's \"(xN)\" suffix or the platform name when it fits the published node layout, otherwise from the summary's Total Accelerators (or nodes × accelerators per node). Where the name count and the summary's total differ, the result carries a data note saying which was used.";

/** What a mixed system's figure means, in the words each place uses (the rule decides them, here). */
export const MIXED = {
  /** The flag any view with a mixed system shows. */
  flag: (label: string, accelerator: string | null) =>
    `${label} is a heterogeneous cluster (${accelerator ?? "mixed accelerators"}): it mixes accelerator types, so per-accelerator figures average unlike devices.`,
  /** The note beside the figure. */
  note: (accelerator: string | null) =>
    `Heterogeneous system (${accelerator ?? "mixed accelerators"}): the per-accelerator figure averages unlike devices and describes none of them.`,
  /** The read-in-context checklist's scale answer. */
  checklist: " Heterogeneous: mixes accelerator types.",
  /** The read-in-context paragraph. */
  paragraph: "The system mixes accelerator types, so no per-accelerator figure describes any one of them.",
  /** The planner's basis note. */
  planner: "Heterogeneous system: the per-accelerator rate averages unlike devices.",
} as const;

/** What a multi-node figure means. */
export function multiNodeNote(nodes: number): string {
  return `Spans ${plural(nodes, "node")}: the result includes interconnect and scheduling across nodes, so the per-accelerator figure is a cluster average, not one card's throughput.`;
}

/** value ÷ the divisor (and ÷ nodes) for throughput scenarios; null with the reason otherwise. */
export function perAccelerator(result: Input): PerAccelerator {
  const noun = unitNoun(result.units);
  const base = {
    label: DERIVED_LABEL,
    accelerators: result.totalAccelerators,
    nodes: result.nodes,
    units: `${noun} per accelerator`,
  };
  const none = noFigureReason(result);
  if (none !== null) return { ...base, value: null, perNode: null, formula: "", note: none };
  const notes: string[] = [];
  const parts: string[] = [];
  const total = fmt(result.value, 2);
  const divisor = acceleratorDivisor(result);
  const value = perAcceleratorValue(result);
  if (divisor === null || value === null) {
    notes.push(
      "No accelerator count is published for this system (CPU-only or not stated), so there is no per-accelerator figure.",
    );
  } else {
    parts.push(`${total} ${noun} ÷ ${divisorText(divisor)} = ${fmt(value)} ${noun} per accelerator`);
  }
  const nodes = result.nodes;
  let perNode: number | null = null;
  if (nodes !== null && nodes > 0) {
    perNode = result.value / nodes;
    if (nodes > 1) parts.push(`${total} ${noun} ÷ ${plural(nodes, "node")} = ${fmt(perNode)} ${noun} per node`);
  }
  if (value !== null && nodes !== null && nodes > 1) notes.push(multiNodeNote(nodes));
  if (value !== null && result.heterogeneous) notes.push(MIXED.note(result.accelerator));
  return { ...base, value, perNode, formula: parts.join("; "), note: notes.length > 0 ? notes.join(" ") : null };
}
