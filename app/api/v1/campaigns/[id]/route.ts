import { storedCampaignV1 } from "@/db/campaign-read";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/campaigns/{id}[?a=&b=]: the campaign's report. Read, parsed and checked against the v1 schema by a
 * worker, which moves the answer's bytes back (db/campaign-read.ts storedCampaignV1; issue 26: the report is 1.7 MB
 * for 32 members on a max-cap upload). The schema has no methodology, so `a`/`b` are checked but change nothing.
 */
export const { GET, OPTIONS } = v1("getCampaign", async ({ h, req, params }) => {
  const checked = await storedCampaignV1(h, params.id ?? "", req.signal);
  if (!checked) throw new V1Error(404, "no campaign with this id", "id");
  return { checked };
});
