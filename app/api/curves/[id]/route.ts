import { getStore } from "@/db/client";
import { getCurve, getCurveHistory } from "@/db/queries/curves";
import { isCurveId } from "@/lib/endpoints/curve-params";
import { jsonError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** GET /api/curves/{id} → one Curve with `history` (its series across cohorts: id, cohort, status); 400 / 404. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!isCurveId(id)) return jsonError(400, "malformed curve id: expected 16 lower-case hex characters", "id");
  const h = await getStore();
  const c = await getCurve(h, id);
  if (!c) return jsonError(404, `no curve with id ${id}`, "id");
  const history = (await getCurveHistory(h, c.seriesId)).map((x) => ({ id: x.id, cohort: x.cohort, status: x.status }));
  return Response.json({ ...c, history });
}
