// A capacity basis, normalized: one published result (with the same system's other scenarios) or one load point
// of a bake-off upload, reduced to output tokens/s, tokens per request and the accelerator/node shape. Pure.

import { capacityPerSuccessfulRequest, loadText, type SloDetail, sloCheck } from "@/lib/bakeoff/slo";
import type { Curve } from "@/lib/endpoints/curve-types";
import { acceleratorDivisor, familyOfServedModel, invalidReason, judgeValidity, MIXED } from "@/lib/judge";
import type { MixVerdict } from "@/lib/judge/token-mix";
import { type BakeoffRun, LATENCY_SCENARIOS, type PublishedResult } from "@/lib/types";
import { basisTokenMix } from "./basis-mix";
import { type CurveStep, curveBasis } from "./curve-basis";
import { fmt } from "./fmt";
import { type MeasuredPower, measuredNodePower } from "./power";

export type PlanScenario = "Offline" | "Server" | "Interactive";
export const SCENARIO_LEVEL: Record<PlanScenario, 1 | 2 | 0> = { Offline: 0, Server: 1, Interactive: 2 };

export interface Slo {
  ttftMs: number | null;
  tpotMs: number | null;
}

/** The bake-off upload fields the planner reads (db/queries/compare.ts BakeoffUploadView has them). */
export interface BakeoffUploadLike {
  id: string;
  label: string;
  accelerator: string | null;
  accelerators: number | null;
  nodes: number | null;
  modelFamily: string | null;
  runs: BakeoffRun[];
  /** The upload's warnings, shown with it. */
  warnings?: string[];
}

/**
 * Why no load point of an upload can be planned from, exactly: every point INVALID (the judge's reason, lib/judge:
 * LoadGen's failed checks as it writes them, first), no successful request, or no throughput in the file — per point
 * when they differ. Example: the INVALID 8×MI300X LoadGen run → "Performance constraints satisfied : NO. LoadGen
 * marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with."
 */
function unusableReason(u: BakeoffUploadLike): string {
  if (u.runs.length === 0) return "The upload holds no load point.";
  const why = u.runs.map((run) => {
    const v = judgeValidity({ validity: run.validity, failedChecks: run.failedChecks ?? [] });
    if (!v.basis) return invalidReason(v);
    if (run.numRequests === 0) return "no request succeeded";
    const tp = runThroughput(run);
    if (!(tp.outTokPerS ?? tp.reqPerS)) return "the file gives no throughput";
    return null;
  });
  const distinct = [...new Set(why.filter((w): w is string => w !== null))];
  if (u.runs.length === 1 || distinct.length === 1) {
    const one = distinct[0] ?? "No usable load point";
    return /\.$/.test(one) ? one : `${one}.`;
  }
  return `No load point can be used: ${why.map((w, i) => `point ${i + 1}: ${(w ?? "usable").replace(/\.$/, "")}`).join("; ")}.`;
}

export type BasisSource =
  | { kind: "published"; result: PublishedResult; siblings: PublishedResult[] }
  | { kind: "bakeoff"; upload: BakeoffUploadLike }
  | { kind: "curve"; curve: Curve };

/** A throughput in the basis's own terms; outTokPerS is null when the unit is not tokens and no length converts it. */
export interface Throughput {
  outTokPerS: number | null;
  reqPerS: number | null;
  /** How the figures were read, in words. */
  how: string;
}

export interface ScenarioPoint {
  id: string;
  scenario: PlanScenario;
  throughput: Throughput;
  value: number;
  units: string;
}

export interface Basis {
  id: string;
  kind: "published" | "bakeoff" | "curve";
  label: string;
  detail: string;
  verified: boolean;
  modelFamily: string | null;
  /**
   * The benchmark it measured: a published result's canonical benchmark ("llama2-70b-99"), a bake-off's model family
   * (chosen at upload, else mapped from the run's model); null when the upload names none that MLPerf has.
   */
  benchmark: string | null;
  /** Scenario the throughput was measured in; bake-off: Offline for offline loads, else null (measured latencies). */
  scenario: PlanScenario | null;
  throughput: Throughput;
  tokensPerSample: number | null;
  tokensPerSampleSource: string;
  accelerators: number | null;
  acceleratorsPerNode: number | null;
  acceleratorsPerNodeSource: string;
  nodes: number | null;
  /** The system's MLPerf Power measurement per node (published only), when a power result of it exists. */
  measuredPower: MeasuredPower | null;
  /** Same system, other scenarios (published only), for the derate and "SLO tighter". */
  siblings: ScenarioPoint[];
  /** Bake-off: the chosen run, why, and whether its p99s meet the SLO. */
  run: {
    index: number;
    of: number;
    reason: string;
    run: BakeoffRun;
    sloPass: boolean | null;
    sloText: string[];
    /** Each p99 check with its own verdict (a passing line is not a warning even when the other one fails). */
    sloDetails: SloDetail[];
  } | null;
  /** Curve: the measured step planned from (lib/plan/curve-basis.ts). */
  step?: CurveStep | null;
  /**
   * Bake-off: share of requests credited as within the SLO when it is under 1 (goodput), with how it was obtained:
   * the overlay's capacityPerSuccessfulRequest, so both follow P99_RULE (a run whose p99s pass counts in full).
   */
  goodput: { fraction: number; how: string } | null;
  /** Why the basis cannot size anything (latency metric, no throughput). */
  unusable: string | null;
  /** The input/output mix its hours were spent on (lib/plan/basis-mix.ts), for pricing them apart. */
  mix?: MixVerdict;
  notes: string[];
}

/** Tokens/s and requests/s of a published result. `{value: 100282, units: "Tokens/s", tokensPerSample: 283}` → 100282 tok/s, 354.35 req/s. */
export function throughputOf(r: Pick<PublishedResult, "value" | "units" | "tokensPerSample">): Throughput {
  const u = r.units.trim().toLowerCase();
  const tps = r.tokensPerSample !== null && r.tokensPerSample > 0 ? r.tokensPerSample : null;
  if (u === "tokens/s")
    return {
      outTokPerS: r.value,
      reqPerS: tps === null ? null : r.value / tps,
      how: `published ${fmt(r.value)} output tokens/s`,
    };
  if (u === "samples/s" || u === "queries/s") {
    const unit = u === "samples/s" ? "samples" : "queries";
    if (tps !== null)
      return {
        outTokPerS: r.value * tps,
        reqPerS: r.value,
        how: `published ${fmt(r.value)} ${unit}/s × ${fmt(tps)} tokens per sample`,
      };
    return {
      outTokPerS: null,
      reqPerS: r.value,
      how: `published ${fmt(r.value)} ${unit}/s, one ${unit.slice(0, -1)} taken as one request`,
    };
  }
  return { outTokPerS: null, reqPerS: null, how: `published as ${r.units}` };
}

function isPlanScenario(s: string): s is PlanScenario {
  return s === "Offline" || s === "Server" || s === "Interactive";
}

function shape(accelerators: number | null, perNode: number | null, nodes: number | null) {
  if (perNode !== null && perNode > 0) return { perNode, source: "the system's accelerators per node" };
  if (accelerators !== null && nodes !== null && nodes > 0 && accelerators % nodes === 0)
    return { perNode: accelerators / nodes, source: "total accelerators ÷ nodes" };
  if (accelerators !== null && accelerators > 0)
    return { perNode: accelerators, source: "no per-node count published; the whole system is taken as one node" };
  return { perNode: null, source: "no accelerator count" };
}

function publishedBasis(r: PublishedResult, siblings: PublishedResult[]): Basis {
  const tp = throughputOf(r);
  const notes: string[] = [];
  let unusable: string | null = null;
  const validity = judgeValidity({ validity: r.validity, failedChecks: r.latency?.failedChecks ?? [] });
  if (!validity.basis) {
    unusable = invalidReason(validity);
  } else if (!r.higherIsBetter || LATENCY_SCENARIOS.has(r.scenario))
    unusable = `${r.scenario} reports a latency (${r.units}), not a throughput; pick an Offline, Server or Interactive result.`;
  else if (tp.outTokPerS === null && tp.reqPerS === null) unusable = `Its unit (${r.units}) is not a throughput.`;
  if (r.availability !== "available")
    notes.push(
      `Availability: ${r.availability}. Preview and RDI systems may not be orderable, and a Preview can be withdrawn.`,
    );
  if (r.division !== "closed") notes.push(`${r.division} division: the model or method may differ from the reference.`);
  if (r.heterogeneous) notes.push(MIXED.planner);
  const s = shape(r.totalAccelerators, r.acceleratorsPerNode, r.nodes);
  // Same benchmark (accuracy target included), same power/performance kind, preferred over the family.
  const rank = (x: PublishedResult) => (x.model === r.model ? 0 : 2) + (x.hasPower === r.hasPower ? 0 : 1);
  const points = new Map<PlanScenario, ScenarioPoint & { rank: number }>();
  for (const x of siblings) {
    if (x.id === r.id || x.modelFamily !== r.modelFamily || !isPlanScenario(x.scenario) || x.division !== r.division)
      continue;
    if (!judgeValidity({ validity: x.validity }).basis) continue; // never a basis, so never a derate ratio either
    if (x.totalAccelerators !== r.totalAccelerators) continue;
    const t = throughputOf(x);
    if (t.outTokPerS === null && t.reqPerS === null) continue;
    const cand = { id: x.id, scenario: x.scenario, throughput: t, value: x.value, units: x.units, rank: rank(x) };
    const have = points.get(x.scenario);
    if (!have || cand.rank < have.rank || (cand.rank === have.rank && cand.id < have.id)) points.set(x.scenario, cand);
  }
  return {
    id: r.id,
    kind: "published",
    label: `${r.submitter} ${r.platform}`,
    detail: `MLPerf Inference ${r.round} · ${r.system === r.platform ? "" : `${r.system} · `}${r.model} ${r.scenario} · ${fmt(r.value)} ${r.units} · ${(r.acceleratorGroups?.length ?? 0) > 1 ? mixText(r.acceleratorGroups ?? []) : `${r.totalAccelerators ?? "?"} × ${r.accelerator ?? "accelerator"}`} on ${r.nodes ?? "?"} node${r.nodes === 1 ? "" : "s"} · precision ${r.precision ?? "not published"}`,
    verified: r.validity !== "INVALID",
    modelFamily: r.modelFamily,
    benchmark: r.benchmark,
    scenario: isPlanScenario(r.scenario) ? r.scenario : null,
    throughput: tp,
    tokensPerSample: r.tokensPerSample,
    tokensPerSampleSource:
      r.tokensPerSample === null
        ? "not published in the result's accuracy field"
        : `TOKENS_PER_SAMPLE ${fmt(r.tokensPerSample)} in the result's accuracy field`,
    accelerators: acceleratorDivisor(r),
    acceleratorsPerNode: s.perNode,
    acceleratorsPerNodeSource: s.source,
    nodes: r.nodes,
    measuredPower: measuredNodePower(r, siblings),
    siblings: [...points.values()].map(({ rank: _r, ...p }) => p),
    run: null,
    goodput: null,
    unusable,
    notes,
  };
}

function runThroughput(run: BakeoffRun): Throughput {
  const osl = run.oslMean ?? (run.outTokPerS !== null && run.reqPerS ? run.outTokPerS / run.reqPerS : null);
  if (run.outTokPerS !== null && run.outTokPerS > 0)
    return {
      outTokPerS: run.outTokPerS,
      reqPerS: run.reqPerS ?? (osl ? run.outTokPerS / osl : null),
      how: `measured ${fmt(run.outTokPerS)} output tokens/s over successful requests`,
    };
  if (run.reqPerS !== null && run.reqPerS > 0)
    return {
      outTokPerS: osl ? run.reqPerS * osl : null,
      reqPerS: run.reqPerS,
      how: `measured ${fmt(run.reqPerS)} requests/s`,
    };
  return { outTokPerS: null, reqPerS: null, how: "no throughput in the file" };
}

const isOffline = (run: BakeoffRun) => run.load.kind === "offline" || run.load.kind === "mlperf-offline";
const hasSlo = (slo: Slo) => slo.ttftMs !== null || slo.tpotMs !== null;
const sloTargets = (slo: Slo) => ({ ttftP99Ms: slo.ttftMs, tpotP99Ms: slo.tpotMs });

/** The load point a bake-off upload is planned from: the highest throughput whose p99s meet the SLO. */
export function pickRun(upload: BakeoffUploadLike, slo: Slo): Basis["run"] {
  const usable = upload.runs
    .map((run, index) => ({ run, index, tp: runThroughput(run) }))
    .filter(
      (x) =>
        judgeValidity({ validity: x.run.validity }).basis &&
        x.run.numRequests !== 0 &&
        (x.tp.outTokPerS ?? x.tp.reqPerS),
    );
  const speed = (x: (typeof usable)[number]) => x.tp.outTokPerS ?? x.tp.reqPerS ?? 0;
  if (usable.length === 0) return null;
  const n = upload.runs.length;
  const checked = usable.map((x) => ({ ...x, check: hasSlo(slo) ? sloCheck(x.run, sloTargets(slo)) : null }));
  const passing = checked.filter((x) => x.check === null || x.check.pass === true);
  const pool = passing.length > 0 ? passing : checked;
  const best = pool.reduce((a, b) => (speed(b) > speed(a) ? b : a));
  const reason =
    n === 1
      ? "the upload's only load point"
      : !hasSlo(slo)
        ? `the highest-throughput of ${n} load points (no SLO set)`
        : passing.length > 0
          ? `the highest-throughput of ${n} load points whose p99 TTFT/TPOT meet your SLO`
          : `none of ${n} load points meets your SLO; the highest-throughput one is used and counted by goodput`;
  return {
    index: best.index,
    of: n,
    reason,
    run: best.run,
    sloPass: best.check?.pass ?? null,
    sloText: best.check?.details.map((d) => d.message) ?? [],
    sloDetails: best.check?.details ?? [],
  };
}

/**
 * The upload's model family and where it came from: "model family llama2-70b (matched from the upload's model name
 * “llama2-70b-99”)", "… (chosen by hand; the upload's model is “meta-llama/Llama-3-8B”)".
 */
function familyText(u: BakeoffUploadLike): string {
  const models = [...new Set(u.runs.map((r) => r.model).filter((m): m is string => !!m))];
  const matched = models.find((m) => familyOfServedModel(m) !== null) ?? null;
  const named =
    models.length === 0
      ? "the upload does not name the model"
      : `the upload's model is “${models[0]}”${models.length > 1 ? ` (and ${models.length - 1} more)` : ""}`;
  if (u.modelFamily === null) {
    if (matched !== null)
      return `no model family (none chosen; the upload's model “${matched}” maps to ${familyOfServedModel(matched)})`;
    return `no model family (none chosen, and ${models.length === 0 ? named : `${named}, which maps to no MLPerf benchmark`})`;
  }
  if (matched !== null && familyOfServedModel(matched) === u.modelFamily)
    return `model family ${u.modelFamily} (matched from the upload's model name “${matched}”)`;
  return `model family ${u.modelFamily} (chosen by hand; ${named})`;
}

/** A run's notes, less a pointer to data the upload already supplied (an LLMPerf summary merged with its responses). */
function runNotes(run: BakeoffRun): string[] {
  const tpotSupplied = run.latencyNotes.some((n) => /^TPOT computed per request/i.test(n));
  return tpotSupplied
    ? run.latencyNotes.map((n) => n.replace(/; TPOT needs the individual_responses file$/, ""))
    : run.latencyNotes;
}

function bakeoffBasis(u: BakeoffUploadLike, slo: Slo): Basis {
  const picked = pickRun(u, slo);
  const run = picked?.run ?? null;
  const acc = run?.accelerators ?? u.accelerators;
  const s = shape(acc, null, u.nodes);
  const tp = run ? runThroughput(run) : { outTokPerS: null, reqPerS: null, how: "no usable load point" };
  const osl = run?.oslMean ?? (tp.outTokPerS !== null && tp.reqPerS ? tp.outTokPerS / tp.reqPerS : null);
  const notes: string[] = [];
  let goodput: Basis["goodput"] = null;
  if (run && hasSlo(slo)) {
    const c = capacityPerSuccessfulRequest(run, sloTargets(slo), acc);
    if (c.fractionMeetingSlo !== null && c.fractionMeetingSlo < 1)
      goodput = { fraction: c.fractionMeetingSlo, how: c.approximation };
  }
  if (run && run.numFailed !== null && run.numFailed > 0 && run.numRequests !== null)
    notes.push(
      `${fmt(run.numFailed, 0)} of ${fmt(run.numRequests + run.numFailed, 0)} requests failed in this run; only successful requests are counted.`,
    );
  if (run) notes.push(...runNotes(run));
  let unusable: string | null = null;
  if (!run) unusable = unusableReason(u);
  // with no usable point the header still describes the upload's own (first) point, never "?"
  const shown = run ?? u.runs[0] ?? null;
  return {
    id: u.id,
    kind: "bakeoff",
    label: u.label,
    detail: [
      "Bake-off upload (unverified)",
      shown?.validity === "INVALID" ? "INVALID" : null,
      shown ? `${shown.tool}${shown.toolVersion ? ` ${shown.toolVersion}` : ""}` : "no load point",
      familyText(u),
      picked && run
        ? `${picked.of > 1 ? `load point ${picked.index + 1} of ${picked.of}: ` : ""}${loadText(run)}`
        : shown
          ? loadText(shown)
          : null,
      `${acc ?? shown?.accelerators ?? "accelerator count not given"} × ${u.accelerator ?? "accelerator"}`,
      "precision not stated in the upload",
    ]
      .filter((x): x is string => x !== null)
      .join(" · "),
    verified: false,
    modelFamily: u.modelFamily,
    benchmark: u.modelFamily ?? familyOfServedModel(shown?.model) ?? null,
    scenario: run && isOffline(run) ? "Offline" : null,
    throughput: tp,
    tokensPerSample: osl,
    tokensPerSampleSource:
      run?.oslMean != null
        ? `the run's measured mean output length ${fmt(run.oslMean)}`
        : osl !== null
          ? `output tokens/s ÷ requests/s of the run (${fmt(osl)})`
          : "not in the file",
    accelerators: acc,
    acceleratorsPerNode: s.perNode,
    acceleratorsPerNodeSource: u.nodes === null ? "no node count given; the run is taken as one node" : s.source,
    nodes: u.nodes,
    measuredPower: null,
    siblings: [],
    run: picked,
    goodput,
    unusable,
    notes,
  };
}

/** Normalize a basis source under an SLO (the SLO picks a bake-off's load point). */
export function toBasis(source: BasisSource, slo: Slo): Basis {
  const b =
    source.kind === "curve"
      ? curveBasis(source.curve, slo)
      : source.kind === "published"
        ? publishedBasis(source.result, source.siblings)
        : bakeoffBasis(source.upload, slo);
  return { ...b, mix: basisTokenMix(source, b) };
}

/** A heterogeneous system's accelerators as its mix: "8 × MI300X 192GB HBM3 + 8 × MI325X 256GB HBM3e". */
function mixText(mix: { name: string; count: number }[]): string {
  return mix.map((p) => `${p.count} × ${p.name}`).join(" + ");
}
