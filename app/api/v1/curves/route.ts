import { listCurves } from "@/db/queries/curves";
import { parseCurveQuery } from "@/lib/endpoints/curve-params";
import { V1Error, v1 } from "../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/curves?<explorer keys>&status=: MLPerf Endpoints curves, as GET /api/curves reads them. */
export const { GET, OPTIONS } = v1("listCurves", async ({ h, req }) => {
  const { query, issues } = parseCurveQuery(new URL(req.url).searchParams);
  const bad = issues[0];
  if (bad) throw new V1Error(400, bad.message, bad.field);
  if (!query.suiteMatches) return { json: { total: 0, curves: [] } };
  return { json: await listCurves(h, query) };
});
