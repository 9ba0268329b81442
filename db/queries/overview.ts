// Overview numbers for the home page: rounds, result counts, newest import.
import { desc, eq, sql } from "drizzle-orm";
import { isRootSummarySource } from "@/lib/mlperf/official-sources";
import type { DbHandle } from "../client";

export interface RoundSummary {
  round: string;
  results: number;
  submitters: number;
  systems: number;
  withLatency: number;
  multiNode: number;
  /**
   * Whether the round's official root summary was imported (lib/mlperf/official-sources isRootSummarySource), or only
   * parts of it: per-submitter checker files, LoadGen trees. `files` counts the imported sources its rows came from.
   */
  whole: boolean;
  files: number;
}

export async function getRoundSummaries(h: DbHandle): Promise<RoundSummary[]> {
  const { results, latencyDetails, imports } = h.t;
  const sources = await h.db
    .selectDistinct({ round: results.round, source: imports.source })
    .from(results)
    .innerJoin(imports, eq(imports.id, results.importId));
  const byRound = new Map<string, string[]>();
  for (const s of sources) byRound.set(s.round, [...(byRound.get(s.round) ?? []), s.source]);
  const counts = await h.db
    .select({
      round: results.round,
      results: sql<number>`count(*)`,
      submitters: sql<number>`count(distinct ${results.submitter})`,
      systems: sql<number>`count(distinct ${results.systemId})`,
      withLatency: sql<number>`sum(case when exists (select 1 from ${latencyDetails} where ${latencyDetails.resultId} = ${results.id}) then 1 else 0 end)`,
      multiNode: sql<number>`sum(case when ${results.nodes} > 1 then 1 else 0 end)`,
    })
    .from(results)
    .groupBy(results.round, results.roundSort)
    .orderBy(desc(results.roundSort), results.round);
  return counts.map((c) => {
    const files = byRound.get(c.round) ?? [];
    return { ...c, whole: files.some((f) => isRootSummarySource(c.round, f)), files: files.length };
  });
}

export async function getLastImport(h: DbHandle): Promise<{ source: string; finishedAt: string } | null> {
  const { imports } = h.t;
  const [row] = await h.db
    .select({ source: imports.source, finishedAt: imports.finishedAt })
    .from(imports)
    .orderBy(desc(imports.id))
    .limit(1);
  return row ?? null;
}
