// The stored texts of a campaign's members, read once per distinct member, by whichever connection analyses them:
// the request thread's store (db/campaign-analysis.ts) or a worker's own connection (db/work/store.ts, SQLite or
// PostgreSQL), so 16 MB of whole runs need not cross the request thread. Bake-off runs are read whole (the per-shape
// SLO counts read the per-request samples), by the one rule of db/queries/upload-runs.ts.
import { inArray } from "drizzle-orm";
import type { CampaignMember, MemberKind } from "@/lib/campaign";
import type { SourceText } from "../work/jobs";
import type { Conn } from "./conn";
import { memberColumns, wholeRunsText } from "./upload-runs";

/** The stored texts of every distinct member, keyed `${kind}:${id}` (null: not stored). */
export async function memberTexts(
  h: Conn,
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
