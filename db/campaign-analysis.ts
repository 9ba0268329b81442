// A campaign's analysis, computed when it is written (issue 26 "compute once, read many"): the members' stored texts
// are read, each distinct upload or reproduction once (the per-shape SLO counts read the per-request samples, so
// bake-off runs are read whole); the worker pool parses and analyses them off the request thread (db/work/jobs.ts).
// Where the store allows a second connection (a SQLite file, PostgreSQL: DbHandle.workerStore) the worker reads the
// members on its own connection and, for a campaign being written, writes its rows too (db/work/reads.ts), so neither
// the members' 16 MB nor the analysis' 7.8 MB cross the request thread; else the request thread reads and stores.
import type { MemberKind } from "@/lib/campaign";
import { readStoredMembers } from "@/lib/campaign/schema";
import { ANALYSIS_VERSION, type StoredColumns, staleBuild } from "@/lib/campaign/stored";
import type { DbHandle } from "./client";
import { memberTexts } from "./queries/member-texts";
import { type CampaignHead, type CampaignJobValue, campaignColumns, type Job } from "./work/jobs";
import { runJob, workersEnabled } from "./work/pool";

export { memberTexts };

/** Why a member reads as missing, per kind. */
export const MISSING: Record<MemberKind, string> = {
  bakeoff: "no bake-off upload with this id",
  reproduction: "no reproduction with this id (reproductions are stored by POST /api/reproductions)",
};

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

type Head = Omit<CampaignHead, "members"> & { members: string };

/** The job that analyses a campaign as it is about to be written (and, given `write`, has the worker store it). */
function analysisJob(h: DbHandle, head: Head, write: "insert" | "update" | null): Extract<Job, { kind: "campaign" }> {
  const { members } = readStoredMembers(head.members);
  const store = workersEnabled() ? h.workerStore : null;
  return {
    kind: "campaign",
    campaign: { id: head.id, name: head.name, createdAt: head.createdAt, updatedAt: head.updatedAt, members },
    sources: store ? null : {},
    read: store,
    write:
      store && write
        ? {
            store,
            op: write,
            head: {
              id: head.id,
              name: head.name,
              members: head.members,
              createdAt: head.createdAt,
              updatedAt: head.updatedAt,
            },
            version: ANALYSIS_VERSION,
          }
        : null,
    missing: MISSING,
  };
}

/** What computeAnalysis did: stored the rows (the worker wrote them) or hands back the columns to store. */
export type Analysed = { stored: true; found: boolean } | { stored: false; columns: StoredColumns };

/**
 * A campaign's analysis as it is about to be written, computed in the worker pool, always of this build's
 * ANALYSIS_VERSION (a worker that writes another is stale: see noteWorkerVersion). With `write`, a worker on its own
 * connection stores the rows itself (outside any transaction of the caller's: it would wait for the caller's lock).
 */
export async function computeAnalysis(
  h: DbHandle,
  head: Head,
  signal?: AbortSignal,
  write: "insert" | "update" | null = null,
): Promise<Analysed> {
  const job = analysisJob(h, head, write);
  const known = seen[KEY] ?? null;
  if (workersEnabled() && (known === null || known === ANALYSIS_VERSION)) {
    if (job.sources) job.sources = await memberTexts(h, job.campaign.members);
    const value: CampaignJobValue = await runJob(job, { signal });
    noteWorkerVersion(value.stored ? value.version : value.columns.version);
    if (value.stored) return { stored: true, found: value.found };
    if (value.columns.version === ANALYSIS_VERSION) return value;
  }
  // no worker, or one built from other sources: this build's own code, the analysis it reads back
  const sources = await memberTexts(h, job.campaign.members);
  return { stored: false, columns: await campaignColumns({ ...job, sources, read: null, write: null }) };
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
  const value = await runJob({
    kind: "campaign",
    campaign: { id: "build-check", name: "build check", createdAt: "", updatedAt: "", members: [] },
    sources: {},
    read: null,
    missing: MISSING,
  });
  const v = value.stored ? value.version : value.columns.version;
  noteWorkerVersion(v);
  return { worker: v, server: ANALYSIS_VERSION, stale: staleBuild(v) };
}

/** Forget what the worker said (tests that swap the worker's answer). */
export function resetWorkerVersion(): void {
  seen[KEY] = null;
}
