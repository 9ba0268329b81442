// What the view shows, in one line, and on the first view why it was chosen. Server component.

import { describeFilters } from "@/lib/filters";
import { DERIVED_LABEL } from "@/lib/judge";
import type { ResultsState } from "@/lib/url-state";

/** "v6.0 · datacenter · closed · available · llama2-70b-99 Server" (lib/filters.ts describeFilters). */
export function describeView(s: ResultsState, latestRound: string | null): string {
  return describeFilters(s, { latestRound });
}

export function ContextBanner({
  state,
  latestRound,
  firstView,
}: {
  state: ResultsState;
  latestRound: string | null;
  firstView: boolean;
}) {
  return (
    <div
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950 text-sm dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
      data-testid="context-banner"
    >
      <p>
        <span className="font-semibold">{describeView(state, latestRound)}</span>
        {state.per === "accelerator"
          ? " — per-accelerator figures are derived, not MLPerf metrics; the MLPerf metric is the system result."
          : ` — published system results first; per-accelerator figures are ${DERIVED_LABEL}.`}
      </p>
      {firstView && (
        <p className="mt-1 text-sky-900 dark:text-sky-200">
          Who is fastest on this, in which context: one headline LLM benchmark in the newest round, fastest per
          accelerator first, with each system’s size beside its figure.
        </p>
      )}
    </div>
  );
}
