import { getStore } from "@/db/client";
import { getSnapshot } from "@/db/queries/snapshots";
import { parseStoredReport, reportCsv } from "@/lib/campaign/report";
import { curveRows, curvesToCsv } from "@/lib/endpoints/curve-export";
import { jsonError } from "@/lib/http/errors";
import { isSnapshotToken, parseStoredSnapshot } from "@/lib/snapshot";

export const dynamic = "force-dynamic";

/**
 * GET /api/snapshots/{token}/csv → from the stored payload only: a frozen campaign report's figures as CSV, or a frozen
 * comparison's MLPerf Endpoints curves, one row per measured point (`?format=json`: the same rows as JSON), exactly
 * as they were when it was frozen (lib/endpoints/curve-export.ts).
 */
export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await ctx.params;
  if (!isSnapshotToken(token)) return jsonError(404, "no such snapshot", "token");
  const row = await getSnapshot(await getStore(), token);
  if (!row) return jsonError(404, "no such snapshot", "token");
  if (row.kind === "compare") {
    const parsed = parseStoredSnapshot(row);
    if (!parsed.ok) return jsonError(500, parsed.message, "payload");
    const curves = parsed.kind === "compare" ? parsed.payload.curves : [];
    if (curves.length === 0)
      return jsonError(400, "this frozen comparison holds no MLPerf Endpoints curve to export", "token");
    const json = new URL(req.url).searchParams.get("format") === "json";
    const headers = {
      "content-disposition": `attachment; filename="perfcontext-curves-snapshot-${token}.${json ? "json" : "csv"}"`,
      "x-content-type-options": "nosniff",
    };
    if (json) return Response.json(curveRows(curves), { headers });
    return new Response(curvesToCsv(curves), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
  }
  if (row.kind !== "campaign")
    return jsonError(400, "only frozen campaign reports and comparisons with curves have a CSV here", "token");
  const parsed = parseStoredReport(row.payload);
  if (!parsed.ok) return jsonError(500, parsed.message, "payload");
  return new Response(reportCsv(parsed.report), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="perfcontext-campaign-snapshot-${token}.csv"`,
    },
  });
}
