// What the view shows, in one line, and on the first view why it was chosen. Server component.
import { DERIVED_LABEL } from "@/lib/context";
import type { ResultsState } from "@/lib/url-state";

function part(values: string[], all: string, many: string): string {
  if (values.length === 0) return all;
  if (values.length <= 3) return values.join(", ");
  return `${values.length} ${many}`;
}

/** "v6.0 · datacenter · closed · available · llama2-70b-99 Server". */
export function describeView(s: ResultsState, latestRound: string | null): string {
  const rounds = s.round.map((r) => (r === "latest" ? (latestRound ?? "newest round") : r));
  const bits = [
    part(rounds, "all rounds", "rounds"),
    part(s.suite, "all suites", "suites"),
    part(s.division, "all divisions", "divisions"),
    part(s.availability, "any availability", "availabilities"),
    `${part(s.model, "all models", "models")} ${part(s.scenario, "all scenarios", "scenarios")}`,
  ];
  if (s.submitter.length) bits.push(part(s.submitter, "", "submitters"));
  if (s.accelerator.length) bits.push(part(s.accelerator, "", "accelerators"));
  if (s.precision.length) bits.push(part(s.precision, "", "precisions"));
  if (s.engine.length) bits.push(part(s.engine, "", "engines"));
  if (s.nodes !== "any") bits.push(s.nodes === "single" ? "single node" : "multi-node");
  if (s.minAccelerators !== null || s.maxAccelerators !== null)
    bits.push(`${s.minAccelerators ?? 0}–${s.maxAccelerators ?? "∞"} accelerators`);
  if (s.q) bits.push(`“${s.q}”`);
  return bits.join(" · ");
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
