// GET /curves/{id}/export → CSV, one row per measured point (lib/endpoints/curve-export.ts); `?format=json` gives
// the same rows as JSON. 404 for an unknown curve.
import { getStore } from "@/db/client";
import { getCurve } from "@/db/queries/curves";
import { curveRows, curvesToCsv } from "@/lib/endpoints/curve-export";
import { isCurveId } from "@/lib/endpoints/curve-params";
import { jsonError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!isCurveId(id)) return jsonError(400, "malformed curve id: expected 16 lower-case hex characters", "id");
  const c = await getCurve(await getStore(), id);
  if (!c) return jsonError(404, `no curve with id ${id}`, "id");
  const json = new URL(req.url).searchParams.get("format") === "json";
  const name = `endpoints-${c.model}-${c.system}-${c.cohort ?? "curve"}`.replace(/[^A-Za-z0-9._-]+/g, "_");
  const headers = {
    "content-disposition": `attachment; filename="${name}.${json ? "json" : "csv"}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  if (json) return Response.json(curveRows([c]), { headers });
  return new Response(curvesToCsv([c]), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
}
