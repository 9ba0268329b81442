import { getStore } from "@/db/client";
import { getSnapshot } from "@/db/queries/snapshots";
import { parseStoredReport } from "@/lib/campaign/report";
import { jsonError } from "@/lib/http/errors";
import { isSnapshotToken, parseStoredSnapshot } from "@/lib/snapshot";

export const dynamic = "force-dynamic";

/** GET /api/snapshots/{token} → the frozen comparison or plan as stored: {token, kind, query, dataVersion, createdAt, payload}. */
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await ctx.params;
  if (!isSnapshotToken(token)) return jsonError(404, "no such snapshot", "token");
  const row = await getSnapshot(await getStore(), token);
  if (!row) return jsonError(404, "no such snapshot", "token");
  if (row.kind === "campaign") {
    const c = parseStoredReport(row.payload);
    if (!c.ok) return jsonError(500, c.message, "payload");
    const { payload: _c, ...rest } = row;
    return Response.json({ ...rest, payload: c.report });
  }
  const parsed = parseStoredSnapshot(row);
  if (!parsed.ok) return jsonError(500, parsed.message, "payload");
  const { payload: _p, ...meta } = row;
  return Response.json({ ...meta, payload: parsed.payload });
}
