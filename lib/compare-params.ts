// Strict parsing of the compare keys (`ids`, `bakeoff`) for the API; pages use the lenient url-state. Pure.

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
