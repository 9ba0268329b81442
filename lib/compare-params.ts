// The compare keys (`ids`, `bakeoff`, `curves`): strict parsing for the API (pages use the lenient url-state), and the
// one canonical /compare URL every link and snapshot writes. Pure.
//
// A curve id and a result id are both 16 hex characters (FNV-1a 64), so curves travel under their own key,
// `curves=`, never inside `ids=`: an id's key says what it names, and every /compare URL written before curves
// existed keeps its meaning.

import { isCurveId } from "./endpoints/curve-params";
import { RESULT_ID, UPLOAD_ID } from "./id-patterns";
import { MAX_IDS } from "./url-state";

/** MLPerf Endpoints curves one comparison may set beside its results (each is a whole sweep of points). */
export const MAX_CURVES = 4;

export type CompareParams =
  | { ok: true; ids: string[]; bakeoff: string[]; curves: string[] }
  | { ok: false; message: string; field: string };

function list(raw: string | null): string[] {
  return raw
    ? [
        ...new Set(
          raw
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ].sort()
    : [];
}

export function parseCompareParams(params: URLSearchParams): CompareParams {
  const ids = list(params.get("ids"));
  const bakeoff = list(params.get("bakeoff"));
  const curves = list(params.get("curves"));
  if (ids.length === 0 && bakeoff.length === 0 && curves.length === 0)
    return { ok: false, message: "ids is required: a comma-separated list of 1–6 result ids", field: "ids" };
  const bad = ids.find((id) => !RESULT_ID.test(id));
  if (bad !== undefined)
    return {
      ok: false,
      message: `malformed result id "${bad.slice(0, 40)}": expected 16 lower-case hex characters`,
      field: "ids",
    };
  if (ids.length > MAX_IDS) return { ok: false, message: `at most ${MAX_IDS} results can be compared`, field: "ids" };
  const badB = bakeoff.find((id) => !UPLOAD_ID.test(id));
  if (badB !== undefined)
    return { ok: false, message: `malformed bake-off id "${badB.slice(0, 40)}"`, field: "bakeoff" };
  if (bakeoff.length > 4) return { ok: false, message: "at most 4 bake-off uploads can be overlaid", field: "bakeoff" };
  const badC = curves.find((id) => !isCurveId(id));
  if (badC !== undefined)
    return {
      ok: false,
      message: `malformed curve id "${badC.slice(0, 40)}": expected 16 lower-case hex characters`,
      field: "curves",
    };
  if (curves.length > MAX_CURVES)
    return { ok: false, message: `at most ${MAX_CURVES} MLPerf Endpoints curves can be compared`, field: "curves" };
  return { ok: true, ids, bakeoff, curves };
}

/**
 * The one query string for a comparison: ids, bake-off ids and curve ids sorted and de-duplicated, commas
 * unescaped. Without curves it is exactly the query written before curves existed.
 */
export function canonicalCompareQuery(ids: string[], bakeoff: string[] = [], curves: string[] = []): string {
  const sort = (xs: string[]) => [...new Set(xs)].sort();
  const parts: string[] = [];
  if (ids.length) parts.push(`ids=${sort(ids).map(encodeURIComponent).join(",")}`);
  if (bakeoff.length) parts.push(`bakeoff=${sort(bakeoff).map(encodeURIComponent).join(",")}`);
  if (curves.length) parts.push(`curves=${sort(curves).map(encodeURIComponent).join(",")}`);
  return parts.join("&");
}

export function compareHref(ids: string[], bakeoff: string[] = [], curves: string[] = []): string {
  const q = canonicalCompareQuery(ids, bakeoff, curves);
  return q ? `/compare?${q}` : "/compare";
}
