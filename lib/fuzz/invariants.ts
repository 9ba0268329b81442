// The fuzz invariants (see properties.ts): what every parser result must satisfy on any input, and the shapes the
// targets and reports share. Pure.
import type fc from "fast-check";
import { RUN_NUMBER_FIELDS } from "@/lib/bakeoff/detect";
import type { BakeoffRun, LoadgenRun, PercentileSet, ResultRecord, SourceError } from "@/lib/types";

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

export function show(v: unknown): string {
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

export function checkLineField(target: string, line: unknown, field: unknown, lines: number, e: unknown): void {
  if (line !== null && !(typeof line === "number" && Number.isInteger(line) && line >= 1 && line <= lines))
    throw new InvariantError(target, `line ${show(line)} is not null or a line of the ${lines}-line input: ${show(e)}`);
  if (field !== null && !(typeof field === "string" && field.trim() !== ""))
    throw new InvariantError(target, `field ${show(field)} is not null or a name: ${show(e)}`);
}

export const isFiniteOrNull = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v));

export function checkRecords(target: string, records: ResultRecord[]): void {
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

export function checkPercentiles(target: string, what: string, p: PercentileSet): void {
  for (const [k, v] of Object.entries(p))
    if (!isFiniteOrNull(v)) throw new InvariantError(target, `${what}.${k} is not finite: ${show(v)}`);
}

export function checkLoadgenRun(target: string, run: LoadgenRun | null): void {
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

export function checkBakeoffRun(target: string, run: BakeoffRun): void {
  for (const k of RUN_NUMBER_FIELDS)
    if (!isFiniteOrNull(run[k])) throw new InvariantError(target, `run.${k} is not finite: ${show(run[k])}`);
  for (const k of ["ttftMs", "tpotMs", "itlMs", "e2eMs"] as const) {
    const l = run[k];
    if (l)
      for (const [p, v] of Object.entries(l)) if (!isFiniteOrNull(v)) throw new InvariantError(target, `${k}.${p}`);
  }
}
