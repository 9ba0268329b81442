// Everything a comparison shows, assembled once: the rows, bake-off runs, flags, footnotes, per-accelerator
// figures and suggestions. The API, the page and frozen snapshots all use this one payload.
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { type BakeoffInput, computeFlags, type Flag, footnotes } from "@/lib/context";
import { curveCompareFlags } from "@/lib/endpoints/curve-compare";
import type { Curve } from "@/lib/endpoints/curve-types";
import { type PerAccelerator, perAccelerator } from "@/lib/judge";
import type { BakeoffRun, BakeoffUploadView, PublishedResult } from "@/lib/types";

export type { BakeoffUploadView } from "@/lib/types";

import type { DbHandle } from "../client";
import { getCurvesByIds } from "./curves";
import { byCodePoint, getResultsByIds } from "./results";
import { wholeRunsText } from "./upload-runs";
import { getDataVersion } from "./version";

export interface Suggestion {
  forId: string;
  flagCode: string;
  text: string;
  ids: string[];
  /** The two results whose scenarios differ, which this suggestion resolves (absent in older frozen snapshots). */
  pair?: [string, string];
}

export interface ComparePayload {
  results: PublishedResult[];
  bakeoff: BakeoffUploadView[];
  /** MLPerf Endpoints curves set beside the results (`curves=`), as stored */
  curves: Curve[];
  flags: Flag[];
  footnotes: string[];
  perAccelerator: Record<string, PerAccelerator>;
  suggestions: Suggestion[];
  dataVersion: string;
  retrievedAt: string;
}

export async function getBakeoffUpload(h: DbHandle, id: string): Promise<BakeoffUploadView | null> {
  const { bakeoffUploads } = h.t;
  const [row] = await h.db.select().from(bakeoffUploads).where(eq(bakeoffUploads.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    label: row.label,
    format: row.format,
    accelerator: row.accelerator,
    accelerators: row.accelerators,
    nodes: row.nodes,
    modelFamily: row.modelFamily,
    runs: JSON.parse(await wholeRunsText(h, row)) as BakeoffRun[],
    warnings: JSON.parse(row.warnings) as string[],
    createdAt: row.createdAt,
  };
}

export function bakeoffInputs(uploads: BakeoffUploadView[]): BakeoffInput[] {
  return uploads.flatMap((u) =>
    u.runs.map((run, i) => ({
      id: u.runs.length > 1 ? `${u.id}#${i + 1}` : u.id,
      run: { ...run, accelerators: run.accelerators ?? u.accelerators },
      label: u.runs.length > 1 ? `${u.label} (point ${i + 1})` : u.label,
    })),
  );
}

/** The same system's result (same submitter, platform, round) for another benchmark family and scenario. */
async function sameSystemResult(
  h: DbHandle,
  sys: PublishedResult,
  modelFamily: string,
  scenario: string,
  exclude: readonly string[],
): Promise<string | null> {
  const { results } = h.t;
  const [row] = await h.db
    .select({ id: results.id })
    .from(results)
    .where(
      and(
        eq(results.submitter, sys.submitter),
        eq(results.platform, sys.platform),
        eq(results.round, sys.round),
        eq(results.modelFamily, modelFamily),
        eq(results.scenario, scenario),
        eq(results.hasPower, false),
        notInArray(results.id, [...exclude]),
      ),
    )
    .orderBy(byCodePoint(h, results.model), results.id)
    .limit(1);
  return row?.id ?? null;
}

/** For a scenario block, the same scenario from the other system (same round preferred) is one click away. */
async function suggestionsFor(h: DbHandle, rows: PublishedResult[], flags: Flag[]): Promise<Suggestion[]> {
  const out: Suggestion[] = [];
  const scenarioBlock = flags.find((f) => f.severity === "block" && /scenario/i.test(f.code));
  if (!scenarioBlock || rows.length < 2) return out;
  const [anchor, ...others] = rows;
  if (!anchor) return out;
  const swap = (from: string, to: string) => rows.map((r) => (r.id === from ? to : r.id));
  const seen = new Set<string>();
  const add = (s: Suggestion) => {
    // a suggestion is a comparison: never one result twice, never fewer than two
    if (new Set(s.ids).size !== s.ids.length || s.ids.length < 2) return;
    const key = `${s.pair?.join(",")}|${[...s.ids].sort().join(",")}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(s);
    }
  };
  for (const o of others) {
    if (o.scenario === anchor.scenario) continue;
    const current = rows.map((r) => r.id);
    const alt = await sameSystemResult(h, o, anchor.modelFamily, anchor.scenario, current);
    const pair: [string, string] = [anchor.id, o.id];
    if (alt)
      add({
        forId: o.id,
        flagCode: scenarioBlock.code,
        text: `Compare ${anchor.system} with ${o.system}'s ${anchor.scenario} result instead`,
        ids: swap(o.id, alt),
        pair,
      });
    const alt2 = await sameSystemResult(h, anchor, o.modelFamily, o.scenario, current);
    if (alt2)
      add({
        forId: anchor.id,
        flagCode: scenarioBlock.code,
        text: `Compare with ${anchor.system}'s ${o.scenario} result instead`,
        ids: swap(anchor.id, alt2),
        pair,
      });
  }
  return out;
}

export class UnknownIds extends Error {
  constructor(
    readonly field: string,
    readonly missing: string[],
  ) {
    super(`unknown ${field}: ${missing.join(", ")}`);
  }
}

export async function buildCompare(
  h: DbHandle,
  ids: string[],
  bakeoffIds: string[] = [],
  curveIds: string[] = [],
): Promise<ComparePayload> {
  const rows = await getResultsByIds(h, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new UnknownIds("ids", missing);
  const uploads: (BakeoffUploadView | null)[] = [];
  for (const id of bakeoffIds) uploads.push(await getBakeoffUpload(h, id));
  const missingB = bakeoffIds.filter((_id, i) => !uploads[i]);
  if (missingB.length) throw new UnknownIds("bakeoff", missingB);
  const ups = uploads.filter((u): u is BakeoffUploadView => !!u);
  const curves = await getCurvesByIds(h, curveIds);
  const missingC = curveIds.filter((id) => !curves.some((c) => c.id === id));
  if (missingC.length) throw new UnknownIds("curves", missingC);
  const inputs = bakeoffInputs(ups);
  // the curves' flags are the judge's (lib/judge via curveCompareFlags); a comparison of results alone is unchanged
  const flags = [...computeFlags(rows, inputs), ...curveCompareFlags(rows, curves)];
  const dv = await getDataVersion(h);
  const retrievedAt = dv.at;
  const per: Record<string, PerAccelerator> = {};
  for (const r of rows) per[r.id] = perAccelerator(r);
  return {
    results: rows,
    bakeoff: ups,
    curves,
    flags,
    footnotes: footnotes(rows, inputs, { retrievedAt, derived: true }),
    perAccelerator: per,
    suggestions: await suggestionsFor(h, rows, flags),
    dataVersion: dv.version,
    retrievedAt,
  };
}

export async function resultsExist(h: DbHandle, ids: string[]): Promise<boolean> {
  if (!ids.length) return true;
  const { results } = h.t;
  return (await h.db.select({ id: results.id }).from(results).where(inArray(results.id, ids))).length === ids.length;
}
