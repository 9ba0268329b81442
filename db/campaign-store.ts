// A campaign's stored rows (issue 26): the campaigns row (name, members, the stored report as `analysis`, its
// reportBytes) and its compact runs apart (campaign_runs, migration 0020). One module for every reader and writer of
// them: the request thread's (db/campaigns.ts, over its DbHandle) and a worker's own connection (db/work/reads.ts,
// SQLite or PostgreSQL), so a row written by either is the same row. Each read touches only what it serves: the head
// (no analysis), the stored report, or the runs (only for another pair's methodology diff).
import { eq } from "drizzle-orm";
import type { CampaignRun } from "@/lib/campaign/runs";
import {
  reportForPair,
  type StoredColumns,
  type StoredReport,
  servesPair,
  storedReportJson,
} from "@/lib/campaign/stored";
import type { Conn } from "./queries/conn";

/** A connection to read and write through: the store's drizzle and its tables (either dialect's). */
export type { Conn };

/** The campaigns row without its stored report. */
export interface CampaignHeadRow {
  id: string;
  name: string;
  members: string;
  createdAt: string;
  updatedAt: string;
  /** null: stored before migration 0020 (or without an analysis) */
  reportBytes: number | null;
}

export async function readCampaignHead(c: Conn, id: string): Promise<CampaignHeadRow | null> {
  const { campaigns: k } = c.t;
  const [row] = await c.db
    .select({
      id: k.id,
      name: k.name,
      members: k.members,
      createdAt: k.createdAt,
      updatedAt: k.updatedAt,
      reportBytes: k.reportBytes,
    })
    .from(k)
    .where(eq(k.id, id))
    .limit(1);
  return row ?? null;
}

/** The stored `analysis` text alone (`{"version","report"}`); undefined: no such campaign. */
export async function readAnalysisText(c: Conn, id: string): Promise<string | null | undefined> {
  const { campaigns: k } = c.t;
  const [row] = await c.db.select({ analysis: k.analysis }).from(k).where(eq(k.id, id)).limit(1);
  return row ? row.analysis : undefined;
}

/** The compact runs' JSON (null: none stored apart). */
export async function readRunsText(c: Conn, id: string): Promise<string | null> {
  const { campaignRuns: r } = c.t;
  const [row] = await c.db.select({ runs: r.runs }).from(r).where(eq(r.campaignId, id)).limit(1);
  return row?.runs ?? null;
}

/** A stored report's JSON for a pair, and the family whose published points a read adds to it. */
export interface ReportJson {
  json: string;
  family: string | null;
}

/**
 * The stored report's JSON for `pair` (published points and data version left to the read): sliced from the stored
 * text as it is when it serves the pair, else with the pair's methodology diff from the runs. undefined: no such
 * campaign; null: no analysis of this version stored (the caller analyses it again). Parses the report (1.7 MB for 32
 * members on a max-cap upload): a worker's work (db/work/reads.ts).
 */
export async function readReportJson(
  c: Conn,
  id: string,
  pair: [string, string] | null,
): Promise<ReportJson | null | undefined> {
  const text = await readAnalysisText(c, id);
  if (text === undefined) return undefined;
  const json = storedReportJson(text);
  if (json === null) return null;
  const report = JSON.parse(json) as StoredReport;
  if (servesPair(report, pair) || !pair) return { json, family: report.family };
  const runs = await readRunsText(c, id);
  if (runs === null) return null;
  return {
    json: JSON.stringify(reportForPair(report, pair, JSON.parse(runs) as CampaignRun[])),
    family: report.family,
  };
}

/** The campaigns row's columns of a stored analysis. */
function analysisColumns(cols: StoredColumns) {
  return { analysis: cols.analysis, reportBytes: cols.reportBytes };
}

/** Store a campaign's analysis: its row's columns and its runs apart, replacing what was stored (inside a transaction). */
export async function writeAnalysis(c: Conn, id: string, cols: StoredColumns): Promise<void> {
  const { campaigns: k, campaignRuns: r } = c.t;
  await c.db.update(k).set(analysisColumns(cols)).where(eq(k.id, id));
  await c.db.delete(r).where(eq(r.campaignId, id));
  await c.db.insert(r).values({ campaignId: id, runs: cols.runs });
}

/** A new campaign's rows (inside a transaction). */
export async function insertCampaign(
  c: Conn,
  head: Omit<CampaignHeadRow, "reportBytes">,
  cols: StoredColumns,
): Promise<void> {
  await c.db.insert(c.t.campaigns).values({ ...head, ...analysisColumns(cols) });
  await c.db.insert(c.t.campaignRuns).values({ campaignId: head.id, runs: cols.runs });
}

/** A campaign's new name and members with their analysis (inside a transaction); false: no such campaign. */
export async function updateCampaignRows(
  c: Conn,
  id: string,
  next: { name: string; members: string; updatedAt: string },
  cols: StoredColumns,
): Promise<boolean> {
  const { campaigns: k } = c.t;
  const [still] = await c.db.select({ id: k.id }).from(k).where(eq(k.id, id)).limit(1);
  if (!still) return false;
  await c.db.update(k).set(next).where(eq(k.id, id));
  await writeAnalysis(c, id, cols);
  return true;
}
