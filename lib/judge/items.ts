// Adapters: each kind of thing a page combines → one JudgeItem, so every feature hands the judge the same facts.
// Pure.
import type { BakeoffRun, LoadgenRun, PublishedResult, Scenario, SoftwareComponent, Validity } from "@/lib/types";
import { type EngineVerdict, engineOfRun, engineOfStack } from "./engine";
import { judgeValidity } from "./validity";
import type { CurveFacts, JudgeItem } from "./verdict";

/** The engine of a published result (one value: explorer, result page, compare, CSV, API). */
export function engineOfResult(r: {
  software: string | null;
  softwareStack: readonly SoftwareComponent[];
  model: string;
  usedModel?: string | null;
}): EngineVerdict {
  return engineOfStack(r.software, r.softwareStack, r.model, ...(r.usedModel ? [r.usedModel] : []));
}

/** A published result. Its validity is UNKNOWN unless a LoadGen log says more; MLCommons reviewed it. */
export function itemFromResult(
  r: Pick<
    PublishedResult,
    | "id"
    | "system"
    | "submitter"
    | "model"
    | "usedModel"
    | "scenario"
    | "precision"
    | "nodes"
    | "totalAccelerators"
    | "software"
    | "softwareStack"
  > & { validity?: Validity; failedChecks?: readonly string[]; label?: string },
): JudgeItem {
  const v = judgeValidity({ validity: r.validity ?? "UNKNOWN", failedChecks: r.failedChecks ?? [] });
  return {
    kind: "result",
    id: r.id,
    label: r.label ?? `${r.submitter} ${r.system}`,
    benchmark: r.model,
    scenario: r.scenario,
    validity: v.validity,
    failedChecks: v.failedChecks,
    engine: engineOfResult(r),
    precision: r.precision,
    nodes: r.nodes,
    totalAccelerators: r.totalAccelerators,
    verified: true,
  };
}

/** One bake-off load point (a run of an upload), with the engine its file names (RunFacts.engine) when known. */
export function itemFromBakeoff(input: {
  id: string;
  label: string;
  run: BakeoffRun;
  /** The upload's benchmark (its model family or the run's model), as spelled. */
  benchmark?: string | null;
  engine?: string | null;
  engineField?: string;
  precision?: string | null;
  nodes?: number | null;
}): JudgeItem {
  const r = input.run;
  const v = judgeValidity({ validity: r.validity, failedChecks: r.failedChecks ?? [] });
  return {
    kind: r.tool === "mlperf-loadgen" ? "loadgen" : "bakeoff",
    id: input.id,
    label: input.label,
    benchmark: input.benchmark ?? r.model,
    scenario: r.scenarioHint,
    validity: v.validity,
    failedChecks: v.failedChecks,
    engine: engineOfRun(input.engine ?? null, input.engineField),
    precision: input.precision ?? null,
    nodes: input.nodes ?? null,
    totalAccelerators: r.accelerators,
    verified: false,
  };
}

/** One scenario of a reproduction (an uploaded LoadGen run), unverified by definition. */
export function itemFromLoadgen(input: {
  id: string;
  label: string;
  run: Pick<LoadgenRun, "validity" | "checks" | "failedChecks">;
  benchmark: string | null;
  scenario: Scenario | null;
  software?: string | null;
  softwareStack?: readonly SoftwareComponent[];
  precision?: string | null;
  nodes?: number | null;
  totalAccelerators?: number | null;
  kind?: "loadgen" | "reproduction";
}): JudgeItem {
  const v = judgeValidity({
    validity: input.run.validity,
    checks: input.run.checks,
    failedChecks: input.run.failedChecks,
  });
  return {
    kind: input.kind ?? "loadgen",
    id: input.id,
    label: input.label,
    benchmark: input.benchmark,
    scenario: input.scenario,
    validity: v.validity,
    failedChecks: v.failedChecks,
    engine: engineOfStack(
      input.software ?? null,
      input.softwareStack ?? null,
      ...(input.benchmark ? [input.benchmark] : []),
    ),
    precision: input.precision ?? null,
    nodes: input.nodes ?? null,
    totalAccelerators: input.totalAccelerators ?? null,
    verified: false,
  };
}

/** One point of an Endpoints curve (helper epcurves): its facts go in `curve`. */
export function itemFromCurvePoint(input: {
  id: string;
  label: string;
  benchmark: string;
  engine?: EngineVerdict;
  precision?: string | null;
  nodes?: number | null;
  totalAccelerators?: number | null;
  status?: string;
  curve: Partial<CurveFacts>;
}): JudgeItem {
  const invalid = input.status === "invalidated" || input.status === "withdrawn";
  return {
    kind: "curve-point",
    id: input.id,
    label: input.label,
    benchmark: input.benchmark,
    scenario: null,
    validity: invalid ? "INVALID" : "UNKNOWN",
    failedChecks: invalid ? [`status: ${input.status}`] : [],
    engine: input.engine ?? engineOfRun(null),
    precision: input.precision ?? null,
    nodes: input.nodes ?? null,
    totalAccelerators: input.totalAccelerators ?? null,
    verified: input.status === "finalized",
    curve: {
      ...input.curve,
      peerReviewPending: input.status === "peer-review-pending" || input.curve.peerReviewPending,
    },
  };
}
