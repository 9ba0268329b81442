// CSV and JSON of a results view: one row per published result, every field of lib/columns.ts EXPORT_FIELDS, the
// citation in its own column, nothing after the last row (pandas and spreadsheets load it as is). Pure: rows in,
// text out. Every text cell is defused against spreadsheet formula injection.
import { EXPORT_FIELDS, type ExportContext, type ExportRow, type ExportValue, exportRecord } from "./columns";

export type { ExportRow } from "./columns";

/** A cell: text is defused and quoted when needed; numbers are written as plain numbers (never defused). */
export type CsvCell = string | number | boolean | null | undefined;

// = + - @ after any leading blanks (some spreadsheets trim them first), or a leading tab, CR or LF
const FORMULA_START = /^(\s*[=+\-@]|[\t\r\n])/;
// a ";" too: where the list separator is ";", an unquoted "a;=cmd()" would open a second cell starting with "="
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One RFC 4180 field. Text starting with = + - @ (after any blanks), tab, CR or LF gets a leading `'` so a spreadsheet
 * shows it as text instead of running it: `=cmd|' /C calc'!A0` → `'=cmd|' /C calc'!A0`; ` =1` → `' =1`; text with a
 * comma, semicolon, quote or line break is quoted: `a;=cmd()` → `"a;=cmd()"`; -2 (a number) → `-2`; true → `true`.
 */
export function toCsvCell(v: CsvCell): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  const text = FORMULA_START.test(v) ? `'${v}` : v;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsvLine(cells: CsvCell[]): string {
  return cells.map(toCsvCell).join(",");
}

/** The header row: one name per export field (the JSON keys are the same names). */
export const CSV_COLUMNS: readonly string[] = EXPORT_FIELDS.map((c) => c.header);

/** The whole file: header, one line per row, CRLF line ends (RFC 4180), no BOM, nothing after the last row. */
export function resultsToCsv(rows: ExportRow[], ctx: ExportContext): string {
  const lines: string[] = [toCsvLine([...CSV_COLUMNS])];
  for (const r of rows) lines.push(toCsvLine(EXPORT_FIELDS.map((c) => c.value(r, ctx))));
  return `${lines.join("\r\n")}\r\n`;
}

/** The same rows as JSON objects (keys = the CSV header), values typed: numbers, booleans, null. */
export function resultsToJson(rows: ExportRow[], ctx: ExportContext): Record<string, ExportValue>[] {
  return rows.map((r) => exportRecord(r, ctx));
}

/** "perfcontext-results-v6.0-llama2-70b-99-Server-2026-11-29.csv": only [A-Za-z0-9._-], at most ~120 chars. */
export function exportFilename(parts: string[], date: string, ext = "csv"): string {
  const slug = [...parts, date]
    .map((p) => p.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("-")
    .slice(0, 110);
  return `perfcontext-results-${slug || "all"}.${ext}`;
}
