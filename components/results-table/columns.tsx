// The results table's columns, derived from the column registry (lib/columns.ts): label, sort, default visibility and
// order come from there; this file holds only each table column's cell (CELLS is keyed by ColumnKey, so a registry
// column without a cell does not compile). Cells only render; sorting and paging happen on the server.
import type { ColumnDef, RowData } from "@tanstack/react-table";
import Link from "next/link";
import type { ReactNode } from "react";
import { COLUMN_KEYS, type ColumnKey, columnSpec } from "@/lib/columns";
import { formatInt, formatNumber, unitLabel } from "@/lib/format";
import { STATUS_LABEL } from "@/lib/lifecycle/status";
import type { ResultsState, SortKey } from "@/lib/url-state";
import { Badge } from "./badge";
import { ContextChips, PowerCell } from "./chips";
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

/** The chooser's labels, from the registry. */
export const COLUMN_LABELS = Object.fromEntries(COLUMN_KEYS.map((k) => [k, columnSpec(k).label])) as Record<
  ColumnKey,
  string
>;

/** The chooser's order: the registry's. */
export const MENU_ORDER: readonly ColumnKey[] = COLUMN_KEYS;

export interface ColumnContext {
  per: ResultsState["per"];
  /** Every row's figure is a latency: the result's first click sorts lowest first. */
  lowerIsBetter?: boolean;
  selected: ReadonlySet<string>;
  canSelectMore: boolean;
  onToggle: (id: string) => void;
}

const muted = "text-slate-600 dark:text-slate-400";
const dash = <span className={muted}>—</span>;

/**
 * A result no longer current (no longer published, withdrawn, invalidated), in lib/lifecycle's one wording
 * (STATUS_LABEL) with its date: the desktop table's system cell and the phone cards say the same.
 */
export function StatusBadge({ r }: { r: Pick<TableRow, "status" | "statusSince"> }) {
  if (!r.status || r.status === "published") return null;
  return (
    <Badge tone={r.status === "invalidated" ? "violet" : "amber"}>
      {STATUS_LABEL[r.status]}
      {r.statusSince ? ` since ${r.statusSince.slice(0, 10)}` : ""}
    </Badge>
  );
}

export function rowLabel(r: TableRow): string {
  return `${r.submitter} ${r.system} ${r.model} ${r.scenario}`;
}

type Cell = (r: TableRow, ctx: ColumnContext) => ReactNode;
const textCell =
  (get: (r: TableRow) => string | null): Cell =>
  (r) =>
    get(r) ?? dash;

export function AvailabilityBadge({ availability }: { availability: string }): ReactNode {
  return availability === "preview" ? (
    <Badge tone="amber">preview</Badge>
  ) : availability === "rdi" ? (
    <Badge tone="slate">RDI</Badge>
  ) : (
    availability
  );
}

export function PerAcceleratorFigure({ r, strong }: { r: TableRow; strong: boolean }) {
  return r.perAccelerator === null ? (
    <span className="num block">
      <Hint text={r.perAcceleratorNote ?? "No per-accelerator figure."} className={muted}>
        —<span className="sr-only"> no per-accelerator figure</span>
      </Hint>
    </span>
  ) : (
    <span className={`num block ${strong ? "font-semibold text-slate-950 dark:text-white" : ""}`}>
      <Hint text={[r.formula, r.perAcceleratorNote].filter(Boolean).join(" ")}>{formatNumber(r.perAccelerator)}</Hint>
      <span className={`block text-xs font-normal ${muted}`}>{r.perAcceleratorUnits}</span>
    </span>
  );
}

export function ValueFigure({ r, strong }: { r: TableRow; strong: boolean }) {
  return (
    <span className={`num block ${strong ? "font-semibold text-slate-950 dark:text-white" : ""}`}>
      {formatNumber(r.value)}
      <span className={`block text-xs font-normal ${muted}`}>{unitLabel(r.units)}</span>
    </span>
  );
}

const CELLS: Record<ColumnKey, Cell> = {
  submitter: textCell((r) => r.submitter),
  system: (r) => (
    <div className="w-36 sm:w-auto sm:min-w-40 sm:max-w-52">
      <Link
        href={`/results/${r.id}`}
        className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
      >
        {r.system}
      </Link>
      <div className={`break-all text-xs ${muted}`}>
        {r.submitter}
        {r.platform !== r.system && ` · ${r.platform}`}
      </div>
      <StatusBadge r={r} />
    </div>
  ),
  accelerator: (r) => (
    <div className="min-w-24 max-w-36">
      <div>{r.accelerator ?? dash}</div>
      <div className={`whitespace-nowrap text-xs tabular-nums ${muted}`}>
        {r.totalAccelerators === null ? "— acc." : `${formatInt(r.totalAccelerators)} acc.`} ·{" "}
        {r.nodes === null ? "— nodes" : `${formatInt(r.nodes)} ${r.nodes === 1 ? "node" : "nodes"}`}
      </div>
      {r.heterogeneous && <Badge tone="amber">heterogeneous</Badge>}
    </div>
  ),
  counts: (r) => (
    <span className="num block whitespace-nowrap">
      {r.totalAccelerators === null ? "—" : `${formatInt(r.totalAccelerators)} acc.`}
      <span className={muted}> · </span>
      {r.nodes === null ? "—" : `${formatInt(r.nodes)} ${r.nodes === 1 ? "node" : "nodes"}`}
    </span>
  ),
  model: (r) => (
    <div className="whitespace-nowrap">
      <div>{r.modelFamily}</div>
      <div className={`text-xs ${muted}`}>{r.accuracyTarget ? `${r.accuracyTarget}% target` : "one target"}</div>
    </div>
  ),
  perAccelerator: (r, ctx) => <PerAcceleratorFigure r={r} strong={ctx.per !== "raw"} />,
  value: (r, ctx) => <ValueFigure r={r} strong={ctx.per === "raw"} />,
  context: (r) => <ContextChips r={r} />,
  perWatt: (r) => <PowerCell r={r} />,
  scenario: textCell((r) => r.scenario),
  precision: textCell((r) => r.precision),
  engine: textCell((r) => r.servingEngine),
  round: textCell((r) => r.round),
  division: textCell((r) => r.division),
  availability: (r) => <AvailabilityBadge availability={r.availability} />,
  software: (r) => <div className="min-w-40 max-w-60 text-xs">{r.software ?? dash}</div>,
  host: (r) => (
    <div className="min-w-32 max-w-48 text-xs">
      {r.hostProcessor ?? dash}
      {r.operatingSystem && <div className={muted}>{r.operatingSystem}</div>}
    </div>
  ),
  notes: (r) =>
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
};

export function getColumns(ctx: ColumnContext): ColumnDef<TableRow>[] {
  const select: ColumnDef<TableRow> = {
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
  };
  // the emphasised figure goes first of the two
  const keys = [...COLUMN_KEYS];
  if (ctx.per === "raw") {
    const i = keys.indexOf("perAccelerator");
    const j = keys.indexOf("value");
    [keys[i], keys[j]] = [keys[j] as ColumnKey, keys[i] as ColumnKey];
  }
  return [
    select,
    ...keys.map((key): ColumnDef<TableRow> => {
      const spec = columnSpec(key);
      const firstDir =
        key === "value" && ctx.lowerIsBetter ? "asc" : (spec.firstDir ?? (spec.numeric ? "desc" : "asc"));
      return {
        id: key,
        accessorFn: (r) => r.id,
        header: spec.label,
        meta: {
          label: spec.label,
          sortKey: spec.sort,
          numeric: spec.numeric,
          firstDir,
          sub: spec.sub,
          sticky: spec.sticky,
        },
        cell: ({ row }) => CELLS[key](row.original, ctx),
      };
    }),
  ];
}
