// CSV reading for the bake-off parsers: papaparse with no type guessing, split into the blank-line
// separated tables GenAI-Perf/AIPerf write. Pure: text in, string cells out, with 1-based line numbers.
import Papa from "papaparse";

export interface CsvRow {
  cells: string[];
  line: number;
}

export interface CsvTable {
  header: string[];
  line: number; // line of the header
  rows: CsvRow[];
}

export interface CsvParseProblem {
  message: string;
  line: number | null;
}

/** All rows of a CSV text (CRLF or LF), cells trimmed, with their file line numbers. */
export function readCsvRows(text: string): { rows: CsvRow[]; problems: CsvParseProblem[] } {
  // one line-break convention (CRLF, CR or LF each end one line), so the line numbers we count match the file's
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, "\n");
  const res = Papa.parse<string[]>(body, { skipEmptyLines: false, dynamicTyping: false, newline: "\n" });
  const problems: CsvParseProblem[] = res.errors
    .filter((e) => e.code !== "UndetectableDelimiter")
    .map((e) => ({ message: e.message, line: typeof e.row === "number" ? e.row + 1 : null }));
  // papaparse does not report line numbers per row; count the newlines each row spans instead.
  const rows: CsvRow[] = [];
  let line = 1;
  for (const cells of res.data) {
    const trimmed = cells.map((c) => c.trim());
    rows.push({ cells: trimmed, line });
    const extra = cells.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
    line += 1 + extra;
  }
  return { rows, problems };
}

function isBlank(r: CsvRow): boolean {
  return r.cells.every((c) => c === "");
}

/** Blank-line separated tables; the first row of each is its header. */
export function readCsvTables(text: string): { tables: CsvTable[]; problems: CsvParseProblem[] } {
  const { rows, problems } = readCsvRows(text);
  const tables: CsvTable[] = [];
  let cur: CsvTable | null = null;
  for (const r of rows) {
    if (isBlank(r)) {
      cur = null;
      continue;
    }
    if (!cur) {
      cur = { header: r.cells, line: r.line, rows: [] };
      tables.push(cur);
    } else cur.rows.push(r);
  }
  return { tables, problems };
}

/** A header cell as a lookup key: "Time To First Token (ms)" → "time to first token (ms)". */
export function headerKey(h: string): string {
  return h.trim().toLowerCase().replace(/\s+/g, " ");
}
