// Overview numbers for the home page: rounds, result counts, newest import.
import { desc, sql } from "drizzle-orm";
import type { DbHandle } from "../client";

export interface RoundSummary {
  round: string;
  results: number;
  submitters: number;
  systems: number;
  withLatency: number;
  multiNode: number;
}

export async function getRoundSummaries(h: DbHandle): Promise<RoundSummary[]> {
  const { results, latencyDetails } = h.t;
  return h.db
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
