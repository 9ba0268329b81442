import { resultsChart } from "@/app/api/v1/charts/load";
import { embed } from "../respond";

export const dynamic = "force-dynamic";

/** GET /embed/results?<explorer keys>: the explorer chart of that view, for an iframe. */
export function GET(req: Request): Promise<Response> {
  return embed(req, "/api/v1/charts/results", resultsChart);
}
