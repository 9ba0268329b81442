// Evaluation campaigns: stored as a name and a JSON list of members (lib/campaign/schema), read back with their
// members' stored runs and analysed by lib/campaign. Drizzle query builder only, so Postgres can follow.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
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
import { readStoredAnalysis, reportFromStored } from "@/lib/campaign/stored";
import { familyOfName, tokenLimits } from "@/lib/judge";
import { shortAccelerator } from "@/lib/snapshot";
import type { BakeoffRun } from "@/lib/types";
import { computeAnalysis, MISSING } from "./campaign-analysis";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import type { SnapshotRow } from "./queries/snapshots";
import { wholeRunsText } from "./queries/upload-runs";
import { getDataVersion } from "./queries/version";
import { reproductionMemberSource } from "./reproductions";
import type { campaigns } from "./schema";
import { checkSnapshotRoom, insertSnapshot } from "./snapshots";

export function newCampaignId(): string {
  return randomBytes(16).toString("base64url");
}

export type CampaignRow = typeof campaigns.$inferSelect;

export async function createCampaign(
  h: DbHandle,
  body: CampaignBody,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<CampaignRow> {
  const row: CampaignRow = {
    id: newCampaignId(),
    name: body.name,
    members: JSON.stringify(body.members),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    analysis: null,
  };
  // the analysis is computed before the write (off the request thread) and stored with the row (issue 26)
  row.analysis = await computeAnalysis(h, row, signal);
  await h.tx(async (t) => {
    await t.db.insert(t.t.campaigns).values(row);
    await bumpDataVersion(t);
  });
  return row;
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
  const analysis = await computeAnalysis(h, { ...found, ...next }, signal);
  return h.tx(async (t) => {
    const { campaigns } = t.t;
    const [still] = await t.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
    if (!still) return null;
    await t.db
      .update(campaigns)
      .set({ ...next, analysis })
      .where(eq(campaigns.id, id));
    await bumpDataVersion(t);
    return (await t.db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1))[0] ?? null;
  });
}

export async function getCampaignRow(h: DbHandle, id: string): Promise<CampaignRow | null> {
  const { campaigns } = h.t;
  return (await h.db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1))[0] ?? null;
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

/** Published Server and Interactive results of one benchmark with tokens/s per accelerator, newest round first. */
export async function publishedParetoPoints(
  h: DbHandle,
  family: string | null,
  limit = 60,
): Promise<PublishedParetoPoint[]> {
  if (!family) return [];
  const key = familyOfName(family);
  const { results } = h.t;
  const rows = await h.db
    .select({
      id: results.id,
      round: results.round,
      roundSort: results.roundSort,
      submitter: results.submitter,
      scenario: results.scenario,
      accelerator: results.accelerator,
      totalAccelerators: results.totalAccelerators,
      perAccelerator: results.perAccelerator,
      units: results.units,
      hasPower: results.hasPower,
    })
    .from(results)
    .where(
      and(
        eq(results.modelFamily, key),
        inArray(results.scenario, ["Server", "Interactive"]),
        isNotNull(results.perAccelerator),
        eq(results.hasPower, false),
      ),
    )
    .orderBy(desc(results.roundSort), desc(results.perAccelerator), asc(results.id))
    .limit(limit * 4);
  const out: PublishedParetoPoint[] = [];
  for (const r of rows) {
    if (!/tokens\/s/i.test(r.units) || r.perAccelerator === null) continue;
    const info = tokenLimits(key, r.scenario as "Server" | "Interactive");
    if (!info) continue;
    out.push({
      id: r.id,
      label: `${r.round} ${r.submitter} ${r.totalAccelerators ?? "?"}×${r.accelerator ? shortAccelerator(r.accelerator) : "?"} (${r.scenario})`,
      scenario: r.scenario as "Server" | "Interactive",
      perAccelerator: r.perAccelerator,
      ttftLimitMs: info.ttftMs,
      tpotLimitMs: info.tpotMs,
      perUserAtLimit: 1000 / info.tpotMs,
    });
    if (out.length >= limit) break;
  }
  return out;
}

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

/**
 * The report a read serves (the API, the pages, the CSV, a freeze): the analysis stored when the campaign was written,
 * with the published points and data version of now; whatever the query string, nothing is analysed again. A
 * campaign stored before its analysis was (or by another ANALYSIS_VERSION) is analysed once, in the worker pool,
 * and the result kept.
 */
export async function storedCampaignReport(
  h: DbHandle,
  id: string,
  pair: [string, string] | null,
  signal?: AbortSignal,
): Promise<CampaignReport | null> {
  const row = await getCampaignRow(h, id);
  if (!row) return null;
  let stored = readStoredAnalysis(row.analysis);
  if (!stored) {
    const text = await computeAnalysis(h, row, signal);
    stored = readStoredAnalysis(text);
    if (!stored) throw new Error("the campaign analysis could not be read back");
    const { campaigns } = h.t;
    // kept for the next read, unless the campaign was rewritten meanwhile (that write stored its own)
    await h.tx((t) =>
      t.db
        .update(campaigns)
        .set({ analysis: text })
        .where(and(eq(campaigns.id, id), eq(campaigns.updatedAt, row.updatedAt))),
    );
  }
  const published = await publishedParetoPoints(h, stored.report.family);
  return reportFromStored(stored, published, (await getDataVersion(h)).version, pair);
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
