// Campaign writes go through the one write guard (lib/http/write-guard.ts: token, rate limit after authentication,
// body counted while it streams), then a JSON body of bounded size checked for duplicate keys, lone surrogates and
// nesting (lib/text/strict-json.ts), parsed by lib/campaign's schema; every member must exist as its kind.
import { memberProblem } from "@/db/campaign-members";
import { getStore } from "@/db/client";
import { type CampaignBody, parseCampaignBody } from "@/lib/campaign/schema";
import { jsonError } from "@/lib/http/errors";
import { guardWrite as sharedGuard } from "@/lib/http/write-guard";
import { parseStrictJson } from "@/lib/text/strict-json";

export const MAX_CAMPAIGN_BODY = 64 * 1024;

/** The write guard alone, for writes without a body (freeze): a Response to return, or null to go on. */
export async function guardWrite(req: Request): Promise<Response | null> {
  const g = await sharedGuard(req, { route: "POST /api/campaigns", maxBytes: MAX_CAMPAIGN_BODY });
  return g.ok ? null : g.response;
}

/** Guard, then read and check the body: the campaign, or the Response explaining why not. */
export async function readCampaignWrite(req: Request): Promise<CampaignBody | Response> {
  const g = await sharedGuard(req, { route: `${req.method} /api/campaigns`, maxBytes: MAX_CAMPAIGN_BODY });
  if (!g.ok) return g.response;
  const json = parseStrictJson(g.body, "the request body");
  if (!json.ok)
    return jsonError(
      400,
      `${json.message}; expected {"name":"…","members":[{"kind":"bakeoff","id":"…","shape":"chat","cache":"warm","condition":"baseline"}]}`,
      "body",
      { line: json.line },
    );
  const parsed = parseCampaignBody(json.value);
  if (!parsed.ok) return jsonError(400, parsed.message, parsed.field);
  const missing = await memberProblem(await getStore(), parsed.value.members);
  if (missing) return jsonError(400, missing.message, `members.${missing.index}.id`);
  return parsed.value;
}
