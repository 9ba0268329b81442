// What a plan says between its bases: the comparability flags of the compare page (lib/context) over the published
// results and the load point each bake-off is planned from, plus the rule campaigns keep (lib/campaign/params.ts:
// a different model is a block): bases of different benchmarks are never sized side by side as one, whatever
// their kind. MLCommons: "MLPerf results may only be compared for the same benchmark and scenario" (the compare
// page's benchmark flag, lib/context/flag-rules.ts). Pure.
import { type BakeoffInput, computeFlags, type Flag } from "@/lib/context";
import { familyOfName } from "@/lib/judge";
import type { PublishedResult } from "@/lib/types";
import type { Basis } from "./basis";
import type { PlanOutcome } from "./compute";

/** The load point each bake-off basis is planned from, as the flag rules read it. */
export function plannedRuns(plans: PlanOutcome[]): BakeoffInput[] {
  return plans.flatMap((p) =>
    p.basis.kind === "bakeoff" && p.basis.run
      ? [{ id: p.basis.id, run: { ...p.basis.run.run, accelerators: p.basis.accelerators }, label: p.basis.label }]
      : [],
  );
}

const SEVERITY = { block: 0, warn: 1, info: 2 } as const;

/**
 * One block per pair of bases whose benchmarks differ, by the judge's identity (lib/judge familyOfName: every
 * spelling MLCommons uses; llama2-70b-99 and -99.9 are one family, the accuracy target is the compare page's
 * warning, and a bake-off names only its family), and one note per basis whose benchmark is not known. Not the
 * judge's whole set verdict: bases of different scenarios are what the planner derates between, not a block.
 * Two published results are the compare page's own pair rule (computeFlags), not repeated here.
 */
function benchmarkFlags(bases: Basis[]): Flag[] {
  const out: Flag[] = [];
  const known = bases.filter((b) => b.benchmark !== null);
  for (let i = 0; i < known.length; i++)
    for (let j = i + 1; j < known.length; j++) {
      const a = known[i] as Basis;
      const b = known[j] as Basis;
      if (a.kind === "published" && b.kind === "published") continue;
      if (familyOfName(a.benchmark ?? "") === familyOfName(b.benchmark ?? "")) continue;
      out.push({
        code: "benchmark",
        severity: "block",
        message: `Different benchmarks: ${a.label} measured ${a.benchmark}, ${b.label} measured ${b.benchmark}. Each sizes a fleet for its own model; the two plans are not one answer and are not compared as one.`,
        ids: [a.id, b.id].sort(),
      });
    }
  if (bases.length >= 2)
    for (const b of bases)
      if (b.benchmark === null)
        out.push({
          code: "benchmark-unknown",
          severity: "info",
          message: `${b.label} names no MLPerf benchmark (choose its model family on the upload), so whether it measured the same model as the other bases cannot be checked.`,
          ids: [b.id],
        });
  return out;
}

/** The flags between a plan's bases (none for one basis), most severe first. */
export function planFlags(results: PublishedResult[], plans: PlanOutcome[]): Flag[] {
  if (plans.length < 2) return [];
  const all = [...computeFlags(results, plannedRuns(plans)), ...benchmarkFlags(plans.map((p) => p.basis))];
  return all.sort((x, y) => SEVERITY[x.severity] - SEVERITY[y.severity]);
}
