// The inputs a plan used, in one paragraph: on the live page it is what prints in place of the form; on a frozen
// plan it stands in for the form. Server component.
import { fmt, type PlanInputs, type PlanIssue, sloText, usd } from "@/lib/plan";

export function InputsSummary({
  inputs,
  presetName,
  issues,
  issuesShown = "always",
}: {
  inputs: Pick<PlanInputs, "custom" | "workload" | "slo" | "fleet" | "derate">;
  presetName: string;
  /** Inputs that were not used as given (a fallback was used instead). */
  issues: PlanIssue[];
  /** "print": the live page shows these beside the form and only prints them here. */
  issuesShown?: "always" | "print";
}) {
  const w = inputs.workload;
  const f = inputs.fleet;
  return (
    <section
      aria-label="Inputs used"
      className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900"
      data-testid="plan-inputs"
    >
      <p>
        <span className="font-semibold">{inputs.custom ? `Custom workload (from “${presetName}”)` : presetName}:</span>{" "}
        {fmt(w.rps)} requests/s at peak, {fmt(w.inTok)} input / {fmt(w.outTok)} output tokens per request;{" "}
        {sloText(inputs.slo)}. Fleet: {fmt(f.usablePct)}% usable, {fmt(f.utilPct)}% target utilization, N+
        {fmt(f.k, 0)} nodes;{" "}
        {f.pricePerAccHour === null ? "no price" : `${usd(f.pricePerAccHour)} per accelerator-hour`}; derate{" "}
        {inputs.derate ? "on" : "off"}.
      </p>
      {issues.length > 0 && (
        <ul
          className={`mt-2 list-disc pl-5 text-red-800 dark:text-red-300 ${issuesShown === "print" ? "hidden print:block" : ""}`}
          aria-label="Inputs not used as given"
        >
          {issues.map((i) => (
            <li key={`${i.field}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
