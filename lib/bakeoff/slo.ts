// SLO math for a bake-off run: p99 TTFT/TPOT check, success rate, capacity per successful request (requests per
// second that completed within the SLO, per accelerator) and the load point in words. The bake-off overlay and /plan
// both read capacity from here, so they follow one rule (P99_RULE). Pure. Never returns NaN/Infinity: anything that
// cannot be computed is null with a reason.

import { formatNumber } from "@/lib/format";
import { invalidReason, judgeValidity, perGivenAccelerators, tokenLimits } from "@/lib/judge";
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { div } from "./common";

/**
 * The rule for a run whose p99s are within the targets, used by the overlay's capacity and by /plan alike: the
 * SLO is a p99 bound, so such a run meets it and every successful request counts.
 */
export const P99_RULE =
  "A p99 within its target means at least 99% of requests met it, and a p99 SLO allows the rest, so a run whose every checked p99 is within its target meets the SLO and all its successful requests count (MLPerf credits a Server run that meets its p99 limits with its full throughput the same way); only when a p99 misses is the count cut to the share of requests within the targets (goodput).";

/** Per-request latency targets in ms; null = not checked. Named after MLPerf's p99 constraints. */
export interface SloTargets {
  ttftP99Ms: number | null;
  tpotP99Ms: number | null;
}

export interface SloDetail {
  metric: "ttft" | "tpot";
  targetMs: number;
  observedP99Ms: number | null;
  pass: boolean | null;
  message: string;
}

export interface SloCheck {
  pass: boolean | null;
  details: SloDetail[];
}

export interface SuccessRate {
  rate: number | null;
  message: string;
}

export interface Capacity {
  goodReqPerS: number | null;
  perAccelerator: number | null;
  /** exact: counted per request; estimated: from percentiles; p99-met: every p99 within target (P99_RULE). */
  method: "exact" | "estimated" | "p99-met" | "unavailable";
  /** In words: how the number was obtained and what it assumes. */
  approximation: string;
  /** Share of successful requests credited as within the SLO: 1 when the p99s meet it, else counted or estimated. */
  fractionMeetingSlo: number | null;
}

/** MLPerf's TTFT/TPOT limits for a benchmark (any spelling) and scenario, in ms, from the one limits table (lib/judge);
 * null when MLPerf has none. */
export function mlperfSlo(family: string, scenario: "Server" | "Interactive"): SloTargets | null {
  const l = tokenLimits(family, scenario);
  return l ? { ttftP99Ms: l.ttftMs, tpotP99Ms: l.tpotMs } : null;
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** p99 TTFT and TPOT against the targets. pass is null when a needed p99 is missing (and nothing failed). */
export function sloCheck(run: BakeoffRun, slo: SloTargets): SloCheck {
  const details: SloDetail[] = [];
  const add = (metric: "ttft" | "tpot", target: number | null, l: LatencyMs | null) => {
    if (target === null) return;
    const p99 = run.numRequests === 0 ? null : (l?.p99 ?? null);
    const label = metric.toUpperCase();
    if (p99 === null) {
      const why = run.numRequests === 0 ? "no request succeeded" : `the file has no p99 ${label}`;
      details.push({
        metric,
        targetMs: target,
        observedP99Ms: null,
        pass: null,
        message: `${label}: cannot check, ${why}`,
      });
      return;
    }
    const pass = p99 <= target;
    details.push({
      metric,
      targetMs: target,
      observedP99Ms: p99,
      pass,
      message: `${label} p99 ${fmt(p99)} ms ${pass ? "≤" : ">"} target ${fmt(target)} ms`,
    });
  };
  add("ttft", slo.ttftP99Ms, run.ttftMs);
  add("tpot", slo.tpotP99Ms, run.tpotMs);
  const pass = details.some((d) => d.pass === false)
    ? false
    : details.length > 0 && details.every((d) => d.pass === true)
      ? true
      : null;
  return { pass, details };
}

/**
 * Successful / (successful + failed), with the counts in words (the rate is not repeated in them).
 * The all-failed vLLM file → {rate: 0, message: "every request failed: 0 of 8 succeeded"}.
 */
export function successRateInfo(run: BakeoffRun): SuccessRate {
  const ok = run.numRequests;
  const failed = run.numFailed;
  if (ok === null) return { rate: null, message: "the file does not count requests" };
  if (failed === null) return { rate: null, message: `${ok} requests succeeded; the file does not count failures` };
  const total = ok + failed;
  if (total === 0) return { rate: null, message: "no requests were sent" };
  if (ok === 0) return { rate: 0, message: `every request failed: 0 of ${total} succeeded` };
  return { rate: ok / total, message: `${ok} of ${total} requests succeeded` };
}

/** The success rate as one line: "100% (8 of 8 requests succeeded)", "unknown (the file does not count requests)". */
export function successRateText(run: BakeoffRun): string {
  const { rate, message } = successRateInfo(run);
  return `${rate === null ? "unknown" : `${formatNumber(rate * 100, 1)}%`} (${message})`;
}

/**
 * The load point in words: "concurrency 10", "2 req/s", "MLPerf Server, 83.5 req/s target", "offline". Parsers give
 * "sweep-step" with no numbers when a file states no load (a GenAI-Perf export without concurrency or rate, a CSV
 * without load columns), so that reads as not stated rather than as a step of a sweep.
 */
export function loadText(run: BakeoffRun): string {
  const { kind, concurrency, requestRate } = run.load;
  if (kind === "sweep-step" && concurrency === null && requestRate === null) return "load not stated in the file";
  const parts: string[] = [];
  if (kind === "mlperf-server") parts.push(`MLPerf ${run.scenarioHint ?? "Server"}`);
  else if (kind === "mlperf-offline") parts.push("MLPerf Offline");
  else if (kind === "burst") parts.push("all at once");
  else if (kind === "offline") parts.push("offline");
  else if (kind === "sweep-step") parts.push("sweep step");
  if (concurrency !== null) parts.push(`concurrency ${concurrency}`);
  if (requestRate !== null) parts.push(`${requestRate} req/s${kind === "mlperf-server" ? " target" : ""}`);
  return parts.join(", ") || kind;
}

export function successRate(run: BakeoffRun): number | null {
  return successRateInfo(run).rate;
}

interface Within {
  fraction: number;
  /** The 0% point used: the run's minimum in ms, or null for 0 ms (no usable minimum in the file). */
  floorMs: number | null;
}

function within(l: LatencyMs | null, target: number): Within | null {
  if (!l) return null;
  const pts: [number, number][] = [];
  for (const [level, v] of [
    [0.5, l.p50],
    [0.9, l.p90],
    [0.95, l.p95],
    [0.99, l.p99],
  ] as const) {
    if (v !== null && Number.isFinite(v)) pts.push([Math.max(v, pts[pts.length - 1]?.[0] ?? 0), level]);
  }
  const first = pts[0];
  if (!first) return null;
  // a minimum above the lowest percentile contradicts it; fall back to 0 ms rather than trust either
  const min = l.min;
  const floorMs = min !== undefined && min !== null && Number.isFinite(min) && min >= 0 && min <= first[0] ? min : null;
  let prev: [number, number] = [floorMs ?? 0, 0];
  if (target <= prev[0]) return { fraction: 0, floorMs };
  for (const p of pts) {
    if (target < p[0]) {
      const span = p[0] - prev[0];
      return { fraction: span > 0 ? prev[1] + ((p[1] - prev[1]) * (target - prev[0])) / span : prev[1], floorMs };
    }
    prev = p;
  }
  return { fraction: prev[1], floorMs };
}

/**
 * Fraction of requests at or under `target`, read off the percentile points by linear interpolation:
 * (min, 0), (p50, 0.50), (p90, 0.90), (p95, 0.95), (p99, 0.99) for the points present, where min is the run's
 * fastest request when the stats carry one and 0 ms otherwise (which overstates the share just above the real
 * minimum). Above the highest point only a lower bound is known, so that level is returned. Null when there are no
 * points. `{min: 60, p50: 100, …}` at 80 ms → 0.25; without the min → 0.40.
 */
export function fractionWithin(l: LatencyMs | null, target: number): number | null {
  return within(l, target)?.fraction ?? null;
}

function perAcc(good: number | null, accelerators: number | null): number | null {
  return perGivenAccelerators(good, accelerators);
}

/**
 * Requests per second that succeeded within the SLO, and per accelerator.
 * When every checked p99 is within its target, all successful requests count (P99_RULE), whatever else is known.
 * Otherwise exact when the run has per-request samples: count(ok ∧ ttft ≤ target ∧ tpot ≤ target) / duration;
 * else estimated from percentiles: fraction(TTFT) × fraction(TPOT), assuming the two are independent, times the
 * successful req/s. The LoadGen 8×MI300X Server run at 2000/200 ms: p99s 1914.6 and 193.4 pass → all 81.68 req/s.
 */
export function capacityPerSuccessfulRequest(run: BakeoffRun, slo: SloTargets, accelerators: number | null): Capacity {
  const acc = accelerators ?? run.accelerators;
  const accNote = acc !== null && acc > 0 ? "" : " Per-accelerator figure needs the accelerator count.";
  const unavailable = (why: string): Capacity => ({
    goodReqPerS: null,
    perAccelerator: null,
    method: "unavailable",
    approximation: why,
    fractionMeetingSlo: null,
  });
  // INVALID is never sized (lib/judge): no capacity, its failed checks first
  const validity = judgeValidity({ validity: run.validity, failedChecks: run.failedChecks ?? [] });
  if (!validity.basis) return unavailable(`INVALID: ${invalidReason(validity)}`);
  if (run.numRequests === 0) {
    return {
      goodReqPerS: 0,
      perAccelerator: perAcc(0, acc),
      method: "exact",
      approximation: `No request succeeded, so none met the SLO.${accNote}`,
      fractionMeetingSlo: 0,
    };
  }
  if (slo.ttftP99Ms === null && slo.tpotP99Ms === null)
    return unavailable("No SLO targets set: enter p99 TTFT and TPOT targets to count the requests that meet them.");
  const meets = (ttft: number | null, tpot: number | null) =>
    (slo.ttftP99Ms === null || (ttft !== null && ttft <= slo.ttftP99Ms)) &&
    (slo.tpotP99Ms === null || tpot === null || tpot <= slo.tpotP99Ms);

  const counted = div(run.numRequests, run.durationS);
  const okRate = counted ?? run.reqPerS;
  // where the rate comes from: both count completed requests, so failures are already left out
  const rateSource =
    counted !== null
      ? `${run.numRequests} completed requests ÷ ${fmt(run.durationS ?? 0)} s`
      : "the file's request throughput, which counts completed requests";
  const rows = run.perRequest;
  const ok = rows?.filter((r) => r.ok) ?? [];
  const good = ok.filter((r) => meets(r.ttftMs, r.tpotMs)).length;

  const check = sloCheck(run, slo);
  if (check.pass === true) {
    const checks = check.details.map((d) => d.message).join("; ");
    if (okRate === null)
      return unavailable(
        `${checks}: the run meets the SLO, but the file has no successful-request rate (offline throughput or missing duration).`,
      );
    const count =
      ok.length > 0
        ? ` Counted per request, ${good} of ${ok.length} successful requests were within both targets.`
        : "";
    return {
      goodReqPerS: okRate,
      perAccelerator: perAcc(okRate, acc),
      method: "p99-met",
      approximation: `${checks}: the run meets the SLO, so all ${fmt(okRate)} successful req/s (${rateSource}) count; a passing p99 means at least 99% of requests met it, and a p99 SLO allows the rest.${count}${accNote}`,
      fractionMeetingSlo: 1,
    };
  }

  if (rows && rows.length > 0) {
    const fraction = div(good, ok.length) ?? 0;
    const byDuration = div(good, run.durationS);
    const goodReqPerS = byDuration ?? (run.reqPerS !== null ? run.reqPerS * fraction : null);
    if (goodReqPerS === null)
      return unavailable(
        `${good} of ${rows.length} requests met the SLO, but the file has no duration or request rate.`,
      );
    const how =
      byDuration !== null
        ? `/ ${fmt(run.durationS ?? 0)} s run`
        : "× the file's successful req/s (no duration in the file)";
    return {
      goodReqPerS,
      perAccelerator: perAcc(goodReqPerS, acc),
      method: "exact",
      approximation: `Counted per request: ${good} of ${rows.length} requests succeeded within the SLO, ${how}. Requests with a single output token have no TPOT and pass that check.${accNote}`,
      fractionMeetingSlo: fraction,
    };
  }

  if (okRate === null)
    return unavailable("No successful-request rate in the file (offline throughput or missing duration).");
  let fraction = 1;
  const parts: string[] = [];
  const floors: string[] = [];
  const noMin: string[] = [];
  for (const [name, target, l] of [
    ["TTFT", slo.ttftP99Ms, run.ttftMs],
    ["TPOT", slo.tpotP99Ms, run.tpotMs],
  ] as const) {
    if (target === null) continue;
    const w = within(l, target);
    if (w === null)
      return unavailable(
        `The file has no ${name} percentiles, so the share of requests within ${fmt(target)} ms is unknown.`,
      );
    fraction *= w.fraction;
    parts.push(`${(w.fraction * 100).toFixed(1)}% within ${name} ${fmt(target)} ms`);
    if (w.floorMs !== null) floors.push(`from 0% at the run's minimum ${name} of ${fmt(w.floorMs)} ms`);
    else noMin.push(name);
  }
  if (noMin.length > 0)
    floors.push(
      `from 0% at 0 ms for ${noMin.join(" and ")}, as the file gives no minimum, which overstates the share of requests just above the run's real minimum`,
    );
  const goodReqPerS = okRate * fraction;
  return {
    goodReqPerS,
    perAccelerator: perAcc(goodReqPerS, acc),
    method: "estimated",
    approximation:
      `Estimated from percentiles, not counted: ${parts.join(" × ")}, ` +
      `each share read by linear interpolation between the published percentile points (${floors.join("; ")}; above the highest ` +
      "percentile only that level, e.g. 99%, is assumed), multiplied on the assumption that TTFT and TPOT are independent, " +
      `times ${fmt(okRate)} successful req/s (${rateSource}).${accNote}`,
    fractionMeetingSlo: fraction,
  };
}
