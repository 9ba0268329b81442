// The published points a campaign report draws beside its own (its Pareto chart): read when the report is served, not
// stored with it, so a report shows the results of now.
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { PublishedParetoPoint } from "@/lib/campaign";
import { familyOfName, tokenLimits } from "@/lib/judge";
import { shortAccelerator } from "@/lib/snapshot";
import type { Conn } from "./conn";

/** Published Server and Interactive results of one benchmark with tokens/s per accelerator, newest round first. */
export async function publishedParetoPoints(
  h: Conn,
  family: string | null,
  limit = 60,
): Promise<PublishedParetoPoint[]> {
  if (!family) return [];
  const key = familyOfName(family);
  const { results } = h.t;
  const rows = await h.db
    .select({
      id: results.id,
      round: results.round,
      roundSort: results.roundSort,
      submitter: results.submitter,
      scenario: results.scenario,
      accelerator: results.accelerator,
      totalAccelerators: results.totalAccelerators,
      perAccelerator: results.perAccelerator,
      units: results.units,
      hasPower: results.hasPower,
    })
    .from(results)
    .where(
      and(
        eq(results.modelFamily, key),
        inArray(results.scenario, ["Server", "Interactive"]),
        isNotNull(results.perAccelerator),
        eq(results.hasPower, false),
      ),
    )
    .orderBy(desc(results.roundSort), desc(results.perAccelerator), asc(results.id))
    .limit(limit * 4);
  const out: PublishedParetoPoint[] = [];
  for (const r of rows) {
    if (!/tokens\/s/i.test(r.units) || r.perAccelerator === null) continue;
    const info = tokenLimits(key, r.scenario as "Server" | "Interactive");
    if (!info) continue;
    out.push({
      id: r.id,
      label: `${r.round} ${r.submitter} ${r.totalAccelerators ?? "?"}×${r.accelerator ? shortAccelerator(r.accelerator) : "?"} (${r.scenario})`,
      scenario: r.scenario as "Server" | "Interactive",
      perAccelerator: r.perAccelerator,
      ttftLimitMs: info.ttftMs,
      tpotLimitMs: info.tpotMs,
      perUserAtLimit: 1000 / info.tpotMs,
    });
    if (out.length >= limit) break;
  }
  return out;
}
