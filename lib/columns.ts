// The one definition of every column a results view has: the explorer table, its column chooser, and the CSV/JSON
// export are all derived from COLUMNS. An entry holds everything about one column: key, label, sort, whether the
// table shows it by default, and the export fields (header and value) it writes. The table's cells are React and
// live in components/results-table/cells.tsx, keyed by TableColumnKey, so the compiler refuses a table column without
// a cell. Adding a column is one entry here (plus a cell when it is a table column) and its tests. Pure.
import { footnote } from "./context/citations";
import { type PowerFigure, powerFigure } from "./context/power";
import { unitLabel } from "./format";
import { DERIVED_LABEL, perAccelerator } from "./judge/per-accelerator";
import type { PublishedResult } from "./types";
import type { SortKey } from "./url-state";

/** A published result as exported and shown: plus the serving engine (stored per result, not in the API row). */
export type ExportRow = PublishedResult & { servingEngine: string | null };

/** One exported value: the CSV writes text and numbers (booleans as true/false), JSON keeps the type. */
export type ExportValue = string | number | boolean | null;

export interface ExportContext {
  /** When the data was retrieved (the newest import), ISO; goes into each citation. */
  retrievedAt: string;
}

/** One export field: its header (CSV) and key (JSON), and its value. */
export interface ExportField {
  header: string;
  value: (r: ExportRow, ctx: ExportContext) => ExportValue;
}

export interface ColumnSpec {
  key: string;
  /** For people: the table header and the column chooser. */
  label: string;
  /** In the explorer table: shown by default, offered in the chooser, or not a table column (export only). */
  table: "shown" | "optional" | null;
  sort?: SortKey;
  /** Right-aligned number. */
  numeric?: boolean;
  /** First click sorts this way (numbers: best first). */
  firstDir?: "asc" | "desc";
  /** A second header line. */
  sub?: string;
  /** Stays in view when the table scrolls sideways. */
  sticky?: boolean;
  /** The export fields, in order; empty for a table-only column (its fields come from others). */
  fields: ExportField[];
}

const f = (header: string, value: ExportField["value"]): ExportField => ({ header, value });
/** A field that is the Result's own field of the same name. */
const own = <K extends keyof ExportRow>(key: K): ExportField =>
  f(key, (r) => {
    const v = r[key];
    return v === undefined ? null : (v as ExportValue);
  });

const stackText = (r: ExportRow): string | null =>
  r.softwareStack.length === 0
    ? null
    : r.softwareStack.map((c) => (c.version ? `${c.name} ${c.version}` : c.name)).join("; ");
const notesText = (r: ExportRow): string | null =>
  r.notes.length === 0 ? null : r.notes.map((n) => `${n.code}: ${n.message}`).join(" | ");

/**
 * Every column, in display and export order. Table columns come first in the order the explorer shows them (the
 * emphasised figure is swapped to the front of the two figures by the table), then export-only fields.
 */
export const COLUMNS = [
  { key: "identity", label: "Result ID", table: null, fields: [own("id"), own("resultId")] },
  {
    key: "system",
    label: "System",
    table: "shown",
    sort: "system",
    firstDir: "asc",
    sticky: true,
    fields: [own("system"), own("platform")],
  },
  {
    key: "submitter",
    label: "Submitter",
    table: "optional",
    sort: "submitter",
    firstDir: "asc",
    fields: [own("submitter")],
  },
  {
    key: "accelerator",
    label: "Accelerator",
    table: "shown",
    sort: "accelerator",
    firstDir: "asc",
    fields: [own("accelerator")],
  },
  {
    key: "counts",
    label: "Accelerators · nodes",
    table: "optional",
    sort: "totalAccelerators",
    numeric: true,
    firstDir: "desc",
    fields: [
      own("acceleratorsPerNode"),
      own("nodes"),
      own("totalAccelerators"),
      own("heterogeneous"),
      f("acceleratorGroups", (r) =>
        r.acceleratorGroups?.length ? r.acceleratorGroups.map((g) => `${g.count}× ${g.name}`).join("; ") : null,
      ),
    ],
  },
  {
    key: "perAccelerator",
    label: "Per accelerator",
    table: "shown",
    sort: "perAccelerator",
    numeric: true,
    firstDir: "desc",
    sub: "derived, not an MLPerf metric",
    fields: [
      own("perAccelerator"),
      f("perAcceleratorBasis", (r) => {
        const per = perAccelerator(r);
        return per.value === null ? null : `${per.formula} (${DERIVED_LABEL})`;
      }),
      own("perAcceleratorNote"),
    ],
  },
  {
    key: "value",
    label: "Result",
    table: "shown",
    sort: "value",
    numeric: true,
    sub: "as published",
    fields: [own("value"), own("units"), own("higherIsBetter")],
  },
  { key: "context", label: "Context", table: "shown", fields: [] },
  {
    key: "model",
    label: "Benchmark",
    table: "optional",
    sort: "model",
    firstDir: "asc",
    fields: [own("model"), own("benchmark"), own("usedModel"), own("modelFamily"), own("accuracyTarget")],
  },
  {
    key: "perWatt",
    label: "Per watt",
    table: "optional",
    numeric: true,
    sub: "MLPerf Power, whole system",
    fields: [
      own("hasPower"),
      own("power"),
      own("powerUnits"),
      own("perWatt"),
      f("powerBasis", (r) => {
        const p = powerFigure(r);
        return p === null ? null : `${p.formula} (${p.label})`;
      }),
    ],
  },
  {
    key: "scenario",
    label: "Scenario",
    table: "optional",
    sort: "scenario",
    firstDir: "asc",
    fields: [own("scenario")],
  },
  {
    key: "precision",
    label: "Precision",
    table: "optional",
    sort: "precision",
    firstDir: "asc",
    fields: [own("precision"), own("precisionRaw")],
  },
  {
    key: "engine",
    label: "Serving engine",
    table: "optional",
    sort: "engine",
    firstDir: "asc",
    fields: [f("servingEngine", (r) => r.servingEngine)],
  },
  { key: "round", label: "Round", table: "optional", sort: "round", firstDir: "asc", fields: [own("round")] },
  {
    key: "division",
    label: "Division",
    table: "optional",
    sort: "division",
    firstDir: "asc",
    fields: [own("division")],
  },
  {
    key: "availability",
    label: "Availability",
    table: "optional",
    sort: "availability",
    firstDir: "asc",
    fields: [own("availability"), own("suite")],
  },
  {
    key: "software",
    label: "Software",
    table: "optional",
    fields: [own("software"), f("softwareStack", stackText)],
  },
  {
    key: "host",
    label: "Host processor",
    table: "optional",
    fields: [own("hostProcessor"), own("operatingSystem")],
  },
  {
    key: "notes",
    label: "Notes",
    table: "shown",
    numeric: true,
    fields: [own("validity"), own("inferred"), f("notes", notesText), own("status"), own("statusSince")],
  },
  {
    key: "provenance",
    label: "Provenance",
    table: null,
    fields: [
      own("tokensPerSample"),
      own("measurementKey"),
      own("sourceUrl"),
      own("detailsUrl"),
      own("codeUrl"),
      own("location"),
      own("resultsFolderUrl"),
      own("importedAt"),
      f("citation", (r, ctx) => footnote(r, { retrievedAt: ctx.retrievedAt, sourceUrl: r.sourceUrl })),
    ],
  },
] as const satisfies readonly ColumnSpec[];

type Entry = (typeof COLUMNS)[number];
/** A column the explorer table can show (its cell is in components/results-table/cells.tsx). */
export type ColumnKey = Extract<Entry, { table: "shown" | "optional" }>["key"];

const TABLE: readonly ColumnSpec[] = COLUMNS.filter((c) => c.table !== null);
/** Table columns in display order: the `hide`/`show` URL keys accept these. */
export const COLUMN_KEYS = TABLE.map((c) => c.key) as unknown as readonly [ColumnKey, ...ColumnKey[]];
/** Columns shown until the URL hides them (`hide=`); the others wait for `show=`. */
export const DEFAULT_SHOWN: ReadonlySet<ColumnKey> = new Set(
  TABLE.filter((c) => c.table === "shown").map((c) => c.key as ColumnKey),
);

export function columnSpec(key: ColumnKey): ColumnSpec {
  return COLUMNS.find((c) => c.key === key) as ColumnSpec;
}

/** Whether the table shows a column, given the URL's `hide` and `show` lists. */
export function isShown(key: ColumnKey, hide: readonly string[], show: readonly string[]): boolean {
  return DEFAULT_SHOWN.has(key) ? !hide.includes(key) : show.includes(key);
}

/** The export's fields, in order: every table column's, then the export-only ones. Headers are unique. */
export const EXPORT_FIELDS: readonly ExportField[] = (COLUMNS as readonly ColumnSpec[]).flatMap((c) => c.fields);

/** One export row as a flat object, keys = headers in order. */
export function exportRecord(r: ExportRow, ctx: ExportContext): Record<string, ExportValue> {
  const out: Record<string, ExportValue> = {};
  for (const fld of EXPORT_FIELDS) out[fld.header] = fld.value(r, ctx);
  return out;
}

/** The plain, serialisable row the explorer's table and cards render: the result minus its latency detail, plus the
 * derived figures with the words around them. Built on the server (app/results/load.ts). */
export type TableRow = Omit<ExportRow, "latency"> & {
  /** "tokens/s per acc." */
  perAcceleratorUnits: string;
  /** The arithmetic behind perAccelerator ("100,282 tokens/s ÷ 8 accelerators = …"); "" when null. */
  formula: string;
  /** The MLPerf Power figure (per watt, or energy per query), null when power was not measured. */
  powerFigure: PowerFigure | null;
};

export function toTableRow(r: PublishedResult, servingEngine: string | null): TableRow {
  const { latency: _latency, ...rest } = r;
  const per = perAccelerator(r);
  return {
    ...rest,
    servingEngine,
    perAccelerator: per.value,
    perAcceleratorUnits: `${unitLabel(r.units)} per acc.`,
    formula: per.formula,
    perAcceleratorNote: per.value === null ? (r.perAcceleratorNote ?? per.note) : per.note,
    powerFigure: powerFigure(r),
  };
}
