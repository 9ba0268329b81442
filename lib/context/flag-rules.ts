// The apples-to-oranges rules. Each pairwise rule sees two published results in a stable order and returns
// at most one flag; each single rule sees one result. The scale rules live in flag-rules-scale.ts; flags.ts
// orders, merges and de-duplicates. Pure.
import { engineOfResult, quotedChecks, relateEngines } from "@/lib/judge";
import type { PublishedResult } from "@/lib/types";
import { areRoundsCompatible, COMPATIBILITY_NOTES } from "./compatibility";
import { type Flag, flag, labeller } from "./flag-base";
import { acceleratorCount, nodeCount, nodes } from "./flag-rules-scale";
import { availabilityName, cmp, divisionName, fmt, isLatencyUnits, resultLabel, unitNoun } from "./format";
import { MIXED } from "./per-accelerator";
import { benchmarkKey, getScenarioInfo, isLatencyScenario } from "./scenario-limits";
import { describeDiff, diffStacks, isEmptyDiff } from "./software";

export type { Flag, Severity } from "./flag-base";

type R = PublishedResult;

/** What is known about the summary's `inferred` column, and no more (its meaning for a given row is not published). */
export const INFERRED_NOTE =
  "the MLCommons summary marks this row inferred (inferred = 1). MLCommons' submission tools use that flag for results derived from another scenario's run (for example edge Offline or MultiStream results derived from SingleStream); the summary does not say what it means for this row.";

export const PREVIEW_RULE =
  "A Preview system must be submitted as Available in the next submission round after 140 days of its submission date, or by the next MLPerf submission, whichever is later, with equal or better performance; otherwise the Preview result is marked invalid (mlcommons/policies submission_rules.adoc, Preview Systems).";
export const RDI_RULE =
  "RDI (research, development, or internal) components may not be submitted as Available until the submission cycle after next or 221 days, whichever is longer (mlcommons/policies submission_rules.adoc, Research, Development, or Internal Systems).";

function benchmark(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (benchmarkKey(a.modelFamily) === benchmarkKey(b.modelFamily)) return null;
  return flag(
    "benchmark",
    "block",
    `Different benchmarks: ${label(a)} runs ${a.model}, ${label(b)} runs ${b.model}. MLPerf results may only be compared for the same benchmark and scenario.`,
    a.id,
    b.id,
  );
}

function accuracyTarget(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (benchmarkKey(a.modelFamily) !== benchmarkKey(b.modelFamily)) return null;
  if ((a.accuracyTarget ?? "") === (b.accuracyTarget ?? "") || a.measurementKey === b.measurementKey) return null;
  const t = (r: R) => (r.accuracyTarget ? `${r.accuracyTarget}% of the reference accuracy` : "no accuracy suffix");
  return flag(
    "accuracy-target",
    "warn",
    `Different accuracy targets: ${label(a)} (${t(a)}) vs ${label(b)} (${t(b)}). -99 and -99.9 are separate benchmarks; the stricter target can force slower numerics.`,
    a.id,
    b.id,
  );
}

function scenario(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (a.scenario === b.scenario) return null;
  const ia = getScenarioInfo(a.modelFamily, a.scenario);
  const ib = getScenarioInfo(b.modelFamily, b.scenario);
  return flag(
    "scenario",
    "block",
    `Different scenarios. ${label(a)}: ${ia.summary}. ${label(b)}: ${ib.summary}. They measure different things and cannot be ranked against each other.`,
    a.id,
    b.id,
  );
}

function metric(a: R, b: R, label = labeller(a, b)): Flag | null {
  const la = isLatencyScenario(a.scenario) || isLatencyUnits(a.units);
  const lb = isLatencyScenario(b.scenario) || isLatencyUnits(b.units);
  if (la !== lb) {
    const [lat, thr] = la ? [a, b] : [b, a];
    return flag(
      "metric",
      "block",
      `${label(lat)} reports a latency (${lat.units}, lower is better) and ${label(thr)} reports a throughput (${thr.units}, higher is better). A latency and a throughput are not on one scale.`,
      a.id,
      b.id,
    );
  }
  if (a.units.trim().toLowerCase() !== b.units.trim().toLowerCase()) {
    return flag(
      "metric",
      "block",
      `Different units: ${label(a)} reports ${a.units}, ${label(b)} reports ${b.units}. The two numbers count different things, so neither can be read against the other.`,
      a.id,
      b.id,
    );
  }
  return null;
}

function round(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (a.round === b.round || benchmarkKey(a.modelFamily) !== benchmarkKey(b.modelFamily)) return null;
  const c = areRoundsCompatible(a.modelFamily, a.round, b.round);
  const head = `Different rounds: ${label(a)} is from ${a.round}, ${label(b)} from ${b.round}; ${c.reason}.`;
  if (c.compatible === false)
    return flag("round-incompatible", "block", `${head} Incompatible rounds may not be compared.`, a.id, b.id);
  if (c.compatible === null)
    return flag(
      "round-compatibility-unknown",
      "warn",
      `${head} MLCommons only allows comparing versions its Compatibility Table marks compatible; check the current table before comparing.`,
      a.id,
      b.id,
    );
  return flag(
    "round-differs",
    "info",
    `${head} Compatible, but hardware drivers, software and submitters' tuning moved on between rounds.`,
    a.id,
    b.id,
  );
}

function division(a: R, b: R, label = labeller(a, b)): Flag | null {
  const da = a.division.toLowerCase();
  const db = b.division.toLowerCase();
  if (da === db) return null;
  const open = da === "open" ? a : db === "open" ? b : null;
  let detail = "";
  if (open) {
    const ran =
      open.usedModel && open.usedModel !== open.model
        ? `ran ${open.usedModel} for the ${open.model} benchmark`
        : `ran ${open.model}`;
    detail = ` The Open result (${label(open)}) ${ran}; Open submissions may change the model, retrain and use arbitrary pre- and post-processing, and the Closed accuracy and latency constraints do not apply, so it would not qualify as Closed in those ways.`;
  }
  return flag(
    "division",
    "warn",
    `Different divisions: ${label(a)} is ${divisionName(a.division)}, ${label(b)} is ${divisionName(b.division)}.${detail}`,
    a.id,
    b.id,
  );
}

/**
 * Two Open results of one benchmark that ran different models (`usedModel`, the summary's UsedModel). Closed results
 * run the reference model; a Closed–Open pair is the division rule's, which names the Open side's model.
 */
function usedModel(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (a.division.toLowerCase() !== "open" || b.division.toLowerCase() !== "open") return null;
  if (benchmarkKey(a.modelFamily) !== benchmarkKey(b.modelFamily)) return null;
  // benchmarkKey folds the reference model's published spellings ("llama3_1-8b-edge", "resnet50") into one.
  const used = (r: R) => r.usedModel || r.model;
  if (benchmarkKey(used(a)) === benchmarkKey(used(b))) return null;
  const ran = (r: R) =>
    benchmarkKey(used(r)) === benchmarkKey(r.modelFamily) ? `${used(r)} (the reference model)` : used(r);
  const bench = a.model === b.model ? `the ${a.model} benchmark` : `the ${a.model} and ${b.model} benchmarks`;
  return flag(
    "used-model",
    "warn",
    `Different models ran for ${bench}: ${label(a)} ran ${ran(a)}; ${label(b)} ran ${ran(b)}. The Open division lets submitters change the model (another checkpoint, quantization, pruning or fine-tune), so the two numbers time different models, not only different systems.`,
    a.id,
    b.id,
  );
}

function availability(a: R, b: R, label = labeller(a, b)): Flag | null {
  const va = a.availability.toLowerCase();
  const vb = b.availability.toLowerCase();
  if (va === vb) return null;
  const rules = [va, vb].includes("preview") ? [PREVIEW_RULE] : [];
  if ([va, vb].includes("rdi")) rules.push(RDI_RULE);
  return flag(
    "availability",
    "warn",
    `Different availability categories: ${label(a)} is ${availabilityName(a.availability)}, ${label(b)} is ${availabilityName(b.availability)}. ${rules.join(" ")}`.trim(),
    a.id,
    b.id,
  );
}

/**
 * Different weight precisions are a caution (warn), never a footnote: the data type is part of the result (fp4
 * holds a model in half fp8's memory and runs its math faster), so two figures at different precisions measure
 * different implementations, even when both met the same Closed accuracy target.
 */
function precision(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (!a.precision || !b.precision || a.precision.toLowerCase() === b.precision.toLowerCase()) return null;
  const head = `Different weight precision: ${label(a)} uses ${a.precision}, ${label(b)} uses ${b.precision}.`;
  const closedSame =
    a.division.toLowerCase() === "closed" && b.division.toLowerCase() === "closed" && a.benchmark === b.benchmark;
  return flag(
    "precision",
    "warn",
    closedSame
      ? `${head} Both are Closed results that met the same ${a.benchmark} accuracy target, but the data type is part of the result, not a footnote: it changes memory footprint and throughput, so part of the gap is the precision, not the hardware.`
      : `${head} The data type is part of the result, and without a shared Closed accuracy target lower precision can also trade quality for speed.`,
    a.id,
    b.id,
  );
}

function power(a: R, b: R, label = labeller(a, b)): Flag | null {
  if (a.hasPower === b.hasPower) return null;
  const [p, q] = a.hasPower ? [a, b] : [b, a];
  return flag(
    "power",
    "warn",
    `${label(p)} is a power submission and ${label(q)} is performance-only. The MLPerf Compatibility Table notes: "${COMPATIBILITY_NOTES.power.text}"`,
    a.id,
    b.id,
  );
}

/**
 * Different serving engines are a caution (warn): the engine is part of the result, often moving it as much as the
 * hardware. The engine is the judge's (lib/judge engineOfResult: named by the source or unknown, never a library);
 * one known against one unknown is information, not a warning. Other stack differences (a runtime's major version,
 * components only one side lists) stay a note (info).
 */
function software(a: R, b: R, label = labeller(a, b)): Flag | null {
  const d = diffStacks(a, b);
  const [ea, eb] = [engineOfResult(a), engineOfResult(b)];
  const stacks = isEmptyDiff(d) ? "" : ` Stacks: ${describeDiff(d, label(a), label(b))}.`;
  const relation = relateEngines(ea, eb);
  if (relation === "different")
    return flag(
      "software",
      "warn",
      `Different serving engines: ${label(a)} runs ${ea.engine}, ${label(b)} runs ${eb.engine}. The engine is part of the result, not a footnote: it can change the figure as much as the hardware does.${stacks}`,
      a.id,
      b.id,
    );
  if (relation === "unknown" && (ea.engine !== null || eb.engine !== null)) {
    const [known, k, other, o] = ea.engine !== null ? [a, ea, b, eb] : [b, eb, a, ea];
    return flag(
      "software",
      "info",
      `Serving engine: ${label(known)} runs ${k.engine}; ${label(other)}'s published stack does not say which engine ran (${o.reason}).${stacks}`,
      a.id,
      b.id,
    );
  }
  if (isEmptyDiff(d)) return null;
  return flag(
    "software",
    "info",
    `Software stacks differ (${describeDiff(d, label(a), label(b))}). A runtime's major version can change the result as much as the hardware can.`,
    a.id,
    b.id,
  );
}

/**
 * For two rows that share a `measurementKey` (the -99 and -99.9 rows of one platform and scenario with the same
 * number): the pair rules do not apply, but the reader must count the number once and keep the two benchmarks apart.
 */
export function publishedTwice(a: R, b: R, label = labeller(a, b)): Flag {
  const [x, y] = cmp(a.accuracyTarget ?? "", b.accuracyTarget ?? "") > 0 ? [b, a] : [a, b];
  const t = (r: R) => (r.accuracyTarget ? `${r.accuracyTarget}% of the reference accuracy` : "no accuracy suffix");
  const under =
    (x.accuracyTarget ?? "") !== (y.accuracyTarget ?? "")
      ? `under two accuracy targets, ${x.model} (${t(x)}) and ${y.model} (${t(y)})`
      : `under ${x.model} and ${y.model}`;
  const targets =
    (x.accuracyTarget ?? "") !== (y.accuracyTarget ?? "")
      ? ` ${x.model} and ${y.model} remain separate benchmarks: one number published under both does not show what the system would reach at the looser target alone.`
      : "";
  return flag(
    "published-twice",
    "warn",
    `One measurement published twice: ${label(x)} and ${label(y)} are the same system, scenario and division with the same number (${fmt(a.value, 2)} ${unitNoun(a.units)}), published ${under}. Count it once, not as two results.${targets}`,
    a.id,
    b.id,
  );
}

/** A pair rule; `label` names each side (computeFlags works it out once per pair and passes it to every rule). */
export type PairRule = (a: R, b: R, label?: (r: R) => string) => Flag | null;

export const PAIR_RULES: PairRule[] = [
  benchmark,
  accuracyTarget,
  scenario,
  metric,
  round,
  division,
  usedModel,
  availability,
  precision,
  nodes,
  nodeCount,
  acceleratorCount,
  power,
  software,
];

/** Flags about one result that matter whenever it stands beside anything else. */
export function singleFlags(r: R, label: (r: R) => string = resultLabel): Flag[] {
  const out: Flag[] = [];
  if (r.heterogeneous) {
    out.push(flag("heterogeneous", "warn", MIXED.flag(label(r), r.accelerator), r.id));
  }
  if (r.validity === "INVALID" || r.latency?.validity === "INVALID") {
    const failed = r.latency?.failedChecks.length ? ` Failed checks: ${quotedChecks(r.latency.failedChecks)}.` : "";
    out.push(
      flag(
        "invalid",
        "block",
        `Unverified: the LoadGen log for ${label(r)} reports INVALID, so this number cannot be quoted as a verified MLPerf result.${failed}`,
        r.id,
      ),
    );
  }
  if (r.inferred) {
    out.push(flag("inferred", "info", `${label(r)}: ${INFERRED_NOTE}`, r.id));
  }
  for (const n of r.notes) out.push(flag(`data-note:${n.code}`, "info", `${label(r)}: ${n.message}`, r.id));
  return out;
}
