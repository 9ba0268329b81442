// Validity of an MLPerf Endpoints client run (performance/result_summary.json), judged here like every other run.
// lib/endpoints/client-run.ts only reports what the file says (state, P99s, duration); the checks and the verdict are
// decided here. Pure.
//
// The client writes no LoadGen verdict ("Result is : VALID" has no counterpart in the client's report.py), so a
// client run is never VALID: it is UNKNOWN unless one of these checks fails on the file's own figures, then INVALID
// with the failed checks named as LoadGen names them (lib/loadgen/run.ts CHECK; LoadGen's all_constraints_met rule,
// mlcommons/inference loadgen/results.cc):
// - the run was interrupted or its report is incomplete (report.py `state`, `complete`);
// - Server/Interactive: the P99 TTFT/TPOT over the scenario's limit (the one limits table, tokenLimits, read by any
//   spelling of the benchmark through benchmark identity);
// - the run is shorter than its min duration (mlperf.conf `*.*.min_duration = 600000`, or config.yaml's).
import { CHECK } from "@/lib/loadgen/run";
import type { Scenario, Validity } from "@/lib/types";
import { tokenLimits } from "./limits";

/** The check a client run fails when it did not run to completion (its figures are partial). */
export const CLIENT_COMPLETE_CHECK = "Run completed (result_summary.json state: complete)";

/** mlperf.conf `*.*.min_duration = 600000` (mlcommons/inference loadgen/mlperf.conf). */
const RULES_MIN_DURATION_MS = 600_000;

/** What a client run's files state, as read (times in ns). */
export interface ClientRunFacts {
  interrupted: boolean;
  complete: boolean | null;
  scenario: Scenario | null;
  /** Any spelling (folder name, summary model). */
  benchmark: string | null;
  ttftP99Ns: number | null;
  tpotP99Ns: number | null;
  durationNs: number | null;
  /** config.yaml's min duration; the rules' 600,000 ms when absent. */
  minDurationMs: number | null;
}

export interface ClientRunVerdict {
  validity: Validity;
  /** check name → passed, as the LoadGen parsers store it. */
  checks: Record<string, boolean>;
  failedChecks: string[];
  /** The scenario's bounds when it has any (ns), else null. */
  ttftLimitNs: number | null;
  tpotLimitNs: number | null;
}

/** `{scenario: "Server", benchmark: "llama2-70b", ttftP99Ns: 3e9, …}` → INVALID, "Performance constraints satisfied". */
export function judgeClientRun(f: ClientRunFacts): ClientRunVerdict {
  const checks: Record<string, boolean> = {};
  if (f.interrupted || f.complete === false) checks[CLIENT_COMPLETE_CHECK] = false;
  const limits =
    f.benchmark && (f.scenario === "Server" || f.scenario === "Interactive")
      ? tokenLimits(f.benchmark, f.scenario)
      : null;
  const ttftLimitNs = limits ? limits.ttftMs * 1e6 : null;
  const tpotLimitNs = limits ? limits.tpotMs * 1e6 : null;
  if (ttftLimitNs !== null && tpotLimitNs !== null) {
    // LoadGen's performance constraint on token latencies: both P99s within their bounds
    const over = (v: number | null, limit: number) => v !== null && v > limit;
    checks[CHECK.perfConstraints] = !over(f.ttftP99Ns, ttftLimitNs) && !over(f.tpotP99Ns, tpotLimitNs);
  }
  if (f.durationNs !== null)
    checks[CHECK.minDuration] = f.durationNs / 1e6 >= (f.minDurationMs ?? RULES_MIN_DURATION_MS);
  const failedChecks = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  return {
    validity: failedChecks.length > 0 ? "INVALID" : "UNKNOWN",
    checks,
    failedChecks,
    ttftLimitNs,
    tpotLimitNs,
  };
}
