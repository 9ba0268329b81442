// The import pipeline shared by the CLI, the seed and tests: units → lib parsers → db/write, one transaction each.
import fs from "node:fs";
import net from "node:net";
import type { DbHandle } from "@/db/client";
import { sha256Hex } from "@/db/hash";
import { importCurve } from "@/db/import/curve-source";
import { importLoadgenRun, importSystemsFile } from "@/db/import/loadgen-source";
import { parseSummaryString, summaryText } from "@/db/import/summary-source";
import { SourceRejected, SourceWriter, type WriteCounts, writeResults } from "@/db/write";
import { roundFromSourceName } from "@/lib/mlperf/checker-history";
import { detectSummaryFormat, summaryResultsJsonBatches } from "@/lib/mlperf/summary";
import { checkJsonText } from "@/lib/text/strict-json";
import type { SourceError } from "@/lib/types";
import { discover, type Unit, whyUnreadable } from "./discover";

export interface ImportOptions {
  round?: string;
  /** Fetch timeout for http(s) sources, ms. */
  timeoutMs?: number;
  /** Largest source accepted, bytes. */
  maxBytes?: number;
  onProgress?: (msg: string) => void;
  /**
   * Bytes already in hand for some http(s) sources, by URL: used instead of fetching (setup's bundled official
   * copies, recorded under the pinned URL they are byte-identical to; fetches made in parallel beforehand).
   */
  prefetched?: ReadonlyMap<string, Buffer>;
  /**
   * Sources that are a round's whole official summary, by name (URL) → that round: results of the round they no
   * longer list are marked no longer published (SourceMeta.completeRounds). Setup, `--official` and refresh set it.
   */
  officialRounds?: ReadonlyMap<string, string>;
}

export interface ImportReport {
  sources: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  results: number;
  /** MLPerf Endpoints curves in the database after the run (db/curves.ts) */
  curves: number;
  errors: SourceError[];
  skipped: string[];
  perSource: {
    source: string;
    format: string;
    counts: WriteCounts | null;
    errors: SourceError[];
  }[];
}

export const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;

/** The body's bytes, undecoded: the strict UTF-8 check then runs on what the server sent, as for a file. */
export async function fetchBytes(url: string, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
  const len = Number(res.headers.get("content-length") ?? "0");
  if (len > maxBytes) throw new Error(`too large: ${len} bytes (limit ${maxBytes}, --max-bytes)`);
  // counted as it streams: an endless chunked body stops at the limit
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  if (reader)
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new Error(`more than ${maxBytes} bytes (the limit, --max-bytes); stopped reading`);
      }
      chunks.push(value);
    }
  return Buffer.concat(chunks);
}

/**
 * Why a fetch failed, in words a user can act on: undici's bare "fetch failed" hides the cause (ECONNREFUSED,
 * ENOTFOUND, a TLS error) in `cause`; a timeout names the limit and the flag that sets it.
 */
export function fetchFailure(e: unknown, timeoutMs: number): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === "TimeoutError" || err?.name === "AbortError")
    return `no complete answer within ${timeoutMs / 1000} s (the limit; set it with --timeout SECONDS)`;
  const cause = err?.cause;
  const detail = [cause?.code, cause?.message].filter((x) => x && !err.message.includes(x)).join(": ");
  return detail ? `${err.message} (${detail})` : String(err?.message ?? e);
}

/**
 * A FIFO or device, read with --max-bytes enforced as bytes arrive (a device such as /dev/zero never ends) and an
 * idle limit (a FIFO nobody writes to never answers): opened non-blocking, so nothing waits in a thread forever.
 */
export function readSpecial(file: string, maxBytes: number, idleMs: number): Promise<Buffer> {
  const stat = fs.statSync(file);
  const reject = (message: string) => new SourceRejected([{ source: file, line: null, field: null, message }]);
  return new Promise<Buffer>((resolve, fail) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    let stream: NodeJS.ReadableStream & { destroy(): void };
    if (stat.isFIFO()) {
      const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      stream = new net.Socket({ fd, readable: true, writable: false });
    } else stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.destroy();
      if (err) fail(err);
      else resolve(Buffer.concat(chunks));
    };
    let timer = setTimeout(
      () => finish(reject(`no data for ${idleMs / 1000} s (a FIFO nobody writes to?); the limit is --timeout`)),
      idleMs,
    );
    stream.on("data", (c: Buffer) => {
      total += c.length;
      if (total > maxBytes)
        return finish(reject(`more than ${maxBytes} bytes (the limit, --max-bytes); stopped reading`));
      chunks.push(c);
      clearTimeout(timer);
      timer = setTimeout(() => finish(reject(`no data for ${idleMs / 1000} s; the limit is --timeout`)), idleMs);
    });
    stream.on("end", () => finish(null));
    stream.on("error", (e: Error) => finish(reject(`could not read: ${e.message}`)));
  });
}

function readSource(file: string, maxBytes: number): Buffer {
  const size = fs.statSync(file).size;
  if (size > maxBytes)
    throw new SourceRejected([
      { source: file, line: null, field: null, message: `file is ${size} bytes; the limit is ${maxBytes}` },
    ]);
  return fs.readFileSync(file);
}

/** A JSON source with a duplicate key, a lone surrogate escape or runaway nesting is refused, naming the line. */
export function rejectBadJson(text: string, source: string): void {
  if (!/^\s*[[{]/.test(text.slice(0, 64))) return;
  const p = checkJsonText(text);
  if (p) throw new SourceRejected([{ source, line: p.line, field: p.field, message: p.message }]);
}

/** The source's text and its sha256; the bytes are not kept (only this function ever holds them). */
function decodeSource(bytes: Buffer, source: string): { text: string; sha256: string } {
  const t = summaryText(bytes, source);
  if (!t.ok) throw new SourceRejected(t.errors);
  rejectBadJson(t.text, source);
  return { text: t.text, sha256: sha256Hex(bytes) };
}

/**
 * One summary source into the store in one transaction. summary_results.json (the big official files) is
 * streamed: rows are stored batch by batch while the rest is normalized, so the records of a whole round never
 * sit in memory at once; any bad row rejects the source and the transaction drops what was stored.
 */
async function storeSummary(
  h: DbHandle,
  text: string,
  source: string,
  sha256: string,
  round: string | undefined,
  official: string | undefined,
) {
  const completeRounds = official ? [official] : undefined;
  // a file that does not say its round (v0.7's checker files) takes --round, else the round its path names
  const fromPath = round ? null : roundFromSourceName(source);
  const parseOpts = { round: round ?? fromPath ?? undefined, roundFromPath: fromPath !== null };
  if (detectSummaryFormat(text) === "summary_results_json") {
    const format = "summary_results_json";
    const counts = await h.tx(async (t) => {
      const w = await SourceWriter.open(t, { source, format, sha256, completeRounds });
      // the parser hands over one batch at a time, the next once this one is stored
      const batches = summaryResultsJsonBatches(text, source, parseOpts);
      let next = batches.next();
      for (; !next.done; next = batches.next()) await w.add(next.value.records, next.value.naturalKeys);
      if (next.value.errors.length > 0) throw new SourceRejected(next.value.errors);
      return w.finish();
    });
    return { format, counts };
  }
  const parsed = parseSummaryString(text, source, parseOpts);
  if (parsed.errors.length > 0) throw new SourceRejected(parsed.errors);
  const format = parsed.format ?? "unknown";
  const meta = { source, format, sha256, completeRounds };
  const counts = await writeResults(h, parsed.records, meta, format, parsed.naturalKeys);
  return { format, counts };
}

function unitName(u: Unit): string {
  return u.kind === "url" ? u.url : u.kind === "loadgen" || u.kind === "curve" ? u.dir : u.path;
}

async function importUnit(h: DbHandle, u: Unit, opts: ImportOptions): Promise<{ format: string; counts: WriteCounts }> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (u.kind === "summary" || u.kind === "url" || u.kind === "unknown") {
    const source = unitName(u);
    const read = async (): Promise<Buffer> => {
      if (u.kind !== "url") {
        if (!fs.statSync(u.path).isFile()) return readSpecial(u.path, maxBytes, opts.timeoutMs ?? 30_000);
        return readSource(u.path, maxBytes);
      }
      const pre = opts.prefetched?.get(u.url);
      if (pre) return pre;
      const timeoutMs = opts.timeoutMs ?? 30_000;
      try {
        return await fetchBytes(u.url, timeoutMs, maxBytes);
      } catch (e) {
        throw new SourceRejected([
          { source, line: null, field: null, message: `could not fetch: ${fetchFailure(e, timeoutMs)}` },
        ]);
      }
    };
    // (the bytes live only inside this arrow: once decoded, only the text is kept)
    const { text, sha256 } = decodeSource(await read(), source);
    return storeSummary(h, text, source, sha256, opts.round, opts.officialRounds?.get(source));
  }
  if (u.kind === "loadgen") return importLoadgenRun(h, u, { round: opts.round, maxBytes });
  if (u.kind === "curve") return importCurve(h, u, { maxBytes });
  return importSystemsFile(h, u.path, { round: opts.round, maxBytes });
}

/** A report of nothing done yet: the start of one run, or of several runs' sum (the CLI's --official plus files). */
export function emptyReport(sources = 0, skipped: string[] = []): ImportReport {
  return {
    sources,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    results: 0,
    curves: 0,
    errors: [],
    skipped,
    perSource: [],
  };
}

export async function runImport(h: DbHandle, sources: string[], opts: ImportOptions = {}): Promise<ImportReport> {
  const { units, skipped, missing } = discover(sources);
  const report = emptyReport(units.length + missing.length, skipped);
  for (const m of missing) {
    const err = { source: m, line: null, field: null, message: whyUnreadable(m) };
    report.rejected++;
    report.errors.push(err);
    report.perSource.push({ source: m, format: "missing", counts: null, errors: [err] });
  }
  let i = 0;
  for (const u of units) {
    i++;
    const source = unitName(u);
    opts.onProgress?.(`[${i}/${units.length}] ${source}`);
    try {
      const { format, counts } = await importUnit(h, u, opts);
      report.inserted += counts.inserted;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      report.perSource.push({ source, format, counts, errors: [] });
    } catch (e) {
      const errors =
        e instanceof SourceRejected
          ? e.errors
          : [{ source, line: null, field: null, message: `import failed: ${(e as Error).message}` }];
      report.rejected++;
      report.errors.push(...errors);
      report.perSource.push({ source, format: u.kind, counts: null, errors });
    }
  }
  const row = await h.x.get<{ n: number }>("select count(*) as n from results where origin <> 'loadgen-pending'");
  report.results = Number(row?.n ?? 0);
  const curves = await h.x.get<{ n: number }>("select count(*) as n from curves");
  report.curves = Number(curves?.n ?? 0);
  return report;
}
