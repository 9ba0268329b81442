import { storedCampaignCsv, storedCampaignJson } from "@/db/campaign-read";
import { updateCampaign } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { CAMPAIGN_ID_RE } from "@/lib/campaign/schema";
import { jsonError } from "@/lib/http/errors";
import { jobErrorResponse } from "../../job-response";
import { readCampaignWrite } from "../guard";
import { pairFrom } from "./load";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * GET /api/campaigns/{id}[?a=1.1&b=2.1][&format=csv] → {"id","name","members","differences":[{"field","values",
 * "members",…}],"shapes":[…], …}; CSV: one row per member outcome per shape. 400 malformed id, 404 unknown.
 */
export async function GET(req: Request, ctx: Ctx): Promise<Response> {
  const { id } = await ctx.params;
  if (!CAMPAIGN_ID_RE.test(id))
    return jsonError(400, "malformed campaign id: expected 22–64 characters of A–Z a–z 0–9 _ -", "id");
  const q = new URL(req.url).searchParams;
  const format = q.get("format");
  if (format !== null && format !== "json" && format !== "csv")
    return jsonError(400, "format must be json or csv", "format");
  // the stored report's bytes as a worker read them (db/campaign-read.ts): never parsed on this thread
  const h = await getStore();
  const pair = pairFrom(q);
  if (format === "csv") {
    const csv = await storedCampaignCsv(h, id, pair, req.signal);
    if (!csv) return jsonError(404, "no campaign with this id", "id");
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="perfcontext-campaign-${id}.csv"`,
      },
    });
  }
  const json = await storedCampaignJson(h, id, pair, req.signal);
  if (!json) return jsonError(404, "no campaign with this id", "id");
  return new Response(json, { headers: { "content-type": "application/json" } });
}

/** PUT /api/campaigns/{id} with the same body as POST: replaces the name and members. 200 {"id","url"}. */
export async function PUT(req: Request, ctx: Ctx): Promise<Response> {
  const { id } = await ctx.params;
  if (!CAMPAIGN_ID_RE.test(id)) return jsonError(400, "malformed campaign id", "id");
  const body = await readCampaignWrite(req);
  if (body instanceof Response) return body;
  let row: Awaited<ReturnType<typeof updateCampaign>>;
  try {
    row = await updateCampaign(await getStore(), id, body, new Date(), req.signal);
  } catch (e) {
    const answer = jobErrorResponse(e);
    if (answer) return answer;
    throw e;
  }
  if (!row) return jsonError(404, "no campaign with this id", "id");
  return Response.json({ id: row.id, url: `/campaigns/${row.id}` });
}
