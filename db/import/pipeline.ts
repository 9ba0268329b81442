// The import pipeline shared by the CLI, the seed and tests: units → lib parsers → db/write, one transaction each.
import fs from "node:fs";
import type { DbHandle } from "@/db/client";
import { sha256Hex } from "@/db/hash";
import { importLoadgenRun, importSystemsFile } from "@/db/import/loadgen-source";
import { parseSummaryString, summaryText } from "@/db/import/summary-source";
import { openRemoteDb } from "@/db/remote-sqlite";
import { SourceRejected, SourceWriter, type WriteCounts, writeResults } from "@/db/write";
import { roundFromSourceName } from "@/lib/mlperf/checker-history";
import { detectSummaryFormat, streamSummaryResultsJson } from "@/lib/mlperf/summary";
import type { SourceError } from "@/lib/types";
import { discover, type Unit } from "./discover";

export interface ImportOptions {
  round?: string;
  /** Fetch timeout for http(s) sources, ms. */
  timeoutMs?: number;
  /** Largest source accepted, bytes. */
  maxBytes?: number;
  onProgress?: (msg: string) => void;
  /**
   * A summary_results.json at least this big (bytes) is written through a worker-thread connection
   * (db/remote-sqlite.ts) so SQLite's work overlaps parsing; smaller ones, and `:memory:` databases, are written
   * here. Default BULK_MIN_BYTES.
   */
  bulkMinBytes?: number;
  /**
   * Bytes already in hand for some http(s) sources, by URL: used instead of fetching (setup's bundled official
   * copies, recorded under the pinned URL they are byte-identical to; fetches made in parallel beforehand).
   */
  prefetched?: ReadonlyMap<string, Buffer>;
}

/**
 * 20 MB. Measured crossover: at 11 MB (8.7k rows) both writers take 0.49 s; at 30 MB (23k rows) the worker is
 * 12% faster, at 112 MB (87k rows) ~25%; at 2.4 MB (2.9k rows) it is 40% slower (start-up, serialization).
 */
export const BULK_MIN_BYTES = 20_000_000;

/** Page cache of the bulk connection (KiB): the indexes of a few hundred thousand rows stay in memory. */
const BULK_CACHE_KB = 64 * 1024;

export interface ImportReport {
  sources: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  results: number;
  errors: SourceError[];
  skipped: string[];
  perSource: {
    source: string;
    format: string;
    counts: WriteCounts | null;
    errors: SourceError[];
    /** "worker" when a big summary was written through db/remote-sqlite.ts. */
    writer?: "worker" | "direct";
  }[];
}

export const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;

/** The body's bytes, undecoded: the strict UTF-8 check then runs on what the server sent, as for a file. */
export async function fetchBytes(url: string, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
  const len = Number(res.headers.get("content-length") ?? "0");
  if (len > maxBytes) throw new Error(`too large: ${len} bytes (limit ${maxBytes})`);
  const buf = Buffer.from(await res.arrayBuffer());
  if (buf.length > maxBytes) throw new Error(`too large: ${buf.length} bytes (limit ${maxBytes})`);
  return buf;
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

function readSource(file: string, maxBytes: number): Buffer {
  const size = fs.statSync(file).size;
  if (size > maxBytes)
    throw new SourceRejected([
      { source: file, line: null, field: null, message: `file is ${size} bytes; the limit is ${maxBytes}` },
    ]);
  return fs.readFileSync(file);
}

/** The source's text and its sha256; the bytes are not kept (only this function ever holds them). */
function decodeSource(bytes: Buffer, source: string): { text: string; sha256: string } {
  const t = summaryText(bytes, source);
  if (!t.ok) throw new SourceRejected(t.errors);
  return { text: t.text, sha256: sha256Hex(bytes) };
}

/**
 * One summary source into the store in one transaction. summary_results.json (the big official files) is
 * streamed: rows are stored batch by batch while the rest is normalized, so the records of a whole round never
 * sit in memory at once; any bad row rejects the source and the transaction drops what was stored.
 */
function storeSummary(
  h: DbHandle,
  text: string,
  source: string,
  sha256: string,
  round: string | undefined,
  remote: DbHandle | null,
) {
  // a file that does not say its round (v0.7's checker files) takes --round, else the round its path names
  const fromPath = round ? null : roundFromSourceName(source);
  const parseOpts = { round: round ?? fromPath ?? undefined, roundFromPath: fromPath !== null };
  if (detectSummaryFormat(text) === "summary_results_json") {
    const format = "summary_results_json";
    const target = remote ?? h;
    const counts = target.sqlite
      .transaction(() => {
        const w = new SourceWriter(target, { source, format, sha256 });
        const res = streamSummaryResultsJson(text, source, parseOpts, (b) => w.add(b.records, b.naturalKeys));
        if (res.errors.length > 0) throw new SourceRejected(res.errors);
        return w.finish();
      })
      .immediate();
    return { format, counts, writer: remote ? ("worker" as const) : ("direct" as const) };
  }
  const parsed = parseSummaryString(text, source, parseOpts);
  if (parsed.errors.length > 0) throw new SourceRejected(parsed.errors);
  const format = parsed.format ?? "unknown";
  const counts = writeResults(h, parsed.records, { source, format, sha256 }, format, parsed.naturalKeys);
  return { format, counts, writer: "direct" as const };
}

function unitName(u: Unit): string {
  return u.kind === "url" ? u.url : u.kind === "loadgen" ? u.dir : u.path;
}

async function importUnit(
  h: DbHandle,
  u: Unit,
  opts: ImportOptions,
): Promise<{ format: string; counts: WriteCounts; writer?: "worker" | "direct" }> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (u.kind === "summary" || u.kind === "url" || u.kind === "unknown") {
    const source = unitName(u);
    const read = async (): Promise<Buffer> => {
      if (u.kind !== "url") return readSource(u.path, maxBytes);
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
    // a big local file: start the worker connection now, so it opens while the file is read and parsed
    const size = u.kind === "url" ? 0 : fs.statSync(u.path).size;
    const bulkMin = opts.bulkMinBytes ?? BULK_MIN_BYTES;
    let remote = h.file !== ":memory:" && size >= bulkMin ? openRemoteDb(h.file, { cacheKb: BULK_CACHE_KB }) : null;
    try {
      // (the bytes live only inside this arrow: once decoded, only the text is kept)
      const { text, sha256 } = await (async () => {
        const bytes = await read();
        if (!remote && h.file !== ":memory:" && bytes.length >= bulkMin)
          remote = openRemoteDb(h.file, { cacheKb: BULK_CACHE_KB });
        return decodeSource(bytes, source);
      })();
      return storeSummary(h, text, source, sha256, opts.round, remote);
    } finally {
      remote?.close();
    }
  }
  if (u.kind === "loadgen") return importLoadgenRun(h, u, { round: opts.round, maxBytes });
  return importSystemsFile(h, u.path, { round: opts.round, maxBytes });
}

export async function runImport(h: DbHandle, sources: string[], opts: ImportOptions = {}): Promise<ImportReport> {
  const { units, skipped, missing } = discover(sources);
  const report: ImportReport = {
    sources: units.length + missing.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    results: 0,
    errors: [],
    skipped,
    perSource: [],
  };
  for (const m of missing) {
    const err = { source: m, line: null, field: null, message: "no such file or directory" };
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
      const { format, counts, writer } = await importUnit(h, u, opts);
      report.inserted += counts.inserted;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      report.perSource.push({ source, format, counts, errors: [], writer });
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
  const row = h.sqlite.prepare("select count(*) as n from results where origin != 'loadgen-pending'").get() as {
    n: number;
  };
  report.results = row.n;
  return report;
}
