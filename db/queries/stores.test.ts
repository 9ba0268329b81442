// The read path answers the same on both stores: the same sources imported into SQLite and into PostgreSQL give
// identical pages, counts, unit summaries, facets, first views, results by id, siblings, same-hardware lists and
// comparisons — in the same order (every list order is total: PostgreSQL has no rowid order, and sorts NULLs last).
// Runs when the tests have a PostgreSQL server (db/test-stores.ts); SQLite's own answers are checked by the other
// db/queries tests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { sharedPath } from "@/lib/shared-data";
import { API_DEFAULTS, AUTO, type ResultsState } from "@/lib/url-state";
import { stores } from "../test-stores";
import { buildCompare } from "./compare";
import { resolveAuto } from "./first-view";
import { getLastImport, getRoundSummaries } from "./overview";
import {
  countResults,
  getChartPoints,
  getFacets,
  getResultById,
  getResults,
  getSameHardwareOtherRounds,
  getSiblings,
  getUnitGroups,
} from "./results";

const pg = stores().find((s) => s.name === "pg");

/** Views over every filter and sort key, with LIKE wildcards, case and latency/throughput mixes. */
const VIEWS: Partial<ResultsState>[] = [
  {},
  { per: "accelerator" },
  { round: ["v6.0"], limit: 500 },
  { round: ["latest"], limit: 500, sort: "value", dir: "asc" },
  { scenario: ["SingleStream"], sort: "value", dir: "desc", limit: 5000 },
  { scenario: ["Offline"], sort: "perAccelerator", limit: 5000 },
  { round: ["v6.0"], sort: "value", limit: 5000 },
  { q: "nvidia h200", limit: 500 },
  { q: "8x%", limit: 500 },
  { q: "_2x", limit: 500 },
  { q: "RESNET50", limit: 500 },
  { suite: ["edge"], limit: 500 },
  { suite: ["EDGE"], limit: 500 },
  { nodes: "multi", limit: 500 },
  { nodes: "single", per: "accelerator", sort: "value", dir: "asc", limit: 500 },
  { model: ["llama2-70b"], scenario: ["Server"], sort: "submitter", dir: "asc", limit: 500 },
  { model: ["VLM"], round: ["v6.0", "v6.1"], limit: 500 },
  { round: ["v6.0"], sort: "accelerator", dir: "desc", limit: 500 },
  { round: ["v6.0"], sort: "system", dir: "asc", limit: 500, page: 2 },
  { round: ["v5.1"], sort: "engine", dir: "asc", limit: 500 },
  { round: ["v5.1"], sort: "nodes", dir: "desc", limit: 500 },
  { round: ["v4.1"], sort: "precision", dir: "asc", limit: 500 },
  { sort: "totalAccelerators", dir: "desc", limit: 500 },
  { minAccelerators: 8, maxAccelerators: 16, availability: ["preview"], limit: 500 },
];

/**
 * A result as both stores must agree on it: the times each store wrote it (importedAt, statusSince) are its own, so
 * they are compared as present or absent, never as equal.
 */
function local<T extends { importedAt: string | null; statusSince?: string | null }>(r: T): T {
  return {
    ...r,
    importedAt: r.importedAt === null ? null : "<at>",
    ...(r.statusSince === undefined ? {} : { statusSince: r.statusSince === null ? null : "<at>" }),
  };
}
const locals = <T extends { importedAt: string | null; statusSince?: string | null }>(rs: T[]) => rs.map(local);

describe.runIf(pg)("the same answers on SQLite and PostgreSQL", () => {
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    const [sqlite] = stores();
    a = await (sqlite as NonNullable<typeof pg>).open();
    b = await (pg as NonNullable<typeof pg>).open();
    const files = [sharedPath("mlperf")];
    const [ra, rb] = [await runImport(a, files), await runImport(b, files)];
    expect(rb.inserted).toBe(ra.inserted);
    expect(ra.inserted).toBeGreaterThan(3000);
  }, 600_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it.each(VIEWS.map((s) => [JSON.stringify(s), s] as const))("view %s", async (_name, s) => {
    const state = { ...API_DEFAULTS, ...s } as ResultsState;
    const [x, y] = [await getResults(a, state), await getResults(b, state)];
    // a LIKE wildcard is taken literally: no name holds "8x%", on either store
    if (s.q === "8x%") expect(x.total).toBe(0);
    else expect(x.total).toBeGreaterThan(0);
    expect(y.total).toBe(x.total);
    expect(y.plan).toEqual(x.plan);
    expect(y.units).toEqual(x.units);
    expect(y.rows.map((r) => r.id)).toEqual(x.rows.map((r) => r.id));
    expect(locals(y.rows)).toEqual(locals(x.rows));
    for (const r of [...x.rows, ...y.rows]) expect(r.importedAt).not.toBeNull();
    expect(await getUnitGroups(b, state)).toEqual(await getUnitGroups(a, state));
    expect(await getChartPoints(b, state)).toEqual(await getChartPoints(a, state));
    expect(await countResults(b, state)).toBe(x.total);
  });

  it("facets, round summaries, the newest import and the data-decided first views", async () => {
    expect(await getFacets(b)).toEqual(await getFacets(a));
    expect(await getRoundSummaries(b)).toEqual(await getRoundSummaries(a));
    expect((await getLastImport(b))?.source).toBe((await getLastImport(a))?.source);
    for (const round of [["latest"], ["v6.0"], ["v5.1"], []]) {
      const auto = { ...API_DEFAULTS, round, model: [AUTO], scenario: [AUTO] };
      expect(await resolveAuto(b, auto)).toEqual(await resolveAuto(a, auto));
    }
  });

  it("every 17th result by id, with its siblings and the same hardware in other rounds; comparisons", async () => {
    const ids = (await a.x.all<{ id: string }>("select id from results order by id")).map((r) => r.id);
    let checked = 0;
    for (const id of ids.filter((_, i) => i % 17 === 0)) {
      const [x, y] = [await getResultById(a, id), await getResultById(b, id)];
      expect(x).not.toBeNull();
      if (!x || !y) continue;
      expect(local(y)).toEqual(local(x));
      expect(locals(await getSiblings(b, y))).toEqual(locals(await getSiblings(a, x)));
      expect(locals(await getSameHardwareOtherRounds(b, y))).toEqual(locals(await getSameHardwareOtherRounds(a, x)));
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
    // three results of one benchmark in different scenarios: flags, footnotes and scenario-swap suggestions
    const picks = ids.filter((_, i) => i % 97 === 0);
    for (let i = 0; i + 3 <= picks.length; i += 3) {
      const set = picks.slice(i, i + 3);
      const [x, y] = [await buildCompare(a, set), await buildCompare(b, set)];
      // each store's own import time and version, wherever the payload quotes them (the footnotes' retrieval date)
      const plain = (p: typeof x) =>
        JSON.parse(
          JSON.stringify({ ...p, results: locals(p.results) })
            .split(p.retrievedAt)
            .join("<at>")
            .split(`"${p.dataVersion}"`)
            .join('"<v>"'),
        );
      expect(plain(y)).toEqual(plain(x));
    }
  }, 300_000);

  // last: it changes the PostgreSQL store's columns. A team database is often made with the server's locale
  // (en_US.UTF-8), whose text order is not SQLite's: the sorts still follow code points (byCodePoint)
  it("text sorts keep SQLite's order on columns collated the en-US way", async () => {
    const icu = await b.x.get("select 1 as x from pg_collation where collname = 'en-US-x-icu'");
    if (!icu) return void console.warn("no ICU en-US collation on this PostgreSQL server: check skipped");
    for (const col of [
      "submitter",
      "platform",
      "accelerator",
      "model",
      "benchmark",
      "scenario",
      "units",
      "serving_engine",
    ])
      await b.x.run(`alter table results alter column ${col} type text collate "en-US-x-icu"`);
    // the collation bites: the distinct submitters in the column's own order are not in code-point order
    const own = (
      await b.x.all<{ s: string }>("select s from (select distinct submitter as s from results) x order by s")
    ).map((r) => r.s);
    expect(own).not.toEqual([...own].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0)));
    for (const sort of ["submitter", "system", "accelerator", "model", "scenario", "engine"] as const)
      for (const dir of ["asc", "desc"] as const) {
        const state = { ...API_DEFAULTS, sort, dir, limit: 5000 } as ResultsState;
        const [x, y] = [await getResults(a, state), await getResults(b, state)];
        expect(y.rows.map((r) => r.id)).toEqual(x.rows.map((r) => r.id));
      }
    const mixed = { ...API_DEFAULTS, sort: "value", limit: 5000 } as ResultsState;
    expect(await getUnitGroups(b, mixed)).toEqual(await getUnitGroups(a, mixed));
    expect((await getResults(b, mixed)).units).toEqual((await getResults(a, mixed)).units);
    const ids = (await a.x.all<{ id: string }>("select id from results order by id")).map((r) => r.id);
    for (const id of ids.filter((_, i) => i % 101 === 0)) {
      const [x, y] = [await getResultById(a, id), await getResultById(b, id)];
      if (x && y)
        expect((await getSiblings(b, y)).map((r) => r.id)).toEqual((await getSiblings(a, x)).map((r) => r.id));
    }
  }, 300_000);
});
