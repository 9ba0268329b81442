import { compareChart } from "@/app/api/v1/charts/load";
import { embed } from "../respond";

export const dynamic = "force-dynamic";

/** GET /embed/compare?ids=…[&figure=accelerator]: a comparison's bar chart, for an iframe. */
export function GET(req: Request): Promise<Response> {
  return embed(req, "/api/v1/charts/compare", compareChart);
}
