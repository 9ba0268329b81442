// INVALID load points, up front: which points LoadGen marked INVALID and the checks they failed, as LoadGen writes
// them (lib/judge). Used by the upload preview and the overlay header, so both say the same thing. Renders nothing
// when every point is a basis.
import { loadText } from "@/lib/bakeoff/slo";
import { judgeValidity } from "@/lib/judge";
import type { BakeoffRun } from "@/lib/types";

/** The INVALID points of an upload with their failed checks (judgeValidity), in file order. */
export function invalidPoints(runs: BakeoffRun[]): { index: number; load: string; failedChecks: string[] }[] {
  return runs.flatMap((r, index) => {
    const v = judgeValidity({ validity: r.validity, failedChecks: r.failedChecks ?? [] });
    return v.basis ? [] : [{ index, load: loadText(r), failedChecks: v.failedChecks }];
  });
}

export function InvalidNotice({ runs, testId = "invalid-banner" }: { runs: BakeoffRun[]; testId?: string }) {
  const bad = invalidPoints(runs);
  if (bad.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded border-2 border-red-600 bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950/60 dark:text-red-50"
      data-testid={testId}
    >
      <p className="font-semibold">
        <span className="mr-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">INVALID</span>
        {runs.length > 1 ? `${bad.length} of ${runs.length} load points are` : "This run is"} INVALID: LoadGen says the
        measurement failed its checks. {bad.length > 1 ? "They are" : "It is"} shown greyed for reference and never
        ranked, sized, summed, planned with or used in a campaign verdict.
      </p>
      <ul className="mt-1 list-disc pl-5" data-testid="failed-checks">
        {bad.map((b) => (
          <li key={b.index} className="break-words">
            {runs.length > 1 ? `Point ${b.index + 1} (${b.load}): ` : ""}
            {b.failedChecks.length > 0 ? b.failedChecks.join("; ") : "Result is : INVALID (the log names no check)"}
          </li>
        ))}
      </ul>
    </div>
  );
}
