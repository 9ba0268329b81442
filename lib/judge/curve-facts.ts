// What MLPerf Endpoints curves and MLPerf Inference results each state about how they were measured, so judgeSet
// (verdict.ts curveFlags) can say where they differ. Pure.
//
// Sources (../shared/formats/endpoints.md, "Where this differs from MLPerf Inference"):
// - latency basis: Endpoints v1.0 reports P90 (rules §4.1: tps_per_user = 1000 / tpot_p90_ms, ttft_p90_ms;
//   endpoints-submission-cli point_summary.py); v0.7 used P95/P99 (run_metadata.json), so no P90 is claimed for it;
//   Inference bounds P99 TTFT/TPOT per scenario (mlcommons/inference tools/submission/submission_checker/constants.py
//   LLM_LATENCY_LIMITS; lib/judge/limits.ts);
// - KV-cache reuse across queries: allowed in Endpoints with salted prompts (Endpoints rules §2.9.5); Inference
//   does not allow caching across queries (inference_rules.adoc, prohibited optimizations);
// - network: inside the Endpoints measurement, client on premises or over the network alike (endpoints-submission-
//   docs understand/divisions-and-scenarios.md: "Network latency in measurements: Yes" for CoP and CoN); LoadGen
//   runs beside the system under test in Inference;
// - power: Endpoints normalises by PROVISIONED power (§4.5, system_power.json); Inference power is MEASURED by the
//   MLPerf Power harness;
// - status: peer review pending until finalized (submission rules §6.2.3).
import type { Curve, CurvePoint } from "@/lib/endpoints/curve-types";
import { engineOfRun } from "./engine";
import { itemFromCurvePoint } from "./items";
import type { CurveFacts, JudgeItem } from "./verdict";

export const INFERENCE_FACTS: Partial<CurveFacts> = {
  suite: "inference",
  latencyPercentile: 99,
  kvCacheReuse: false,
  networkInMeasurement: false,
};

/** The facts an Endpoints curve states, by its layout and its power figure. */
export function endpointsFacts(c: Pick<Curve, "layout" | "provisionedPowerW">): Partial<CurveFacts> {
  return {
    suite: "endpoints",
    ...(c.layout === "v1.0" ? { latencyPercentile: 90 as const } : {}),
    kvCacheReuse: true,
    networkInMeasurement: true,
    power: c.provisionedPowerW !== null ? "provisioned" : null,
  };
}

/** One point of a curve (or the curve as a whole, by its id) as a judge item. */
export function itemFromCurve(c: Curve, p?: CurvePoint): JudgeItem {
  return itemFromCurvePoint({
    id: p ? `${c.id}:r${p.concurrency}` : c.id,
    label: `${c.submitter} ${c.system} (Endpoints${p ? ` r${p.concurrency}` : ""})`,
    benchmark: c.benchmark,
    engine: engineOfRun(c.servingEngine),
    precision: c.precision,
    nodes: c.nodes,
    totalAccelerators: c.totalAccelerators,
    status: c.status,
    curve: endpointsFacts(c),
  });
}

/** A set holding a curve point: every published result, LoadGen run or reproduction speaks for Inference. */
export function withSuiteFacts(items: readonly JudgeItem[]): JudgeItem[] {
  if (!items.some((i) => i.kind === "curve-point")) return [...items];
  return items.map((i) =>
    i.curve || i.kind === "bakeoff" || i.kind === "curve-point" ? i : { ...i, curve: { ...INFERENCE_FACTS } },
  );
}
