// MLPerf Inference summary files (summary_results.json, checker summary.json / summary.csv) → ResultRecord[]
// plus line-pinned errors. Pure and browser-safe: text in, records out; papaparse is the only dependency.
import Papa from "papaparse";
import type { ResultRecord, SourceError } from "@/lib/types";
import { parseBool } from "./normalize";
import { type RawRow, REQUIRED_FIELDS, type SummaryFormat, sourceFieldName, toRawRow } from "./summary-fields";
import { type FinishedRecords, finishRecords, PowerGroups, RecordFinisher, type RowItem } from "./summary-finish";
import { normalizeRow, type RowContext } from "./summary-row";
import { checkText, jsonSyntaxError, lineAt, scanJsonObjectLines, stripBom } from "./text-input";

export type { SummaryFormat } from "./summary-fields";

export interface SummaryParseOptions {
  /** Round to use when a row has neither `version` nor `ID` ("v5.1" or "5.1"). */
  round?: string;
  /** `round` was read from the source's path, not given: rows that use it say so in a note. */
  roundFromPath?: boolean;
}

export interface SummaryParseResult {
  records: ResultRecord[];
  /** `resultKey(records[i])` for each record (see lib/mlperf/ids.ts), for the writer. */
  naturalKeys: string[];
  errors: SourceError[];
  format: SummaryFormat | null;
  /** Data rows seen, including rejected ones. */
  rowCount: number;
}

function csvHeader(text: string): string[] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const parsed = Papa.parse<string[]>(firstLine, { header: false });
  return (parsed.data[0] ?? []).map((h) => h.trim());
}

/**
 * Which summary form a text is, by content. `'[{"ID": "6.0-0001", …, "Performance_Result": …}]'` →
 * "summary_results_json"; `'{"0": {"Organization": …, "Result": …}}'` → "checker_json";
 * `"Organization,…,MlperfModel,…,Result,…"` → "checker_csv"; anything else → null.
 */
export function detectSummaryFormat(text: string): SummaryFormat | null {
  const t = stripBom(text).trimStart();
  if (t === "") return null;
  if (t.startsWith("[")) return /"Performance_Result"\s*:/.test(t) ? "summary_results_json" : null;
  if (t.startsWith("{")) {
    return /"Organization"\s*:/.test(t) && /"(Result|MlperfModel)"\s*:/.test(t) ? "checker_json" : null;
  }
  const header = csvHeader(t);
  return header.includes("Organization") && (header.includes("Result") || header.includes("MlperfModel"))
    ? "checker_csv"
    : null;
}

function emptyResult(format: SummaryFormat | null, errors: SourceError[]): SummaryParseResult {
  return { records: [], naturalKeys: [], errors, format, rowCount: 0 };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Normalizes rows one at a time as they are read (so a big file is never held twice: raw rows are dropped as
 * soon as they are records), then runs the whole-file steps.
 */
class RowSink {
  private readonly items: RowItem[] = [];
  private readonly ctx: RowContext;
  private readonly resultField: string;

  constructor(
    format: SummaryFormat,
    private readonly source: string,
    opts: SummaryParseOptions,
    private readonly errors: SourceError[],
    private readonly lineOf?: (index: number) => number | null,
  ) {
    this.ctx = { source, format, round: opts.round, roundFromPath: opts.roundFromPath, lineOf, systems: new Map() };
    this.resultField = sourceFieldName("Performance_Result", format);
  }

  add(row: RawRow): void {
    const out = normalizeRow(row, this.ctx);
    if (out.ok)
      this.items.push({
        record: out.record,
        line: row.line,
        index: row.index,
        powerOnly: out.powerOnly,
        resultField: this.resultField,
      });
    else for (const e of out.errors) this.errors.push(e);
  }

  finish(): FinishedRecords {
    return finishRecords(this.items, this.source, this.errors, this.lineOf);
  }
}

function parseJson(text: string, source: string): { data?: unknown; clean: string; error?: SourceError } {
  const bad = checkText(text, source);
  const clean = stripBom(text);
  if (bad) return { clean, error: bad };
  try {
    return { data: JSON.parse(clean), clean };
  } catch (err) {
    return { clean, error: jsonSyntaxError(err, clean, source) };
  }
}

/** What a streamed parse returns; its records went to `onBatch`. */
export type SummaryStreamResult = Omit<SummaryParseResult, "records" | "naturalKeys">;

/**
 * `summary_results.json`, streamed: each row is normalized as it is read and finished records go to `onBatch`
 * in batches (see RecordFinisher), so a caller can store them while the rest is parsed and nothing holds the whole
 * file's records. A row error or duplicate only shows in the returned errors, after some batches went out: the
 * caller must treat the source as a whole (one transaction) and drop what it stored when errors is not empty.
 */
export function streamSummaryResultsJson(
  text: string,
  source: string,
  opts: SummaryParseOptions,
  onBatch: (batch: FinishedRecords) => void,
): SummaryStreamResult {
  const batches = summaryResultsJsonBatches(text, source, opts);
  for (;;) {
    const next = batches.next();
    if (next.done) return next.value;
    onBatch(next.value);
  }
}

/**
 * The same parse as streamSummaryResultsJson, as a generator of the batches: a caller that stores them
 * asynchronously (a database over the network) takes the next batch when it has stored the last, so the records
 * of a whole file still never sit in memory at once. Returns the errors, format and row count.
 */
export function* summaryResultsJsonBatches(
  text: string,
  source: string,
  opts: SummaryParseOptions,
): Generator<FinishedRecords, SummaryStreamResult, void> {
  const format: SummaryFormat = "summary_results_json";
  const parsed = parseJson(text, source);
  const { clean, error } = parsed;
  if (error) return { errors: [error], format, rowCount: 0 };
  if (!Array.isArray(parsed.data)) {
    return {
      errors: [{ source, line: 1, field: null, message: "expected a JSON array of result objects" }],
      format,
      rowCount: 0,
    };
  }
  // where each element starts is only needed to point at a bad row: scan the text lazily, on the first error
  let lines: (number | null)[] | null = null;
  const lineOf = (i: number): number | null => {
    lines ??= scanJsonObjectLines(clean).elementLines;
    return lines[i] ?? null;
  };
  const rows: unknown[] = parsed.data;
  parsed.data = undefined;
  const errors: SourceError[] = [];
  const ctx: RowContext = {
    source,
    format,
    round: opts.round,
    roundFromPath: opts.roundFromPath,
    lineOf,
    systems: new Map(),
  };
  // pre-pass: which system/benchmark/scenario groups have a power row (their rows are finished last, together)
  const powerRecords: ResultRecord[] = [];
  rows.forEach((el, i) => {
    if (!isPlainObject(el) || parseBool(el.has_power) !== true) return;
    const out = normalizeRow(toRawRow(el, format, null, i), ctx);
    if (out.ok) powerRecords.push(out.record);
  });
  const ready: FinishedRecords[] = [];
  const finisher = new RecordFinisher(source, errors, new PowerGroups(powerRecords), (b) => ready.push(b), lineOf);
  const rowCount = rows.length;
  for (let i = 0; i < rowCount; i++) {
    const el: unknown = rows[i];
    rows[i] = undefined; // ours (JSON.parse made it): let each element go once it is a record
    if (!isPlainObject(el)) {
      errors.push({ source, line: lineOf(i), field: null, message: `array element ${i} is not an object` });
      continue;
    }
    const out = normalizeRow(toRawRow(el, format, null, i), ctx);
    if (out.ok) {
      finisher.add({ record: out.record, line: null, index: i });
      while (ready.length > 0) yield ready.shift() as FinishedRecords;
    } else for (const e of out.errors) errors.push(e);
  }
  finisher.end();
  while (ready.length > 0) yield ready.shift() as FinishedRecords;
  return { errors, format, rowCount };
}

/** `summary_results.json`: a JSON array of flat result objects (the MLCommons results-table form). */
export function parseSummaryResultsJson(
  text: string,
  source: string,
  opts: SummaryParseOptions = {},
): SummaryParseResult {
  const all: FinishedRecords = { records: [], naturalKeys: [] };
  const res = streamSummaryResultsJson(text, source, opts, (b) => {
    for (const r of b.records) all.records.push(r);
    for (const k of b.naturalKeys) all.naturalKeys.push(k);
  });
  return { ...all, ...res };
}

/** Checker `summary.json`: pandas orient=index, an object keyed "0", "1", … of checker rows. */
export function parseCheckerJson(text: string, source: string, opts: SummaryParseOptions = {}): SummaryParseResult {
  const format: SummaryFormat = "checker_json";
  const { data, clean, error } = parseJson(text, source);
  if (error) return emptyResult(format, [error]);
  if (!isPlainObject(data)) {
    return emptyResult(format, [{ source, line: 1, field: null, message: 'expected a JSON object keyed "0", "1", …' }]);
  }
  const keyLines = scanJsonObjectLines(clean).keyLines;
  const errors: SourceError[] = [];
  const sink = new RowSink(format, source, opts, errors);
  const entries = Object.entries(data);
  entries.forEach(([key, el], i) => {
    const line = keyLines.get(key) ?? null;
    if (isPlainObject(el)) sink.add(toRawRow(el, format, line, i));
    else errors.push({ source, line, field: null, message: `entry "${key}" is not an object` });
  });
  return { ...sink.finish(), errors, format, rowCount: entries.length };
}

/** Checker `summary.csv` (27 columns in v4.1, 28 with weight_data_types in v5.1). Header-only → no records, no error. */
export function parseCheckerCsv(text: string, source: string, opts: SummaryParseOptions = {}): SummaryParseResult {
  const format: SummaryFormat = "checker_csv";
  const bad = checkText(text, source);
  if (bad) return emptyResult(format, [bad]);
  const clean = stripBom(text);
  const header = csvHeader(clean);
  const missing = REQUIRED_FIELDS.map((f) => sourceFieldName(f, format)).filter((col) => !header.includes(col));
  if (missing.length > 0) {
    return emptyResult(
      format,
      missing.map((col) => ({ source, line: 1, field: col, message: `missing required column '${col}'` })),
    );
  }

  const errors: SourceError[] = [];
  const sink = new RowSink(format, source, opts, errors);
  const headerEnd = clean.indexOf("\n") + 1;
  let prevCursor = headerEnd;
  let countedTo = 0;
  let line = 1;
  let rowCount = 0;
  Papa.parse<Record<string, string>>(clean, {
    header: true,
    dynamicTyping: false,
    skipEmptyLines: true,
    transformHeader: (h) => h.trim(),
    step: (res) => {
      // The row starts where the previous one ended, after any skipped blank lines.
      let start = prevCursor;
      while (start < clean.length && (clean[start] === "\n" || clean[start] === "\r")) start++;
      line += lineAt(clean.slice(countedTo, start), start - countedTo) - 1;
      countedTo = start;
      prevCursor = res.meta.cursor;
      rowCount++;
      if (res.errors.length > 0) {
        for (const e of res.errors)
          errors.push({ source, line, field: null, message: `malformed CSV row: ${e.message}` });
        return;
      }
      sink.add(toRawRow(res.data, format, line, rowCount - 1));
    },
  });
  return { ...sink.finish(), errors, format, rowCount };
}

/** Detects the form and parses; an unknown form is one error. */
export function parseSummary(text: string, source: string, opts: SummaryParseOptions = {}): SummaryParseResult {
  const bad = checkText(text, source);
  if (bad) return emptyResult(null, [bad]);
  switch (detectSummaryFormat(text)) {
    case "summary_results_json":
      return parseSummaryResultsJson(text, source, opts);
    case "checker_json":
      return parseCheckerJson(text, source, opts);
    case "checker_csv":
      return parseCheckerCsv(text, source, opts);
    default:
      return emptyResult(null, [
        {
          source,
          line: null,
          field: null,
          message: "not a recognised MLPerf summary (summary_results.json, summary.json or summary.csv)",
        },
      ]);
  }
}
