import { createCampaign } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { jobErrorResponse } from "../job-response";
import { readCampaignWrite } from "./guard";

export const dynamic = "force-dynamic";

/**
 * POST /api/campaigns {"name","members":[{"kind":"bakeoff"|"reproduction","id","shape","cache","condition"}]}
 * → 201 {"id","url"}; 400 {error:{message,field}}; 401 when the admin token is set and missing; 413; 429.
 */
export async function POST(req: Request): Promise<Response> {
  const body = await readCampaignWrite(req);
  if (body instanceof Response) return body;
  // the analysis is computed now, in the worker pool, and stored with the campaign (db/campaigns.ts, issue 26)
  let row: Awaited<ReturnType<typeof createCampaign>>;
  try {
    row = await createCampaign(await getStore(), body, new Date(), req.signal);
  } catch (e) {
    const answer = jobErrorResponse(e);
    if (answer) return answer;
    throw e;
  }
  const url = `/campaigns/${row.id}`;
  return Response.json({ id: row.id, url }, { status: 201, headers: { location: url } });
}

// No GET: campaigns are private to their link (issue 26 finding 5), so nothing lists them; a browser keeps its own.
