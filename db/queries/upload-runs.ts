// An upload's whole runs (with their per-request samples): kept apart in bakeoff_samples when it carries samples
// (migration 0017, issue 26), else in its own row. Readers that need the samples (the overlay's SLO counts, campaign
// analyses, `?full=1`) read them through here; everything else reads the row's `runs`, which is then the summary.
import { eq } from "drizzle-orm";
import type { DbHandle } from "../client";

/** The whole runs' JSON text of one upload, given its row's `runs` and sample count. */
export async function wholeRunsText(
  h: DbHandle,
  row: { id: string; runs: string; perRequestSamples: number },
): Promise<string> {
  if (row.perRequestSamples <= 0) return row.runs;
  const { bakeoffSamples: s } = h.t;
  const [apart] = await h.db.select({ runs: s.runs }).from(s).where(eq(s.uploadId, row.id)).limit(1);
  // an upload stored before 0017 whose runs were not moved keeps them whole in its row
  return apart?.runs ?? row.runs;
}
