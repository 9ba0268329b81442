// The official round summaries: the bundled copies in data/official/ (setup, no network), the refresh from the
// official URLs, and `--official` for one round (trying the root's files in order, saying which it used).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { DbHandle } from "@/db/client";
import { sha256Hex } from "@/db/hash";
import type { WriteCounts } from "@/db/write";
import { isEndpointsRound } from "@/lib/endpoints/official-sources";
import { type ManifestEntry, parseManifest } from "@/lib/mlperf/official-manifest";
import {
  hadNoRootSummary,
  OFFICIAL_SOURCES,
  officialCandidates,
  officialSource,
  resultsRepo,
} from "@/lib/mlperf/official-sources";
import type { SourceError } from "@/lib/types";
import { importEndpointsOfficial } from "./endpoints-official";
import {
  DEFAULT_MAX_BYTES,
  fetchBytes,
  fetchFailure,
  type ImportOptions,
  type ImportReport,
  runImport,
} from "./pipeline";

export const OFFICIAL_DIR = path.join(process.cwd(), "data", "official");

export class BundleError extends Error {}

export interface BundledFile {
  entry: ManifestEntry;
  /** The published file's bytes (decompressed, sha256 verified). */
  bytes: Buffer;
}

/** Every bundled summary, decompressed and checked against the manifest (size and sha256); throws naming the file. */
export function readBundled(dir = OFFICIAL_DIR): BundledFile[] {
  const manifestFile = path.join(dir, "manifest.csv");
  if (!fs.existsSync(manifestFile)) throw new BundleError(`${manifestFile}: no manifest of the bundled official data`);
  const { entries, errors } = parseManifest(fs.readFileSync(manifestFile, "utf8"), manifestFile);
  if (errors.length > 0) {
    const e = errors[0] as SourceError;
    throw new BundleError(`${e.source}:${e.line ?? "?"} [${e.field ?? "-"}] ${e.message}`);
  }
  return entries.map((entry) => {
    const file = path.join(dir, entry.file);
    let bytes: Buffer;
    try {
      bytes = zlib.gunzipSync(fs.readFileSync(file));
    } catch (e) {
      throw new BundleError(`${file}: cannot read the bundled copy: ${(e as Error).message}`);
    }
    if (bytes.length !== entry.bytes)
      throw new BundleError(`${file}: ${bytes.length} bytes once decompressed; the manifest says ${entry.bytes}`);
    const sha = sha256Hex(bytes);
    if (sha !== entry.sha256)
      throw new BundleError(`${file}: sha256 ${sha} once decompressed; the manifest says ${entry.sha256}`);
    return { entry, bytes };
  });
}

/**
 * Imports the bundled official rounds, no network: each is recorded under the pinned URL it is byte-identical to.
 * One transaction per file, as for any source.
 */
export async function importBundled(
  h: DbHandle,
  opts: Omit<ImportOptions, "prefetched"> & { dir?: string } = {},
): Promise<ImportReport> {
  const files = readBundled(opts.dir);
  const prefetched = new Map(files.map((f) => [f.entry.sourceUrl, f.bytes]));
  // each bundled file is its round's whole official summary (the manifest names the round)
  const officialRounds = new Map(files.map((f) => [f.entry.sourceUrl, f.entry.round]));
  return runImport(
    h,
    files.map((f) => f.entry.sourceUrl),
    { ...opts, prefetched, officialRounds },
  );
}

export interface RefreshLine {
  round: string;
  url: string;
  /** failed: not fetched, nothing changed; rejected: fetched but refused, nothing changed. */
  status: "failed" | "unchanged" | "imported" | "rejected";
  message: string;
  counts: WriteCounts | null;
}

/**
 * Fetches each known round's official summary (in parallel, one timeout for all) and imports each as its round's
 * whole official record (`officialRounds`): new and changed results are stored, results it no longer lists are marked
 * no longer published, and each change goes to the change log (db/write/lifecycle.ts). Never throws: each round ends
 * in one line, and a failed fetch or a rejected file changes nothing. `rounds` limits it to some rounds.
 */
export async function refreshOfficial(
  h: DbHandle,
  opts: { timeoutMs: number; mirrorBase?: string | null; rounds?: readonly string[] },
): Promise<RefreshLine[]> {
  const sources = OFFICIAL_SOURCES.filter((s) => !opts.rounds || opts.rounds.includes(s.round));
  const fetched = await Promise.all(
    sources.map(async (s) => {
      const c = officialCandidates(s.round, opts.mirrorBase)[0];
      if (!c) return null;
      try {
        return { round: s.round, url: c.url, bytes: await fetchBytes(c.url, opts.timeoutMs, DEFAULT_MAX_BYTES) };
      } catch (e) {
        return { round: s.round, url: c.url, error: fetchFailure(e, opts.timeoutMs) };
      }
    }),
  );
  const lines: RefreshLine[] = [];
  for (const f of fetched) {
    if (!f) continue;
    const { round, url } = f;
    if (!("bytes" in f) || !f.bytes) {
      lines.push({ round, url, status: "failed", message: `could not fetch ${url}: ${f.error}`, counts: null });
      continue;
    }
    const r = await runImport(h, [url], {
      prefetched: new Map([[url, f.bytes]]),
      officialRounds: new Map([[url, round]]),
    });
    const counts = r.perSource[0]?.counts ?? null;
    if (r.rejected > 0 || !counts) {
      const e = r.errors[0];
      const where = e ? `${e.line !== null ? `line ${e.line}` : ""}${e.field ? ` [${e.field}]` : ""}` : "";
      const msg = `not imported (nothing changed): ${where ? `${where.trim()}: ` : ""}${e?.message ?? "rejected"}`;
      lines.push({ round, url, status: "rejected", message: msg, counts: null });
      continue;
    }
    const changed = counts.inserted + counts.updated + counts.noLongerPublished > 0;
    lines.push({
      round,
      url,
      status: changed ? "imported" : "unchanged",
      message: changed
        ? `${counts.inserted} new, ${counts.updated} updated, ${counts.noLongerPublished} no longer published, ${counts.unchanged} unchanged`
        : `no change (${counts.unchanged} results as stored)`,
      counts,
    });
  }
  return lines;
}

export type OfficialOutcome =
  | { kind: "none"; message: string }
  | { kind: "imported"; report: ImportReport; used: { file: string; url: string } | null; tried: string[] };

/**
 * `--official` for one round: the table's files for a round it knows, else the root's summary_results.json,
 * summary.json and summary.csv, in that order; a file that is not there (HTTP 404) moves on to the next. Says
 * which file it used (`used`), or, for a round before v4.0, that the round never had a root summary.
 */
export async function importOfficial(
  h: DbHandle,
  round: string,
  opts: ImportOptions & { mirrorBase?: string | null },
): Promise<OfficialOutcome> {
  if (isEndpointsRound(round)) return importEndpointsRoundOfficial(h, round, opts);
  const repo = resultsRepo(round) ?? round;
  if (hadNoRootSummary(round))
    return {
      kind: "none",
      message: `${round} never had an official summary at the root of ${repo}: rounds before v4.0 published per-submitter checker files only; import those (e.g. ${repo}'s closed/<Submitter>/summary.csv)`,
    };
  const candidates = officialCandidates(round, opts.mirrorBase);
  if (candidates.length === 0) return { kind: "none", message: `not a round: '${round}'` };
  const tried: string[] = [];
  let last: ImportReport | null = null;
  for (const c of candidates) {
    const r = await runImport(h, [c.url], { ...opts, officialRounds: new Map([[c.url, round]]) });
    last = r;
    const notThere = r.rejected > 0 && /^could not fetch: HTTP 404\b/.test(r.errors[0]?.message ?? "");
    if (!notThere) return { kind: "imported", report: r, used: c, tried };
    tried.push(c.file);
    opts.onProgress?.(`${round}: no ${c.file} at ${c.url} (HTTP 404)`);
  }
  const known = officialSource(round) !== null;
  const report = last as ImportReport;
  const err: SourceError = {
    source: candidates[0]?.url ?? repo,
    line: null,
    field: null,
    message: `no official summary at the root of ${repo}${known ? "" : " (a round the table does not know)"}: tried ${tried.join(", ")} (HTTP 404 each)`,
  };
  return {
    kind: "imported",
    report: { ...report, sources: 1, rejected: 1, errors: [err], perSource: [] },
    used: null,
    tried,
  };
}

/** `--round endpoints-vX.Y --official`: the round's results repository (db/import/endpoints-official.ts), as a report. */
async function importEndpointsRoundOfficial(
  h: DbHandle,
  round: string,
  opts: ImportOptions & { mirrorBase?: string | null },
): Promise<OfficialOutcome> {
  const l = await importEndpointsOfficial(h, round, {
    timeoutMs: opts.timeoutMs ?? 30_000,
    mirrorBase: opts.mirrorBase,
  });
  const c = l.counts;
  const curves = await h.x.get<{ n: number }>("select count(*) as n from curves");
  const results = await h.x.get<{ n: number }>("select count(*) as n from results");
  const ok = l.status === "imported" || l.status === "unchanged";
  const errors: SourceError[] = ok ? [] : [{ source: l.url, line: null, field: null, message: l.message }];
  const report: ImportReport = {
    sources: 1,
    inserted: c?.inserted ?? 0,
    updated: c?.updated ?? 0,
    unchanged: c?.unchanged ?? 0,
    rejected: ok ? 0 : 1,
    results: Number(results?.n ?? 0),
    curves: Number(curves?.n ?? 0),
    errors,
    skipped: [],
    perSource: [{ source: l.url, format: "endpoints-results-archive", counts: c, errors }],
  };
  opts.onProgress?.(`${round}: ${l.status}: ${l.message}`);
  return { kind: "imported", report, used: ok ? { file: "results.tar.gz", url: l.url } : null, tried: [] };
}
