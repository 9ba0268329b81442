// A campaign's analysis, computed when it is written (issue 26 "compute once, read many"): the members' stored texts
// are read (by the worker itself on a SQLite file, db/work/sqlite-read.ts; here on PostgreSQL), each distinct upload or
// reproduction once (the per-shape SLO counts read the per-request samples, so bake-off runs are read whole); the
// worker pool parses and analyses them off the request thread (db/work/jobs.ts) and returns the stored form
// (lib/campaign/stored.ts).
import { inArray } from "drizzle-orm";
import type { CampaignMember, MemberKind } from "@/lib/campaign";
import { readStoredMembers } from "@/lib/campaign/schema";
import type { DbHandle } from "./client";
import { memberColumns, wholeRunsText } from "./queries/upload-runs";
import type { CampaignHead, SourceText } from "./work/jobs";
import { runJob } from "./work/pool";

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

/** The stored analysis (JSON) of a campaign as it is about to be written; computed in the worker pool. */
export async function computeAnalysis(
  h: DbHandle,
  head: Omit<CampaignHead, "members"> & { members: string },
  signal?: AbortSignal,
): Promise<string> {
  const { members } = readStoredMembers(head.members);
  // on a SQLite file the worker reads the members itself (db/work/sqlite-read.ts): 16 MB of runs never cross this
  // thread; PostgreSQL's reads do not hold it, and an in-memory database has no second connection
  const read = h.dialect === "sqlite" && h.file !== ":memory:" && h.file !== "" ? { sqlite: h.file } : null;
  const sources = read ? null : await memberTexts(h, members);
  return runJob(
    {
      kind: "campaign",
      campaign: { id: head.id, name: head.name, createdAt: head.createdAt, updatedAt: head.updatedAt, members },
      sources,
      read,
      missing: MISSING,
    },
    { signal },
  );
}
