// The values the explorer's filters offer (facets), read in one DISTINCT scan and kept until the next import.
// Each list filter's column is filterFacet's, typed over lib/filters.ts's keys (a new list filter needs its column).
import { LIST_KEYS, type ListFilters, type ListKey } from "@/lib/filters";
import type { DbHandle, Tables } from "../client";
import { perDataVersion } from "./version";

/** The column each list filter's values (the facets the panel offers) are read from, in a store's tables. */
export const filterFacet = ({ results }: Tables) =>
  ({
    round: results.round,
    // the canonical benchmark ("qwen3-vl-235b-a22b" for v6.1's "VLM"); the published name feeds search
    model: results.benchmark,
    scenario: results.scenario,
    division: results.division,
    availability: results.availability,
    submitter: results.submitter,
    accelerator: results.accelerator,
    precision: results.precision,
    engine: results.servingEngine,
    suite: results.suite,
  }) satisfies Record<ListKey, unknown>;

/** The distinct values of each list filter. */
export type Facets = ListFilters;

/** A benchmark as the filters group it: `llama2-70b-99` is a variant of the `llama2-70b` family. */
export interface ModelVariant {
  model: string;
  family: string;
  target: string | null;
}

/** The columns the filter lists come from, read together (see getFacets). */
const facetColumns = (t: Tables) => ({
  ...filterFacet(t),
  roundSort: t.results.roundSort,
  published: t.results.model,
  usedModel: t.results.usedModel,
  family: t.results.modelFamily,
  target: t.results.accuracyTarget,
});

/**
 * Every list filter's values, the benchmark variants and the used-model and published benchmark names (for
 * search), from one DISTINCT scan of the columns they come from (~2,000 combinations at 100k rows): one pass over the
 * table instead of one per list, ~4× faster. Lists are sorted (rounds newest first), with empty values left out; a suite like "datacenter,edge"
 * counts as both.
 */
export interface FacetSet {
  lists: Facets;
  variants: ModelVariant[];
  usedModels: string[];
  /** The benchmark names as published ("VLM"), for search. */
  publishedModels: string[];
}

export async function getFacets(h: DbHandle): Promise<FacetSet> {
  const combos = await h.db.selectDistinct(facetColumns(h.t)).from(h.t.results);
  const values = (pick: (c: (typeof combos)[number]) => string | null): string[] => {
    const set = new Set<string>();
    for (const c of combos) {
      const v = pick(c);
      if (v) set.add(v);
    }
    return [...set].sort((a, b) => a.localeCompare(b));
  };
  const roundSort = new Map<string, number>();
  for (const c of combos) roundSort.set(c.round, c.roundSort);
  const variants = new Map<string, ModelVariant>();
  for (const c of combos) {
    const key = JSON.stringify([c.model, c.family, c.target]);
    if (!variants.has(key)) variants.set(key, { model: c.model, family: c.family, target: c.target });
  }
  return {
    lists: {
      ...(Object.fromEntries(LIST_KEYS.map((k) => [k, values((c) => c[k])])) as Facets),
      // rounds newest first; a suite like "datacenter,edge" counts as both
      round: [...roundSort].sort((a, b) => b[1] - a[1]).map(([r]) => r),
      suite: [...new Set(values((c) => c.suite).flatMap((s) => s.split(",")))].sort(),
    },
    variants: [...variants.values()].sort((a, b) => a.family.localeCompare(b.family) || a.model.localeCompare(b.model)),
    usedModels: values((c) => c.usedModel),
    publishedModels: values((c) => c.published),
  };
}

/** getFacets as of the newest import: the table is scanned once per import, whoever asks first. */
export function currentFacets(h: DbHandle): Promise<FacetSet> {
  return perDataVersion(h, "results:facets", () => getFacets(h));
}
