import { campaignReport, pairFrom } from "@/app/api/campaigns/[id]/load";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/campaigns/{id}[?a=&b=]: the campaign's report. */
export const { GET, OPTIONS } = v1("getCampaign", async ({ h, params, query }) => {
  const report = await campaignReport(h, params.id ?? "", pairFrom(query));
  if (!report) throw new V1Error(404, "no campaign with this id", "id");
  return { json: report };
});
