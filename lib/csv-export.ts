// CSV of a results view: one row per published result, then a blank line, the citation footnotes and the
// derived-metric label. Pure: rows in, text out. Every text cell is defused against spreadsheet formula injection.
import { DERIVED_LABEL, derivedFootnote, footnote, mixedFootnote, perAccelerator } from "@/lib/context";
import type { PublishedResult } from "@/lib/types";

/** A cell: text is defused and quoted when needed; numbers are written as plain numbers (never defused). */
export type CsvCell = string | number | null | undefined;

// = + - @ after any leading blanks (some spreadsheets trim them first), or a leading tab, CR or LF
const FORMULA_START = /^(\s*[=+\-@]|[\t\r\n])/;
// a ";" too: where the list separator is ";", an unquoted "a;=cmd()" would open a second cell starting with "="
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One RFC 4180 field. Text starting with = + - @ (after any blanks), tab, CR or LF gets a leading `'` so a spreadsheet
 * shows it as text instead of running it: `=cmd|' /C calc'!A0` → `'=cmd|' /C calc'!A0`; ` =1` → `' =1`; text with a
 * comma, semicolon, quote or line break is quoted: `a;=cmd()` → `"a;=cmd()"`; -2 (a number) → `-2`.
 */
export function toCsvCell(v: CsvCell): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  const text = FORMULA_START.test(v) ? `'${v}` : v;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsvLine(cells: CsvCell[]): string {
  return cells.map(toCsvCell).join(",");
}

/** A row for export: a published result, plus the serving engine when the caller has it. */
export type ExportRow = PublishedResult & { servingEngine?: string | null };

export const CSV_COLUMNS = [
  "MLCommons result ID",
  "Round",
  "Submitter",
  "System",
  "Platform",
  "Accelerator",
  "Total accelerators",
  "Nodes",
  "Model",
  "Scenario",
  "Division",
  "Availability",
  "Precision",
  "Serving engine",
  "Value",
  "Units",
  `Per accelerator (${DERIVED_LABEL})`,
  "Per-accelerator units",
  "Footnote",
] as const;

export interface CsvOptions {
  /** When the data was retrieved (the newest import), ISO. Goes into every footnote. */
  retrievedAt: string;
  /** The view's full size when `rows` was capped; a line says so. */
  total?: number;
}

/** The whole file, CRLF line ends (RFC 4180), no BOM. */
export function resultsToCsv(rows: ExportRow[], opts: CsvOptions): string {
  const lines: string[] = [toCsvLine([...CSV_COLUMNS])];
  const notes: string[] = [];
  rows.forEach((r, i) => {
    const per = perAccelerator(r);
    lines.push(
      toCsvLine([
        r.resultId,
        r.round,
        r.submitter,
        r.system,
        r.platform,
        r.accelerator,
        r.totalAccelerators,
        r.nodes,
        r.model,
        r.scenario,
        r.division,
        r.availability,
        r.precision,
        r.servingEngine ?? null,
        r.value,
        r.units,
        per.value,
        per.value === null ? null : per.units,
        `[${i + 1}]`,
      ]),
    );
    notes.push(`[${i + 1}] ${footnote(r, { retrievedAt: opts.retrievedAt, sourceUrl: r.sourceUrl })}`);
  });
  lines.push("");
  if (opts.total !== undefined && opts.total > rows.length)
    lines.push(toCsvLine([`This file holds the first ${rows.length} of ${opts.total} results in the view.`]));
  for (const n of notes) lines.push(toCsvLine([n]));
  if (rows.some((r) => r.validity === "INVALID") && rows.some((r) => r.validity !== "INVALID"))
    lines.push(toCsvLine([mixedFootnote()]));
  lines.push(toCsvLine([derivedFootnote()]));
  return `${lines.join("\r\n")}\r\n`;
}

/** "perfcontext-results-v6.0-llama2-70b-99-Server-2026-11-29.csv": only [A-Za-z0-9._-], at most ~120 chars. */
export function exportFilename(parts: string[], date: string): string {
  const slug = [...parts, date]
    .map((p) => p.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("-")
    .slice(0, 110);
  return `perfcontext-results-${slug || "all"}.csv`;
}
