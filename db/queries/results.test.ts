// The filter lists come from one DISTINCT scan; each must equal what its own column's DISTINCT gives, over every
// real round, the checker files and the LoadGen runs of ../shared/data/mlperf.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { sharedPath } from "@/lib/shared-data";
import { type Facets, getFacets } from "./results";

let h: DbHandle;
beforeAll(async () => {
  h = openDb(":memory:");
  await runImport(h, [sharedPath("mlperf")]);
});
afterAll(() => h.sqlite.close());

/** The per-column definition: that column's non-empty distinct values, sorted. */
function column(name: string): string[] {
  return (h.sqlite.prepare(`select distinct ${name} as v from results`).all() as { v: string | null }[])
    .map((r) => r.v)
    .filter((v): v is string => !!v)
    .sort((a, b) => a.localeCompare(b));
}

describe("getFacets", () => {
  it("sees a database with more than one round, submitter and engine", () => {
    const { lists } = getFacets(h);
    expect(lists.round.length).toBeGreaterThanOrEqual(3);
    expect(lists.submitter.length).toBeGreaterThan(10);
    expect(lists.engine.length).toBeGreaterThan(3);
  });

  it.each([
    ["model", "model"],
    ["scenario", "scenario"],
    ["division", "division"],
    ["availability", "availability"],
    ["submitter", "submitter"],
    ["accelerator", "accelerator"],
    ["precision", "precision"],
    ["engine", "serving_engine"],
  ] as [keyof Facets, string][])("%s equals the distinct values of results.%s", (key, col) => {
    expect(getFacets(h).lists[key]).toEqual(column(col));
  });

  it("lists rounds newest first", () => {
    const want = (
      h.sqlite.prepare("select distinct round from results order by round_sort desc").all() as { round: string }[]
    ).map((r) => r.round);
    expect(getFacets(h).lists.round).toEqual(want);
  });

  it("counts a suite like datacenter,edge as both", () => {
    const want = [...new Set(column("suite").flatMap((s) => s.split(",")))].sort();
    expect(getFacets(h).lists.suite).toEqual(want);
    expect(want).toContain("datacenter");
  });

  it("gives each benchmark variant once, by family then model", () => {
    const want = h.sqlite
      .prepare(
        "select distinct model, model_family as family, accuracy_target as target from results order by model_family, model",
      )
      .all();
    const got = getFacets(h).variants;
    expect(got).toHaveLength(want.length);
    expect(new Set(got.map((v) => JSON.stringify([v.model, v.family, v.target])))).toEqual(
      new Set(
        (want as { model: string; family: string; target: string | null }[]).map((v) =>
          JSON.stringify([v.model, v.family, v.target]),
        ),
      ),
    );
    for (let i = 1; i < got.length; i++) {
      const [a, b] = [got[i - 1], got[i]] as [(typeof got)[number], (typeof got)[number]];
      expect(a.family.localeCompare(b.family) || a.model.localeCompare(b.model)).toBeLessThan(0);
    }
  });
});
