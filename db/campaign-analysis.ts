// A campaign's analysis, computed when it is written (issue 26 "compute once, read many"): the members' stored texts
// are read (by the worker itself on a SQLite file, db/work/sqlite-read.ts; here on PostgreSQL), each distinct upload or
// reproduction once (the per-shape SLO counts read the per-request samples, so bake-off runs are read whole); the
// worker pool parses and analyses them off the request thread (db/work/jobs.ts) and returns the stored form
// (lib/campaign/stored.ts).
import { inArray } from "drizzle-orm";
import type { CampaignMember, MemberKind } from "@/lib/campaign";
import { readStoredMembers } from "@/lib/campaign/schema";
import { ANALYSIS_VERSION, staleBuild, storedVersion } from "@/lib/campaign/stored";
import type { DbHandle } from "./client";
import { memberColumns, wholeRunsText } from "./queries/upload-runs";
import { type CampaignHead, campaignAnalysisJson, type Job, type SourceText } from "./work/jobs";
import { runJob, workersEnabled } from "./work/pool";

/** Why a member reads as missing, per kind. */
export const MISSING: Record<MemberKind, string> = {
  bakeoff: "no bake-off upload with this id",
  reproduction: "no reproduction with this id (reproductions are stored by POST /api/reproductions)",
};

/** The stored texts of every distinct member, keyed `${kind}:${id}` (null: not stored). */
export async function memberTexts(
  h: DbHandle,
  members: readonly CampaignMember[],
): Promise<Record<string, SourceText | null>> {
  const out: Record<string, SourceText | null> = {};
  const ids = (kind: MemberKind) => [...new Set(members.filter((m) => m.kind === kind).map((m) => m.id))];
  for (const m of members) out[`${m.kind}:${m.id}`] = null;
  const bakeoff = ids("bakeoff");
  if (bakeoff.length) {
    const { bakeoffUploads: b } = h.t;
    const rows = await h.db.select(memberColumns(b)).from(b).where(inArray(b.id, bakeoff));
    // the whole runs (the per-shape SLO counts read the per-request samples), kept apart when they have samples
    for (const { perRequestSamples, ...row } of rows)
      out[`bakeoff:${row.id}`] = {
        kind: "bakeoff",
        ...row,
        runs: await wholeRunsText(h, { ...row, perRequestSamples }),
      };
  }
  const repro = ids("reproduction");
  if (repro.length) {
    const { reproductions: r } = h.t;
    const rows = await h.db.select({ id: r.id, label: r.label, folder: r.folder }).from(r).where(inArray(r.id, repro));
    for (const row of rows) out[`reproduction:${row.id}`] = { kind: "reproduction", ...row };
  }
  return out;
}

/**
 * The worker bundle's analysis version, once one job told it (null: not known yet). A bundle built from other sources
 * than this server build (a stale .worker/jobs.mjs, or a stale .next beside a bundle rebuilt from newer sources) writes
 * analyses this build cannot read back: every campaign read answered 500 until someone rebuilt. Now the mismatch is
 * logged once, naming the stale build (lib/campaign/stored.ts staleBuild), and this process analyses campaigns with its
 * own code from then on. checkWorkerBuild asks at server start (instrumentation.ts).
 */
// kept on globalThis: Next loads this module once per chunk (instrumentation's and the routes'), one process one answer
const KEY = Symbol.for("perfcontext.workerAnalysisVersion");
type Holder = { [KEY]?: number | null };
const seen = globalThis as Holder;

function noteWorkerVersion(v: number | null): void {
  if (seen[KEY] === v) return;
  seen[KEY] = v;
  const stale = staleBuild(v);
  if (stale) console.error(`PerfContext: ${stale}`);
}

/** The job that analyses a campaign as it is about to be written. */
async function analysisJob(
  h: DbHandle,
  head: Omit<CampaignHead, "members"> & { members: string },
): Promise<Extract<Job, { kind: "campaign" }>> {
  const { members } = readStoredMembers(head.members);
  // on a SQLite file the worker reads the members itself (db/work/sqlite-read.ts): 16 MB of runs never cross this
  // thread; PostgreSQL's reads do not hold it, and an in-memory database has no second connection
  const read = h.dialect === "sqlite" && h.file !== ":memory:" && h.file !== "" ? { sqlite: h.file } : null;
  const sources = read ? null : await memberTexts(h, members);
  return {
    kind: "campaign",
    campaign: { id: head.id, name: head.name, createdAt: head.createdAt, updatedAt: head.updatedAt, members },
    sources,
    read,
    missing: MISSING,
  };
}

/**
 * The stored analysis (JSON) of a campaign as it is about to be written; computed in the worker pool, always of this
 * build's ANALYSIS_VERSION (a worker that writes another is stale: see noteWorkerVersion).
 */
export async function computeAnalysis(
  h: DbHandle,
  head: Omit<CampaignHead, "members"> & { members: string },
  signal?: AbortSignal,
): Promise<string> {
  const job = await analysisJob(h, head);
  const known = seen[KEY] ?? null;
  if (workersEnabled() && (known === null || known === ANALYSIS_VERSION)) {
    const text = await runJob(job, { signal });
    const v = storedVersion(text);
    noteWorkerVersion(v);
    if (v === ANALYSIS_VERSION) return text;
  }
  // no worker, or one built from other sources: this build's own code, the analysis it reads back
  return campaignAnalysisJson(job);
}

/**
 * Server start (instrumentation.ts): one empty campaign analysed in the worker pool tells its bundle's analysis
 * version; a stale build is logged then, not at the first campaign read. Returns what it found (null: no workers).
 */
export async function checkWorkerBuild(): Promise<{
  worker: number | null;
  server: number;
  stale: string | null;
} | null> {
  if (!workersEnabled()) return null;
  const text = await runJob({
    kind: "campaign",
    campaign: { id: "build-check", name: "build check", createdAt: "", updatedAt: "", members: [] },
    sources: {},
    read: null,
    missing: MISSING,
  });
  const v = storedVersion(text);
  noteWorkerVersion(v);
  return { worker: v, server: ANALYSIS_VERSION, stale: staleBuild(v) };
}

/** Forget what the worker said (tests that swap the worker's answer). */
export function resetWorkerVersion(): void {
  seen[KEY] = null;
}
