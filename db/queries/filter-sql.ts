// Each explorer filter's SQL condition, keyed by the filters of lib/filters.ts: the record's type names every key, so
// a filter added there does not compile until its condition is here. The facet lists that feed the filters come from
// filterFacet in facets.ts (one column per list filter, also typed over the keys). Query builder over the store's own
// tables (h.t), SQL both SQLite and PostgreSQL speak: LIKE is made case-insensitive by lower() on both sides (SQLite's
// LIKE folds ASCII case, PostgreSQL's folds none) and names its escape character (SQLite's LIKE has none by default).
import { and, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { FilterValues } from "@/lib/filters";
import { benchmarkFor, benchmarksOfFamily, canonicalFamily } from "@/lib/judge";
import { CURRENT_STATUSES } from "@/lib/lifecycle/status";
import { NameIndex, searchWords } from "@/lib/mlperf/search";
import type { DbHandle } from "../client";
import { currentFacets, filterFacet } from "./facets";
import { resolveRounds } from "./results";
import { perDataVersion } from "./version";

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `col` contains `text`, ignoring ASCII case on both stores, with `%`, `_` and `\` in the text matched as themselves. */
function contains(col: Parameters<typeof inArray>[0], text: string): SQL {
  return sql`lower(${col}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`;
}

/** Past this many matching names a search word is a LIKE on the column (SQLite allows 32,766 parameters). */
const MAX_NAME_PARAMS = 500;

/**
 * The names search matches words against, as of the newest import (see getFacets): the benchmark as published
 * ("VLM"), the canonical benchmark ("qwen3-vl-235b-a22b") and the used model.
 */
function modelNames(h: DbHandle): Promise<{ model: NameIndex; benchmark: NameIndex; usedModel: NameIndex }> {
  return perDataVersion(h, "results:search-names", async () => {
    const f = await currentFacets(h);
    return {
      model: new NameIndex(f.publishedModels),
      benchmark: new NameIndex(f.lists.model),
      usedModel: new NameIndex(f.usedModels),
    };
  });
}

/**
 * What a `model` filter's values select: a benchmark name in any published spelling ("VLM", "qwen3-vl-235b-a22b",
 * "Llama2-70B-99") is its canonical benchmark; a family ("llama2-70b") both its targets. A name the table does not
 * know is matched as published, as a benchmark or a family. Kept apart so each uses its index instead of an OR.
 */
export function modelFilter(values: readonly string[]): { benchmarks: string[]; families: string[] } {
  const benchmarks = new Set<string>();
  const families = new Set<string>();
  for (const v of values) {
    const b = benchmarkFor(v);
    const f = canonicalFamily(v);
    // a family's own name ("gpt-oss-120b", "resnet") is also its one benchmark: the benchmark column answers it
    if (b && (b.family !== b.id || !f || benchmarksOfFamily(f).length === 1)) benchmarks.add(b.id);
    else if (f) families.add(f);
    else {
      benchmarks.add(v);
      families.add(v);
    }
  }
  return { benchmarks: [...benchmarks], families: [...families] };
}

/** A list filter over one column: the rows whose value is one of the chosen. */
const oneOf =
  (key: keyof ReturnType<typeof filterFacet>) =>
  (h: DbHandle, v: string[]): SQL | null =>
    v.length ? inArray(filterFacet(h.t)[key], v) : null;

/** The condition each filter adds to a view when it is set, or null when it is not. */
export const FILTER_SQL: {
  [K in keyof FilterValues]: (h: DbHandle, value: FilterValues[K]) => SQL | null | Promise<SQL | null>;
} = {
  round: async (h, v) => {
    const rounds = await resolveRounds(h, v);
    return rounds.length ? inArray(h.t.results.round, rounds) : null;
  },
  model: ({ t: { results } }, v) => {
    if (!v.length) return null;
    // "llama2-70b-99" names a benchmark (benchmark column, any published spelling); "llama2-70b" a family (both
    // -99 and -99.9): see modelFilter
    const { benchmarks, families } = modelFilter(v);
    const parts = [
      ...(benchmarks.length ? [inArray(results.benchmark, benchmarks)] : []),
      ...(families.length ? [inArray(results.modelFamily, families)] : []),
    ];
    return (parts.length === 1 ? parts[0] : or(...parts)) ?? null;
  },
  scenario: oneOf("scenario"),
  division: oneOf("division"),
  availability: oneOf("availability"),
  submitter: oneOf("submitter"),
  accelerator: oneOf("accelerator"),
  precision: oneOf("precision"),
  engine: oneOf("engine"),
  suite: ({ t: { results } }, v) => (v.length ? (or(...v.map((x) => contains(results.suite, x))) ?? null) : null),
  minAccelerators: ({ t: { results } }, v) => (v === null ? null : gte(results.totalAccelerators, v)),
  maxAccelerators: ({ t: { results } }, v) => (v === null ? null : lte(results.totalAccelerators, v)),
  status: ({ t: { results } }, v) =>
    v === "current"
      ? inArray(results.status, [...CURRENT_STATUSES])
      : v === "no-longer-published"
        ? eq(results.status, "no-longer-published")
        : null,
  nodes: ({ t: { results } }, v) =>
    v === "single" ? eq(results.nodes, 1) : v === "multi" ? sql`${results.nodes} > 1` : null,
  q: async (h, q) => {
    if (!q) return null;
    const { results, systems } = h.t;
    // every word in the system's text (submitter, name, platform, accelerator, software; stored lower-cased) or in
    // the benchmark or used model name (lib/mlperf/search.ts). Names are matched here, against the few distinct
    // ones, so a word that names no model leaves an IN on system_id, which its index answers
    const names = await modelNames(h);
    const c: SQL[] = [];
    for (const word of searchWords(q)) {
      const pattern = `%${escapeLike(word)}%`;
      // the search text is stored lower-cased by JavaScript (non-ASCII too) and the word is lower-cased the same way
      const parts: SQL[] = [
        sql`${results.systemId} in (select ${systems.id} from ${systems} where ${systems.searchText} like ${pattern} escape '\\')`,
      ];
      for (const [col, index] of [
        [results.model, names.model],
        [results.benchmark, names.benchmark],
        [results.usedModel, names.usedModel],
      ] as const) {
        const hits = index.matching(word);
        // a word that matches a great many names (a hostile or huge database) is a LIKE (folding case with SQL's
        // lower(), ASCII only on SQLite), not thousands of parameters
        if (hits.length > MAX_NAME_PARAMS) parts.push(contains(col, word));
        else if (hits.length) parts.push(inArray(col, hits));
      }
      c.push(parts.length === 1 ? (parts[0] as SQL) : (or(...parts) as SQL));
    }
    return c.length === 0 ? null : c.length === 1 ? (c[0] as SQL) : (and(...c) as SQL);
  },
};
