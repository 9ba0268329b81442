// A campaign's stored report as a read serves it (the API, its CSV, the pages, a freeze): the analysis stored when the
// campaign was written, with the published points and data version of now; whatever the query string, nothing is
// analysed again (issue 26). The stored report (1.7 MB for 32 members on a max-cap upload) is read and, for another
// ?a=&b= pair, diffed by a worker on its own connection (db/work/reads.ts) and moved back as bytes; the JSON answer
// appends the published points to those bytes unparsed (lib/campaign/stored.ts servedTail), the CSV is made there.
// A campaign stored before its analysis was (or by another ANALYSIS_VERSION) is analysed once, in the worker pool,
// and the result kept.
import { and, eq } from "drizzle-orm";
import type { CampaignReport } from "@/lib/campaign/report";
import { leastFrozenBytes, reportFromStored, type StoredReport, servedTail } from "@/lib/campaign/stored";
import { computeAnalysis } from "./campaign-analysis";
import { readCampaignHead, readReportJson, writeAnalysis } from "./campaign-store";
import type { DbHandle } from "./client";
import { publishedParetoPoints } from "./queries/published-points";
import { getDataVersion } from "./queries/version";
import { tooLarge } from "./snapshots";
import { runJob, workersEnabled } from "./work/pool";
import { type ReportBytes, type ReportRead, reportBytes } from "./work/reads";

type Pair = [string, string] | null;

/** Bytes as a Blob part: a worker's answer is a view of a plain ArrayBuffer (moved, never shared). */
const bytesPart = (b: Uint8Array) => b as Uint8Array<ArrayBuffer>;

/** Read where the store allows (a worker's own connection), else on this thread (an in-memory database). */
async function readOnce(
  h: DbHandle,
  id: string,
  pair: Pair,
  format: ReportRead["format"],
  signal?: AbortSignal,
  dataVersion?: string,
) {
  const store = workersEnabled() ? h.workerStore : null;
  if (store) return runJob({ kind: "campaign-report", read: { store, id, pair, format, dataVersion } }, { signal });
  return reportBytes(await readReportJson(h, id, pair), format, dataVersion);
}

/**
 * The stored report's bytes in `format` (JSON without published points and data version; v1: the versioned API's
 * answer with `dataVersion`), analysed first if need be.
 */
export async function storedReportBytes(
  h: DbHandle,
  id: string,
  pair: Pair,
  format: ReportRead["format"],
  signal?: AbortSignal,
  dataVersion?: string,
): Promise<(ReportBytes & { bytes: Uint8Array }) | null> {
  const read = await readOnce(h, id, pair, format, signal, dataVersion);
  if (!read.found) return null;
  if (read.bytes) return { ...read, bytes: read.bytes };
  const head = await readCampaignHead(h, id);
  if (!head) return null;
  const done = await computeAnalysis(h, head, signal);
  if (done.stored) throw new Error("an analysis asked for unstored was stored");
  // kept for the next read, unless the campaign was rewritten meanwhile (that write stored its own)
  await h.tx(async (t) => {
    const { campaigns: k } = t.t;
    const [same] = await t.db
      .select({ id: k.id })
      .from(k)
      .where(and(eq(k.id, id), eq(k.updatedAt, head.updatedAt)))
      .limit(1);
    if (same) await writeAnalysis(t, id, done.columns);
  });
  const again = await readOnce(h, id, pair, format, signal, dataVersion);
  if (!again.found) return null;
  if (!again.bytes) throw new Error("the campaign analysis could not be read back");
  return { ...again, bytes: again.bytes };
}

/** The served report's tail: the published points and data version of now. */
async function tailOf(h: DbHandle, family: string | null) {
  return { published: await publishedParetoPoints(h, family), dataVersion: (await getDataVersion(h)).version };
}

/** The report a page, the versioned API or a freeze reads (parsed here: 1.7 MB at most, once). */
export async function storedCampaignReport(
  h: DbHandle,
  id: string,
  pair: Pair,
  signal?: AbortSignal,
): Promise<CampaignReport | null> {
  const read = await storedReportBytes(h, id, pair, "json", signal);
  if (!read) return null;
  const report = JSON.parse(new TextDecoder().decode(read.bytes)) as StoredReport;
  const { published, dataVersion } = await tailOf(h, read.family);
  return reportFromStored(report, published, dataVersion);
}

/**
 * The JSON answer of GET /api/campaigns/{id}: JSON.stringify of the report storedCampaignReport gives, byte for byte,
 * made of the stored bytes and the tail without parsing them.
 */
export async function storedCampaignJson(h: DbHandle, id: string, pair: Pair, signal?: AbortSignal) {
  const read = await storedReportBytes(h, id, pair, "json", signal);
  if (!read) return null;
  const { published, dataVersion } = await tailOf(h, read.family);
  return new Blob([bytesPart(read.bytes.subarray(0, read.bytes.length - 1)), servedTail(published, dataVersion)]);
}

/**
 * The answer of GET /api/v1/campaigns/{id}: the served report checked against the v1 schema, as JSON text, made where
 * the report was read (lib/api-v1/answer.ts campaignAnswer). The schema names no methodology and no published
 * points, so no pair's runs and no points are read for it. Null: no such campaign.
 */
export async function storedCampaignV1(
  h: DbHandle,
  id: string,
  signal?: AbortSignal,
): Promise<{ bytes: Blob } | { invalid: { at: string; issues: unknown[] } } | null> {
  const dataVersion = (await getDataVersion(h)).version;
  const read = await storedReportBytes(h, id, null, "v1", signal, dataVersion);
  if (!read) return null;
  return read.invalid ? { invalid: read.invalid } : { bytes: new Blob([bytesPart(read.bytes)]) };
}

/** The CSV of GET /api/campaigns/{id}?format=csv, made where the report was read. */
export async function storedCampaignCsv(h: DbHandle, id: string, pair: Pair, signal?: AbortSignal) {
  const read = await storedReportBytes(h, id, pair, "csv", signal);
  return read ? new Blob([bytesPart(read.bytes)]) : null;
}

/**
 * A freeze refused before the report is read: the stored report's size without its methodology (reportBytes, stored
 * when it was written) and the tail every payload carries already pass the snapshot cap. The message (the bytes it
 * would store at least); null: the freeze may fit (or the size was not stored: a campaign stored before 0020).
 */
export async function freezeTooLarge(h: DbHandle, id: string): Promise<string | null> {
  const head = await readCampaignHead(h, id);
  if (head?.reportBytes == null) return null;
  // the family is needed for the published points: it sits in the report, so only a campaign without it is priced
  // exactly here; with it, the tail without published points is already a lower bound
  const { dataVersion } = await tailOf(h, null);
  return tooLarge("campaign report", leastFrozenBytes(head.reportBytes, [], dataVersion), true);
}
