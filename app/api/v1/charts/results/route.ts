import { v1 } from "../../respond";
import { chartAnswer } from "../formats";
import { resultsChart } from "../load";

export const dynamic = "force-dynamic";

/** GET /api/v1/charts/results?<explorer keys>&format=json|csv|svg|png: the explorer chart of that view. */
export const { GET, OPTIONS } = v1("resultsChart", async ({ h, req, query }) => {
  const params = new URL(req.url).searchParams;
  params.delete("format");
  return chartAnswer(await resultsChart(h, params), query.format);
});
