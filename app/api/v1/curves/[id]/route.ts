import { getCurve, getCurveHistory } from "@/db/queries/curves";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/curves/{id}: one curve with its series across cohorts. */
export const { GET, OPTIONS } = v1("getCurve", async ({ h, params }) => {
  const c = await getCurve(h, params.id ?? "");
  if (!c) throw new V1Error(404, `no curve with id ${params.id}`, "id");
  const history = (await getCurveHistory(h, c.seriesId)).map((x) => ({ id: x.id, cohort: x.cohort, status: x.status }));
  return { json: { ...c, history } };
});
