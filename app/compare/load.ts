// Reads /compare's query leniently: every outcome is a state the page can show, never a crash.
import { cache } from "react";
import { getStore } from "@/db/client";
import { buildCompare, type ComparePayload, UnknownIds } from "@/db/queries/compare";
import { parseCompareParams } from "@/lib/compare-params";
import { canonicalCompareQuery } from "@/lib/snapshot";

export type CompareState =
  | { kind: "empty" }
  | { kind: "invalid"; message: string }
  | { kind: "unknown"; message: string; missing: string[] }
  | {
      kind: "ok";
      data: ComparePayload;
      ids: string[];
      bakeoff: string[];
      curves: string[];
      query: string;
      canonical: boolean;
    };

export type Search = Record<string, string | string[] | undefined>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

// generateMetadata, the page and the OG image share one computation per request
const load = cache(async (ids: string, bakeoff: string, curves: string): Promise<CompareState> => {
  if (!ids.trim() && !bakeoff.trim() && !curves.trim()) return { kind: "empty" };
  const params = new URLSearchParams();
  if (ids) params.set("ids", ids);
  if (bakeoff) params.set("bakeoff", bakeoff);
  if (curves) params.set("curves", curves);
  const p = parseCompareParams(params);
  if (!p.ok) return { kind: "invalid", message: p.message };
  try {
    const data = await buildCompare(await getStore(), p.ids, p.bakeoff, p.curves);
    const query = canonicalCompareQuery(p.ids, p.bakeoff, p.curves);
    const given = [ids && `ids=${ids}`, bakeoff && `bakeoff=${bakeoff}`, curves && `curves=${curves}`]
      .filter(Boolean)
      .join("&");
    return { kind: "ok", data, ids: p.ids, bakeoff: p.bakeoff, curves: p.curves, query, canonical: given === query };
  } catch (e) {
    if (e instanceof UnknownIds) return { kind: "unknown", message: e.message, missing: e.missing };
    throw e;
  }
});

export function loadCompare(search: Search): Promise<CompareState> {
  return load(first(search.ids) ?? "", first(search.bakeoff) ?? "", first(search.curves) ?? "");
}
