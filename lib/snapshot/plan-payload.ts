// A frozen capacity plan: what /plan showed, recomputed by the server from the canonical query, checked before it is
// stored and on every read. Pure.
import { z } from "zod";
import type { Flag } from "../context";
import type { PlanInputs, PlanIssue, PlanOutcome, SensitivityRow } from "../plan";

const num = z.number().nullable();

const note = z.looseObject({ code: z.string(), severity: z.enum(["block", "warn", "info"]), message: z.string() });
const planStep = z.looseObject({ key: z.string(), label: z.string(), formula: z.string(), value: z.string() });
/** One basis's plan. The fields the page renders are checked; the rest of what was computed (the basis's
 * throughput, shape, siblings and load point, every intermediate number) is kept as stored. */
const planOutcome = z.looseObject({
  basis: z.looseObject({
    id: z.string(),
    kind: z.enum(["published", "bakeoff", "curve"]),
    label: z.string(),
    detail: z.string(),
    verified: z.boolean(),
    notes: z.array(z.string()),
  }),
  fit: z.looseObject({ status: z.enum(["fits", "conservative", "derated", "overstated", "unknown"]) }).nullable(),
  numbers: z
    .looseObject({
      nodes: z.number(),
      accelerators: z.number(),
      nodesNeeded: z.number(),
      spareNodes: z.number(),
      acceleratorsPerNode: z.number(),
    })
    .nullable(),
  cost: z.looseObject({ perMonth: z.number(), perMillionOutputTokens: z.number() }).nullable(),
  steps: z.array(planStep),
  notes: z.array(note),
  assumptions: z.array(z.string()),
  error: z.string().nullable(),
});
const sensitivityCell = z.object({
  nodes: num,
  accelerators: num,
  perMonth: num,
  deltaNodes: num,
  note: z.string().nullable(),
});
const sensitivityRow = z.object({
  key: z.enum(["base", "output-plus-50", "slo-tighter", "node-lost"]),
  label: z.string(),
  cells: z.array(sensitivityCell),
});
const planInputs = z.looseObject({
  preset: z.string(),
  custom: z.boolean(),
  workload: z.object({ rps: z.number(), inTok: z.number(), outTok: z.number() }),
  slo: z.object({ ttftMs: num, tpotMs: num }),
  fleet: z.object({
    usablePct: z.number(),
    utilPct: z.number(),
    k: z.number(),
    pricePerAccHour: num,
    // frozen before the planner priced input apart (issue 30): all on output, as the overview's payload reads it
    inputWeight: z.number().default(0),
  }),
  basis: z.array(z.string()),
  bakeoff: z.array(z.string()),
  derate: z.boolean(),
});
export const planPayloadSchema = z.object({
  kind: z.literal("plan"),
  /** The canonical /plan query it was computed from. */
  query: z.string(),
  dataVersion: z.string(),
  retrievedAt: z.string(),
  inputs: planInputs,
  /** The preset's name and where its figures come from, as they read when frozen. */
  preset: z.object({ name: z.string(), sources: z.array(z.string()) }),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
  plans: z.array(planOutcome).min(1),
  sensitivity: z.array(sensitivityRow),
  /** The assumptions every basis shares; each plan carries its own. */
  assumptions: z.array(z.string()),
  flags: z.array(note.extend({ ids: z.array(z.string()) })),
  footnotes: z.array(z.string()),
});

/** A frozen plan as read back. */
export type PlanSnapshotData = z.output<typeof planPayloadSchema>;

/** What the server writes for a plan: the planner's own types (checked against planPayloadSchema on write). */
export interface PlanSnapshotInput {
  kind: "plan";
  query: string;
  dataVersion: string;
  retrievedAt: string;
  inputs: PlanInputs;
  preset: { name: string; sources: string[] };
  issues: PlanIssue[];
  plans: PlanOutcome[];
  sensitivity: SensitivityRow[];
  assumptions: string[];
  flags: Flag[];
  footnotes: string[];
}

export function firstIssue(e: z.ZodError): string {
  return e.issues[0]?.path.join(".") || "(root)";
}

/** A plan payload about to be stored → the same data, or why it would not read back (so nothing unreadable is kept). */
export function checkPlanPayload(
  payload: PlanSnapshotInput,
): { ok: true; payload: PlanSnapshotData } | { ok: false; message: string } {
  // JSON first: what is stored is the JSON text, so check what JSON keeps (undefined dropped, no NaN/Infinity)
  const r = planPayloadSchema.safeParse(JSON.parse(JSON.stringify(payload)));
  if (!r.success) return { ok: false, message: `the plan does not match the snapshot shape (${firstIssue(r.error)})` };
  return { ok: true, payload: r.data };
}
