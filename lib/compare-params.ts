// The compare keys (`ids`, `bakeoff`): strict parsing for the API (pages use the lenient url-state), and the one
// canonical /compare URL every link and snapshot writes. Pure.

import { RESULT_ID, UPLOAD_ID } from "./id-patterns";
import { MAX_IDS } from "./url-state";

export type CompareParams =
  | { ok: true; ids: string[]; bakeoff: string[] }
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
  if (ids.length === 0 && bakeoff.length === 0)
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
  return { ok: true, ids, bakeoff };
}

/** The one query string for a comparison: ids and bake-off ids sorted and de-duplicated, commas unescaped. */
export function canonicalCompareQuery(ids: string[], bakeoff: string[] = []): string {
  const sort = (xs: string[]) => [...new Set(xs)].sort();
  const parts: string[] = [];
  if (ids.length) parts.push(`ids=${sort(ids).map(encodeURIComponent).join(",")}`);
  if (bakeoff.length) parts.push(`bakeoff=${sort(bakeoff).map(encodeURIComponent).join(",")}`);
  return parts.join("&");
}

export function compareHref(ids: string[], bakeoff: string[] = []): string {
  const q = canonicalCompareQuery(ids, bakeoff);
  return q ? `/compare?${q}` : "/compare";
}
