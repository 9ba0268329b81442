// A stored snapshot row → its payload by kind (compare, plan, reproduction), or why it cannot be shown. Pure.
import { parseStoredReproduction, type ReproductionView } from "../reproduce/index";
import { type CompareData, parseStoredPayload } from "./compare-payload";
import { checkOverviewPayload, type OverviewSnapshotData } from "./overview-payload";
import { firstIssue, type PlanSnapshotData, planPayloadSchema } from "./plan-payload";

export type StoredSnapshot =
  | { ok: true; kind: "compare"; payload: CompareData }
  | { ok: true; kind: "plan"; payload: PlanSnapshotData }
  | { ok: true; kind: "reproduction"; payload: ReproductionView }
  | { ok: true; kind: "overview"; payload: OverviewSnapshotData }
  | { ok: false; message: string };

/**
 * A stored row → its payload by kind, or why it cannot be shown. A plan's payload must also agree with its row:
 * the same kind, canonical query and data version (a payload copied under another row is refused).
 */
export function parseStoredSnapshot(row: {
  kind: string;
  query: string;
  dataVersion: string;
  payload: string;
}): StoredSnapshot {
  if (row.kind === "compare") {
    const r = parseStoredPayload(row.payload);
    return r.ok ? { ok: true, kind: "compare", payload: r.payload } : r;
  }
  if (row.kind === "reproduction") {
    const r = parseStoredReproduction(row.payload);
    return r.ok ? { ok: true, kind: "reproduction", payload: r.payload } : r;
  }
  if (row.kind === "overview") return parseStoredOverview(row);
  if (row.kind !== "plan") return { ok: false, message: `snapshots of kind "${row.kind}" cannot be shown` };
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return { ok: false, message: "the stored snapshot is not valid JSON" };
  }
  const r = planPayloadSchema.safeParse(json);
  if (!r.success)
    return { ok: false, message: `the stored snapshot does not match the plan shape (${firstIssue(r.error)})` };
  if (r.data.query !== row.query) return { ok: false, message: "the stored plan is for another query than its link" };
  if (r.data.dataVersion !== row.dataVersion)
    return { ok: false, message: "the stored plan's data version does not match its record" };
  return { ok: true, kind: "plan", payload: r.data };
}

/** A stored overview: its schema, and the same query and data version as its row (a copied payload is refused). */
function parseStoredOverview(row: { query: string; dataVersion: string; payload: string }): StoredSnapshot {
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return { ok: false, message: "the stored snapshot is not valid JSON" };
  }
  const r = checkOverviewPayload(json);
  if (!r.ok) return r;
  if (r.payload.query !== row.query)
    return { ok: false, message: "the stored overview is for another query than its link" };
  if (r.payload.dataVersion !== row.dataVersion)
    return { ok: false, message: "the stored overview's data version does not match its record" };
  return { ok: true, kind: "overview", payload: r.payload };
}
