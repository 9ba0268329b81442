// The bake-off writer and readers: uploaded files → one stored upload (one or more load points) → the overlay.
// The CLI (`npm run bakeoff`) and POST /api/bakeoff both save through saveBakeoffUpload, so they parse the same way.
// One insert in one transaction; any rejected file stores nothing.

import { randomBytes } from "node:crypto";
import { asc, count, desc, eq } from "drizzle-orm";
import { UPLOAD_ID } from "@/lib/id-patterns";
import type { BakeoffRun } from "@/lib/types";
import { type PreparedRow, prepareBakeoffRow, type SaveBakeoffInput, uploadRows } from "./bakeoff-prepare";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { type BakeoffUploadView, getBakeoffUpload } from "./queries/compare";
import { samplesApart, wholeRunsText } from "./queries/upload-runs";
import { runJob, workersEnabled } from "./work/pool";

export {
  BakeoffUploadError,
  FAMILY_RE,
  familyOfRuns,
  MAX_FILES,
  MAX_LABEL,
  type PreparedUpload,
  prepareBakeoffUpload,
  type SaveBakeoffInput,
  type UploadFile,
} from "./bakeoff-prepare";
export type { BakeoffUploadView } from "./queries/compare";
export { getBakeoffUpload } from "./queries/compare";

/** Upload ids: 16 random bytes in base64url (22 characters, 128 bits). Older/longer ids stay readable. */
export const UPLOAD_ID_RE = UPLOAD_ID;

export function newUploadId(): string {
  return randomBytes(16).toString("base64url");
}

/** The view of an upload as stored, its runs summarised (per-request samples left out; `perRequestSamples` counts them). */
export type StoredUploadSummary = BakeoffUploadView & { perRequestSamples: number };

/** What the answer to an upload shows of its stored row: the head and the summarised runs (a few KB to parse). */
export function storedUploadSummary(
  id: string,
  createdAt: string,
  row: Omit<PreparedRow, "runs" | "facts">,
): StoredUploadSummary {
  return {
    id,
    label: row.label,
    format: row.format,
    accelerator: row.accelerator,
    accelerators: row.accelerators,
    nodes: row.nodes,
    modelFamily: row.modelFamily,
    runs: JSON.parse(row.runsSummary) as BakeoffRun[],
    warnings: JSON.parse(row.warnings) as string[],
    createdAt,
    perRequestSamples: row.perRequestSamples,
  };
}

/**
 * Store a prepared row (db/bakeoff-prepare.ts, made in the worker pool or in process): one insert, one transaction.
 * On SQLite the API has the worker write it instead (db/work/sqlite-write.ts, `uploadRowTarget`).
 */
export async function storePreparedUpload(h: DbHandle, prepared: PreparedRow): Promise<StoredUploadSummary> {
  const id = newUploadId();
  const createdAt = new Date().toISOString();
  const rows = uploadRows(id, createdAt, prepared);
  await h.tx(async (t) => {
    await t.db.insert(t.t.bakeoffUploads).values(rows.upload);
    if (rows.samples) await t.db.insert(t.t.bakeoffSamples).values(rows.samples);
    await bumpDataVersion(t);
  });
  return storedUploadSummary(id, createdAt, prepared);
}

/**
 * Where a worker may write an upload's row itself: the store's SQLite file (WAL: a second connection writes while
 * this one serves), a fresh id and the time. Null on PostgreSQL (its writes do not hold this thread) and for an
 * in-memory database (no other connection can reach it).
 */
export function uploadRowTarget(h: DbHandle): { sqlite: string; id: string; createdAt: string } | null {
  if (h.dialect !== "sqlite" || h.file === ":memory:" || h.file === "") return null;
  return { sqlite: h.file, id: newUploadId(), createdAt: new Date().toISOString() };
}

/** Parse, fold and store one upload in process (the CLI; the API parses in the worker pool, db/work). */
export async function saveBakeoffUpload(h: DbHandle, input: SaveBakeoffInput): Promise<StoredUploadSummary> {
  return storePreparedUpload(h, prepareBakeoffRow(input));
}

/** The stored upload with the names of the files it was made from (as given). */
export async function getBakeoffUploadDetail(
  h: DbHandle,
  id: string,
): Promise<(BakeoffUploadView & { fileName: string | null }) | null> {
  const view = await getBakeoffUpload(h, id);
  if (!view) return null;
  const { bakeoffUploads } = h.t;
  const [row] = await h.db
    .select({ fileName: bakeoffUploads.fileName })
    .from(bakeoffUploads)
    .where(eq(bakeoffUploads.id, id))
    .limit(1);
  return { ...view, fileName: row?.fileName ?? null };
}

export async function countBakeoffUploads(h: DbHandle): Promise<number> {
  const [row] = await h.db.select({ n: count() }).from(h.t.bakeoffUploads);
  return Number(row?.n ?? 0);
}

/** Model families with published results, for the overlay's family picker. */
export async function getPublishedFamilies(h: DbHandle): Promise<string[]> {
  const { results } = h.t;
  const rows = await h.db.selectDistinct({ f: results.modelFamily }).from(results).orderBy(asc(results.modelFamily));
  return rows.map((r) => r.f);
}

/** Rounds that have results for a family, newest first. */
export async function getFamilyRounds(h: DbHandle, family: string): Promise<string[]> {
  const { results } = h.t;
  const rows = await h.db
    .selectDistinct({ r: results.round, k: results.roundSort })
    .from(results)
    .where(eq(results.modelFamily, family))
    .orderBy(desc(results.roundSort), asc(results.round));
  return rows.map((r) => r.r);
}

/** An upload as stored, its runs left as JSON text: the summary unless `whole` (or no summary is stored). */
export interface UploadText {
  head: Omit<BakeoffUploadView, "runs"> & { fileName: string | null; perRequestSamples: number };
  /** JSON text, or its UTF-8 bytes when a worker read it */
  runs: string | Uint8Array;
  /** true when `runs` leaves the per-request samples out */
  summarised: boolean;
}

/** One upload for GET /api/bakeoff/{id}: nothing parsed, so a 16 MB upload costs a read, not a parse (issue 26). */
export async function getBakeoffUploadText(h: DbHandle, id: string, whole: boolean): Promise<UploadText | null> {
  const { bakeoffUploads: b } = h.t;
  const [row] = await h.db
    .select({
      id: b.id,
      label: b.label,
      format: b.format,
      accelerator: b.accelerator,
      accelerators: b.accelerators,
      nodes: b.nodes,
      modelFamily: b.modelFamily,
      warnings: b.warnings,
      createdAt: b.createdAt,
      fileName: b.fileName,
      perRequestSamples: b.perRequestSamples,
      runs: b.runs,
      runsSummary: b.runsSummary,
    })
    .from(b)
    .where(eq(b.id, id))
    .limit(1);
  if (!row) return null;
  const { runs, runsSummary, warnings, ...head } = row;
  const summarised = !whole && runsSummary !== null && samplesApart(head);
  // the whole runs are read by a worker on its own connection and handed over as bytes (issue 26: read here, 16 MB
  // held this thread ~0.6 s on SQLite; on PostgreSQL their decode blocked it 595 ms)
  const store = workersEnabled() ? h.workerStore : null;
  const apart =
    whole && samplesApart(head) && store ? await runJob({ kind: "samples", read: { ...store, uploadId: id } }) : null;
  const text =
    apart ??
    (whole ? await wholeRunsText(h, { id, runs, perRequestSamples: head.perRequestSamples }) : (runsSummary ?? runs));
  return { head: { ...head, warnings: JSON.parse(warnings) as string[] }, runs: text, summarised };
}
