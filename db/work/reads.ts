// What a worker reads and writes on its own connection (db/work/store.ts; SQLite or PostgreSQL), so megabytes never
// cross the request thread (issue 26):
// - a campaign's members, to analyse them: for 32 members on one max-cap upload, 16 MB of whole runs (read on the
//   request thread they held it ~1.6 s on SQLite; on PostgreSQL their decode blocked it 876 ms);
// - an upload's whole runs for `?full=1` (16 MB, ~0.6 s of the request thread on SQLite, 595 ms decoded there on
//   PostgreSQL), moved back as UTF-8 bytes;
// - a campaign's stored report (1.7 MB for that campaign) as JSON or CSV bytes, the runs read only for another pair;
// - a campaign's rows as it is written (its 1.7 MB report and 6 MB of runs), in one transaction with the data version.
// The same readers and writers as the request thread's (db/queries), so each is the same row either way.
import { eq, sql } from "drizzle-orm";
import { campaignAnswer } from "@/lib/api-v1/answer";
import type { CampaignMember } from "@/lib/campaign";
import { reportCsv } from "@/lib/campaign/report";
import type { StoredColumns, StoredReport } from "@/lib/campaign/stored";
import { insertCampaign, type ReportJson, readReportJson, updateCampaignRows } from "../campaign-store";
import { memberTexts } from "../queries/member-texts";
import type { SourceText } from "./jobs";
import { type WorkerStore, workerConn, workerTx } from "./store";

/** The stored texts of a campaign's members, read on the worker's connection. */
export function readMemberTexts(
  store: WorkerStore,
  members: readonly CampaignMember[],
): Promise<Record<string, SourceText | null>> {
  return memberTexts(workerConn(store), members);
}

/** Where the worker reads an upload's whole runs (bakeoff_samples) for `?full=1`. */
export type SamplesRead = WorkerStore & { uploadId: string };

function utf8(text: string): Uint8Array {
  const b = Buffer.from(text, "utf8");
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** An upload's whole runs as UTF-8 bytes (moved back, not copied); null: none kept apart. */
export async function readSamplesBytes(target: SamplesRead): Promise<Uint8Array | null> {
  const c = workerConn(target);
  const s = c.t.bakeoffSamples;
  const [row] = await c.db.select({ runs: s.runs }).from(s).where(eq(s.uploadId, target.uploadId)).limit(1);
  return row ? utf8(row.runs) : null;
}

/**
 * A campaign's stored report to read: JSON (the stored report's own, published points left to the caller), CSV, or
 * the answer of GET /api/v1/campaigns/{id} (lib/api-v1/answer.ts campaignAnswer: parsed and checked here, with
 * `dataVersion`).
 */
export interface ReportRead {
  store: WorkerStore;
  id: string;
  pair: [string, string] | null;
  format: "json" | "csv" | "v1";
  dataVersion?: string;
}

/** found false: no such campaign; bytes null: no analysis of this version stored (the caller analyses it again). */
export interface ReportBytes {
  found: boolean;
  bytes: Uint8Array | null;
  /** the family whose published points the read adds (lib/campaign/stored.ts) */
  family: string | null;
  /** format v1: the report does not match the v1 schema (bytes then empty): where, and the first issues */
  invalid?: { at: string; issues: unknown[] };
}

export async function readReportBytes(r: ReportRead): Promise<ReportBytes> {
  return reportBytes(await readReportJson(workerConn(r.store), r.id, r.pair), r.format, r.dataVersion);
}

/** A read report as the bytes of its format (the worker's answer, or the request thread's when no worker reads). */
export function reportBytes(
  read: ReportJson | null | undefined,
  format: ReportRead["format"],
  dataVersion = "",
): ReportBytes {
  if (read === undefined) return { found: false, bytes: null, family: null };
  if (read === null) return { found: true, bytes: null, family: null };
  if (format === "json") return { found: true, bytes: utf8(read.json), family: read.family };
  if (format === "v1") {
    const answer = campaignAnswer(JSON.parse(read.json) as StoredReport, dataVersion);
    if ("json" in answer) return { found: true, bytes: utf8(answer.json), family: read.family };
    return { found: true, bytes: new Uint8Array(0), family: read.family, invalid: answer.invalid };
  }
  // the CSV reads neither the published points nor the data version
  const report = JSON.parse(read.json) as StoredReport;
  return { found: true, bytes: utf8(reportCsv({ ...report, published: [], dataVersion: "" })), family: read.family };
}

/** A campaign's rows to write as the worker analysed them: a new campaign, or new members of one. */
export interface CampaignWrite {
  store: WorkerStore;
  op: "insert" | "update";
  head: { id: string; name: string; members: string; createdAt: string; updatedAt: string };
}

/** Write the campaign's rows and bump the data version in one transaction; false: an update whose campaign is gone. */
export function writeCampaignRows(w: CampaignWrite, cols: StoredColumns): Promise<boolean> {
  return workerTx(w.store, async (c) => {
    if (w.op === "insert") await insertCampaign(c, w.head, cols);
    else if (!(await updateCampaignRows(c, w.head.id, w.head, cols))) return false;
    // DATA_VERSION_BUMP (db/data-version.ts), by the query builder: one statement text for either dialect's drizzle
    const v = c.t.dataVersion;
    await c.db
      .update(v)
      .set({ version: sql`${v.version} + 1` })
      .where(eq(v.id, 1));
    return true;
  });
}
