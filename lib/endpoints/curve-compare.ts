// What a comparison says about the MLPerf Endpoints curves set beside its results: the judge's own verdict
// (lib/judge judgeSet, with the curve facts of lib/judge/curve-facts.ts) over the results and curves together, of
// which the flags that name a curve are kept. The flags between two published results stay the compare page's pair
// rules (lib/context computeFlags), so nothing is judged twice and no verdict is made here. Pure.
//
// The facts (sources in lib/judge/curve-facts.ts): P90 against P99 latency (block), different suites, KV-cache reuse
// allowed in Endpoints and not in Inference, the network inside the measurement, provisioned against measured power
// (warn), peer review pending (info); an invalidated or withdrawn curve is not a basis (block, with its status).
import type { Flag } from "@/lib/context";
import { INFERENCE_FACTS, itemFromCurve, itemFromResult, type JudgeItem, judgeSet } from "@/lib/judge";
import type { PublishedResult } from "@/lib/types";
import type { Curve } from "./curve-types";

/** The result fields the judge reads, plus whether the result carries an MLPerf Power measurement. */
export type JudgedResult = Parameters<typeof itemFromResult>[0] & Pick<PublishedResult, "hasPower">;

/** An MLPerf Inference result as the judge sees it beside a curve: Inference's facts, measured power when it has it. */
function resultItem(r: JudgedResult): JudgeItem {
  return { ...itemFromResult(r), curve: { ...INFERENCE_FACTS, ...(r.hasPower ? { power: "measured" as const } : {}) } };
}

/** The flags a comparison adds for its curves, most severe first (none without a curve). */
export function curveCompareFlags(results: readonly JudgedResult[], curves: readonly Curve[]): Flag[] {
  if (curves.length === 0) return [];
  const ids = new Set(curves.map((c) => c.id));
  const v = judgeSet([...results.map(resultItem), ...curves.map((c) => itemFromCurve(c))]);
  return v.flags.filter((f) => f.ids.some((id) => ids.has(id))).map((f) => ({ ...f, ids: [...f.ids] }));
}

/** The flag codes that are facts of the two suites' measurement rules: one group on the compare page. */
export const SUITE_FACT_CODES = ["latency-percentile", "suite", "kv-cache-reuse", "network", "power-kind"] as const;

/** How a curve is named in flags, tables and the chart legend. */
export function curveLabel(c: Pick<Curve, "submitter" | "system">): string {
  return `${c.submitter} ${c.system} (Endpoints)`;
}
