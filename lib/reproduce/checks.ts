// LoadGen's failed checks in plain words, and the submission rules a LoadGen-VALID run can still break. Pure.
import { CHECK } from "@/lib/loadgen/run";
import type { UploadedScenario } from "./files";

/** mlperf.conf: `*.*.min_duration = 600000` — every closed-division performance run lasts at least 10 minutes. */
export const RULES_MIN_DURATION_MS = 600_000;

export const MS = 1e6;

function fmtMsPlain(ms: number): string {
  return `${ms >= 100 ? Math.round(ms).toLocaleString("en-US") : ms.toPrecision(3)} ms`;
}

/** LoadGen's failed checks in plain words, with the run's own numbers where the log has them. */
export function plainFailedChecks(
  s: UploadedScenario,
  limits: { ttftMs: number | null; tpotMs: number | null },
): string[] {
  const r = s.run;
  const out: string[] = [];
  for (const name of r.failedChecks) {
    switch (name) {
      case CHECK.perfConstraints: {
        const parts: string[] = [];
        const ttft = r.ttftNs.p99;
        const tpot = r.tpotNs.p99;
        const ttftLimit = r.ttftLimitNs !== null ? r.ttftLimitNs / MS : limits.ttftMs;
        const tpotLimit = r.tpotLimitNs !== null ? r.tpotLimitNs / MS : limits.tpotMs;
        if (ttft !== null && ttftLimit !== null && ttft / MS > ttftLimit)
          parts.push(`p99 time to first token ${fmtMsPlain(ttft / MS)} is over its ${fmtMsPlain(ttftLimit)} limit`);
        if (tpot !== null && tpotLimit !== null && tpot / MS > tpotLimit)
          parts.push(`p99 time per output token ${fmtMsPlain(tpot / MS)} is over its ${fmtMsPlain(tpotLimit)} limit`);
        out.push(
          `Latency limits not met at this load${parts.length ? `: ${parts.join("; ")}` : ""}${r.targetQps !== null ? ` (target ${r.targetQps} queries/s)` : ""}. Lower the target QPS until the run is VALID.`,
        );
        break;
      }
      case CHECK.minDuration:
        out.push(
          `The run ended before its minimum duration${r.minDurationMs !== null ? ` (${r.minDurationMs.toLocaleString("en-US")} ms)` : ""}: LoadGen ran out of queries first (raise the query count or the target QPS).`,
        );
        break;
      case CHECK.minQueries:
        out.push(
          `Fewer queries completed than the minimum${r.minQueryCount !== null ? ` (${r.minQueryCount.toLocaleString("en-US")})` : ""}.`,
        );
        break;
      case CHECK.earlyStopping:
      case CHECK.latencyEarlyStopping:
        out.push("Early stopping: too few queries to show the tail latency stays within its bound.");
        break;
      case CHECK.ttftEarlyStopping:
        out.push("Early stopping (TTFT): the run cannot show that p99 time to first token stays within its limit.");
        break;
      case CHECK.tpotEarlyStopping:
        out.push("Early stopping (TPOT): the run cannot show that p99 time per output token stays within its limit.");
        break;
      default:
        out.push(`${name}: no.`);
    }
  }
  if (r.validity === "INVALID" && out.length === 0)
    out.push("LoadGen marked the run INVALID without naming a failed check.");
  return out;
}

/** Submission rules a LoadGen-VALID run can still break (mlperf.conf and the submission checker). */
export function ruleChecks(s: UploadedScenario): string[] {
  const out: string[] = [];
  const mode = s.settings.testMode;
  if (mode && !/performance/i.test(mode))
    out.push(`This is a ${mode} run: it checks accuracy and measures no throughput; upload the PerformanceOnly run.`);
  const min = Number(s.settings.minDurationMs ?? Number.NaN);
  if (Number.isFinite(min) && min < RULES_MIN_DURATION_MS)
    out.push(
      `Min duration ${min.toLocaleString("en-US")} ms is shorter than the ${RULES_MIN_DURATION_MS.toLocaleString("en-US")} ms every performance run needs (mlperf.conf); LoadGen checked it against the shorter setting.`,
    );
  return out;
}
