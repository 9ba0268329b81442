import { getStore } from "@/db/client";
import { getSnapshot } from "@/db/queries/snapshots";
import { parseStoredReport, reportCsv } from "@/lib/campaign/report";
import { jsonError } from "@/lib/http/errors";
import { isSnapshotToken } from "@/lib/snapshot";

export const dynamic = "force-dynamic";

/** GET /api/snapshots/{token}/csv → a frozen campaign report's figures as CSV, from the stored payload only. */
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await ctx.params;
  if (!isSnapshotToken(token)) return jsonError(404, "no such snapshot", "token");
  const row = await getSnapshot(await getStore(), token);
  if (!row) return jsonError(404, "no such snapshot", "token");
  if (row.kind !== "campaign") return jsonError(400, "only frozen campaign reports have a CSV here", "token");
  const parsed = parseStoredReport(row.payload);
  if (!parsed.ok) return jsonError(500, parsed.message, "payload");
  return new Response(reportCsv(parsed.report), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="perfcontext-campaign-snapshot-${token}.csv"`,
    },
  });
}
