// SLO math for a bake-off run: p99 TTFT/TPOT check, success rate, and capacity per successful request
// (requests per second that completed within the SLO, per accelerator). Pure. Never returns NaN/Infinity:
// anything that cannot be computed is null with a reason.
import { TOKEN_LIMITS_NS } from "@/lib/loadgen/merge";
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { div } from "./common";

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
  method: "exact" | "estimated" | "unavailable";
  /** In words: how the number was obtained and what it assumes. */
  approximation: string;
  /** Fraction of successful requests estimated or counted to meet the SLO. */
  fractionMeetingSlo: number | null;
}

/** MLPerf's TTFT/TPOT limits for a family and scenario, in ms; null when MLPerf has none. */
export function mlperfSlo(family: string, scenario: "Server" | "Interactive"): SloTargets | null {
  const l = TOKEN_LIMITS_NS[family];
  const pair = scenario === "Server" ? l?.server : l?.interactive;
  return pair ? { ttftP99Ms: pair[0] / 1e6, tpotP99Ms: pair[1] / 1e6 } : null;
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

/** Successful / (successful + failed), with a message. The all-failed vLLM file → {rate: 0, "every request failed …"}. */
export function successRateInfo(run: BakeoffRun): SuccessRate {
  const ok = run.numRequests;
  const failed = run.numFailed;
  if (ok === null) return { rate: null, message: "the file does not count requests" };
  if (failed === null) return { rate: null, message: `${ok} requests succeeded; the file does not count failures` };
  const total = ok + failed;
  if (total === 0) return { rate: null, message: "no requests were sent" };
  if (ok === 0) return { rate: 0, message: `every request failed (0 of ${total} succeeded)` };
  const rate = ok / total;
  return { rate, message: `${ok} of ${total} requests succeeded (${(rate * 100).toFixed(1)}%)` };
}

export function successRate(run: BakeoffRun): number | null {
  return successRateInfo(run).rate;
}

/**
 * Fraction of requests at or under `target`, read off the percentile points by linear interpolation:
 * (0 ms, 0), (p50, 0.50), (p90, 0.90), (p95, 0.95), (p99, 0.99) for the points present. Above the highest
 * point only a lower bound is known, so that level is returned. Null when there are no points.
 */
export function fractionWithin(l: LatencyMs | null, target: number): number | null {
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
  if (pts.length === 0) return null;
  let prev: [number, number] = [0, 0];
  for (const p of pts) {
    if (target < p[0]) {
      const span = p[0] - prev[0];
      return span > 0 ? prev[1] + ((p[1] - prev[1]) * (target - prev[0])) / span : prev[1];
    }
    prev = p;
  }
  return prev[1];
}

function perAcc(good: number | null, accelerators: number | null): number | null {
  return accelerators !== null && accelerators > 0 ? div(good, accelerators) : null;
}

/**
 * Requests per second that succeeded within the SLO, and per accelerator.
 * Exact when the run has per-request samples: count(ok ∧ ttft ≤ target ∧ tpot ≤ target) / duration.
 * Otherwise estimated from percentiles: fraction(TTFT) × fraction(TPOT), assuming the two are independent,
 * times successful req/s (= attempted req/s × success rate).
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

  const rows = run.perRequest;
  if (rows && rows.length > 0) {
    const ok = rows.filter((r) => r.ok);
    const good = ok.filter((r) => meets(r.ttftMs, r.tpotMs)).length;
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

  const counted = div(run.numRequests, run.durationS);
  const okRate = counted ?? run.reqPerS;
  // where the rate comes from: both count completed requests, so failures are already left out
  const rateSource =
    counted !== null
      ? `${run.numRequests} completed requests ÷ ${fmt(run.durationS ?? 0)} s`
      : "the file's request throughput, which counts completed requests";
  if (okRate === null)
    return unavailable("No successful-request rate in the file (offline throughput or missing duration).");
  let fraction = 1;
  const parts: string[] = [];
  for (const [name, target, l] of [
    ["TTFT", slo.ttftP99Ms, run.ttftMs],
    ["TPOT", slo.tpotP99Ms, run.tpotMs],
  ] as const) {
    if (target === null) continue;
    const f = fractionWithin(l, target);
    if (f === null)
      return unavailable(
        `The file has no ${name} percentiles, so the share of requests within ${fmt(target)} ms is unknown.`,
      );
    fraction *= f;
    parts.push(`${(f * 100).toFixed(1)}% within ${name} ${fmt(target)} ms`);
  }
  const goodReqPerS = okRate * fraction;
  return {
    goodReqPerS,
    perAccelerator: perAcc(goodReqPerS, acc),
    method: "estimated",
    approximation:
      `Estimated from percentiles, not counted: ${parts.join(" × ")}, ` +
      "each share read by linear interpolation between the published percentile points (from 0 at 0 ms; above the highest " +
      "percentile only that level, e.g. 99%, is assumed), multiplied on the assumption that TTFT and TPOT are independent, " +
      `times ${fmt(okRate)} successful req/s (${rateSource}).${accNote}`,
    fractionMeetingSlo: fraction,
  };
}
