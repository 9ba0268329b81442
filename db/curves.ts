// The writer of MLPerf Endpoints curves (tables curves, curve_points; lib/endpoints reads the files). One curve per
// transaction: a rejected curve changes nothing; re-importing the same curve changes nothing (content hash). A later
// cohort of the same series is a new curve; every older one becomes `superseded` (submission rules: newer cohorts
// supersede older points, history is kept), unless it was invalidated or withdrawn, which stay as they are.
import type { CurveRecord } from "@/lib/endpoints/curve-types";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import { shortHash, stableJson } from "./hash";
import type { SqlParam } from "./sql";
import type { WriteCounts } from "./write";
import { logCurve, logCurveWrite, seriesStatuses, storedCurve } from "./write/curve-log";

export interface CurveSourceMeta {
  source: string;
  format: string;
  sha256: string;
  /** The change log's time and source for this write (a refresh gives every curve of one source the same). */
  at?: string;
  logSource?: string;
}

const CURVE_COLUMNS = [
  "id",
  "series_id",
  "layout",
  "submitter",
  "system",
  "model",
  "benchmark",
  "division",
  "client_location",
  "availability",
  "status",
  "status_note",
  "superseded_by",
  "cohort",
  "accelerator",
  "accelerators_per_node",
  "nodes",
  "total_accelerators",
  "serving_engine",
  "precision",
  "provisioned_power_w",
  "provisioned_power_note",
  "input_token_average",
  "output_token_average",
  "source_url",
  "source",
  "synthetic",
  "content_hash",
  "import_id",
] as const;

const POINT_COLUMNS = [
  "curve_id",
  "concurrency",
  "cohort",
  "offline_kind",
  "system_tps",
  "tps_per_user",
  "ttft_p90_ms",
  "tpot_p90_ms",
  "per_accelerator",
  "system_tps_per_kw_provisioned",
  "samples_completed",
  "samples_failed",
  "duration_s",
  "output_tokens",
  "failed_checks",
] as const;

const UPSERT_CURVE = `insert into curves (${CURVE_COLUMNS.join(", ")}) values (${CURVE_COLUMNS.map(() => "?").join(", ")})
  on conflict (id) do update set ${CURVE_COLUMNS.filter((c) => c !== "id")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ")}`;

/** What a re-import compares: the curve as read (its lifecycle status set by later cohorts is not part of it). */
export function curveContentHash(c: CurveRecord): string {
  return `c${shortHash(stableJson(c))}`;
}

function curveValues(c: CurveRecord, hash: string, importId: number): SqlParam[] {
  return [
    c.id,
    c.seriesId,
    c.layout,
    c.submitter,
    c.system,
    c.model,
    c.benchmark,
    c.division,
    c.clientLocation,
    c.availability,
    c.status,
    c.statusNote,
    null,
    c.cohort,
    c.accelerator,
    c.acceleratorsPerNode,
    c.nodes,
    c.totalAccelerators,
    c.servingEngine,
    c.precision,
    c.provisionedPowerW,
    c.provisionedPowerNote,
    c.inputTokenAverage,
    c.outputTokenAverage,
    c.sourceUrl,
    c.source,
    c.synthetic,
    hash,
    importId,
  ];
}

/** Marks every curve of the series older than its newest cohort superseded by the newest (kept, not deleted). */
async function supersede(h: DbHandle, seriesId: string): Promise<void> {
  const rows = await h.x.all<{ id: string; cohort: string | null; status: string }>(
    "select id, cohort, status from curves where series_id = ?",
    [seriesId],
  );
  const newest = [...rows]
    .sort((a, b) => (a.cohort ?? "").localeCompare(b.cohort ?? "") || a.id.localeCompare(b.id))
    .at(-1);
  if (!newest) return;
  for (const r of rows) {
    if (r.id === newest.id || r.status === "invalidated" || r.status === "withdrawn") continue;
    await h.x.run("update curves set status = 'superseded', superseded_by = ? where id = ?", [newest.id, r.id]);
  }
}

/** Stores one curve and its points in one transaction; counts one inserted, updated or unchanged curve. */
export async function writeCurve(h: DbHandle, c: CurveRecord, meta: CurveSourceMeta): Promise<WriteCounts> {
  const hash = curveContentHash(c);
  return h.tx(async (t) => {
    const old = await t.x.get<{ content_hash: string; gone_since: string | null; status: string }>(
      "select content_hash, gone_since, status from curves where id = ?",
      [c.id],
    );
    const now = new Date().toISOString();
    const at = meta.at ?? now;
    const logSource = meta.logSource ?? meta.source;
    if (old?.content_hash === hash) {
      if (old.gone_since === null) return { rows: 1, inserted: 0, updated: 0, unchanged: 1, noLongerPublished: 0 };
      // listed again as it was: no longer marked gone, and the log says so
      await t.x.run("update curves set gone_since = null where id = ?", [c.id]);
      const fields = [{ field: "status", old: "no-longer-published", new: old.status }];
      await logCurve(t, { at, source: logSource, kind: "status", curveId: c.id, cohort: c.cohort, fields });
      await bumpDataVersion(t);
      return { rows: 1, inserted: 0, updated: 1, unchanged: 0, noLongerPublished: 0 };
    }
    const prev = old ? await storedCurve(t, c.id) : null;
    const before = await seriesStatuses(t, c.seriesId);
    const added = await t.x.get<{ id: number }>(
      "insert into imports (source, format, sha256, started_at, finished_at, rows, inserted, updated, unchanged) values (?, ?, ?, ?, ?, 1, ?, ?, 0) returning id",
      [meta.source, meta.format, meta.sha256, now, now, old ? 0 : 1, old ? 1 : 0],
    );
    const importId = Number(added?.id);
    await t.x.run("delete from curve_points where curve_id = ?", [c.id]);
    await t.x.run(UPSERT_CURVE, curveValues(c, hash, importId));
    const values: SqlParam[] = [];
    for (const p of c.points)
      values.push(
        c.id,
        p.concurrency,
        p.cohort,
        p.offlineKind,
        p.systemTps,
        p.tpsPerUser,
        p.ttftP90Ms,
        p.tpotP90Ms,
        p.perAccelerator,
        p.systemTpsPerKwProvisioned,
        p.samplesCompleted,
        p.samplesFailed,
        p.durationS,
        p.outputTokens,
        JSON.stringify(p.failedChecks),
      );
    const row = `(${POINT_COLUMNS.map(() => "?").join(", ")})`;
    await t.x.run(
      `insert into curve_points (${POINT_COLUMNS.join(", ")}) values ${c.points.map(() => row).join(", ")}`,
      values,
    );
    await t.x.run("update curves set gone_since = null where id = ?", [c.id]);
    await supersede(t, c.seriesId);
    const after = await seriesStatuses(t, c.seriesId);
    await logCurveWrite(t, { at, source: logSource, c, prev: prev?.tracked ?? null, before, after });
    await bumpDataVersion(t);
    return { rows: 1, inserted: old ? 0 : 1, updated: old ? 1 : 0, unchanged: 0, noLongerPublished: 0 };
  });
}
