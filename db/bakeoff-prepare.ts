// Parsing an upload, apart from storing it: files in, the row to store out (every JSON text made here), so that
// it can run off the request thread (db/work/jobs.ts, in the worker pool) with nothing to parse again on the way to
// the database. The CLI runs it in process. No database here.
import { BakeoffParseError, detectAndParse } from "@/lib/bakeoff/detect";
import { sharingParse } from "@/lib/bakeoff/json-tolerant";
import { BudgetExceeded, checkUploadCaps, RequestBudget, UPLOAD_CAPS } from "@/lib/bakeoff/limits";
import { attachLlmperfResponses } from "@/lib/bakeoff/llmperf";
import { loadgenToRun } from "@/lib/bakeoff/loadgen";
import { emptyFacts, fileFacts, type RunFacts } from "@/lib/campaign/facts";
import { InputError } from "@/lib/input-error";
import { familyOfName, familyOfServedModels } from "@/lib/judge";
import { parseLoadgenDetail } from "@/lib/loadgen/detail";
import { compareLogValues, mergeLoadgen } from "@/lib/loadgen/merge";
import { parseLoadgenSummary } from "@/lib/loadgen/summary";
import { sourceName } from "@/lib/mlperf/shared-id";
import { stripUnsafe, stripUnsafeDeep } from "@/lib/text/labels";
import { checkJsonText } from "@/lib/text/strict-json";
import type { BakeoffRun } from "@/lib/types";
import { decodeUtf8Fast } from "./decode";
import { sha256Hex } from "./hash";
import { samplesApart } from "./queries/upload-runs";

export const FAMILY_RE = /^[a-z0-9][a-z0-9.-]{0,59}$/;
export const MAX_LABEL = 120;
export const MAX_FILES = UPLOAD_CAPS.files.limit;

export interface UploadFile {
  /** As given: a browser file name (or relative path), or the path typed on the command line. */
  name: string;
  text: string;
}

export interface SaveBakeoffInput {
  files: UploadFile[];
  label?: string | null;
  accelerator?: string | null;
  accelerators?: number | null;
  nodes?: number | null;
  modelFamily?: string | null;
}

/** A rejected upload: which file, where, and what was expected. Nothing was stored. */
export class BakeoffUploadError extends InputError {
  override name = "BakeoffUploadError";
  toJSON(): { message: string; line: number | null; field: string | null; file: string | null } {
    return { message: this.message, line: this.line, field: this.field, file: this.file };
  }
}

interface FilePart {
  name: string;
  text: string;
  format: string;
  runs: BakeoffRun[];
  /** One per run: what the file says about its setup (lib/campaign/facts), for campaigns. */
  facts: RunFacts[];
  warnings: string[];
  dropped?: string;
}

const dirOf = (name: string) => name.replace(/[\\/]+[^\\/]*$/, "").replace(/^[^\\/]*$/, "");
const baseOf = (name: string) => sourceName(name) ?? name;

/** Replace any non-finite number anywhere in a run by null (the store and every chart see only finite values). */
function finite<T>(v: T): T {
  if (typeof v === "number") return (Number.isFinite(v) ? v : null) as T;
  if (Array.isArray(v)) return v.map(finite) as T;
  if (v && typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = finite(x);
    return o as T;
  }
  return v;
}

function agree(a: number | null | undefined, b: number | null | undefined): boolean {
  return a != null && b != null && compareLogValues(a, b).agrees;
}

/** `f()`, with a parse error turned into an upload error naming `file` (its line and field kept). */
function asUploadError<T>(file: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof BakeoffParseError) throw new BakeoffUploadError(e.message, file, e.line, e.field);
    throw e;
  }
}

/** A LoadGen summary and detail log of one run (same folder, or the same throughput) → one merged point. */
function mergeLoadgenPairs(parts: FilePart[]): void {
  const summaries = parts.filter((p) => !p.dropped && p.format === "mlperf-loadgen-summary");
  const details = parts.filter((p) => !p.dropped && p.format === "mlperf-loadgen-detail");
  for (const d of details) {
    const dr = d.runs[0];
    const s = summaries.find((x) => {
      const sr = x.runs[0];
      if (x.dropped || !sr || !dr) return false;
      const sameDir = dirOf(x.name) !== "" && dirOf(x.name) === dirOf(d.name);
      const sameNumbers =
        (agree(sr.outTokPerS, dr.outTokPerS) || agree(sr.reqPerS, dr.reqPerS)) &&
        sr.load.requestRate === dr.load.requestRate;
      return sameDir || sameNumbers;
    });
    if (!s) continue;
    const sum = parseLoadgenSummary(s.text, s.name).run;
    const det = parseLoadgenDetail(d.text, d.name).run;
    if (!sum || !det) continue;
    const hintName = dr?.model ? d.name : s.name;
    const merged = asUploadError(d.name, () => loadgenToRun(mergeLoadgen(sum, det), hintName));
    d.runs = [merged.run];
    d.warnings = [...new Set([...merged.warnings, `merged with the summary ${baseOf(s.name)} of the same run`])];
    s.dropped = `merged into ${baseOf(d.name)} (summary and detail log of one run)`;
  }
}

const stemOf = (name: string, suffix: RegExp) => baseOf(name).replace(suffix, "");

/** An LLMPerf _summary.json and its _individual_responses.json → one point with per-request TPOT and SLO counts. */
function attachLlmperfPairs(parts: FilePart[]): void {
  const summaries = parts.filter((p) => !p.dropped && p.format === "llmperf-summary-json");
  const individuals = parts.filter((p) => !p.dropped && p.format === "llmperf-individual-responses-json");
  for (const ind of individuals) {
    const stem = stemOf(ind.name, /_individual_responses\.json$/i);
    const s =
      summaries.find((x) => !x.dropped && stemOf(x.name, /_summary\.json$/i) === stem) ??
      (summaries.length === 1 && individuals.length === 1 ? summaries[0] : undefined);
    const sr = s?.runs[0];
    const ir = ind.runs[0];
    if (!s || !sr || !ir) continue;
    s.runs = [attachLlmperfResponses(sr, ir)];
    s.warnings.push(`per-request data from ${baseOf(ind.name)} attached`);
    ind.dropped = `attached to ${baseOf(s.name)}`;
  }
}

/** GenAI-Perf/AIPerf write the same run as JSON and CSV; keep the JSON (it names the model and concurrency). */
function dropCsvTwins(parts: FilePart[]): void {
  for (const c of parts) {
    if (c.dropped || !/^(genai-perf|aiperf)-csv$/.test(c.format)) continue;
    const cr = c.runs[0];
    const twin = parts.find(
      (j) =>
        !j.dropped &&
        j.format === c.format.replace(/-csv$/, "-json") &&
        (dirOf(j.name) === dirOf(c.name) || dirOf(c.name) === "") &&
        agree(j.runs[0]?.outTokPerS, cr?.outTokPerS) &&
        agree(j.runs[0]?.ttftMs?.p99, cr?.ttftMs?.p99),
    );
    if (twin) c.dropped = `same run as ${baseOf(twin.name)}; the JSON is kept`;
  }
}

export interface PreparedUpload {
  format: string;
  runs: BakeoffRun[];
  facts: RunFacts[];
  warnings: string[];
  fileName: string;
  sha256: string;
}

/** One file: JSON hygiene, then every sniffer in the registry (lib/bakeoff/detect), then its run facts. */
function parseFile(f: UploadFile): FilePart {
  // JSON hygiene first: a duplicate key, a lone surrogate or runaway nesting is refused with its line
  if (/^\s*[[{]/.test(f.text.slice(0, 64))) {
    const problem = checkJsonText(f.text);
    if (problem) throw new BakeoffUploadError(problem.message, f.name, problem.line, problem.field);
  }
  try {
    // the file's JSON parsed once for its runs and its facts (lib/bakeoff/json-tolerant.ts sharingParse)
    const { p, facts } = sharingParse(f.text, () => {
      const p = detectAndParse(f.text, f.name);
      return { p, facts: fileFacts(f.text, p.runs[0]?.tool ?? "csv", p.runs.length) };
    });
    return { name: f.name, text: f.text, format: p.format, runs: p.runs, facts, warnings: [...p.warnings] };
  } catch (e) {
    const err = e as { message?: string; line?: number | null; field?: string | null };
    const message = typeof err.message === "string" ? err.message : "could not read the file";
    throw new BakeoffUploadError(message, f.name, err.line ?? null, err.field ?? null);
  }
}

/**
 * Parse every file by content (lib/bakeoff detectAndParse) and fold them into one upload: LoadGen summary+detail
 * pairs merged, LLMPerf summary+individual pairs joined, GenAI-Perf CSV twins of a JSON dropped, every other file's
 * load points kept in file order. Throws BakeoffUploadError on the first file that cannot be read.
 */
export function prepareBakeoffUpload(files: UploadFile[], budget: RequestBudget = new RequestBudget()): PreparedUpload {
  if (files.length === 0) throw new BakeoffUploadError("no file: expected one or more benchmark output files", null);
  if (files.length > MAX_FILES)
    throw new BakeoffUploadError(`too many files (${files.length}); at most ${MAX_FILES} per upload`, null);
  const parts: FilePart[] = files.map((f) => {
    const part = parseFile(f);
    // the request's one budget (lib/bakeoff/limits.ts): samples counted file by file, refused at the file passing it
    let samples = 0;
    for (const r of part.runs) samples += r.perRequest?.length ?? 0;
    try {
      budget.addSamples(samples, f.name);
    } catch (e) {
      if (e instanceof BudgetExceeded) throw new BakeoffUploadError(e.message, f.name, null, "file");
      throw e;
    }
    return part;
  });
  mergeLoadgenPairs(parts);
  attachLlmperfPairs(parts);
  dropCsvTwins(parts);
  const kept = parts.filter((p) => !p.dropped);
  const many = parts.length > 1;
  const warnings: string[] = [];
  for (const p of parts) {
    const prefix = many ? `${baseOf(p.name)}: ` : "";
    if (p.dropped) warnings.push(`${prefix}${p.dropped}`);
    else for (const w of p.warnings) warnings.push(`${prefix}${w}`);
  }
  const capped = checkUploadCaps(kept.flatMap((p) => p.runs));
  if (capped) throw new BakeoffUploadError(capped.message, many ? null : (kept[0]?.name ?? null), null, capped.field);
  const formats = [...new Set(kept.map((p) => p.format))];
  const hash = sha256Hex(files.map((f) => `${sha256Hex(f.text)}  ${f.name}`).join("\n"));
  // text taken from the files (model names, tool versions, notes, warnings quoting them) loses control characters and
  // bidi overrides here, once, before anything stores or shows it (lib/text/labels.ts, issue 26 finding 6)
  return {
    format: formats.join("+"),
    runs: kept.flatMap((p) => p.runs).map((r) => stripUnsafeDeep(finite(r))),
    facts: stripUnsafeDeep(
      kept.flatMap((p) => (p.facts.length === p.runs.length ? p.facts : p.runs.map(() => emptyFacts()))),
    ),
    warnings: stripUnsafeDeep([...new Set(warnings)]),
    fileName: files.map((f) => f.name).join(", "),
    sha256: hash,
  };
}

/** The MLPerf family the runs' models map to (the judge's familyOfServedModels, as the upload form prefills it). */
export function familyOfRuns(runs: BakeoffRun[]): string | null {
  return familyOfServedModels(runs.map((r) => r.model));
}

/** The accelerator count when every run that states one agrees. */
function acceleratorsOfRuns(runs: BakeoffRun[]): number | null {
  const counts = [...new Set(runs.map((r) => r.accelerators).filter((x): x is number => x !== null && x > 0))];
  return counts.length === 1 ? (counts[0] ?? null) : null;
}

function defaultLabel(runs: BakeoffRun[], files: UploadFile[]): string {
  const r = runs[0];
  const what = r?.model ?? baseOf(files[0]?.name ?? "upload");
  const label = `${r?.tool ?? "bake-off"} · ${what}${runs.length > 1 ? ` · ${runs.length} load points` : ""}`;
  return label.slice(0, MAX_LABEL);
}

/** The columns of one bake-off_uploads row but its id and time: every JSON text made, nothing left to parse. */
export interface PreparedRow {
  label: string;
  format: string;
  fileName: string;
  sha256: string;
  accelerator: string | null;
  accelerators: number | null;
  nodes: number | null;
  modelFamily: string | null;
  runs: string;
  /** the runs without their per-request samples (what reads serve by default) */
  runsSummary: string;
  perRequestSamples: number;
  warnings: string;
  facts: string;
}

/** A file as the request carried it: bytes (checked as strict UTF-8 here) or text already decoded. */
export type RawUploadFile = { name: string; bytes: Uint8Array } | UploadFile;

/** Strict UTF-8, each file drawing on the request's budget; a Latin-1 byte is reported with its line. */
export function decodeFiles(files: RawUploadFile[], budget: RequestBudget): UploadFile[] {
  return files.map((f) => {
    try {
      budget.addEntry(f.name);
      budget.addBytes("bytes" in f ? f.bytes.length : f.text.length, f.name);
    } catch (e) {
      if (e instanceof BudgetExceeded) throw new BakeoffUploadError(e.message, f.name, null, "file");
      throw e;
    }
    if (!("bytes" in f)) return f;
    const d = decodeUtf8Fast(f.bytes);
    if (!d.ok) throw new BakeoffUploadError(d.message, f.name, d.line, null);
    return { name: f.name, text: d.text };
  });
}

/** Decode, parse, fold, check the caps and the request budget, and make the row's texts. Throws BakeoffUploadError. */
export function prepareBakeoffRow(
  input: Omit<SaveBakeoffInput, "files"> & { files: RawUploadFile[] },
  budget: RequestBudget = new RequestBudget(),
): PreparedRow {
  const files = decodeFiles(input.files, budget);
  const prepared = prepareBakeoffUpload(files, budget);
  // a typed label with control or bidi characters is refused at the form (app/api/bakeoff/upload-body.ts); one taken
  // from the files has them stripped
  const label = input.label?.trim() ? input.label : stripUnsafe(defaultLabel(prepared.runs, files));
  if (label.length > MAX_LABEL)
    throw new BakeoffUploadError(`label is longer than ${MAX_LABEL} characters`, null, null, "label");
  // a family chosen by hand in any published spelling ("VLM", "llama3_1-405b") is stored as the table's family
  const family = input.modelFamily?.trim() ? familyOfName(input.modelFamily) : familyOfRuns(prepared.runs);
  if (family !== null && !FAMILY_RE.test(family))
    throw new BakeoffUploadError(`model family "${family.slice(0, 60)}" is not a family key`, null, null, "family");
  let samples = 0;
  for (const r of prepared.runs) samples += r.perRequest?.length ?? 0;
  return {
    label,
    format: prepared.format,
    fileName: prepared.fileName,
    sha256: prepared.sha256,
    accelerator: input.accelerator?.trim() ? input.accelerator.trim() : null,
    accelerators: input.accelerators ?? acceleratorsOfRuns(prepared.runs),
    nodes: input.nodes ?? null,
    modelFamily: family,
    runs: JSON.stringify(prepared.runs),
    runsSummary: JSON.stringify(summaryRuns(prepared.runs)),
    perRequestSamples: samples,
    warnings: JSON.stringify(prepared.warnings),
    facts: JSON.stringify(prepared.facts.map((f) => finite(f))),
  };
}

/**
 * The rows one prepared upload is stored as (issue 26): its bakeoff_uploads row and, when it carries per-request
 * samples, its whole runs apart in bakeoff_samples, the row's `runs` then being the summary. Both writers use it (the
 * request thread's, db/bakeoff.ts, and a worker's, db/work/sqlite-write.ts), so the two store the same rows.
 */
export function uploadRows(id: string, createdAt: string, prepared: PreparedRow) {
  const apart = samplesApart(prepared);
  return {
    upload: { id, ...prepared, runs: apart ? prepared.runsSummary : prepared.runs, createdAt },
    samples: apart ? { uploadId: id, runs: prepared.runs } : null,
  };
}

/** Runs without their per-request samples: what GET /api/bakeoff/{id} and campaigns read unless asked for all. */
export function summaryRuns(runs: readonly BakeoffRun[]): BakeoffRun[] {
  return runs.map((r) => (r.perRequest ? { ...r, perRequest: null } : r));
}
