import { v1 } from "../../respond";
import { chartAnswer } from "../formats";
import { compareChart } from "../load";

export const dynamic = "force-dynamic";

/** GET /api/v1/charts/compare?ids=…[&figure=accelerator]&format=json|csv|svg|png: a comparison's bar chart. */
export const { GET, OPTIONS } = v1("compareChart", async ({ h, req, query }) =>
  chartAnswer(await compareChart(h, new URL(req.url).searchParams), query.format),
);
