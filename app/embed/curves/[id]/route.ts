import { curveChart } from "@/app/api/v1/charts/load";
import { isCurveId } from "@/lib/endpoints/curve-params";
import { embed } from "../../respond";

export const dynamic = "force-dynamic";

/** GET /embed/curves/{id}: a curve's step chart, for an iframe. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  return embed(req, `/api/v1/charts/curves/${isCurveId(id) ? id : ""}`, (h) => curveChart(h, id));
}
