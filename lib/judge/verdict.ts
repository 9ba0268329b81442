// The comparability verdict for ANY set of items: published results, LoadGen runs, bake-off points, reproductions,
// and (later) Endpoints curve points. One set of rules; every page, API and export that combines or ranks items asks
// here. Pure.
//
// Rules and their sources:
// - benchmark: items of different benchmarks (after identity, lib/judge/identity.ts) are not one comparison: block.
//   MLPerf Results Messaging Guidelines (mlcommons/policies MLPerf_Results_Messaging_Guidelines.adoc): compare results
//   of the same benchmark and scenario.
// - scenario: different scenarios measure different things (inference_rules.adoc § Scenarios): block.
// - validity: an INVALID item is never a basis (LoadGen's "Result is : INVALID"): it is listed with its failed checks
//   and left out of `basis`; the set's verdict is about the rest.
// - engine: two named, different serving engines: warn; one named and one unknown: info (never a warning).
// - precision: different numerical formats: warn (the Compatibility Table counts precision as a disclosed difference).
// - scale: different node counts: info; figures compare per accelerator (lib/context/per-accelerator.ts).
// - verification: MLCommons-reviewed results beside unverified runs: warn, with the sentence MLCommons requires.
// - curve facts (Endpoints, mlcommons/endpoints): P90 against P99 latency: block; KV-cache reuse, network in the
//   measurement, provisioned against measured power: warn; peer review pending: info.
import type { Scenario, Validity } from "@/lib/types";
import { withSuiteFacts } from "./curve-facts";
import type { EngineVerdict } from "./engine";
import { benchmarkIdentity } from "./identity";
import { invalidReason, judgeValidity } from "./validity";

export type ItemKind = "result" | "loadgen" | "bakeoff" | "reproduction" | "curve-point";
export type Severity = "block" | "warn" | "info";

/** Facts only Endpoints curves state (helper epcurves fills them); absent = not stated. */
export interface CurveFacts {
  /** which MLPerf benchmark suite measured it (lib/judge/curve-facts.ts) */
  suite: "endpoints" | "inference";
  latencyPercentile: 90 | 99;
  kvCacheReuse: boolean;
  networkInMeasurement: boolean;
  peerReviewPending: boolean;
  power: "provisioned" | "measured" | null;
}

/** One thing to compare. Build it with the adapters in items.ts, or by hand for a new kind. */
export interface JudgeItem {
  kind: ItemKind;
  id: string;
  label: string;
  /** The benchmark as the source spells it; identity is applied here. null: the source does not say. */
  benchmark: string | null;
  scenario: Scenario | null;
  validity: Validity;
  /** Failed checks as LoadGen writes them (judgeValidity). */
  failedChecks: string[];
  engine: EngineVerdict;
  precision: string | null;
  nodes: number | null;
  totalAccelerators: number | null;
  /** Published by MLCommons after review. */
  verified: boolean;
  curve?: Partial<CurveFacts>;
}

export interface JudgeFlag {
  code: string;
  severity: Severity;
  message: string;
  ids: string[];
}

export interface SetVerdict {
  /** not-comparable: a block; caution: a warning; comparable: neither (info may remain). */
  verdict: "comparable" | "caution" | "not-comparable";
  flags: JudgeFlag[];
  /** Ids that may be ranked, sized, summed, planned with (every item but the INVALID ones), in input order. */
  basis: string[];
  /** Items that are not a basis, with why (their failed checks first). */
  excluded: { id: string; reason: string }[];
  /** The one benchmark of the set (canonical id) when all items name the same one, else null. */
  benchmark: string | null;
  /** Each item's engine as decided (one value everywhere). */
  engines: { id: string; engine: string | null; decidedBy: string[] }[];
}

export const MIXED_VERIFICATION =
  "Unverified results have not been through an MLPerf® review and may use measurement methodologies and/or workload implementations that are inconsistent with the MLPerf® specification for verified results.";

const RANK: Record<Severity, number> = { block: 0, warn: 1, info: 2 };

function groups<T>(items: JudgeItem[], key: (i: JudgeItem) => T | null): Map<T, JudgeItem[]> {
  const m = new Map<T, JudgeItem[]>();
  for (const i of items) {
    const k = key(i);
    if (k === null) continue;
    m.set(k, [...(m.get(k) ?? []), i]);
  }
  return m;
}

const names = (is: JudgeItem[]) => is.map((i) => i.label).join(", ");
const ids = (is: JudgeItem[]) => is.map((i) => i.id);
const listGroups = <T>(g: Map<T, JudgeItem[]>, show: (k: T) => string) =>
  [...g.entries()].map(([k, is]) => `${show(k)} (${names(is)})`).join("; ");

/** The verdict for a set of items. Order-independent apart from `basis` (input order). */
export function judgeSet(items: readonly JudgeItem[]): SetVerdict {
  // beside an Endpoints curve, results and runs state Inference's measurement facts (curve-facts.ts)
  const all = withSuiteFacts(items);
  const flags: JudgeFlag[] = [];
  const excluded: SetVerdict["excluded"] = [];
  for (const i of all) {
    const v = judgeValidity({ validity: i.validity, failedChecks: i.failedChecks });
    if (v.basis) continue;
    const reason = invalidReason(v);
    excluded.push({ id: i.id, reason });
    flags.push({ code: "invalid", severity: "block", message: `${i.label}: ${reason}`, ids: [i.id] });
  }
  const bench = groups(all, (i) => (i.benchmark ? benchmarkIdentity(i.benchmark).benchmark : null));
  if (bench.size > 1)
    flags.push({
      code: "benchmark",
      severity: "block",
      message: `Different benchmarks: ${listGroups(bench, (k) => k)}. Results of different benchmarks are not one comparison.`,
      ids: ids(all.filter((i) => i.benchmark)),
    });
  const unnamed = all.filter((i) => !i.benchmark);
  if (unnamed.length > 0 && bench.size > 0)
    flags.push({
      code: "benchmark-unknown",
      severity: "info",
      message: `${names(unnamed)} ${unnamed.length > 1 ? "do" : "does"} not name a benchmark; compared as if it were ${[...bench.keys()].join(", ")}.`,
      ids: ids(unnamed),
    });
  const scen = groups(all, (i) => i.scenario);
  if (scen.size > 1)
    flags.push({
      code: "scenario",
      severity: "block",
      message: `Different scenarios: ${listGroups(scen, (k) => k)}. Each scenario measures something else.`,
      ids: ids(all.filter((i) => i.scenario)),
    });
  const eng = groups(all, (i) => i.engine.key);
  const engLabel = new Map(all.filter((i) => i.engine.key).map((i) => [i.engine.key, i.engine.engine]));
  if (eng.size > 1)
    flags.push({
      code: "engine",
      severity: "warn",
      message: `Different serving engines: ${listGroups(eng, (k) => engLabel.get(k) ?? String(k))}. The engine is part of the result: it can move the figure as much as the hardware does.`,
      ids: ids(all.filter((i) => i.engine.key)),
    });
  const noEngine = all.filter((i) => i.engine.key === null);
  if (noEngine.length > 0 && eng.size > 0)
    flags.push({
      code: "engine-unknown",
      severity: "info",
      message: `The serving engine of ${names(noEngine)} is not named by its source (${[...new Set(noEngine.map((i) => i.engine.reason))].join("; ")}).`,
      ids: ids(noEngine),
    });
  const prec = groups(all, (i) => i.precision);
  if (prec.size > 1)
    flags.push({
      code: "precision",
      severity: "warn",
      message: `Different numerical precision: ${listGroups(prec, (k) => k)}.`,
      ids: ids(all.filter((i) => i.precision)),
    });
  const nodes = groups(all, (i) => i.nodes);
  if (nodes.size > 1)
    flags.push({
      code: "scale",
      severity: "info",
      message: `Different scale: ${listGroups(nodes, (k) => `${k} node${k === 1 ? "" : "s"}`)}. Compare per accelerator, and mind that scaling is rarely linear.`,
      ids: ids(all.filter((i) => i.nodes !== null)),
    });
  const verified = all.filter((i) => i.verified);
  const unverified = all.filter((i) => !i.verified);
  if (verified.length > 0 && unverified.length > 0)
    flags.push({
      code: "unverified",
      severity: "warn",
      message: `${names(unverified)} ${unverified.length > 1 ? "are" : "is"} not verified by MLCommons. ${MIXED_VERIFICATION}`,
      ids: ids(unverified),
    });
  flags.push(...curveFlags(all));
  flags.sort(
    (a, b) => RANK[a.severity] - RANK[b.severity] || a.code.localeCompare(b.code) || a.message.localeCompare(b.message),
  );
  const verdict = flags.some((f) => f.severity === "block" && f.code !== "invalid")
    ? "not-comparable"
    : flags.some((f) => f.severity === "warn")
      ? "caution"
      : "comparable";
  const out = excluded.map((e) => e.id);
  return {
    verdict,
    flags,
    basis: all.filter((i) => !out.includes(i.id)).map((i) => i.id),
    excluded,
    benchmark: bench.size === 1 && unnamed.length === 0 ? ([...bench.keys()][0] ?? null) : null,
    engines: all.map((i) => ({ id: i.id, engine: i.engine.engine, decidedBy: i.engine.decidedBy })),
  };
}

function curveFlags(all: JudgeItem[]): JudgeFlag[] {
  const out: JudgeFlag[] = [];
  const pct = groups(all, (i) => i.curve?.latencyPercentile ?? null);
  if (pct.size > 1)
    out.push({
      code: "latency-percentile",
      severity: "block",
      message: `Latencies at different percentiles: ${listGroups(pct, (k) => `P${k}`)}. A P90 figure is not a P99 figure.`,
      ids: ids(all.filter((i) => i.curve?.latencyPercentile)),
    });
  const two = (code: string, key: (c: Partial<CurveFacts>) => unknown, what: string) => {
    const g = groups(all, (i) => (i.curve && key(i.curve) !== undefined ? String(key(i.curve)) : null));
    if (g.size > 1)
      out.push({
        code,
        severity: "warn",
        message: `${what}: ${listGroups(g, (k) => k)}.`,
        ids: ids(all.filter((i) => i.curve && key(i.curve) !== undefined)),
      });
  };
  two("suite", (c) => c.suite, "MLPerf Endpoints and MLPerf Inference are different benchmarks, not interchangeable");
  two("kv-cache-reuse", (c) => c.kvCacheReuse, "KV-cache reuse differs");
  two("network", (c) => c.networkInMeasurement, "Network in the measurement differs");
  two("power-kind", (c) => c.power ?? undefined, "Power is provisioned for some and measured for others");
  const pending = all.filter((i) => i.curve?.peerReviewPending);
  if (pending.length > 0)
    out.push({
      code: "peer-review-pending",
      severity: "info",
      message: `${names(pending)}: peer review pending; the figures may still change.`,
      ids: ids(pending),
    });
  return out;
}
