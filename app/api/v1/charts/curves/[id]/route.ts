import { v1 } from "../../../respond";
import { chartAnswer } from "../../formats";
import { curveChart } from "../../load";

export const dynamic = "force-dynamic";

/** GET /api/v1/charts/curves/{id}?format=json|csv|svg|png: a curve's step chart. */
export const { GET, OPTIONS } = v1("curveChart", async ({ h, params, query }) =>
  chartAnswer(await curveChart(h, params.id ?? ""), query.format),
);
