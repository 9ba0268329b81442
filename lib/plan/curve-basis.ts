// A capacity basis read from an MLPerf Endpoints curve: the step the rules allow. Pure.
//
// The rules (MLPerf Endpoints v1.0 draft §4.2 and §5.2, ../shared/formats/endpoints.md "How a curve may be drawn"):
// a curve is a STEP function — between measured points it holds the last measured value; nothing is interpolated
// (any smoothing must be labelled "interpolated (not official)", and a plan is never drawn from one). So capacity at
// a per-user speed or TTFT target is the throughput of the LAST measured point, in concurrency order, that meets it
// (lib/endpoints/curve-chart.ts draws the same steps), never a figure between two points. A dedicated Offline point is
// a ceiling, not a step (§5.7); an elected one is a step. A point the checker refused (no TPOT P90) is never used.
//
// The targets are the planner's SLO: TPOT ≤ t ms is a per-user speed ≥ 1000 / t tokens/s, the rules' x axis
// (tps_per_user = 1000 / tpot_p90_ms, §4.1); TTFT ≤ t ms is checked against the point's TTFT P90. The curve reports
// P90, the planner's SLO is a P99 bound: a P90 meeting it says nothing of the P99, so such a plan is overstated.
// Whether a curve may be a basis at all is the judge's decision (lib/judge itemFromCurve: an invalidated or
// withdrawn curve is INVALID), never re-decided here.
import { CURVE_STATUS_LABEL, type Curve, type CurvePoint } from "@/lib/endpoints/curve-types";
import { itemFromCurve } from "@/lib/judge";
import type { Basis, Slo } from "./basis";
import type { Fit, PlanNote, Required } from "./fit";
import { fmt, plural } from "./fmt";

/** The measured point a curve is planned from, and why it was chosen. */
export interface CurveStep {
  concurrency: number;
  offlineKind: "elected" | null;
  systemTps: number;
  tpsPerUser: number;
  ttftP90Ms: number | null;
  /** How many points of the curve could be steps (the checker's refusals and a dedicated Offline run left out). */
  of: number;
  reason: string;
}

const hasTarget = (slo: Slo) => slo.ttftMs !== null || slo.tpotMs !== null;

/** The targets in words: "TTFT P90 ≤ 450 ms and ≥ 25 tokens/s per user (TPOT ≤ 40 ms)". */
export function targetText(slo: Slo): string {
  const parts: string[] = [];
  if (slo.ttftMs !== null) parts.push(`TTFT P90 ≤ ${fmt(slo.ttftMs)} ms`);
  if (slo.tpotMs !== null) parts.push(`≥ ${fmt(1000 / slo.tpotMs)} tokens/s per user (TPOT ≤ ${fmt(slo.tpotMs)} ms)`);
  return parts.join(" and ");
}

type Drawable = CurvePoint & { tpsPerUser: number };

function meets(p: Drawable, slo: Slo): boolean {
  if (slo.tpotMs !== null && !(p.tpsPerUser >= 1000 / slo.tpotMs)) return false;
  if (slo.ttftMs !== null && !(p.ttftP90Ms !== null && p.ttftP90Ms <= slo.ttftMs)) return false;
  return true;
}

/** The step a curve is planned from under `slo`, or why none can be. */
export function pickStep(c: Curve, slo: Slo): { step: CurveStep } | { step: null; why: string } {
  const steps = c.points
    .filter((p): p is Drawable => p.failedChecks.length === 0 && p.offlineKind !== "dedicated" && p.tpsPerUser !== null)
    .sort((a, b) => a.concurrency - b.concurrency);
  if (steps.length === 0) return { step: null, why: "No point of the curve passes the checker with a per-user speed." };
  const ok = steps.filter((p) => meets(p, slo));
  const last = ok[ok.length - 1];
  if (!last) {
    const fastest = Math.max(...steps.map((p) => p.tpsPerUser));
    const quickest = Math.min(...steps.map((p) => p.ttftP90Ms ?? Number.POSITIVE_INFINITY));
    return {
      step: null,
      why: `No measured point of the curve meets ${targetText(slo)}: its fastest point gives ${fmt(fastest)} tokens/s per user and its lowest TTFT P90 is ${fmt(quickest)} ms. A curve holds only what was measured; nothing between or beyond its points is planned from.`,
    };
  }
  const reason = hasTarget(slo)
    ? `r${last.concurrency}, the last measured point (by concurrency) that meets ${targetText(slo)} (${ok.length} of ${steps.length} points do); between points a curve holds the last measured value, so nothing is interpolated`
    : `r${last.concurrency}, the curve's last measured step (no per-user speed or TTFT target set)`;
  return {
    step: {
      concurrency: last.concurrency,
      offlineKind: last.offlineKind === "elected" ? "elected" : null,
      systemTps: last.systemTps,
      tpsPerUser: last.tpsPerUser,
      ttftP90Ms: last.ttftP90Ms,
      of: steps.length,
      reason,
    },
  };
}

/** A curve as a planner basis: the chosen step's system tokens/s on the curve's accelerators. */
export function curveBasis(c: Curve, slo: Slo): Basis {
  const picked = pickStep(c, slo);
  const step = picked.step;
  const point = step ? (c.points.find((p) => p.concurrency === step.concurrency) ?? null) : null;
  // mean output length of the step: its output tokens ÷ completed samples (both in its result_summary.json)
  const osl =
    point && point.samplesCompleted !== null && point.samplesCompleted > 0
      ? point.outputTokens / point.samplesCompleted
      : null;
  const judged = itemFromCurve(c);
  let unusable: string | null = null;
  if (judged.validity === "INVALID")
    unusable = `The curve is ${CURVE_STATUS_LABEL[c.status].toLowerCase()}${c.statusNote ? ` (${c.statusNote})` : ""}: it is kept in the record and never planned with.`;
  else if (!picked.step) unusable = picked.why;
  const notes: string[] = [
    "MLPerf Endpoints, not MLPerf Inference: P90 latencies, KV-cache reuse across queries allowed (salted prompts), the network inside the measurement; its figures are not interchangeable with Inference results.",
  ];
  if (c.synthetic)
    notes.push("Synthetic test data (MLCommons' checker fixture), not a hardware result: never plan a fleet on it.");
  if (c.status === "peer-review-pending") notes.push("Peer review pending: the curve's figures may still change.");
  if (c.status === "superseded") notes.push("A later cohort supersedes this curve; plan from the newer one.");
  if (c.layout === "v0.7")
    notes.push("v0.7 layout: tokens/s per user = system ÷ concurrency, other latency percentiles.");
  if (c.availability !== "Available") notes.push(`Availability: ${c.availability}.`);
  const where = step
    ? `step r${step.concurrency}${step.offlineKind ? " (the elected Offline point)" : ""} of ${step.of}: ${fmt(step.systemTps)} tokens/s at ${fmt(step.tpsPerUser)} tokens/s per user, TTFT P90 ${fmt(step.ttftP90Ms)} ms`
    : `${plural(c.points.length, "point")}, none usable`;
  return {
    id: c.id,
    kind: "curve",
    label: `${c.submitter} ${c.system} (Endpoints)`,
    detail: `MLPerf Endpoints ${c.division} curve · ${c.model} · ${CURVE_STATUS_LABEL[c.status]} · ${where} · ${c.totalAccelerators ?? "?"} × ${c.accelerator ?? "accelerator"} on ${c.nodes ?? "?"} node${c.nodes === 1 ? "" : "s"} · precision ${c.precision ?? "not stated"}`,
    verified: c.status === "finalized",
    modelFamily: c.benchmark,
    benchmark: c.benchmark,
    scenario: null,
    throughput: step
      ? {
          outTokPerS: step.systemTps,
          reqPerS: osl ? step.systemTps / osl : null,
          how: `measured step ${step.reason}: ${fmt(step.systemTps)} output tokens/s (output tokens ÷ duration, the rules' system_tps)`,
        }
      : { outTokPerS: null, reqPerS: null, how: "no step of the curve can be used" },
    tokensPerSample: osl,
    tokensPerSampleSource:
      point && osl !== null
        ? `the step's output tokens ÷ completed samples (${fmt(point.outputTokens, 0)} ÷ ${fmt(point.samplesCompleted, 0)})`
        : "not in the curve",
    accelerators: c.totalAccelerators,
    acceleratorsPerNode: c.acceleratorsPerNode,
    acceleratorsPerNodeSource:
      c.acceleratorsPerNode !== null ? "the system description's accelerators per node" : "not stated",
    nodes: c.nodes,
    measuredPower: null,
    siblings: [],
    run: null,
    step,
    goodput: null,
    unusable,
    notes,
  };
}

/** How a curve's step fits the SLO: met at P90 by construction, unknown at the planner's P99. */
export function curveFit(basis: Basis, slo: Slo, required: Required): Fit {
  const notes: PlanNote[] = [];
  if (!hasTarget(slo)) return { status: "fits", required, derate: null, notes };
  notes.push({
    code: "p90-not-p99",
    severity: "warn",
    message: `The curve reports P90 latencies (MLPerf Endpoints §4.1); its step meets ${targetText(slo)} at P90, while your SLO is a p99 bound, which a P90 figure does not show. At p99 the same load is slower, so this capacity is an upper bound.`,
  });
  if (basis.step?.offlineKind === "elected")
    notes.push({
      code: "elected-offline",
      severity: "info",
      message: "The step is the curve's elected Offline point (its highest concurrency), a step by the rules (§5.7).",
    });
  return { status: "overstated", required, derate: null, notes };
}
