import { getStore } from "@/db/client";
import { listCurves } from "@/db/queries/curves";
import { parseCurveQuery } from "@/lib/endpoints/curve-params";
import { jsonError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/**
 * GET /api/curves?<explorer keys>&status= → {"total","curves":[Curve...]}: MLPerf Endpoints curves (one per system,
 * model and cohort), points sorted by concurrency, the Offline ceiling flagged. Superseded cohorts are history:
 * listed with `status=superseded`. 400 `{"error":{"message","field"}}` on a bad value.
 */
export async function GET(req: Request): Promise<Response> {
  const { query, issues } = parseCurveQuery(new URL(req.url).searchParams);
  const bad = issues[0];
  if (bad) return jsonError(400, bad.message, bad.field);
  if (!query.suiteMatches) return Response.json({ total: 0, curves: [] });
  const h = await getStore();
  return Response.json(await listCurves(h, query));
}
