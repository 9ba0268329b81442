// What the explorer's rows carry to the browser: the fields its cells, chips and labels read, and nothing else. The
// page's rows travel twice (as HTML, and as the React payload that makes them interactive), so provenance, software
// stacks and import stamps, which no cell shows, stay on the server (issue 30: /results cold LCP). The CSV and JSON
// exports read the full row (lib/columns.ts), not this one.
import type { TableRow } from "./columns";

export const EXPLORER_FIELDS = [
  "id",
  "resultId",
  "round",
  "submitter",
  "system",
  "platform",
  "accelerator",
  "nodes",
  "totalAccelerators",
  "heterogeneous",
  "hostProcessor",
  "operatingSystem",
  "model",
  "modelFamily",
  "accuracyTarget",
  "scenario",
  "division",
  "availability",
  "precision",
  "software",
  "servingEngine",
  "value",
  "units",
  "perAccelerator",
  "perAcceleratorNote",
  "perAcceleratorUnits",
  "formula",
  "hasPower",
  "powerFigure",
  "validity",
  "status",
  "statusSince",
  "notes",
] as const satisfies readonly (keyof TableRow)[];

export type ExplorerRow = Pick<TableRow, (typeof EXPLORER_FIELDS)[number]>;

/** One table row cut to what the explorer shows; a status date keeps its day only (the label says no more). */
export function toExplorerRow(r: TableRow): ExplorerRow {
  const out = {} as Record<string, unknown>;
  for (const k of EXPLORER_FIELDS) out[k] = r[k];
  const row = out as ExplorerRow;
  return row.statusSince ? { ...row, statusSince: row.statusSince.slice(0, 10) } : row;
}
