// The assumptions every plan shares, in words, with the figures used. Pure.
import { HOURS_PER_MONTH, type PlanCalcInputs } from "./compute";
import { sloText } from "./fit";
import { fmt, plural, usd } from "./fmt";

/** The assumptions every plan shares, in words, for the inputs used. */
export function sharedAssumptions(inputs: PlanCalcInputs): string[] {
  const { workload: w, fleet, slo } = inputs;
  const out = [
    `Output tokens/s is the capacity measure: requests/s = the basis's output tokens/s ÷ your mean output of ${fmt(w.outTok)} tokens. This holds best near the basis's own output length.`,
    `Your input length (${fmt(w.inTok)} tokens) is not in the arithmetic: MLPerf's tokens/s counts output tokens only. Longer prompts than the benchmark's cost more prefill per request than shown.`,
    "Capacity scales linearly with accelerators: N accelerators serve N times the per-accelerator rate.",
    `Usable capacity ${fmt(fleet.usablePct)}%: the share of installed accelerators healthy and in service on a given day (failures, maintenance, draining).`,
    `Target utilization ${fmt(fleet.utilPct)}%: how close to the measured maximum each accelerator runs. A Server or Interactive result is already the highest Poisson arrival rate that met its p99 bounds, so 100% runs at the edge of the SLO.`,
    `N+${fmt(fleet.k, 0)}: ${plural(fleet.k, "whole node")} beyond what the peak needs, so the fleet still serves the peak with ${plural(fleet.k, "node")} down.`,
    `The peak of ${fmt(w.rps)} requests/s is served with ${sloText(slo)}; the SLO is matched to the p99 bounds MLPerf measured under, not re-measured at your lengths.`,
    "Only successful requests count: MLPerf counts completed queries of a VALID run, and bake-off throughput is taken over completed requests.",
  ];
  if (w.inTok >= 4 * w.outTok)
    out.push(
      `Prefill-heavy: ${fmt(w.inTok)} input vs ${fmt(w.outTok)} output tokens. Output tokens/s from a benchmark with shorter prompts overstates capacity for this shape; a bake-off at your lengths is the better basis.`,
    );
  if (fleet.pricePerAccHour !== null)
    out.push(
      `Cost: ${usd(fleet.pricePerAccHour)} per accelerator-hour for every provisioned accelerator, spares included, ${HOURS_PER_MONTH} hours a month (8,760 ÷ 12). Cost per million output tokens assumes the peak rate all hour; at a lower average load each token costs more.`,
    );
  else out.push("No price entered, so no cost is shown.");
  return out;
}
