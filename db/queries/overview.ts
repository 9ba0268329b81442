// Overview numbers for the home page: rounds, result counts, newest import.
import { desc, sql } from "drizzle-orm";
import type { DbHandle } from "../client";
import { imports, results } from "../schema";

export interface RoundSummary {
  round: string;
  results: number;
  submitters: number;
  systems: number;
  withLatency: number;
  multiNode: number;
}

export function getRoundSummaries(h: DbHandle): RoundSummary[] {
  return h.db
    .select({
      round: results.round,
      results: sql<number>`count(*)`,
      submitters: sql<number>`count(distinct ${results.submitter})`,
      systems: sql<number>`count(distinct ${results.systemId})`,
      withLatency: sql<number>`sum(case when exists (select 1 from latency_details l where l.result_id = ${results.id}) then 1 else 0 end)`,
      multiNode: sql<number>`sum(case when ${results.nodes} > 1 then 1 else 0 end)`,
    })
    .from(results)
    .groupBy(results.round, results.roundSort)
    .orderBy(desc(results.roundSort))
    .all();
}

export function getLastImport(h: DbHandle): { source: string; finishedAt: string } | null {
  return (
    h.db
      .select({ source: imports.source, finishedAt: imports.finishedAt })
      .from(imports)
      .orderBy(desc(imports.id))
      .limit(1)
      .get() ?? null
  );
}
