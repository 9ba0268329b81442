// A campaign's members read by the worker that analyses them, on SQLite (issue 26). The request thread used to read
// them (db/campaign-analysis.ts memberTexts) and hand them over: for 32 members on one max-cap upload that is 16 MB of
// runs read from SQLite's overflow pages synchronously and copied to the worker, which held the request thread ~1.6 s
// of health p99 per campaign write. The worker's own connection (db/work/sqlite-write.ts; WAL lets it read while the
// server writes) reads the same columns the request thread's reader does, each distinct member once.
import { eq, inArray } from "drizzle-orm";
import type { CampaignMember, MemberKind } from "@/lib/campaign";
import * as schema from "../schema";
import type { SourceText } from "./jobs";
import { connection } from "./sqlite-write";

/** Where the worker reads a campaign's members: the store's SQLite file (chosen by the request thread). */
export interface MemberRead {
  sqlite: string;
}

/** The stored texts of every distinct member, keyed `${kind}:${id}` (null: not stored), as memberTexts gives them. */
export function readMemberTexts(
  target: MemberRead,
  members: readonly CampaignMember[],
): Record<string, SourceText | null> {
  const { db } = connection(target.sqlite);
  const out: Record<string, SourceText | null> = {};
  for (const m of members) out[`${m.kind}:${m.id}`] = null;
  const ids = (kind: MemberKind) => [...new Set(members.filter((m) => m.kind === kind).map((m) => m.id))];
  const bakeoff = ids("bakeoff");
  if (bakeoff.length) {
    const b = schema.bakeoffUploads;
    const rows = db
      .select({
        id: b.id,
        label: b.label,
        accelerator: b.accelerator,
        accelerators: b.accelerators,
        nodes: b.nodes,
        modelFamily: b.modelFamily,
        runs: b.runs,
        perRequestSamples: b.perRequestSamples,
        facts: b.facts,
      })
      .from(b)
      .where(inArray(b.id, bakeoff))
      .all();
    for (const { perRequestSamples, ...row } of rows) {
      // the whole runs (db/queries/upload-runs.ts wholeRunsText): kept apart when the upload has samples
      const apart =
        perRequestSamples > 0
          ? db
              .select({ runs: schema.bakeoffSamples.runs })
              .from(schema.bakeoffSamples)
              .where(eq(schema.bakeoffSamples.uploadId, row.id))
              .limit(1)
              .all()[0]
          : undefined;
      out[`bakeoff:${row.id}`] = { kind: "bakeoff", ...row, runs: apart?.runs ?? row.runs };
    }
  }
  const repro = ids("reproduction");
  if (repro.length) {
    const r = schema.reproductions;
    const rows = db.select({ id: r.id, label: r.label, folder: r.folder }).from(r).where(inArray(r.id, repro)).all();
    for (const row of rows) out[`reproduction:${row.id}`] = { kind: "reproduction", ...row };
  }
  return out;
}
