// The change log's hook for MLPerf Endpoints curves (issue 28), beside ./lifecycle.ts for results: db/curves.ts calls
// it inside the curve's own transaction. What a curve change is (fields, ids, words) is lib/lifecycle/curve-changes.ts;
// here: the stored facts read back, the entries written, and the curves a whole-source refresh no longer lists marked
// (kept, never deleted: `gone_since`, the refresh's time).

import type { CurveRecord } from "@/lib/endpoints/curve-types";
import type { ChangeKind } from "@/lib/lifecycle/changes";
import {
  type CurveTracked,
  curveChangeId,
  curveChangeRound,
  curveFieldChanges,
  type PointField,
} from "@/lib/lifecycle/curve-changes";
import type { FieldChange, FieldValue } from "@/lib/lifecycle/fields";
import type { DbHandle } from "../client";
import { bumpDataVersion } from "../data-version";

/** The status a curve no longer in its source shows in the change log (its stored status stays as it was). */
export const GONE = "no-longer-published";

interface StoredCurve {
  status: string;
  cohort: string | null;
  gone_since: string | null;
  division: string;
  availability: string;
  total_accelerators: number | null;
  provisioned_power_w: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function trackedFromRecord(c: CurveRecord): CurveTracked {
  const points = new Map<number, Record<PointField, FieldValue>>();
  for (const p of c.points)
    points.set(p.concurrency, {
      systemTps: p.systemTps,
      tpsPerUser: p.tpsPerUser,
      ttftP90Ms: p.ttftP90Ms,
      tpotP90Ms: p.tpotP90Ms,
      offline: p.offline,
    });
  return {
    division: c.division,
    availability: c.availability,
    totalAccelerators: c.totalAccelerators,
    provisionedPowerW: c.provisionedPowerW,
    points,
  };
}

/** The stored curve's cited facts and lifecycle, or null when it is not stored. */
export async function storedCurve(
  h: DbHandle,
  id: string,
): Promise<{ row: StoredCurve; tracked: CurveTracked } | null> {
  const row = await h.x.get<StoredCurve>(
    "select status, cohort, gone_since, division, availability, total_accelerators, provisioned_power_w from curves where id = ?",
    [id],
  );
  if (!row) return null;
  const pts = await h.x.all<{
    concurrency: number;
    system_tps: number;
    tps_per_user: number | null;
    ttft_p90_ms: number | null;
    tpot_p90_ms: number | null;
    offline_kind: string | null;
  }>(
    "select concurrency, system_tps, tps_per_user, ttft_p90_ms, tpot_p90_ms, offline_kind from curve_points where curve_id = ?",
    [id],
  );
  const points = new Map<number, Record<PointField, FieldValue>>();
  for (const p of pts)
    points.set(Number(p.concurrency), {
      systemTps: num(p.system_tps),
      tpsPerUser: num(p.tps_per_user),
      ttftP90Ms: num(p.ttft_p90_ms),
      tpotP90Ms: num(p.tpot_p90_ms),
      offline: p.offline_kind !== null,
    });
  return {
    row,
    tracked: {
      division: row.division,
      availability: row.availability,
      totalAccelerators: num(row.total_accelerators),
      provisionedPowerW: num(row.provisioned_power_w),
      points,
    },
  };
}

/** Each curve of a series: its status as a reader sees it (a curve gone from its source shows as such) and cohort. */
export async function seriesStatuses(
  h: DbHandle,
  seriesId: string,
): Promise<Map<string, { status: string; cohort: string | null }>> {
  const rows = await h.x.all<{ id: string; status: string; cohort: string | null; gone_since: string | null }>(
    "select id, status, cohort, gone_since from curves where series_id = ?",
    [seriesId],
  );
  return new Map(rows.map((r) => [r.id, { status: r.gone_since ? GONE : r.status, cohort: r.cohort }]));
}

/** One change-log entry naming a curve (`curve:<id>`, round "Endpoints <cohort>"). */
export async function logCurve(
  h: DbHandle,
  e: { at: string; source: string; kind: ChangeKind; curveId: string; cohort: string | null; fields: FieldChange[] },
): Promise<void> {
  await h.x.run("insert into change_log (at, source, kind, result_id, round, fields) values (?, ?, ?, ?, ?, ?)", [
    e.at,
    e.source,
    e.kind,
    curveChangeId(e.curveId),
    curveChangeRound(e.cohort),
    JSON.stringify(e.fields),
  ]);
}

/**
 * What one curve's write changed, logged: a new curve, its cited facts changed, and every status that moved in its
 * series (its own, and older cohorts it superseded). `before`/`after` are seriesStatuses around the write.
 */
export async function logCurveWrite(
  h: DbHandle,
  w: {
    at: string;
    source: string;
    c: CurveRecord;
    prev: CurveTracked | null;
    before: Map<string, { status: string; cohort: string | null }>;
    after: Map<string, { status: string; cohort: string | null }>;
  },
): Promise<number> {
  let n = 0;
  const log = async (kind: ChangeKind, curveId: string, cohort: string | null, fields: FieldChange[]) => {
    await logCurve(h, { at: w.at, source: w.source, kind, curveId, cohort, fields });
    n++;
  };
  if (!w.prev) await log("new", w.c.id, w.c.cohort, []);
  else {
    const fields = curveFieldChanges(w.prev, trackedFromRecord(w.c));
    if (fields.length > 0) await log("changed", w.c.id, w.c.cohort, fields);
  }
  for (const [id, now] of w.after) {
    const was = w.before.get(id);
    if (!was || was.status === now.status) continue;
    await log("status", id, now.cohort, [{ field: "status", old: was.status, new: now.status }]);
  }
  return n;
}

/**
 * A whole Endpoints source was read (`sourcePrefix`: every curve it holds has a `source` starting with it): each
 * stored curve of it that it no longer lists (`seen` holds the ids it did) is marked gone since `at` and logged.
 * Kept with its points and status; listed again, it is unmarked (db/curves.ts). Returns how many.
 */
export async function markCurvesAbsent(
  h: DbHandle,
  m: { sourcePrefix: string; seen: ReadonlySet<string>; at: string; logSource: string },
): Promise<number> {
  return h.tx(async (t) => {
    const rows = await t.x.all<{ id: string; status: string; cohort: string | null }>(
      "select id, status, cohort from curves where substr(source, 1, ?) = ? and gone_since is null order by id",
      [m.sourcePrefix.length, m.sourcePrefix],
    );
    const gone = rows.filter((r) => !m.seen.has(r.id));
    for (const r of gone) {
      await t.x.run("update curves set gone_since = ? where id = ?", [m.at, r.id]);
      await logCurve(t, {
        at: m.at,
        source: m.logSource,
        kind: "no-longer-published",
        curveId: r.id,
        cohort: r.cohort,
        fields: [{ field: "status", old: r.status, new: GONE }],
      });
    }
    if (gone.length > 0) await bumpDataVersion(t);
    return gone.length;
  });
}
