import { buildCompare, UnknownIds } from "@/db/queries/compare";
import { v1Result } from "@/lib/api-v1/shape";
import { parseCompareParams } from "@/lib/compare-params";
import { V1Error, v1 } from "../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/compare?ids=a,b[&bakeoff=…][&curves=…]: results (and curves) side by side with the flags to read first. */
export const { GET, OPTIONS } = v1("compare", async ({ h, req }) => {
  const parsed = parseCompareParams(new URL(req.url).searchParams);
  if (!parsed.ok) throw new V1Error(400, parsed.message, parsed.field);
  try {
    const c = await buildCompare(h, parsed.ids, parsed.bakeoff, parsed.curves);
    return { json: { ...c, results: c.results.map(v1Result) } };
  } catch (e) {
    if (e instanceof UnknownIds) throw new V1Error(404, e.message, e.field);
    throw e;
  }
});
