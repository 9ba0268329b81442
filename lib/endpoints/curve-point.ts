// One load point of an Endpoints curve, read as the submission checker reads it. Pure.
//
// v1.0 (result_summary.json, mlcommons/endpoints-submission-cli src/submission_checker/models/file/point_summary.py
// and models/aggregate/point_result.py):
//   - percentile keys "90", "90.0" are one percentile (PercentileStats._normalize_percentile_keys); times are ns;
//   - system_tps = int(output_sequence_lengths.total) / (duration_ns / 1e9);
//   - ttft_p90_ms = ttft.percentiles["90"] / 1e6; tpot_p90_ms = tpot.percentiles["90"] / 1e6 (None when absent);
//   - tps_per_user = 1000 / tpot_p90_ms (§9.1; v0.7 used system_tps / concurrency);
//   - a stored system_tps / tps_per_user is checked against the derived value: rel err = |stored − derived| /
//     max(|derived|, 1e-9) > 0.01 is an error (_TPS_TOLERANCE);
//   - duration_ns > 0, completed + failed = issued (when issued > 0), output tokens ≥ 0 (§14);
//   - no TPOT P90, or one not finite and > 0, is the error metric-consistency-tpot-p90.
// The real client's result_summary.json (mlcommons/endpoints src/inference_endpoint/metrics/report.py) has the same
// fields the checker reads (ttft, tpot, output_sequence_lengths, duration_ns, n_samples_*), so both shapes read here.
import type { SourceError } from "@/lib/types";
import type { CurvePoint } from "./curve-types";

export const TPS_TOLERANCE = 0.01;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export class PointError extends Error {
  constructor(readonly error: SourceError) {
    super(error.message);
  }
}

function fail(source: string, field: string, message: string): never {
  throw new PointError({ source, line: null, field, message });
}

/** A stat block's percentiles keyed as the checker keys them ("90.0" → "90", "99.9" stays). */
export function percentiles(block: unknown, source: string, field: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!isObj(block) || !isObj(block.percentiles)) return out;
  for (const [k, v] of Object.entries(block.percentiles)) {
    const p = Number(k);
    if (!Number.isFinite(p) || p < 0 || p > 100)
      fail(source, `${field}.percentiles`, `invalid percentile key ${JSON.stringify(k)}`);
    // Python's str(int(p)) for a whole percentile, str(p) otherwise: JavaScript's String() writes both alike
    const canon = String(p);
    const val = num(v);
    if (val === null) fail(source, `${field}.percentiles.${k}`, `percentile ${k} is not a number`);
    const prev = out.get(canon);
    if (prev !== undefined && prev !== val)
      fail(source, `${field}.percentiles.${k}`, `conflicting values for percentile ${canon}`);
    out.set(canon, val);
  }
  return out;
}

function checkStored(stored: unknown, derived: number, source: string, field: string, formula: string): void {
  if (stored === undefined || stored === null) return;
  const s = num(stored);
  if (s === null) fail(source, field, `${field} is not a number`);
  const rel = Math.abs(s - derived) / Math.max(Math.abs(derived), 1e-9);
  if (rel > TPS_TOLERANCE)
    fail(
      source,
      field,
      `stored ${field} ${s} differs from ${formula} = ${derived.toFixed(4)} by ${(rel * 100).toFixed(2)} % (the checker allows 1 %)`,
    );
}

export type PointBase = Omit<
  CurvePoint,
  "cohort" | "offline" | "offlineKind" | "perAccelerator" | "systemTpsPerKwProvisioned"
>;

/** A v1.0 point's figures from its result_summary.json (parsed JSON), as the checker derives them. */
export function readPointSummary(doc: unknown, concurrency: number, source: string): PointBase {
  if (!isObj(doc)) fail(source, "(root)", "result_summary.json is not a JSON object");
  const duration = num(doc.duration_ns);
  if (duration === null) fail(source, "duration_ns", "duration_ns is missing or not a number");
  if (!(duration > 0)) fail(source, "duration_ns", `duration_ns is not positive: ${duration}`);
  const completed = num(doc.n_samples_completed);
  if (completed === null) fail(source, "n_samples_completed", "n_samples_completed is missing or not a number");
  const failed = num(doc.n_samples_failed) ?? 0;
  const issued = num(doc.n_samples_issued) ?? 0;
  if (issued > 0 && completed + failed !== issued)
    fail(
      source,
      "n_samples_issued",
      `completed (${completed}) + failed (${failed}) = ${completed + failed} ≠ issued (${issued})`,
    );
  const osl = isObj(doc.output_sequence_lengths) ? doc.output_sequence_lengths : {};
  // int(...) as the checker's total_output_tokens property truncates
  const tokens = Math.trunc(num(osl.total) ?? 0);
  if (tokens < 0) fail(source, "output_sequence_lengths.total", `total output tokens is negative: ${tokens}`);
  const systemTps = tokens / (duration / 1e9);
  checkStored(doc.system_tps, systemTps, source, "system_tps", "output_sequence_lengths.total / (duration_ns / 1e9)");
  const ttft = percentiles(doc.ttft, source, "ttft").get("90");
  const tpotNs = percentiles(doc.tpot, source, "tpot").get("90");
  const tpot = tpotNs === undefined ? null : tpotNs / 1e6;
  const failedChecks: string[] = [];
  let tpsPerUser: number | null = null;
  if (tpot === null)
    failedChecks.push(
      'No TPOT P90 reported (tpot.percentiles has no "90"): tps_per_user = 1000 / tpot_p90_ms has no other source (checker metric-consistency-tpot-p90, §9.1)',
    );
  else if (!(tpot > 0)) failedChecks.push(`Reported TPOT P90 is ${tpot} ms, not finite and strictly positive (§9.1)`);
  else {
    tpsPerUser = 1000 / tpot;
    checkStored(doc.tps_per_user, tpsPerUser, source, "tps_per_user", "1000 / tpot_p90_ms");
  }
  return {
    concurrency,
    systemTps,
    tpsPerUser,
    ttftP90Ms: ttft === undefined ? null : ttft / 1e6,
    tpotP90Ms: tpot,
    samplesCompleted: completed,
    samplesFailed: failed,
    durationS: duration / 1e9,
    outputTokens: tokens,
    failedChecks,
  };
}

/**
 * A v0.7 point from run_metadata.json (endpoints-submission-cli src/submission_checker/models/file/run_metadata.py):
 * figures as stored under v0.7's definitions (tps_per_user = system_tps / concurrency, checked within 1 %); its
 * latencies state no unit, so none is shown as milliseconds.
 */
export function readRunMetadata(doc: unknown, concurrencyFromPath: number, source: string): PointBase {
  if (!isObj(doc)) fail(source, "(root)", "run_metadata.json is not a JSON object");
  const concurrency = num(doc.concurrency) ?? concurrencyFromPath;
  if (concurrency !== concurrencyFromPath)
    fail(source, "concurrency", `concurrency ${concurrency} differs from the folder's point_${concurrencyFromPath}`);
  const systemTps = num(doc.system_tps);
  if (systemTps === null) fail(source, "system_tps", "system_tps is missing or not a number");
  const stored = num(doc.tps_per_user);
  if (stored === null) fail(source, "tps_per_user", "tps_per_user is missing or not a number");
  checkStored(stored, systemTps / concurrency, source, "tps_per_user", "system_tps / concurrency (v0.7)");
  const duration = num(doc.measured_run_duration) ?? 0;
  return {
    concurrency,
    systemTps,
    tpsPerUser: stored,
    ttftP90Ms: null,
    tpotP90Ms: null,
    samplesCompleted: num(doc.measured_total_requests),
    samplesFailed: null,
    durationS: duration,
    outputTokens: num(doc.measured_total_output_tokens) ?? 0,
    failedChecks: [],
  };
}
