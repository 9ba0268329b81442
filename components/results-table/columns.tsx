// Column factory for the results table. Cells only render; sorting and paging happen on the server.
import type { ColumnDef, RowData } from "@tanstack/react-table";
import Link from "next/link";
import { formatInt, formatNumber, unitLabel } from "@/lib/format";
import type { ColumnKey, ResultsState, SortKey } from "@/lib/url-state";
import { Badge } from "./badge";
import { Hint } from "./hint";
import type { TableRow } from "./types";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    label: string;
    sortKey?: SortKey;
    numeric?: boolean;
    /** First click sorts this way (numbers: best first, so biggest first unless lower is better). */
    firstDir?: "asc" | "desc";
    sub?: string;
    /** Stays in view when the table scrolls sideways. */
    sticky?: boolean;
  }
}

export const COLUMN_LABELS: Record<ColumnKey, string> = {
  round: "Round",
  submitter: "Submitter",
  system: "System",
  accelerator: "Accelerator",
  counts: "Accelerators · nodes",
  model: "Model",
  scenario: "Scenario",
  precision: "Precision",
  engine: "Serving engine",
  division: "Division",
  availability: "Availability",
  value: "Result",
  perAccelerator: "Per accelerator",
  notes: "Notes",
};

export interface ColumnContext {
  per: ResultsState["per"];
  /** Every row's figure is a latency: the result's first click sorts lowest first. */
  lowerIsBetter?: boolean;
  selected: ReadonlySet<string>;
  canSelectMore: boolean;
  onToggle: (id: string) => void;
}

const DISPLAY_REST: ColumnKey[] = [
  "precision",
  "engine",
  "model",
  "scenario",
  "round",
  "division",
  "availability",
  "notes",
];

/** Display order (per-accelerator view), also the column menu's order. */
export const MENU_ORDER: ColumnKey[] = [
  "submitter",
  "system",
  "accelerator",
  "counts",
  "perAccelerator",
  "value",
  ...DISPLAY_REST,
];

const muted = "text-slate-600 dark:text-slate-400";
const dash = <span className={muted}>—</span>;

function text(key: ColumnKey, get: (r: TableRow) => string | null, sortKey?: SortKey): ColumnDef<TableRow> {
  return {
    id: key,
    accessorFn: get,
    header: COLUMN_LABELS[key],
    meta: { label: COLUMN_LABELS[key], sortKey, firstDir: "asc" },
    cell: (c) => c.getValue<string | null>() ?? dash,
  };
}

function rowLabel(r: TableRow): string {
  return `${r.submitter} ${r.system} ${r.model} ${r.scenario}`;
}

export function getColumns(ctx: ColumnContext): ColumnDef<TableRow>[] {
  const rawFirst = ctx.per === "raw";
  const all: ColumnDef<TableRow>[] = [
    {
      id: "select",
      header: () => <span className="sr-only">Select for comparison</span>,
      meta: { label: "Select" },
      enableHiding: false,
      cell: ({ row }) => {
        const r = row.original;
        const checked = ctx.selected.has(r.id);
        return (
          <input
            type="checkbox"
            className="size-4 accent-sky-700"
            checked={checked}
            disabled={!checked && !ctx.canSelectMore}
            onChange={() => ctx.onToggle(r.id)}
            aria-label={`Select ${rowLabel(r)} for comparison`}
          />
        );
      },
    },
    text("round", (r) => r.round, "round"),
    text("submitter", (r) => r.submitter, "submitter"),
    {
      id: "system",
      accessorFn: (r) => r.system,
      header: COLUMN_LABELS.system,
      meta: { label: COLUMN_LABELS.system, sortKey: "system", firstDir: "asc", sticky: true },
      cell: ({ row: { original: r } }) => (
        <div className="w-36 sm:w-auto sm:min-w-44 sm:max-w-60">
          <Link
            href={`/results/${r.id}`}
            className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
          >
            {r.system}
          </Link>
          {r.platform !== r.system && <div className={`break-all text-xs ${muted}`}>{r.platform}</div>}
        </div>
      ),
    },
    {
      ...text("accelerator", (r) => r.accelerator, "accelerator"),
      cell: (c) => <div className="min-w-28 max-w-40">{c.getValue<string | null>() ?? dash}</div>,
    },
    {
      id: "counts",
      accessorFn: (r) => r.totalAccelerators,
      header: COLUMN_LABELS.counts,
      meta: { label: COLUMN_LABELS.counts, sortKey: "totalAccelerators", numeric: true, firstDir: "desc" },
      cell: ({ row: { original: r } }) => (
        <div className="flex flex-col items-end gap-1">
          <span className="num">
            {r.totalAccelerators === null ? "—" : `${formatInt(r.totalAccelerators)} acc.`}
            <span className={muted}> · </span>
            {r.nodes === null ? "—" : `${formatInt(r.nodes)} ${r.nodes === 1 ? "node" : "nodes"}`}
          </span>
          {(r.nodes ?? 0) > 1 || r.heterogeneous ? (
            <span className="flex gap-1">
              {(r.nodes ?? 0) > 1 && <Badge tone="violet">multi-node</Badge>}
              {r.heterogeneous && <Badge tone="amber">heterogeneous</Badge>}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: "model",
      accessorFn: (r) => r.model,
      header: COLUMN_LABELS.model,
      meta: { label: COLUMN_LABELS.model, sortKey: "model", firstDir: "asc" },
      cell: ({ row: { original: r } }) => (
        <div className="whitespace-nowrap">
          <div>{r.modelFamily}</div>
          <div className={`text-xs ${muted}`}>
            {r.accuracyTarget ? `${r.accuracyTarget}% accuracy target` : "single accuracy target"}
          </div>
        </div>
      ),
    },
    text("scenario", (r) => r.scenario, "scenario"),
    text("precision", (r) => r.precision, "precision"),
    text("engine", (r) => r.engine, "engine"),
    text("division", (r) => r.division, "division"),
    {
      id: "availability",
      accessorFn: (r) => r.availability,
      header: COLUMN_LABELS.availability,
      meta: { label: COLUMN_LABELS.availability, sortKey: "availability", firstDir: "asc" },
      cell: ({ row: { original: r } }) =>
        r.availability === "preview" ? (
          <Badge tone="amber">preview</Badge>
        ) : r.availability === "rdi" ? (
          <Badge tone="slate">RDI</Badge>
        ) : (
          r.availability
        ),
    },
    {
      id: "value",
      accessorFn: (r) => r.value,
      header: COLUMN_LABELS.value,
      meta: {
        label: COLUMN_LABELS.value,
        sortKey: "value",
        numeric: true,
        firstDir: ctx.lowerIsBetter ? "asc" : "desc",
        sub: "as published",
      },
      cell: ({ row: { original: r } }) => (
        <span className={`num block ${rawFirst ? "font-semibold text-slate-950 dark:text-white" : ""}`}>
          {formatNumber(r.value)}
          <span className={`block text-xs font-normal ${muted}`}>{unitLabel(r.units)}</span>
        </span>
      ),
    },
    {
      id: "perAccelerator",
      accessorFn: (r) => r.perAccelerator,
      header: COLUMN_LABELS.perAccelerator,
      meta: {
        label: COLUMN_LABELS.perAccelerator,
        sortKey: "perAccelerator",
        numeric: true,
        firstDir: "desc",
        sub: "derived, not an MLPerf metric",
      },
      cell: ({ row: { original: r } }) =>
        r.perAccelerator === null ? (
          <span className="num block">
            <Hint text={r.perAcceleratorNote ?? "No per-accelerator figure."} className={muted}>
              —<span className="sr-only"> no per-accelerator figure</span>
            </Hint>
          </span>
        ) : (
          <span className={`num block ${rawFirst ? "" : "font-semibold text-slate-950 dark:text-white"}`}>
            <Hint text={[r.formula, r.perAcceleratorNote].filter(Boolean).join(" ")}>
              {formatNumber(r.perAccelerator)}
            </Hint>
            <span className={`block text-xs font-normal ${muted}`}>{r.perAcceleratorUnits}</span>
          </span>
        ),
    },
    {
      id: "notes",
      accessorFn: (r) => r.notes.length,
      header: COLUMN_LABELS.notes,
      meta: { label: COLUMN_LABELS.notes, numeric: true },
      cell: ({ row: { original: r } }) =>
        r.notes.length === 0 ? (
          <span className="num block">{dash}</span>
        ) : (
          <span className="num block">
            <Hint text={r.notes.map((n) => `${n.code}: ${n.message}`).join(" · ")}>
              {r.notes.length}
              <span className="sr-only"> data {r.notes.length === 1 ? "note" : "notes"}</span>
            </Hint>
          </span>
        ),
    },
  ];
  // who and on what, then the numbers (the emphasised one first), then the rest of the context
  const metrics = rawFirst ? ["value", "perAccelerator"] : ["perAccelerator", "value"];
  const order = ["select", ...MENU_ORDER.slice(0, 4), ...metrics, ...DISPLAY_REST];
  return order.map((id) => all.find((c) => c.id === id)).filter((c): c is ColumnDef<TableRow> => c !== undefined);
}
