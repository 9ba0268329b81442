// Does one published point, curve step or bake-off run meet a service level? Pure (issue 30, /overview).
//
// The rules, each from its source:
// - an MLPerf Inference Server/Interactive result ran under its scenario's p99 TTFT and TPOT limits (the ONE limits
//   table, lib/judge tokenLimits, from the inference rules and the submission checker's LLM_LATENCY_LIMITS); a VALID
//   result met them, so it meets any level at most as strict: TPOT limit ≤ 1000 ÷ tokens/s per user and TTFT limit
//   ≤ the level's TTFT. Its published throughput is what the system sustained within those limits (LoadGen's Server
//   metric: completed queries per second at the target rate that met the latency constraint).
// - Offline has no latency limit (inference rules § Scenarios: "Offline ... latency constraint: none"): its figure is
//   a throughput ceiling, never a figure at a latency level; it meets only a level with no bound at all.
// - an MLPerf Endpoints curve states P90 TTFT and tokens/s per user (1000 ÷ TPOT P90) for each measured concurrency
//   (../shared/formats/endpoints.md; endpoints rules §4.1); it meets the level at the LAST measured step (highest
//   throughput) that meets both, never between steps: nothing is interpolated. A dedicated Offline run is no step.
// - a bake-off run meets it when its p99 TTFT and TPOT are within the bounds (lib/bakeoff/slo.ts sloCheck, P99_RULE).
// - validity and status: an INVALID item (lib/judge judgeValidity), a withdrawn, invalidated or no-longer-published
//   result (lib/lifecycle statusIsBasis) and an invalidated or withdrawn curve (lib/judge itemFromCurve) is never a
//   basis; a superseded curve is replaced by its later cohort; MLCommons' synthetic checker test data is no hardware.
import { sloCheck } from "@/lib/bakeoff/slo";
import type { Curve, CurvePoint } from "@/lib/endpoints/curve-types";
import { invalidReason, itemFromCurve, judgeValidity, perGivenAccelerators, tokenLimits } from "@/lib/judge";
import { STATUS_LABEL, statusIsBasis } from "@/lib/lifecycle/status";
import { fmt } from "@/lib/plan/fmt";
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import { type ServiceLevel, tpotBoundMs } from "./params";

const EPS = 1e-9;

export interface Energy {
  /** kWh per million output tokens at the system (before PUE). */
  kWhPerMTokens: number;
  kind: "measured" | "provisioned";
  how: string;
}

/** One point judged against the level. */
export interface Candidate {
  kind: "result" | "curve" | "bakeoff";
  id: string;
  /** The point within the evidence: the scenario, the curve step "r64", the bake-off run "run 3". */
  point: string | null;
  href: string;
  /** The evidence in words: "v6.0 Interactive 6.0-0002", "Endpoints r128", "bake-off run 3 (concurrency 16)". */
  label: string;
  /** A usable basis at all (valid, current); false for INVALID, withdrawn and the like. */
  usable: boolean;
  meets: boolean;
  /** Output tokens/s per accelerator at this point (the judge's per-accelerator figure), null when none. */
  perAccPerS: number | null;
  energy: Energy | null;
  /** Offline: a throughput ceiling, shown only labelled as such. */
  ceiling: boolean;
  /** How far it misses (0 when it meets): a ratio ≥ 1 for the nearest-miss sentence. */
  miss: number;
  why: string;
  round: string | null;
}

export const levelText = (l: ServiceLevel): string => {
  const parts: string[] = [];
  if (l.tpsPerUser !== null)
    parts.push(`${fmt(l.tpsPerUser)} tokens/s per user (TPOT ≤ ${fmt(tpotBoundMs(l) ?? 0)} ms)`);
  if (l.ttftMs !== null) parts.push(`TTFT ≤ ${fmt(l.ttftMs, 0)} ms`);
  return parts.length ? parts.join(", ") : "no latency bound";
};

const noBound = (l: ServiceLevel) => l.tpsPerUser === null && l.ttftMs === null;
const isTokens = (units: string) => /tokens?\s*\/\s*s/i.test(units);

/** How far a limit is from a bound, as a ratio ≥ 1 (1 = within it). */
const over = (limit: number, bound: number | null) => (bound === null ? 1 : Math.max(1, limit / bound));

type Where = Omit<Candidate, "usable" | "meets" | "perAccPerS" | "energy" | "miss" | "why">;

/** A point that is never a basis (INVALID, withdrawn, invalidated, superseded, synthetic): it never meets, never
 * prices, and is the farthest miss. */
function neverBasis(where: Where, perAccPerS: number | null, why: string): Candidate {
  return { ...where, usable: false, meets: false, perAccPerS, energy: null, miss: Number.POSITIVE_INFINITY, why };
}

/** A published MLPerf Inference result against the level. */
export function evaluateResult(r: PublishedResult, level: ServiceLevel): Candidate {
  const base = {
    kind: "result" as const,
    id: r.id,
    point: r.scenario,
    href: `/results/${r.id}`,
    label: `${r.round} ${r.scenario}${r.resultId ? ` ${r.resultId}` : ""}`,
    round: r.round,
    ceiling: false,
    energy: null,
  };
  const label = `${r.round} ${r.scenario} result${r.resultId ? ` ${r.resultId}` : ""}`;
  const tokens = isTokens(r.units);
  const perAccPerS = tokens ? r.perAccelerator : null;
  const noFigure = perAccPerS === null ? ` It gives no output tokens/s per accelerator (${r.units}).` : "";
  if (!statusIsBasis(r.status))
    return neverBasis(base, perAccPerS, `${label} is ${STATUS_LABEL[r.status ?? "published"]}: never a basis.`);
  const v = judgeValidity({ validity: r.validity });
  if (!v.basis) return neverBasis(base, perAccPerS, `${label}: ${invalidReason(v)}`);
  const energy = resultEnergy(r);
  if (r.scenario === "Offline") {
    const meets = noBound(level) && perAccPerS !== null;
    return {
      ...base,
      usable: true,
      meets,
      perAccPerS,
      energy,
      ceiling: !meets,
      miss: meets ? 0 : Number.MAX_VALUE,
      why: meets
        ? `${label}: the level sets no latency bound and Offline has none; its throughput applies.${noFigure}`
        : `${label} is Offline: no latency limit, so ${perAccPerS === null ? "its figure" : `${fmt(perAccPerS)} tokens/s per accelerator`} is a throughput ceiling, not a figure at ${levelText(level)}.`,
    };
  }
  if (r.scenario !== "Server" && r.scenario !== "Interactive")
    return {
      ...base,
      usable: true,
      meets: false,
      perAccPerS: null,
      miss: Number.POSITIVE_INFINITY,
      why: `${label}: ${r.scenario} states no token latency.`,
    };
  const lim = tokenLimits(r.model, r.scenario);
  if (!lim)
    return {
      ...base,
      usable: true,
      meets: false,
      perAccPerS,
      miss: Number.POSITIVE_INFINITY,
      why: `${label}: the limits table has no TTFT/TPOT limit for ${r.model} ${r.scenario}.`,
    };
  const tpot = tpotBoundMs(level);
  const tpotOk = tpot === null || lim.tpotMs <= tpot + EPS;
  const ttftOk = level.ttftMs === null || lim.ttftMs <= level.ttftMs + EPS;
  const limits = `p99 TTFT ≤ ${fmt(lim.ttftMs, 0)} ms and TPOT ≤ ${fmt(lim.tpotMs)} ms (${fmt(1000 / lim.tpotMs)} tokens/s per user)`;
  if (tpotOk && ttftOk)
    return {
      ...base,
      usable: true,
      meets: perAccPerS !== null,
      perAccPerS,
      energy,
      miss: 0,
      why: `${label} ran under MLPerf's ${r.scenario} limits, ${limits}: at least as strict as this level.${noFigure}`,
    };
  const looser = [
    !tpotOk ? `TPOT ${fmt(lim.tpotMs)} ms > ${fmt(tpot ?? 0)} ms` : null,
    !ttftOk ? `TTFT ${fmt(lim.ttftMs, 0)} ms > ${fmt(level.ttftMs ?? 0, 0)} ms` : null,
  ].filter(Boolean);
  return {
    ...base,
    usable: true,
    meets: false,
    perAccPerS,
    energy,
    miss: over(lim.tpotMs, tpot) * over(lim.ttftMs, level.ttftMs),
    why: `${label}: its limits are looser than the level (${looser.join("; ")}), so it does not show this speed.`,
  };
}

/** kWh per million output tokens from the result's own MLPerf Power measurement (average system watts), else null. */
export function resultEnergy(r: PublishedResult): Energy | null {
  // perWatt = tokens/s ÷ W = tokens per joule (lib/context/power.ts perWattValue); 1 kWh = 3.6e6 J
  if (r.perWatt === null || !(r.perWatt > 0) || !isTokens(r.units)) return null;
  return {
    kWhPerMTokens: 1e6 / r.perWatt / 3.6e6,
    kind: "measured",
    how: `MLPerf Power: ${fmt(r.power ?? 0, 0)} W average for the whole system at ${fmt(r.value)} tokens/s`,
  };
}

/** The steps of a curve a level may use: measured, no checker error, with both latency figures; never a dedicated
 * Offline run. */
export function curveSteps(c: Curve): CurvePoint[] {
  return c.points.filter(
    (p) =>
      p.offlineKind !== "dedicated" && p.failedChecks.length === 0 && p.tpsPerUser !== null && p.ttftP90Ms !== null,
  );
}

/** An Endpoints curve against the level: the last measured step meeting both, never between steps. */
export function evaluateCurve(c: Curve, level: ServiceLevel): Candidate {
  const base = {
    kind: "curve" as const,
    id: c.id,
    href: `/curves/${c.id}`,
    label: "Endpoints curve",
    round: c.cohort,
    ceiling: false,
  };
  const label = `Endpoints curve (${c.status === "finalized" ? "finalized" : c.status.replace(/-/g, " ")})`;
  const v = judgeValidity({ validity: itemFromCurve(c).validity, failedChecks: itemFromCurve(c).failedChecks });
  if (!v.basis || c.status === "superseded" || c.synthetic)
    return neverBasis(
      { ...base, point: null },
      null,
      c.synthetic
        ? `${label}: MLCommons' synthetic checker test data, not a hardware result: never a basis.`
        : `${label} is ${c.status}: never a basis.`,
    );
  const steps = curveSteps(c);
  const ok = (p: CurvePoint) =>
    (level.tpsPerUser === null || (p.tpsPerUser ?? 0) >= level.tpsPerUser - EPS) &&
    (level.ttftMs === null || (p.ttftP90Ms ?? Number.POSITIVE_INFINITY) <= level.ttftMs + EPS);
  const meeting = steps.filter(ok).sort((a, b) => b.systemTps - a.systemTps);
  const best = meeting[0];
  const pct = c.layout === "v1.0" ? "P90" : "its reported percentile (v0.7: not P90)";
  const stepText = (p: CurvePoint) =>
    `step r${p.concurrency}: ${fmt(p.tpsPerUser)} tokens/s per user, TTFT ${fmt(p.ttftP90Ms, 0)} ms at ${pct}, ${fmt(p.systemTps)} tokens/s for the system`;
  if (best) {
    const energy = curveEnergy(c, best);
    return {
      ...base,
      point: `r${best.concurrency}`,
      label: `Endpoints step r${best.concurrency}`,
      usable: true,
      meets: best.perAccelerator !== null,
      perAccPerS: best.perAccelerator,
      energy,
      miss: 0,
      why: `${label}, the highest-throughput measured ${stepText(best)}, meets ${levelText(level)} (Endpoints latencies are ${pct}, not MLPerf Inference's p99; no interpolation between steps).`,
    };
  }
  if (steps.length === 0)
    return {
      ...base,
      point: null,
      usable: true,
      meets: false,
      perAccPerS: null,
      energy: null,
      miss: Number.POSITIVE_INFINITY,
      why: `${label}: no measured step states both tokens/s per user and TTFT.`,
    };
  const tpot = tpotBoundMs(level);
  const missOf = (p: CurvePoint) =>
    over(1000 / (p.tpsPerUser ?? Number.MIN_VALUE), tpot) * over(p.ttftP90Ms ?? Number.MAX_VALUE, level.ttftMs);
  const near = [...steps].sort((a, b) => missOf(a) - missOf(b))[0] as CurvePoint;
  return {
    ...base,
    point: `r${near.concurrency}`,
    label: `Endpoints step r${near.concurrency}`,
    usable: true,
    meets: false,
    perAccPerS: near.perAccelerator,
    energy: null,
    miss: missOf(near),
    why: `${label}: no measured step meets ${levelText(level)}; the nearest, ${stepText(near)}.`,
  };
}

/** kWh per million output tokens from a curve's PROVISIONED power (rules §4.5): labelled provisioned, never measured. */
export function curveEnergy(c: Curve, p: CurvePoint): Energy | null {
  if (c.provisionedPowerW === null || !(c.provisionedPowerW > 0) || !(p.systemTps > 0)) return null;
  return {
    kWhPerMTokens: (c.provisionedPowerW / p.systemTps) * (1e6 / 3.6e6),
    kind: "provisioned",
    how: `provisioned power ${fmt(c.provisionedPowerW, 0)} W (system_power.json, not a measurement) at ${fmt(p.systemTps)} tokens/s`,
  };
}

/** One bake-off run (the team's own measurement, unverified) against the level, by its p99s. */
export function evaluateRun(
  uploadId: string,
  index: number,
  run: BakeoffRun,
  accelerators: number | null,
  level: ServiceLevel,
): Candidate {
  const base = {
    kind: "bakeoff" as const,
    id: uploadId,
    point: `run ${index + 1}${run.load.concurrency !== null ? ` (concurrency ${run.load.concurrency})` : run.load.requestRate !== null ? ` (${fmt(run.load.requestRate)} req/s)` : ""}`,
    href: `/bakeoff/${uploadId}`,
    label: "",
    round: null,
    ceiling: false,
    energy: null,
  };
  base.label = `bake-off ${base.point}`;
  const perAccPerS = perGivenAccelerators(run.outTokPerS, run.accelerators ?? accelerators);
  const v = judgeValidity({ validity: run.validity, failedChecks: run.failedChecks ?? [] });
  if (!v.basis) return neverBasis(base, perAccPerS, `${base.point}: ${invalidReason(v)}`);
  const noFig =
    perAccPerS === null
      ? run.outTokPerS === null
        ? " The file gives no output tokens/s."
        : " The accelerator count is not known, so no per-accelerator figure."
      : "";
  if (noBound(level))
    return {
      ...base,
      usable: true,
      meets: perAccPerS !== null,
      perAccPerS,
      miss: 0,
      why: `${base.point}: no bound.${noFig}`,
    };
  const check = sloCheck(run, { ttftP99Ms: level.ttftMs, tpotP99Ms: tpotBoundMs(level) });
  const said = check.details.map((d) => d.message).join("; ");
  if (check.pass === true)
    return {
      ...base,
      usable: true,
      meets: perAccPerS !== null,
      perAccPerS,
      miss: 0,
      why: `${base.point} meets ${levelText(level)}: ${said}.${noFig}`,
    };
  const miss = check.details.reduce(
    (m, d) => m * (d.observedP99Ms === null ? Number.MAX_VALUE : over(d.observedP99Ms, d.targetMs)),
    1,
  );
  return {
    ...base,
    usable: true,
    meets: false,
    perAccPerS,
    miss,
    why: `${base.point} does not meet ${levelText(level)}: ${said}.`,
  };
}
