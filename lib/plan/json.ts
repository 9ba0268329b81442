// The plan as JSON (GET /api/plan, ../shared/CONTRACT.md): one entry per basis with whether it can be planned from
// and why not, the benchmark it measured, the whole nodes it needs and every step of the arithmetic; the flags
// between the bases; the notes (footnotes and shared assumptions) the page prints. Pure: the same PlanOutcome the
// page renders, so a script reads exactly the plan a planner shares.
import type { Flag } from "@/lib/context";
import type { Basis } from "./basis";
import type { BasisCost } from "./basis-cost";
import type { PlanOutcome, PlanStep } from "./compute";
import type { PlanNote } from "./fit";
import type { PlanIssue } from "./params";

/** A basis's kind as the API names it. Curves (MLPerf Endpoints submissions) are planned from one of their steps. */
export type PlanBaseKind = "result" | "bakeoff" | "curve";

const API_KIND: Record<Basis["kind"], PlanBaseKind> = { published: "result", bakeoff: "bakeoff", curve: "curve" };

export interface PlanBaseJson {
  kind: PlanBaseKind;
  id: string;
  label: string;
  /** False when the basis cannot size anything (INVALID, a latency, no throughput or accelerator count). */
  usable: boolean;
  /** Why it is not usable, in full (an INVALID run's failed checks as LoadGen writes them); null when usable. */
  reason: string | null;
  benchmark: string | null;
  /** Whole nodes the plan needs, spares included; null when it cannot be planned. */
  nodes: number | null;
  accelerators: number | null;
  steps: PlanStep[];
  notes: PlanNote[];
  /**
   * The basis's own $ per million tokens at its measured rate, input and output priced apart where its mix is stated
   * (the figures /overview states for the same basis, price and input weight); null without a price.
   */
  basisCost: BasisCost | null;
}

export interface PlanJson {
  bases: PlanBaseJson[];
  flags: Flag[];
  notes: string[];
}

/** One basis's plan as JSON. */
export function planBaseJson(p: PlanOutcome): PlanBaseJson {
  return {
    kind: API_KIND[p.basis.kind],
    id: p.basis.id,
    label: p.basis.label,
    usable: p.error === null,
    reason: p.error,
    benchmark: p.basis.benchmark ?? null,
    nodes: p.numbers?.nodes ?? null,
    accelerators: p.numbers?.accelerators ?? null,
    steps: p.steps,
    notes: p.notes,
    basisCost: p.cost?.basis ?? null,
  };
}

/** The whole plan: bases in the page's order, flags most severe first, then the footnotes and shared assumptions. */
export function planJson(input: {
  plans: PlanOutcome[];
  flags: Flag[];
  footnotes: string[];
  assumptions: string[];
}): PlanJson {
  return {
    bases: input.plans.map(planBaseJson),
    flags: input.flags,
    notes: [...input.footnotes, ...input.assumptions],
  };
}

/** The first problem a strict reader (the API) refuses, or null: a key /plan does not read, then any issue. */
export function strictPlanProblem(
  keys: Iterable<string>,
  known: readonly string[],
  issues: PlanIssue[],
): PlanIssue | null {
  for (const k of keys)
    if (!known.includes(k))
      return {
        field: k,
        message: `Unknown query key "${k}"; /api/plan reads the /plan page's keys: ${known.join(", ")}`,
      };
  return issues[0] ?? null;
}
