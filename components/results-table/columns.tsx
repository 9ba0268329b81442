// The results table's columns, derived from the column registry (lib/columns.ts): label, sort, default visibility and
// order come from there; this file holds only each table column's cell (CELLS is keyed by ColumnKey, so a registry
// column without a cell does not compile). Cells only render; sorting and paging happen on the server.
import type { ColumnDef, RowData } from "@tanstack/react-table";
import Link from "next/link";
import type { ReactNode } from "react";
import { COLUMN_KEYS, type ColumnKey, columnSpec } from "@/lib/columns";
import type { ExplorerRow } from "@/lib/explorer-row";
import { formatInt, formatNumber, unitLabel } from "@/lib/format";
import { STATUS_LABEL } from "@/lib/lifecycle/status";
import type { ResultsState, SortKey } from "@/lib/url-state";
import { Badge } from "./badge";
import { ContextChips, PowerCell } from "./chips";
import { Hint } from "./hint";

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

const dash = <span className="mut nil">—</span>;

/**
 * A result no longer current (no longer published, withdrawn, invalidated), in lib/lifecycle's one wording
 * (STATUS_LABEL) with its date: the system cell says it, on the table and on the phone card alike.
 */
export function StatusBadge({ r }: { r: Pick<ExplorerRow, "status" | "statusSince"> }) {
  if (!r.status || r.status === "published") return null;
  return (
    <Badge tone={r.status === "invalidated" ? "violet" : "amber"}>
      {STATUS_LABEL[r.status]}
      {r.statusSince ? ` since ${r.statusSince.slice(0, 10)}` : ""}
    </Badge>
  );
}

export function rowLabel(r: Pick<ExplorerRow, "submitter" | "system" | "model" | "scenario">): string {
  return `${r.submitter} ${r.system} ${r.model} ${r.scenario}`;
}

type Cell = (r: ExplorerRow, ctx: ColumnContext) => ReactNode;
const textCell =
  (get: (r: ExplorerRow) => string | null): Cell =>
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

const nodesText = (n: number | null) => (n === null ? "— nodes" : `${formatInt(n)} ${n === 1 ? "node" : "nodes"}`);
const accText = (n: number | null) => (n === null ? "— acc." : `${formatInt(n)} acc.`);

/** The derived figure; on a phone card it is labelled as derived (the table says so in its header). */
export function PerAcceleratorFigure({ r, strong }: { r: ExplorerRow; strong: boolean }) {
  return (
    <>
      <span className="ph">derived, per accelerator</span>
      {r.perAccelerator === null ? (
        <span className="num block">
          <Hint text={r.perAcceleratorNote ?? "No per-accelerator figure."} className="mut">
            —<span className="sr-only"> no per-accelerator figure</span>
          </Hint>
        </span>
      ) : (
        <span className={strong ? "num block fig" : "num block"}>
          <Hint text={[r.formula, r.perAcceleratorNote].filter(Boolean).join(" ")}>
            {formatNumber(r.perAccelerator)}
          </Hint>
          <span className="u">{r.perAcceleratorUnits}</span>
        </span>
      )}
    </>
  );
}

/** The published system result; a phone card leads with it (issue 30), named for screen readers. */
export function ValueFigure({ r, strong }: { r: ExplorerRow; strong: boolean }) {
  return (
    <span className={strong ? "num block fig" : "num block"}>
      <span className="ph sr-only">Published system result: </span>
      {formatNumber(r.value)}
      <span className="u">{unitLabel(r.units)}</span>
    </span>
  );
}

const CELLS: Record<ColumnKey, Cell> = {
  submitter: textCell((r) => r.submitter),
  system: (r) => (
    <div className="sysc">
      <Link href={`/results/${r.id}`} className="sys">
        {r.system}
      </Link>
      <span className="sub">{r.platform !== r.system ? `${r.submitter} · ${r.platform}` : r.submitter}</span>
      <StatusBadge r={r} />
    </div>
  ),
  accelerator: (r) => (
    <div className="accc">
      {r.accelerator ?? dash}
      <span className="sub whitespace-nowrap tabular-nums">{`${accText(r.totalAccelerators)} · ${nodesText(r.nodes)}`}</span>
      {r.heterogeneous && <Badge tone="amber">heterogeneous</Badge>}
    </div>
  ),
  counts: (r) => (
    <span className="num block">{`${r.totalAccelerators === null ? "—" : accText(r.totalAccelerators)} · ${r.nodes === null ? "—" : nodesText(r.nodes)}`}</span>
  ),
  model: (r) => (
    <div className="whitespace-nowrap">
      {r.modelFamily}
      <span className="sub">{r.accuracyTarget ? `${r.accuracyTarget}% target` : "one target"}</span>
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
      {r.operatingSystem && <span className="sub">{r.operatingSystem}</span>}
    </div>
  ),
  notes: (r) =>
    r.notes.length === 0 ? (
      <span className="num block mut nil">—</span>
    ) : (
      <span className="num block">
        <Hint text={r.notes.map((n) => `${n.code}: ${n.message}`).join(" · ")}>
          {r.notes.length}
          <span className="sr-only"> data {r.notes.length === 1 ? "note" : "notes"}</span>
        </Hint>
      </span>
    ),
};

/** Columns a phone card lays out itself (app/globals.css); any other shown column is labelled there. */
export const CARD_COLUMNS: ReadonlySet<string> = new Set([
  "select",
  "system",
  "accelerator",
  "perAccelerator",
  "value",
  "context",
]);

export function getColumns(ctx: ColumnContext): ColumnDef<ExplorerRow>[] {
  const select: ColumnDef<ExplorerRow> = {
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
    ...keys.map((key): ColumnDef<ExplorerRow> => {
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
