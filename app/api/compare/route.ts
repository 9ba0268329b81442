import { getStore } from "@/db/client";
import { buildCompare, UnknownIds } from "@/db/queries/compare";
import { parseCompareParams } from "@/lib/compare-params";
import { jsonError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** GET /api/compare?ids=a,b[&bakeoff=runId][&curves=curveId] → {results, bakeoff, curves, flags, footnotes}; 400 on unknown or malformed ids. */
export async function GET(req: Request): Promise<Response> {
  const parsed = parseCompareParams(new URL(req.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message, parsed.field);
  try {
    return Response.json(await buildCompare(await getStore(), parsed.ids, parsed.bakeoff, parsed.curves));
  } catch (e) {
    if (e instanceof UnknownIds) return jsonError(400, e.message, e.field);
    throw e;
  }
}
