import { freezeTooLarge } from "@/db/campaign-read";
import { createCampaignSnapshot } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { SnapshotRefused } from "@/db/snapshots";
import { CAMPAIGN_ID_RE } from "@/lib/campaign/schema";
import { jsonError } from "@/lib/http/errors";
import { guardWrite } from "../../guard";
import { campaignReport, pairFrom } from "../load";

export const dynamic = "force-dynamic";

/**
 * POST /api/campaigns/{id}/freeze[?a=&b=] → 201 {"token","url":"/s/<token>","createdAt"}: the report as it is now,
 * recomputed on the server and stored immutably (the same snapshots table and /s/{token} link as comparisons).
 */
export async function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const denied = await guardWrite(req);
  if (denied) return denied;
  const { id } = await ctx.params;
  if (!CAMPAIGN_ID_RE.test(id)) return jsonError(400, "malformed campaign id", "id");
  const h = await getStore();
  // over the snapshot cap by the size stored with the campaign: refused unread (a 1.7 MB report is not read and
  // stringified only to be refused)
  const big = await freezeTooLarge(h, id);
  if (big) return jsonError(413, big, "id");
  // one transaction: the report reads one state of the database
  const report = await h.tx((t) => campaignReport(t, id, pairFrom(new URL(req.url).searchParams)));
  if (!report) return jsonError(404, "no campaign with this id", "id");
  let row: Awaited<ReturnType<typeof createCampaignSnapshot>>;
  try {
    row = await createCampaignSnapshot(h, report);
  } catch (e) {
    if (e instanceof SnapshotRefused) return jsonError(e.kind === "quota" ? 507 : 413, e.message, "id");
    throw e;
  }
  return Response.json({ token: row.token, url: `/s/${row.token}`, createdAt: row.createdAt }, { status: 201 });
}
