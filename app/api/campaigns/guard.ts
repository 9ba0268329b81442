// Campaign writes go through the same guard as uploads: the per-client rate limit, then the admin token when
// PERFCONTEXT_ADMIN_TOKEN is set; then a JSON body of bounded size, parsed by lib/campaign's schema.
import { authorized } from "@/app/api/bakeoff/upload-body";
import { type CampaignBody, parseCampaignBody } from "@/lib/campaign/schema";
import { jsonError } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/write-guard";

export const MAX_CAMPAIGN_BODY = 64 * 1024;

/** The write guard alone (rate limit, token): a Response to return, or null to go on. */
export function guardWrite(req: Request): Response | null {
  const limited = rateLimited(req);
  if (limited) return limited;
  if (!authorized(req))
    return jsonError(401, "campaign writes need Authorization: Bearer <token> (PERFCONTEXT_ADMIN_TOKEN is set)");
  return null;
}

/** Guard, then read and check the body: the campaign, or the Response explaining why not. */
export async function readCampaignWrite(req: Request): Promise<CampaignBody | Response> {
  const denied = guardWrite(req);
  if (denied) return denied;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_CAMPAIGN_BODY) return jsonError(413, `request body over ${MAX_CAMPAIGN_BODY} bytes`, "body");
  const text = await req.text();
  if (text.length > MAX_CAMPAIGN_BODY) return jsonError(413, `request body over ${MAX_CAMPAIGN_BODY} bytes`, "body");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonError(
      400,
      'request body must be JSON: {"name":"…","members":[{"kind":"bakeoff","id":"…","shape":"chat","cache":"warm","condition":"baseline"}]}',
      "body",
    );
  }
  const parsed = parseCampaignBody(body);
  if (!parsed.ok) return jsonError(400, parsed.message, parsed.field);
  return parsed.value;
}
