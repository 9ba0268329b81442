// Validity and the checks LoadGen failed, quoted as LoadGen writes them. Pure.
//
// Source: LoadGen's summary writer, mlcommons/inference loadgen/results.cc (PerformanceSummary::LogSummary):
//   summary("Result is : ", all_constraints_met ? "VALID" : "INVALID");
//   summary("  Performance constraints satisfied : ", perf_constraints_met ? "Yes" : "NO");   (when it has any)
//   summary("  Min duration satisfied : ", min_duration_met ? "Yes" : "NO");
//   summary("  Min queries satisfied : ", min_queries_met ? "Yes" : "NO");
//   summary("  Early stopping satisfied: ", early_stopping_met ? "Yes" : "NO");
//   then "TTFT Early Stopping Result:" / "TPOT Early Stopping Result:" (token latencies) or "Early Stopping Result:",
//   each followed by " * Run successful." or " * Run unsuccessful." (EarlyStopping's recommendation).
// The parsers (lib/loadgen/summary.ts, detail.ts) store each check by name (lib/loadgen/run.ts CHECK) with a boolean.
import { CHECK } from "@/lib/loadgen/run";
import type { Validity } from "@/lib/types";

/** Each check as LoadGen prints it when it failed, in LoadGen's order. */
const FAILED_LINE: [string, string][] = [
  [CHECK.perfConstraints, "Performance constraints satisfied : NO"],
  [CHECK.minDuration, "Min duration satisfied : NO"],
  [CHECK.minQueries, "Min queries satisfied : NO"],
  [CHECK.earlyStopping, "Early stopping satisfied: NO"],
  [CHECK.ttftEarlyStopping, "TTFT Early Stopping Result: * Run unsuccessful."],
  [CHECK.tpotEarlyStopping, "TPOT Early Stopping Result: * Run unsuccessful."],
  [CHECK.latencyEarlyStopping, "Early Stopping Result: * Run unsuccessful."],
];
const LINE_OF = new Map(FAILED_LINE);
const ORDER = new Map(FAILED_LINE.map(([name], i) => [name, i]));

/** What the judge says about one run's or result's validity. */
export interface ValidityVerdict {
  validity: Validity;
  /** The checks that failed, as LoadGen writes them: "Performance constraints satisfied : NO". */
  failedChecks: string[];
  /** May be ranked, sized, summed, planned with or used in a verdict: never when INVALID. */
  basis: boolean;
  /** One line for the page: "INVALID (LoadGen): Performance constraints satisfied : NO; Early stopping satisfied: NO". */
  summary: string;
}

/** A check name as the parsers store it ("Performance constraints satisfied") → LoadGen's failed line. */
export function quoteFailedCheck(name: string): string {
  const line = LINE_OF.get(name);
  if (line) return line;
  // an already quoted line, or a check LoadGen added after this table: keep its words, say it failed
  return /:\s*NO$|unsuccessful\.?$/i.test(name) ? name : `${name}: NO`;
}

export interface ValidityInput {
  validity: Validity;
  /** name → passed, as the LoadGen parsers store it (LoadgenRun.checks). */
  checks?: Record<string, boolean> | null;
  /** Failed check names or lines, when only those were kept (LoadgenRun.failedChecks, stored reports). */
  failedChecks?: readonly string[] | null;
}

/**
 * The one validity judgment. `{validity: "INVALID", checks: {"Performance constraints satisfied": false,
 * "Min duration satisfied": true, "Early stopping satisfied": false}}` → failedChecks `["Performance constraints
 * satisfied : NO", "Early stopping satisfied: NO"]`, basis false. UNKNOWN (no log says) stays a basis: a published
 * summary row carries no validity line, and MLCommons published it.
 */
export function judgeValidity(input: ValidityInput): ValidityVerdict {
  const names = new Set<string>(input.failedChecks ?? []);
  for (const [name, ok] of Object.entries(input.checks ?? {})) if (!ok) names.add(name);
  const sorted = [...names].sort((a, b) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99));
  const failedChecks = [...new Set(sorted.map(quoteFailedCheck))];
  const validity = input.validity;
  const basis = validity !== "INVALID";
  const summary =
    validity === "INVALID"
      ? `INVALID (LoadGen): ${failedChecks.length ? failedChecks.join("; ") : "Result is : INVALID, no failed check named in the log"}`
      : validity === "VALID"
        ? "VALID (LoadGen): every check satisfied"
        : "validity not stated by the source";
  return { validity, failedChecks, basis, summary };
}

/** Stored failed-check names ("Performance constraints satisfied") as LoadGen writes them, joined: "… : NO; …". */
export function quotedChecks(names: readonly string[] | null | undefined): string {
  return judgeValidity({ validity: "INVALID", failedChecks: names ?? [] }).failedChecks.join("; ");
}

/** The sentence every page shows beside an INVALID item, failed checks first. */
export function invalidReason(v: ValidityVerdict): string {
  const checks = v.failedChecks.length ? v.failedChecks.join("; ") : "Result is : INVALID";
  return `${checks}. LoadGen marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with.`;
}
