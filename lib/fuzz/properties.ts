// Property-based fuzzing of every input parser (fast-check). Pure: seeds (real files' text) come in from the caller
// (lib/fuzz/test-seeds.ts reads them), so the same properties run quick in `npm test` (parsers.fuzz.test.ts) and
// long in the bench (bench/fuzz.ts, ≥ 100,000 cases per target).
//
// The properties: on any input a parser returns (never throws; bake-off: throws only BakeoffParseError), and every
// rejection it reports is usable: a non-empty message, the source it was given, a line that is null or a real line
// of the input (1 ≤ line ≤ the input's line count), a field that is null or a non-empty name. Records that do come out
// carry finite numbers only. URL state: parse never throws and serialize∘parse is a fixed point.
import fc from "fast-check";
import Papa from "papaparse";
import { BakeoffParseError, detectAndParse, RUN_NUMBER_FIELDS, tryDetectAndParse } from "@/lib/bakeoff/detect";
import { parseCompareParams } from "@/lib/compare-params";
import { RESULT_ID } from "@/lib/id-patterns";
import { parseLoadgenDetail } from "@/lib/loadgen/detail";
import { parseLoadgenSummary } from "@/lib/loadgen/summary";
import { parseSystemJson } from "@/lib/loadgen/systems";
import { parseCheckerCsv, parseCheckerJson, parseSummary, parseSummaryResultsJson } from "@/lib/mlperf/summary";
import type { BakeoffRun, LoadgenRun, PercentileSet, ResultRecord, SourceError } from "@/lib/types";
import {
  API_DEFAULTS,
  COLUMN_KEYS,
  LIST_KEYS,
  PAGE_DEFAULTS,
  parseResultsState,
  type ResultsState,
  SORT_KEYS,
  serializeResultsState,
} from "@/lib/url-state";

/** Real files' text per parser family; every list may be empty (the generators then use synthetic input only). */
export interface FuzzSeeds {
  summaryResultsJson: string[];
  checkerJson: string[];
  checkerCsv: string[];
  loadgenSummary: string[];
  loadgenDetail: string[];
  systemsJson: string[];
  bakeoff: { name: string; text: string }[];
}

/** A broken property: what failed, on which input (shown by fast-check with the shrunk counterexample). */
export class InvariantError extends Error {
  constructor(target: string, message: string) {
    super(`[${target}] ${message}`);
    this.name = "InvariantError";
  }
}

export interface FuzzInput {
  /** How the input was made (shown in a counterexample). */
  how: string;
  text: string;
  filename: string | null;
}

export interface FuzzTarget {
  name: string;
  arbitrary: fc.Arbitrary<FuzzInput>;
  /** Runs the parser on one input; throws InvariantError when a property does not hold. */
  check: (input: FuzzInput) => void;
}

export interface FuzzReport {
  name: string;
  cases: number;
  ms: number;
  /** null when every case held; else fast-check's report with the shrunk counterexample. */
  failure: string | null;
  /** Cases that broke a property in a way already reported (KNOWN_ISSUES), by issue id. */
  known: Record<string, number>;
}

/**
 * Property violations the fuzzers found in parsers owned elsewhere, reported to the lead and pinned by a failing
 * reproduction in parsers.fuzz.test.ts. They are counted, not failed on, so the fuzzers keep looking for new ones;
 * when a fix lands, the pinned reproduction starts passing and its entry here must be removed.
 */
export interface KnownIssue {
  id: string;
  target: RegExp;
  message: RegExp;
  description: string;
}

// all three found so far (prototype-key scenario, count overflow, empty field name) are fixed and pinned as tests
export const KNOWN_ISSUES: KnownIssue[] = [];

export const SOURCE = "fuzz://input";

// ---------------------------------------------------------------------------------------------------------------
// Invariants

/** Lines as an editor counts them: one more than the number of line breaks (CRLF, LF, or a lone CR). */
export function lineCount(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

function show(v: unknown): string {
  if (typeof v === "number" || typeof v === "function" || typeof v === "bigint") return String(v).slice(0, 80);
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.slice(0, 300);
  } catch {
    return String(v);
  }
}

/** Every rejection names source, a real line (or null) and a field (or null), with a message. */
export function checkSourceErrors(target: string, errors: unknown, text: string, source: string = SOURCE): void {
  if (!Array.isArray(errors)) throw new InvariantError(target, `errors is not an array: ${show(errors)}`);
  const lines = lineCount(text);
  for (const e of errors as SourceError[]) {
    if (typeof e !== "object" || e === null) throw new InvariantError(target, `error is not an object: ${show(e)}`);
    if (typeof e.message !== "string" || e.message.trim() === "")
      throw new InvariantError(target, `error without a message: ${show(e)}`);
    if (e.source !== source) throw new InvariantError(target, `error does not name the source: ${show(e)}`);
    checkLineField(target, e.line, e.field, lines, e);
  }
}

function checkLineField(target: string, line: unknown, field: unknown, lines: number, e: unknown): void {
  if (line !== null && !(typeof line === "number" && Number.isInteger(line) && line >= 1 && line <= lines))
    throw new InvariantError(target, `line ${show(line)} is not null or a line of the ${lines}-line input: ${show(e)}`);
  if (field !== null && !(typeof field === "string" && field.trim() !== ""))
    throw new InvariantError(target, `field ${show(field)} is not null or a name: ${show(e)}`);
}

const isFiniteOrNull = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v));

function checkRecords(target: string, records: ResultRecord[]): void {
  for (const r of records) {
    if (typeof r.value !== "number" || !Number.isFinite(r.value))
      throw new InvariantError(target, `record with a non-finite value ${show(r.value)}`);
    for (const k of ["power", "tokensPerSample"] as const)
      if (!isFiniteOrNull(r[k])) throw new InvariantError(target, `record.${k} is not finite: ${show(r[k])}`);
    for (const k of ["acceleratorsPerNode", "nodes", "totalAccelerators"] as const)
      if (!isFiniteOrNull(r.system[k]))
        throw new InvariantError(target, `record.system.${k} is not finite: ${show(r.system[k])}`);
    for (const k of ["round", "submitter", "platform", "model", "scenario", "units"] as const)
      if (typeof r[k] !== "string") throw new InvariantError(target, `record.${k} is not a string: ${show(r[k])}`);
  }
}

function checkPercentiles(target: string, what: string, p: PercentileSet): void {
  for (const [k, v] of Object.entries(p))
    if (!isFiniteOrNull(v)) throw new InvariantError(target, `${what}.${k} is not finite: ${show(v)}`);
}

function checkLoadgenRun(target: string, run: LoadgenRun | null): void {
  if (run === null) return;
  for (const k of [
    "samplesPerSecond",
    "tokensPerSecond",
    "scheduledSamplesPerSecond",
    "targetQps",
    "ttftLimitNs",
    "tpotLimitNs",
    "minDurationMs",
    "minQueryCount",
    "samplesPerQuery",
    "queryCount",
  ] as const)
    if (!isFiniteOrNull(run[k])) throw new InvariantError(target, `run.${k} is not finite: ${show(run[k])}`);
  checkPercentiles(target, "run.latencyNs", run.latencyNs);
  checkPercentiles(target, "run.ttftNs", run.ttftNs);
  checkPercentiles(target, "run.tpotNs", run.tpotNs);
  if (!["VALID", "INVALID", "UNKNOWN"].includes(run.validity))
    throw new InvariantError(target, `run.validity is ${show(run.validity)}`);
}

function checkBakeoffRun(target: string, run: BakeoffRun): void {
  for (const k of RUN_NUMBER_FIELDS)
    if (!isFiniteOrNull(run[k])) throw new InvariantError(target, `run.${k} is not finite: ${show(run[k])}`);
  for (const k of ["ttftMs", "tpotMs", "itlMs", "e2eMs"] as const) {
    const l = run[k];
    if (l)
      for (const [p, v] of Object.entries(l)) if (!isFiniteOrNull(v)) throw new InvariantError(target, `${k}.${p}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** Values that have broken parsers elsewhere: special numbers, formulas, markup, encodings, control characters. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "NaN",
  "nan",
  "Infinity",
  "-Infinity",
  "inf",
  "1e308",
  "1e400",
  "-1e400",
  "1e-400",
  "-5",
  "-0",
  "0",
  "0x1F",
  "1,234.5",
  "1_000",
  "9".repeat(400),
  "=cmd|' /C calc'!A0",
  "+SUM(A1:A9)",
  '@HYPERLINK("http://x")',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "\u0000",
  "\uFEFF",
  "\uFFFD",
  "caf\u00e9",
  "\u00c3\u00a9",
  "\r",
  "\r\n",
  "\t",
  "\u2028",
  "null",
  "true",
  "[]",
  "{}",
  '"',
  ",",
  "\\",
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
];

export const HOSTILE_JSON_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  0.1,
  [],
  {},
  [null],
  { "": null },
  ...HOSTILE_STRINGS,
];

// Inputs are well-formed Unicode everywhere they come from (TextDecoder output, File.text(); URL search params are
// USVStrings), so the URL-state generators make no lone UTF-16 surrogates (serializing one would turn it into U+FFFD).
// The text mutations below may split a surrogate pair: harmless, a parser must survive any string.

const pos = fc.nat({ max: 1 << 24 });

type Mutation =
  | { kind: "cut"; at: number }
  | { kind: "char"; at: number; s: string }
  | { kind: "insert"; at: number; s: string }
  | { kind: "delete"; at: number; len: number }
  | { kind: "dup"; at: number; len: number }
  | { kind: "byte"; at: number; byte: number }
  | { kind: "crlf" }
  | { kind: "bom" };

const snippet = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "\n", "\r\n", ":::MLLOG ", "Result is : ", "==="),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("cut" as const), at: pos }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant("char" as const),
      at: pos,
      s: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant("insert" as const), at: pos, s: snippet }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), at: pos, len: fc.nat({ max: 400 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("dup" as const), at: pos, len: fc.nat({ max: 400 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant("byte" as const), at: pos, byte: fc.integer({ min: 0, max: 255 }) }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: "crlf" as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: "bom" as const }), weight: 1 },
);

const utf8 = new TextEncoder();
const lenient = new TextDecoder("utf-8");

/** Apply one mutation. Byte mutations go through UTF-8 and back (a lenient decode, as a file read would). */
export function mutate(text: string, m: Mutation): string {
  const at = (n: number) => (text.length === 0 ? 0 : n % (text.length + 1));
  switch (m.kind) {
    case "cut":
      return text.slice(0, at(m.at));
    case "char": {
      const i = at(m.at);
      return text.slice(0, i) + m.s + text.slice(i + 1);
    }
    case "insert": {
      const i = at(m.at);
      return text.slice(0, i) + m.s + text.slice(i);
    }
    case "delete": {
      const i = at(m.at);
      return text.slice(0, i) + text.slice(i + m.len);
    }
    case "dup": {
      const i = at(m.at);
      return text.slice(0, i + m.len) + text.slice(i, i + m.len) + text.slice(i + m.len);
    }
    case "byte": {
      const bytes = utf8.encode(text);
      if (bytes.length === 0) return String.fromCharCode(m.byte);
      bytes[m.at % bytes.length] = m.byte;
      return lenient.decode(bytes);
    }
    case "crlf":
      return text.replace(/\r?\n/g, "\r\n");
    case "bom":
      return `\uFEFF${text}`;
  }
}

/** A real file, cut/flipped/inserted into (1–4 mutations). */
function mutatedFile(seeds: string[]): fc.Arbitrary<FuzzInput> {
  return fc
    .tuple(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([i, ms]) => ({
      how: `mutated seed ${i}: ${ms.map((m) => m.kind).join(",")}`,
      text: ms.reduce(mutate, seeds[i] ?? ""),
      filename: null,
    }));
}

/** Lines of the seeds shuffled together: reaches line-oriented parsers' later states. */
function splicedLines(seeds: string[]): fc.Arbitrary<FuzzInput> {
  const lines = [...new Set(seeds.flatMap((s) => s.split(/\r?\n/)))].filter((l) => l.length < 4000);
  if (lines.length === 0) return fc.constant({ how: "spliced (no seeds)", text: "", filename: null });
  return fc
    .tuple(
      fc.array(fc.oneof({ arbitrary: fc.constantFrom(...lines), weight: 9 }, { arbitrary: snippet, weight: 1 }), {
        maxLength: 60,
      }),
      fc.constantFrom("\n", "\r\n"),
    )
    .map(([ls, eol]) => ({ how: "spliced lines", text: ls.join(eol), filename: null }));
}

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_JSON_VALUES), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.string(), weight: 1 },
);

/** A real JSON file with one value replaced (structure-aware: reaches row normalisation). */
function jsonFieldEdits(seeds: string[]): fc.Arbitrary<FuzzInput> {
  const docs = seeds.flatMap((s) => {
    try {
      return [JSON.parse(s) as unknown];
    } catch {
      return [];
    }
  });
  const keys = [...new Set(docs.flatMap((d) => keysOf(d)))];
  if (docs.length === 0 || keys.length === 0)
    return fc.constant({ how: "json edit (no seeds)", text: "[]", filename: null });
  const edit = fc.record({
    elem: fc.nat(),
    key: fc.oneof(
      { arbitrary: fc.constantFrom(...keys), weight: 6 },
      { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
    ),
    value: hostileJson,
    drop: fc.boolean(),
  });
  return fc
    .tuple(fc.nat({ max: docs.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([d, edits, pretty]) => {
      const doc = structuredClone(docs[d]);
      for (const e of edits) {
        const target = pickElement(doc, e.elem);
        if (!target) continue;
        if (e.drop) delete target[e.key];
        else target[e.key] = structuredClone(e.value); // never share (or let a later edit mutate) a constant
      }
      return {
        how: `json edits ${edits.map((e) => `${e.drop ? "-" : ""}${e.key}=${show(e.value).slice(0, 30)}`).join("; ")}`,
        text: JSON.stringify(doc, null, pretty ? 2 : undefined),
        filename: null,
      };
    });
}

function keysOf(doc: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 3 || typeof v !== "object" || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (!Array.isArray(v)) out.push(k);
      visit(x, depth + 1);
    }
  };
  visit(doc, 0);
  return out;
}

/** An object inside the document: an element of a top-level array/object, or the document itself. */
function pickElement(doc: unknown, n: number): Record<string, unknown> | null {
  if (typeof doc !== "object" || doc === null) return null;
  const children = Object.values(doc).filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null);
  const all = Array.isArray(doc) ? children : [doc as Record<string, unknown>, ...children];
  return all.length > 0 ? (all[n % all.length] ?? null) : null;
}

/** A real CSV with cells replaced (quoted properly, or raw so quoting breaks). */
function csvCellEdits(seeds: string[]): fc.Arbitrary<FuzzInput> {
  const tables = seeds.map((s) => Papa.parse<string[]>(s.replace(/^\uFEFF/, ""), { header: false }).data);
  if (tables.length === 0) return fc.constant({ how: "csv edit (no seeds)", text: "", filename: null });
  const edit = fc.record({
    row: fc.nat(),
    col: fc.nat(),
    value: fc.oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
      { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
    ),
  });
  return fc
    .tuple(fc.nat({ max: tables.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([t, edits, raw]) => {
      const rows = (tables[t] ?? []).map((r) => [...r]);
      for (const e of edits) {
        const row = rows.length > 0 ? rows[e.row % rows.length] : undefined;
        if (row && row.length > 0) row[e.col % row.length] = e.value;
      }
      const text = raw ? rows.map((r) => r.join(",")).join("\n") : Papa.unparse(rows);
      return {
        how: `csv edits (${raw ? "raw" : "quoted"}) ${edits.map((e) => show(e.value).slice(0, 20)).join("; ")}`,
        text,
        filename: null,
      };
    });
}

const anyString: fc.Arbitrary<FuzzInput> = fc
  .oneof(
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 200 }),
    fc.string({ maxLength: 200 }),
    fc.array(snippet, { maxLength: 30 }).map((a) => a.join("")),
  )
  .map((text) => ({ how: "arbitrary string", text, filename: null }));

const anyJson: fc.Arbitrary<FuzzInput> = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.boolean()).map(([v, pretty]) => ({
  how: "arbitrary JSON",
  text: JSON.stringify(v, null, pretty ? 2 : undefined),
  filename: null,
}));

/** The three input families, weighted toward the real files when there are any. */
function inputs(seeds: string[], structured: fc.Arbitrary<FuzzInput>[] = []): fc.Arbitrary<FuzzInput> {
  const real = seeds.length > 0;
  return fc.oneof(
    { arbitrary: anyString, weight: 2 },
    { arbitrary: anyJson, weight: 2 },
    ...(real
      ? [
          { arbitrary: mutatedFile(seeds), weight: 4 },
          { arbitrary: splicedLines(seeds), weight: 1 },
          ...structured.map((arbitrary) => ({ arbitrary, weight: 2 })),
        ]
      : []),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Targets

/** A parser under fuzz: whatever it returns, its errors must be usable, and `checkResult` holds for the rest. */
function parserTarget<R extends { errors: SourceError[] }>(
  name: string,
  parse: (text: string, source: string) => R,
  arbitrary: fc.Arbitrary<FuzzInput>,
  checkResult: (r: R, text: string) => void,
): FuzzTarget {
  return {
    name,
    arbitrary,
    check: ({ text }) => {
      const r = parse(text, SOURCE);
      checkSourceErrors(name, r.errors, text);
      checkResult(r, text);
    },
  };
}

function summaryTarget(
  name: string,
  parse: (text: string, source: string) => { records: ResultRecord[]; errors: SourceError[] },
  arbitrary: fc.Arbitrary<FuzzInput>,
): FuzzTarget {
  return parserTarget(name, parse, arbitrary, (r, text) => {
    checkRecords(name, r.records);
    if (r.records.length === 0 && r.errors.length === 0 && text.trim() === "")
      throw new InvariantError(name, "an empty input passed without an error");
  });
}

function loadgenTarget(
  name: string,
  parse: (text: string, source: string) => { run: LoadgenRun | null; errors: SourceError[] },
  arbitrary: fc.Arbitrary<FuzzInput>,
): FuzzTarget {
  return parserTarget(name, parse, arbitrary, (r) => checkLoadgenRun(name, r.run));
}

const BAKEOFF_NAMES = [
  null,
  "upload",
  "run=0.json",
  "benchmarks.json",
  "profile_export_genai_perf.csv",
  "x_summary.json",
  "x_individual_responses.json",
  "mlperf_log_summary.txt",
  "agg_bmk.json",
  "<script>.json",
  "../../etc/passwd",
];

function bakeoffTarget(seeds: FuzzSeeds): FuzzTarget[] {
  const texts = seeds.bakeoff.map((s) => s.text);
  const names = [...BAKEOFF_NAMES, ...seeds.bakeoff.map((s) => s.name)];
  const arbitrary = fc
    .tuple(
      inputs(texts, [
        jsonFieldEdits(texts.filter((t) => /^\s*[[{]/.test(t))),
        csvCellEdits(texts.filter((t) => !/^\s*[[{:]/.test(t) && t.includes(","))),
      ]),
      fc.constantFrom(...names),
    )
    .map(([i, filename]) => ({ ...i, filename }));
  const strict: FuzzTarget = {
    name: "bakeoff detectAndParse",
    arbitrary,
    check: ({ text, filename }) => {
      let parsed: ReturnType<typeof detectAndParse>;
      try {
        parsed = detectAndParse(text, filename);
      } catch (e) {
        if (!(e instanceof BakeoffParseError))
          throw new InvariantError(
            "bakeoff detectAndParse",
            `threw ${e instanceof Error ? `${e.name}: ${e.message}` : show(e)} (only BakeoffParseError is allowed)`,
          );
        if (e.message.trim() === "")
          throw new InvariantError("bakeoff detectAndParse", "BakeoffParseError without a message");
        checkLineField("bakeoff detectAndParse", e.line, e.field, lineCount(text), e.toJSON());
        return;
      }
      if (parsed.runs.length === 0) throw new InvariantError("bakeoff detectAndParse", "accepted with no runs");
      for (const r of parsed.runs) checkBakeoffRun("bakeoff detectAndParse", r);
    },
  };
  const soft: FuzzTarget = {
    name: "bakeoff tryDetectAndParse",
    arbitrary,
    check: ({ text, filename }) => {
      const r = tryDetectAndParse(text, filename);
      if (r.ok) return;
      if (typeof r.error.message !== "string" || r.error.message.trim() === "")
        throw new InvariantError("bakeoff tryDetectAndParse", `error without a message: ${show(r.error)}`);
      checkLineField("bakeoff tryDetectAndParse", r.error.line, r.error.field, lineCount(text), r.error);
    },
  };
  return [strict, soft];
}

// URL state -----------------------------------------------------------------------------------------------------

const URL_KEYS = [
  ...LIST_KEYS,
  "minAccelerators",
  "maxAccelerators",
  "nodes",
  "q",
  "sort",
  "dir",
  "page",
  "limit",
  "per",
  "hide",
  "ids",
];

const urlValue = fc.oneof(
  fc.constantFrom(
    "all",
    "latest",
    "v6.0",
    "v5.1",
    "Server",
    "Offline",
    "Interactive",
    "closed",
    "llama2-70b-99",
    "AMD",
    "NVIDIA",
    "asc",
    "desc",
    "raw",
    "accelerator",
    "single",
    "multi",
    "any",
    ...SORT_KEYS,
    ...COLUMN_KEYS,
    "1",
    "0",
    "-1",
    "500",
    "501",
    "1e3",
    "0x10",
    " 7 ",
    "2.5",
    "0123456789abcdef",
    "<script>",
    "a,b,,c",
    " , ",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .array(fc.constantFrom("v6.0", "Server", "AMD", "x y", "a+b", "#1", "Offline", "fp8", "all", ""), { maxLength: 6 })
    .map((a) => a.join(",")),
  fc.string({ maxLength: 220 }),
);

const urlKey = fc.oneof(
  { arbitrary: fc.constantFrom(...URL_KEYS), weight: 8 },
  { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
);

type UrlInput =
  | { kind: "query"; query: string }
  | { kind: "pairs"; pairs: [string, string][] }
  | { kind: "record"; record: Record<string, string | string[] | undefined> };

const urlInput: fc.Arbitrary<UrlInput> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }).map((query) => ({ kind: "query" as const, query })),
  fc.array(fc.tuple(urlKey, urlValue), { maxLength: 12 }).map((pairs) => ({ kind: "pairs" as const, pairs })),
  fc
    .dictionary(urlKey, fc.oneof(urlValue, fc.array(urlValue, { maxLength: 3 }), fc.constant(undefined)), {
      maxKeys: 10,
    })
    .map((record) => ({ kind: "record" as const, record })),
);

function toParams(u: UrlInput): URLSearchParams | Record<string, string | string[] | undefined> {
  if (u.kind === "query") return new URLSearchParams(u.query);
  if (u.kind === "record") return u.record;
  const p = new URLSearchParams();
  for (const [k, v] of u.pairs) p.append(k, v);
  return p;
}

/** Stable deep comparison for plain data (state objects). */
function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : x,
  );
}

function checkState(target: string, s: ResultsState): void {
  if (!Number.isInteger(s.page) || s.page < 1) throw new InvariantError(target, `page ${s.page}`);
  if (!Number.isInteger(s.limit) || s.limit < 1 || s.limit > 500) throw new InvariantError(target, `limit ${s.limit}`);
  for (const k of ["minAccelerators", "maxAccelerators"] as const) {
    const v = s[k];
    if (v !== null && (!Number.isInteger(v) || v < 0)) throw new InvariantError(target, `${k} ${v}`);
  }
}

function urlStateTarget(): FuzzTarget {
  const name = "url-state parse/serialize";
  return {
    name,
    // the page defaults (explorer) and the API defaults (empty filter) alternate
    arbitrary: fc
      .tuple(urlInput, fc.boolean())
      .map(([u, api]) => ({ how: show(u), text: JSON.stringify(u), filename: api ? "API_DEFAULTS" : "PAGE_DEFAULTS" })),
    check: ({ text, filename }) => {
      const defaults = filename === "API_DEFAULTS" ? API_DEFAULTS : PAGE_DEFAULTS;
      const u = JSON.parse(text) as UrlInput;
      const first = parseResultsState(toParams(u), defaults);
      for (const i of first.issues)
        if (!i.field || !i.message.trim()) throw new InvariantError(name, `issue without field/message ${show(i)}`);
      checkState(name, first.state);
      const query = serializeResultsState(first.state, defaults);
      const again = parseResultsState(new URLSearchParams(query), defaults);
      if (again.issues.length > 0)
        throw new InvariantError(name, `the serialized state "${query}" parses with issues ${show(again.issues)}`);
      if (canon(again.state) !== canon(first.state))
        throw new InvariantError(
          name,
          `not a fixed point (${filename}): "${query}" parses to ${canon(again.state)}, not ${canon(first.state)}`,
        );
      const query2 = serializeResultsState(again.state, defaults);
      if (query2 !== query) throw new InvariantError(name, `serialize is not idempotent: "${query}" → "${query2}"`);
    },
  };
}

function compareParamsTarget(): FuzzTarget {
  const name = "compare-params";
  const idLike = fc.oneof(
    fc.stringMatching(RESULT_ID),
    fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    fc.string({ maxLength: 30 }),
    fc.constantFrom("", ",", "0123456789ABCDEF", "<script>"),
  );
  const list = fc.array(idLike, { maxLength: 8 }).map((a) => a.join(","));
  return {
    name,
    arbitrary: fc
      .oneof(
        fc.string({ unit: "binary", maxLength: 200 }),
        fc
          .record({ ids: list, bakeoff: fc.option(list) })
          .map((r) =>
            new URLSearchParams(Object.entries(r).filter((e): e is [string, string] => e[1] !== null)).toString(),
          ),
      )
      .map((text) => ({ how: "compare query", text, filename: null })),
    check: ({ text }) => {
      const r = parseCompareParams(new URLSearchParams(text));
      if (r.ok) {
        if (r.ids.length > 6 || r.bakeoff.length > 4)
          throw new InvariantError(name, `too many ids accepted ${show(r)}`);
        if (r.ids.some((id) => !RESULT_ID.test(id))) throw new InvariantError(name, `bad id accepted ${show(r)}`);
        if (r.ids.length + r.bakeoff.length === 0) throw new InvariantError(name, "accepted no ids");
      } else if (!r.message.trim() || !r.field.trim())
        throw new InvariantError(name, `rejection without message/field ${show(r)}`);
    },
  };
}

/** Every fuzz target, over these seeds. */
export function fuzzTargets(seeds: FuzzSeeds): FuzzTarget[] {
  const allSummaries = [...seeds.summaryResultsJson, ...seeds.checkerJson, ...seeds.checkerCsv];
  const jsonSummaries = [...seeds.summaryResultsJson, ...seeds.checkerJson];
  return [
    summaryTarget(
      "mlperf parseSummaryResultsJson",
      (t, s) => parseSummaryResultsJson(t, s),
      inputs(seeds.summaryResultsJson, [jsonFieldEdits(seeds.summaryResultsJson)]),
    ),
    summaryTarget(
      "mlperf parseCheckerJson",
      (t, s) => parseCheckerJson(t, s),
      inputs(seeds.checkerJson, [jsonFieldEdits(seeds.checkerJson)]),
    ),
    summaryTarget(
      "mlperf parseCheckerCsv",
      (t, s) => parseCheckerCsv(t, s),
      inputs(seeds.checkerCsv, [csvCellEdits(seeds.checkerCsv)]),
    ),
    summaryTarget(
      "mlperf parseSummary (detect)",
      (t, s) => parseSummary(t, s),
      inputs(allSummaries, [jsonFieldEdits(jsonSummaries), csvCellEdits(seeds.checkerCsv)]),
    ),
    loadgenTarget("loadgen parseLoadgenSummary", parseLoadgenSummary, inputs(seeds.loadgenSummary)),
    loadgenTarget("loadgen parseLoadgenDetail", parseLoadgenDetail, inputs(seeds.loadgenDetail)),
    parserTarget(
      "loadgen parseSystemJson",
      parseSystemJson,
      inputs(seeds.systemsJson, [jsonFieldEdits(seeds.systemsJson)]),
      (r) => {
        const s = r.system;
        if (s)
          for (const k of ["acceleratorsPerNode", "nodes", "hostProcessorsPerNode"] as const)
            if (!isFiniteOrNull(s[k]))
              throw new InvariantError("loadgen parseSystemJson", `system.${k} = ${show(s[k])}`);
      },
    ),
    ...bakeoffTarget(seeds),
    urlStateTarget(),
    compareParamsTarget(),
  ];
}

/** Run one target for `numRuns` cases. Never throws: a broken property comes back in `failure`. */
export function runTarget(
  t: FuzzTarget,
  opts: { numRuns: number; seed?: number; knownIssues?: KnownIssue[] },
): FuzzReport {
  const known: Record<string, number> = {};
  const issues = (opts.knownIssues ?? KNOWN_ISSUES).filter((k) => k.target.test(t.name));
  const t0 = performance.now();
  let details: fc.RunDetails<[FuzzInput]>;
  try {
    details = fc.check(
      fc.property(t.arbitrary, (input) => {
        try {
          t.check(input);
        } catch (e) {
          const hit = e instanceof InvariantError ? issues.find((k) => k.message.test(e.message)) : undefined;
          if (!hit) throw e;
          known[hit.id] = (known[hit.id] ?? 0) + 1;
        }
      }),
      { numRuns: opts.numRuns, seed: opts.seed, endOnFailure: false },
    );
  } catch (e) {
    // a generator (not a parser) broke: report it like a failed property, with the seed to replay it
    const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return {
      name: t.name,
      cases: 0,
      ms: performance.now() - t0,
      failure: `generator error (seed ${opts.seed}): ${message}`,
      known,
    };
  }
  const ms = performance.now() - t0;
  const failure = details.failed
    ? `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n${fc.defaultReportMessage(details) ?? ""}`
    : null;
  return { name: t.name, cases: details.numRuns, ms, failure, known };
}
