// Reads of MLPerf Endpoints curves (db/curves.ts writes them): the list the API and the explorer's curve section show,
// filtered by the explorer's own keys where a curve has the field, and one curve with its history across cohorts.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { CURVE_STATUSES, type Curve, type CurvePoint, type CurveStatus } from "@/lib/endpoints/curve-types";
import type { FilterValues } from "@/lib/filters";
import { benchmarkIdentity } from "@/lib/judge";
import type { DbHandle } from "../client";

export type CurveFilters = Pick<
  FilterValues,
  "model" | "division" | "availability" | "submitter" | "accelerator" | "q"
> & {
  status?: CurveStatus[];
  /** superseded curves are history: listed only when asked for by status */
  page?: number;
  limit?: number;
};

type CurveRow = Awaited<ReturnType<typeof curveRows>>[number];
type PointRow = Awaited<ReturnType<typeof pointRows>>[number];

function curveRows(h: DbHandle, where: SQL | undefined, limit: number, offset: number) {
  const { curves } = h.t;
  return h.db
    .select()
    .from(curves)
    .where(where)
    .orderBy(asc(curves.benchmark), asc(curves.submitter), asc(curves.system), desc(curves.cohort), asc(curves.id))
    .limit(limit)
    .offset(offset);
}

function pointRows(h: DbHandle, ids: string[]) {
  const { curvePoints } = h.t;
  return h.db
    .select()
    .from(curvePoints)
    .where(inArray(curvePoints.curveId, ids))
    .orderBy(asc(curvePoints.curveId), asc(curvePoints.concurrency));
}

function toPoint(p: PointRow): CurvePoint {
  return {
    concurrency: Number(p.concurrency),
    cohort: p.cohort,
    offline: p.offlineKind !== null,
    offlineKind: p.offlineKind === "dedicated" || p.offlineKind === "elected" ? p.offlineKind : null,
    systemTps: p.systemTps,
    tpsPerUser: p.tpsPerUser,
    ttftP90Ms: p.ttftP90Ms,
    tpotP90Ms: p.tpotP90Ms,
    perAccelerator: p.perAccelerator,
    systemTpsPerKwProvisioned: p.systemTpsPerKwProvisioned,
    samplesCompleted: p.samplesCompleted === null ? null : Number(p.samplesCompleted),
    samplesFailed: p.samplesFailed === null ? null : Number(p.samplesFailed),
    durationS: p.durationS,
    outputTokens: Number(p.outputTokens),
    failedChecks: JSON.parse(p.failedChecks) as string[],
  };
}

function toCurve(r: CurveRow, points: CurvePoint[], importedAt: string | null): Curve {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: r.id,
    seriesId: r.seriesId,
    suite: "endpoints",
    layout: r.layout === "v0.7" ? "v0.7" : "v1.0",
    submitter: r.submitter,
    system: r.system,
    model: r.model,
    benchmark: r.benchmark,
    division: r.division,
    clientLocation: r.clientLocation === "on-premises" || r.clientLocation === "network" ? r.clientLocation : null,
    availability: r.availability,
    status: (CURVE_STATUSES as readonly string[]).includes(r.status)
      ? (r.status as CurveStatus)
      : "peer-review-pending",
    statusNote: r.statusNote,
    supersededBy: r.supersededBy,
    cohort: r.cohort,
    accelerator: r.accelerator,
    acceleratorsPerNode: n(r.acceleratorsPerNode),
    nodes: n(r.nodes),
    totalAccelerators: n(r.totalAccelerators),
    servingEngine: r.servingEngine,
    precision: r.precision,
    provisionedPowerW: r.provisionedPowerW,
    provisionedPowerNote: r.provisionedPowerNote,
    inputTokenAverage: n(r.inputTokenAverage),
    outputTokenAverage: n(r.outputTokenAverage),
    sourceUrl: r.sourceUrl,
    source: r.source,
    synthetic: Boolean(r.synthetic),
    importedAt,
    points,
  };
}

async function assemble(h: DbHandle, rows: CurveRow[]): Promise<Curve[]> {
  if (rows.length === 0) return [];
  const byCurve = new Map<string, CurvePoint[]>();
  for (const p of await pointRows(
    h,
    rows.map((r) => r.id),
  )) {
    const list = byCurve.get(p.curveId) ?? [];
    list.push(toPoint(p));
    byCurve.set(p.curveId, list);
  }
  const { imports } = h.t;
  const importIds = [...new Set(rows.map((r) => r.importId).filter((x): x is number => x !== null))];
  const at = new Map<number, string>();
  if (importIds.length)
    for (const i of await h.db
      .select({ id: imports.id, at: imports.finishedAt })
      .from(imports)
      .where(inArray(imports.id, importIds)))
      at.set(Number(i.id), i.at);
  return rows.map((r) =>
    toCurve(r, byCurve.get(r.id) ?? [], r.importId === null ? null : (at.get(Number(r.importId)) ?? null)),
  );
}

function whereOf(h: DbHandle, f: CurveFilters): SQL | undefined {
  const { curves } = h.t;
  const conds: SQL[] = [];
  if (f.model.length)
    conds.push(
      inArray(
        curves.benchmark,
        f.model.map((m) => benchmarkIdentity(m).benchmark),
      ),
    );
  if (f.division.length)
    conds.push(
      inArray(
        sql`lower(${curves.division})`,
        f.division.map((d) => d.toLowerCase()),
      ),
    );
  if (f.availability.length)
    conds.push(
      inArray(
        sql`lower(${curves.availability})`,
        f.availability.map((d) => d.toLowerCase()),
      ),
    );
  if (f.submitter.length) conds.push(inArray(curves.submitter, f.submitter));
  if (f.accelerator.length) conds.push(inArray(curves.accelerator, f.accelerator));
  if (f.status?.length) conds.push(inArray(curves.status, f.status));
  else conds.push(sql`${curves.status} <> 'superseded'`);
  for (const w of f.q.trim().toLowerCase().split(/\s+/).filter(Boolean)) {
    const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      sql`(lower(${curves.system}) like ${like} escape '\\' or lower(${curves.submitter}) like ${like} escape '\\' or lower(coalesce(${curves.accelerator}, '')) like ${like} escape '\\' or lower(${curves.model}) like ${like} escape '\\')`,
    );
  }
  return and(...conds);
}

/** Curves matching the filters (current ones unless a status asks for history), with their points, and the total. */
export async function listCurves(h: DbHandle, f: CurveFilters): Promise<{ total: number; curves: Curve[] }> {
  const where = whereOf(h, f);
  const { curves } = h.t;
  const [count] = await h.db.select({ n: sql<number>`count(*)` }).from(curves).where(where);
  const limit = f.limit ?? 100;
  const rows = await curveRows(h, where, limit, ((f.page ?? 1) - 1) * limit);
  return { total: Number(count?.n ?? 0), curves: await assemble(h, rows) };
}

export async function getCurve(h: DbHandle, id: string): Promise<Curve | null> {
  const { curves } = h.t;
  const [row] = await h.db.select().from(curves).where(eq(curves.id, id)).limit(1);
  return row ? ((await assemble(h, [row]))[0] ?? null) : null;
}

/** Several curves by id, in the order asked (compare, snapshots); unknown ids are left out. */
export async function getCurvesByIds(h: DbHandle, ids: readonly string[]): Promise<Curve[]> {
  if (ids.length === 0) return [];
  const { curves } = h.t;
  const rows = await h.db
    .select()
    .from(curves)
    .where(inArray(curves.id, [...ids]));
  const got = new Map((await assemble(h, rows)).map((c) => [c.id, c]));
  return ids.map((id) => got.get(id)).filter((c): c is Curve => c !== undefined);
}

/** The curve's series across cohorts, newest first (the curve itself included). */
export async function getCurveHistory(h: DbHandle, seriesId: string): Promise<Curve[]> {
  const { curves } = h.t;
  const rows = await h.db
    .select()
    .from(curves)
    .where(eq(curves.seriesId, seriesId))
    .orderBy(desc(curves.cohort), asc(curves.id));
  return assemble(h, rows);
}
