// Fuzz targets for URL state (see properties.ts): the explorer's parse never throws and serialize∘parse is a fixed
// point; the compare keys parse strictly. Pure.
import fc from "fast-check";
import { parseCompareParams } from "@/lib/compare-params";
import { FILTER_KEYS } from "@/lib/filters";
import { RESULT_ID } from "@/lib/id-patterns";
import {
  API_DEFAULTS,
  COLUMN_KEYS,
  PAGE_DEFAULTS,
  parseResultsState,
  type ResultsState,
  SORT_KEYS,
  serializeResultsState,
} from "@/lib/url-state";
import { type FuzzTarget, InvariantError, show } from "./invariants";

// URL state -----------------------------------------------------------------------------------------------------

export const URL_KEYS = [...FILTER_KEYS, "sort", "dir", "page", "limit", "per", "hide", "ids"];

export const urlValue = fc.oneof(
  fc.constantFrom(
    "all",
    "latest",
    "v6.0",
    "v5.1",
    "Server",
    "Offline",
    "Interactive",
    "closed",
    "llama2-70b-99",
    "AMD",
    "NVIDIA",
    "asc",
    "desc",
    "raw",
    "accelerator",
    "single",
    "multi",
    "any",
    ...SORT_KEYS,
    ...COLUMN_KEYS,
    "1",
    "0",
    "-1",
    "500",
    "501",
    "1e3",
    "0x10",
    " 7 ",
    "2.5",
    "0123456789abcdef",
    "<script>",
    "a,b,,c",
    " , ",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .array(fc.constantFrom("v6.0", "Server", "AMD", "x y", "a+b", "#1", "Offline", "fp8", "all", ""), { maxLength: 6 })
    .map((a) => a.join(",")),
  fc.string({ maxLength: 220 }),
);

export const urlKey = fc.oneof(
  { arbitrary: fc.constantFrom(...URL_KEYS), weight: 8 },
  { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
);

export type UrlInput =
  | { kind: "query"; query: string }
  | { kind: "pairs"; pairs: [string, string][] }
  | { kind: "record"; record: Record<string, string | string[] | undefined> };

export const urlInput: fc.Arbitrary<UrlInput> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }).map((query) => ({ kind: "query" as const, query })),
  fc.array(fc.tuple(urlKey, urlValue), { maxLength: 12 }).map((pairs) => ({ kind: "pairs" as const, pairs })),
  fc
    .dictionary(urlKey, fc.oneof(urlValue, fc.array(urlValue, { maxLength: 3 }), fc.constant(undefined)), {
      maxKeys: 10,
    })
    .map((record) => ({ kind: "record" as const, record })),
);

export function toParams(u: UrlInput): URLSearchParams | Record<string, string | string[] | undefined> {
  if (u.kind === "query") return new URLSearchParams(u.query);
  if (u.kind === "record") return u.record;
  const p = new URLSearchParams();
  for (const [k, v] of u.pairs) p.append(k, v);
  return p;
}

/** Stable deep comparison for plain data (state objects). */
export function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : x,
  );
}

export function checkState(target: string, s: ResultsState): void {
  if (!Number.isInteger(s.page) || s.page < 1) throw new InvariantError(target, `page ${s.page}`);
  if (!Number.isInteger(s.limit) || s.limit < 1 || s.limit > 500) throw new InvariantError(target, `limit ${s.limit}`);
  for (const k of ["minAccelerators", "maxAccelerators"] as const) {
    const v = s[k];
    if (v !== null && (!Number.isInteger(v) || v < 0)) throw new InvariantError(target, `${k} ${v}`);
  }
}

export function urlStateTarget(): FuzzTarget {
  const name = "url-state parse/serialize";
  return {
    name,
    // the page defaults (explorer) and the API defaults (empty filter) alternate
    arbitrary: fc
      .tuple(urlInput, fc.boolean())
      .map(([u, api]) => ({ how: show(u), text: JSON.stringify(u), filename: api ? "API_DEFAULTS" : "PAGE_DEFAULTS" })),
    check: ({ text, filename }) => {
      const defaults = filename === "API_DEFAULTS" ? API_DEFAULTS : PAGE_DEFAULTS;
      const u = JSON.parse(text) as UrlInput;
      const first = parseResultsState(toParams(u), defaults);
      for (const i of first.issues)
        if (!i.field || !i.message.trim()) throw new InvariantError(name, `issue without field/message ${show(i)}`);
      checkState(name, first.state);
      const query = serializeResultsState(first.state, defaults);
      const again = parseResultsState(new URLSearchParams(query), defaults);
      if (again.issues.length > 0)
        throw new InvariantError(name, `the serialized state "${query}" parses with issues ${show(again.issues)}`);
      if (canon(again.state) !== canon(first.state))
        throw new InvariantError(
          name,
          `not a fixed point (${filename}): "${query}" parses to ${canon(again.state)}, not ${canon(first.state)}`,
        );
      const query2 = serializeResultsState(again.state, defaults);
      if (query2 !== query) throw new InvariantError(name, `serialize is not idempotent: "${query}" → "${query2}"`);
    },
  };
}

export function compareParamsTarget(): FuzzTarget {
  const name = "compare-params";
  const idLike = fc.oneof(
    fc.stringMatching(RESULT_ID),
    fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    fc.string({ maxLength: 30 }),
    fc.constantFrom("", ",", "0123456789ABCDEF", "<script>"),
  );
  const list = fc.array(idLike, { maxLength: 8 }).map((a) => a.join(","));
  return {
    name,
    arbitrary: fc
      .oneof(
        fc.string({ unit: "binary", maxLength: 200 }),
        fc
          .record({ ids: list, bakeoff: fc.option(list) })
          .map((r) =>
            new URLSearchParams(Object.entries(r).filter((e): e is [string, string] => e[1] !== null)).toString(),
          ),
      )
      .map((text) => ({ how: "compare query", text, filename: null })),
    check: ({ text }) => {
      const r = parseCompareParams(new URLSearchParams(text));
      if (r.ok) {
        if (r.ids.length > 6 || r.bakeoff.length > 4)
          throw new InvariantError(name, `too many ids accepted ${show(r)}`);
        if (r.ids.some((id) => !RESULT_ID.test(id))) throw new InvariantError(name, `bad id accepted ${show(r)}`);
        if (r.ids.length + r.bakeoff.length === 0) throw new InvariantError(name, "accepted no ids");
      } else if (!r.message.trim() || !r.field.trim())
        throw new InvariantError(name, `rejection without message/field ${show(r)}`);
    },
  };
}

/** Every fuzz target, over these seeds. */
