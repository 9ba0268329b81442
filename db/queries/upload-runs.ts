// An upload's whole runs (with their per-request samples): kept apart in bakeoff_samples when it carries samples
// (migration 0017, issue 26), else in its own row. Readers that need the samples (the overlay's SLO counts, campaign
// analyses, `?full=1`) read them through here; everything else reads the row's `runs`, which is then the summary.
// The one rule (samplesApart, wholeRuns) and the one column list a campaign member is read by (memberColumns) serve
// both readers: the request thread's and a worker's own connection (db/queries/member-texts.ts, db/work/reads.ts).
import { eq } from "drizzle-orm";
import type { Conn } from "./conn";

/** True when the upload's whole runs are kept apart (bakeoff_samples), false when its row holds them. */
export function samplesApart(row: { perRequestSamples: number }): boolean {
  return row.perRequestSamples > 0;
}

/** The whole runs given the row and what bakeoff_samples holds for it (an upload stored before 0017: its row). */
export function wholeRuns(row: { runs: string; perRequestSamples: number }, apart: { runs: string } | undefined) {
  return samplesApart(row) ? (apart?.runs ?? row.runs) : row.runs;
}

type MemberColumn =
  | "id"
  | "label"
  | "accelerator"
  | "accelerators"
  | "nodes"
  | "modelFamily"
  | "runs"
  | "perRequestSamples"
  | "facts";

/** The columns of bakeoff_uploads a campaign member is read by, in either dialect's table. */
export function memberColumns<B extends Record<MemberColumn, unknown>>(b: B): Pick<B, MemberColumn> {
  return {
    id: b.id,
    label: b.label,
    accelerator: b.accelerator,
    accelerators: b.accelerators,
    nodes: b.nodes,
    modelFamily: b.modelFamily,
    runs: b.runs,
    perRequestSamples: b.perRequestSamples,
    facts: b.facts,
  };
}

/** The whole runs' JSON text of one upload, given its row's `runs` and sample count. */
export async function wholeRunsText(
  h: Conn,
  row: { id: string; runs: string; perRequestSamples: number },
): Promise<string> {
  if (!samplesApart(row)) return row.runs;
  const { bakeoffSamples: s } = h.t;
  const [apart] = await h.db.select({ runs: s.runs }).from(s).where(eq(s.uploadId, row.id)).limit(1);
  return wholeRuns(row, apart);
}
