// The MLPerf Endpoints results repositories as official sources (issues 27 and 28): `npm run refresh` and
// `npm run import -- --round endpoints-vX.Y --official` fetch a round's repository archive (lib/endpoints/
// official-sources.ts: where, by the same probing rule as the Inference rounds), unpack it with bounded decompression
// (lib/reproduce/archive.ts), read every curve in it (db/import/curve-source.ts: results/<system>/<model>/r<N>/ and the
// v0.7 pareto/ layout), store each in its own transaction (db/curves.ts logs new curves, changed points and status
// changes), then mark the curves of this source it no longer holds (db/write/curve-log.ts). A failed fetch or an
// unreadable archive is one line and changes nothing; a curve the checker's rules refuse is named and left as stored.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DbHandle } from "@/db/client";
import { SourceRejected, type WriteCounts } from "@/db/write";
import { markCurvesAbsent } from "@/db/write/curve-log";
import {
  ENDPOINTS_SOURCES,
  type EndpointsCandidate,
  endpointsCandidate,
  pathInRepository,
} from "@/lib/endpoints/official-sources";
import { ArchiveError, readArchive } from "@/lib/reproduce/archive";
import { type CurvePart, curvePart, groupCurves, importCurve } from "./curve-source";
import type { RefreshLine } from "./official";
import { DEFAULT_MAX_BYTES, fetchBytes, fetchFailure } from "./pipeline";

/** A results repository is many small files: bounded well above v0.7's (10 submissions, 100 runs). */
const ARCHIVE_LIMITS = { maxTotalBytes: 512 * 1024 * 1024, maxEntries: 200_000 };

function line(round: string, url: string, status: RefreshLine["status"], message: string, counts: WriteCounts | null) {
  return { round, url, status, message, counts };
}

/** Writes the archive's files under a fresh folder as the repository holds them; returns the folder and the files. */
function unpackTo(bytes: Buffer): { dir: string; files: string[] } {
  const { files } = readArchive(bytes, ARCHIVE_LIMITS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-endpoints-"));
  const written: string[] = [];
  for (const f of files) {
    const rel = pathInRepository(f.path);
    if (!rel) continue;
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, f.bytes);
    written.push(abs);
  }
  return { dir, files: written };
}

/**
 * One Endpoints round's archive (already fetched) into the store: every curve it holds, then the curves it no longer
 * holds marked. Never throws for bad data: one line says what happened.
 */
export async function importEndpointsArchive(
  h: DbHandle,
  round: string,
  c: EndpointsCandidate,
  bytes: Buffer,
): Promise<RefreshLine> {
  let unpacked: { dir: string; files: string[] };
  try {
    unpacked = unpackTo(bytes);
  } catch (e) {
    if (!(e instanceof ArchiveError)) throw e;
    return line(round, c.url, "rejected", `not imported (nothing changed): ${e.message}`, null);
  }
  const { dir, files } = unpacked;
  try {
    const parts: CurvePart[] = [];
    const partFiles: string[] = [];
    for (const f of files) {
      const p = curvePart(f);
      if (p) {
        parts.push(p);
        partFiles.push(f);
      }
    }
    const units = groupCurves(parts, partFiles);
    if (units.length === 0)
      return line(
        round,
        c.url,
        "rejected",
        "not imported (nothing changed): no Endpoints curve in the archive (results/<system>/<model>/r<N>/ or pareto/<system>/<model>/results/point_<N>/)",
        null,
      );
    const at = new Date().toISOString();
    const counts: WriteCounts = { rows: 0, inserted: 0, updated: 0, unchanged: 0, noLongerPublished: 0 };
    const seen = new Set<string>();
    const refused: string[] = [];
    for (const u of units.sort((a, b) => a.dir.localeCompare(b.dir))) {
      const rel = path.relative(dir, u.dir).split(path.sep).join("/");
      try {
        const r = await importCurve(h, u, {
          maxBytes: DEFAULT_MAX_BYTES,
          sourceName: `${c.url}#${rel}`,
          sourceUrl: `https://github.com/${c.repo}/tree/${c.ref}/${rel}`,
          at,
          logSource: c.url,
        });
        seen.add(r.id);
        counts.rows++;
        counts.inserted += r.counts.inserted;
        counts.updated += r.counts.updated;
        counts.unchanged += r.counts.unchanged;
      } catch (e) {
        if (!(e instanceof SourceRejected)) throw e;
        const err = e.errors[0];
        // the file is named as the repository holds it, not by the temporary folder
        const file = err ? err.source.split(`${dir}${path.sep}`).join(`${c.url}#`) : rel;
        const where = `${file}${err?.line ? `:${err.line}` : ""}${err?.field ? ` [${err.field}]` : ""}`;
        refused.push(`${where}: ${err?.message ?? "rejected"}`);
      }
    }
    // a refused curve's id is not known: nothing is marked gone while any curve of the source was refused
    if (refused.length === 0)
      counts.noLongerPublished = await markCurvesAbsent(h, { sourcePrefix: `${c.url}#`, seen, at, logSource: c.url });
    const changed = counts.inserted + counts.updated + counts.noLongerPublished > 0;
    const words = `${counts.inserted} new, ${counts.updated} updated, ${counts.noLongerPublished} no longer published, ${counts.unchanged} unchanged curves`;
    if (refused.length > 0)
      return line(
        round,
        c.url,
        "rejected",
        `${words}; ${refused.length} curve(s) refused (stored as they were; none marked gone): ${refused[0]}`,
        counts,
      );
    return line(
      round,
      c.url,
      changed ? "imported" : "unchanged",
      changed ? words : `no change (${counts.unchanged} curves as stored)`,
      counts,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Fetches one round's archive; a failed fetch is one line. */
async function fetchRound(
  round: string,
  mirrorBase: string | null | undefined,
  timeoutMs: number,
): Promise<{ c: EndpointsCandidate; bytes: Buffer } | RefreshLine | null> {
  const c = endpointsCandidate(round, mirrorBase);
  if (!c) return null;
  try {
    return { c, bytes: await fetchBytes(c.url, timeoutMs, DEFAULT_MAX_BYTES) };
  } catch (e) {
    return line(round, c.url, "failed", `could not fetch ${c.url}: ${fetchFailure(e, timeoutMs)}`, null);
  }
}

/** The refresh of every known Endpoints round (or `rounds`), fetched in parallel, imported one after another. */
export async function refreshEndpoints(
  h: DbHandle,
  opts: { timeoutMs: number; mirrorBase?: string | null; rounds?: readonly string[] },
): Promise<RefreshLine[]> {
  const rounds = ENDPOINTS_SOURCES.map((s) => s.round).filter((r) => !opts.rounds || opts.rounds.includes(r));
  const fetched = await Promise.all(rounds.map((r) => fetchRound(r, opts.mirrorBase, opts.timeoutMs)));
  const lines: RefreshLine[] = [];
  for (const [i, f] of fetched.entries()) {
    if (!f) continue;
    lines.push("bytes" in f ? await importEndpointsArchive(h, rounds[i] as string, f.c, f.bytes) : f);
  }
  return lines;
}

/**
 * `--round endpoints-vX.Y --official`: the table's repository, or the one the round's name implies; a repository
 * that is not there (HTTP 404) says so, naming it.
 */
export async function importEndpointsOfficial(
  h: DbHandle,
  round: string,
  opts: { timeoutMs: number; mirrorBase?: string | null },
): Promise<RefreshLine> {
  const f = await fetchRound(round, opts.mirrorBase, opts.timeoutMs);
  if (!f) return line(round, "", "rejected", `not an Endpoints round: '${round}' (endpoints-vX.Y)`, null);
  if (!("bytes" in f)) {
    const c = endpointsCandidate(round, opts.mirrorBase) as EndpointsCandidate;
    if (/HTTP 404\b/.test(f.message))
      return { ...f, message: `no results repository ${c.repo} at ${c.ref} (${c.url}: HTTP 404)` };
    return f;
  }
  return importEndpointsArchive(h, round, f.c, f.bytes);
}
