// A page of stored result rows → PublishedResult: their systems, data notes, latency details, the import that last
// wrote each (importedAt) and the notes on MLCommons IDs shared between submitters, read in chunks of 500 ids.
import { asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type IdHolder, sharedIdNote } from "@/lib/mlperf/shared-id";
import type { DataNote, PublishedResult } from "@/lib/types";
import type { DbHandle } from "../client";
import type { latencyDetails, results, systems } from "../schema";
import { toLatency, toPublished } from "./published";
import { perDataVersion } from "./version";

type ResultRow = typeof results.$inferSelect;
type SystemRow = typeof systems.$inferSelect;

function sharedResultIds(h: DbHandle): Promise<Map<string, IdHolder[]>> {
  const { results, imports } = h.t;
  return perDataVersion(h, "results:shared-ids", async () => {
    const ids = (
      await h.db
        .select({ rid: results.resultId })
        .from(results)
        .where(isNotNull(results.resultId))
        .groupBy(results.resultId)
        .having(sql`count(distinct ${results.submitter} || '|' || ${results.platform}) > 1`)
    ).map((r) => r.rid as string);
    const holders: { rid: string; submitter: string; platform: string; source: string | null }[] = [];
    for (let i = 0; i < ids.length; i += 500)
      for (const r of await h.db
        .selectDistinct({
          rid: results.resultId,
          submitter: results.submitter,
          platform: results.platform,
          source: imports.source,
        })
        .from(results)
        .leftJoin(imports, eq(imports.id, results.importId))
        .where(inArray(results.resultId, ids.slice(i, i + 500))))
        holders.push({ ...r, rid: r.rid as string });
    // ordered here, not by SQL: PostgreSQL orders a DISTINCT only by what it selects, and its text order follows the
    // database's collation; by code point, a source-less row (no import) last
    const cmp = (x: string | null, y: string | null) =>
      x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    holders.sort(
      (x, y) =>
        cmp(x.submitter, y.submitter) || cmp(x.platform, y.platform) || cmp(x.source, y.source) || cmp(x.rid, y.rid),
    );
    const out = new Map<string, IdHolder[]>();
    for (const r of holders) {
      const list = out.get(r.rid) ?? [];
      list.push({ submitter: r.submitter, platform: r.platform, source: r.source });
      out.set(r.rid, list);
    }
    return out;
  });
}

export async function hydrate(h: DbHandle, rows: ResultRow[], withLatency: boolean): Promise<PublishedResult[]> {
  if (rows.length === 0) return [];
  const { systems, dataNotes, latencyDetails, imports } = h.t;
  const ids = rows.map((r) => r.id);
  // when each row was last written: the finishing time of the import that wrote it (CSV `importedAt`, citations)
  const importIds = [...new Set(rows.map((r) => r.importId).filter((x): x is number => x !== null))];
  const importedAt = new Map<number, string>();
  for (let i = 0; i < importIds.length; i += 500)
    for (const x of await h.db
      .select({ id: imports.id, at: imports.finishedAt })
      .from(imports)
      .where(inArray(imports.id, importIds.slice(i, i + 500))))
      importedAt.set(x.id, x.at);
  const sysIds = [...new Set(rows.map((r) => r.systemId))];
  const sys = new Map<string, SystemRow>();
  for (let i = 0; i < sysIds.length; i += 500)
    for (const s of await h.db
      .select()
      .from(systems)
      .where(inArray(systems.id, sysIds.slice(i, i + 500))))
      sys.set(s.id, s);
  const notes = new Map<string, DataNote[]>();
  const lat = new Map<string, typeof latencyDetails.$inferSelect>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const n of await h.db
      .select()
      .from(dataNotes)
      .where(inArray(dataNotes.resultId, chunk))
      .orderBy(asc(dataNotes.id))) {
      const list = notes.get(n.resultId) ?? [];
      list.push({ code: n.code, message: n.message });
      notes.set(n.resultId, list);
    }
    if (withLatency)
      for (const l of await h.db.select().from(latencyDetails).where(inArray(latencyDetails.resultId, chunk)))
        lat.set(l.resultId, l);
  }
  const shared = await sharedResultIds(h);
  if (shared.size > 0)
    for (const r of rows) {
      const holders = r.resultId === null ? undefined : shared.get(r.resultId);
      if (!holders || r.resultId === null) continue;
      const source = holders.find((x) => x.submitter === r.submitter && x.platform === r.platform)?.source ?? null;
      const note = sharedIdNote(r.resultId, { submitter: r.submitter, platform: r.platform, source }, holders);
      if (note) notes.set(r.id, [...(notes.get(r.id) ?? []), note]);
    }
  return rows.map((r) =>
    toPublished(
      r,
      sys.get(r.systemId),
      notes.get(r.id) ?? [],
      toLatency(lat.get(r.id)),
      r.importId === null ? null : (importedAt.get(r.importId) ?? null),
    ),
  );
}
