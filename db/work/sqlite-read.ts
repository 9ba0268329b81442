// A campaign's members read by the worker that analyses them, on SQLite (issue 26). The request thread used to read
// them (db/campaign-analysis.ts memberTexts) and hand them over: for 32 members on one max-cap upload that is 16 MB of
// runs read from SQLite's overflow pages synchronously and copied to the worker, which held the request thread ~1.6 s
// of health p99 per campaign write. The worker's own connection (db/work/sqlite-write.ts; WAL lets it read while the
// server writes) reads the same columns by the same whole-runs rule as the request thread's reader
// (db/queries/upload-runs.ts memberColumns, wholeRuns), each distinct member once.
import { eq, inArray } from "drizzle-orm";
import type { CampaignMember, MemberKind } from "@/lib/campaign";
import { memberColumns, samplesApart, wholeRuns } from "../queries/upload-runs";
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
    const rows = db.select(memberColumns(b)).from(b).where(inArray(b.id, bakeoff)).all();
    const s = schema.bakeoffSamples;
    for (const { perRequestSamples, ...row } of rows) {
      // the whole runs, by the one rule (db/queries/upload-runs.ts): kept apart when the upload has samples
      const apart = samplesApart({ perRequestSamples })
        ? db.select({ runs: s.runs }).from(s).where(eq(s.uploadId, row.id)).limit(1).all()[0]
        : undefined;
      out[`bakeoff:${row.id}`] = { kind: "bakeoff", ...row, runs: wholeRuns({ ...row, perRequestSamples }, apart) };
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

/** Where the worker reads an upload's whole runs (bakeoff_samples) for `?full=1`. */
export interface SamplesRead {
  sqlite: string;
  uploadId: string;
}

/**
 * An upload's whole runs as UTF-8 bytes, read on the worker's own connection (issue 26: 16 MB read from SQLite's
 * overflow pages held the request thread ~0.6 s per `?full=1`); the bytes are moved back, not copied. null: none kept
 * apart.
 */
export function readSamplesBytes(target: SamplesRead): Uint8Array | null {
  const { db } = connection(target.sqlite);
  const s = schema.bakeoffSamples;
  const row = db.select({ runs: s.runs }).from(s).where(eq(s.uploadId, target.uploadId)).limit(1).all()[0];
  if (!row) return null;
  const b = Buffer.from(row.runs, "utf8");
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}
