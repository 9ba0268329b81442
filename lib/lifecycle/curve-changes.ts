// An MLPerf Endpoints curve's changes, as the change log records them beside results' (issue 28): a new curve, points
// changed (old → new, per point and figure), a curve no longer in its source (kept, marked) and status changes
// (peer review pending → finalized, invalidated, withdrawn, superseded by a later cohort: submission rules §6–§8 as
// summarised in ../shared/formats/endpoints.md "Status and lifecycle"). Pure.
//
// Ids: a curve's id and a result's id are both 16 hex characters (FNV-1a 64: lib/endpoints/curve.ts, lib/mlperf/ids.ts
// resultIdFor), so the change log names a curve `curve:<id>`: never a result id (lib/id-patterns.ts RESULT_ID), and
// what `GET /api/changes` returns as the entry's `id`. Everything keyed by id (history, banners) uses the same form.
import type { FilterValues } from "../filters";
import type { FieldChange, FieldValue } from "./fields";

export const CURVE_CHANGE_PREFIX = "curve:";

/** The change log's id for a curve: "curve:0123456789abcdef". */
export function curveChangeId(curveId: string): string {
  return `${CURVE_CHANGE_PREFIX}${curveId}`;
}

/** The curve id a change-log id names, or null when it names a result. */
export function curveIdOfChange(id: string): string | null {
  return id.startsWith(CURVE_CHANGE_PREFIX) ? id.slice(CURVE_CHANGE_PREFIX.length) : null;
}

/** Where a change's subject lives: `/curves/{id}` for a curve, `/results/{id}` for a result. */
export function changeHref(id: string): string {
  const curve = curveIdOfChange(id);
  return curve ? `/curves/${encodeURIComponent(curve)}` : `/results/${encodeURIComponent(id)}`;
}

/** The change log's `round` for a curve: the Endpoints track and its publication cohort ("Endpoints 2026-09-C0"). */
export function curveChangeRound(cohort: string | null): string {
  return cohort ? `Endpoints ${cohort}` : "Endpoints";
}

/** The figures of one point a reader cites (CONTRACT Curve points), compared stored → new. */
export const POINT_FIELDS = ["systemTps", "tpsPerUser", "ttftP90Ms", "tpotP90Ms", "offline"] as const;
export type PointField = (typeof POINT_FIELDS)[number];

export const POINT_FIELD_WORDS: Record<PointField, string> = {
  systemTps: "system tokens/s",
  tpsPerUser: "tokens/s per user",
  ttftP90Ms: "TTFT P90 (ms)",
  tpotP90Ms: "TPOT P90 (ms)",
  offline: "Offline point",
};

/** The curve-level facts a reader cites beside its points. */
export const CURVE_FIELDS = ["division", "availability", "totalAccelerators", "provisionedPowerW"] as const;
export type CurveField = (typeof CURVE_FIELDS)[number];

export interface CurveTracked extends Record<CurveField, FieldValue> {
  /** concurrency → the point's figures */
  points: ReadonlyMap<number, Record<PointField, FieldValue>>;
}

/**
 * Every cited fact of a curve that differs, stored (`prev`) → new: curve-level facts by name, a point's figures as
 * `r<N>.<figure>` (N the concurrency, as the submission names the point's folder), and a point measured on one side
 * only as `r<N>` with its system tokens/s on the side that has it. Status is compared apart (its own kind).
 */
export function curveFieldChanges(prev: CurveTracked, next: CurveTracked): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of CURVE_FIELDS) {
    const a = prev[f] ?? null;
    const b = next[f] ?? null;
    if (a !== b) out.push({ field: f, old: a, new: b });
  }
  const all = [...new Set([...prev.points.keys(), ...next.points.keys()])].sort((a, b) => a - b);
  for (const n of all) {
    const a = prev.points.get(n);
    const b = next.points.get(n);
    if (!a || !b) {
      out.push({ field: `r${n}`, old: a?.systemTps ?? null, new: b?.systemTps ?? null });
      continue;
    }
    for (const f of POINT_FIELDS) {
      const x = a[f] ?? null;
      const y = b[f] ?? null;
      if (x !== y) out.push({ field: `r${n}.${f}`, old: x, new: y });
    }
  }
  return out;
}

/** "r64 system tokens/s", "point r128", or null when the field is not a point's. */
export function pointFieldWords(field: string): string | null {
  const m = /^r(\d+)(?:\.(\w+))?$/.exec(field);
  if (!m) return null;
  if (!m[2]) return `point r${m[1]} (system tokens/s)`;
  const w = POINT_FIELD_WORDS[m[2] as PointField];
  return w ? `r${m[1]} ${w}` : null;
}

/**
 * Which curve changes an explorer view's changes include: curves belong to no MLPerf Inference round, scenario,
 * suite or other result facet, so a view narrowed by any of those holds none; a view narrowed only by model,
 * submitter or words (`q`) holds the curves that match. Null: none.
 */
export function curveChangeFilter(s: FilterValues): { models: string[]; submitters: string[]; q: string } | null {
  const all = (v: string[]) => v.length === 0 || v.includes("all");
  const narrowed =
    !all(s.round) ||
    !all(s.scenario) ||
    !all(s.division) ||
    !all(s.availability) ||
    !all(s.accelerator) ||
    !all(s.precision) ||
    !all(s.engine) ||
    !all(s.suite) ||
    s.minAccelerators !== null ||
    s.maxAccelerators !== null ||
    s.nodes !== "any";
  if (narrowed) return null;
  return {
    models: all(s.model) ? [] : s.model,
    submitters: all(s.submitter) ? [] : s.submitter,
    q: s.q.trim(),
  };
}
