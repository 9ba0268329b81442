// Evaluation campaigns: stored as a name and a JSON list of members (lib/campaign/schema), read back with their
// members' stored runs and analysed by lib/campaign. Drizzle query builder only, so Postgres can follow.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  analyzeCampaign,
  type CampaignAnalysis,
  type CampaignBody,
  type CampaignMember,
  type MemberKind,
  type MemberSource,
  type PublishedParetoPoint,
  readStoredMembers,
} from "@/lib/campaign";
import type { RunFacts } from "@/lib/campaign/facts";
import type { CampaignReport } from "@/lib/campaign/report";
import type { BakeoffRun } from "@/lib/types";
import { computeAnalysis, MISSING } from "./campaign-analysis";
import { type CampaignHeadRow, insertCampaign, readCampaignHead, updateCampaignRows } from "./campaign-store";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { publishedParetoPoints } from "./queries/published-points";
import type { SnapshotRow } from "./queries/snapshots";
import { wholeRunsText } from "./queries/upload-runs";
import { getDataVersion } from "./queries/version";
import { reproductionMemberSource } from "./reproductions";
import { checkSnapshotRoom, insertSnapshot } from "./snapshots";

export { storedCampaignReport } from "./campaign-read";
export { publishedParetoPoints };

export function newCampaignId(): string {
  return randomBytes(16).toString("base64url");
}

/** A campaign's row as its pages and writes read it: name, members and times, never its stored analysis. */
export type CampaignRow = CampaignHeadRow;

export async function createCampaign(
  h: DbHandle,
  body: CampaignBody,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<CampaignRow> {
  const head = {
    id: newCampaignId(),
    name: body.name,
    members: JSON.stringify(body.members),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  // the analysis is computed before the write (off the request thread) and stored with the row (issue 26); where
  // a worker has its own connection it writes the rows too
  const done = await computeAnalysis(h, head, signal, "insert");
  if (!done.stored)
    await h.tx(async (t) => {
      await insertCampaign(t, head, done.columns);
      await bumpDataVersion(t);
    });
  return (await getCampaignRow(h, head.id)) ?? { ...head, reportBytes: null };
}

/** Replace a campaign's name and members; null when there is no such campaign. */
export async function updateCampaign(
  h: DbHandle,
  id: string,
  body: CampaignBody,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<CampaignRow | null> {
  const found = await getCampaignRow(h, id);
  if (!found) return null;
  const next = { name: body.name, members: JSON.stringify(body.members), updatedAt: now.toISOString() };
  // the new members' analysis, computed before the write (off the request thread) and stored with them
  const done = await computeAnalysis(h, { ...found, ...next }, signal, "update");
  if (done.stored) return done.found ? getCampaignRow(h, id) : null;
  const still = await h.tx(async (t) => {
    if (!(await updateCampaignRows(t, id, next, done.columns))) return false;
    await bumpDataVersion(t);
    return true;
  });
  return still ? getCampaignRow(h, id) : null;
}

/** The campaign's row without its stored analysis (null: no such campaign). */
export async function getCampaignRow(h: DbHandle, id: string): Promise<CampaignRow | null> {
  return readCampaignHead(h, id);
}

function parseFacts(json: string | null, runs: number): RunFacts[] | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) && v.length === runs ? (v as RunFacts[]) : null;
  } catch {
    return null;
  }
}

async function bakeoffSource(h: DbHandle, id: string): Promise<MemberSource | null> {
  const { bakeoffUploads } = h.t;
  const [row] = await h.db.select().from(bakeoffUploads).where(eq(bakeoffUploads.id, id)).limit(1);
  if (!row) return null;
  const runs = JSON.parse(await wholeRunsText(h, row)) as BakeoffRun[];
  return {
    kind: "bakeoff",
    id: row.id,
    label: row.label,
    accelerator: row.accelerator,
    accelerators: row.accelerators,
    nodes: row.nodes,
    modelFamily: row.modelFamily,
    runs,
    facts: parseFacts(row.facts, runs.length),
  };
}

/** One loader per member kind; a kind whose store is not in this build reads as missing, with why. */
const SOURCES: Record<
  MemberKind,
  { load: (h: DbHandle, id: string) => Promise<MemberSource | null>; missing: string }
> = {
  bakeoff: { load: bakeoffSource, missing: MISSING.bakeoff },
  reproduction: { load: reproductionMemberSource, missing: MISSING.reproduction },
};

export interface CampaignView {
  id: string;
  name: string;
  members: CampaignMember[];
  createdAt: string;
  updatedAt: string;
  analysis: CampaignAnalysis;
  published: PublishedParetoPoint[];
  /** Stored members that no longer read (kept out of the analysis). */
  droppedMembers: number;
  dataVersion: string;
}

export async function loadCampaign(h: DbHandle, id: string): Promise<CampaignView | null> {
  const row = await getCampaignRow(h, id);
  if (!row) return null;
  const { members, dropped } = readStoredMembers(row.members);
  const withSources = [];
  for (const member of members) {
    const s = SOURCES[member.kind];
    const source = await s.load(h, member.id);
    withSources.push({ member, source, why: source ? undefined : s.missing });
  }
  const analysis = analyzeCampaign(withSources);
  return {
    id: row.id,
    name: row.name,
    members,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    analysis,
    published: await publishedParetoPoints(h, analysis.family),
    droppedMembers: dropped,
    dataVersion: (await getDataVersion(h)).version,
  };
}

/** Freeze a campaign report under a new snapshot token (kind "campaign"); the row is never updated. */
export async function createCampaignSnapshot(
  h: DbHandle,
  report: CampaignReport,
  now: Date = new Date(),
): Promise<SnapshotRow> {
  const query = `campaign=${report.id}${report.methodology ? `&a=${report.methodology.a}&b=${report.methodology.b}` : ""}`;
  const payload = JSON.stringify(report);
  // a campaign report counts in the admins' quota (db/snapshots.ts SnapshotCaller): its freeze needs the token
  await checkSnapshotRoom(h, "campaign report", payload, "admin");
  return insertSnapshot(h, "campaign", query, payload, report.dataVersion, { now, caller: "admin" });
}

/** An upload's stored facts (one per load point), or null for uploads stored before migration 0009. */
export async function getUploadFacts(h: DbHandle, id: string, runCount?: number): Promise<RunFacts[] | null> {
  const { bakeoffUploads } = h.t;
  if (runCount !== undefined) {
    // the caller has the runs already: parsing them again only to count them cost a page 300 ms (issue 15)
    const [row] = await h.db
      .select({ facts: bakeoffUploads.facts })
      .from(bakeoffUploads)
      .where(eq(bakeoffUploads.id, id))
      .limit(1);
    return row ? parseFacts(row.facts, runCount) : null;
  }
  const [row] = await h.db
    .select({ facts: bakeoffUploads.facts, runs: bakeoffUploads.runs })
    .from(bakeoffUploads)
    .where(eq(bakeoffUploads.id, id))
    .limit(1);
  return row ? parseFacts(row.facts, (JSON.parse(row.runs) as unknown[]).length) : null;
}
